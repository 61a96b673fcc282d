-- A-3  Order of callbacks when a child is removed from a parent that is on screen.
-- Also: CON-04 (the documented removal sequence), CON-02 (removeFromParent sends didMove(nil)).
--
-- Source: seed 003 (founding document, Part A): the code
--   c.willMove(toParent: nil); c.view.removeFromSuperview(); c.removeFromParent()
-- gives willMove(toParent: nil) -> viewWillDisappear -> didMove(toParent: nil) -> viewDidDisappear.
-- The engine gets there through M-3: removeFromSuperview sends viewWillDisappear at once and
-- defers viewDidDisappear to the end of the turn, after the script's removeFromParent.
-- (CON-06's [INF] line puts viewDidDisappear before didMove(nil); A-3 is the first authority
-- and the engine follows it. CON-06-remove-child-visible-parent.lua shows when CON-06's
-- order does come out: when the container lets the turn end between the two steps.)
-- DECISIONS (docs/DECISIONS.md): D-3, D-7.

-- A visible parent P with child C on screen; the trace of the set-up is checked and consumed.
local function visibleParentWithChild()
  local P = Controller "P"
  local win = Window { root = P }
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
  return P, C, win
end

scenario("seed 003 order in one block", function()
  local P, C = visibleParentWithChild()

  C:willMove(nil)
  C.view:removeFromSuperview()
  C:removeFromParent()
  settle()
  expect [[
    C.willMove(toParent: nil)
    C.viewWillDisappear(false)
    C.didMove(toParent: nil)
    C.viewDidDisappear(false)
  ]]

  expect.equal(C.parent, nil, "C.parent")
  expect.equal(P.children, {}, "P.children")
  expect.equal(C.appearance, "disappeared", "C.appearance")
  expect.equal(C.isViewLoaded, true, "the view stays loaded")
  expect.equal(C.view.superview, nil, "C.view.superview")
  expect.equal(C.view.window, nil, "C.view.window")
  expect.equal(P.appearance, "appeared", "the parent is untouched")
end)

scenario("step by step: which call sends which callback", function()
  local P, C = visibleParentWithChild()

  C:willMove(nil)                    -- the container must call it: removeFromParent does not
  expect [[
    C.willMove(toParent: nil)
  ]]
  expect.equal(C.parent, P, "willMove(nil) does not detach")

  C.view:removeFromSuperview()       -- leaving the window: will-callback now
  expect [[
    C.viewWillDisappear(false)
  ]]
  expect.equal(C.appearance, "disappearing", "between viewWillDisappear and the end of the turn")

  C:removeFromParent()               -- sends didMove(nil) itself
  expect [[
    C.didMove(toParent: nil)
  ]]
  expect.equal(C.parent, nil, "detached by removeFromParent")

  settle()
  expect [[
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "after settle")
end)
