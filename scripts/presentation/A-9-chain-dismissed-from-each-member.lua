-- A-9  Dismissal: the chain A -> B -> C dismissed from each member.
-- Also: PRE-13 (dismiss chains), M-9 (one transition; only the top animates; intermediates
-- whose views are not in the window get no appearance calls), PRE-02 (single-level order),
-- PRE-17 (the completion after the presented viewDidDisappear).
--
-- Sources: founding documents, seeds 003 and 004 (A-9): "calling dismiss on the presented
-- controller forwards to its presenter. Chain A -> B -> C: C.dismiss() removes C; B.dismiss()
-- removes C and keeps B; A.dismiss() removes B and C, and only the top one animates."
-- PRE-13 [DOC]: "only the top-most view is dismissed in an animated fashion; any intermediate
-- view controllers are simply removed from the stack". Callbacks [INF] (all full screen):
-- C.viewWillDisappear -> A.viewWillAppear -> A.viewDidAppear -> C.viewDidDisappear; B gets
-- none; the completion after C.viewDidDisappear. Single-level dismissal order PRE-02
-- [DOC]+[OBS]: the appearing controller's viewDidAppear before the presented one's
-- viewDidDisappear.
-- What the scenarios show: the chain built of full-screen presentations, dismissed from C, from
-- B and from A, animated, each with its whole trace and the links after it; from A without
-- animation.
-- DECISIONS (docs/DECISIONS.md): D-33 (a controller that presents dismisses what it presents and
-- everything above; otherwise the request goes to its presenter; the top animates, covered
-- intermediates get no calls, the bottom presenter comes back), D-28 (order; links cleared
-- before the completion).

local function fullScreen(name)
  return Controller { name, modalPresentationStyle = "fullScreen" }
end

-- A is the window's root; A presents B, B presents C, all full screen; settled.
local function chain()
  local A, B, C = Controller "A", fullScreen("B"), fullScreen("C")
  Window { root = A }
  settle()
  A:present(B)
  settle()
  B:present(C)
  settle()
  trace.clear()
  return A, B, C
end

scenario("C.dismiss(): C goes, forwarded to B", function()
  local A, B, C = chain()
  C:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(C.presentingViewController, nil, "C.presentingViewController")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(A.appearance, "disappeared", "A stays covered")
end)

scenario("B.dismiss(): B is presenting, so C goes and B stays", function()
  local A, B, C = chain()
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(C.presentingViewController, nil, "C.presentingViewController")
end)

scenario("A.dismiss(): B and C go; only C animates, B gets nothing", function()
  local A, B, C = chain()
  A:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    C.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController")
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(C.presentingViewController, nil, "C.presentingViewController")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(B.appearance, "disappeared", "B")
  expect.equal(C.appearance, "disappeared", "C")
  expect.equal(now(), 1.5, "one transition of 0.5 s after the two presentations")
end)

scenario("A.dismiss(false): the same, at the end of the turn", function()
  local A, B, C = chain()
  A:dismiss(false, function() note("dismissed") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  settle()
  expect [[
    C.viewWillDisappear(false)
    A.viewWillAppear(false)
    A.viewDidAppear(false)
    C.viewDidDisappear(false)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(now(), 1.0, "no time passes")
end)
