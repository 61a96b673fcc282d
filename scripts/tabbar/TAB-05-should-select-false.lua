-- TAB-05  The delegate's shouldSelect returns false.
-- Also: TAB-02 (the tap), TAB-04 (tapping the selected tab).
--
-- Source: [DOC] "the current tab should remain active" -> no selection change, no
-- appearance callbacks [INF]. SPEC §3.3: a delegate function that answers a question must
-- return true to allow.
-- Engine choices: anything but true (false, nil, no return value) keeps the tab; didSelect
-- is not called; a refused tap on the selected tab does not pop its navigation controller.
-- DECISIONS (docs/DECISIONS.md): D-24.

scenario("false keeps the tab: no load, no appearance, no didSelect", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2, delegate = {
    shouldSelect = function(tabs, vc) return false end,
    didSelect = function() note("didSelect must not be called") end,
  } }
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T2)
  ]]
  expect.equal(tabs.selectedIndex, 1, "selectedIndex unchanged")
  expect.equal(tabs.selectedViewController, T1, "selectedViewController unchanged")
  expect.equal(T2.isViewLoaded, false, "T2 not loaded")
  expect.equal(T1.appearance, "appeared", "T1 stays")
end)

scenario("a delegate that refuses one tab and allows another", function()
  local T1, T2, Locked = Controller "T1", Controller "T2", Controller "Locked"
  local tabs = TabBarController { "Tabs", T1, Locked, T2, delegate = {
    shouldSelect = function(tabs, vc) return vc ~= Locked end,
    didSelect = function() end,
  } }
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 2)
  user.tapTab(tabs, 3)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Locked)
    Tabs.delegate.shouldSelect(T2)
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T2)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 3, "selectedIndex")
end)

scenario("nil (no return value) keeps the tab too", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2, delegate = {
    shouldSelect = function(tabs, vc) note("asked for " .. vc.name) end,
  } }
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T2)
    note: asked for T2
  ]]
  expect.equal(tabs.selectedIndex, 1, "selectedIndex unchanged")
end)

scenario("refusing the selected navigation tab: no pop", function()
  local A, B, T2 = Controller "A", Controller "B", Controller "T2"
  local nav = NavigationController { "Nav", A, B }
  local tabs = TabBarController { "Tabs", nav, T2, delegate = {
    shouldSelect = function() return false end,
    didSelect = function() end,
  } }
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "stack unchanged")
end)

scenario("programmatic selection is not asked", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2, delegate = {
    shouldSelect = function() return false end,
  } }
  Window { root = tabs }
  settle()
  trace.clear()
  tabs.selectedIndex = 2
  settle()
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
end)
