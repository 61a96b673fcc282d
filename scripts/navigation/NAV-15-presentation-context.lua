-- NAV-15  A navigation controller defines a presentation context.
-- Also: A-8 (currentContext with definesPresentationContext), PRE (presentation, a later
-- issue).
--
-- Source: [DOC] UINavigationController sets definesPresentationContext = true by default;
-- currentContext/overCurrentContext presentations from controllers in its stack cover the
-- whole navigation interface (DOC definesPresentationContext; UINavigationController overview
-- "Presentation context").
-- Presentation is not built yet, so these scenarios check the property only: true on a
-- navigation controller (on screen, off screen, with or without a stack), false on a plain
-- controller and on the controllers of its stack, and settable both ways. Which controller a
-- currentContext presentation covers will be added with presentation.

scenario("true by default on a navigation controller, false on the controllers in it", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  expect.equal(nav.definesPresentationContext, true, "Nav")
  expect.equal(A.definesPresentationContext, false, "A")
  expect.equal(B.definesPresentationContext, false, "B")
  expect.equal(NavigationController({ "Empty" }).definesPresentationContext, true, "an empty navigation controller")
  Window { root = nav }
  settle()
  expect.equal(nav.definesPresentationContext, true, "Nav on screen")
end)

scenario("settable both ways, with no callbacks", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  nav.definesPresentationContext = false
  expect.equal(nav.definesPresentationContext, false, "Nav, turned off")
  A.definesPresentationContext = true
  expect.equal(A.definesPresentationContext, true, "A, turned on")
  nav.definesPresentationContext = true
  expect.equal(nav.definesPresentationContext, true, "Nav, turned back on")
  settle()
  expect [[
  ]]
end)

scenario("a custom container does not define one by default", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local P = Controller "P"
  P:addChild(nav)
  expect.equal(P.definesPresentationContext, false, "P")
  expect.equal(nav.definesPresentationContext, true, "Nav inside P")
end)
