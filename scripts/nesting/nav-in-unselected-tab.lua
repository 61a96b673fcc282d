-- Nesting: a navigation controller in a tab that is not selected changes its stack off
-- screen; what was pushed appears when the tab is selected.
-- Rules combined: M-6 ("Controllers that leave or join the stack without being visible get
-- their containment calls but no appearance calls"; "A navigation controller that is not in
-- a window changes its stack with no appearance calls"), G-02 (appearance needs a window),
-- M-5 (a container installs its visible child right after its own viewWillAppear), M-7 /
-- TAB-02 / TAB-03 (the switch), LOAD-08 (only the selected tab loads), LOAD-07 (the incoming
-- controller loads first), NAV-02 / NAV-04 (push and pop on screen), M-2 (parent first).
-- Confidence: NAV-02 [OBS×5], NAV-04 [OBS×4], TAB-02 [OBS×2], TAB-03 [DOC]+[INF],
-- LOAD-08 [OBS×2], LOAD-07 [OBS×3], G-02 [OBS×3]; the off-screen stack change is M-6's model.
-- DECISIONS (docs/DECISIONS.md): D-23 (off-screen containers: containment calls only, the new
-- top installed when the container next appears), D-18 (which containment calls a stack
-- change sends), D-19 (operations in one turn make one transition), D-24 (switches by code
-- and by tap), D-22 (the back button of a navigation controller not on screen cannot be
-- tapped).

local function tabsWithNavSecond()
  local A, T1 = Controller "A", Controller "T1"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", T1, nav }
  Window { root = tabs }
  settle()
  trace.clear()
  return tabs, nav, A, T1
end

scenario("never shown: a push loads nothing; the pushed top is what appears", function()
  trace.include "loading"
  local tabs, nav, A, T1 = tabsWithNavSecond()
  local B = Controller "B"
  nav:pushViewController(B)
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  settle()
  expect [[
  ]]
  expect.equal(nav.topViewController, B, "top")
  expect.equal(B.isViewLoaded, false, "B not loaded while its tab is not selected")
  expect.equal(nav.isViewLoaded, false, "Nav not loaded either")
  expect.equal(now(), 0, "no animation off screen")

  tabs.selectedIndex = 2
  settle()
  expect [[
    Nav.loadView()
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    B.loadView()
    B.viewDidLoad()
    B.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(A.isViewLoaded, false, "A, under B, never loaded")

  -- Back to A: it loads now, before B's viewWillDisappear (LOAD-07).
  user.tapBack(nav)
  settle()
  expect [[
    B.willMove(toParent: nil)
    A.loadView()
    A.viewDidLoad()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
end)

scenario("shown before, then pushed while another tab is selected", function()
  local tabs, nav, A, T1 = tabsWithNavSecond()
  user.tapTab(tabs, 2)
  settle()
  user.tapTab(tabs, 1)
  settle()
  trace.clear()

  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.isViewLoaded, false, "B not loaded")

  user.tapTab(tabs, 2)
  settle()
  expect [[
    Nav.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(A.viewIfLoaded.superview, nil, "A's view is not installed under B")
  expect.equal(A.appearance, "disappeared", "A gets nothing")
end)

scenario("popped while another tab is selected: the root appears when the tab does", function()
  local tabs, nav, A, T1 = tabsWithNavSecond()
  local B = Controller "B"
  tabs.selectedIndex = 2
  nav:pushViewController(B)
  settle()
  tabs.selectedIndex = 1
  settle()
  trace.clear()

  expect.equal(nav:popViewController(), B, "popViewController returns B")
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.didMove(toParent: nil)
  ]]
  tabs.selectedIndex = 2
  settle()
  expect [[
    Nav.viewWillAppear(false)
    A.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
  expect.equal(B.appearance, "disappeared", "B gets nothing")
  expect.equal(B.parent, nil, "B.parent")
end)

scenario("several changes off screen: only the final top loads and appears", function()
  local tabs, nav, A = tabsWithNavSecond()
  local B, C = Controller "B", Controller "C"
  nav:pushViewController(B)
  nav:pushViewController(C)
  nav:popViewController()
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
    C.willMove(toParent: Nav)
    C.didMove(toParent: Nav)
    C.willMove(toParent: nil)
    C.didMove(toParent: nil)
  ]]
  tabs.selectedViewController = nav
  settle()
  expect [[
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(C.isViewLoaded, false, "C never loaded")
  expect.equal(nav.viewControllers, { A, B }, "stack")
end)

scenario("pushed, and the tab switched away in the same turn: the push never shows", function()
  local tabs, nav, A, T1 = tabsWithNavSecond()
  tabs.selectedIndex = 2
  settle()
  trace.clear()

  local B = Controller "B"
  nav:pushViewController(B)          -- the transition would start in the turn's commit (M-6, TIM-03)
  tabs.selectedIndex = 1             -- but the tab leaves the screen in this one
  expect [[
    B.willMove(toParent: Nav)
    T1.viewWillAppear(false)
    Nav.viewWillDisappear(false)
    A.viewWillDisappear(false)
  ]]
  settle()
  -- TIM-03: the commit's layout pass finds Nav disappearing: the stack change completes with
  -- its containment call only, before the after-commit queue ends the tab switch (M-6, D-23).
  expect [[
    B.didMove(toParent: Nav)
    Nav.viewDidDisappear(false)
    A.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
  expect.equal(B.isViewLoaded, false, "B not loaded")

  tabs.selectedIndex = 2
  settle()
  expect [[
    Nav.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
end)

scenario("the back button of a tab that is not selected cannot be tapped", function()
  local tabs, nav = tabsWithNavSecond()
  local B = Controller "B"
  nav:pushViewController(B)
  expect.error(function() user.tapBack(nav) end, "Nav is not on screen: its back button cannot be tapped")
  settle()
  expect.equal(nav.topViewController, B, "nothing popped")
end)

-- A tab switch while a push is animating in that tab. The sources say nothing about this
-- interleaving. What the rules fix: the switch is M-7's (incoming will-appear first); Nav's
-- viewWillDisappear is forwarded to the top, parent first (M-1, M-2); once everything has
-- settled nothing in the unselected tab is "appeared" (G-02); on the way back the top
-- appears with its parent, without a warning (the calls all come from UIKit itself).
-- M-13 resolves the open part: a transition still running when its container starts to
-- disappear ends at once, before the container's own viewWillDisappear (A's
-- viewDidDisappear, B's viewDidAppear and didMove, with the push's `animated`), so that no
-- child is left appeared inside a container that is not; then B disappears with Nav.
scenario("the tab switched away while a push is animating in it", function()
  local tabs, nav, A, T1 = tabsWithNavSecond()
  tabs.selectedIndex = 2
  settle()
  trace.clear()

  local B = Controller "B"
  nav:pushViewController(B)
  advance(0.1)
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  tabs.selectedIndex = 1
  expect [[
    T1.viewWillAppear(false)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.viewWillDisappear(false)
    B.viewWillDisappear(false)
  ]]
  settle()
  expect [[
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
  expect.equal(nav.appearance, "disappeared", "Nav")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "disappeared", "B, in a tab that is not on screen")
  expect.equal(B.parent, nav, "B.parent")

  tabs.selectedIndex = 2
  settle()
  expect [[
    Nav.viewWillAppear(false)
    B.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
end)
