-- M-13  One transition step: a transition still running when its container starts to
-- disappear, or its window hides, ends at once, before the container's own
-- viewWillDisappear, so that no child stays appeared inside a container that is not.
-- Also: M-7 / TIM-04 (tab switch), CON-07 (transition(from:to:), incoming ends first), M-6 /
-- TIM-03 (push), M-8 / TIM-02 (a presentation begins after the commit), D-5 (hiding a window),
-- APP-02 (replacing a window's root), M-2 (parent first).
--
-- Sources: BEHAVIOR.md Part B M-13 (the project's rule: no source logs these interleavings);
-- G-01 (the appearance state machine). Each scenario was a defect of the engine before M-13:
-- the incoming tab ended appeared under a disappeared tab bar and got no callbacks when the
-- window came back; the incoming child of transition(from:to:) got viewDidAppear after its
-- window had gone; a presentation during a push finished the push inside present().
-- DECISIONS (docs/DECISIONS.md): D-19 (a navigation controller leaving mid-transition), D-36
-- (a window hiding during a presentation), D-56 (the one transition step).

local function shownTabs()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  local win = Window { root = tabs }
  settle()
  trace.clear()
  return tabs, T1, T2, win
end

scenario("a tab switch, then the window hides in the same turn", function()
  local tabs, T1, T2, win = shownTabs()
  tabs.selectedIndex = 2
  win.isHidden = true
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
    Tabs.viewWillDisappear(false)
    T2.viewWillDisappear(false)
  ]]
  settle()
  expect [[
    Tabs.viewDidDisappear(false)
    T2.viewDidDisappear(false)
  ]]
  expect.equal(T2.appearance, "disappeared", "T2 in a hidden window")
  win:makeKeyAndVisible()
  settle()
  expect [[
    Tabs.viewWillAppear(false)
    T2.viewWillAppear(false)
    Tabs.viewDidAppear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(T2.appearance, "appeared", "T2 when the window shows again")
end)

scenario("a tab switch, then the window's root is replaced in the same turn", function()
  local tabs, T1, T2, win = shownTabs()
  tabs.selectedIndex = 2
  win.rootViewController = Controller "Other"
  settle()
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    Other.viewDidLoad()
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
    Tabs.viewWillDisappear(false)
    T2.viewWillDisappear(false)
    Other.viewWillAppear(false)
    Tabs.viewDidDisappear(false)
    T2.viewDidDisappear(false)
    Other.viewDidAppear(false)
  ]]
  expect.equal(tabs.appearance, "disappeared", "Tabs")
  expect.equal(T2.appearance, "disappeared", "T2 under a tab bar that left the window")
end)

-- A custom container P switching children with transition(from:to:).
local function switching(duration)
  local P, Old, New = Controller "P", Controller "Old", Controller "New"
  local win = Window { root = P }
  P:addChild(Old)
  P.view:addSubview(Old.view)
  Old:didMove(P)
  settle()
  trace.clear()
  Old:willMove(nil)
  P:addChild(New)
  P:transition(Old, New, duration, function(finished)
    note("completion(" .. tostring(finished) .. ")")
    Old:removeFromParent()
    New:didMove(P)
  end)
  return P, Old, New, win
end

scenario("the window hides during transition(from:to:)", function()
  local P, Old, New, win = switching(0.3)
  advance(0.1)
  trace.clear()
  win.isHidden = true
  expect [[
    New.viewDidAppear(true)
    Old.viewDidDisappear(true)
    note: completion(true)
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
    P.viewWillDisappear(false)
    New.viewWillDisappear(false)
  ]]
  settle()
  expect [[
    P.viewDidDisappear(false)
    New.viewDidDisappear(false)
  ]]
  expect.equal(New.appearance, "disappeared", "New in a hidden window")
  expect.equal(P.appearance, "disappeared", "P")
end)

scenario("a full-screen presentation covers the container during transition(from:to:)", function()
  local P, Old, New = switching(0.3)
  advance(0.1)
  trace.clear()
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  P:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    New.viewDidAppear(true)
    Old.viewDidDisappear(true)
    note: completion(true)
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
    P.viewWillDisappear(true)
    New.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    P.viewDidDisappear(true)
    New.viewDidDisappear(true)
  ]]
  expect.equal(New.appearance, "disappeared", "New, covered")
  expect.equal(P.appearance, "disappeared", "P, covered")
end)

scenario("presenting during a push: the push ends before the navigation controller disappears", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  nav:pushViewController(B)
  local C = Controller { "C", modalPresentationStyle = "fullScreen" }
  A:present(C)
  expect [[
    B.willMove(toParent: Nav)
  ]]
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    C.viewDidLoad()
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.viewWillDisappear(true)
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

-- Issue 17, item 7: the presenter a full-screen dismissal brings back is held by the
-- dismissal's brackets; replacing the window's root took its view out while it was
-- appearing, and it ended appeared with its view in no window.
scenario("root replaced while a dismissal brings the presenter back: the dismissal ends first", function()
  local A, R = Controller "A", Controller "R"
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  local win = Window { root = A }
  settle()
  A:present(B, false)
  settle()
  trace.clear()
  A:dismiss(true)
  advance(0.1)
  win.rootViewController = R
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    R.viewDidLoad()
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    A.viewWillDisappear(false)
    R.viewWillAppear(false)
    A.viewDidDisappear(false)
    R.viewDidAppear(false)
  ]]
  expect.equal(A.appearance, "disappeared", "A is out of the window")
  expect.equal(A.presentedViewController, nil, "the dismissal completed")
end)

-- Issue 17, item 7: a pushed controller taken by another container while the push still
-- animates stayed appearing under its new, hidden parent until the push would have ended.
scenario("a pushed controller taken by another parent mid-push: the push ends first, then it leaves", function()
  local A, C = Controller "A", Controller "C"
  local N = NavigationController { "N", Controller "R" }
  local tabs = TabBarController { "Tabs", A, N }
  Window { root = tabs }
  tabs.selectedViewController = N
  settle()
  trace.clear()
  N:pushViewController(C, true)
  advance(0.1)
  A:addChild(C)
  expect [[
    C.willMove(toParent: N)
    C.viewDidLoad()
    R.viewWillDisappear(true)
    C.viewWillAppear(true)
    R.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: N)
    C.didMove(toParent: nil)
    C.willMove(toParent: A)
  ]]
  settle()
  expect [[
    C.viewWillDisappear(false)
    R.viewWillAppear(false)
    C.viewDidDisappear(false)
    R.viewDidAppear(false)
  ]]
  expect.equal(C.parent, A, "C.parent")
  expect.equal(N.viewControllers, { N.viewControllers[1] }, "N keeps its root")
end)
