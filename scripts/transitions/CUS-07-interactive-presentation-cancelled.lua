-- CUS-07, ICT-04, COO-03  A custom presentation and dismissal driven by a
-- PercentDrivenInteractiveTransition from the transitioning delegate: cancelled (the links
-- undone), then finished; the remaining time with a completion speed; the coordinator's
-- interaction handler and flags.
--
-- Sources: TRANSITIONS-TIMING CUS-01 [RE18]+[INF] (in the present call: presentationController,
-- animationControllerForPresented, interactionControllerForPresentation, the last only with an
-- animator); CUS-07 [DOC H-TC17]+[RE18] (a cancel: the interaction handler, then the incoming
-- controller's viewWillDisappear and the outgoing one's viewWillAppear; DidEnd(false) first at
-- completeTransition(false); a cancelled presentation is undone); ICT-04 [DOC H-VCT] (finish
-- takes (1 - p) * d / c, cancel p * d / c; the animator completes with not
-- transitionWasCancelled); COO-03 [DOC H-TC17] (notifyWhenInteractionChanges; isInteractive,
-- initiallyInteractive, isCancelled, percentComplete).
-- DECISIONS (docs/DECISIONS.md): D-118 (animations held at the finger, the speed), D-119 (the
-- reversed will-callbacks come as the run-back ends, after the handler), D-110 (a cancelled
-- presentation: links undone, no completion).

local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

local function slide()
  return Animator { "Slide", duration = 0.5,
    animateTransition = function(self, ctx)
      if ctx.toView then ctx.containerView:addSubview(ctx.toView) end
      animate(ctx.duration, function() end, function()
        ctx:completeTransition(not ctx.transitionWasCancelled)
      end)
    end,
    animationEnded = function(self, completed) end,
  }
end

scenario("an interactive custom presentation cancelled, then one finished at twice the speed", function()
  local A = Controller "A"
  local win = shown(A)
  local flags = {}
  local B = Controller { "B", viewWillAppear = function(self)
    local c = self.transitionCoordinator
    flags[#flags + 1] = string.format("interactive %s, initially %s", tostring(c.isInteractive),
      tostring(c.initiallyInteractive))
    c:notifyWhenInteractionChanges(function(c)
      note(string.format("interaction changed: cancelled %s, interactive %s, at %s", tostring(c.isCancelled),
        tostring(c.isInteractive), tostring(c.percentComplete)))
    end)
  end }
  B.modalPresentationStyle = "custom"
  local animator = slide()
  local interaction = PercentDrivenInteractiveTransition()
  B.transitioningDelegate = {
    animationControllerForPresented = function(presented, presenting, source) return animator end,
    interactionControllerForPresentation = function(animator) return interaction end,
    presentationController = function(presented, presenting, source)
      return PresentationController {
        presentationTransitionWillBegin = function(self) end,
        presentationTransitionDidEnd = function(self, completed) end,
      }
    end,
  }
  A:present(B, true, function() note "completion" end)
  expect [[
    B.transitioningDelegate.presentationController(B, presenting: A, source: A)
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.transitioningDelegate.interactionControllerForPresentation(Slide)
  ]]
  settle()
  expect [[
    B.viewDidLoad()
    B.presentationController.presentationTransitionWillBegin()
    B.viewWillAppear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
  ]]
  expect.equal(interaction.duration, 0.5)
  interaction:update(0.2)
  interaction:cancel()
  expect [[
    note: interaction changed: cancelled true, interactive false, at 0.2
  ]]
  -- 0.2 of 0.5 s to run back.
  advance(0.09)
  expect [[ ]]
  advance(0.01)
  expect [[
    B.presentationController.presentationTransitionDidEnd(false)
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    Slide.animationEnded(false)
  ]]
  expect.equal(A.presentedViewController, nil)
  expect.equal(B.presentingViewController, nil)
  expect.equal(B.view.window, nil)
  expect.equal(A.view.window, win)

  interaction.completionSpeed = 2
  A:present(B, true, function() note "completion" end)
  settle()
  trace.clear()
  interaction:update(0.6)
  interaction:finish()
  -- (1 - 0.6) of 0.5 s at twice the speed: 0.1 s.
  advance(0.1)
  expect [[
    note: interaction changed: cancelled false, interactive false, at 0.6
    B.presentationController.presentationTransitionDidEnd(true)
    B.viewDidAppear(true)
    note: completion
    Slide.animationEnded(true)
  ]]
  expect.equal(A.presentedViewController, B)
  expect.equal(flags, { "interactive true, initially true", "interactive true, initially true" })
end)

scenario("an interactive custom dismissal cancelled: the presented controller stays", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller "B"
  B.modalPresentationStyle = "custom"
  local animator = slide()
  local interaction = PercentDrivenInteractiveTransition()
  B.transitioningDelegate = {
    animationControllerForPresented = function(presented, presenting, source) return animator end,
    animationControllerForDismissed = function(dismissed) return animator end,
    interactionControllerForDismissal = function(animator) return interaction end,
  }
  A:present(B, true)
  settle()
  trace.clear()
  A:dismiss(true, function() note "dismissed" end)
  settle()
  interaction:update(0.5)
  interaction:cancel()
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForDismissed(B)
    B.transitioningDelegate.interactionControllerForDismissal(Slide)
    B.viewWillDisappear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Slide.animationEnded(false)
  ]]
  expect.equal(A.presentedViewController, B)
  expect.equal(B.view.window, win)
  expect.equal(B.isBeingDismissed, false)
  -- Dismissed again, without a finger this time: UIKit's own animation would do too.
  B.transitioningDelegate.interactionControllerForDismissal = nil
  A:dismiss(true)
  settle()
  expect.equal(A.presentedViewController, nil)
end)

scenario("an animator that completes by itself while the finger still holds: the interaction is over", function()
  local A = Controller "A"
  shown(A)
  local B = Controller "B"
  B.modalPresentationStyle = "custom"
  local interaction = PercentDrivenInteractiveTransition()
  B.transitioningDelegate = {
    animationControllerForPresented = function(presented, presenting, source)
      -- after() is not a UIView animation: the finger does not hold it (ICT-04).
      return Animator { "Timer", duration = 0.2,
        animateTransition = function(self, ctx)
          ctx.containerView:addSubview(ctx.toView)
          after(ctx.duration, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
        end }
    end,
    interactionControllerForPresentation = function(animator) return interaction end,
  }
  A:present(B, true)
  settle()
  expect.equal(interaction.state, "finished")
  expect.equal(A.presentedViewController, B)
  expect.error(function() interaction:finish() end, "whose transition has finished")
end)
