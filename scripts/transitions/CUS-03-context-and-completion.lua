-- CUS-03, CUS-04, CUS-07  What a custom animator's context holds, an unanimated custom
-- presentation, an animator that never completes or completes twice, and one that completes
-- without finishing.
--
-- Sources: TRANSITIONS-TIMING CUS-03 [DOC H-VCT, VCPG-CT]+[RE18]+[OBS] (from/to are always the
-- two controllers; the from-view of a presentation is the presenter's only if it is taken out,
-- else nil, mirrored on dismissal; the animator adds the to-view; "we will invoke
-- animateTransition: even though the transition should not be animated"; containerView is nil
-- after the end); CUS-04 [DOC]+[RE18]+[OBS] (never called: no did-callbacks, no completion, no
-- animationEnded, the controllers stay appearing, later presentations are refused with the
-- in-progress warning, BEHAVIOR M-10/PRE-09; called twice: the second call is ignored);
-- CUS-07 [DOC H-TC17]+[RE18]+[?] (completeTransition(false): DidEnd(false), the presented
-- controller's will- and did-disappear, the links undone; the completion is not read [?]).
-- DECISIONS (docs/DECISIONS.md): D-108 (the trace of animators), D-109 (a presented view the
-- animator never adds stays out of the window; its controller has appeared all the same),
-- D-110 (a presentation completed as not finished is undone, its completion not called).

local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

scenario("the context: the two controllers, the views UIKit gives, the container while it runs", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller "B"
  B.modalPresentationStyle = "custom"
  local seen = {}
  local kept
  local slide = Animator { "Slide", duration = 0.3,
    animateTransition = function(self, ctx)
      kept = ctx
      seen[#seen + 1] = string.format("%s -> %s, fromView %s, toView %s, animated %s, interactive %s",
        tostring(ctx.from), tostring(ctx.to), tostring(ctx.fromView), tostring(ctx.toView),
        tostring(ctx.isAnimated), tostring(ctx.isInteractive))
      if ctx.to == B then ctx.containerView:addSubview(ctx.toView) end
      ctx:completeTransition(true)
    end,
  }
  B.transitioningDelegate = {
    animationControllerForPresented = function() return slide end,
    animationControllerForDismissed = function() return slide end,
  }
  A:present(B, true)
  settle()
  -- Completed inside animateTransition: the transition ends there, in the same turn.
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
    B.viewDidAppear(true)
    Slide.animationEnded(true)
  ]]
  expect.equal(seen[1], "Controller A -> Controller B, fromView nil, toView View B.view, animated true, interactive false")
  expect.equal(kept.containerView, nil)
  expect.equal(kept.duration, 0.3)
  B:dismiss(false)
  settle()
  expect.equal(seen[2], "Controller B -> Controller A, fromView View B.view, toView nil, animated false, interactive false")
  expect [[
    B.transitioningDelegate.animationControllerForDismissed(B)
    B.viewWillDisappear(false)
    Slide.transitionDuration()
    Slide.animateTransition()
    B.viewDidDisappear(false)
    Slide.animationEnded(true)
  ]]
end)

scenario("an unanimated custom presentation still runs its animator", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller "B"
  B.modalPresentationStyle = "fullScreen"
  local fade = Animator { "Fade", duration = 0.25,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      after(ctx.duration, function() ctx:completeTransition(true) end)
    end,
  }
  B.transitioningDelegate = { animationControllerForPresented = function() return fade end }
  A:present(B, false, function() note("presented at " .. now()) end)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    Fade.transitionDuration()
    Fade.animateTransition()
    B.viewDidAppear(false)
    A.viewDidDisappear(false)
    note: presented at 0.25
    Fade.animationEnded(true)
  ]]
end)

scenario("an animator that never completes: the trace stops, presenting again is refused, a late second completion changes nothing", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller "B"
  local kept
  local stuck = Animator { "Stuck", duration = 0.4,
    animateTransition = function(self, ctx) kept = ctx end,
  }
  B.transitioningDelegate = { animationControllerForPresented = function() return stuck end }
  A:present(B, true, function() note "presented" end)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Stuck.transitionDuration()
    Stuck.animateTransition()
  ]]
  expect.equal(B.appearance, "appearing")
  expect.equal(B.view.window, nil)
  A:present(Controller "C", true)
  settle()
  expect [[
    warning: Attempt to present C on A while a presentation is in progress!
  ]]
  -- Completed at last, then again: the second call is ignored.
  kept:completeTransition(true) ---@diagnostic disable-line: call-non-callable
  kept:completeTransition(true) ---@diagnostic disable-line: call-non-callable
  settle()
  expect [[
    B.viewDidAppear(true)
    note: presented
    Stuck.animationEnded(true)
  ]]
  expect.equal(B.appearance, "appeared")
end)

scenario("an animator that completes without finishing: the presentation is undone", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller "B"
  B.modalPresentationStyle = "fullScreen"
  local back = Animator { "Back", duration = 0.4,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      after(ctx.duration, function() ctx:completeTransition(false) end)
    end,
    animationEnded = function(self, completed) end,
  }
  B.transitioningDelegate = { animationControllerForPresented = function() return back end }
  A:present(B, true, function() note "presented" end)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Back.transitionDuration()
    Back.animateTransition()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    Back.animationEnded(false)
  ]]
  expect.equal(A.presentedViewController, nil)
  expect.equal(B.presentingViewController, nil)
  expect.equal(A.view.window, win)
  expect.equal(B.view.window, nil)
  -- Nothing is left in flight: A presents again.
  A:present(Controller "C", false)
  settle()
  expect.equal(A.presentedViewController.name, "C")
end)
