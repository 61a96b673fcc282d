-- D-118, D-121, D-122  The edges of a finger-driven custom transition (a review's findings):
-- the finger let go before the animator animates, one interaction given to two transitions of
-- one turn, an animation completion held when the animator completes on its own, a pushed
-- controller taken while the finger holds, another tab selected while the finger holds a tab
-- switch, and the tabs changed under the finger.
--
-- Sources: TRANSITIONS-TIMING ICT-04 [DOC H-VCT] (the animations scrubbed, then run out; the
-- animator still completes); ICT-03 [OBS O-neuburg-p300]; ICT-05 [INF]; BEHAVIOR M-13 (a
-- transition ends at once when what it moves leaves); CON-02 (removeFromParent sends one
-- didMove(toParent: nil)).
-- DECISIONS (docs/DECISIONS.md): D-118 (held animations; one finger, one transition), D-121
-- (cancelled container transitions), D-122 (ending at once), D-117 (a selection during a custom
-- switch ends it first).

local function slide(name)
  return Animator { name or "Slide", duration = 0.4,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      animate(ctx.duration, function() end, function()
        ctx:completeTransition(not ctx.transitionWasCancelled)
      end)
    end,
    animationEnded = function(self, completed) end,
  }
end

local function customNav(name, root, interaction)
  local nav = NavigationController { name, root }
  local animator = slide()
  nav.delegate = {
    animationControllerFor = function() return animator end,
    interactionControllerFor = function() return interaction end,
  }
  return nav
end

scenario("the finger lets go in a will-callback, before the animator animates: the transition still ends", function()
  local interaction = PercentDrivenInteractiveTransition()
  local A = Controller "A"
  local B = Controller { "B", viewWillAppear = function(self)
    if interaction.state == "began" then interaction:cancel() end
  end }
  local nav = customNav("Nav", A, interaction)
  local win = Window { root = nav }
  settle()
  trace.clear()
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    Nav.delegate.animationControllerFor("push", from: A, to: B)
    Slide.transitionDuration()
    Nav.delegate.interactionControllerFor(Slide)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Slide.animateTransition()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Slide.animationEnded(false)
  ]]
  expect.equal(interaction.state, "cancelled")
  expect.equal(nav.topViewController, A)
end)

scenario("one interaction given to two transitions of one turn: the second runs without it", function()
  local interaction = PercentDrivenInteractiveTransition()
  local A1, B1, A2, B2 = Controller "A1", Controller "B1", Controller "A2", Controller "B2"
  local N1, N2 = customNav("N1", A1, interaction), customNav("N2", A2, interaction)
  Window { root = N1 }
  Window { root = N2 }
  settle()
  trace.clear()
  N1:pushViewController(B1, true)
  N2:pushViewController(B2, true)
  settle()
  expect [[
    B1.willMove(toParent: N1)
    N1.delegate.animationControllerFor("push", from: A1, to: B1)
    Slide.transitionDuration()
    N1.delegate.interactionControllerFor(Slide)
    B2.willMove(toParent: N2)
    N2.delegate.animationControllerFor("push", from: A2, to: B2)
    Slide.transitionDuration()
    N2.delegate.interactionControllerFor(Slide)
    B1.viewDidLoad()
    A1.viewWillDisappear(true)
    B1.viewWillAppear(true)
    Slide.animateTransition()
    warning: N2: the interaction controller given drives another transition still; this one runs without it
    B2.viewDidLoad()
    A2.viewWillDisappear(true)
    B2.viewWillAppear(true)
    Slide.animateTransition()
    A2.viewDidDisappear(true)
    B2.viewDidAppear(true)
    B2.didMove(toParent: N2)
    Slide.animationEnded(true)
  ]]
  interaction:finish()
  settle()
  expect.equal(N1.topViewController, B1)
  expect.equal(N2.topViewController, B2)
end)

scenario("an animator that completes on its own while the finger holds: its held animation still runs out", function()
  local interaction = PercentDrivenInteractiveTransition()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  nav.delegate = {
    animationControllerFor = function()
      return Animator { "Timer", duration = 0.2, animateTransition = function(self, ctx)
        ctx.containerView:addSubview(ctx.toView)
        animate(ctx.duration, function() end, function() note "the visual animation is over" end)
        after(ctx.duration, function() ctx:completeTransition(true) end)
      end }
    end,
    interactionControllerFor = function() return interaction end,
  }
  Window { root = nav }
  settle()
  trace.clear()
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    Nav.delegate.animationControllerFor("push", from: A, to: B)
    Timer.transitionDuration()
    Nav.delegate.interactionControllerFor(Timer)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Timer.animateTransition()
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Timer.animationEnded(true)
    note: the visual animation is over
  ]]
end)

scenario("a pushed controller taken while the finger holds: the push is cancelled, one didMove(nil)", function()
  local interaction = PercentDrivenInteractiveTransition()
  local A, B = Controller "A", Controller "B"
  local nav = customNav("Nav", A, interaction)
  Window { root = nav }
  settle()
  nav:pushViewController(B, true)
  settle()
  interaction:update(0.5)
  trace.clear()
  B:removeFromParent()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Slide.animationEnded(false)
  ]]
  expect.equal(nav.viewControllers, { A })
end)

scenario("another tab selected while the finger holds a custom switch: that tab is shown", function()
  local interaction = PercentDrivenInteractiveTransition()
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3 }
  local win = Window { root = tabs }
  settle()
  local first = true
  local animator = slide("Fade")
  tabs.delegate = {
    animationControllerForTransition = function() if first then first = false return animator end end,
    interactionControllerFor = function() return interaction end,
  }
  user.tapTab(tabs, 2)
  settle()
  interaction:update(0.3)
  trace.clear()
  user.tapTab(tabs, 3)
  settle()
  expect [[
    T1.viewWillAppear(true)
    T2.viewWillDisappear(true)
    Fade.animationEnded(false)
    Tabs.delegate.animationControllerForTransition(from: T1, to: T3)
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedViewController, T3)
  expect.equal(T3.view.window, win)
  expect.equal(T1.view.window, nil)
  expect.equal(T2.view.window, nil)
end)

scenario("the tabs changed under the finger: the switch cannot go back, and completes", function()
  local interaction = PercentDrivenInteractiveTransition()
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3 }
  local win = Window { root = tabs }
  settle()
  local animator = slide("Fade")
  tabs.delegate = {
    animationControllerForTransition = function() return animator end,
    interactionControllerFor = function() return interaction end,
  }
  user.tapTab(tabs, 2)
  settle()
  interaction:update(0.5)
  trace.clear()
  tabs.viewControllers = { T2, T3 }
  settle()
  expect [[
    T1.willMove(toParent: nil)
    T1.didMove(toParent: nil)
    T1.viewDidDisappear(true)
    T2.viewDidAppear(true)
    Fade.animationEnded(true)
  ]]
  expect.equal(tabs.selectedViewController, T2)
  expect.equal(T2.view.window, win)
  expect.equal(T1.parent, nil)
  expect.equal(T1.view.window, nil)
end)
