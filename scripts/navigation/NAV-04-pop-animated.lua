-- NAV-04  popViewController(animated: true) from [A, B].
-- Also: APP-03 (isMovingFromParent in the popped controller; viewControllers already updated
-- inside its viewWillDisappear), LOAD-09 (no reload on reappearance), M-6, SPEC §3.4
-- (user.tapBack).
--
-- Sources: [OBS×4] O-cyrus POP, O-wangling, O-readke (B will disappear, A will appear, B did
-- disappear, A did appear); O-neuburg6, O-arm1 (B's own willMove(nil) -> viewWillDisappear ->
-- viewDidDisappear -> didMove(nil)).
-- Rule's trace: B.willMove(toParent: nil) -> B.viewWillDisappear(true) ->
-- A.viewWillAppear(true) -> navDelegate.willShow(A) -> B.viewDidDisappear(true) ->
-- A.viewDidAppear(true) -> B.didMove(toParent: nil) -> navDelegate.didShow(A). The call
-- returns B; after it B.parent == nil and viewControllers == [A].
-- What the scenarios show: that order; the return value and the state when the call returns
-- (the stack changes inside the call, the screen in the turn's commit, M-6, TIM-03); timing;
-- flags; the
-- layout callbacks; the non-animated pop; the back button (user.tapBack), which pops through popViewController;
-- an off-screen navigation controller.
-- DECISIONS (docs/DECISIONS.md): D-18 (didMove(nil) before didShow), D-7 (flags), D-22
-- (user.tapBack), D-23 (off screen).

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

-- Virtual time in whole milliseconds, so that sums of durations compare exactly.
local function milliseconds(t) return math.floor(t * 1000 + 0.5) end

-- [A, B] on screen, B on top, settled; A and B may be given.
local function navShowingB(A, B)
  A, B = A or Controller "A", B or Controller "B"
  local nav = NavigationController {
    "Nav", A,
    delegate = { willShow = function() end, didShow = function() end },
  }
  Window { root = nav }
  settle()
  nav:pushViewController(B)
  settle()
  trace.clear()
  return nav, A, B
end

scenario("the whole sequence, in order; returns B", function()
  trace.include "loading"
  local nav, A, B = navShowingB()
  local popped = nav:popViewController(true)
  expect.equal(popped, B, "popViewController returns the popped controller")
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(B.appearance, "disappeared", "B")
end)

scenario("state right after the call returns", function()
  local nav, A, B = navShowingB()
  nav:popViewController()
  expect [[
    B.willMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
  expect.equal(nav.topViewController, A, "topViewController")
  expect.equal(nav.children, { A }, "children")
  expect.equal(B.parent, nil, "B.parent")
  expect.equal(B.navigationController, nil, "B.navigationController")
  expect.equal(B.isMovingFromParent, true, "B is moving from its parent")
  expect.equal(B.appearance, "appeared", "B is still on screen until the turn's commit")
end)

scenario("timing: starts in the turn's commit, ends 0.35 s later", function()
  local nav, A, B = navShowingB()
  local start = now()
  nav:popViewController(true)
  advance(0)
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
  ]]
  advance(0.3)
  expect [[
  ]]
  advance(0.05)
  expect [[
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(milliseconds(now() - start), 350, "duration")
end)

scenario("flags, and viewControllers inside B.viewWillDisappear (APP-03)", function()
  local nav
  local A = flagReporter("A")
  local B = Controller {
    "B",
    viewWillDisappear = function(self)
      note("B.viewWillDisappear: fromParent=" .. tostring(self.isMovingFromParent)
        .. " stack=" .. #nav.viewControllers .. " parent=" .. tostring(self.parent))
    end,
    viewDidDisappear = function(self)
      note("B.viewDidDisappear: fromParent=" .. tostring(self.isMovingFromParent))
    end,
  }
  nav = navShowingB(A, B)
  nav:popViewController()
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    note: B.viewWillDisappear: fromParent=true stack=1 parent=nil
    A.viewWillAppear(true)
    note: A.viewWillAppear: toParent=false fromParent=false
    Nav.delegate.willShow(A, animated: true)
    B.viewDidDisappear(true)
    note: B.viewDidDisappear: fromParent=true
    A.viewDidAppear(true)
    note: A.viewDidAppear: toParent=false fromParent=false
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(B.isMovingFromParent, false, "the move is over")
end)

scenario("layout: A's viewIsAppearing and layout before the animation ends", function()
  trace.include "layout"
  local nav, A, B = navShowingB()
  nav:popViewController()
  settle()
  -- NAV-04: ... willShow(A) -> (A layout) -> B.viewDidDisappear -> A.viewDidAppear -> ...
  -- Layout counts are not asserted (BEHAVIOR.md §0).
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    ...
    A.viewIsAppearing(true)
    ...
    A.viewWillLayoutSubviews()
    A.viewDidLayoutSubviews()
    ...
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
    ...
  ]]
end)

scenario("not animated: same order, all in the turn's commit", function()
  local nav, A, B = navShowingB()
  expect.equal(nav:popViewController(false), B, "returns B")
  expect [[
    B.willMove(toParent: nil)
  ]]
  advance(0)
  expect [[
    B.viewWillDisappear(false)
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    B.viewDidDisappear(false)
    A.viewDidAppear(false)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: false)
  ]]
end)

scenario("A reappears without reloading (LOAD-09)", function()
  trace.include "loading"
  local nav, A, B = navShowingB()
  nav:popViewController()
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    ...
  ]]
  expect.equal(B.isViewLoaded, true, "a popped controller keeps its view")
end)

scenario("pop, then push the same controller again", function()
  local nav, A, B = navShowingB()
  nav:popViewController()
  settle()
  trace.clear()
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")
end)

scenario("the back button: user.tapBack pops with animation", function()
  local nav, A, B = navShowingB()
  user.tapBack(nav)
  expect [[
    B.willMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "the stack changed inside the tap")
  local start = now()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(milliseconds(now() - start), 350, "animated")
end)

scenario("the back button first ends the script's turn: a push made just before is shown first", function()
  local nav, A, B = navShowingB()
  local C = Controller "C"
  nav:pushViewController(C, false)
  user.tapBack(nav)
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(false)
    C.viewWillAppear(false)
    Nav.delegate.willShow(C, animated: false)
    B.viewDidDisappear(false)
    C.viewDidAppear(false)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: false)
    C.willMove(toParent: nil)
  ]]
  settle()
  expect [[
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    C.viewDidDisappear(true)
    B.viewDidAppear(true)
    C.didMove(toParent: nil)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")
end)

scenario("the back button is ignored during an animated transition: a script error says so", function()
  local nav, A, B = navShowingB()
  local C = Controller "C"
  nav:pushViewController(C, true)
  expect.error(function() user.tapBack(nav) end, "in a transition")
  settle()
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    Nav.delegate.willShow(C, animated: true)
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "the tap popped nothing")
end)

scenario("off screen: containment calls at once, no appearance, no delegate", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController {
    "Nav", A, B,
    delegate = { willShow = function() end, didShow = function() end },
  }
  trace.clear()
  expect.equal(nav:popViewController(true), B, "returns B")
  expect [[
    B.willMove(toParent: nil)
    B.didMove(toParent: nil)
  ]]
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
  expect.equal(now(), 0, "no animation off screen")
  expect.error(function() user.tapBack(nav) end, "not on screen")
end)
