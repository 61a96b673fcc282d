-- PRE-07  Current-context presentation: who defines the context.
-- Also: A-8 (with .currentContext and A.definesPresentationContext = true the presenter is A),
-- NAV-15 (a navigation controller defines a context by default), table 8.1 (currentContext:
-- the context controller's view is removed and it gets the callbacks; overCurrentContext: no),
-- M-8 (order), M-2 (a container's children after it).
--
-- Sources: [DOC] definesPresentationContext: "UIKit starts at the presenting view controller
-- and walks up the view controller hierarchy. If it finds a view controller whose value for
-- this property is true, it asks that view controller to present ... If no view controller
-- defines the presentation context, UIKit asks the window's root view controller". Default
-- false; UINavigationController true. [DOC VCPG] providesPresentationContextTransitionStyle
-- makes the context's modalTransitionStyle the one used. Empirical summary (suterusu
-- Experiment_PresentationStyle): with no definer, "the root's top-most presented controller".
-- Table 8.1: currentContext YES/YES (O-regularberry), overCurrentContext NO/NO (O-regularberry).
-- VCPG says current-context styles adapt to fullScreen in a horizontally compact environment;
-- the engine keeps the context (D-32, qiita hirotakan: an overCurrentContext presentation in a
-- tab covers only the tab's content on an iPhone). The default window here is an iPhone in
-- portrait, compact width: every scenario below relies on D-32.
-- What the scenarios show: the walk stops at the nearest definer, the caller included; a
-- navigation controller is a definer by default, and turning that off moves the presentation
-- to the window's root; with no definer the window's root presents, or the presented
-- controller whose tree the caller is in; currentContext brackets the context controller and
-- its children out and back in, overCurrentContext leaves them alone; a tab's navigation
-- controller as the context leaves the tab bar controller on screen; the context's transition
-- style.
-- DECISIONS (docs/DECISIONS.md): D-29 (the walk, and the presented controller's tree when
-- there is no definer), D-28 (order, flags), D-32 (current-context styles keep their context
-- in a compact width; presentationController.transitionStyle is the sandbox's addition).

-- A custom container that puts `child` in itself in its viewDidLoad (ART-container);
-- `props` adds properties (definesPresentationContext).
local function container(name, child, props)
  local spec = {
    name,
    viewDidLoad = function(self)
      self:addChild(child)
      self.view:addSubview(child.view)
      child:didMove(self)
    end,
  }
  for key, value in pairs(props or {}) do spec[key] = value end
  return Controller(spec)
end

local function launch(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

scenario("the walk stops at the nearest controller that defines the context", function()
  local A = Controller "A"
  local Q = container("Q", A, { definesPresentationContext = true })
  local P = container("P", Q)
  launch(P)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B, true, function() note("presented") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(B.presentingViewController, Q, "B.presentingViewController")
  expect.equal(Q.presentedViewController, B, "Q.presentedViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController (nearest ancestor)")
  expect.equal(P.presentedViewController, nil, "P presents nothing")
  settle()
  expect [[
    B.viewDidLoad()
    Q.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Q.viewDidDisappear(true)
    A.viewDidDisappear(true)
    note: presented
  ]]
  expect.equal(P.appearance, "appeared", "P stays on screen")
  expect.equal(Q.appearance, "disappeared", "Q")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(Q.viewIfLoaded.window, nil, "the context's view left the window (table 8.1)")
  expect.equal(B.presentationController.presentationStyle, "currentContext", "no adaptation (D-32)")
end)

scenario("the walk starts at the caller: A defines the context, A presents (A-8)", function()
  local A = Controller { "A", definesPresentationContext = true }
  local P = container("P", A)
  launch(P)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(P.appearance, "appeared", "P")
end)

scenario("a navigation controller defines a context by default; turned off, the window's root presents", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local P = container("P", nav)
  launch(P)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, nav, "B.presentingViewController")
  expect.equal(P.appearance, "appeared", "P")
  B:dismiss()
  settle()
  trace.clear()
  nav.definesPresentationContext = false
  local C = Controller { "C", modalPresentationStyle = "currentContext" }
  A:present(C)
  settle()
  expect [[
    C.viewDidLoad()
    P.viewWillDisappear(true)
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    P.viewDidDisappear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(C.presentingViewController, P, "C.presentingViewController: the window's root")
end)

scenario("no definer: the window's root presents", function()
  local A = Controller "A"
  local Q = container("Q", A)
  local P = container("P", Q)
  launch(P)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    P.viewWillDisappear(true)
    Q.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    P.viewDidDisappear(true)
    Q.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, P, "B.presentingViewController")
end)

scenario("no definer, overCurrentContext: the window's root presents and gets nothing", function()
  local A = Controller "A"
  local Q = container("Q", A)
  local P = container("P", Q)
  launch(P)
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, P, "B.presentingViewController")
  expect.equal(P.appearance, "appeared", "P")
end)

scenario("no definer inside a presented controller: that presented controller presents (D-29)", function()
  local R = Controller "R"
  launch(R)
  local C = Controller "C"
  local PB = container("PB", C)
  PB.modalPresentationStyle = "fullScreen"
  R:present(PB)
  settle()
  trace.clear()
  local D = Controller { "D", modalPresentationStyle = "currentContext" }
  C:present(D)
  settle()
  expect [[
    D.viewDidLoad()
    PB.viewWillDisappear(true)
    C.viewWillDisappear(true)
    D.viewWillAppear(true)
    D.viewDidAppear(true)
    PB.viewDidDisappear(true)
    C.viewDidDisappear(true)
  ]]
  expect.equal(D.presentingViewController, PB, "D.presentingViewController: the root's top-most presented controller")
  expect.equal(R.presentedViewController, PB, "R still presents PB")
  expect.equal(PB.presentedViewController, D, "PB.presentedViewController")
end)

scenario("overCurrentContext: the context keeps its view and gets no callbacks", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  launch(nav)
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, nav, "B.presentingViewController")
  expect.equal(nav.appearance, "appeared", "Nav")
  expect.equal(A.appearance, "appeared", "A")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("currentContext: the context controller and its children go and come back", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  launch(nav)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  B:dismiss(true, function() note("dismissed") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(B.isBeingDismissed, true, "B.isBeingDismissed")
  settle()
  expect [[
    B.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(nav.presentedViewController, nil, "Nav.presentedViewController")
  expect.equal(nav.appearance, "appeared", "Nav")
  expect.equal(A.appearance, "appeared", "A")
end)

-- Tabs { Nav1 { A }, T2 } on screen.
local function tabs()
  local A, T2 = Controller "A", Controller "T2"
  local nav1 = NavigationController { "Nav1", A }
  local tabBar = TabBarController { "Tabs", nav1, T2 }
  launch(tabBar)
  return tabBar, nav1, A, T2
end

scenario("a tab's navigation controller as the context: the tab bar controller stays", function()
  local tabBar, nav1, A, T2 = tabs()
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    Nav1.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav1.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, nav1, "B.presentingViewController")
  expect.equal(nav1.presentedViewController, B, "Nav1.presentedViewController")
  expect.equal(tabBar.presentedViewController, nil, "Tabs presents nothing")
  expect.equal(tabBar.appearance, "appeared", "Tabs stays on screen")
  expect.equal(T2.isViewLoaded, false, "T2")
  expect.equal(B.presentationController.presentationStyle, "currentContext", "kept in a compact width (D-32)")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    Nav1.viewWillAppear(true)
    A.viewWillAppear(true)
    Nav1.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("a tab's navigation controller as the context, overCurrentContext: only B", function()
  local tabBar, nav1, A = tabs()
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, nav1, "B.presentingViewController")
  expect.equal(B.presentationController.presentationStyle, "overCurrentContext", "kept in a compact width (D-32)")
  expect.equal(tabBar.appearance, "appeared", "Tabs")
  expect.equal(nav1.appearance, "appeared", "Nav1")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("the context's transition style, when it provides one", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A, modalTransitionStyle = "crossDissolve" }
  launch(nav)
  local B = Controller { "B", modalPresentationStyle = "currentContext", modalTransitionStyle = "flipHorizontal" }
  A:present(B, false)
  settle()
  expect.equal(B.presentationController.transitionStyle, "flipHorizontal", "B's own without provides")
  B:dismiss(false)
  settle()
  nav.providesPresentationContextTransitionStyle = true
  local C = Controller { "C", modalPresentationStyle = "currentContext", modalTransitionStyle = "flipHorizontal" }
  A:present(C, false)
  settle()
  expect.equal(C.presentationController.transitionStyle, "crossDissolve", "the context's")
  expect.equal(C.modalTransitionStyle, "flipHorizontal", "C's own setting is unchanged")
end)
