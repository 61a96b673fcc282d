-- CUS-01, CUS-02, CUS-05  The founding article's custom modal animation: a transitioning
-- delegate vends an animator of 0.8 s that adds the presented view to the container view and
-- completes the transition when its animation ends; then the dismissal.
--
-- Sources: seeds/003 "iOS中ViewController的切换", section 自定义模态动画效果 (transitionDuration
-- 0.8, animateTransition adds toVC.view to containerView and calls completeTransition:YES in
-- the animation's completion, mvc.transitioningDelegate = self,
-- animationControllerForPresentedController:presentingController:sourceController:);
-- TRANSITIONS-TIMING CUS-01 [DOC VCPG-CT/VCPG-CP]+[RE18] (in the call: presentationController,
-- animationController; after the commit: presentationTransitionWillBegin, A.wD only if
-- shouldRemovePresentersView, B.wA, transitionDuration, animateTransition; at
-- completeTransition(true): presentationTransitionDidEnd(true), B.dA, A.dD, the completion,
-- animationEnded(true)); CUS-02 [DOC]+[RE18] (the dismissal's mirror: dismissalTransitionWillBegin,
-- B.wD, A.wA, ...; DidEnd(true), the presenter's view restored, A.dA, B.dD, the completion,
-- animationEnded); CUS-05 [DOC H-PC17]+[RE18]+[OBS×6] (custom style: the presenter's callbacks
-- only with shouldRemovePresentersView); M-14 (the duration is asked after the will-callbacks).
-- DECISIONS (docs/DECISIONS.md): D-108 (the animator, the transitioning delegate and the
-- client's presentation controller in the trace), D-111 (a custom dismissal puts the
-- presenter's view back as it ends).

-- `root` in a window, settled and the trace cleared.
local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

-- The seed's animator: 0.8 s, the presented view added, completed in the animation's completion.
local function presentAnimation()
  return Animator { "PresentAnimation", duration = 0.8,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      animate(ctx.duration, function() end, function(finished) ctx:completeTransition(true) end)
    end,
  }
end

scenario("the seed as written: a full-screen presentation animated by the delegate's animator for 0.8 s", function()
  local A = Controller "A"
  local win = shown(A)
  local mvc = Controller "B"
  mvc.modalPresentationStyle = "fullScreen"
  local animation = presentAnimation()
  mvc.transitioningDelegate = {
    animationControllerForPresented = function(presented, presenting, source) return animation end,
  }
  A:present(mvc, true, function() note("presented at " .. now()) end)
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
  ]]
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    PresentAnimation.transitionDuration()
    PresentAnimation.animateTransition()
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: presented at 0.8
    PresentAnimation.animationEnded(true)
  ]]
  expect.equal(mvc.view.window, win)
  expect.equal(A.view.window, nil)
  -- The delegate gives no dismissal animator: UIKit's own, 0.5 s.
  mvc:dismiss(true, function() note("dismissed at " .. now()) end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed at 1.3
  ]]
end)

scenario("custom style, no presentation controller: the presenter hears nothing either way", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller "B"
  B.modalPresentationStyle = "custom"
  local slide = Animator { "Slide", duration = 0.8,
    animateTransition = function(self, ctx)
      if ctx.toView then ctx.containerView:addSubview(ctx.toView) end
      after(ctx.duration, function() ctx:completeTransition(true) end)
    end,
    animationEnded = function(self, completed) end,
  }
  B.transitioningDelegate = {
    animationControllerForPresented = function(presented, presenting, source) return slide end,
    animationControllerForDismissed = function(dismissed) return slide end,
  }
  A:present(B, true, function() note("presented at " .. now()) end)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
    B.viewDidAppear(true)
    note: presented at 0.8
    Slide.animationEnded(true)
  ]]
  expect.equal(A.view.window, win)
  B:dismiss(true, function() note("dismissed at " .. now()) end)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForDismissed(B)
    B.viewWillDisappear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
    B.viewDidDisappear(true)
    note: dismissed at 1.6
    Slide.animationEnded(true)
  ]]
  expect.equal(B.view.window, nil)
end)

scenario("custom style, a presentation controller that removes the presenter's view: CUS-01 and CUS-02 in full", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller "B"
  B.modalPresentationStyle = "custom"
  local slide = Animator { "Slide", duration = 0.8,
    animateTransition = function(self, ctx)
      if ctx.to == B then ctx.containerView:addSubview(ctx.toView) end
      after(ctx.duration, function() ctx:completeTransition(true) end)
    end,
    animationEnded = function(self, completed) end,
  }
  B.transitioningDelegate = {
    presentationController = function(presented, presenting, source)
      return PresentationController { shouldRemovePresentersView = true,
        presentationTransitionWillBegin = function(self) end,
        presentationTransitionDidEnd = function(self, completed) end,
        dismissalTransitionWillBegin = function(self) end,
        dismissalTransitionDidEnd = function(self, completed) end,
      }
    end,
    animationControllerForPresented = function(presented, presenting, source) return slide end,
    animationControllerForDismissed = function(dismissed) return slide end,
  }
  A:present(B, true, function() note("presented at " .. now()) end)
  settle()
  expect [[
    B.transitioningDelegate.presentationController(B, presenting: A, source: A)
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.presentationController.presentationTransitionWillBegin()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
    B.presentationController.presentationTransitionDidEnd(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: presented at 0.8
    Slide.animationEnded(true)
  ]]
  expect.equal(A.view.window, nil)
  B:dismiss(true, function() note("dismissed at " .. now()) end)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForDismissed(B)
    B.presentationController.dismissalTransitionWillBegin()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
    B.presentationController.dismissalTransitionDidEnd(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed at 1.6
    Slide.animationEnded(true)
  ]]
  expect.equal(A.view.window, win)
  expect.equal(B.view.window, nil)
end)
