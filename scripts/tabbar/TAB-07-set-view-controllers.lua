-- TAB-07  setViewControllers on a tab bar controller: which tab stays selected.
-- Also: TAB-03 (no delegate calls for changes made by code), M-7 (the switch when the
-- selection changes), CON-01/CON-02 (containment calls).
--
-- Source: [DOC] Removes all old VCs before installing new ones; re-selects the previously
-- selected VC object if still present, else same index, else index 0; also resets
-- customizableViewControllers (not modelled).
-- Engine: the controllers that leave get willMove(toParent: nil) and didMove(toParent: nil),
-- then the new ones willMove(toParent: Tabs) and didMove(toParent: Tabs), all at once; the
-- ones kept stay children and get no calls; then, if the selected controller changed, the
-- switch is a TAB-03 switch (incoming will-appear, outgoing will-disappear, did-callbacks at
-- the end of the turn). `tabs.viewControllers = {...}` and `tabs:setViewControllers({...})`
-- are the same call.
-- DECISIONS (docs/DECISIONS.md): D-25 (tab bar contents), D-24 (no delegate calls by code).

local function shownTabs()
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3, delegate = {
    shouldSelect = function() note("shouldSelect must not be called") return true end,
    didSelect = function() note("didSelect must not be called") end,
  } }
  Window { root = tabs }
  tabs.selectedIndex = 2
  settle()
  trace.clear()
  return tabs, T1, T2, T3
end

scenario("the selected controller is still listed: it stays selected at its new index", function()
  local tabs, T1, T2, T3 = shownTabs()
  local T4 = Controller "T4"
  tabs:setViewControllers({ T3, T4, T2 })
  settle()
  expect [[
    T1.willMove(toParent: nil)
    T1.didMove(toParent: nil)
    T4.willMove(toParent: Tabs)
    T4.didMove(toParent: Tabs)
  ]]
  expect.equal(tabs.selectedViewController, T2, "same object")
  expect.equal(tabs.selectedIndex, 3, "at its new index")
  expect.equal(tabs.children, { T3, T4, T2 }, "children")
  expect.equal(T1.parent, nil, "T1.parent")
  expect.equal(T1.tabBarController, nil, "T1.tabBarController")
  expect.equal(T2.appearance, "appeared", "T2 untouched")
end)

scenario("the selected controller is gone: the same index", function()
  local tabs, T1, T2, T3 = shownTabs()
  local T4 = Controller "T4"
  tabs.viewControllers = { T1, T4, T3 }
  expect [[
    T2.willMove(toParent: nil)
    T2.didMove(toParent: nil)
    T4.willMove(toParent: Tabs)
    T4.didMove(toParent: Tabs)
    T4.viewDidLoad()
    T4.viewWillAppear(false)
    T2.viewWillDisappear(false)
  ]]
  settle()
  expect [[
    T2.viewDidDisappear(false)
    T4.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 2, "selectedIndex")
  expect.equal(tabs.selectedViewController, T4, "selectedViewController")
  expect.equal(T2.viewIfLoaded.superview, nil, "T2's view is out")
  expect.equal(T2.parent, nil, "T2.parent")
end)

scenario("gone, and the index no longer exists: the first", function()
  local tabs, T1, T2, T3 = shownTabs()
  tabs.selectedIndex = 3
  settle()
  trace.clear()
  local T4 = Controller "T4"
  tabs.viewControllers = { T4, T1 }
  settle()
  expect [[
    T2.willMove(toParent: nil)
    T2.didMove(toParent: nil)
    T3.willMove(toParent: nil)
    T3.didMove(toParent: nil)
    T4.willMove(toParent: Tabs)
    T4.didMove(toParent: Tabs)
    T4.viewDidLoad()
    T4.viewWillAppear(false)
    T3.viewWillDisappear(false)
    T3.viewDidDisappear(false)
    T4.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 1, "selectedIndex")
  expect.equal(tabs.selectedViewController, T4, "selectedViewController")
end)

scenario("an empty list: nothing selected, the last tab disappears", function()
  local tabs, T1, T2, T3 = shownTabs()
  tabs.viewControllers = {}
  settle()
  expect [[
    T1.willMove(toParent: nil)
    T1.didMove(toParent: nil)
    T2.willMove(toParent: nil)
    T2.didMove(toParent: nil)
    T3.willMove(toParent: nil)
    T3.didMove(toParent: nil)
    T2.viewWillDisappear(false)
    T2.viewDidDisappear(false)
  ]]
  expect.equal(tabs.selectedIndex, nil, "selectedIndex")
  expect.equal(tabs.selectedViewController, nil, "selectedViewController")
  expect.equal(tabs.children, {}, "children")
end)

scenario("the same list again: no calls", function()
  local tabs, T1, T2, T3 = shownTabs()
  tabs:setViewControllers({ T1, T2, T3 })
  settle()
  expect [[
  ]]
  expect.equal(tabs.selectedIndex, 2, "selectedIndex")
end)

scenario("off screen: containment calls only", function()
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2 }
  tabs.selectedIndex = 2
  trace.clear()
  tabs.viewControllers = { T1, T3 }
  settle()
  expect [[
    T2.willMove(toParent: nil)
    T2.didMove(toParent: nil)
    T3.willMove(toParent: Tabs)
    T3.didMove(toParent: Tabs)
  ]]
  expect.equal(tabs.selectedViewController, T3, "same index")
  Window { root = tabs }
  settle()
  expect [[
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    Tabs.viewDidAppear(false)
    T3.viewDidAppear(false)
  ]]
  expect.equal(T2.isViewLoaded, false, "T2 never loaded")
end)

-- With More (TAB-06, D-25), the selected controller can stay selected while it moves between
-- the bar and the More navigation controller. It is on screen before and after, so the
-- rules give it no appearance callbacks: only the More navigation controller enters or
-- leaves the window. Its containment calls follow D-25 (leaving / joining the bar) and D-8
-- (a controller that has another parent is removed from it first: didMove(toParent: nil)
-- before willMove(toParent: new)).

scenario("with More: the selected fifth tab moves under More when a sixth is added", function()
  local T = {}
  for i = 1, 6 do T[i] = Controller("T" .. i) end
  local tabs = TabBarController { "Tabs", T[1], T[2], T[3], T[4], T[5] }
  Window { root = tabs }
  tabs.selectedIndex = 5
  settle()
  trace.clear()
  tabs.viewControllers = T
  settle()
  expect [[
    TabsMoreList.willMove(toParent: TabsMore)
    TabsMoreList.didMove(toParent: TabsMore)
    T5.willMove(toParent: nil)
    T5.didMove(toParent: nil)
    TabsMore.willMove(toParent: Tabs)
    TabsMore.didMove(toParent: Tabs)
    T5.willMove(toParent: TabsMore)
    T5.didMove(toParent: TabsMore)
    TabsMore.viewDidLoad()
    TabsMore.viewWillAppear(false)
    TabsMore.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 5, "T5 stays selected")
  expect.equal(T[5].parent, tabs.moreNavigationController, "shown under More")
  expect.equal(T[5].view.window ~= nil, true, "T5's view is on screen")
  expect.equal(T[5].appearance, "appeared", "T5 on screen is appeared")
end)

scenario("with More: the selected sixth tab comes back to the bar when the list shrinks", function()
  local T = {}
  for i = 1, 6 do T[i] = Controller("T" .. i) end
  local tabs = TabBarController { "Tabs", T[1], T[2], T[3], T[4], T[5], T[6] }
  Window { root = tabs }
  tabs.selectedIndex = 6
  settle()
  trace.clear()
  tabs.viewControllers = { T[1], T[2], T[6] }
  settle()
  expect [[
    T3.willMove(toParent: nil)
    T3.didMove(toParent: nil)
    T4.willMove(toParent: nil)
    T4.didMove(toParent: nil)
    TabsMore.willMove(toParent: nil)
    TabsMore.didMove(toParent: nil)
    T6.didMove(toParent: nil)
    T6.willMove(toParent: Tabs)
    T6.didMove(toParent: Tabs)
    TabsMore.viewWillDisappear(false)
    TabsMore.viewDidDisappear(false)
  ]]
  expect.equal(tabs.selectedIndex, 3, "T6 stays selected, at its new index")
  expect.equal(tabs.children, { T[1], T[2], T[6] }, "children")
  expect.equal(T[6].view.superview, tabs.view, "T6's view is in the tab bar's view")
  expect.equal(T[6].appearance, "appeared", "T6 on screen is appeared")
end)

scenario("a controller listed twice is refused and nothing changes", function()
  -- BEHAVIOR.md says nothing about duplicates; the refusal and its wording are the engine's.
  local tabs, T1, T2 = shownTabs()
  expect.error(function() tabs.viewControllers = { T1, T1 } end, "NSInvalidArgumentException")
  settle()
  expect [[
  ]]
  expect.equal(tabs.viewControllers, { T1, T2, tabs.viewControllers[3] }, "unchanged")
  expect.equal(tabs.selectedIndex, 2, "selectedIndex")
end)
