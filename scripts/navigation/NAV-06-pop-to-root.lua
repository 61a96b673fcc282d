-- NAV-06  popToRootViewController over intermediates, [A, B, C, D].
-- Also: popToViewController (the same rule with another target), G-02 (no view in the
-- window, no appearance calls), LOAD-07, APP-03, M-6.
--
-- Source: [INF] returns [B, C, D]. Appearance callbacks only for the visible pair:
-- D.viewWillDisappear -> A.viewWillAppear -> D.viewDidDisappear -> A.viewDidAppear. B and C
-- have no view in the window, so no appearance callbacks (G-02). Each removed controller gets
-- willMove(nil) / didMove(nil) [INF] (not found in a log). A single transition top -> root
-- [INF from the setViewControllers documentation's wording].
-- What the scenarios show: the return value; the containment calls (all willMove(nil) inside
-- the call, in stack order; all didMove(nil) after the did-callbacks, before didShow); a root
-- that was never loaded loading in the turn's commit (TIM-03); intermediates that were on screen earlier
-- still getting no appearance calls; flags; popToViewController to a middle controller;
-- off screen; not animated.
-- DECISIONS (docs/DECISIONS.md): D-18 (containment calls of the intermediates, their order,
-- nil when nothing is popped), D-7 (flags), D-23 (off screen).

local function reporter(name)
  local function report(callback)
    return function(self)
      note(name .. "." .. callback .. ": fromParent=" .. tostring(self.isMovingFromParent))
    end
  end
  return Controller {
    name,
    viewWillAppear = report("viewWillAppear"),
    viewWillDisappear = report("viewWillDisappear"),
  }
end

-- Virtual time in whole milliseconds, so that sums of durations compare exactly.
local function milliseconds(t) return math.floor(t * 1000 + 0.5) end

local delegate = { willShow = function() end, didShow = function() end }

-- [A, B, C, D] on screen, built by pushing one at a time (so every view has been loaded).
local function pushedStack()
  local A, B, C, D = Controller "A", Controller "B", Controller "C", Controller "D"
  local nav = NavigationController { "Nav", A, delegate = delegate }
  Window { root = nav }
  settle()
  for _, vc in ipairs { B, C, D } do
    nav:pushViewController(vc)
    settle()
  end
  trace.clear()
  return nav, A, B, C, D
end

scenario("returns [B, C, D]; only D and A appear or disappear", function()
  local nav, A, B, C, D = pushedStack()
  local popped = nav:popToRootViewController(true)
  expect.equal(popped, { B, C, D }, "popToRootViewController returns the popped, bottom first")
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    D.willMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers, at once")
  expect.equal(nav.children, { A }, "children")
  expect.equal(B.parent, nil, "B.parent")
  expect.equal(D.parent, nil, "D.parent")
  settle()
  expect [[
    D.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    D.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    D.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(B.appearance, "disappeared", "B")
  expect.equal(C.appearance, "disappeared", "C")
end)

scenario("one transition of 0.35 s, from the turn's commit (TIM-03)", function()
  local nav, A, B, C, D = pushedStack()
  local start = now()
  nav:popToRootViewController()
  advance(0)
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    D.willMove(toParent: nil)
    D.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
  ]]
  advance(0.3)
  expect [[
  ]]
  advance(0.05)
  expect [[
    D.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    D.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(milliseconds(now() - start), 350, "a single transition")
end)

scenario("a root that was never shown loads in the turn's commit, before D.viewWillDisappear", function()
  trace.include "loading"
  local A, B, C, D = Controller "A", Controller "B", Controller "C", Controller "D"
  local nav = NavigationController { "Nav", A, B, C, D, delegate = delegate }
  Window { root = nav }
  settle()
  trace.clear()
  expect.equal(nav:popToRootViewController(), { B, C, D }, "returns [B, C, D]")
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    D.willMove(toParent: nil)
  ]]
  expect.equal(A.isViewLoaded, false, "A not loaded yet")
  settle()
  expect [[
    A.loadView()
    A.viewDidLoad()
    D.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    D.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    D.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(B.isViewLoaded, false, "B never loaded")
  expect.equal(C.isViewLoaded, false, "C never loaded")
end)

scenario("flags: the popped top is moving from its parent; the root is not moving", function()
  local A, B, C, D = reporter("A"), reporter("B"), reporter("C"), reporter("D")
  local nav = NavigationController { "Nav", A, B, C, D }
  Window { root = nav }
  settle()
  trace.clear()
  nav:popToRootViewController()
  settle()
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    D.willMove(toParent: nil)
    A.viewDidLoad()
    D.viewWillDisappear(true)
    note: D.viewWillDisappear: fromParent=true
    A.viewWillAppear(true)
    note: A.viewWillAppear: fromParent=false
    D.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    D.didMove(toParent: nil)
  ]]
  expect.equal(B.isMovingFromParent, false, "B's move is over")
  expect.equal(D.isMovingFromParent, false, "D's move is over")
end)

scenario("not animated", function()
  local nav, A, B, C, D = pushedStack()
  expect.equal(nav:popToRootViewController(false), { B, C, D }, "returns [B, C, D]")
  settle()
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    D.willMove(toParent: nil)
    D.viewWillDisappear(false)
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    D.viewDidDisappear(false)
    A.viewDidAppear(false)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    D.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: false)
  ]]
end)

scenario("popToViewController(B): returns [C, D]; D and B take part", function()
  local nav, A, B, C, D = pushedStack()
  expect.equal(nav:popToViewController(B, true), { C, D }, "returns [C, D]")
  expect.equal(nav.viewControllers, { A, B }, "viewControllers, at once")
  settle()
  expect [[
    C.willMove(toParent: nil)
    D.willMove(toParent: nil)
    D.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    D.viewDidDisappear(true)
    B.viewDidAppear(true)
    C.didMove(toParent: nil)
    D.didMove(toParent: nil)
    Nav.delegate.didShow(B, animated: true)
  ]]
end)

scenario("popToViewController(top) pops nothing and returns nil", function()
  local nav, A, B, C, D = pushedStack()
  expect.equal(nav:popToViewController(D), nil, "nothing popped")
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B, C, D }, "viewControllers")
end)

scenario("off screen: containment calls at once, no appearance, no delegate", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A, B, C, delegate = delegate }
  trace.clear()
  expect.equal(nav:popToRootViewController(), { B, C }, "returns [B, C]")
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
  ]]
  settle()
  expect [[
  ]]
  expect.equal(now(), 0, "no animation off screen")
end)
