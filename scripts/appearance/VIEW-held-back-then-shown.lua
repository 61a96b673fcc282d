-- M-1, M-13, G-02  A controller whose view the script moves by hand while something holds its
-- appearance back (a transition's bracket, a parent that does not show, its own will-callback)
-- ends up as the view path says once that is over: appeared when its view is on screen where
-- the view path reaches it, disappeared when it is not. Found by the project's fuzzer (issue
-- 17, seeds 20, 181, 355, 641, 871, 950 and 2924, shrunk).
--
-- Sources: [DOC] UIViewController.viewWillAppear(_:) and viewDidDisappear(_:) (a view added
-- to or removed from a window's view hierarchy). The engine's choices (D-100, D-102): a
-- controller held back by a bracket or a parent is given the view path's answer when the
-- hold ends; one whose view its own viewWillAppear took off the way to the window still hears
-- viewDidAppear, as UIKit sends it, then disappears; a child whose view is elsewhere in a
-- window follows that view, not its parent.
-- DECISIONS (docs/DECISIONS.md): D-100, D-102.

scenario("a tab's view put back on screen while its switch's bracket holds it appears when the switch ends", function()
  local C1, C2, C4, C5 = Controller "C1", Controller "C2", Controller "C4", Controller "C5"
  local T1 = TabBarController { "T1", C5, C2, C4 }
  Window { root = T1 }
  local W2 = Window { root = C1 }
  settle()
  trace.clear()
  T1:setViewControllers({}, false)
  C4.view:addSubview(C5.view)
  W2.rootViewController = C4
  expect [[
    C5.willMove(toParent: nil)
    C5.didMove(toParent: nil)
    C2.willMove(toParent: nil)
    C2.didMove(toParent: nil)
    C4.willMove(toParent: nil)
    C4.didMove(toParent: nil)
    C5.viewWillDisappear(false)
    C4.viewDidLoad()
    C1.viewWillDisappear(false)
    C4.viewWillAppear(false)
  ]]
  settle()
  expect [[
    ...
    C5.viewDidDisappear(false)
    C5.viewWillAppear(false)
    C1.viewDidDisappear(false)
    C4.viewDidAppear(false)
    ...
    C5.viewDidAppear(false)
  ]]
  expect.equal(C5.appearance, "appeared", "its view is on screen in W2, and it has no parent")
end)

scenario("a tab taken as a split's column during its switch appears in the split when the switch ends", function()
  local C2, C3, C11 = Controller "C2", Controller "C3", Controller "C11"
  local T1 = TabBarController { "T1", Controller "C5", Controller "C4", C2 }
  local S1 = SplitViewController { "S1", primary = C3, secondary = C11 }
  Window { root = S1, size = { 390, 844 } }
  Window { root = T1 }
  T1:setViewControllers({ C2 }, true)
  settle()
  trace.clear()
  S1.viewControllers = { C2 }
  settle()
  expect [[
    C3.willMove(toParent: nil)
    C3.didMove(toParent: nil)
    C3.viewWillDisappear(false)
    C2.viewWillDisappear(false)
    C2.didMove(toParent: nil)
    C2.willMove(toParent: S1)
    ...
    C3.viewDidDisappear(false)
    C2.viewDidDisappear(false)
    C2.viewWillAppear(false)
    C2.didMove(toParent: S1)
    ...
    C2.viewDidAppear(false)
  ]]
  expect.equal(C2.appearance, "appeared", "on screen in the split, which has appeared")
end)

scenario("a child whose view is on screen elsewhere follows its view, whatever its parent", function()
  local C1, C6, C8, C9 = Controller "C1", Controller "C6", Controller "C8", Controller "C9"
  local N1 = NavigationController { "N1", Controller "C3" }
  C9.view:addSubview(C8.view)
  N1:pushViewController(C8, true)
  Window { root = C9 }
  settle()
  -- Its parent N1 is in no window, but its view is outside N1's, on screen in C9's (D-100).
  expect.equal(C8.appearance, "appeared")
  trace.clear()
  N1.viewControllers = { C1, C6 }
  settle()
  expect [[
    C1.willMove(toParent: N1)
    C6.willMove(toParent: N1)
    C3.willMove(toParent: nil)
    C8.willMove(toParent: nil)
    C1.didMove(toParent: N1)
    C6.didMove(toParent: N1)
    C3.didMove(toParent: nil)
    C8.didMove(toParent: nil)
  ]]
  expect.equal(C8.appearance, "appeared", "N1 let it go; its view is still on screen")
end)

scenario("a split collapsing as it appears sets its secondary aside, which never appears", function()
  local C10, C12 = Controller "C10", Controller "C12"
  local S1 = SplitViewController { "S1", primary = C10, secondary = C12 }
  S1.view:addSubview(C12.view)
  trace.clear()
  Window { root = S1 }
  settle()
  expect [[
    S1.viewWillAppear(false)
    C12.willMove(toParent: nil)
    C12.didMove(toParent: nil)
    C10.viewDidLoad()
    C10.viewWillAppear(false)
    ...
    S1.viewDidAppear(false)
    C10.viewDidAppear(false)
  ]]
  expect.equal(C12.appearance, "disappeared", "set aside: its view left before the split's view reached the window")
end)

scenario("a controller that removes its own view in viewWillAppear hears viewDidAppear, then disappears", function()
  local C2 = Controller "C2"
  local S1 = SplitViewController { "S1", primary = C2 }
  C2.viewWillAppear = function(self) self.view:removeFromSuperview() end
  Window { root = S1, size = { 320, 568 } }
  settle()
  expect [[
    ...
    C2.viewWillAppear(false)
    ...
    C2.viewDidAppear(false)
    C2.viewWillDisappear(false)
    C2.viewDidDisappear(false)
  ]]
  expect.equal(C2.appearance, "disappeared", "its view is in no window")
end)

scenario("a tab switched while the window is hidden finishes disappearing when the window shows", function()
  local C1, C5 = Controller "C1", Controller "C5"
  local T1 = TabBarController { "T1", C5, C1, Controller "C4" }
  local W1 = Window { root = T1 }
  settle()
  trace.clear()
  W1.isHidden = true
  T1.selectedIndex = 2
  W1.isHidden = false
  settle()
  expect [[
    T1.viewWillDisappear(false)
    C5.viewWillDisappear(false)
    T1.viewWillAppear(false)
    C1.viewDidLoad()
    C1.viewWillAppear(false)
    ...
    C5.viewDidDisappear(false)
    T1.viewDidAppear(false)
    C1.viewDidAppear(false)
  ]]
end)

scenario("a child whose view is in a window elsewhere stays appeared in a parent whose view never loaded", function()
  local C1, C3, C9, C12 = Controller "C1", Controller "C3", Controller "C9", Controller "C12"
  local N2 = NavigationController { "N2", C1 }
  C12.view:addSubview(C3.view)
  Window { root = C12 }
  settle()
  N2:setViewControllers({ C3, C9 }, true)
  settle()
  expect.equal(C3.appearance, "appeared", "its view is on screen under C12, where the view path put it")
  expect.equal(C3.parent, N2)
  expect.equal(N2.viewIfLoaded, nil)
end)

-- Seeds 1091 and 1152: a child whose view is elsewhere in a tree that leaves the screen is
-- reached by the view path, since its parent forwards only to children in its own view (M-1).
scenario("a child whose view is outside its parent's disappears with the tree its view is in", function()
  local C1, C2, C5 = Controller "C1", Controller "C2", Controller "C5"
  C2.view:addSubview(C5.view)
  C2.view:addSubview(C1.view)
  Window { root = C2 }
  settle()
  C1:addChild(C5)
  settle()
  trace.clear()
  C2.view:removeFromSuperview()
  settle()
  expect [[
    C2.viewWillDisappear(false)
    C5.viewWillDisappear(false)
    C1.viewWillDisappear(false)
    C2.viewDidDisappear(false)
    C5.viewDidDisappear(false)
    C1.viewDidDisappear(false)
  ]]
end)

-- Seed 2567: the walk of a window that shows reads each view's subviews after its controller's
-- callback, so a view a container installs then (a tab's, with what the script put inside it)
-- is seen.
scenario("a view inside a tab's view, parentless, appears when the hidden window shows", function()
  local C1, C5 = Controller "C1", Controller "C5"
  local T1 = TabBarController { "T1", C1, Controller "C2", C5 }
  local W1 = Window { root = T1, visible = false }
  C5:removeFromParent()
  C1.view:addSubview(C5.view)
  trace.clear()
  W1.isHidden = false
  settle()
  expect [[
    T1.viewWillAppear(false)
    C1.viewWillAppear(false)
    C5.viewWillAppear(false)
    ...
    T1.viewDidAppear(false)
    C1.viewDidAppear(false)
    C5.viewDidAppear(false)
  ]]
end)

-- Seed 1693: a dismissal takes out of the window only the views still in its container.
scenario("a presented view the script moved to another window stays there when the dismissal ends", function()
  local C6, C7, C9 = Controller "C6", Controller "C7", Controller "C9"
  local W1 = Window { root = C9 }
  C9:present(C7, false)
  settle()
  local W3 = Window { root = C6 }
  C7:dismiss(true)
  W1.isHidden = true
  advance(0)
  C6.view:addSubview(C7.view)
  settle()
  expect.equal(C9.presentedViewController, nil, "dismissed")
  expect.equal(C7.view.window, W3, "its view where the script put it")
  expect.equal(C7.appearance, "appeared")
end)

-- Seed 2646: a tab pushed, while its switch holds it, onto a navigation controller that is
-- being presented appears with that navigation controller.
scenario("a tab taken into an appearing navigation controller during its switch appears with it", function()
  local C = {}
  for i = 1, 9 do C[i] = Controller("C" .. i) end
  local N1 = NavigationController { "N1", C[3] }
  local T1 = TabBarController { "T1", N1, C[4], C[2], C[8] }
  Window { root = T1 }
  T1:setViewControllers({ C[9], C[8] }, true)
  C[8]:present(N1, true)
  N1:pushViewController(C[9], true)
  settle()
  expect.equal(C[9].parent, N1)
  expect.equal(C[9].appearance, "appeared", "N1's top, on screen")
end)
