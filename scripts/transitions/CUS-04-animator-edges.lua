-- CUS-04, CUS-07, M-13  The edges of a client's animator: one that moves the presenter's view,
-- one whose presentation is cancelled after moving it, a presented view never added and then
-- dismissed, a window hidden before or while the animator runs, a chain dismissed from below.
--
-- Sources: TRANSITIONS-TIMING CUS-03 [DOC H-VCT, VCPG-CT]+[RE18] (the presenter's view is
-- UIKit's to take out and bring back; the animator may add ctx.fromView to the container);
-- CUS-04 [DOC]+[RE18] (the transition is the animator's until it completes); CUS-07 [DOC
-- H-TC17]+[RE18] (a cancel turns both back, the presenter coming back); BEHAVIOR M-13 (a
-- transition whose window hides ends at once); COO-01 (a dismissed controller sees the
-- dismissal's coordinator).
-- DECISIONS (docs/DECISIONS.md): D-109 (a presented view never added; its dismissal still
-- brings it the disappearance), D-114 (ended before or while the animator animates; the
-- presenter's view noted as the animator begins; a chain dismissed from below).

local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

-- An animator that puts both views in the container, and completes with `finished` after 0.2 s.
local function both(finished)
  return Animator { "Both", duration = 0.2,
    animateTransition = function(self, ctx)
      if ctx.fromView then ctx.containerView:addSubview(ctx.fromView) end
      if ctx.toView then ctx.containerView:addSubview(ctx.toView) end
      after(ctx.duration, function() ctx:completeTransition(finished) end)
    end,
    animationEnded = function(self, completed) end,
  }
end

scenario("an animator that moves the presenter's view into the container: it leaves at the end, and comes back where it was", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  local animator = both(true)
  B.transitioningDelegate = {
    animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
  }
  A:present(B, true)
  settle()
  expect.equal(A.view.window, nil)
  B:dismiss(true)
  settle()
  expect.equal(A.view.superview, win)
  expect.equal(A.appearance, "appeared")
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Both.transitionDuration()
    Both.animateTransition()
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    Both.animationEnded(true)
    B.transitioningDelegate.animationControllerForDismissed(B)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Both.transitionDuration()
    Both.animateTransition()
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    Both.animationEnded(true)
  ]]
end)

scenario("a presentation cancelled after its animator moved the presenter's view: the view is back before the presenter returns", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  local animator = both(false)
  B.transitioningDelegate = { animationControllerForPresented = function() return animator end }
  A:present(B, true)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Both.transitionDuration()
    Both.animateTransition()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    Both.animationEnded(false)
  ]]
  expect.equal(A.view.superview, win)
  expect.equal(A.appearance, "appeared")
  expect.equal(A.presentedViewController, nil)
end)

scenario("a presented controller whose view was never added still disappears when dismissed", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "custom" }
  local never = Animator { "Never", duration = 0.1,
    animateTransition = function(self, ctx) after(ctx.duration, function() ctx:completeTransition(true) end) end }
  B.transitioningDelegate = { animationControllerForPresented = function() return never end }
  A:present(B, true)
  settle()
  expect.equal(B.appearance, "appeared")
  expect.equal(B.view.window, nil)
  B:dismiss(true)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Never.transitionDuration()
    Never.animateTransition()
    B.viewDidAppear(true)
    Never.animationEnded(true)
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(B.appearance, "disappeared")
end)

scenario("the window hides in the presented controller's viewWillAppear: the transition ends as UIKit's own, the animator hears nothing more", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "custom",
    viewWillAppear = function(self) win.isHidden = true end }
  local animator = both(true)
  B.transitioningDelegate = { animationControllerForPresented = function() return animator end }
  A:present(B, true, function() note "presented" end)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.viewWillAppear(true)
    A.viewWillDisappear(false)
    B.viewDidAppear(true)
    note: presented
    B.viewWillDisappear(false)
    A.viewDidDisappear(false)
    B.viewDidDisappear(false)
  ]]
  expect.equal(B.view.window, win)
end)

scenario("the window hides while the animator runs: the transition completes at once; the late completion changes nothing", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "custom" }
  local kept
  local slow = Animator { "Slow", duration = 1,
    animateTransition = function(self, ctx)
      kept = ctx
      ctx.containerView:addSubview(ctx.toView)
      after(ctx.duration, function() ctx:completeTransition(true); note "late completion" end)
    end,
    animationEnded = function(self, completed) end,
  }
  B.transitioningDelegate = { animationControllerForPresented = function() return slow end }
  A:present(B, true, function() note "presented" end)
  advance(0.5)
  win.isHidden = true
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Slow.transitionDuration()
    Slow.animateTransition()
    B.viewDidAppear(true)
    note: presented
    Slow.animationEnded(true)
    A.viewWillDisappear(false)
    B.viewWillDisappear(false)
    A.viewDidDisappear(false)
    B.viewDidDisappear(false)
    note: late completion
  ]]
  expect.equal(kept.containerView, nil)
end)

scenario("a chain dismissed from below: the bottom's animator, the top goes with it and sees the coordinator", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  local C = Controller { "C", modalPresentationStyle = "fullScreen",
    viewWillDisappear = function(self) note("C's coordinator: " .. tostring(self.transitionCoordinator)) end }
  local animator = both(true)
  B.transitioningDelegate = {
    animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
  }
  A:present(B, false)
  settle()
  B:present(C, false)
  settle()
  trace.clear()
  A:dismiss(true)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForDismissed(B)
    C.viewWillDisappear(true)
    note: C's coordinator: TransitionCoordinator animated
    A.viewWillAppear(true)
    Both.transitionDuration()
    Both.animateTransition()
    A.viewDidAppear(true)
    C.viewDidDisappear(true)
    Both.animationEnded(true)
  ]]
  expect.equal(A.view.window, win)
end)
