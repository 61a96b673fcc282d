-- M-1, M-2, M-13, G-01  A container forwards its appearance to the children whose views are in
-- its view tree as the tree is when each child's turn comes, and a controller the view path
-- or a container passed over is settled once the views are where they go: nothing stays
-- appearing, disappearing, or appeared off screen, whatever the script's callbacks move
-- meanwhile. Found by the project's fuzzer (issue 17, seeds 15179, 19571, 20146, 27685, 29136,
-- 41602, 45645, 52136, 53104 and 60065, shrunk).
--
-- Sources: [DOC] UIViewController.viewWillAppear(_:), viewDidDisappear(_:) (a view added to or
-- removed from a window's view hierarchy), shouldAutomaticallyForwardAppearanceMethods (a
-- container forwards to the children whose views it holds). The engine's choices (D-100,
-- D-102, D-103): a child whose view is outside its parent's is the view path's, not the
-- parent's; a child taken away or brought in by a sibling's callback is forwarded to as the
-- tree is then; a controller the view path took out comes back when its view is on screen
-- where nothing holds it back.
-- DECISIONS (docs/DECISIONS.md): D-100, D-102, D-103.

scenario("a child taken from its parent by a sibling's viewWillDisappear disappears with its view", function()
  local C1, C2, C3, C5, C6 = Controller "C1", Controller "C2", Controller "C3", Controller "C5", Controller "C6"
  C6:addChild(C2); C6.view:addSubview(C2.view)
  C6:addChild(C5); C6.view:addSubview(C5.view)
  C2.viewWillDisappear = function() C5:removeFromParent() end
  Window { root = C3 }
  C3.view:addSubview(C1.view)
  C1:show(C6, nil)
  settle()
  trace.clear()
  C6:dismiss(true)
  settle()
  expect [[
    C6.viewWillDisappear(true)
    C2.viewWillDisappear(true)
    C5.didMove(toParent: nil)
    C5.viewWillDisappear(false)
    C6.viewDidDisappear(true)
    C2.viewDidDisappear(true)
    C5.viewDidDisappear(false)
  ]]
  expect.equal(C5.appearance, "disappeared")
end)

scenario("a tab's view inside the top a navigation tab installs: the tab bar forwards to it after", function()
  local C1, C3, C4, C7, C8 = Controller "C1", Controller "C3", Controller "C4", Controller "C7", Controller "C8"
  C4.view:addSubview(C8.view)
  local N1 = NavigationController { "N1", C1 }
  local T1 = TabBarController { "T1", N1, C3, C8 }
  N1:pushViewController(C4, false)
  local W1 = Window { root = C7, visible = false }
  C7.view:addSubview(T1.view)
  C7:addChild(T1)
  T1:didMove(C7)
  trace.clear()
  W1.isHidden = false
  settle()
  expect [[
    C7.viewWillAppear(false)
    T1.viewWillAppear(false)
    N1.viewDidLoad()
    N1.viewWillAppear(false)
    C4.viewWillAppear(false)
    C8.viewWillAppear(false)
    C7.viewDidAppear(false)
    T1.viewDidAppear(false)
    N1.viewDidAppear(false)
    C4.viewDidAppear(false)
    C8.viewDidAppear(false)
  ]]
  expect.equal(C8.appearance, "appeared", "its view is on screen, inside its appeared parent's")
end)

scenario("a child whose view is outside its parent's follows its view, not its parent", function()
  local C1, C4, C5 = Controller "C1", Controller "C4", Controller "C5"
  C1.view:addSubview(C4.view)
  C1:addChild(C5); C1.view:addSubview(C5.view); C5:didMove(C1)
  local W1 = Window { root = C1, visible = false }
  C5:addChild(C4)
  trace.clear()
  W1.isHidden = false
  C5.view:removeFromSuperview()
  settle()
  expect [[
    C1.viewWillAppear(false)
    C5.viewWillAppear(false)
    C4.viewWillAppear(false)
    C5.viewWillDisappear(false)
    C1.viewDidAppear(false)
    C4.viewDidAppear(false)
    C5.viewDidDisappear(false)
  ]]
  expect.equal(C4.appearance, "appeared", "its view is on screen in C1's")
end)

scenario("a window hidden and shown again in one turn: a tab whose view left meanwhile ends its disappearance", function()
  local C2 = Controller "C2"
  local N1 = NavigationController { "N1", Controller "C5", C2 }
  local T1 = TabBarController { "T1", N1, Controller "C1" }
  local W1 = Window { root = T1 }
  settle()
  trace.clear()
  W1.isHidden = true
  N1.view:removeFromSuperview()
  W1:makeKeyAndVisible()
  settle()
  expect [[
    T1.viewWillDisappear(false)
    N1.viewWillDisappear(false)
    C2.viewWillDisappear(false)
    T1.viewWillAppear(false)
    N1.viewDidDisappear(false)
    C2.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
  expect.equal(N1.appearance, "disappeared", "its view is in no window")
end)

scenario("a sheet swiped down whose view then leaves the window: the swipe is cancelled, the sheet disappears", function()
  local C1, C5, C7 = Controller "C1", Controller "C5", Controller "C7"
  local S1 = SplitViewController { "S1", primary = C7, secondary = Controller "C10" }
  Window { root = S1 }
  C7:present(C5, false)
  settle()
  C5.view:addSubview(S1.view)
  settle()
  trace.clear()
  user.swipeDown(C5)
  C1.view:addSubview(C5.view)
  settle()
  expect [[
    C5.viewWillDisappear(true)
    C1.viewDidLoad()
    C5.viewWillAppear(true)
    C5.viewDidAppear(true)
    S1.viewWillDisappear(false)
    C7.viewWillDisappear(false)
    C5.viewWillDisappear(false)
    S1.viewDidDisappear(false)
    C7.viewDidDisappear(false)
    C5.viewDidDisappear(false)
  ]]
  expect.equal(C5.appearance, "disappeared", "its view is in C1's, in no window")
end)

scenario("a controller pushed on a navigation controller that never showed follows its view, popped or not", function()
  local C3, C4 = Controller "C3", Controller "C4"
  local N1 = NavigationController { "N1", Controller "C5" }
  C3.view:addSubview(C4.view)
  local W2 = Window { root = C3 }
  N1:pushViewController(C4, true)
  W2.rootViewController = nil
  W2.rootViewController = C3
  N1:popViewController(false)
  settle()
  expect [[
    ...
    C4.willMove(toParent: N1)
    C4.didMove(toParent: N1)
    C3.viewWillDisappear(false)
    C4.viewWillDisappear(false)
    C3.viewWillAppear(false)
    C4.viewWillAppear(false)
    C4.willMove(toParent: nil)
    C4.didMove(toParent: nil)
    C3.viewDidAppear(false)
    C4.viewDidAppear(false)
  ]]
  expect.equal(C4.appearance, "appeared", "its view is on screen in C3's, and it has no parent")
end)

-- Seeds 60065, 45645, 52136 and 53104: views and children that callbacks bring in or take away while
-- a container appears or disappears.
scenario("a child whose view a delegate puts in its navigation controller's during its first appearance appears with it", function()
  local C1, C3, C5 = Controller "C1", Controller "C3", Controller "C5"
  local N1 = NavigationController { "N1", C1, C5, C3 }
  N1.delegate = { willShow = function() N1.view:addSubview(C5.view) end }
  Window { root = N1, size = { 768, 1024 } }
  settle()
  expect [[
    C1.willMove(toParent: N1)
    C5.willMove(toParent: N1)
    C3.willMove(toParent: N1)
    C1.didMove(toParent: N1)
    C5.didMove(toParent: N1)
    C3.didMove(toParent: N1)
    N1.viewDidLoad()
    N1.viewWillAppear(false)
    C3.viewDidLoad()
    C3.viewWillAppear(false)
    N1.delegate.willShow(C3, animated: false)
    C5.viewDidLoad()
    C5.viewWillAppear(false)
    N1.viewDidAppear(false)
    C5.viewDidAppear(false)
    C3.viewDidAppear(false)
  ]]
  expect.equal(C5.appearance, "appeared", "its view is in N1's, on screen")
end)

scenario("a secondary replaced from a delegate while its split appears appears with the split", function()
  local C1, C3, C4, C5 = Controller "C1", Controller "C3", Controller "C4", Controller "C5"
  local N1 = NavigationController { "N1", C3, C1, C4 }
  local S1 = SplitViewController { "S1", primary = N1, secondary = C5 }
  local asked = false
  N1.delegate = { willShow = function()
    if not asked then asked = true; C5:showDetailViewController(C1, nil) end
  end }
  Window { root = S1, size = { 1366, 1024 } }
  settle()
  expect [[
    C3.willMove(toParent: N1)
    C1.willMove(toParent: N1)
    C4.willMove(toParent: N1)
    C3.didMove(toParent: N1)
    C1.didMove(toParent: N1)
    C4.didMove(toParent: N1)
    N1.willMove(toParent: S1)
    C5.willMove(toParent: S1)
    N1.didMove(toParent: S1)
    C5.didMove(toParent: S1)
    S1.viewDidLoad()
    S1.viewWillAppear(false)
    N1.viewDidLoad()
    C5.viewDidLoad()
    N1.viewWillAppear(false)
    C4.viewDidLoad()
    C4.viewWillAppear(false)
    N1.delegate.willShow(C4, animated: false)
    C5.willMove(toParent: nil)
    C5.didMove(toParent: nil)
    C1.didMove(toParent: nil)
    C1.willMove(toParent: S1)
    C1.viewDidLoad()
    C1.didMove(toParent: S1)
    C1.viewWillAppear(false)
    S1.viewDidAppear(false)
    N1.viewDidAppear(false)
    C4.viewDidAppear(false)
    C1.viewDidAppear(false)
  ]]
  expect.equal(C1.appearance, "appeared", "the split's secondary, on screen")
end)

scenario("a controller whose viewIsAppearing takes its view away turns around and disappears", function()
  local C4, C5 = Controller "C4", Controller "C5"
  local N1 = NavigationController { "N1", C5 }
  local T1 = TabBarController { "T1", C4, N1 }
  C5.viewIsAppearing = function(self) self.view:removeFromSuperview() end
  Window { root = T1 }
  T1.selectedViewController = N1
  settle()
  expect [[
    C5.willMove(toParent: N1)
    C5.didMove(toParent: N1)
    C4.willMove(toParent: T1)
    C4.didMove(toParent: T1)
    N1.willMove(toParent: T1)
    N1.didMove(toParent: T1)
    T1.viewDidLoad()
    T1.viewWillAppear(false)
    C4.viewDidLoad()
    C4.viewWillAppear(false)
    N1.viewDidLoad()
    N1.viewWillAppear(false)
    C5.viewDidLoad()
    C5.viewWillAppear(false)
    C4.viewWillDisappear(false)
    C5.viewWillDisappear(false)
    T1.viewDidAppear(false)
    C4.viewDidDisappear(false)
    N1.viewDidAppear(false)
    C5.viewDidDisappear(false)
  ]]
  expect.equal(C5.appearance, "disappeared", "its view is in no window")
end)

scenario("a showing controller made a child of a disappearing one, its view in that one's, disappears with it", function()
  local C4, C6 = Controller "C4", Controller "C6"
  local N1 = NavigationController { "N1", C4 }
  Window { root = N1 }
  settle()
  C4.view:addSubview(C6.view)
  settle()
  N1:setViewControllers({}, true)
  advance(0)
  trace.clear()
  C4:addChild(C6)
  settle()
  expect [[
    C6.willMove(toParent: C4)
    C6.viewWillDisappear(false)
    C4.viewDidDisappear(true)
    C6.viewDidDisappear(false)
    C4.didMove(toParent: nil)
  ]]
  expect.equal(C6.appearance, "disappeared")
end)

-- Found in review: the path where viewIsAppearing itself takes the view away, reached through
-- explicit calls in one turn (the layout pass's viewIsAppearing comes after the turn's calls).
scenario("viewIsAppearing removes the view during an explicit appearance: no viewDidAppear, it disappears", function()
  local R, C = Controller "R", Controller "C"
  Window { root = R }
  R.view:addSubview(C.view)
  settle()
  C:beginAppearanceTransition(false, false)
  C:endAppearanceTransition()
  settle()
  C.viewIsAppearing = function(self) self.view:removeFromSuperview() end
  trace.clear()
  C:beginAppearanceTransition(true, false)
  C:endAppearanceTransition()
  settle()
  expect [[
    C.viewWillAppear(false)
    C.viewWillDisappear(false)
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "its view is in no window")
end)

-- Found in review: addChild sends no appearance callback in ordinary use (CON-01), whatever
-- state the child's own explicit calls left it in (CON-08).
scenario("a child appeared by its own explicit calls, with no window, hears no callback from addChild", function()
  local P, C = Controller "P", Controller "C"
  C:loadViewIfNeeded()
  C:beginAppearanceTransition(true, false)
  C:endAppearanceTransition()
  P:loadViewIfNeeded()
  P.view:addSubview(C.view)
  trace.clear()
  P:addChild(C)
  settle()
  expect [[
    C.willMove(toParent: P)
  ]]
  expect.equal(C.appearance, "appeared")
end)
