-- CON-05  Adding a child to a parent that is already visible, and to one that is not yet.
-- Also: LOAD-06 (O-so48653763: child added in the parent's viewDidLoad), M-2 (parent first).
--
-- Source: CON-05 is [INF]. Whether viewDidAppear is synchronous inside addSubview or deferred
-- is [?]: the engine defers it to the end of the turn (M-3), which is what gives A-2's order
-- (seed 003). Parent-vs-child order is [INF] from VCPG Listing 5-5 (parent's will before the
-- child's, parent's did before the child's); the engine does that for will and did (M-2).
-- When the parent is not yet visible, the child's callbacks follow the parent's appearance
-- [OBS O-so48653763]. M-2: children in `children` order (last scenario).
-- DECISIONS (docs/DECISIONS.md): D-3 (parent first; a child's own view move).

scenario("visible parent: viewDidAppear waits for the end of the turn", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  expect [[
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
  ]]
  expect.equal(C.appearance, "appearing", "not yet appeared inside the turn")
  C:didMove(P)
  settle()
  expect [[
    C.didMove(toParent: P)
    C.viewDidAppear(false)
  ]]
  expect.equal(C.appearance, "appeared", "appeared after the turn")
end)

scenario("parent not yet visible: child added in viewDidLoad appears after the parent", function()
  local C = Controller "C"
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(C)
      self.view:addSubview(C.view)
      C:didMove(self)
    end,
  }
  local win = Window { root = P, visible = false }
  expect [[
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
  ]]
  expect.equal(C.appearance, "disappeared", "hidden window: nothing appears")

  win:makeKeyAndVisible()
  expect [[
    P.viewWillAppear(false)
    C.viewWillAppear(false)
  ]]
  settle()
  expect [[
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
  expect.equal(P.appearance, "appeared", "P")
  expect.equal(C.appearance, "appeared", "C")
end)

scenario("a child that has its own child: parent first, for will and did", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  trace.clear()

  local C, G = Controller "C", Controller "G"
  C:addChild(G)
  C.view:addSubview(G.view)
  G:didMove(C)
  expect [[
    G.willMove(toParent: C)
    C.viewDidLoad()
    G.viewDidLoad()
    G.didMove(toParent: C)
  ]]
  expect.equal(G.appearance, "disappeared", "C's tree is not in a window yet")

  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.viewWillAppear(false)
    G.viewWillAppear(false)
    C.didMove(toParent: P)
    C.viewDidAppear(false)
    G.viewDidAppear(false)
  ]]
  expect.equal(G.appearance, "appeared", "G")
  expect.equal(G.view.window, C.view.window, "same window")
end)

scenario("two children added in one turn: did-callbacks in the order they were queued", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  trace.clear()
  local A, B = Controller "A", Controller "B"
  P:addChild(A)
  P:addChild(B)
  P.view:addSubview(A.view)
  P.view:addSubview(B.view)
  A:didMove(P)
  B:didMove(P)
  settle()
  expect [[
    A.willMove(toParent: P)
    B.willMove(toParent: P)
    A.viewDidLoad()
    A.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    A.didMove(toParent: P)
    B.didMove(toParent: P)
    A.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(P.children, { A, B }, "P.children")
end)

scenario("M-2: forwarded callbacks follow the children order, not the view order", function()
  local A, B = Controller "A", Controller "B"
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(A)
      self:addChild(B)
      self.view:addSubview(B.view)   -- B's view first
      self.view:addSubview(A.view)
      A:didMove(self)
      B:didMove(self)
    end,
  }
  local win = Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    A.willMove(toParent: P)
    B.willMove(toParent: P)
    B.viewDidLoad()
    A.viewDidLoad()
    A.didMove(toParent: P)
    B.didMove(toParent: P)
    P.viewWillAppear(false)
    A.viewWillAppear(false)
    B.viewWillAppear(false)
    P.viewDidAppear(false)
    A.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(P.children, { A, B }, "children order")
  expect.equal(P.view.subviews, { B.view, A.view }, "view order")

  win.isHidden = true
  settle()
  expect [[
    P.viewWillDisappear(false)
    A.viewWillDisappear(false)
    B.viewWillDisappear(false)
    P.viewDidDisappear(false)
    A.viewDidDisappear(false)
    B.viewDidDisappear(false)
  ]]
end)
