-- ICT-03  An interactive custom tab switch, cancelled: the tabs hear only their
-- will-callbacks (the old tab's viewWillAppear, the new tab's viewWillDisappear), the old tab
-- stays selected; then one finished.
--
-- Sources: TRANSITIONS-TIMING ICT-03 [RE17] (the delegate's animationControllerForTransitionFrom:to:
-- and interactionControllerFor: asked synchronously as the selection changes; the switch starts
-- after the commit, TIM-04) + [OBS O-neuburg-p300] (a cancelled interactive switch: new.wA,
-- cur.wD at the start; on cancel cur.wA and new.wD "without the corresponding did" callbacks;
-- selectedIndex back to the old tab [INF]); ICT-04 (the remaining time).
-- DECISIONS (docs/DECISIONS.md): D-121 (the states settle without callbacks, the selection
-- reverts, didSelect stays as sent), D-116 (the custom switch), D-118 (the held animations).

local function fade()
  return Animator { "Fade", duration = 0.3,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      animate(ctx.duration, function() end, function()
        ctx:completeTransition(not ctx.transitionWasCancelled)
      end)
    end,
    animationEnded = function(self, completed) end,
  }
end

scenario("a tap on a tab, the switch driven by the finger and cancelled, then finished", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  local win = Window { root = tabs }
  settle()
  trace.clear()
  local interaction = PercentDrivenInteractiveTransition()
  local animator = fade()
  tabs.delegate = {
    animationControllerForTransition = function(tabs, from, to) return animator end,
    interactionControllerFor = function(tabs, animator) return interaction end,
    didSelect = function(tabs, vc) end,
  }
  user.tapTab(tabs, 2)
  settle()
  expect [[
    Tabs.delegate.animationControllerForTransition(from: T1, to: T2)
    Fade.transitionDuration()
    Tabs.delegate.interactionControllerFor(Fade)
    Tabs.delegate.didSelect(T2)
    T2.viewDidLoad()
    T2.viewWillAppear(true)
    T1.viewWillDisappear(true)
    Fade.animateTransition()
  ]]
  expect.equal(tabs.selectedIndex, 2)
  interaction:update(0.4)
  interaction:cancel()
  settle()
  expect [[
    T1.viewWillAppear(true)
    T2.viewWillDisappear(true)
    Fade.animationEnded(false)
  ]]
  expect.equal(tabs.selectedIndex, 1)
  expect.equal(tabs.selectedViewController, T1)
  expect.equal(T1.view.window, win)
  expect.equal(T2.view.window, nil)

  -- Another tap: this time the finger finishes.
  user.tapTab(tabs, 2)
  settle()
  trace.clear()
  interaction:update(0.6)
  interaction:finish()
  advance(0.11)
  expect [[ ]]
  advance(0.01)
  expect [[
    T1.viewDidDisappear(true)
    T2.viewDidAppear(true)
    Fade.animationEnded(true)
  ]]
  expect.equal(tabs.selectedIndex, 2)
  expect.equal(T2.view.window, win)
  expect.equal(T1.view.window, nil)
end)
