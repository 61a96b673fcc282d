-- TRT-02  A controller that is not visible when the size changes gets no rotation callbacks.
-- Also: TRT-01.
--
-- Source: [DOC] UIViewController, "Handle view rotations": "If a view controller isn't
-- visible when an orientation change occurs, then the rotation methods are never called."
-- DECISIONS: D-53 (a covered controller, an unselected tab, a window that is hidden: none of
-- them hears of the change; when such a controller comes back, it does not hear of it
-- later either — the engine does not model the later willTransition O-level49 reports).

scenario("the covered controller of a navigation stack hears nothing", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  local w = Window { root = nav }
  settle()
  trace.clear()
  user.rotate(w)
  expect [[
    Nav.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    B.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    Nav.viewWillTransition(to: 844x390)
    B.viewWillTransition(to: 844x390)
    Nav.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
end)

scenario("an unselected tab hears nothing", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  local w = Window { root = tabs }
  settle()
  trace.clear()
  user.rotate(w)
  expect [[
    Tabs.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    T1.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    Tabs.viewWillTransition(to: 844x390)
    T1.viewWillTransition(to: 844x390)
    Tabs.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    T1.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
end)

scenario("a hidden window changes size and traits in silence", function()
  local A = Controller "A"
  local w = Window { root = A, visible = false }
  trace.clear()
  user.rotate(w)
  expect [[ ]]
  expect.equal(w.traitCollection.verticalSizeClass, "compact")
end)
