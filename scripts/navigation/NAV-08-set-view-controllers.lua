-- NAV-08  setViewControllers(_:animated:) and assigning viewControllers.
-- Also: A-7 (setViewControllers([A]) to jump from A, B, C straight back to A), NAVH-old
-- ("If animated is YES, then simulate a push or pop depending on whether the new top view
-- controller was previously in the stack"), M-6, LOAD-07.
--
-- Source: [DOC] https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
-- : the new last controller already in the stack but not on top -> a pop transition; the
-- current top -> no transition; not in the stack -> a push transition. "Only one transition is
-- performed, but when that transition finishes, the entire contents of the stack are
-- replaced". Example: A, B, C -> set D, A, B gives a pop transition and D, A, B.
-- [INF] callbacks as NAV-02/NAV-04 for the old and new tops; none when the top is unchanged;
-- removed controllers get willMove/didMove(nil); new non-top controllers willMove(nav) and
-- didMove(nav) but no appearance.
-- Push or pop shows in the trace only as which controller is the one leaving the stack:
-- the flags say it (isMovingFromParent in the old top for a pop, isMovingToParent in the new
-- top for a push).
-- What the scenarios show: the three cases; A-7's jump back; replacing every controller;
-- the order of the containment calls (joiners first, then leavers, each in stack order,
-- willMove inside the call, didMove at the end before didShow); not animated; assigning
-- viewControllers (non-animated); off screen.
-- DECISIONS (docs/DECISIONS.md): D-18 (containment calls, their order), D-7 (flags),
-- D-20 (what setViewControllers refuses: see NAV-09, NAV-10), D-23 (off screen).

local function reporter(name)
  local function report(callback)
    return function(self)
      note(name .. "." .. callback .. ": toParent=" .. tostring(self.isMovingToParent)
        .. " fromParent=" .. tostring(self.isMovingFromParent))
    end
  end
  return Controller {
    name,
    viewWillAppear = report("viewWillAppear"),
    viewWillDisappear = report("viewWillDisappear"),
  }
end

local delegate = { willShow = function() end, didShow = function() end }

-- A navigation controller on screen with the given stack, settled (only the top loaded).
local function visibleNav(...)
  local nav = NavigationController { "Nav", delegate = delegate }
  nav.viewControllers = { ... }
  Window { root = nav }
  settle()
  trace.clear()
  return nav
end

scenario("the documented example: A, B, C -> D, A, B is a pop to B", function()
  local A, B, C, D = reporter("A"), reporter("B"), reporter("C"), reporter("D")
  local nav = visibleNav(A, B, C)
  nav:setViewControllers({ D, A, B }, true)
  expect [[
    D.willMove(toParent: Nav)
    C.willMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { D, A, B }, "viewControllers, at once")
  expect.equal(D.parent, nav, "D.parent")
  expect.equal(C.parent, nil, "C.parent")
  settle()
  expect [[
    B.viewDidLoad()
    C.viewWillDisappear(true)
    note: C.viewWillDisappear: toParent=false fromParent=true
    B.viewWillAppear(true)
    note: B.viewWillAppear: toParent=false fromParent=false
    Nav.delegate.willShow(B, animated: true)
    C.viewDidDisappear(true)
    B.viewDidAppear(true)
    D.didMove(toParent: Nav)
    C.didMove(toParent: nil)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(D.isViewLoaded, false, "D never loads")
  expect.equal(A.isViewLoaded, false, "A never loads")
end)

scenario("the new top is not in the stack: a push", function()
  local A, B, C = reporter("A"), reporter("B"), reporter("C")
  local nav = visibleNav(A)
  local start = now()
  nav:setViewControllers({ A, B, C }, true)
  expect [[
    B.willMove(toParent: Nav)
    C.willMove(toParent: Nav)
  ]]
  settle()
  expect [[
    C.viewDidLoad()
    A.viewWillDisappear(true)
    note: A.viewWillDisappear: toParent=false fromParent=false
    C.viewWillAppear(true)
    note: C.viewWillAppear: toParent=true fromParent=false
    Nav.delegate.willShow(C, animated: true)
    A.viewDidDisappear(true)
    C.viewDidAppear(true)
    B.didMove(toParent: Nav)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: true)
  ]]
  expect.equal(B.isViewLoaded, false, "B never loads")
  expect.equal(math.floor((now() - start) * 1000 + 0.5), 350, "one transition of 0.35 s")
end)

scenario("the new top is the current top: no transition, containment calls only", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = visibleNav(A, B)
  nav:setViewControllers({ C, B }, true)
  expect [[
    C.willMove(toParent: Nav)
    A.willMove(toParent: nil)
  ]]
  settle()
  expect [[
    C.didMove(toParent: Nav)
    A.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { C, B }, "viewControllers")
  expect.equal(B.appearance, "appeared", "B stays on screen")
  expect.equal(C.isViewLoaded, false, "C not loaded")
  expect.equal(now(), 0, "no animation")
end)

scenario("the same list again: nothing at all", function()
  local A, B = Controller "A", Controller "B"
  local nav = visibleNav(A, B)
  nav:setViewControllers({ A, B }, true)
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")
end)

scenario("A-7: from A, B, C straight back to A", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = visibleNav(A)
  nav:pushViewController(B)
  settle()
  nav:pushViewController(C)
  settle()
  trace.clear()
  nav:setViewControllers({ A }, true)
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
  ]]
  settle()
  expect [[
    C.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    C.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
  ]]
  expect.equal(B.appearance, "disappeared", "B, not in the window, got nothing")
end)

scenario("replacing every controller: joiners first, then leavers", function()
  local A, B, C, D = Controller "A", Controller "B", Controller "C", Controller "D"
  local nav = visibleNav(A, B)
  nav:setViewControllers({ C, D }, true)
  expect [[
    C.willMove(toParent: Nav)
    D.willMove(toParent: Nav)
    A.willMove(toParent: nil)
    B.willMove(toParent: nil)
  ]]
  expect.equal(nav.children, { C, D }, "children, at once")
  settle()
  expect [[
    D.viewDidLoad()
    B.viewWillDisappear(true)
    D.viewWillAppear(true)
    Nav.delegate.willShow(D, animated: true)
    B.viewDidDisappear(true)
    D.viewDidAppear(true)
    C.didMove(toParent: Nav)
    D.didMove(toParent: Nav)
    A.didMove(toParent: nil)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(D, animated: true)
  ]]
end)

scenario("not animated: the same calls with false, in the turn's commit", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = visibleNav(A, B, C)
  nav:setViewControllers({ A }, false)
  expect [[
    B.willMove(toParent: nil)
    C.willMove(toParent: nil)
  ]]
  advance(0)
  expect [[
    A.viewDidLoad()
    C.viewWillDisappear(false)
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    C.viewDidDisappear(false)
    A.viewDidAppear(false)
    B.didMove(toParent: nil)
    C.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: false)
  ]]
  expect.equal(now(), 0, "now()")
end)

scenario("assigning viewControllers is a non-animated set", function()
  local A, B = Controller "A", Controller "B"
  local nav = visibleNav(A)
  nav.viewControllers = { A, B }
  expect [[
    B.willMove(toParent: Nav)
  ]]
  expect.equal(nav.topViewController, B, "topViewController, at once")
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    Nav.delegate.willShow(B, animated: false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: false)
  ]]
  expect.equal(now(), 0, "not animated")
end)

scenario("off screen: containment calls at once, no appearance, no delegate", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A, B, delegate = delegate }
  trace.clear()
  nav:setViewControllers({ C }, true)
  expect [[
    C.willMove(toParent: Nav)
    A.willMove(toParent: nil)
    B.willMove(toParent: nil)
    C.didMove(toParent: Nav)
    A.didMove(toParent: nil)
    B.didMove(toParent: nil)
  ]]
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { C }, "viewControllers")
  expect.equal(C.isViewLoaded, false, "C not loaded")
end)
