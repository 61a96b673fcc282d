-- CON-03  addChild(c) when c already has another parent: c is first removed from it.
--
-- Source: [DOC] H17 ("removed from that container before being added", by calling
-- removeFromParentViewController). The trace is [INF] and the relative order [?]; the engine
-- runs the implicit removeFromParent first, so c gets didMove(toParent: nil) from the old
-- parent, then willMove(toParent: new parent) from addChild.
-- DECISIONS (docs/DECISIONS.md): D-8 (didMove(nil) before willMove(new)).

scenario("moving a child from P1 to P2", function()
  local P1, P2, C = Controller "P1", Controller "P2", Controller "C"
  P1:addChild(C)
  C:didMove(P1)
  expect [[
    C.willMove(toParent: P1)
    C.didMove(toParent: P1)
  ]]

  P2:addChild(C)
  expect [[
    C.didMove(toParent: nil)
    C.willMove(toParent: P2)
  ]]
  C:didMove(P2)
  expect [[
    C.didMove(toParent: P2)
  ]]
  expect.equal(C.parent, P2, "C.parent")
  expect.equal(P1.children, {}, "P1.children")
  expect.equal(P2.children, { C }, "P2.children")
end)
