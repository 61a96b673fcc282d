-- A-1  The containment API and who calls which half of the willMove/didMove handshake.
-- Also: CON-01, CON-02, CON-04 (the same facts from Apple's side, all [DOC]).
--
-- Sources: seed 000, seed 003, seed 004 (founding documents, Part A). addChild calls
-- willMove(toParent: parent) itself; the container calls didMove(toParent: parent) once the
-- child's view is in place. For removal the container calls willMove(toParent: nil), removes
-- the view, then removeFromParent, which calls didMove(toParent: nil) itself.
-- The container here is not in a window, so no appearance callbacks are involved (G-02).
-- DECISIONS (docs/DECISIONS.md): D-8 (addChild edge cases).

scenario("add: addChild sends willMove, the container sends didMove", function()
  local P = Controller "P"
  local C = Controller "C"
  P:loadViewIfNeeded()

  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  expect [[
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
  ]]
  expect.equal(P.children, { C }, "P.children")
  expect.equal(C.parent, P, "C.parent")
  expect.equal(C.view.superview, P.view, "C's view in P's view")
  expect.equal(C.appearance, "disappeared", "no window: no appearance")
end)

scenario("remove: the container sends willMove(nil), removeFromParent sends didMove(nil)", function()
  local P = Controller "P"
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  expect [[
    C.willMove(toParent: P)
    P.viewDidLoad()
    C.viewDidLoad()
    C.didMove(toParent: P)
  ]]

  C:willMove(nil)
  C.view:removeFromSuperview()
  C:removeFromParent()
  expect [[
    C.willMove(toParent: nil)
    C.didMove(toParent: nil)
  ]]
  expect.equal(P.children, {}, "P.children")
  expect.equal(C.parent, nil, "C.parent")
  expect.equal(C.view.superview, nil, "C's view removed")
end)

scenario("seed 000's short form: addChild alone, then willMove(nil) + removeFromParent", function()
  -- seed 000: "[self addChildViewController:_currentVC]; // willMove is automatic, didMove may be omitted"
  local P = Controller "P"
  local C = Controller "C"
  P:addChild(C)
  expect [[
    C.willMove(toParent: P)
  ]]
  expect.equal(C.parent, P, "C.parent")

  C:willMove(nil)
  C:removeFromParent()
  expect [[
    C.willMove(toParent: nil)
    C.didMove(toParent: nil)
  ]]
  expect.equal(C.parent, nil, "C.parent")
  expect.equal(P.children, {}, "P.children")
  expect.equal(C.isViewLoaded, false, "nothing read C.view")
end)

scenario("children keep the order they were added in", function()
  local P = Controller "P"
  local A, B, C = Controller "A", Controller "B", Controller "C"
  P:addChild(A)
  P:addChild(B)
  P:addChild(C)
  expect [[
    A.willMove(toParent: P)
    B.willMove(toParent: P)
    C.willMove(toParent: P)
  ]]
  expect.equal(P.children, { A, B, C }, "P.children, 1-based")
  expect.equal(P.children[2], B, "P.children[2]")

  B:willMove(nil)
  B:removeFromParent()
  expect [[
    B.willMove(toParent: nil)
    B.didMove(toParent: nil)
  ]]
  expect.equal(P.children, { A, C }, "P.children after removing B")
end)
