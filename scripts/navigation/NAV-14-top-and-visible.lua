-- NAV-14  topViewController vs visibleViewController.
-- Also: A-7 (topViewController is the top of the stack; visibleViewController is the
-- presented controller if there is one, else the top), M-6 (the stack changes inside the
-- call), CON-12.
--
-- Source: [DOC NAVH-old] stack A, B, C; C presents D: topViewController === C,
-- visibleViewController === D ("Return modal view controller if it exists. Otherwise the top
-- view controller").
-- Presentation is not built yet (a later issue), so these scenarios cover the half that
-- exists: without a presented controller both properties are the top of the stack. The
-- C-presents-D case will be added with presentation.
-- What the scenarios show: both properties at rest, right after a push or pop returns (before
-- anything happens on screen), during an animated transition, during an interactive pop,
-- off screen, on an empty navigation controller; navigationController of controllers in the
-- stack, of a child of one of them, and of a navigation controller inside a custom container.
-- DECISIONS (docs/DECISIONS.md): D-19 (queued operations change the stack when applied),
-- D-21 (the top leaves the stack while the finger is down).

local function visibleStack()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A, B, C }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A, B, C
end

scenario("at rest: both are the top of the stack", function()
  local nav, A, B, C = visibleStack()
  expect.equal(nav.topViewController, C, "topViewController")
  expect.equal(nav.visibleViewController, C, "visibleViewController (nothing presented)")
  expect.equal(nav.viewControllers[1], A, "viewControllers[1] is the root")
  expect.equal(nav.viewControllers[#nav.viewControllers], C, "the last is the top")
end)

scenario("right after push and pop return, before anything is on screen", function()
  local nav, A, B, C = visibleStack()
  local D = Controller "D"
  nav:pushViewController(D)
  expect.equal(nav.topViewController, D, "top after push")
  expect.equal(nav.visibleViewController, D, "visible after push")
  expect.equal(D.isViewLoaded, false, "D not loaded yet")
  settle()
  nav:popViewController()
  expect.equal(nav.topViewController, C, "top after pop")
  expect.equal(nav.visibleViewController, C, "visible after pop")
  expect.equal(D.navigationController, nil, "D.navigationController after pop")
  nav:popToRootViewController()
  expect.equal(nav.topViewController, A, "top after popToRoot")
  expect.equal(nav.visibleViewController, A, "visible after popToRoot")
  settle()
end)

scenario("during an animated transition", function()
  local nav, A, B, C = visibleStack()
  local D = Controller "D"
  nav:pushViewController(D)
  advance(0.2)
  expect.equal(D.appearance, "appearing", "D during the animation")
  expect.equal(nav.topViewController, D, "topViewController")
  expect.equal(nav.visibleViewController, D, "visibleViewController")
  settle()
end)

scenario("during an interactive pop, and after it is cancelled", function()
  local nav, A, B, C = visibleStack()
  local g = user.swipeBack(nav)
  g:update(0.5)
  expect.equal(nav.topViewController, B, "topViewController while the finger is down")
  expect.equal(nav.visibleViewController, B, "visibleViewController while the finger is down")
  g:cancel()
  settle()
  expect.equal(nav.topViewController, C, "topViewController after the cancel")
  expect.equal(nav.visibleViewController, C, "visibleViewController after the cancel")
end)

scenario("off screen and empty", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  expect.equal(nav.topViewController, B, "topViewController off screen")
  expect.equal(nav.visibleViewController, B, "visibleViewController off screen")
  local empty = NavigationController { "Empty" }
  expect.equal(empty.viewControllers, {}, "no controllers")
  expect.equal(empty.topViewController, nil, "topViewController of an empty stack")
  expect.equal(empty.visibleViewController, nil, "visibleViewController of an empty stack")
end)

scenario("navigationController: the stack, a child of a controller in it, a nested container", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local P = Controller "P"
  P:addChild(nav)
  local child = Controller "Child"
  A:addChild(child)
  expect.equal(A.navigationController, nav, "A")
  expect.equal(child.navigationController, nav, "a child of A reports A's navigation controller")
  expect.equal(child.parent, A, "child.parent")
  expect.equal(nav.navigationController, nil, "Nav itself is not inside a navigation controller")
  expect.equal(P.navigationController, nil, "P")
  expect.equal(nav.topViewController, A, "the child is not part of the stack")
end)
