-- NAV-13  Interactive pop (swipe from the left edge), completed.
-- Also: NAV-04 (the same calls), A-7, APP-03, LOAD-07, SPEC §3.4 (user.swipeBack).
--
-- Source: [OBS] same as NAV-04; B.viewWillDisappear fires at the gesture's start,
-- B.viewDidDisappear when the finger lifts and the animation completes (O-so18927878).
-- NAV-04's trace: B.willMove(toParent: nil) -> B.viewWillDisappear(true) ->
-- A.viewWillAppear(true) -> navDelegate.willShow(A) -> B.viewDidDisappear(true) ->
-- A.viewDidAppear(true) -> B.didMove(toParent: nil) -> navDelegate.didShow(A).
-- The engine (DECISIONS D-21): the swipe begins in a turn of its own with the will-callbacks
-- and willShow; finish() completes the animation over (1 - fraction) x 0.35 s.
-- What the scenarios show: the split of the trace between the gesture's start and the end of
-- the animation; the timing for several fractions; flags; a deeper stack whose revealed
-- controller was never loaded; the state after.
-- DECISIONS (docs/DECISIONS.md): D-21 (interactive pop), D-22 (the user's hand), D-18
-- (didMove(nil) before didShow), D-7 (flags).

local function milliseconds(t) return math.floor(t * 1000 + 0.5) end

local function navShowingB(A, B)
  A, B = A or Controller "A", B or Controller "B"
  local nav = NavigationController {
    "Nav", A,
    delegate = { willShow = function() end, didShow = function() end },
  }
  Window { root = nav }
  settle()
  nav:pushViewController(B)
  settle()
  trace.clear()
  return nav, A, B
end

scenario("will-callbacks when the finger moves, did-callbacks when the animation ends", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
  ]]
  g:update(0.4)
  local lift = now()
  g:finish()
  expect.equal(g.state, "finishing", "g.state")
  advance(0.2)
  expect [[
  ]]
  settle()
  expect [[
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(milliseconds(now() - lift), 210, "(1 - 0.4) x 0.35 s")
  expect.equal(g.state, "finished", "g.state")
  expect.equal(nav.viewControllers, { A }, "viewControllers")
  expect.equal(B.parent, nil, "B.parent")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(B.appearance, "disappeared", "B")
end)

scenario("finished without moving: the whole 0.35 s", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  local lift = now()
  g:finish()
  settle()
  expect.equal(milliseconds(now() - lift), 350, "(1 - 0) x 0.35 s")
end)

scenario("finished at the end of the swipe: done at once", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  g:update(1)
  local lift = now()
  g:finish()
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(milliseconds(now() - lift), 0, "(1 - 1) x 0.35 s")
end)

scenario("flags: B is moving from its parent in both of its callbacks", function()
  local function report(name, callback)
    return function(self)
      note(name .. "." .. callback .. ": fromParent=" .. tostring(self.isMovingFromParent)
        .. " toParent=" .. tostring(self.isMovingToParent))
    end
  end
  local A = Controller { "A", viewWillAppear = report("A", "viewWillAppear"), viewDidAppear = report("A", "viewDidAppear") }
  local B = Controller {
    "B", viewWillDisappear = report("B", "viewWillDisappear"), viewDidDisappear = report("B", "viewDidDisappear"),
  }
  local nav = navShowingB(A, B)
  local g = user.swipeBack(nav)
  g:update(0.5)
  g:finish()
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    note: B.viewWillDisappear: fromParent=true toParent=false
    A.viewWillAppear(true)
    note: A.viewWillAppear: fromParent=false toParent=false
    Nav.delegate.willShow(A, animated: true)
    B.viewDidDisappear(true)
    note: B.viewDidDisappear: fromParent=true toParent=false
    A.viewDidAppear(true)
    note: A.viewDidAppear: fromParent=false toParent=false
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(B.isMovingFromParent, false, "the move is over")
end)

scenario("a deeper stack: the revealed controller loads first (LOAD-07)", function()
  trace.include "loading"
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A, B, C }
  Window { root = nav }
  settle()
  trace.clear()
  local g = user.swipeBack(nav)
  expect [[
    C.willMove(toParent: nil)
    B.loadView()
    B.viewDidLoad()
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  g:update(0.6)
  g:finish()
  settle()
  expect [[
    C.viewDidDisappear(true)
    B.viewDidAppear(true)
    C.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")
  expect.equal(A.isViewLoaded, false, "A still not loaded")
end)

scenario("the swipe gets a turn of its own: a non-animated push just before is shown first", function()
  local nav, A, B = navShowingB()
  local C = Controller "C"
  nav:pushViewController(C, false)
  local g = user.swipeBack(nav)
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(false)
    C.viewWillAppear(false)
    Nav.delegate.willShow(C, animated: false)
    B.viewDidDisappear(false)
    C.viewDidAppear(false)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: false)
    C.willMove(toParent: nil)
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
  ]]
  g:finish()
  settle()
  expect [[
    C.viewDidDisappear(true)
    B.viewDidAppear(true)
    C.didMove(toParent: nil)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")
end)
