-- SB-03, SB-04 (issue 21, M-16): a navigation controller at a window's root decides the status
-- bar itself while its bar is shown, from the bar's style (black gives light content), and its
-- children's preferredStatusBarStyle is never asked; with its bar hidden its
-- childForStatusBarStyle (and childForStatusBarHidden) answers its top controller, which then
-- decides. Hiding or showing the bar makes the window ask again at once.
--
-- Sources: SB-03 [DOC] AD (the window's root decides; "If you return nil or do not override
-- this method, the status bar style for self is used"); SB-04 [OBS] O-sarunw (a child of a
-- navigation controller is not asked), O-chandelier ("use UINavigationBar barStyle"), and
-- [OBS-weak] O-swiftforums-50926 + O-mdc (with the bar hidden, super's
-- childViewControllerForStatusBarStyle is the top child). Tags: statusbar, navigation.
-- Decisions: D-137 (who decides, containers' defaults), D-138 (when the window asks, the
-- statusbar category, not compared by default; hiding the bar asks again at once).

local function stack()
  local a = Controller { "A", preferredStatusBarStyle = "lightContent", prefersStatusBarHidden = true }
  local b = Controller { "B", preferredStatusBarStyle = "darkContent" }
  local nav = NavigationController { "Nav", a }
  local win = Window { root = nav }
  settle()
  return win, nav, a, b
end

scenario("the bar shown: the navigation controller decides, from its bar's style", function()
  local win, nav = stack()
  expect.equal(win.statusBarStyle, "default", "a default bar: default style")
  expect.equal(win.isStatusBarHidden, false, "A prefers it hidden but is not asked")
  trace.include "statusbar"
  trace.clear()
  nav.navigationBar.barStyle = "black"
  expect.equal(win.statusBarStyle, "default", "a new bar style waits for the window to ask")
  nav:setNeedsStatusBarAppearanceUpdate()
  expect [[
    Nav.childForStatusBarStyle()
    Nav.preferredStatusBarStyle()
    Nav.childForStatusBarHidden()
    Nav.prefersStatusBarHidden()
  ]]
  expect.equal(win.statusBarStyle, "lightContent", "a black bar gives light content")
  expect.equal(nav.childForStatusBarStyle, nil)
end)

scenario("the bar hidden: the top controller decides, and a push hands it on", function()
  local win, nav, a, b = stack()
  trace.include "statusbar"
  trace.clear()
  nav:setNavigationBarHidden(true, false)
  expect [[
    Nav.childForStatusBarStyle()
    A.childForStatusBarStyle()
    A.preferredStatusBarStyle()
    Nav.childForStatusBarHidden()
    A.childForStatusBarHidden()
    A.prefersStatusBarHidden()
  ]]
  expect.equal(nav.isNavigationBarHidden, true)
  expect.equal(nav.navigationBar.isHidden, true)
  expect.equal(win.statusBarStyle, "lightContent")
  expect.equal(win.isStatusBarHidden, true)
  nav:pushViewController(b)
  settle()
  expect.equal(win.statusBarStyle, "darkContent", "the pushed top decides once the push has begun")
  expect.equal(win.isStatusBarHidden, false)
  nav:popViewController()
  settle()
  expect.equal(win.statusBarStyle, "lightContent", "and back to A after the pop")
end)
