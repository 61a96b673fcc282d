-- CON-04  The documented add and remove sequences of a custom container.
--   add:    addChild(c) -> parent.view.addSubview(c.view) -> c.didMove(toParent: parent)
--   remove: c.willMove(toParent: nil) -> c.view.removeFromSuperview() -> c.removeFromParent()
--
-- Source: [DOC] ART-container, VCPG. The same code is A-2/A-3 (seed 003); here it runs once
-- in a container that is off screen (containment calls only, G-02) and once on screen,
-- where the trace is A-2's and A-3's.
-- DECISIONS (docs/DECISIONS.md): D-3, D-1 (cancel edge in the one-turn scenario).

local function add(parent, child)
  parent:addChild(child)
  parent.view:addSubview(child.view)
  child:didMove(parent)
end

local function remove(child)
  child:willMove(nil)
  child.view:removeFromSuperview()
  child:removeFromParent()
end

scenario("off screen: containment calls only", function()
  local P = Controller "P"
  local C = Controller "C"
  P:loadViewIfNeeded()
  add(P, C)
  remove(C)
  settle()
  expect [[
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
    C.willMove(toParent: nil)
    C.didMove(toParent: nil)
  ]]
  expect.equal(C.appearance, "disappeared", "C never appeared")
  expect.equal(C.parent, nil, "C.parent")
  expect.equal(P.children, {}, "P.children")
end)

scenario("on screen: add, let it appear, remove", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]
  local C = Controller "C"
  add(P, C)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    C.viewDidAppear(false)
  ]]
  expect.equal(C.appearance, "appeared", "C on screen")

  remove(C)
  settle()
  expect [[
    C.willMove(toParent: nil)
    C.viewWillDisappear(false)
    C.didMove(toParent: nil)
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "C gone")
  expect.equal(C.parent, nil, "C.parent")
  expect.equal(P.children, {}, "P.children")
end)

scenario("on screen: add and remove within one turn", function()
  -- The view enters and leaves the window before the turn ends: G-01's cancel edge
  -- (appearing -> disappearing), so C never gets viewDidAppear.
  local P = Controller "P"
  Window { root = P }
  settle()
  trace.clear()
  local C = Controller "C"
  add(P, C)
  remove(C)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    C.willMove(toParent: nil)
    C.viewWillDisappear(false)
    C.didMove(toParent: nil)
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "C gone")
end)
