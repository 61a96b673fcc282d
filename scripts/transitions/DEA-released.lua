-- DEA-01, DEA-02, DEA-03  When UIKit lets go of a controller: `B.released()`, recorded under
-- the `release` category (not compared by default: `trace.include "release"`), after
-- everything of the transition that held it; never while a transition that holds it runs.
--
-- Sources: TRANSITIONS-TIMING DEA-01 [OBS O-readke]+[RE8.3]+[DOC H-TC17] (a popped controller:
-- B.wD -> A.wA -> B.dD -> A.dA -> B.deinit; the transition context and the coordinator hold it
-- until the transition has ended and its last callback has run; relative to didShow [?]);
-- DEA-02 [OBS O-juejin, O-velog-rudin]+[RE18]+[INF] (a dismissed controller: after its
-- viewDidDisappear, the dismiss completion and the coordinator's completions); DEA-03 [INF]
-- (a transition that never completes keeps both controllers).
-- DECISIONS (docs/DECISIONS.md): D-125 (what counts as UIKit's hold, when it is looked at,
-- children released after their parent).

scenario("a popped controller is released after the pop's last callback", function()
  trace.include "release"
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, delegate = { didShow = function() end } }
  Window { root = nav }
  settle()
  nav:pushViewController(B, true)
  settle()
  trace.clear()
  nav:popViewController(true)
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
    B.released()
  ]]
end)

scenario("a dismissed controller is released after the completion and the coordinator's completions", function()
  trace.include "release"
  local A = Controller "A"
  local B = Controller { "B", viewWillDisappear = function(self)
    self.transitionCoordinator:animate(nil, function() note "coordinator completion" end)
  end }
  Window { root = A }
  settle()
  A:present(B, true)
  settle()
  trace.clear()
  A:dismiss(true, function() note "dismiss completion" end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: dismiss completion
    note: coordinator completion
    B.released()
  ]]
end)

scenario("popping to the root releases every popped controller; a popped container's children go with it", function()
  trace.include "release"
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local inner = Controller "Inner"
  C:addChild(inner)
  inner:didMove(C)
  local nav = NavigationController { "Nav", A, B, C }
  Window { root = nav }
  settle()
  trace.clear()
  nav:popToRootViewController(false)
  settle()
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    A.viewDidLoad()
    C.viewWillDisappear(false)
    A.viewWillAppear(false)
    C.viewDidDisappear(false)
    A.viewDidAppear(false)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    B.released()
    C.released()
    Inner.released()
  ]]
end)

scenario("an animator that never completes keeps both controllers (DEA-03); a controller held again is released again", function()
  trace.include "release"
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  local kept
  nav.delegate = { animationControllerFor = function(nav, operation, from, to)
    if operation == "pop" then
      return Animator { "Stuck", animateTransition = function(self, ctx) kept = ctx end }
    end
  end }
  nav:pushViewController(B, false)
  settle()
  trace.clear()
  nav:popViewController(true)
  advance(10)
  expect.none "B.released"
  kept:completeTransition(true) ---@diagnostic disable-line: call-non-callable
  expect [[
    B.willMove(toParent: nil)
    Nav.delegate.animationControllerFor("pop", from: B, to: A)
    Stuck.transitionDuration()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Stuck.animateTransition()
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Stuck.animationEnded(true)
    B.released()
  ]]
  -- Removed from a plain parent: released right after its didMove(toParent: nil).
  local P = Controller "P"
  P:addChild(B)
  B:didMove(P)
  B:willMove(nil)
  B:removeFromParent()
  expect [[
    B.willMove(toParent: P)
    B.didMove(toParent: P)
    B.willMove(toParent: nil)
    B.didMove(toParent: nil)
    B.released()
  ]]
end)
