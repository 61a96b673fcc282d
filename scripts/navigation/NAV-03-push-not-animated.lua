-- NAV-03  pushViewController(B, animated: false).
-- Also: NAV-02 (same order), M-4 (a non-animated transition completes in the commit of the
-- turn in which it starts), M-6 and TIM-03 (the transition starts in the layout pass of the
-- turn's commit), APP-03.
--
-- Source: [INF] same order as NAV-02 with animated == false; still deferred (NAV-02 timing,
-- [OBS O-klaas]; TIM-03: O-lasso sees a non-animated push whole by its second checkpoint).
-- The engine's reading: the will-callbacks come in the layout pass of the turn's commit and
-- the did-callbacks in its after-commit queue, with no virtual time passing.
-- What the scenarios show: the order with `false` everywhere, including the delegate; that the
-- call itself sends only willMove; that no virtual time passes; the flags.
-- DECISIONS (docs/DECISIONS.md): D-18 (containment calls and didShow), D-7 (flags), D-19 (a
-- push made from viewDidAppear waits for the transition in progress to end).

local function visibleNav()
  local A = Controller "A"
  local nav = NavigationController {
    "Nav", A,
    delegate = { willShow = function() end, didShow = function() end },
  }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("the order, not animated", function()
  trace.include "loading"
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B, false)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.loadView()
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    Nav.delegate.willShow(B, animated: false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: false)
  ]]
  expect.equal(now(), 0, "no virtual time passes")
end)

scenario("still deferred: nothing on screen inside the call, all of it in the turn's commit", function()
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B, false)
  expect [[
    B.willMove(toParent: Nav)
  ]]
  expect.equal(nav.topViewController, B, "the stack changed at once")
  expect.equal(B.isViewLoaded, false, "B not loaded yet")
  expect.equal(A.appearance, "appeared", "A still on screen")
  advance(0)
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    Nav.delegate.willShow(B, animated: false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: false)
  ]]
  expect.equal(now(), 0, "now()")
  expect.equal(B.appearance, "appeared", "B")
end)

scenario("flags: isMovingToParent in B's callbacks, false in A's", function()
  local nav, A = visibleNav()
  local B = Controller {
    "B",
    viewWillAppear = function(self) note("B will: toParent=" .. tostring(self.isMovingToParent)) end,
    viewDidAppear = function(self) note("B did: toParent=" .. tostring(self.isMovingToParent)) end,
  }
  nav:pushViewController(B, false)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    note: B will: toParent=true
    Nav.delegate.willShow(B, animated: false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
    note: B did: toParent=true
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: false)
  ]]
  expect.equal(A.isMovingFromParent, false, "A is only covered")
end)

-- B's viewDidAppear runs inside the end of B's own transition, so the push it makes waits
-- for that transition to end (didMove, didShow) and is applied then (D-19).
scenario("pushed from an override (B.viewDidAppear pushes C)", function()
  local nav, A = visibleNav()
  local C = Controller "C"
  local B = Controller {
    "B",
    viewDidAppear = function(self)
      self.navigationController:pushViewController(C, false)
      note("after the push: " .. #self.navigationController.viewControllers .. " controllers, C.parent="
        .. tostring(C.parent and C.parent.name))
    end,
  }
  nav:pushViewController(B, false)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    Nav.delegate.willShow(B, animated: false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
    note: after the push: 2 controllers, C.parent=nil
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: false)
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(false)
    C.viewWillAppear(false)
    Nav.delegate.willShow(C, animated: false)
    B.viewDidDisappear(false)
    C.viewDidAppear(false)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: false)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "viewControllers")
end)
