-- CON-06  Removing a child from a parent that is visible.
-- Also: A-3 (seed 003), M-2 (parent first), M-3.
--
-- Source: CON-06 is [INF]: willMove(nil) -> viewWillDisappear -> viewDidDisappear ->
-- removeFromParent -> didMove(nil). A-3 (seed 003, the first authority) puts
-- didMove(nil) before viewDidDisappear when the three calls run in one turn; the engine
-- follows A-3 (M-3: the did-callback waits for the end of the turn). CON-06's order comes
-- out when the container lets the turn end after removing the view (second scenario).
-- DECISIONS (docs/DECISIONS.md): D-3.

local function visibleParentWithChild()
  local P = Controller "P"
  Window { root = P }
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()
  return P, C
end

scenario("in one turn (A-3's order)", function()
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
  expect.equal(C.appearance, "disappeared", "C")
end)

scenario("turn ends after the view is removed (CON-06's order)", function()
  local P, C = visibleParentWithChild()
  C:willMove(nil)
  C.view:removeFromSuperview()
  settle()
  C:removeFromParent()
  expect [[
    C.willMove(toParent: nil)
    C.viewWillDisappear(false)
    C.viewDidDisappear(false)
    C.didMove(toParent: nil)
  ]]
  expect.equal(C.parent, nil, "C.parent")
  expect.equal(P.children, {}, "P.children")
end)

scenario("a child that has its own child: parent first, for will and did", function()
  local P = Controller "P"
  Window { root = P }
  local C, G = Controller "C", Controller "G"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  C:addChild(G)
  C.view:addSubview(G.view)
  G:didMove(C)
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    G.willMove(toParent: C)
    G.viewDidLoad()
    G.viewWillAppear(false)
    G.didMove(toParent: C)
    P.viewDidAppear(false)
    C.viewDidAppear(false)
    G.viewDidAppear(false)
  ]]

  C:willMove(nil)
  C.view:removeFromSuperview()
  C:removeFromParent()
  settle()
  expect [[
    C.willMove(toParent: nil)
    C.viewWillDisappear(false)
    G.viewWillDisappear(false)
    C.didMove(toParent: nil)
    C.viewDidDisappear(false)
    G.viewDidDisappear(false)
  ]]
  expect.equal(G.parent, C, "G stays C's child")
  expect.equal(G.appearance, "disappeared", "G")
end)
