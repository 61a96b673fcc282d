-- Nesting: a navigation controller with a delegate (willShow / didShow), inside a tab.
-- Rules combined: NAV-01 (first show), NAV-02 / NAV-04 / NAV-06 (push, pop, pop to root:
-- delegate willShow after the incoming viewWillAppear, didShow after didMove), M-5, M-6,
-- M-7 / TAB-02 (switching tabs), TAB-04 (tapping the selected tab pops to the root).
-- Confidence: NAV-01 [RE]+[OBS] (iOS 5 log: didShow twice, once before viewDidAppear, on
-- the non-animated first show); NAV-02 [OBS×5] with the delegate's place from O-vast (iOS 5)
-- only, and didMove vs didShow [?]; NAV-04 [OBS×4]; NAV-06 [INF]; TAB-02 [OBS×2]; TAB-04
-- [DOC]. SPEC §4: delegate calls are traced under their owner,
-- `Nav.delegate.willShow(B, animated: true)`.
-- Engine choices this file relies on: didShow comes once, after the top's viewDidAppear;
-- didMove(toParent:) comes before didShow; a navigation controller that reappears (its tab
-- selected again) showing the same top calls its delegate not at all; one whose top changed
-- while its tab was not selected tells its delegate about the new top when it appears.
-- DECISIONS (docs/DECISIONS.md): D-17 (first show, reappearance), D-18 (didMove before
-- didShow), D-23 (off screen: containment only, willShow / didShow when it next appears),
-- D-24 (tapping the selected tab: didSelect before the pop's callbacks).

local function launched()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  nav.delegate = {
    willShow = function(nav, vc, animated) end,
    didShow = function(nav, vc, animated) end,
  }
  local tabs = TabBarController { "Tabs", nav, T2, delegate = {
    shouldSelect = function() return true end,
    didSelect = function() end,
  } }
  trace.clear()
  Window { root = tabs }
  return tabs, nav, A, T2
end

scenario("first show inside the tab: willShow, then didShow once after viewDidAppear", function()
  launched()
  expect [[
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
  ]]
  settle()
  expect [[
    Tabs.viewDidAppear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    Nav.delegate.didShow(A, animated: false)
  ]]
end)

scenario("push and pop: the delegate brackets each transition", function()
  local _, nav, A = launched()
  settle()
  trace.clear()
  local B = Controller "B"
  B.viewDidAppear = function(self, animated) note("B is up; Nav's top is " .. nav.topViewController.name) end
  nav.delegate = {
    willShow = function(n, vc, animated)
      note("willShow " .. vc.name .. " animated " .. tostring(animated) .. " on " .. n.name)
    end,
    didShow = function(n, vc, animated) note("didShow " .. vc.name) end,
  }
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    note: willShow B animated true on Nav
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    note: B is up; Nav's top is B
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    note: didShow B
  ]]
  nav:popViewController(false)
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(false)
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    note: willShow A animated false on Nav
    B.viewDidDisappear(false)
    A.viewDidAppear(false)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: false)
    note: didShow A
  ]]
end)

scenario("tab switched away and back with the same top: no delegate calls", function()
  local tabs, nav, A = launched()
  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  trace.clear()
  user.tapTab(tabs, 2)
  settle()
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T2)
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    Nav.viewWillDisappear(false)
    B.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T2)
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
    T2.viewDidAppear(false)
    Tabs.delegate.shouldSelect(Nav)
    Nav.viewWillAppear(false)
    B.viewWillAppear(false)
    T2.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(Nav)
    T2.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
end)

scenario("pushed while its tab was not selected: the delegate hears about it on return", function()
  local tabs, nav = launched()
  tabs.selectedIndex = 2
  settle()
  trace.clear()
  local C = Controller "C"
  nav:pushViewController(C)
  settle()
  expect [[
    C.willMove(toParent: Nav)
    C.didMove(toParent: Nav)
  ]]
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    Nav.viewWillAppear(false)
    C.viewDidLoad()
    C.viewWillAppear(false)
    Nav.delegate.willShow(C, animated: false)
    T2.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(Nav)
    T2.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    C.viewDidAppear(false)
    Nav.delegate.didShow(C, animated: false)
  ]]
end)

scenario("pushed and popped while not selected: same top on return, no delegate calls", function()
  local tabs, nav = launched()
  tabs.selectedIndex = 2
  settle()
  trace.clear()
  local C = Controller "C"
  nav:pushViewController(C)
  nav:popViewController()
  tabs.selectedIndex = 1
  settle()
  expect [[
    C.willMove(toParent: Nav)
    C.didMove(toParent: Nav)
    C.willMove(toParent: nil)
    C.didMove(toParent: nil)
    Nav.viewWillAppear(false)
    A.viewWillAppear(false)
    T2.viewWillDisappear(false)
    T2.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
end)

scenario("tapping the selected tab: both delegates, the pop to root after didSelect", function()
  local tabs, nav, A = launched()
  local B, C = Controller "B", Controller "C"
  nav:pushViewController(B, false)
  nav:pushViewController(C, false)
  settle()
  trace.clear()
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(Nav)
    C.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    C.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(B.isViewLoaded, false, "B was pushed and covered in one turn: never loaded (M-6)")
end)
