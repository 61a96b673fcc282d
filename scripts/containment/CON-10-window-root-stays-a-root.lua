-- CON-10, APP-02  A window's root view controller cannot become a child, a tab, a column or
-- another window's root while its window still shows it.
-- Also: NAV-02 (push), TAB-07 (tabs), SHOW-03 (split columns), issue 17 (the fuzzer found a
-- window's root given a parent in 131 of 300 seeds).
--
-- Sources: [DOC] CON-10 (a child controller's view must be under its parent's view: UIKit
-- raises UIViewControllerHierarchyInconsistency when it is not) and DOC
-- UIWindow.rootViewController (the root's view is the window's content). A root that became a
-- child would have its view in the window and under its parent at once; UIKit documents
-- nothing for the attempt. The engine's choice (D-99): refused with a usage error before
-- anything changes, as a presented controller is (D-30); give the window another root first.
-- DECISIONS (docs/DECISIONS.md): D-99, D-30, D-103.

scenario("a window's root refused as a child, a pushed controller, a tab, a column or another root", function()
  local A = Controller "A"
  local win = Window { root = A }
  local other = Window { root = Controller "Other" }
  local P = Controller "P"
  local nav = NavigationController { "Nav", Controller "R" }
  local tabs = TabBarController { "Tabs", Controller "T" }
  settle()
  trace.clear()
  local root = "A is the root view controller of Window1; give Window1 another root (or nil) before making it "
  expect.error(function() P:addChild(A) end, root .. "a child of P")
  expect.error(function() nav:pushViewController(A, false) end, root .. "a child of Nav")
  expect.error(function() tabs.viewControllers = { A } end, root .. "a tab of Tabs")
  expect.error(function() SplitViewController { "Split", primary = A } end, root .. "a column of Split")
  expect.error(function() other.rootViewController = A end, root .. "a window's root")
  expect.equal(trace.lines(), {}, "nothing happened")
  expect.equal(A.parent, nil, "A.parent")
  expect.equal(win.rootViewController, A, "still the root")
  win.rootViewController = nil
  P:addChild(A)
  expect.equal(A.parent, P, "once no window shows it, A can become a child")
end)

-- Found by the fuzzer (seed 1498): the root's viewDidLoad, run as the window loads it, makes it a
-- child. The window checks again once the view has loaded, before anything changes, and raises
-- CON-10's exception into the caller's pcall; the window keeps its root.
scenario("a root whose viewDidLoad gives it a parent is refused after loading", function()
  local C7, C8, Other = Controller "C7", Controller "C8", Controller "Other"
  C8.viewDidLoad = function(self) C7:addChild(self) end
  local W = Window { root = Other }
  settle()
  expect.error(function() W.rootViewController = C8 end,
    "UIViewControllerHierarchyInconsistency: child view controller:C8 should have parent view controller:(null) "
      .. "but actual parent is:C7")
  expect.equal(C8.parent, C7)
  expect.equal(W.rootViewController, Other, "the window keeps its root")
  expect.equal(Other.view.window, W, "and its root's view")
  expect.equal(C8.view.window, nil, "no window shows C8")
end)

-- Issue 17, seed 16010: the old root's leaving ends a transition, and the push that waited for it
-- would take the new root; the window counts it as its root already (D-103).
scenario("a window's root whose old root's leaving lets a waiting push take it: the push is dropped", function()
  local C2, C1, C5, C4 = Controller "C2", Controller "C1", Controller "C5", Controller "C4"
  local N1 = NavigationController { "N1", C2, C1, C5 }
  local S1 = SplitViewController { "S1", primary = N1, secondary = C4 }
  local W1 = Window { root = S1 }
  settle()
  -- Collapsed (a compact window), the split shows its secondary C4 on N1's stack.
  N1:setViewControllers({}, true)
  advance(0.1) -- the animated pop of everything, C4 first, is under way
  N1:pushViewController(C4, false) -- waits for the transition under way
  trace.clear()
  W1.rootViewController = C4
  settle()
  expect [[
    C4.viewDidDisappear(true)
    C2.didMove(toParent: nil)
    C1.didMove(toParent: nil)
    C5.didMove(toParent: nil)
    C4.didMove(toParent: nil)
    warning: N1: an operation issued during a transition no longer applies: C4 is the root view controller of Window1 and cannot become a child of N1 until it is not
    S1.viewWillDisappear(false)
    N1.viewWillDisappear(false)
    C4.viewWillAppear(false)
    S1.viewDidDisappear(false)
    N1.viewDidDisappear(false)
    C4.viewDidAppear(false)
  ]]
  expect.equal(W1.rootViewController, C4)
  expect.equal(C4.parent, nil)
end)

-- Issue 17, seed 78820: the old root's viewWillDisappear presents the controller becoming the
-- root; it counts as the root already, and UIKit's refusal of presenting an active controller
-- applies (D-103).
scenario("the old root's viewWillDisappear cannot present the controller becoming the root", function()
  local C4, C9 = Controller "C4", Controller "C9"
  local W1 = Window { root = C9 }
  local refusal
  C9.viewWillDisappear = function(self)
    local ok, err = pcall(function() self:present(C4, true) end)
    refusal = err
  end
  settle()
  trace.clear()
  W1.rootViewController = C4
  settle()
  expect [[
    C4.viewDidLoad()
    C9.viewWillDisappear(false)
    C4.viewWillAppear(false)
    C9.viewDidDisappear(false)
    C4.viewDidAppear(false)
  ]]
  expect.equal(refusal ~= nil and refusal:find("an active controller C4", 1, true) ~= nil, true, tostring(refusal)) ---@diagnostic disable-line: undefined-field
  expect.equal(C4.presentingViewController, nil)
end)
