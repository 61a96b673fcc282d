-- CON-10, M-13  The view tree never holds a cycle, whatever views a script moves by hand: the
-- two hangs the fuzzer found (issue 17, seeds 693 and 1048, shrunk).
--
-- Sources: [DOC] UIView.addSubview(_:) (adding a view's ancestor raises
-- NSInvalidArgumentException "Can't add self as subview"). The engine's choices (D-101): a
-- container's view put into the view of a controller it holds is refused as the client moves
-- it, since the container would put that view inside its own later; a step the engine takes
-- later that would still close a cycle is skipped with a warning.
-- DECISIONS (docs/DECISIONS.md): D-101.

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
