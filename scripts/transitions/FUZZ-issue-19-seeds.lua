-- M-13, PAG-01, CON-02  What the fuzzer found once it drove custom animators, interactions and
-- page view controllers (issue 19; seeds 920, 1343, 24, 3474, 1917, 12676, shrunk). Each scenario is a
-- seed's failure, now held.
--
-- Sources: BEHAVIOR M-13 (what a transition moves, taken elsewhere, ends it; the hierarchy's
-- links stay symmetric); TRANSITIONS-TIMING PAG-01 [RE17] (a page view controller's set
-- appears its pages whatever its own state, and filters a page already appeared); CON-02
-- (willMove/didMove around a removal).
-- DECISIONS (docs/DECISIONS.md): D-121 (a cancelled pop puts back only what nothing else
-- holds), D-123 (a page left appeared off screen is UIKit's doing), D-102 (a controller left
-- showing out of sight disappears), D-95 (containment calls that move the controller elsewhere).

scenario("seed 920: a popped controller made a window's root while the finger holds the pop stays the root", function()
  local I1 = PercentDrivenInteractiveTransition()
  local C3, C7, C10, C12 = Controller "C3", Controller "C7", Controller "C10", Controller "C12"
  local PG1 = Controller "PG1"
  local N1 = NavigationController { "N1", C7, PG1, C12 }
  local W1 = Window { root = C3 }
  Window { root = C10 }
  settle()
  C10:present(N1, true)
  settle()
  N1.delegate = {
    animationControllerFor = function()
      return Animator { duration = 0.2, animateTransition = function(self, ctx)
        ctx.containerView:addSubview(ctx.toView)
        animate(ctx.duration, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
      end }
    end,
    interactionControllerFor = function() return I1 end,
  }
  N1:popToRootViewController(true)
  W1.rootViewController = PG1
  C10:dismiss(true)  -- N1 leaves the screen: the held pop is cancelled
  settle()
  expect.equal(W1.rootViewController, PG1)
  expect.equal(PG1.parent, nil)
  expect.equal(N1.viewControllers, { C7, C12 })
end)

scenario("seed 1343: a secondary whose willMove(nil) gives it to a tab bar is the tab bar's", function()
  local T1 = TabBarController { "T1", Controller "C4", Controller "C8" }
  local C5 = Controller "C5"
  local S1 = SplitViewController { "S1", primary = Controller "C10", secondary = C5 }
  local moved = false
  C5.willMove = function(self, parent)
    if parent == nil and not moved then
      moved = true
      T1:setViewControllers({ self }, false)
    end
  end
  Window { root = S1, size = { 390, 844 } }  -- compact: the split collapses, setting C5 aside
  settle()
  expect.equal(C5.parent, T1)
  expect.equal(T1.viewControllers, { C5 })
  expect.equal(S1.isCollapsed, true)
end)

scenario("seeds 24 and 3474: a page that appeared off screen stays appeared when it leaves", function()
  local C9 = Controller "C9"
  local PG1 = PageViewController { "PG1", transitionStyle = "pageCurl" }
  PG1:setViewControllers({ C9 }, "forward", false)  -- off screen: C9 appears all the same (PAG-01)
  expect.equal(C9.appearance, "appeared")
  trace.clear()
  C9:removeFromParent()
  settle()
  expect [[
    C9.didMove(toParent: nil)
  ]]
  expect.equal(C9.appearance, "appeared")
  -- A page that showed on screen already and goes into a page view controller off screen is
  -- told nothing either.
  local C8 = Controller "C8"
  local S1 = SplitViewController { "S1", primary = C8 }
  Window { root = S1 }
  settle()
  PG1:setViewControllers({ C8 }, "forward", true)
  expect.equal(C8.appearance, "appeared")
  expect.equal(C8.view.window, nil)
end)

scenario("seed 1917: a page that showed already elsewhere, swiped in and cancelled, disappears once out of sight", function()
  local C1, C7 = Controller "C1", Controller "C7"
  local T1 = Controller "T1"
  local PG1 = PageViewController { "PG1", dataSource = {
    viewControllerAfter = function(p, vc) if vc == C1 then return C7 end end,
    viewControllerBefore = function() return nil end } }
  PG1:setViewControllers({ C1 }, "forward", false)
  Window { root = T1 }
  Window { root = PG1 }
  settle()
  T1.view:addSubview(C7.view)  -- C7 shows, its view in T1's
  settle()
  local g = user.swipePage(PG1, "forward")
  local N1 = NavigationController { "N1", Controller "R" }
  N1:pushViewController(C1, false)  -- the page shown leaves: the swipe is cancelled
  settle()
  expect.equal(PG1.viewControllers, {})
  expect.equal(C7.parent, nil)
  expect.equal(C7.view.window, nil)
  expect.equal(C7.appearance, "disappeared")
end)

scenario("seed 12676: a popped controller that came to hold its navigation controller is not taken back (no hang)", function()
  local C1, C2, C3, C4 = Controller "C1", Controller "C2", Controller "C3", Controller "C4"
  local N1 = NavigationController { "N1", C3, C4, C1 }
  local S1 = SplitViewController { "S1", primary = N1, secondary = C2 }
  Window { root = S1 }
  local popped = false
  C4.traitCollectionDidChange = function(self)
    if not popped then popped = true; N1:popToViewController(C4, true) end
  end
  N1:popViewController(true)
  local I1 = PercentDrivenInteractiveTransition()
  N1.delegate = {
    animationControllerFor = function()
      return Animator { duration = 0.4, animateTransition = function(self, ctx)
        animate(ctx.duration, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
      end }
    end,
    interactionControllerFor = function() return I1 end,
  }
  C2:addChild(N1)
  N1:popViewController(true)
  settle()
  if I1.state == "began" then I1:cancel() end  -- the popped controller holds N1: it cannot go back
  settle()
  expect.equal(N1.parent, C2)
  expect.equal(C2.parent, nil)
end)

scenario("seeds 8318, 15363: a page whose view left the screen, or a child popped during an off-screen set, stays appeared", function()
  local C2 = Controller "C2"
  local PG1 = PageViewController { "PG1", transitionStyle = "pageCurl" }
  Window { root = PG1 }
  PG1:setViewControllers({ C2 }, "reverse", false)
  settle()
  C2.view:removeFromSuperview()  -- the view path does not reach a page: C2 hears nothing
  C2:removeFromParent()
  settle()
  expect.equal(C2.appearance, "appeared")
  expect.equal(C2.view.window, nil)
  -- A child a navigation controller pops while its page view controller's set appears it off screen.
  local C1, C6 = Controller "C1", Controller "C6"
  local N1 = NavigationController { "N1", C6, C1 }
  local popped = false
  N1.delegate = { didShow = function() if not popped then popped = true; N1:popViewController(true) end end }
  local PG2 = PageViewController { "PG2", transitionStyle = "pageCurl" }
  PG2:setViewControllers({ N1 }, "forward", false)
  settle()
  expect.equal(C1.parent, nil)
  expect.equal(C1.appearance, "appeared")
end)
