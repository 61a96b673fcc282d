-- LOAD-08  A tab bar controller loads only the selected tab.
-- Also: TAB-01 (initial display), LOAD-01 (reading view loads it), M-5 (the selected tab is
-- installed, and so loaded, when the tab bar appears), LOAD-09 (no reload on re-appearance).
--
-- Source: [OBS×2] At launch only tab 0's viewDidLoad runs; other tabs load on first
-- selection (O-pgzxc, O-yy). (Tab 0 in UIKit's numbering is selectedIndex 1 here.)
-- The loading category (loadView) is compared in these scenarios, since loading is the
-- point. What is inside a tab that is never selected — a navigation controller's root —
-- never loads either.
-- DECISIONS (docs/DECISIONS.md): D-23 (off screen the selection changes without loading),
-- D-25 (the first tab is selected by default).

scenario("at launch only the first tab loads; the others on first selection", function()
  trace.include "loading"
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3 }
  trace.clear()
  Window { root = tabs }
  settle()
  expect [[
    Tabs.loadView()
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    T1.loadView()
    T1.viewDidLoad()
    T1.viewWillAppear(false)
    Tabs.viewDidAppear(false)
    T1.viewDidAppear(false)
  ]]
  expect.equal(T2.isViewLoaded, false, "T2 not loaded at launch")
  expect.equal(T3.isViewLoaded, false, "T3 not loaded at launch")

  tabs.selectedIndex = 3
  settle()
  expect [[
    T3.loadView()
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
  expect.equal(T2.isViewLoaded, false, "T2 still not loaded")

  tabs.selectedIndex = 1
  settle()
  tabs.selectedIndex = 3
  settle()
  -- Neither loads again (LOAD-09).
  expect [[
    T1.viewWillAppear(false)
    T3.viewWillDisappear(false)
    T3.viewDidDisappear(false)
    T1.viewDidAppear(false)
    T3.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
end)

scenario("a tab selected before launch is the only one that loads", function()
  trace.include "loading"
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  tabs.selectedViewController = T2
  trace.clear()
  Window { root = tabs }
  settle()
  expect [[
    Tabs.loadView()
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    T2.loadView()
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    Tabs.viewDidAppear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(T1.isViewLoaded, false, "T1 never selected on screen, never loaded")
end)

scenario("a navigation controller in an unselected tab loads nothing", function()
  trace.include "loading"
  local A, T1 = Controller "A", Controller "T1"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", T1, nav }
  Window { root = tabs }
  settle()
  expect.equal(nav.isViewLoaded, false, "Nav not loaded")
  expect.equal(A.isViewLoaded, false, "Nav's root not loaded")
  trace.clear()

  user.tapTab(tabs, 2)
  settle()
  expect [[
    Nav.loadView()
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
end)

scenario("reading a tab's view loads it, and only it", function()
  trace.include "loading"
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  Window { root = tabs }
  settle()
  trace.clear()
  local _ = T2.view                -- LOAD-01: reading view loads it; it is not shown
  settle()
  expect [[
    T2.loadView()
    T2.viewDidLoad()
  ]]
  expect.equal(T2.view.superview, nil, "loaded but not installed")
  expect.equal(T2.appearance, "disappeared", "T2 does not appear")
  tabs.selectedIndex = 2
  settle()
  expect [[
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
end)
