-- CON-01  addChild(c) sends c.willMove(toParent: parent) before adding, never didMove.
--
-- Source: [DOC×3] H17 header comment; DOC willMove(toParent:) ("When your custom container
-- calls addChild(_:), it automatically calls willMove(toParent:)"); VCPG container guide.
-- Engine choice (not in BEHAVIOR.md): addChild of a controller that is already a child of
-- the receiver does nothing.
-- DECISIONS (docs/DECISIONS.md): D-8 (adding an existing child does nothing).

scenario("addChild: willMove only, parent and children set", function()
  local P = Controller "P"
  local C = Controller {
    "C",
    willMove = function(self, parent)
      -- "before adding": the parent is not yet set when willMove runs
      note("in willMove: parent = " .. tostring(self.parent and self.parent.name))
    end,
  }
  P:addChild(C)
  settle()
  expect [[
    C.willMove(toParent: P)
    note: in willMove: parent = nil
  ]]
  expect.equal(C.parent, P, "C.parent")
  expect.equal(P.children, { C }, "P.children")
  expect.equal(C.isViewLoaded, false, "addChild does not load the child's view")
  expect.equal(P.isViewLoaded, false, "nor the parent's")
  expect.equal(C.appearance, "disappeared", "no appearance")
end)

scenario("addChild to a visible parent: still only willMove until the view is added", function()
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
  settle()
  expect [[
    C.willMove(toParent: P)
  ]]
  expect.equal(C.appearance, "disappeared", "a child whose view is not in the window does not appear")
  expect.equal(C.isViewLoaded, false, "not loaded")
end)

scenario("adding the same child twice does nothing the second time (engine choice)", function()
  local P = Controller "P"
  local C = Controller "C"
  P:addChild(C)
  P:addChild(C)
  expect [[
    C.willMove(toParent: P)
  ]]
  expect.equal(P.children, { C }, "C only once in P.children")
end)
