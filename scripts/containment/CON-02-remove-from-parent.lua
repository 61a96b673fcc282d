-- CON-02  removeFromParent() removes the child, then sends didMove(toParent: nil); it never
-- sends willMove(toParent: nil), which is the container's job.
--
-- Source: [DOC×3] DOC didMove(toParent:) ("The removeFromParent() method automatically calls
-- the didMove(toParent:) method of the child view controller after it removes the child");
-- H17; VCPG. Seed 000 says the same.
-- Engine choice (not in BEHAVIOR.md): removeFromParent on a controller without a parent
-- does nothing.
-- DECISIONS (docs/DECISIONS.md): none for removeFromParent without a parent (engine choice, not listed there).

scenario("removeFromParent: didMove(nil) only, after the child is removed", function()
  local P = Controller "P"
  local C = Controller {
    "C",
    didMove = function(self, parent)
      note("in didMove: parent = " .. tostring(self.parent and self.parent.name)
        .. ", P has " .. #P.children .. " children")
    end,
  }
  P:addChild(C)
  expect [[
    C.willMove(toParent: P)
  ]]

  C:removeFromParent()
  expect [[
    C.didMove(toParent: nil)
    note: in didMove: parent = nil, P has 0 children
  ]]
  expect.equal(C.parent, nil, "C.parent")
  expect.equal(P.children, {}, "P.children")
end)

scenario("removeFromParent without a parent does nothing (engine choice)", function()
  local C = Controller "C"
  C:removeFromParent()
  expect [[
  ]]
  expect.equal(C.parent, nil, "C.parent")
end)
