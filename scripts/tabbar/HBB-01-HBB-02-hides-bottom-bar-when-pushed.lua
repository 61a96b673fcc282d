-- HBB-01, HBB-02, HBB-03 (issue 21, M-16): hidesBottomBarWhenPushed. The navigation controller
-- that is its tab bar controller's selected item decides the bar by a stack scan: from the top
-- down to the bottom controller inclusive (the root; UIKit's list can still hold a root being
-- removed, which it skips, and the engine's never does), any controller with the flag hides the bar. The decision is made again
-- as each transition of the stack starts (push, pop, popToRoot, setViewControllers, a swipe),
-- animating with it, after a cancelled one, as the tab bar controller appears and as it
-- switches tabs; each change is recorded as Tabs.hideBar / Tabs.showBar (category bar).
-- Tags: tabbar, navigation, HBB.
--
-- Sources: HBB-01 [RE] RE26 UINavigationController `_shouldBottomBarBeHidden` and
-- `bottomViewController` (iOS 26.1 and an older build, identical) + [OBS] O-satorun (iOS 10.3.1:
-- once a hiding controller is on the stack, later pushes keep the bar hidden whatever their own
-- flag) + [OBS] O-jianshu-hbb (iOS 14.0: the scan includes the root; popToRoot kept [top, root]
-- during the scan on 14.0 only, a bug not modelled). Apple's page ("the value of this property on
-- the topmost view controller determines whether the toolbar is visible") is contradicted by the
-- scan and not followed. HBB-02 [INF]+[OBS]; an interactive pop cancelled puts the bar back
-- (a custom interactive transition could leave it wrong on a device, Apple forums 828318: not
-- modelled). HBB-03 [?]: what tabBar.isHidden reads; the client's hiding is kept apart from the
-- navigation's (RE26 `_UITabBarControllerVisualStyle`).
-- DECISIONS (docs/DECISIONS.md): D-140 (where the bar is decided, what isHidden reads, the
-- trace), D-21 (the interactive pop), D-23 (a tab's stack shown as it was left).

-- Tabs { Nav [A], T2 } in a window, settled, the trace cleared.
local function tabsWithNav(root)
  local nav = NavigationController { "Nav", root or Controller "A" }
  local t2 = Controller "T2"
  local tabs = TabBarController { "Tabs", nav, t2 }
  Window { root = tabs }
  settle()
  trace.clear()
  return tabs, nav, t2
end

scenario("the flag on the second of three: hidden at the second and the third, shown again at the first", function()
  local tabs, nav = tabsWithNav(Controller "A")
  local b, c = Controller "B", Controller "C"
  b.hidesBottomBarWhenPushed = true
  nav:pushViewController(b, true)
  settle()
  -- The decision is made as the push's transition starts: before its will-callbacks.
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    Tabs.hideBar(animated: true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "hidden at the second")
  trace.only(tabs)
  nav:pushViewController(c, true)
  settle()
  expect [[ ]]
  expect.equal(tabs.tabBar.isHidden, true, "the third has no flag: the second below it still hides the bar")
  nav:popViewController(true)
  settle()
  expect [[ ]]
  expect.equal(tabs.tabBar.isHidden, true, "back at the second")
  nav:popViewController(true)
  settle()
  expect [[
    Tabs.showBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, false, "shown again at the first")
end)

scenario("a root with the flag hides the bar from the first appearance", function()
  local a = Controller "A"
  a.hidesBottomBarWhenPushed = true
  local nav = NavigationController { "Nav", a }
  local tabs = TabBarController { "Tabs", nav, Controller "T2" }
  trace.clear()
  Window { root = tabs }
  settle()
  expect [[
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    Tabs.hideBar(animated: false)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Tabs.viewDidAppear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "hidden at the root")
  -- The root disappears under a push but stays on the stack: it is still scanned (RE26's
  -- bottomViewController skips only a first controller that is being removed, D-140).
  trace.clear()
  trace.only(tabs)
  nav:pushViewController(Controller "B", true)
  settle()
  nav:popViewController(true)
  settle()
  expect [[ ]]
  expect.equal(tabs.tabBar.isHidden, true, "the root is scanned at every step")
end)

scenario("the flag set after the push changes nothing until the next transition", function()
  local tabs, nav = tabsWithNav()
  local b, c = Controller "B", Controller "C"
  nav:pushViewController(b, true)
  settle()
  b.hidesBottomBarWhenPushed = true
  expect.equal(tabs.tabBar.isHidden, false, "read as transitions start, not when set")
  trace.only(tabs)
  nav:pushViewController(c, false)
  settle()
  expect [[
    Tabs.hideBar(animated: false)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "B is on the stack below C")
end)

scenario("a swipe back that is cancelled puts the bar back as it was", function()
  local tabs, nav = tabsWithNav()
  local b = Controller "B"
  b.hidesBottomBarWhenPushed = true
  nav:pushViewController(b, true)
  settle()
  trace.clear()
  trace.only(tabs)
  local g = user.swipeBack(nav)
  -- The pop's transition starts with the finger: B has left the stack, and the bar shows.
  expect [[
    Tabs.showBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, false, "shown while the finger holds the pop")
  g:update(0.3)
  g:cancel()
  settle()
  expect [[
    Tabs.hideBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "B is back on the stack, and the bar hidden again")
  g = user.swipeBack(nav)
  g:update(0.8)
  g:finish()
  settle()
  expect [[
    Tabs.showBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, false, "a finished swipe shows it")
end)

scenario("popToRoot shows the bar in one step, however many hiding controllers it pops", function()
  local tabs, nav = tabsWithNav()
  local b, c, d = Controller "B", Controller "C", Controller "D"
  b.hidesBottomBarWhenPushed = true
  d.hidesBottomBarWhenPushed = true
  nav:setViewControllers({ nav.viewControllers[1], b, c, d }, false)
  settle()
  expect.equal(tabs.tabBar.isHidden, true, "hidden with [A, B, C, D]")
  trace.clear()
  trace.only(tabs)
  nav:popToRootViewController(true)
  settle()
  expect [[
    Tabs.showBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, false, "shown at the root (iOS 14.0's bug kept it hidden: not modelled)")
end)

scenario("setViewControllers: a new root with the flag hides the bar; a root removed takes its flag away", function()
  local tabs, nav = tabsWithNav()
  local x, y = Controller "X", Controller "Y"
  x.hidesBottomBarWhenPushed = true
  trace.only(tabs)
  nav:setViewControllers({ x, y }, true)
  settle()
  expect [[
    Tabs.hideBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "X, the new root, is scanned below Y")
  -- X leaves the stack with the change: the scan never meets it (UIKit's list may still hold
  -- a removed root while the transition starts; its bottomViewController then skips it).
  nav:setViewControllers({ Controller "Z" }, true)
  settle()
  expect [[
    Tabs.showBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, false, "no controller with the flag is left")
end)

scenario("switching tabs decides the bar from the new tab's stack", function()
  local tabs, nav, t2 = tabsWithNav()
  local b = Controller "B"
  b.hidesBottomBarWhenPushed = true
  nav:pushViewController(b, false)
  settle()
  trace.clear()
  trace.only(tabs)
  tabs.selectedIndex = 2
  settle()
  expect [[
    Tabs.showBar(animated: false)
  ]]
  expect.equal(tabs.tabBar.isHidden, false, "T2 is no navigation controller")
  tabs.selectedViewController = nav
  settle()
  expect [[
    Tabs.hideBar(animated: false)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "Nav's stack is as it was left, B on it")
end)

scenario("the client's hiding stays apart from the navigation's", function()
  local tabs, nav = tabsWithNav()
  tabs.tabBar.isHidden = true
  expect [[ ]]
  local b = Controller "B"
  b.hidesBottomBarWhenPushed = true
  trace.only(tabs)
  nav:pushViewController(b, true)
  settle()
  expect [[
    Tabs.hideBar(animated: true)
  ]]
  nav:popViewController(true)
  settle()
  expect [[
    Tabs.showBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "the navigation showed its side; the client's hiding remains")
  tabs.tabBar.isHidden = false
  expect.equal(tabs.tabBar.isHidden, false, "shown once the client shows it")
  if ios < 18 then
    expect.error(function() return tabs.isTabBarHidden end, "'isTabBarHidden' is iOS 18's")
  end
end)

scenario("a navigation controller deeper inside the tab decides nothing", function()
  local inner = NavigationController { "Inner", Controller "A" }
  local split = SplitViewController { "Split", primary = inner }
  local tabs = TabBarController { "Tabs", split, Controller "T2" }
  Window { root = tabs }
  settle()
  local b = Controller "B"
  b.hidesBottomBarWhenPushed = true
  trace.clear()
  trace.only(tabs)
  inner:pushViewController(b, true)
  settle()
  expect [[ ]]
  expect.equal(tabs.tabBar.isHidden, false, "only the tab's own navigation controller hides the bar (D-140)")
end)
