-- CON-10, M-13  The view tree never holds a cycle, whatever views a script moves by hand: the
-- two hangs the fuzzer found (issue 17, seeds 693 and 1048, shrunk).
--
-- Sources: [DOC] UIView.addSubview(_:) (adding a view's ancestor raises
-- NSInvalidArgumentException "Can't add self as subview"). The engine's choices (D-101): a
-- container's view put into the view of a controller it holds is refused as the client moves
-- it, since the container would put that view inside its own later; a step the engine takes
-- later that would still close a cycle is skipped with a warning.
-- DECISIONS (docs/DECISIONS.md): D-101, D-103.

scenario("a split view's view into its own column's view: refused before the split installs the column", function()
  local C6, C4 = Controller "C6", Controller "C4"
  local C7 = Controller "C7"
  local S1 = SplitViewController { "S1", primary = C6, secondary = C4 }
  Window { root = TabBarController { "T1", C7, Controller "C8" } }
  settle()
  C7:present(S1, true)
  expect.error(function() C6.view:addSubview(S1.view) end,
    "Can't add S1.view as a subview of C6.view: C6 is inside S1, whose view holds C6's (the views would make a cycle)")
  settle()
  expect.equal(S1.appearance, "appeared", "the presentation completed")
end)

scenario("a window's root view moved into a presented tree, then a dismissal: it ends, no cycle", function()
  local C4, C5, C6 = Controller "C4", Controller "C5", Controller "C6"
  local N1 = NavigationController { "N1", C4, Controller "C7" }
  local T1 = TabBarController { "T1", N1, Controller "C1" }
  C6.view:addSubview(C5.view)
  Window { root = T1, size = { 1024, 768 } }
  N1:present(C6, false)
  C5.view:addSubview(T1.view)
  settle()
  C4:dismiss(false)
  settle()
  expect.equal(N1.presentedViewController, nil, "dismissed, and settle() returned")
end)

-- Issue 17, seed 31564: the delegate's code, run by the move's will-callbacks, puts the view the
-- moving tree goes into inside that tree; the move is checked again after them (D-103).
scenario("a delegate's willShow puts the moving tree's holder into it: the move is not made, nothing stays shown", function()
  local C5, C6, C7 = Controller "C5", Controller "C6", Controller "C7"
  local N1 = NavigationController { "N1", Controller "C4", C7 }
  local S1 = SplitViewController { "S1", primary = N1 }
  Window { root = C5, size = { 1366, 1024 } }
  C5.view:addSubview(C6.view)
  settle()
  N1.delegate = { willShow = function() N1.view:addSubview(C6.view) end }
  trace.clear()
  C6.view:addSubview(S1.view)
  settle()
  expect [[
    S1.viewDidLoad()
    S1.viewWillAppear(false)
    N1.viewDidLoad()
    N1.viewWillAppear(false)
    C7.viewDidLoad()
    C7.viewWillAppear(false)
    N1.delegate.willShow(C7, animated: false)
    C6.viewWillDisappear(false)
    C6.viewWillAppear(false)
    warning: S1.view was not moved into C6.view, which it holds: the views would make a cycle.
    S1.viewDidAppear(false)
    N1.viewDidAppear(false)
    C7.viewDidAppear(false)
    S1.viewWillDisappear(false)
    N1.viewWillDisappear(false)
    C7.viewWillDisappear(false)
    C6.viewDidAppear(false)
    C6.viewWillDisappear(false)
    S1.viewDidDisappear(false)
    N1.viewDidDisappear(false)
    C7.viewDidDisappear(false)
    C6.viewDidDisappear(false)
  ]]
  expect.equal(S1.view.superview, nil, "S1's view was not moved into C6's, which N1's view now holds")
  expect.equal(S1.appearance, "disappeared")
end)

-- Issue 17, seed 66013: a controller whose view holds a tab bar's view pushed onto one of the
-- tab bar's tabs. The tab bar would put that tab's view in its own, and the tab the pushed
-- controller's: refused as it joins, before anything changes (D-101, D-103).
scenario("a controller whose view holds a tab bar's view cannot be pushed onto one of its tabs", function()
  local R, C, A = Controller "R", Controller "C", Controller "A"
  local N = NavigationController { "N", A }
  local T = TabBarController { "T", Controller "X", N }
  Window { root = R }
  R.view:addSubview(C.view)
  C.view:addSubview(T.view)
  settle()
  trace.clear()
  expect.error(function() N:pushViewController(C, false) end,
    "Can't add C.view to N: T, which holds N, is inside C.view (the views would make a cycle)")
  settle()
  expect [[
  ]]
  expect.equal(N.viewControllers, { A }, "nothing changed")
end)
