-- SB-03, SB-05, SB-07 (issue 21, M-16): UIKit follows childForStatusBarStyle while it answers a
-- controller, asking each in turn, and asks the last one its preferredStatusBarStyle. A custom
-- container forwards by overriding childFor… (a function) or, here, by setting it as a value;
-- a tab bar controller forwards to its selected tab, a split view controller decides itself.
-- The home indicator and the screen edges follow their own chains the same way.
--
-- Sources: SB-03 [DOC] H17 ("If non-nil, that view controller's status bar appearance
-- attributes will be used. If nil, self is used"); DOC-container (containers override the
-- childFor… properties); SB-05 [?]: a tab bar forwarding to selectedViewController is
-- [OBS-weak] cockscomb (http://cockscomb.hatenablog.com/entry/2013/11/12/190905, iOS 7: "in
-- UITabBarController this method is implemented and appears to return selectedViewController");
-- RE26 shows no override in UITabBarController; the split view is unread. SB-07 [DOC] H17.
-- Tags: statusbar, containment, tabbar. Decisions: D-137 (tab bar forwards to its selected
-- tab, split decides itself, a chain that goes round stops with a warning), D-138.

scenario("a custom container's childForStatusBarStyle chain, each link asked in turn", function()
  local inner = Controller { "Inner", preferredStatusBarStyle = "lightContent" }
  local middle = Controller { "Middle", childForStatusBarStyle = function(self) return self.children[1] end }
  local outer = Controller { "Outer" }
  middle:addChild(inner)
  middle.view:addSubview(inner.view)
  inner:didMove(middle)
  outer:addChild(middle)
  outer.view:addSubview(middle.view)
  middle:didMove(outer)
  outer.childForStatusBarStyle = middle
  local win = Window { root = outer }
  settle()
  expect.equal(win.statusBarStyle, "lightContent")
  expect.equal(outer.childForStatusBarStyle, middle)
  expect.equal(middle.childForStatusBarStyle, inner, "read, an override gives its answer")
  trace.include "statusbar"
  trace.clear()
  outer:setNeedsStatusBarAppearanceUpdate()
  expect [[
    Outer.childForStatusBarStyle()
    Middle.childForStatusBarStyle()
    Inner.childForStatusBarStyle()
    Inner.preferredStatusBarStyle()
    Outer.childForStatusBarHidden()
    Outer.prefersStatusBarHidden()
  ]]
  outer.childForStatusBarStyle = nil
  outer:setNeedsStatusBarAppearanceUpdate()
  expect.equal(win.statusBarStyle, "default", "nil: Outer decides itself again")
end)

scenario("a chain that comes back to a controller already asked stops there, with a warning", function()
  local a = Controller "A"
  local b = Controller { "B", preferredStatusBarStyle = "lightContent" }
  a.childForStatusBarStyle = b
  b.childForStatusBarStyle = a
  local win = Window { root = a }
  settle()
  expect.order [[
    warning: childForStatusBarStyle of B leads back to A: the chain goes round
  ]]
  expect.equal(win.statusBarStyle, "lightContent", "B, the last one asked, decides")
end)

scenario("a tab bar controller forwards to its selected tab; a split view controller decides itself", function()
  local first = Controller { "First", preferredStatusBarStyle = "lightContent", prefersHomeIndicatorAutoHidden = true }
  local second = Controller { "Second", preferredStatusBarStyle = "darkContent",
    preferredScreenEdgesDeferringSystemGestures = { "bottom" } }
  local tabs = TabBarController { "Tabs", first, second }
  local win = Window { root = tabs }
  settle()
  expect.equal(win.statusBarStyle, "lightContent")
  expect.equal(win.isHomeIndicatorAutoHidden, true, "the home indicator follows the selected tab too")
  tabs.selectedIndex = 2
  settle()
  expect.equal(win.statusBarStyle, "darkContent", "asked again as the switch runs")
  expect.equal(win.isHomeIndicatorAutoHidden, false)
  expect.equal(table.concat(win.screenEdgesDeferringSystemGestures, ","), "bottom")

  local primary = Controller { "Primary", preferredStatusBarStyle = "lightContent" }
  local split = SplitViewController { "Split", primary = primary, secondary = Controller "Detail" }
  win.rootViewController = split
  settle()
  expect.equal(split.childForStatusBarStyle, nil)
  expect.equal(win.statusBarStyle, "default", "the split decides itself (D-137)")
end)
