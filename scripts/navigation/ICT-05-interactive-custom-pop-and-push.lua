-- ICT-02, ICT-05  A navigation controller's custom transition driven by a
-- PercentDrivenInteractiveTransition: an interactive pop cancelled, then one finished, and an
-- interactive push cancelled.
--
-- Sources: TRANSITIONS-TIMING ICT-01 [RE8.3] (inside the push or pop call:
-- animationControllerFor, transitionDuration, interactionControllerFor); ICT-02 [OBS
-- O-wangling iOS 7, rdar 21137690] (a cancelled pop: cur.wD -> new.wA -> [lift] -> the
-- interaction handler -> new.wD -> new.dD -> cur.wA -> cur.dA; the stack unchanged; willShow
-- once, no didShow); ICT-04 [DOC H-VCT] (update scrubs; finish takes (1 - p) * d / c, cancel
-- p * d / c; the animator still completes with not transitionWasCancelled); ICT-05 [INF] (a
-- cancelled push: the pushed controller leaves the stack, animationEnded(false)); COO-03 [DOC
-- H-TC17] (notifyWhenInteractionChanges runs at the lift, before the reversed callbacks).
-- DECISIONS (docs/DECISIONS.md): D-118 (animations held at the finger), D-119 (when the
-- reversed will-callbacks come), D-121 (containment on a cancel), D-113 (when the delegate is
-- asked), D-21 (no containment call for a popped controller that comes back).

local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

-- An animator that animates with UIView.animate, as an interactive one must (ICT-04).
local function slide()
  return Animator { "Slide", duration = 0.4,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      animate(ctx.duration, function() end, function()
        ctx:completeTransition(not ctx.transitionWasCancelled)
      end)
    end,
    animationEnded = function(self, completed) end,
  }
end

local function watching(name)
  return Controller { name, viewWillDisappear = function(self)
    local c = self.transitionCoordinator
    if c and c.isInteractive then
      c:notifyWhenInteractionChanges(function(c)
        note(name .. ": the finger let go, cancelled = " .. tostring(c.isCancelled))
      end)
    end
  end }
end

local function customNav(A, interaction)
  local nav = NavigationController { "Nav", A }
  local win = shown(nav)
  local animator = slide()
  nav.delegate = {
    animationControllerFor = function(nav, operation, from, to) return animator end,
    interactionControllerFor = function(nav, animator) return interaction end,
    willShow = function() end, didShow = function() end,
  }
  return nav, win
end

scenario("an interactive custom pop, cancelled, then finished", function()
  local A, B = Controller "A", watching "B"
  local interaction = PercentDrivenInteractiveTransition()
  local nav, win = customNav(A, nil)
  nav:pushViewController(B, true)
  settle()
  nav.delegate.interactionControllerFor = function(nav, animator) return interaction end
  trace.clear()

  nav:popViewController(true)
  settle()  -- the pop has begun; the finger holds it
  expect [[
    B.willMove(toParent: nil)
    Nav.delegate.animationControllerFor("pop", from: B, to: A)
    Slide.transitionDuration()
    Nav.delegate.interactionControllerFor(Slide)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    Slide.animateTransition()
  ]]
  expect.equal(interaction.state, "began")
  expect.equal(B.transitionCoordinator.isInteractive, true)
  expect.equal(#nav.viewControllers, 1)

  interaction:update(0.25)
  expect.equal(B.transitionCoordinator.percentComplete, 0.25)
  interaction:cancel()
  -- The handler runs at the lift; the animation runs back over 0.25 of its 0.4 s.
  expect [[
    note: B: the finger let go, cancelled = true
  ]]
  advance(0.09)
  expect [[ ]]
  advance(0.01)
  expect [[
    A.viewWillDisappear(true)
    A.viewDidDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Slide.animationEnded(false)
  ]]
  expect.equal(interaction.state, "cancelled")
  expect.equal(nav.topViewController, B)
  expect.equal(B.parent, nav)
  expect.equal(B.view.window, win)
  expect.equal(A.view.window, nil)

  -- The same interaction drives the next pop, lifted to finish at 0.5: 0.2 s to go.
  nav:popViewController(true)
  settle()
  trace.clear()
  interaction:update(0.5)
  interaction:finish()
  advance(0.19)
  expect [[
    note: B: the finger let go, cancelled = false
  ]]
  advance(0.01)
  expect [[
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
    Slide.animationEnded(true)
  ]]
  expect.equal(interaction.state, "finished")
  expect.equal(nav.topViewController, A)
  expect.equal(B.parent, nil)
end)

scenario("an interactive custom push, cancelled: the pushed controller leaves the stack", function()
  local A, B = Controller "A", Controller "B"
  local interaction = PercentDrivenInteractiveTransition { completionSpeed = 2 }
  local nav, win = customNav(A, interaction)
  nav:pushViewController(B, true)
  settle()
  interaction:update(0.5)
  interaction:cancel()
  -- 0.5 of 0.4 s, run back at twice the speed: 0.1 s.
  advance(0.1)
  expect [[
    B.willMove(toParent: Nav)
    Nav.delegate.animationControllerFor("push", from: A, to: B)
    Slide.transitionDuration()
    Nav.delegate.interactionControllerFor(Slide)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    Slide.animateTransition()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Slide.animationEnded(false)
  ]]
  expect.equal(#nav.viewControllers, 1)
  expect.equal(nav.topViewController, A)
  expect.equal(B.parent, nil)
  expect.equal(B.view.window, nil)
  expect.equal(A.view.window, win)
end)

scenario("an animator that completes as not finished cancels a push that no finger drives", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  shown(nav)
  nav.delegate = { animationControllerFor = function(nav, operation, from, to)
    return Animator { "Refuse", duration = 0.3,
      animateTransition = function(self, ctx) after(ctx.duration, function() ctx:completeTransition(false) end) end,
      animationEnded = function(self, completed) end }
  end }
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    Nav.delegate.animationControllerFor("push", from: A, to: B)
    Refuse.transitionDuration()
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Refuse.animateTransition()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Refuse.animationEnded(false)
  ]]
  expect.equal(nav.topViewController, A)
end)

scenario("the swipe back drives the delegate's animator when it gives one, with UIKit's own interaction", function()
  local A, B = Controller "A", Controller "B"
  local nav = customNav(A, nil)
  nav.delegate.interactionControllerFor = nil
  nav:pushViewController(B, true)
  settle()
  trace.clear()
  local g = user.swipeBack(nav)
  g:update(0.5)
  g:finish()
  settle()
  expect [[
    B.willMove(toParent: nil)
    Nav.delegate.animationControllerFor("pop", from: B, to: A)
    Slide.transitionDuration()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    Slide.animateTransition()
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
    Slide.animationEnded(true)
  ]]
  expect.equal(g.state, "finished")
end)

scenario("misuse: an interaction with no transition, a fraction out of range, a speed of 0", function()
  local interaction = PercentDrivenInteractiveTransition()
  expect.error(function() interaction:finish() end, "drives no transition yet")
  expect.error(function() interaction.completionSpeed = 0 end, "completionSpeed must be a number above 0, got 0")
  expect.error(function() PercentDrivenInteractiveTransition { completionSpeedd = 1 } end, "did you mean 'completionSpeed'")
  local A, B = Controller "A", Controller "B"
  local nav = customNav(A, interaction)
  nav:pushViewController(B, true)
  settle()
  expect.error(function() interaction:update(1.5) end, "takes a fraction from 0 to 1")
  interaction:finish()
  expect.error(function() interaction:cancel() end, "the finger has let go of (it is finishing)")
  settle()
  expect.error(function() interaction:update(0.5) end, "whose transition has finished")
end)
