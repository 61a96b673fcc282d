-- TRT-02  A controller that is not visible when the size changes gets no rotation callbacks;
-- it hears of the new traits when it comes back.
-- Also: TRT-01, M-16 ("a controller that was off screen hears of a trait change when it comes
-- back").
--
-- Source: [DOC] UIViewController, "Handle view rotations": "If a view controller isn't
-- visible when an orientation change occurs, then the rotation methods are never called.
-- However, the viewWillLayoutSubviews() method is called when the view becomes visible."
-- [OBS] O-level49 (iOS 11): returning to a controller after rotating elsewhere gives
-- willTransitionToTraitCollection -> viewWillAppear -> viewDidAppear. The engine follows the
-- log: willTransition(to:) with the window's traits right before viewWillAppear, and neither
-- viewWillTransition(to:) nor traitCollectionDidChange (the log shows none), then the layout
-- of any appearance.
-- DECISIONS: D-53 (revised: a covered controller, an unselected tab, a window that is hidden
-- hear nothing at the time of the change; such a controller hears willTransition when it
-- next appears in traits other than those it last saw).

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

scenario("the covered controller comes back: willTransition, then viewWillAppear (O-level49)", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  local w = Window { root = nav }
  nav:pushViewController(B)
  settle()
  user.rotate(w)
  settle()
  trace.clear()
  nav:popViewController()
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    -- TRT-02: A was covered during the rotation; it hears of the traits as it comes back
    A.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
end)

scenario("a tab that was not selected comes back in the new traits", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  local w = Window { root = tabs }
  tabs.selectedIndex = 2
  settle()
  tabs.selectedIndex = 1
  settle()
  user.rotate(w)
  settle()
  trace.clear()
  tabs.selectedIndex = 2
  settle()
  expect [[
    T2.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
  trace.clear()
  tabs.selectedIndex = 1
  settle()
  -- T1 saw the rotation: nothing to catch up with.
  expect [[
    T1.viewWillAppear(false)
    T2.viewWillDisappear(false)
    T2.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
end)

scenario("a controller first shown after the change hears nothing of it (TRT-04)", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  local w = Window { root = nav }
  settle()
  user.rotate(w)
  settle()
  trace.clear()
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
  ]]
end)
