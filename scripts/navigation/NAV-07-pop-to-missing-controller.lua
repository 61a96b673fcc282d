-- NAV-07  popToViewController with a controller that is not on the stack.
-- Also: M-11 (exceptions raise Lua errors named after the exception), §15.
--
-- Source: [OBS] crash NSInternalInconsistencyException, reason 'Tried to pop to a view
-- controller that doesn't exist.' (iOS 12.2 log, UIKit-3698.103.12 UINavigationController.m:8176;
-- many SwiftUI-era reports).
-- What the scenarios show: the error, for a fresh controller, for one that was popped, for one
-- on another navigation controller's stack, and off screen; after each, the stack, the
-- parents and the screen are unchanged and the trace is empty.
-- DECISIONS (docs/DECISIONS.md): D-20 (refusals change nothing), D-19 (a refusal is checked
-- when issued, against the stack the operation will apply to).

local message = "NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist."

local function visibleStack()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A, B, C }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A, B, C
end

scenario("a controller that was never pushed", function()
  local nav, A, B, C = visibleStack()
  local X = Controller "X"
  expect.error(function() nav:popToViewController(X, true) end, message)
  expect.error(function() nav:popToViewController(X, false) end, message)
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "viewControllers unchanged")
  expect.equal(X.parent, nil, "X.parent")
  expect.equal(C.appearance, "appeared", "C still on screen")
  expect.equal(X.isViewLoaded, false, "X not loaded")
end)

scenario("a controller that has just been popped (same turn)", function()
  local nav, A, B, C = visibleStack()
  expect.equal(nav:popViewController(), C, "pop returns C")
  expect.error(function() nav:popToViewController(C) end, message)
  settle()
  expect [[
    C.willMove(toParent: nil)
    B.viewDidLoad()
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    C.viewDidDisappear(true)
    B.viewDidAppear(true)
    C.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "only the pop happened")
end)

scenario("a controller on another navigation controller's stack", function()
  local nav, A, B, C = visibleStack()
  local Y = Controller "Y"
  local other = NavigationController { "Other", Y }
  trace.clear()
  expect.error(function() nav:popToViewController(Y) end, message)
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "Nav unchanged")
  expect.equal(other.viewControllers, { Y }, "Other unchanged")
  expect.equal(Y.parent, other, "Y.parent")
end)

scenario("off screen", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  trace.clear()
  expect.error(function() nav:popToViewController(Controller "X") end, message)
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers unchanged")
end)
