-- TAB-04  The user taps the tab that is already selected.
-- Also: NAV-06 (popToRoot over intermediates), NAV-04 (pop order), M-6 and TIM-03 (the pop's
-- transition starts in the layout pass of the tap's commit and lasts 0.35 s), M-7 (didSelect
-- right after the selection).
--
-- Source: [DOC] didSelect IS called (iOS 3+: "regardless of whether the selected view
-- controller changed"). "User taps always display the root view of the tab … even if the
-- tab was already selected" -> a navigation controller in that tab pops to its root
-- (UITabBarController overview). The pop is NAV-06's: one animated transition from the top
-- to the root; intermediates get willMove/didMove(toParent: nil) and no appearance calls
-- [INF].
-- Engine choices: shouldSelect is asked first, as for any tap; didSelect comes in the tap,
-- right after the selection (M-7, TIM-04), so before the pop's transition begins (in the
-- layout pass of the tap's commit, TIM-03); within the pop, didMove(toParent: nil) follows
-- the did-callbacks.
-- Read literally, "user taps always display the root view of the tab" would pop a stack on
-- a switch from another tab too; BEHAVIOR.md applies it to the selected tab only, and the
-- engine shows a tab's stack as it was left when the tab is switched to (fourth scenario).
-- DECISIONS (docs/DECISIONS.md): D-24 (tapping the selected tab), D-18 (containment calls of
-- a stack change, intermediates), D-19 (transition in the commit's layout pass; a pop asked
-- for during a push waits for it), D-23 (a tab's stack shown as it was left).

local function delegate()
  return { shouldSelect = function() return true end, didSelect = function() end }
end

scenario("plain tab: the delegate hears it, nothing else happens", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2, delegate = delegate() }
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T1)
    Tabs.delegate.didSelect(T1)
  ]]
  expect.equal(tabs.selectedIndex, 1, "selectedIndex")
  expect.equal(T1.appearance, "appeared", "T1 stays")
end)

scenario("navigation tab with a deep stack pops to its root", function()
  local A, B, C, T2 = Controller "A", Controller "B", Controller "C", Controller "T2"
  local nav = NavigationController { "Nav", A, B, C }
  local tabs = TabBarController { "Tabs", nav, T2, delegate = delegate() }
  Window { root = tabs }
  settle()
  trace.clear()
  expect.equal(nav.topViewController, C, "C on top before the tap")

  user.tapTab(tabs, 1)
  -- In the tap: the stack changes at once, and didSelect follows (M-7, TIM-04).
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    Tabs.delegate.didSelect(Nav)
  ]]
  expect.equal(nav.viewControllers, { A }, "the stack is the root at once")
  advance(0)
  -- The tap's commit: the pop transition begins in its layout pass (TIM-03).
  expect [[
    A.viewDidLoad()
    C.viewWillDisappear(true)
    A.viewWillAppear(true)
  ]]
  advance(0.34)
  expect [[
  ]]
  advance(0.01)
  expect [[
    C.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
  ]]
  expect.equal(B.isViewLoaded, false, "B, an intermediate, never loaded")
  expect.equal(tabs.selectedViewController, nav, "the tab stays selected")
end)

scenario("navigation tab already at its root: only the delegate", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2, delegate = delegate() }
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    Tabs.delegate.didSelect(Nav)
  ]]
end)

scenario("switching to another tab does not pop it; tapping it again does", function()
  local A, B, T1 = Controller "A", Controller "B", Controller "T1"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", T1, nav, delegate = delegate() }
  Window { root = tabs }
  user.tapTab(tabs, 2)
  nav:pushViewController(B)
  settle()
  user.tapTab(tabs, 1)
  settle()
  trace.clear()

  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    Nav.viewWillAppear(false)
    B.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(Nav)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(nav.topViewController, B, "the stack is as it was left")

  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    B.willMove(toParent: nil)
    -- M-7, TIM-04: didSelect in the tap; the pop begins in the commit's layout pass (TIM-03)
    Tabs.delegate.didSelect(Nav)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
end)

scenario("tapped while a push is animating in that tab: the pop waits for the push", function()
  -- D-19: an operation issued during a transition is applied when it ends.
  local A, B, T2 = Controller "A", Controller "B", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2, delegate = delegate() }
  Window { root = tabs }
  settle()
  trace.clear()
  nav:pushViewController(B)
  advance(0.1)
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    -- M-7, TIM-04: didSelect in the tap; the pop waits for the push's end (TIM-03)
    Tabs.delegate.didSelect(Nav)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "back at the root")
end)
