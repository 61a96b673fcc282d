-- NAV-12  Interactive pop (swipe from the left edge), cancelled.
-- Also: A-7 (a swipe pops only when the stack has more than one controller), G-01 (the
-- cancel edges of the state machine), APP-03 (isMovingFromParent during the gesture),
-- SPEC §3.4 (user.swipeBack).
--
-- Sources: [OBS×2] O-wangling "Canceled Interactive Popping"; O-so18927878 for the top
-- controller ("viewWillDisappear ... aborts ... viewWillAppear ... viewDidAppear").
-- Rule's trace, setup [A, B]: B.viewWillDisappear(true) -> A.viewWillAppear(true) ->
-- A.viewWillDisappear(true) -> A.viewDidDisappear(true) -> B.viewWillAppear(true) ->
-- B.viewDidAppear(true). A gets no viewDidAppear, B no viewDidDisappear. After: the stack is
-- [A, B] again, B.parent === nav. willMove/didMove on cancel [?]; LifecycleHooks issue #2
-- shows isMovingFromParent true in B.viewWillDisappear during the gesture.
-- The engine (DECISIONS D-21): the swipe begins in a turn of its own; B gets
-- willMove(toParent: nil) and leaves the stack while the finger is down, the delegate hears
-- willShow(A); cancel() runs the animation back over fraction x 0.35 s and then sends the
-- four callbacks above; no containment call and no didShow on cancel; B's
-- isMovingFromParent stays true until its viewDidAppear.
-- What the scenarios show: that trace with the flags; the state during the gesture and after;
-- the timing of the cancel; a second swipe that finishes; gesture misuse (errors).
-- DECISIONS (docs/DECISIONS.md): D-21 (interactive pop), D-22 (the user's hand), D-7 (flags).

local function milliseconds(t) return math.floor(t * 1000 + 0.5) end

local function reporter(name)
  local function report(callback)
    return function(self)
      note(name .. "." .. callback .. ": toParent=" .. tostring(self.isMovingToParent)
        .. " fromParent=" .. tostring(self.isMovingFromParent))
    end
  end
  return Controller {
    name,
    viewWillAppear = report("viewWillAppear"),
    viewDidAppear = report("viewDidAppear"),
    viewWillDisappear = report("viewWillDisappear"),
    viewDidDisappear = report("viewDidDisappear"),
  }
end

-- [A, B] on screen, B on top, settled.
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

scenario("the trace of a cancelled swipe, with the flags", function()
  local A, B = reporter("A"), reporter("B")
  local nav = navShowingB(A, B)
  local g = user.swipeBack(nav)
  g:update(0.4)
  g:cancel()
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    note: B.viewWillDisappear: toParent=false fromParent=true
    A.viewWillAppear(true)
    note: A.viewWillAppear: toParent=false fromParent=false
    Nav.delegate.willShow(A, animated: true)
    A.viewWillDisappear(true)
    note: A.viewWillDisappear: toParent=false fromParent=false
    A.viewDidDisappear(true)
    note: A.viewDidDisappear: toParent=false fromParent=false
    B.viewWillAppear(true)
    note: B.viewWillAppear: toParent=false fromParent=true
    B.viewDidAppear(true)
    note: B.viewDidAppear: toParent=false fromParent=true
  ]]
  expect.equal(B.isMovingFromParent, false, "cleared after B.viewDidAppear")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "appeared", "B")
end)

scenario("the state while the finger is down, and after the cancel", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
  ]]
  expect.equal(g.state, "began", "g.state")
  expect.equal(nav.viewControllers, { A }, "B has left the stack during the gesture")
  expect.equal(nav.topViewController, A, "topViewController")
  expect.equal(B.parent, nil, "B.parent during the gesture")
  expect.equal(B.appearance, "disappearing", "B")
  expect.equal(A.appearance, "appearing", "A")

  g:update(0.4)
  expect [[
  ]]
  expect.equal(g.fraction, 0.4, "g.fraction")
  expect.equal(g.state, "changed", "g.state")

  g:cancel()
  expect.equal(g.state, "cancelling", "g.state while the animation runs back")
  settle()
  expect [[
    A.viewWillDisappear(true)
    A.viewDidDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(g.state, "cancelled", "g.state")
  expect.equal(nav.viewControllers, { A, B }, "the stack is as it was")
  expect.equal(nav.children, { A, B }, "children")
  expect.equal(B.parent, nav, "B.parent")
  expect.equal(nav.topViewController, B, "topViewController")
end)

scenario("timing: the animation runs back over fraction x 0.35 s", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  g:update(0.4)
  trace.clear()
  local start = now()
  g:cancel()
  advance(0.13)
  expect [[
  ]]
  settle()
  expect [[
    A.viewWillDisappear(true)
    A.viewDidDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(milliseconds(now() - start), 140, "0.4 x 0.35 s")
end)

scenario("the finger held: nothing happens until the gesture ends", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  trace.clear()
  g:update(0.2)
  advance(5)
  g:update(0.7)
  expect [[
  ]]
  expect.equal(A.appearance, "appearing", "A")
  g:cancel()
  settle()
  expect [[
    A.viewWillDisappear(true)
    A.viewDidDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
end)

scenario("cancelled, then swiped again and finished", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  g:update(0.3)
  g:cancel()
  settle()
  trace.clear()
  local g2 = user.swipeBack(nav)
  g2:update(0.5)
  g2:finish()
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
  expect.equal(nav.viewControllers, { A }, "viewControllers")
end)

scenario("while the finger is down, the back button and a second swipe are refused", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  g:update(0.4)
  trace.clear()
  expect.error(function() user.tapBack(nav) end, "in a transition")
  expect.error(function() user.swipeBack(nav) end, "in a transition")
  g:cancel()
  settle()
  expect [[
    A.viewWillDisappear(true)
    A.viewDidDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
end)

scenario("misuse: the gesture is over, fractions out of range, nothing to swipe", function()
  local nav, A, B = navShowingB()
  local g = user.swipeBack(nav)
  expect.error(function() g:update(1.5) end, "from 0 to 1")
  g:cancel()
  expect.error(function() g:finish() end, "cancelled")
  expect.error(function() g:update(0.5) end, "cancelled")
  settle()
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")

  local offscreen = NavigationController { "Offscreen", Controller "X", Controller "Y" }
  expect.error(function() user.swipeBack(offscreen) end, "not on screen")
end)
