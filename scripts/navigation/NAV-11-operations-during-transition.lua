-- NAV-11  Push and pop while a transition is running; several operations in one turn.
-- Also: M-6 (several operations in one turn coalesce into one transition; an operation issued
-- while a transition runs is applied when it ends), CON-09, §15, §16.5.
--
-- Source: [OBS] iOS 7: console "nested push animation can result in corrupted navigation
-- bar" then "Finishing up a navigation transition in an unexpected state. Navigation Bar
-- subview tree might get corrupted.", often with "Unbalanced calls to begin/end appearance
-- transitions for <X>" and crashes "Can't add self as subview" (O-klaas,
-- KTJPushQueueForNavigation README, SO 9088465). Modern iOS behaviour (queueing vs
-- dropping) [?].
-- The engine queues (DECISIONS D-19): it reproduces neither the iOS 7 console lines nor the
-- unbalanced warning, and the scenarios check that no warning appears. Operations made in
-- one turn coalesce: one transition from the controller on screen to the top at the next
-- turn, and controllers pushed and covered in between never load (M-6).
-- What the scenarios show: two pushes in one turn; a push undone in the same turn; a push and
-- a pop issued during an animated push (nothing happens until it ends; the stack and the
-- parents meanwhile; the pop's return value); two pushes queued behind one transition; the
-- gestures refused during a transition.
-- DECISIONS (docs/DECISIONS.md): D-19 (one transition per turn; queueing; checked when
-- issued), D-18 (containment calls), D-22 (gestures during a transition are script errors).

local function milliseconds(t) return math.floor(t * 1000 + 0.5) end

local function visibleNav()
  local A = Controller "A"
  local nav = NavigationController {
    "Nav", A,
    delegate = { willShow = function() end, didShow = function() end },
  }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("two pushes in one turn: one transition from A to C, B never loads", function()
  local nav, A = visibleNav()
  local B, C = Controller "B", Controller "C"
  nav:pushViewController(B)
  nav:pushViewController(C)
  expect [[
    B.willMove(toParent: Nav)
    C.willMove(toParent: Nav)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "viewControllers, at once")
  settle()
  expect [[
    C.viewDidLoad()
    A.viewWillDisappear(true)
    C.viewWillAppear(true)
    Nav.delegate.willShow(C, animated: true)
    A.viewDidDisappear(true)
    C.viewDidAppear(true)
    B.didMove(toParent: Nav)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: true)
  ]]
  expect.equal(B.isViewLoaded, false, "B never loads")
  expect.equal(milliseconds(now()), 350, "a single transition")
end)

scenario("push then pop in one turn: back where it started, nothing on screen changes", function()
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B)
  expect.equal(nav:popViewController(), B, "the pop returns B")
  expect [[
    B.willMove(toParent: Nav)
    B.willMove(toParent: nil)
  ]]
  settle()
  expect [[
    B.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
  expect.equal(B.parent, nil, "B.parent")
  expect.equal(B.isViewLoaded, false, "B never loads")
  expect.equal(A.appearance, "appeared", "A stays on screen")
  expect.equal(now(), 0, "no transition")
end)

scenario("a push during an animated push waits for it to end", function()
  local nav, A = visibleNav()
  local B, C = Controller "B", Controller "C"
  nav:pushViewController(B)
  advance(0.1)
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
  ]]
  nav:pushViewController(C)
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "not applied yet")
  expect.equal(C.parent, nil, "C.parent")
  advance(0.25)                      -- 0.35: B's transition ends, then C's push is applied
  expect [[
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    Nav.delegate.willShow(C, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "applied")
  advance(0.3)
  expect [[
  ]]
  advance(0.05)                      -- 0.70
  expect [[
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: true)
  ]]
  expect.equal(milliseconds(now()), 700, "two transitions back to back")
end)

scenario("a pop during an animated push: returns B, applied when the push ends", function()
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B)
  advance(0.1)
  trace.clear()
  expect.equal(nav:popViewController(), B, "checked against the stack it will apply to")
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "not applied yet")
  expect.equal(B.parent, nav, "B.parent")
  settle()
  expect [[
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
  expect.equal(milliseconds(now()), 700, "two transitions")
end)

scenario("two pushes queued behind one transition are applied together", function()
  local nav, A = visibleNav()
  local B, C, D = Controller "B", Controller "C", Controller "D"
  nav:pushViewController(B)
  advance(0.1)
  trace.clear()
  nav:pushViewController(C)
  nav:pushViewController(D)
  expect [[
  ]]
  settle()
  expect [[
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    C.willMove(toParent: Nav)
    D.willMove(toParent: Nav)
    D.viewDidLoad()
    B.viewWillDisappear(true)
    D.viewWillAppear(true)
    Nav.delegate.willShow(D, animated: true)
    B.viewDidDisappear(true)
    D.viewDidAppear(true)
    C.didMove(toParent: Nav)
    D.didMove(toParent: Nav)
    Nav.delegate.didShow(D, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B, C, D }, "viewControllers")
  expect.equal(C.isViewLoaded, false, "C never loads")
end)

scenario("a pop during a pop: the second is applied after the first", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A, B, C }
  Window { root = nav }
  settle()
  trace.clear()
  expect.equal(nav:popViewController(), C, "first pop")
  advance(0.1)
  expect.equal(nav:popViewController(), B, "second pop, queued")
  expect.equal(nav.viewControllers, { A, B }, "the first pop only")
  settle()
  expect [[
    C.willMove(toParent: nil)
    B.viewDidLoad()
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    C.viewDidDisappear(true)
    B.viewDidAppear(true)
    C.didMove(toParent: nil)
    B.willMove(toParent: nil)
    A.viewDidLoad()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
end)

scenario("the back button and the swipe are ignored during a transition (script errors)", function()
  local nav, A = visibleNav()
  local B, C = Controller "B", Controller "C"
  nav:pushViewController(B)
  settle()
  nav:pushViewController(C)
  advance(0.1)
  trace.clear()
  expect.error(function() user.tapBack(nav) end, "in a transition")
  expect.error(function() user.swipeBack(nav) end, "in a transition")
  settle()
  expect [[
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "nothing popped")
end)
