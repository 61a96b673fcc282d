-- CON-10  A child controller's view put under a controller that is not its parent.
--
-- Source: [DOC H17]+[OBS] UIViewControllerHierarchyInconsistency, reason
-- "child view controller:<X> should have parent view controller:<Y> but actual parent is:<Z>",
-- variant "...:(null) but actual parent is:<Z>". Engine: the check runs before anything
-- changes, so the hierarchy, the views and the trace are as they were. The "(null)" form is
-- what the engine raises when the new place has no controller above it in a window (a
-- window's root, or a view added straight to a window). A detached view tree is not checked
-- until it is attached under a controller or a window.
-- DECISIONS (docs/DECISIONS.md): D-9 (the hierarchy check).

-- P (root of one window) with child C on screen, and Q (root of a second window).
local function setUp()
  local P, Q, C = Controller "P", Controller "Q", Controller "C"
  local win = Window { root = P }
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  Window { root = Q }
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    Q.viewDidLoad()
    Q.viewWillAppear(false)
    P.viewDidAppear(false)
    C.viewDidAppear(false)
    Q.viewDidAppear(false)
  ]]
  return P, Q, C, win
end

local function unchanged(P, C, win)
  expect [[
  ]]
  expect.equal(C.parent, P, "C.parent unchanged")
  expect.equal(P.children, { C }, "P.children unchanged")
  expect.equal(C.view.superview, P.view, "C's view where it was")
  expect.equal(C.appearance, "appeared", "C's appearance unchanged")
  expect.equal(win.rootViewController, P, "window root unchanged")
end

scenario("under another controller's view", function()
  local P, Q, C, win = setUp()
  expect.error(function() Q.view:addSubview(C.view) end,
    "UIViewControllerHierarchyInconsistency: child view controller:C should have parent view controller:Q "
      .. "but actual parent is:P")
  settle()
  unchanged(P, C, win)
  expect.equal(Q.view.subviews, {}, "nothing added to Q's view")
end)

scenario("variant (null): as a window's root, or straight into a window", function()
  local P, Q, C, win = setUp()
  expect.error(function() win.rootViewController = C end,
    "UIViewControllerHierarchyInconsistency: child view controller:C should have parent view controller:(null) "
      .. "but actual parent is:P")
  local other = Window {}
  expect.error(function() other:addSubview(C.view) end,
    "UIViewControllerHierarchyInconsistency: child view controller:C should have parent view controller:(null) "
      .. "but actual parent is:P")
  settle()
  unchanged(P, C, win)
  expect.equal(other.subviews, {}, "nothing added to the other window")
end)

scenario("a detached view carrying the child, attached under the wrong controller", function()
  local P, Q, C, win = setUp()
  local holder = View "holder"
  C.view:removeFromSuperview()
  holder:addSubview(C.view)          -- detached: not checked yet
  settle()
  expect [[
    C.viewWillDisappear(false)
    C.viewDidDisappear(false)
  ]]
  expect.error(function() Q.view:addSubview(holder) end,
    "UIViewControllerHierarchyInconsistency: child view controller:C should have parent view controller:Q "
      .. "but actual parent is:P")
  settle()
  expect [[
  ]]
  expect.equal(holder.superview, nil, "holder not attached")
  expect.equal(C.view.superview, holder, "C's view still in holder")
  expect.equal(C.appearance, "disappeared", "C")

  -- Under the right parent it is fine, and C appears again.
  P.view:addSubview(holder)
  settle()
  expect [[
    C.viewWillAppear(false)
    C.viewDidAppear(false)
  ]]
  expect.equal(C.view.window, win, "C's view back in the window")
end)

scenario("control: a plain view inside the parent's view is a valid place", function()
  local P, Q, C, win = setUp()
  local box = View "box"
  P.view:addSubview(box)
  box:addSubview(C.view)
  settle()
  expect [[
  ]]
  expect.equal(C.view.superview, box, "C's view in the box")
  expect.equal(C.appearance, "appeared", "still on screen, no callbacks: it never left the window")
end)

-- Found by the fuzzer (issue 17, seed 9126): transition(from:to:) whose outgoing view sits
-- under another controller's view raises CON-10's exception before it loads the incoming view,
-- so the refused call changes nothing.
scenario("transition(from:to:) into another controller's view is refused before anything loads", function()
  local C1, C4, C7 = Controller "C1", Controller "C4", Controller "C7"
  local T1 = TabBarController { "T1", Controller "C6", Controller "C3" }
  local S1 = SplitViewController { "S1", primary = C1, secondary = C4 }
  Window { root = S1 }
  settle()
  C7:addChild(T1)
  C7:addChild(C1)
  trace.clear()
  expect.error(function() C7:transition(C1, T1, 0.1) end,
    "UIViewControllerHierarchyInconsistency: child view controller:T1 should have parent view controller:S1 "
      .. "but actual parent is:C7")
  expect.equal(T1.viewIfLoaded, nil, "not loaded")
  expect.equal(trace.lines(), {}, "nothing happened")
end)
