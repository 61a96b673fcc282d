-- NAV-16  show / showDetailViewController inside a navigation controller: show pushes; the
-- detail action, which a navigation controller does not override, has the root present.
-- Also: SHOW-02, SHOW-03 (the routing), A-11.
--
-- Source: [DOC] UINavigationController overview, "Adapting to different environments":
-- "Show — The navigation controller pushes the specified view controller onto its
-- navigation stack"; "Show Detail — The navigation controller presents the specified view
-- controller modally." Here the navigation controller is the window's root, so the root
-- presenting (SHOW-03's default) is the navigation controller presenting.
-- DECISIONS: D-52.

local function shown()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("show pushes, animated, with the push's whole trace", function()
  local nav, A = shown()
  A:show(Controller "B", A)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
  ]]
end)

scenario("show on the navigation controller itself pushes too", function()
  local nav, A = shown()
  nav:show(Controller "B", nav)
  expect.equal(#nav.viewControllers, 2)
end)

scenario("show detail presents from the navigation controller, which stays as it is", function()
  local nav, A = shown()
  local D = Controller "D"
  A:showDetailViewController(D, A)
  settle()
  expect.equal(nav.presentedViewController, D)
  expect.equal(nav.visibleViewController, D)
  expect.equal(nav.topViewController, A)
  expect [[
    D.viewDidLoad()
    D.viewWillAppear(true)
    D.viewDidAppear(true)
  ]]
end)
