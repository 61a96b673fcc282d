-- TAB-06  Six or more tabs: the More item and moreNavigationController.
-- Also: TAB-02/TAB-03 (the switch), M-5 (a container installs its visible child when it
-- appears), M-6 (the More navigation controller's stack changes), SPEC §3.3 (1-based
-- indices; selectedIndex is nil where UIKit answers NSNotFound).
--
-- Source: [DOC] "If you add six or more custom view controllers … displays only the first
-- four items plus the standard More item" (so 5 VCs fit without More [INF]).
-- moreNavigationController always exists, is never in viewControllers, must not be added
-- manually. selectedIndex == NSNotFound while the More nav is selected; to select More set
-- selectedViewController = moreNavigationController. selectedViewController can select VCs
-- living under More (iOS 3+). https://developer.apple.com/documentation/uikit/uitabbarcontroller/selectedindex ,
-- …/selectedviewcontroller , …/morenavigationcontroller
-- How the sandbox makes it concrete: the tab bar's children are the first four tabs and the
-- More navigation controller `TabsMore`, whose root is the list `TabsMoreList` (made, with
-- its containment calls, the first time it is needed); a tab beyond the fourth becomes a
-- child of TabsMore when it is shown there (its stack set to the list and the tab, without
-- animation) and keeps `tabBarController`; `user.tapTab` counts the bar's items, so with
-- More the fifth item is More; selectedIndex is nil while the More list is selected.
-- The More list's rows cannot be tapped in the sandbox: a tab under More is selected by code.
-- DECISIONS (docs/DECISIONS.md): D-25 (More), D-24 (selection by code; tapping the selected
-- item pops to the root), D-23 (the More navigation controller changes its stack off screen
-- with containment calls only), D-18 / D-19 (containment calls and timing of its stack
-- changes on screen).

local function sixTabs(delegate)
  local T = {}
  for i = 1, 6 do T[i] = Controller("T" .. i) end
  local tabs = TabBarController { "Tabs", T[1], T[2], T[3], T[4], T[5], T[6], delegate = delegate }
  return tabs, T
end

local function shownSixTabs(delegate)
  local tabs, T = sixTabs(delegate)
  Window { root = tabs }
  settle()
  trace.clear()
  return tabs, T
end

local function allowAll()
  return { shouldSelect = function() return true end, didSelect = function() end }
end

scenario("five tabs fit; the sixth brings the More item", function()
  local F = {}
  for i = 1, 5 do F[i] = Controller("F" .. i) end
  local five = TabBarController { "Five", F[1], F[2], F[3], F[4], F[5] }
  expect.equal(five.children, F, "five tabs are five children")
  trace.clear()

  local T = {}
  for i = 1, 6 do T[i] = Controller("T" .. i) end

  local tabs = TabBarController "Tabs"
  tabs.viewControllers = T
  expect [[
    TabsMoreList.willMove(toParent: TabsMore)
    TabsMoreList.didMove(toParent: TabsMore)
    T1.willMove(toParent: Tabs)
    T1.didMove(toParent: Tabs)
    T2.willMove(toParent: Tabs)
    T2.didMove(toParent: Tabs)
    T3.willMove(toParent: Tabs)
    T3.didMove(toParent: Tabs)
    T4.willMove(toParent: Tabs)
    T4.didMove(toParent: Tabs)
    TabsMore.willMove(toParent: Tabs)
    TabsMore.didMove(toParent: Tabs)
  ]]
  local more = tabs.moreNavigationController
  expect.equal(more.name, "TabsMore", "the More navigation controller")
  expect.equal(more.viewControllers[1].name, "TabsMoreList", "its root is the list")
  expect.equal(tabs.viewControllers, T, "viewControllers holds the six, never More")
  expect.equal(tabs.children, { T[1], T[2], T[3], T[4], more }, "children: four tabs and More")
  expect.equal(T[5].parent, nil, "T5 is not shown anywhere yet")
  expect.equal(T[5].tabBarController, tabs, "but it belongs to the tab bar")
  expect.equal(more.tabBarController, tabs, "More belongs to the tab bar too")
end)

scenario("the user taps More: the list appears, selectedIndex is nil", function()
  local tabs, T = shownSixTabs(allowAll())
  local more = tabs.moreNavigationController
  user.tapTab(tabs, 5)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(TabsMore)
    TabsMore.viewDidLoad()
    TabsMore.viewWillAppear(false)
    TabsMoreList.viewDidLoad()
    TabsMoreList.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(TabsMore)
    T1.viewDidDisappear(false)
    TabsMore.viewDidAppear(false)
    TabsMoreList.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, nil, "selectedIndex while the More list is selected (NSNotFound)")
  expect.equal(tabs.selectedViewController, more, "selectedViewController is More")

  -- A tab under More, chosen from the list (by code): pushed without animation.
  tabs.selectedIndex = 6
  expect [[
    T6.willMove(toParent: TabsMore)
  ]]
  expect.equal(tabs.selectedIndex, 6, "selectedIndex at once")
  expect.equal(tabs.selectedViewController, T[6], "selectedViewController")
  settle()
  expect [[
    T6.viewDidLoad()
    TabsMoreList.viewWillDisappear(false)
    T6.viewWillAppear(false)
    TabsMoreList.viewDidDisappear(false)
    T6.viewDidAppear(false)
    T6.didMove(toParent: TabsMore)
  ]]
  expect.equal(more.viewControllers[2], T[6], "More's stack: the list, then T6")
  expect.equal(T[6].parent, more, "T6.parent")
  expect.equal(T[6].navigationController, more, "T6.navigationController")
  expect.equal(T[6].tabBarController, tabs, "T6.tabBarController")
  expect.equal(T[5].isViewLoaded, false, "T5 never shown")
end)

scenario("selecting a tab beyond the fourth from another tab", function()
  local tabs, T = shownSixTabs(allowAll())
  tabs.selectedViewController = T[6]
  expect [[
    T6.willMove(toParent: TabsMore)
    T6.didMove(toParent: TabsMore)
    TabsMore.viewDidLoad()
    TabsMore.viewWillAppear(false)
    T6.viewDidLoad()
    T6.viewWillAppear(false)
    T1.viewWillDisappear(false)
  ]]
  settle()
  expect [[
    T1.viewDidDisappear(false)
    TabsMore.viewDidAppear(false)
    T6.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 6, "selectedIndex")
  expect.equal(tabs.moreNavigationController.viewControllers[1].isViewLoaded, false,
    "the list under T6 never loaded")

  -- Back to the second tab: More and T6 leave together, parent first.
  tabs.selectedIndex = 2
  settle()
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    TabsMore.viewWillDisappear(false)
    T6.viewWillDisappear(false)
    TabsMore.viewDidDisappear(false)
    T6.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
end)

scenario("selecting More by code: selectedViewController = moreNavigationController", function()
  local delegate = { didSelect = function() note("didSelect must not be called") end }
  local tabs = shownSixTabs(delegate)
  tabs.selectedViewController = tabs.moreNavigationController
  settle()
  expect [[
    TabsMore.viewDidLoad()
    TabsMore.viewWillAppear(false)
    TabsMoreList.viewDidLoad()
    TabsMoreList.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    TabsMore.viewDidAppear(false)
    TabsMoreList.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, nil, "selectedIndex while the More list is selected")
end)

scenario("the bar's items: the fifth is More, there is no sixth", function()
  local tabs = shownSixTabs(allowAll())
  expect.error(function() user.tapTab(tabs, 6) end, "tab 6 is out of range for Tabs (valid: 1 to 5)")
  -- selectedIndex counts viewControllers, not items.
  expect.error(function() tabs.selectedIndex = 7 end, "selectedIndex 7 is out of range for Tabs (valid: 1 to 6)")
  user.tapTab(tabs, 4)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T4)
    T4.viewDidLoad()
    T4.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T4)
    T1.viewDidDisappear(false)
    T4.viewDidAppear(false)
  ]]
end)

scenario("moreNavigationController must not be added as a tab", function()
  local tabs, T = sixTabs()
  local more = tabs.moreNavigationController
  trace.clear()
  expect.error(function() tabs.viewControllers = { T[1], more } end, "moreNavigationController")
  expect [[
  ]]
  expect.equal(tabs.viewControllers, T, "nothing changed")
end)

scenario("five tabs: no More item, the fifth item is the fifth tab", function()
  local T = {}
  for i = 1, 5 do T[i] = Controller("T" .. i) end
  local tabs = TabBarController { "Tabs", T[1], T[2], T[3], T[4], T[5],
    delegate = { didSelect = function() end } }
  local more = tabs.moreNavigationController
  expect.equal(more.name, "TabsMore", "moreNavigationController always exists")
  expect.equal(more.parent, nil, "but it is not a child without a More item")
  expect.equal(tabs.children, T, "children")
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 5)
  settle()
  expect [[
    T5.viewDidLoad()
    T5.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T5)
    T1.viewDidDisappear(false)
    T5.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 5, "selectedIndex")
  expect.equal(T[5].parent, tabs, "T5 is a child of the tab bar")
  expect.equal(more.isViewLoaded, false, "More never loaded")
end)

scenario("tapping More while a tab under it is shown goes back to the list (TAB-04)", function()
  local tabs, T = shownSixTabs(allowAll())
  tabs.selectedIndex = 6
  settle()
  trace.clear()
  user.tapTab(tabs, 5)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(TabsMore)
    T6.willMove(toParent: nil)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(TabsMore)
    TabsMoreList.viewDidLoad()
    T6.viewWillDisappear(true)
    TabsMoreList.viewWillAppear(true)
    T6.viewDidDisappear(true)
    TabsMoreList.viewDidAppear(true)
    T6.didMove(toParent: nil)
  ]]
  expect.equal(tabs.selectedIndex, nil, "the More list is selected again")
  expect.equal(tabs.selectedViewController, tabs.moreNavigationController, "selectedViewController")
  expect.equal(T[6].parent, nil, "T6 is shown nowhere")
  expect.equal(T[6].tabBarController, tabs, "T6 still belongs to the tab bar")
end)

scenario("from one tab under More to another: More's stack is set without animation", function()
  local tabs, T = shownSixTabs(allowAll())
  tabs.selectedIndex = 6
  settle()
  trace.clear()
  tabs.selectedIndex = 5
  -- The stack changes at once (D-18: joining, then leaving); the transition in the turn's commit (TIM-03).
  expect [[
    T5.willMove(toParent: TabsMore)
    T6.willMove(toParent: nil)
  ]]
  settle()
  expect [[
    T5.viewDidLoad()
    T6.viewWillDisappear(false)
    T5.viewWillAppear(false)
    T6.viewDidDisappear(false)
    T5.viewDidAppear(false)
    T5.didMove(toParent: TabsMore)
    T6.didMove(toParent: nil)
  ]]
  expect.equal(tabs.selectedIndex, 5, "selectedIndex")
  expect.equal(T[6].parent, nil, "T6 is shown nowhere")
  expect.equal(T[5].parent, tabs.moreNavigationController, "T5 under More")
end)
