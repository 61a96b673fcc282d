-- NAV-05  popViewController with only the root on the stack.
-- Also: NAV-06 (popToRootViewController on a stack of one), A-7 (a swipe pops only when
-- there is more than one controller), SPEC §3.4.
--
-- Source: [INF] popViewController returns nil and nothing happens (popToRoot is documented
-- as "Pops until there's only a single view controller left", NAVH-old).
-- What the scenarios show: nil and an empty trace, animated or not, on and off screen; the
-- same for popToRootViewController and popToViewController(root); the back button and the
-- swipe on a root are script errors, not silent no-ops.
-- DECISIONS (docs/DECISIONS.md): D-18 (the pop-to methods return nil when nothing is popped),
-- D-22 (a gesture the screen cannot receive is a script error).

local function visibleNav()
  local A = Controller "A"
  local nav = NavigationController {
    "Nav", A,
    delegate = { willShow = function() end, didShow = function() end },
  }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("popViewController returns nil and does nothing", function()
  local nav, A = visibleNav()
  expect.equal(nav:popViewController(true), nil, "animated")
  expect.equal(nav:popViewController(false), nil, "not animated")
  expect.equal(nav:popViewController(), nil, "default")
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
  expect.equal(A.parent, nav, "A.parent")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(now(), 0, "no transition ran")
end)

scenario("popToRootViewController and popToViewController(root) return nil", function()
  local nav, A = visibleNav()
  expect.equal(nav:popToRootViewController(true), nil, "popToRootViewController")
  expect.equal(nav:popToViewController(A, true), nil, "popToViewController(root)")
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
end)

scenario("off screen: nil, nothing", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  trace.clear()
  expect.equal(nav:popViewController(), nil, "popViewController")
  expect.equal(nav:popToRootViewController(), nil, "popToRootViewController")
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
end)

scenario("a second pop in the same turn finds only the root", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  Window { root = nav }
  settle()
  trace.clear()
  expect.equal(nav:popViewController(), B, "first pop")
  expect.equal(nav:popViewController(), nil, "second pop: the stack is already [A]")
  settle()
  expect [[
    B.willMove(toParent: nil)
    A.viewDidLoad()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
end)

scenario("the back button and the swipe on a root are script errors", function()
  local nav, A = visibleNav()
  expect.error(function() user.tapBack(nav) end, "root")
  expect.error(function() user.swipeBack(nav) end, "root")
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
end)
