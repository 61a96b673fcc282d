-- G-01  The appearance state machine and its cancel edges.
-- Also: M-1 (one state machine), M-3, CON-08 (explicit begin/end).
--
-- Source: [DOC] UIViewController overview figure: Disappeared -(viewWillAppear)-> Appearing
-- -(viewDidAppear)-> Appeared -(viewWillDisappear)-> Disappearing -(viewDidDisappear)->
-- Disappeared; "Not all will callback methods are paired with only a did callback method":
-- Appearing -> Disappearing and Disappearing -> Appearing are legal (cancel edges).
-- The callbacks on a cancel are not spelt out for custom containers; the engine's choice
-- (the same shape as NAV-12's observed cancelled swipe): the cancelled half never gets its
-- did-callback, the state follows the last will-callback, and one did-callback ends it.
-- With explicit calls, the engine counts begins (CON-08): the opposite begin sends its
-- will-callback at once, and the last end sends the did-callback of the final direction.
-- DECISIONS (docs/DECISIONS.md): D-1 (state machine, warning), D-2 (explicit calls nest; cancel edge).

local function visibleParent()
  local P = Controller "P"
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]
  return P
end

scenario("the four states in order", function()
  local P = visibleParent()
  local C = Controller "C"
  P:addChild(C)
  C:didMove(P)
  expect [[
    C.willMove(toParent: P)
    C.didMove(toParent: P)
  ]]
  expect.equal(C.appearance, "disappeared", "before")

  P.view:addSubview(C.view)
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(false)
  ]]
  expect.equal(C.appearance, "appearing", "after viewWillAppear")
  settle()
  expect [[
    C.viewDidAppear(false)
  ]]
  expect.equal(C.appearance, "appeared", "after viewDidAppear")

  C.view:removeFromSuperview()
  expect [[
    C.viewWillDisappear(false)
  ]]
  expect.equal(C.appearance, "disappearing", "after viewWillDisappear")
  settle()
  expect [[
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "after viewDidDisappear")
end)

scenario("cancel edge appearing -> disappearing: view added and removed in one turn", function()
  local P = visibleParent()
  local C = Controller "C"
  P:addChild(C)
  C:didMove(P)
  trace.clear()

  P.view:addSubview(C.view)
  expect.equal(C.appearance, "appearing", "after add")
  C.view:removeFromSuperview()
  expect.equal(C.appearance, "disappearing", "after remove")
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.viewWillDisappear(false)
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "after the turn")
end)

scenario("cancel edge disappearing -> appearing: view removed and put back in one turn", function()
  local P = visibleParent()
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()

  C.view:removeFromSuperview()
  expect.equal(C.appearance, "disappearing", "after remove")
  P.view:addSubview(C.view)
  expect.equal(C.appearance, "appearing", "after add")
  settle()
  expect [[
    C.viewWillDisappear(false)
    C.viewWillAppear(false)
    C.viewDidAppear(false)
  ]]
  expect.equal(C.appearance, "appeared", "after the turn")
end)

scenario("cancel with explicit calls: begin(true), begin(false), end, end", function()
  local C = Controller "C"
  C:beginAppearanceTransition(true, true)
  C:beginAppearanceTransition(false, true)
  expect [[
    C.viewWillAppear(true)
    C.viewWillDisappear(true)
  ]]
  expect.equal(C.appearance, "disappearing", "the second begin turned it round")
  C:endAppearanceTransition()
  expect [[
  ]]
  C:endAppearanceTransition()
  expect [[
    C.viewDidDisappear(true)
  ]]
  expect.equal(C.appearance, "disappeared", "C")
end)

scenario("cancel with explicit calls: disappearing turned back to appearing", function()
  local C = Controller "C"
  C:beginAppearanceTransition(true, false)
  C:endAppearanceTransition()
  trace.clear()
  C:beginAppearanceTransition(false, true)
  C:beginAppearanceTransition(true, true)
  C:endAppearanceTransition()
  C:endAppearanceTransition()
  expect [[
    C.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
  expect.equal(C.appearance, "appeared", "C")
end)

scenario("a did-callback repeats its will-callback's animated flag", function()
  local C = Controller "C"
  C:beginAppearanceTransition(true, true)
  C:endAppearanceTransition()
  C:beginAppearanceTransition(false, false)
  C:endAppearanceTransition()
  expect [[
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    C.viewWillDisappear(false)
    C.viewDidDisappear(false)
  ]]
end)
