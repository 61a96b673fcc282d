-- A-4  Switching between two children of one container.
-- Also: CON-07 (transition(from:to:)), LOAD-07 (the incoming child loads first), M-4 (timing).
--
-- Sources: seed 000 and seed 001 (founding documents, Part A).
--   seed 000: both must already be children of the same container, else transition() raises;
--             before the transition the old child gets willMove(toParent: nil); in the
--             completion (when finished) the new child gets didMove(toParent: self).
--             Two code forms: "method 1" calls didMove right after transition(); "method 2"
--             calls it from the completion with duration 0.3.
--   seed 001: a segmented control swaps child views: remove the old child's view, add the
--             new one's; both stay children, only their views come and go.
-- Engine choices (CON-07, M-13): transition() loads the incoming view, then brackets the
-- pair in begin/end appearance calls, outgoing first, with animated = (duration > 0); after
-- `duration` seconds of virtual time it removes the outgoing view, sends the did-callbacks
-- incoming first (CON-07's logged run: the incoming child's viewDidAppear, then the outgoing
-- child's viewDidDisappear) and runs the completion last. A duration of 0 completes in the
-- turn's commit (M-4). The view swap of seed 001 follows M-3 (did-callbacks after the commit).
-- DECISIONS (docs/DECISIONS.md): D-10 (transition(from:to:)), D-3 (view swap).

-- A visible container P showing child A, with B added as a second child (not loaded).
local function containerShowingA()
  local P = Controller "P"
  local A = Controller "A"
  local B = Controller "B"
  Window { root = P }
  P:addChild(A)
  P.view:addSubview(A.view)
  A:didMove(P)
  P:addChild(B)
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    A.willMove(toParent: P)
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.didMove(toParent: P)
    B.willMove(toParent: P)
    P.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
  return P, A, B
end

scenario("seed 000 method 2: animated transition, timed with advance()", function()
  local P, A, B = containerShowingA()
  local start = now()

  A:willMove(nil)
  P:transition(A, B, 0.3, function(finished)
    note("completion(" .. tostring(finished) .. ")")
    if finished then B:didMove(P) end
  end)
  expect [[
    A.willMove(toParent: nil)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  -- During the animation both views are in the container.
  expect.equal(A.appearance, "disappearing", "A during the animation")
  expect.equal(B.appearance, "appearing", "B during the animation")
  expect.equal(A.view.superview, P.view, "A's view stays until the animation ends")
  expect.equal(B.view.superview, P.view, "transition() adds B's view itself")

  advance(0.2)
  expect [[
  ]]
  expect.equal(now() - start, 0.2, "virtual time")
  expect.equal(A.view.superview, P.view, "still animating at 0.2 s")

  advance(0.1)
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: completion(true)
    B.didMove(toParent: P)
  ]]
  expect.equal(A.view.superview, nil, "transition() removes A's view at the end")
  expect.equal(B.view.superview, P.view, "B's view in place")
  expect.equal(A.appearance, "disappeared", "A after")
  expect.equal(B.appearance, "appeared", "B after")
  expect.equal(P.children, { A, B }, "seed 000 does not remove A: both stay children")
  expect.equal(A.parent, P, "A.parent")
end)

scenario("seed 000 method 1: didMove right after transition(), duration 0", function()
  local P, A, B = containerShowingA()

  A:willMove(nil)
  P:transition(A, B, 0)
  B:didMove(P)
  expect [[
    A.willMove(toParent: nil)
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    B.didMove(toParent: P)
  ]]
  expect.equal(A.view.superview, P.view, "a zero-length transition ends at the end of the turn")

  settle()
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    B.viewDidAppear(false)
    A.viewDidDisappear(false)
  ]]
  expect.equal(A.view.superview, nil, "A's view removed")
  expect.equal(B.view.superview, P.view, "B's view in place")
  expect.equal(P.children, { A, B }, "P.children")
end)

scenario("seed 001: segmented control swaps child views", function()
  local First = Controller "First"
  local Second = Controller "Second"
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      -- As in seed 001: both become children, didMove for both, then the first view is shown.
      self:addChild(First)
      self:addChild(Second)
      First:didMove(self)
      Second:didMove(self)
      self.view:addSubview(First.view)
    end,
  }
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    First.willMove(toParent: P)
    Second.willMove(toParent: P)
    First.didMove(toParent: P)
    Second.didMove(toParent: P)
    First.viewDidLoad()
    P.viewWillAppear(false)
    First.viewWillAppear(false)
    P.viewDidAppear(false)
    First.viewDidAppear(false)
  ]]
  expect.equal(Second.isViewLoaded, false, "the second child loads only when first shown (seed 001: lazy)")

  -- Tap segment 2.
  First.view:removeFromSuperview()
  P.view:addSubview(Second.view)
  expect [[
    First.viewWillDisappear(false)
    Second.viewDidLoad()
    Second.viewWillAppear(false)
  ]]
  settle()
  expect [[
    First.viewDidDisappear(false)
    Second.viewDidAppear(false)
  ]]
  expect.equal(P.children, { First, Second }, "both stay children")
  expect.equal(First.parent, P, "First.parent")
  expect.equal(First.appearance, "disappeared", "First")
  expect.equal(Second.appearance, "appeared", "Second")
  expect.equal(P.view.subviews, { Second.view }, "only Second's view is shown")

  -- Tap segment 1 again: no reload, no containment calls.
  Second.view:removeFromSuperview()
  P.view:addSubview(First.view)
  settle()
  expect [[
    Second.viewWillDisappear(false)
    First.viewWillAppear(false)
    Second.viewDidDisappear(false)
    First.viewDidAppear(false)
  ]]
  expect.equal(P.children, { First, Second }, "still both children")
  expect.equal(P.view.subviews, { First.view }, "only First's view is shown")
end)

scenario("seed 000: transition() between controllers that are not both children raises", function()
  local P, A = containerShowingA()
  local X = Controller "X"

  expect.error(function() P:transition(A, X, 0.3) end,
    "NSInvalidArgumentException: Children view controllers A and X must have a common parent view controller")
  expect [[
  ]]
  expect.equal(P.children[1], A, "A still first child")
  expect.equal(X.parent, nil, "X still has no parent")
  expect.equal(X.isViewLoaded, false, "X not loaded")
  expect.equal(A.view.superview, P.view, "A's view untouched")
  expect.equal(A.appearance, "appeared", "A untouched")
end)
