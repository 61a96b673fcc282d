-- ICT-03  A tab bar controller's delegate vends an animator for a tab switch: asked with the
-- animator's duration inside the selection's call, the switch starting after the commit with
-- the new tab's viewWillAppear before the old tab's viewWillDisappear, then animateTransition;
-- the old tab's did-callback first at the end.
--
-- Sources: TRANSITIONS-TIMING ICT-03 [RE17]+[OBS O-neuburg-p300] (animationControllerForTransitionFrom:to:
-- asked synchronously when the selection changes; the transition starts after the commit,
-- TIM-04; new.wA, cur.wD at the start); BEHAVIOR M-7 (a tab switch closes the outgoing tab
-- first); COO-01 (UIKit's own tab switches have no coordinator, a custom one has).
-- DECISIONS (docs/DECISIONS.md): D-116 (when the delegate is asked, a later selection before the
-- commit, views, `animated`), D-108 (the trace), D-112 (the coordinator).

scenario("a tap on a tab with a custom animator: asked in the call, animated after the commit", function()
  local T1 = Controller "T1"
  local T2 = Controller { "T2", viewWillAppear = function(self)
    self.transitionCoordinator:animate(function() note "alongside" end, function() note "completion" end)
  end }
  local tabs = TabBarController { "Tabs", T1, T2 }
  local win = Window { root = tabs }
  settle()
  trace.clear()
  local fade = Animator { "Fade", duration = 0.3,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      after(ctx.duration, function() ctx:completeTransition(true) end)
    end,
    animationEnded = function(self, completed) end,
  }
  tabs.delegate = {
    animationControllerForTransition = function(tabs, from, to) return fade end,
    didSelect = function(tabs, vc) end,
  }
  user.tapTab(tabs, 2)
  expect [[
    Tabs.delegate.animationControllerForTransition(from: T1, to: T2)
    Fade.transitionDuration()
    Tabs.delegate.didSelect(T2)
  ]]
  expect.equal(tabs.selectedIndex, 2)
  settle()
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(true)
    T1.viewWillDisappear(true)
    Fade.animateTransition()
    note: alongside
    T1.viewDidDisappear(true)
    T2.viewDidAppear(true)
    note: completion
    Fade.animationEnded(true)
  ]]
  expect.equal(T2.view.window, win)
  expect.equal(T1.view.window, nil)
end)

scenario("a second selection before the commit supersedes the custom switch", function()
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3 }
  local win = Window { root = tabs }
  settle()
  trace.clear()
  tabs.delegate = { animationControllerForTransition = function(tabs, from, to)
    if to == T2 then
      return Animator { "Slow", duration = 1,
        animateTransition = function(self, ctx) after(ctx.duration, function() ctx:completeTransition(true) end) end }
    end
    return nil
  end }
  tabs.selectedIndex = 2
  tabs.selectedIndex = 3
  settle()
  expect [[
    Tabs.delegate.animationControllerForTransition(from: T1, to: T2)
    Slow.transitionDuration()
    Tabs.delegate.animationControllerForTransition(from: T1, to: T3)
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
  expect.equal(T3.view.window, win)
  expect.equal(T2.appearance, "disappeared")
end)

scenario("a selection while a custom switch animates ends that switch at once, then switches", function()
  local T1, T2, T3 = Controller "T1", Controller "T2", Controller "T3"
  local tabs = TabBarController { "Tabs", T1, T2, T3 }
  local win = Window { root = tabs }
  settle()
  trace.clear()
  tabs.delegate = { animationControllerForTransition = function(tabs, from, to)
    if to ~= T2 then return nil end
    return Animator { "Slow", duration = 1,
      animateTransition = function(self, ctx)
        ctx.containerView:addSubview(ctx.toView)
        after(ctx.duration, function() ctx:completeTransition(true) end)
      end }
  end }
  tabs.selectedIndex = 2
  advance(0.5)
  tabs.selectedIndex = 3
  settle()
  expect [[
    Tabs.delegate.animationControllerForTransition(from: T1, to: T2)
    Slow.transitionDuration()
    T2.viewDidLoad()
    T2.viewWillAppear(true)
    T1.viewWillDisappear(true)
    Slow.animateTransition()
    T1.viewDidDisappear(true)
    T2.viewDidAppear(true)
    Slow.animationEnded(true)
    Tabs.delegate.animationControllerForTransition(from: T2, to: T3)
    T3.viewDidLoad()
    T3.viewWillAppear(false)
    T2.viewWillDisappear(false)
    T2.viewDidDisappear(false)
    T3.viewDidAppear(false)
  ]]
  expect.equal(T3.view.window, win)
  expect.equal(T2.view.window, nil)
  expect.equal(T2.appearance, "disappeared")
end)
