-- SB-06, SB-07 (issue 21, M-16): a controller's preference is read when the window asks, not
-- when it changes. UIKit asks on the deciding controller's first display, as control moves
-- with a full-screen presentation, and when a controller calls
-- setNeedsStatusBarAppearanceUpdate(): then at once, for the style and whether the bar is
-- hidden (so that a call inside an animation block animates along with it). The home
-- indicator and the screen edges deferring system gestures have their own calls, which ask
-- only for what they name. A controller in no shown window asks nothing.
--
-- Sources: SB-06 [DOC] H17/AD setNeedsStatusBarAppearanceUpdate ("If you call this method
-- within an animation block, the changes are animated along with the rest of the animation
-- block") + [OBS] O-chandelier ("called when your view controller is first displayed, but you
-- can force iOS to update … by calling setNeedsStatusBarAppearanceUpdate"); SB-07 [DOC] H17
-- (prefersHomeIndicatorAutoHidden default false, preferredScreenEdgesDeferringSystemGestures
-- default none, and their setNeedsUpdateOf… calls). Tags: statusbar.
-- Decisions: D-138 (synchronous on setNeeds…, at the end of the turn otherwise; the questions
-- are in the statusbar category, which expectations leave out unless included).

scenario("a new preference shows only once the controller asks for an update, and at once", function()
  local a = Controller "A"
  local win = Window { root = a }
  settle()
  a.prefersStatusBarHidden = true
  settle()
  expect.equal(win.isStatusBarHidden, false, "nothing asked: the window keeps what it had")
  trace.include "statusbar"
  trace.clear()
  a:setNeedsStatusBarAppearanceUpdate()
  expect [[
    A.childForStatusBarStyle()
    A.preferredStatusBarStyle()
    A.childForStatusBarHidden()
    A.prefersStatusBarHidden()
  ]]
  expect.equal(win.isStatusBarHidden, true, "asked in the call itself, before the turn ends")
end)

scenario("an override function is asked each time the window asks; a wrong answer is the script's error", function()
  local dark = false
  local a = Controller { "A", preferredStatusBarStyle = function(self) return dark and "lightContent" or "darkContent" end }
  local win = Window { root = a }
  settle()
  expect.equal(win.statusBarStyle, "darkContent")
  dark = true
  a:setNeedsStatusBarAppearanceUpdate()
  expect.equal(win.statusBarStyle, "lightContent")
  a.preferredStatusBarStyle = "default"
  a:setNeedsStatusBarAppearanceUpdate()
  expect.equal(win.statusBarStyle, "default", "a value replaces the override")
  expect.error(function() a.preferredStatusBarStyle = "lightContnet" end, '(did you mean "lightContent"?)') ---@diagnostic disable-line: assign-type-mismatch
  a.preferredStatusBarStyle = function(self) return 42 end ---@diagnostic disable-line: return-type-mismatch
  expect.error(function() a:setNeedsStatusBarAppearanceUpdate() end,
    "preferredStatusBarStyle of A answered wrongly: preferredStatusBarStyle must be one of")
  expect.equal(win.statusBarStyle, "default", "UIKit's default stands")
end)

scenario("the home indicator and the screen edges ask only for themselves", function()
  local a = Controller "A"
  local nav = NavigationController { "Nav", a }
  local win = Window { root = nav }
  settle()
  expect.equal(win.isHomeIndicatorAutoHidden, false)
  expect.equal(#win.screenEdgesDeferringSystemGestures, 0)
  a.prefersHomeIndicatorAutoHidden = true
  a.preferredScreenEdgesDeferringSystemGestures = { "bottom", "top" }
  trace.include "statusbar"
  trace.clear()
  a:setNeedsUpdateOfHomeIndicatorAutoHidden()
  expect [[
    Nav.childForHomeIndicatorAutoHidden()
    A.childForHomeIndicatorAutoHidden()
    A.prefersHomeIndicatorAutoHidden()
  ]]
  expect.equal(win.isHomeIndicatorAutoHidden, true, "the navigation controller forwards to its top (D-137)")
  expect.equal(#win.screenEdgesDeferringSystemGestures, 0, "not asked yet")
  a:setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
  expect [[
    Nav.childForScreenEdgesDeferringSystemGestures()
    A.childForScreenEdgesDeferringSystemGestures()
    A.preferredScreenEdgesDeferringSystemGestures()
  ]]
  expect.equal(table.concat(win.screenEdgesDeferringSystemGestures, ","), "top,bottom", "in UIKit's order")
end)

scenario("a controller in no shown window asks nothing", function()
  local a = Controller { "A", preferredStatusBarStyle = "lightContent" }
  local win = Window { root = a, visible = false }
  settle()
  trace.include "statusbar"
  trace.clear()
  a:setNeedsStatusBarAppearanceUpdate()
  expect [[
  ]]
  expect.equal(win.statusBarStyle, "default", "UIKit's default until the window shows")
  win:makeKeyAndVisible()
  settle()
  expect.equal(win.statusBarStyle, "lightContent", "asked as the window first shows its root")
end)
