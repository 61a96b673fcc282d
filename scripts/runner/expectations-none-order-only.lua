-- The expectations a test author needs (SPEC §9.5), each on a rule of BEHAVIOR.md:
--   expect.none "pattern"      no line since the last expect block matches (wildcards allowed)
--   expect.order [[ a ... b ]] these lines come in this order, any others between them
--   trace.only(a, b)           compare only these controllers' events for the rest of the scenario
-- expect.none and expect.order read the lines an expect block would compare and leave them
-- for it (D-76), so a scenario can check one property and still spell out the whole trace.

scenario("a sheet: the presenter hears nothing (M-8)", function()
  local a = Controller "A"
  Window { root = a }
  settle(); trace.clear()
  a:present(Controller { "Sheet", modalPresentationStyle = "pageSheet" })
  settle()
  expect.none "A.*"
  expect [[
    Sheet.viewDidLoad()
    Sheet.viewWillAppear(true)
    Sheet.viewDidAppear(true)
  ]]
end)

scenario("a tab switch: the new tab's will-callback comes first (M-7)", function()
  local t1, t2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", t1, t2 }
  Window { root = tabs }
  settle(); trace.clear()
  user.tapTab(tabs, 2)
  settle()
  expect.order [[ T2.viewWillAppear ... T1.viewWillDisappear ]]
  expect.order [[
    T1.viewWillDisappear
    ...
    T1.viewDidDisappear
    T2.viewDidAppear
  ]]
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
end)

scenario("a push inside a tab, watched from the pushed controller (M-5, M-6)", function()
  local a, b = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", a }
  local tabs = TabBarController { "Tabs", nav, Controller "T2" }
  nav.delegate = { willShow = function() end, didShow = function() end }
  Window { root = tabs }
  settle(); trace.clear()
  trace.only(b, nav)
  nav:pushViewController(b)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(#trace.lines() < #trace.all(), true, "A's events are recorded, not compared")
end)
