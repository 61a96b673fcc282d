-- TAB-03  Selecting a tab by code: `selectedIndex = 2`, `selectedViewController = T2`.
-- Also: M-7 (the tab switch), LOAD-08 (off screen nothing loads), SPEC §3.3 (1-based
-- indices, an index out of range names the valid range).
--
-- Source: [DOC]+[INF] no delegate calls: shouldSelect "The tab bar controller calls this
-- method in response to the user tapping a tab bar item"; didSelect "is called only in
-- response to user taps in the tab bar and is not called when your code changes the tab bar
-- contents programmatically" (iOS 3+). Appearance callbacks as TAB-02 (non-animated) [INF]:
-- incoming will-appear -> outgoing will-disappear -> outgoing did-disappear -> incoming
-- did-appear.
-- DECISIONS (docs/DECISIONS.md): D-24 (selection by code switches at once, without
-- animation, and calls no delegate method), D-23 (off screen: the selection changes and the
-- tab appears when the tab bar does).

local function shownTabs()
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local delegate = {
    shouldSelect = function() note("shouldSelect must not be called") return true end,
    didSelect = function() note("didSelect must not be called") end,
  }
  local tabs = TabBarController { "Tabs", T1, T2, T3, delegate = delegate }
  Window { root = tabs }
  settle()
  trace.clear()
  return tabs, T1, T2, T3
end

scenario("selectedIndex = 2: the switch without the delegate", function()
  local tabs, T1, T2 = shownTabs()
  tabs.selectedIndex = 2
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
  ]]
  expect.equal(tabs.selectedIndex, 2, "selectedIndex at once")
  expect.equal(tabs.selectedViewController, T2, "selectedViewController at once")
  settle()
  expect [[
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
end)

scenario("selectedViewController = T3, then back with selectedIndex = 1", function()
  local tabs, T1, _, T3 = shownTabs()
  tabs.selectedViewController = T3
  settle()
  expect [[
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 3, "selectedIndex follows (1-based)")
  tabs.selectedIndex = 1
  settle()
  expect [[
    T1.viewWillAppear(false)
    T3.viewWillDisappear(false)
    T3.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
end)

scenario("selecting the tab that is already selected does nothing", function()
  local tabs, T1 = shownTabs()
  tabs.selectedIndex = 1
  tabs.selectedViewController = T1
  settle()
  expect [[
  ]]
end)

scenario("selection changed twice in one turn", function()
  local tabs, T1, T2, T3 = shownTabs()
  tabs.selectedIndex = 2
  tabs.selectedIndex = 3
  settle()
  -- Each switch brackets its pair at once; T2's appearance is cut short by the second
  -- switch (G-01's cancel edge: viewWillDisappear with no viewDidAppear before it), and
  -- one did-callback ends it. The did-callbacks run in the order the switches queued them.
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    T2.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T2.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
  expect.equal(T1.appearance, "disappeared", "T1")
  expect.equal(T2.appearance, "disappeared", "T2")
  expect.equal(T3.appearance, "appeared", "T3")
end)

scenario("off screen: the selection changes, nothing loads, the tab appears with the tab bar", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  trace.clear()
  tabs.selectedIndex = 2
  settle()
  expect [[
  ]]
  expect.equal(T2.isViewLoaded, false, "T2 not loaded yet")
  Window { root = tabs }
  settle()
  expect [[
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    Tabs.viewDidAppear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(T1.isViewLoaded, false, "T1 never shown, never loaded")
end)

scenario("errors: index out of range, a controller that is not a tab", function()
  local tabs = shownTabs()
  expect.error(function() tabs.selectedIndex = 4 end, "selectedIndex 4 is out of range for Tabs (valid: 1 to 3)")
  expect.error(function() tabs.selectedIndex = 0 end, "selectedIndex 0 is out of range for Tabs (valid: 1 to 3)")
  local stranger = Controller "Stranger"
  -- The wording is the engine's (BEHAVIOR.md has none for this case).
  expect.error(function() tabs.selectedViewController = stranger end, "Stranger is not one of the view controllers of Tabs")
  settle()
  expect [[
  ]]
  expect.equal(tabs.selectedIndex, 1, "nothing changed")
  expect.equal(stranger.parent, nil, "Stranger.parent")

  local single = TabBarController { "Single", Controller "Only" }
  expect.error(function() single.selectedIndex = 2 end, "selectedIndex 2 is out of range for Single (the only valid one is 1)")
end)
