-- TAB-01  A tab bar controller shown for the first time.
-- Also: LOAD-08 (only the selected tab loads; see LOAD-08-only-selected-tab-loads.lua),
-- M-2 (parent first), M-5 (the container installs its selected child after its own
-- viewWillAppear).
--
-- Source: [OBS×2] `tab.viewControllers = [T1,T2,…]`, tab bar shown as the window's root:
-- T1.viewDidLoad -> T1.viewWillAppear -> T1.viewDidAppear; T2 and later tabs untouched (not
-- loaded). [DOC] selectedViewController is nil until set or selected; [INF from DOC
-- setViewControllers fallback] once view controllers are set the first one is selected.
-- What the tab bar controller itself receives is M-5/M-2: its own callbacks come first, then
-- the selected tab's. The tabs become children as soon as they are set (willMove and
-- didMove(toParent: Tabs) at once), before anything loads.
-- Indices are 1-based (SPEC §3.3): the first tab is selectedIndex 1.
-- DECISIONS (docs/DECISIONS.md): D-25 (setting the view controllers selects the first; an
-- empty tab bar has selectedIndex nil), D-5 (a window's root loads when assigned).

scenario("shown as the window's root: only the first tab appears", function()
  trace.include "loading"
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3 }
  expect [[
    T1.willMove(toParent: Tabs)
    T1.didMove(toParent: Tabs)
    T2.willMove(toParent: Tabs)
    T2.didMove(toParent: Tabs)
    T3.willMove(toParent: Tabs)
    T3.didMove(toParent: Tabs)
  ]]
  expect.equal(tabs.selectedIndex, 1, "the first tab is selected")
  expect.equal(tabs.selectedViewController, T1, "selectedViewController")
  expect.equal(tabs.children, { T1, T2, T3 }, "the tabs are children")
  expect.equal(tabs.viewControllers[1], T1, "viewControllers is a 1-based Lua list")
  expect.equal(#tabs.viewControllers, 3, "three tabs")
  expect.equal(T1.isViewLoaded, false, "nothing loads before the tab bar is shown")

  Window { root = tabs }
  expect [[
    Tabs.loadView()
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    T1.loadView()
    T1.viewDidLoad()
    T1.viewWillAppear(false)
  ]]
  settle()
  expect [[
    Tabs.viewDidAppear(false)
    T1.viewDidAppear(false)
  ]]
  expect.equal(T2.isViewLoaded, false, "T2 untouched")
  expect.equal(T3.isViewLoaded, false, "T3 untouched")
  expect.equal(T1.view.superview, tabs.view, "T1's view is in the tab bar controller's view")
  expect.equal(T1.appearance, "appeared", "T1")
  expect.equal(T2.appearance, "disappeared", "T2")
end)

scenario("empty, then given its view controllers while on screen", function()
  local tabs = TabBarController "Tabs"
  expect.equal(tabs.selectedIndex, nil, "no selection without view controllers")
  expect.equal(tabs.selectedViewController, nil, "selectedViewController is nil until set")
  expect.equal(tabs.viewControllers, {}, "viewControllers")
  Window { root = tabs }
  settle()
  expect [[
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    Tabs.viewDidAppear(false)
  ]]

  local T1, T2 = Controller "T1", Controller "T2"
  tabs.viewControllers = { T1, T2 }
  expect [[
    T1.willMove(toParent: Tabs)
    T1.didMove(toParent: Tabs)
    T2.willMove(toParent: Tabs)
    T2.didMove(toParent: Tabs)
    T1.viewDidLoad()
    T1.viewWillAppear(false)
  ]]
  settle()
  expect [[
    T1.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 1, "the first is selected once there are view controllers")
  expect.equal(tabs.selectedViewController, T1, "selectedViewController")
  expect.equal(T2.isViewLoaded, false, "T2 untouched")
end)

scenario("a navigation controller as the first tab: appearance flows parent first", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  trace.clear()
  Window { root = tabs }
  settle()
  expect [[
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Tabs.viewDidAppear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
  expect.equal(T2.isViewLoaded, false, "T2 untouched")
end)

scenario("tabBarController on every controller below the tab bar", function()
  local A, B, Child, T2 = Controller "A", Controller "B", Controller "Child", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  local loose = Controller "Loose"
  Window { root = tabs }
  A:addChild(Child)
  A.view:addSubview(Child.view)
  Child:didMove(A)
  nav:pushViewController(B)
  settle()

  expect.equal(nav.tabBarController, tabs, "the tab itself")
  expect.equal(T2.tabBarController, tabs, "a tab that was never shown")
  expect.equal(A.tabBarController, tabs, "the navigation controller's root")
  expect.equal(B.tabBarController, tabs, "a pushed controller")
  expect.equal(Child.tabBarController, tabs, "a child of a controller in the stack")
  expect.equal(Child.navigationController, nav, "Child.navigationController")
  expect.equal(loose.tabBarController, nil, "a controller outside the tab bar")

  tabs.viewControllers = { nav }
  expect.equal(T2.tabBarController, nil, "a tab that was taken out")
  expect.equal(T2.parent, nil, "T2.parent")
end)
