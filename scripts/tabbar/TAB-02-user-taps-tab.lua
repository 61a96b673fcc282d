-- TAB-02  The user taps another tab.
-- Also: M-7 (the tab switch), LOAD-07 (the incoming tab loads first), LOAD-09 (no reload
-- when a tab comes back), D-22 (the user's hand).
--
-- Source: [OBS×2] trace tabDelegate.shouldSelect(T2) -> T2.viewDidLoad -> T2.viewWillAppear
-- -> T1.viewWillDisappear -> T1.viewDidDisappear -> T2.viewDidAppear ->
-- tabDelegate.didSelect(T2). The appearance part is observed (O-pgzxc, O-yy); the delegate
-- positions were [INF] (shouldSelect must precede). TIM-04 [RE17 + iOS 17 trace; RE-old]
-- places didSelect inside `_setSelectedViewControllerAndNotify:`, right after the selection,
-- so before the did-callbacks that wait for the commit: M-7 now says so. The incoming
-- tab's viewWillAppear comes BEFORE the outgoing tab's viewWillDisappear, the opposite of a
-- push. Back to tab 1: T1.viewWillAppear -> T2.viewWillDisappear -> T2.viewDidDisappear ->
-- T1.viewDidAppear, no reload [OBS O-yy].
-- BEHAVIOR.md gives no `animated` argument; a tab switch is not animated, so the callbacks
-- carry false. Timing (M-7, TIM-04): the will-callbacks and didSelect come in the tap, the
-- did-callbacks after that turn's commit.
-- SPEC §3.3: a delegate function is called (and traced) only if the table defines it.
-- DECISIONS (docs/DECISIONS.md): D-24 (delegate placement, the tap's timing), D-22 (a tab
-- bar that is not on screen cannot be tapped).

local function shownTabs(delegate)
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3, delegate = delegate }
  Window { root = tabs }
  settle()
  trace.clear()
  return tabs, T1, T2, T3
end

local function noting()
  return {
    shouldSelect = function(tabs, vc)
      note("shouldSelect: selected is " .. tabs.selectedViewController.name .. ", asked for " .. vc.name)
      return true
    end,
    didSelect = function(tabs, vc)
      note("didSelect: selected is " .. tabs.selectedViewController.name)
    end,
  }
end

scenario("first tap on tab 2: the whole trace", function()
  trace.include "loading"
  local tabs, T1, T2 = shownTabs(noting())
  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T2)
    note: shouldSelect: selected is T1, asked for T2
    T2.loadView()
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T2)
    note: didSelect: selected is T2
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 2, "selectedIndex")
  expect.equal(tabs.selectedViewController, T2, "selectedViewController")
  expect.equal(T2.view.superview, tabs.view, "T2's view is installed")
  expect.equal(T1.viewIfLoaded.superview, nil, "T1's view is taken out")
  expect.equal(tabs.children, { T1, T2, tabs.viewControllers[3] }, "both stay children")
end)

scenario("timing: will-callbacks and didSelect in the tap, the did-callbacks after the commit", function()
  local tabs, T1, T2 = shownTabs(noting())
  user.tapTab(tabs, 2)
  expect [[
    Tabs.delegate.shouldSelect(T2)
    note: shouldSelect: selected is T1, asked for T2
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    Tabs.delegate.didSelect(T2)
    note: didSelect: selected is T2
  ]]
  expect.equal(tabs.selectedViewController, T2, "selected as soon as the tap returns")
  expect.equal(T2.appearance, "appearing", "T2 during the turn")
  expect.equal(T1.appearance, "disappearing", "T1 during the turn")
  settle()
  expect [[
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(now(), 0, "a tab switch takes no virtual time")
end)

scenario("back to tab 1: no reload", function()
  trace.include "loading"
  local tabs = shownTabs({ shouldSelect = function() return true end, didSelect = function() end })
  user.tapTab(tabs, 2)
  settle()
  trace.clear()
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T1)
    T1.viewWillAppear(false)
    T2.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T1)
    T2.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T2)
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T2)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
end)

scenario("a delegate with only didSelect, and no delegate at all", function()
  local tabs = shownTabs({ didSelect = function() end })
  user.tapTab(tabs, 3)
  settle()
  expect [[
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T3)
    T1.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
  tabs.delegate = nil
  user.tapTab(tabs, 1)
  settle()
  expect [[
    T1.viewWillAppear(false)
    T3.viewWillDisappear(false)
    T3.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
end)

scenario("the tapped tab holds a navigation controller: parent first on both sides", function()
  local A, T1 = Controller "A", Controller "T1"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", T1, nav,
    delegate = { shouldSelect = function() return true end, didSelect = function() end } }
  Window { root = tabs }
  settle()
  trace.clear()
  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(Nav)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    T1.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(Nav)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
  user.tapTab(tabs, 1)
  settle()
  expect [[
    Tabs.delegate.shouldSelect(T1)
    T1.viewWillAppear(false)
    Nav.viewWillDisappear(false)
    A.viewWillDisappear(false)
    -- M-7, TIM-04: didSelect right after the selection, before the did-callbacks
    Tabs.delegate.didSelect(T1)
    Nav.viewDidDisappear(false)
    A.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
end)

scenario("errors: tab index out of range, tab bar not on screen", function()
  local tabs = shownTabs(noting())
  expect.error(function() user.tapTab(tabs, 4) end, "tab 4 is out of range for Tabs (valid: 1 to 3)")
  expect.error(function() user.tapTab(tabs, 0) end, "tab 0 is out of range for Tabs (valid: 1 to 3)")
  expect [[
  ]]
  expect.equal(tabs.selectedIndex, 1, "nothing changed")

  local offscreen = TabBarController { "Offscreen", Controller "X", Controller "Y" }
  expect.error(function() user.tapTab(offscreen, 2) end, "Offscreen is not on screen")
  expect.equal(offscreen.selectedIndex, 1, "nothing changed")
end)
