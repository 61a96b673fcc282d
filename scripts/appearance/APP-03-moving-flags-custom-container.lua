-- APP-03  isMovingToParent / isMovingFromParent read inside the appearance callbacks of a
-- child of a custom container.
-- Also: G-05 (the flags are meant to be read inside the appearance callbacks), A-2, A-3.
--
-- Source: [DOC H17]+[OBS] pushed VC: isMovingToParent true in its viewWillAppear and
-- viewDidAppear; popped VC: isMovingFromParent true in its viewWillDisappear (LifecycleHooks
-- issue #2); a VC that appears or disappears without moving: both false. BEHAVIOR.md states
-- it for navigation; for a custom container the engine applies the same rule to the
-- containment calls: willMove(toParent: p) starts "moving to parent", willMove(toParent: nil)
-- starts "moving from parent", and the flag lasts until the appearance that goes with the
-- move has ended (so it is still true in viewDidAppear, which follows didMove in A-2's
-- order, and in viewDidDisappear, which follows didMove(nil) in A-3's order: viewDidDisappear
-- is the engine's choice, BEHAVIOR.md only names viewWillDisappear). A child that appears
-- with its parent after its move has completed is not moving: both flags false ([INF]).
-- DECISIONS (docs/DECISIONS.md): D-7 (isMovingToParent / isMovingFromParent).

-- A child that writes its flags into the trace from its four appearance callbacks.
local function flagReporter(name)
  local function report(callback)
    return function(self)
      note(name .. "." .. callback .. ": toParent=" .. tostring(self.isMovingToParent)
        .. " fromParent=" .. tostring(self.isMovingFromParent))
    end
  end
  return Controller {
    name,
    viewWillAppear = report("viewWillAppear"),
    viewDidAppear = report("viewDidAppear"),
    viewWillDisappear = report("viewWillDisappear"),
    viewDidDisappear = report("viewDidDisappear"),
  }
end

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

scenario("added to a visible parent: isMovingToParent in viewWillAppear and viewDidAppear", function()
  local P = visibleParent()
  local C = flagReporter("C")
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
    note: C.viewWillAppear: toParent=true fromParent=false
    C.didMove(toParent: P)
    C.viewDidAppear(false)
    note: C.viewDidAppear: toParent=true fromParent=false
  ]]
  expect.equal(C.isMovingToParent, false, "the move is over")
  expect.equal(C.isMovingFromParent, false, "isMovingFromParent")
end)

scenario("removed from a visible parent: isMovingFromParent in viewWillDisappear", function()
  local P = visibleParent()
  local C = flagReporter("C")
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()

  C:willMove(nil)
  C.view:removeFromSuperview()
  C:removeFromParent()
  settle()
  expect [[
    C.willMove(toParent: nil)
    C.viewWillDisappear(false)
    note: C.viewWillDisappear: toParent=false fromParent=true
    C.didMove(toParent: nil)
    C.viewDidDisappear(false)
    note: C.viewDidDisappear: toParent=false fromParent=true
  ]]
  expect.equal(C.isMovingFromParent, false, "the move is over")
  expect.equal(C.isMovingToParent, false, "isMovingToParent")
end)

scenario("switched with transition(from:to:) (VCPG 5-3): flags on both sides", function()
  local P = visibleParent()
  local Old, New = flagReporter("Old"), flagReporter("New")
  P:addChild(Old)
  P.view:addSubview(Old.view)
  Old:didMove(P)
  settle()
  trace.clear()

  Old:willMove(nil)
  P:addChild(New)
  P:transition(Old, New, 0.3, function()
    Old:removeFromParent()
    New:didMove(P)
  end)
  settle()
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    Old.willMove(toParent: nil)
    New.willMove(toParent: P)
    New.viewDidLoad()
    Old.viewWillDisappear(true)
    note: Old.viewWillDisappear: toParent=false fromParent=true
    New.viewWillAppear(true)
    note: New.viewWillAppear: toParent=true fromParent=false
    New.viewDidAppear(true)
    note: New.viewDidAppear: toParent=true fromParent=false
    Old.viewDidDisappear(true)
    note: Old.viewDidDisappear: toParent=false fromParent=true
    Old.didMove(toParent: nil)
    New.didMove(toParent: P)
  ]]
  expect.equal(Old.isMovingFromParent, false, "Old after")
  expect.equal(New.isMovingToParent, false, "New after")
end)

scenario("not moving: a child appearing with its parent, and a view swap", function()
  local First, Second = flagReporter("First"), flagReporter("Second")
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(First)
      self:addChild(Second)
      First:didMove(self)
      Second:didMove(self)
      self.view:addSubview(First.view)
    end,
  }
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    First.willMove(toParent: P)
    Second.willMove(toParent: P)
    First.didMove(toParent: P)
    Second.didMove(toParent: P)
    First.viewDidLoad()
    P.viewWillAppear(false)
    First.viewWillAppear(false)
    note: First.viewWillAppear: toParent=false fromParent=false
    P.viewDidAppear(false)
    First.viewDidAppear(false)
    note: First.viewDidAppear: toParent=false fromParent=false
  ]]

  -- seed 001's segmented control: the children stay children, so nobody is moving.
  First.view:removeFromSuperview()
  P.view:addSubview(Second.view)
  settle()
  expect [[
    First.viewWillDisappear(false)
    note: First.viewWillDisappear: toParent=false fromParent=false
    Second.viewDidLoad()
    Second.viewWillAppear(false)
    note: Second.viewWillAppear: toParent=false fromParent=false
    First.viewDidDisappear(false)
    note: First.viewDidDisappear: toParent=false fromParent=false
    Second.viewDidAppear(false)
    note: Second.viewDidAppear: toParent=false fromParent=false
  ]]
  expect.equal(P.isMovingToParent, false, "a window's root is not moving to a parent")
end)
