-- Nesting: a navigation controller in a tab of a tab bar controller, itself the child of a
-- custom container (Root -> Tabs -> Nav -> A, B).
-- Rules combined: A-2 / A-3 (a child added to / removed from a visible custom container),
-- M-1 (one mechanism), M-2 (parent first, for will and did, appearing and disappearing),
-- M-5 (each container installs its visible child right after its own viewWillAppear),
-- M-6 / NAV-02 / NAV-04 (push and pop inside the tab: containment at once, transition in the
-- turn's commit (TIM-03), 0.35 s), M-7 / TAB-02 / TAB-03 (tab switch: incoming will-appear before
-- outgoing will-disappear), TAB-01, LOAD-08 (only the selected tab loads), LOAD-09.
-- Confidence: A-2, A-3 are founding documents (seed 003); NAV-02 [OBS×5], NAV-04 [OBS×4],
-- TAB-02 [OBS×2], TAB-03 [DOC]+[INF], TAB-01 [OBS×2], LOAD-08 [OBS×2]. The nesting itself is
-- in no source: the trace follows from M-1/M-2/M-5 applied level by level, with no special
-- case for any depth. Nothing here sets a delegate.
-- DECISIONS (docs/DECISIONS.md): D-3 (a child whose parent moves with it gets its callbacks
-- from its parent, parent first), D-17 (a navigation controller's first show; none of its
-- delegate calls when it reappears), D-18 (containment calls of a stack change), D-19 (one
-- transition per turn, in the commit's layout pass), D-22 (user.tapBack / user.tapTab end the script's
-- turn first), D-24 (tab switches by code and by tap).

-- Root is a custom container: it puts the tab bar controller in itself in its viewDidLoad
-- (addChild, add the view, didMove), as ART-container shows.
local function build()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  local root = Controller { "Root",
    viewDidLoad = function(self)
      self:addChild(tabs)
      self.view:addSubview(tabs.view)
      tabs:didMove(self)
    end,
  }
  expect [[
    A.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    Nav.willMove(toParent: Tabs)
    Nav.didMove(toParent: Tabs)
    T2.willMove(toParent: Tabs)
    T2.didMove(toParent: Tabs)
  ]]
  return root, tabs, nav, A, T2
end

local function launched()
  local root, tabs, nav, A, T2 = build()
  local win = Window { root = root }
  settle()
  trace.clear()
  return root, tabs, nav, A, T2, win
end

scenario("launch: every level appears, parent first", function()
  local root, tabs, nav, A, T2 = build()
  Window { root = root }
  expect [[
    Root.viewDidLoad()
    Tabs.willMove(toParent: Root)
    Tabs.viewDidLoad()
    Tabs.didMove(toParent: Root)
    Root.viewWillAppear(false)
    Tabs.viewWillAppear(false)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
  ]]
  settle()
  expect [[
    Root.viewDidAppear(false)
    Tabs.viewDidAppear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
  expect.equal(T2.isViewLoaded, false, "the other tab is not loaded (LOAD-08)")
  expect.equal(A.tabBarController, tabs, "A.tabBarController")
  expect.equal(A.navigationController, nav, "A.navigationController")
  expect.equal(tabs.parent, root, "Tabs.parent")
  expect.equal(A.view.window ~= nil, true, "A is on screen")
end)

scenario("the tab bar added to a container already on screen (A-2's order, all levels)", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  local root = Controller "Root"
  Window { root = root }
  settle()
  trace.clear()

  root:addChild(tabs)
  root.view:addSubview(tabs.view)
  tabs:didMove(root)
  expect [[
    Tabs.willMove(toParent: Root)
    Tabs.viewDidLoad()
    Tabs.viewWillAppear(false)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Tabs.didMove(toParent: Root)
  ]]
  settle()
  expect [[
    Tabs.viewDidAppear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
end)

scenario("push and pop inside the tab: only the navigation pair moves", function()
  local root, tabs, nav, A = launched()
  local B = Controller "B"

  nav:pushViewController(B)
  expect [[
    B.willMove(toParent: Nav)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "the stack changes at once")
  advance(0)
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  advance(0.34)
  expect [[
  ]]
  advance(0.01)
  expect [[
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
  ]]
  expect.equal(B.tabBarController, tabs, "B.tabBarController")

  local popped = nav:popViewController()
  expect.equal(popped, B, "popViewController returns B")
  expect [[
    B.willMove(toParent: nil)
  ]]
  advance(0)
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
  ]]
  advance(0.35)
  expect [[
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
  expect.equal(B.parent, nil, "B.parent")
  expect.equal(root.appearance, "appeared", "Root untouched")
  expect.equal(tabs.appearance, "appeared", "Tabs untouched")
  expect.equal(nav.appearance, "appeared", "Nav untouched")
end)

scenario("the back button (user.tapBack) pops the same way", function()
  local _, _, nav, A = launched()
  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  trace.clear()

  user.tapBack(nav)
  expect [[
    B.willMove(toParent: nil)
  ]]
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "stack")
  -- No back button on the root: a script error, not a silent no-op (D-22).
  expect.error(function() user.tapBack(nav) end, "Nav shows its root view controller, which has no back button")
end)

scenario("switching tabs takes the whole navigation subtree with it, parent first", function()
  local _, tabs, nav, A, T2 = launched()
  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  trace.clear()

  user.tapTab(tabs, 2)
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    Nav.viewWillDisappear(false)
    B.viewWillDisappear(false)
  ]]
  settle()
  expect [[
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(A.appearance, "disappeared", "A, covered by B, gets nothing")

  tabs.selectedIndex = 1
  settle()
  -- The stack is as it was left: B comes back, nothing reloads.
  expect [[
    Nav.viewWillAppear(false)
    B.viewWillAppear(false)
    T2.viewWillDisappear(false)
    T2.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]

  -- And the navigation controller still works after the round trip.
  user.tapBack(nav)
  settle()
  expect [[
    B.willMove(toParent: nil)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
end)

scenario("the window hidden and shown: four levels, parent first both ways", function()
  local _, _, nav, _, _, win = launched()
  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  trace.clear()
  win.isHidden = true
  settle()
  expect [[
    Root.viewWillDisappear(false)
    Tabs.viewWillDisappear(false)
    Nav.viewWillDisappear(false)
    B.viewWillDisappear(false)
    Root.viewDidDisappear(false)
    Tabs.viewDidDisappear(false)
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
  ]]
  win:makeKeyAndVisible()
  settle()
  expect [[
    Root.viewWillAppear(false)
    Tabs.viewWillAppear(false)
    Nav.viewWillAppear(false)
    B.viewWillAppear(false)
    Root.viewDidAppear(false)
    Tabs.viewDidAppear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
end)

scenario("the container removes the tab bar (A-3's order, all levels)", function()
  local root, tabs, nav, A = launched()
  tabs:willMove(nil)
  tabs.view:removeFromSuperview()
  tabs:removeFromParent()
  settle()
  expect [[
    Tabs.willMove(toParent: nil)
    Tabs.viewWillDisappear(false)
    Nav.viewWillDisappear(false)
    A.viewWillDisappear(false)
    Tabs.didMove(toParent: nil)
    Tabs.viewDidDisappear(false)
    Nav.viewDidDisappear(false)
    A.viewDidDisappear(false)
  ]]
  expect.equal(root.children, {}, "Root.children")
  expect.equal(A.tabBarController, tabs, "A is still in the tab bar")
  expect.error(function() user.tapTab(tabs, 2) end, "Tabs is not on screen")

  -- Off screen, a push changes the stack with containment calls only (D-23).
  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  expect.equal(B.isViewLoaded, false, "B not loaded")
end)
