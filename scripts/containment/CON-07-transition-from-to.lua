-- CON-07  transition(from:to:duration:options:animations:completion:).
-- Also: CON-09 (the "Unbalanced calls" warning), LOAD-07, M-4, M-13 (the one transition step).
--
-- Sources: [DOC] H17 and DOC transition(from:to:...): both must be children of the receiver;
-- the method adds `to`'s view to `from`'s superview and removes `from`'s view after the
-- animation. VCPG Listing 5-3: old.willMove(nil); addChild(new); transition(...); in the
-- completion old.removeFromParent(); new.didMove(self).
-- [OBS] the logged run of CON-07 (Matt Neuburg's bk2ch06p334containerEventForwarding, iOS 8
-- simulator): C2.willMove(P), C1.willMove(nil), C1.viewWillDisappear, C2.viewWillAppear,
-- C2.viewDidAppear, C1.viewDidDisappear, C2.didMove(P), C1.didMove(nil): the INCOMING child
-- ends first, as in a full-screen present or dismiss. This log outranks the older [INF]
-- trace (outgoing first), which the engine followed before (DECISIONS D-10 revised).
-- The trace the engine gives: old.willMove(nil) -> new.willMove(self) -> new.viewDidLoad ->
-- old.viewWillDisappear(anim) -> new.viewWillAppear(anim) -> animation -> old view removed ->
-- new.viewDidAppear(anim) -> old.viewDidDisappear(anim) -> completion(true) -> (the
-- completion's own calls), with anim = duration > 0 ([RE] CrossMobile). The completion's
-- place relative to the did-callbacks is [?]: the engine runs it last (D-10).
-- Errors: non-siblings -> NSInvalidArgumentException "Children view controllers <A> and <B>
-- must have a common parent view controller ..." [OBS O-whacky]; a receiver that forwards
-- appearance by hand -> NSInvalidArgumentException [DOC H17, not observed; the engine's
-- reason text is its own]. The view added by hand before transition() -> warning
-- "Unbalanced calls to begin/end appearance transitions for <to>", transition still happens
-- [OBS O-whacky]. What `to` receives around that warning is not in BEHAVIOR.md: the engine
-- does not bracket a controller that already shows (M-13), so `to` keeps the appearance its
-- own view move gave it (its viewDidAppear after the commit) and the warning stands where
-- its bracket would have opened.
-- Off screen (outside the documented precondition that `from`'s view is visible) the
-- engine swaps the views and runs the completion with no appearance calls (G-02).
-- DECISIONS (docs/DECISIONS.md): D-10 (transition), D-1/D-2 (the unbalanced warning).

-- A visible container P showing child Old.
local function containerShowingOld()
  local P = Controller "P"
  local Old = Controller "Old"
  Window { root = P }
  P:addChild(Old)
  P.view:addSubview(Old.view)
  Old:didMove(P)
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    Old.willMove(toParent: P)
    Old.viewDidLoad()
    Old.viewWillAppear(false)
    Old.didMove(toParent: P)
    P.viewDidAppear(false)
    Old.viewDidAppear(false)
  ]]
  return P, Old
end

-- VCPG Listing 5-3 as a function of the container.
local function cycle(P, Old, New, duration)
  Old:willMove(nil)
  P:addChild(New)
  P:transition(Old, New, duration, function(finished)
    note("completion(" .. tostring(finished) .. ")")
    Old:removeFromParent()
    New:didMove(P)
  end)
end

scenario("VCPG 5-3, animated: the whole sequence and its timing", function()
  local P, Old = containerShowingOld()
  local New = Controller "New"
  cycle(P, Old, New, 0.25)
  expect [[
    Old.willMove(toParent: nil)
    New.willMove(toParent: P)
    New.viewDidLoad()
    Old.viewWillDisappear(true)
    New.viewWillAppear(true)
  ]]
  expect.equal(P.children, { Old, New }, "both are children during the animation")

  advance(0.24)
  expect [[
  ]]
  expect.equal(Old.view.superview, P.view, "Old's view stays until the end")

  advance(0.01)
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    New.viewDidAppear(true)
    Old.viewDidDisappear(true)
    note: completion(true)
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
  ]]
  expect.equal(P.children, { New }, "P.children")
  expect.equal(Old.parent, nil, "Old.parent")
  expect.equal(New.parent, P, "New.parent")
  expect.equal(Old.view.superview, nil, "Old's view removed by transition()")
  expect.equal(New.view.superview, P.view, "New's view added by transition()")
  expect.equal(Old.appearance, "disappeared", "Old")
  expect.equal(New.appearance, "appeared", "New")
end)

scenario("VCPG 5-3, duration 0: not animated, ends with the turn", function()
  local P, Old = containerShowingOld()
  local New = Controller "New"
  cycle(P, Old, New, 0)
  expect [[
    Old.willMove(toParent: nil)
    New.willMove(toParent: P)
    New.viewDidLoad()
    Old.viewWillDisappear(false)
    New.viewWillAppear(false)
  ]]
  settle()
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    New.viewDidAppear(false)
    Old.viewDidDisappear(false)
    note: completion(true)
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
  ]]
  expect.equal(now(), 0, "no virtual time passed")
  expect.equal(P.children, { New }, "P.children")
end)

scenario("off screen: views swap, no appearance callbacks", function()
  local P, Old, New = Controller "P", Controller "Old", Controller "New"
  P:addChild(Old)
  P.view:addSubview(Old.view)
  Old:didMove(P)
  expect [[
    Old.willMove(toParent: P)
    P.viewDidLoad()
    Old.viewDidLoad()
    Old.didMove(toParent: P)
  ]]
  cycle(P, Old, New, 0.3)
  settle()
  expect [[
    Old.willMove(toParent: nil)
    New.willMove(toParent: P)
    New.viewDidLoad()
    note: completion(true)
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
  ]]
  expect.equal(P.view.subviews, { New.view }, "views swapped")
  expect.equal(New.appearance, "disappeared", "not in a window: no appearance (G-02)")
end)

scenario("error: the two controllers are not children of the receiver", function()
  local P, Old = containerShowingOld()
  local X = Controller "X"
  expect.error(function() P:transition(Old, X, 0.3) end,
    "NSInvalidArgumentException: Children view controllers Old and X must have a common parent view controller "
      .. "when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]")

  -- Children of two different parents.
  local Q, Y = Controller "Q", Controller "Y"
  Q:addChild(Y)
  expect [[
    Y.willMove(toParent: Q)
  ]]
  expect.error(function() P:transition(Old, Y, 0.3) end,
    "NSInvalidArgumentException: Children view controllers Old and Y must have a common parent view controller")
  expect.error(function() Q:transition(Old, Y, 0.3) end,
    "NSInvalidArgumentException: Children view controllers Old and Y must have a common parent view controller")
  settle()
  expect [[
  ]]

  -- Nothing changed.
  expect.equal(P.children, { Old }, "P.children")
  expect.equal(Q.children, { Y }, "Q.children")
  expect.equal(X.parent, nil, "X.parent")
  expect.equal(X.isViewLoaded, false, "X not loaded")
  expect.equal(Y.isViewLoaded, false, "Y not loaded")
  expect.equal(Old.view.superview, P.view, "Old's view in place")
  expect.equal(Old.appearance, "appeared", "Old still appeared")
end)

scenario("error: the receiver forwards appearance by hand", function()
  local P = Controller { "P", shouldAutomaticallyForwardAppearanceMethods = false }
  local A, B = Controller "A", Controller "B"
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
    A.didMove(toParent: P)
    B.willMove(toParent: P)
    P.viewDidAppear(false)
  ]]
  expect.error(function() P:transition(A, B, 0.3) end, "NSInvalidArgumentException")
  settle()
  expect [[
  ]]
  expect.equal(P.children, { A, B }, "P.children")
  expect.equal(A.view.superview, P.view, "A's view in place")
  expect.equal(B.isViewLoaded, false, "B not loaded")
end)

scenario("warning: the new view was added by hand before transition() (same turn)", function()
  local P, Old = containerShowingOld()
  local New = Controller "New"
  Old:willMove(nil)
  P:addChild(New)
  P.view:addSubview(New.view)          -- the mistake: transition() adds it itself
  P:transition(Old, New, 0.3, function(finished)
    note("completion(" .. tostring(finished) .. ")")
    Old:removeFromParent()
    New:didMove(P)
  end)
  expect [[
    Old.willMove(toParent: nil)
    New.willMove(toParent: P)
    New.viewDidLoad()
    New.viewWillAppear(false)
    Old.viewWillDisappear(true)
    warning: Unbalanced calls to begin/end appearance transitions for New.
  ]]
  settle()
  -- The transition still happens.
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    New.viewDidAppear(false)
    Old.viewDidDisappear(true)
    note: completion(true)
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
  ]]
  expect.equal(P.children, { New }, "P.children")
  expect.equal(P.view.subviews, { New.view }, "only New's view")
  expect.equal(New.appearance, "appeared", "New")
  expect.equal(Old.appearance, "disappeared", "Old")
end)

scenario("warning: the new view was added by hand and had already appeared", function()
  local P, Old = containerShowingOld()
  local New = Controller "New"
  P:addChild(New)
  P.view:addSubview(New.view)
  settle()
  expect [[
    New.willMove(toParent: P)
    New.viewDidLoad()
    New.viewWillAppear(false)
    New.viewDidAppear(false)
  ]]
  Old:willMove(nil)
  P:transition(Old, New, 0.3, function(finished)
    note("completion(" .. tostring(finished) .. ")")
    Old:removeFromParent()
    New:didMove(P)
  end)
  settle()
  expect [[
    Old.willMove(toParent: nil)
    Old.viewWillDisappear(true)
    warning: Unbalanced calls to begin/end appearance transitions for New.
    Old.viewDidDisappear(true)
    note: completion(true)
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
  ]]
  expect.equal(P.children, { New }, "P.children")
  expect.equal(P.view.subviews, { New.view }, "only New's view")
  expect.equal(New.appearance, "appeared", "New")
end)
