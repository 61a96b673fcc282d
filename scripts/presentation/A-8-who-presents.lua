-- A-8  Who presents: presentingViewController is not always the caller.
-- Also: PRE-06 (the full-screen family is presented by a controller that covers the screen),
-- PRE-07 (current-context styles walk up for definesPresentationContext), NAV-14
-- (visibleViewController), NAV-15 (a navigation controller defines the context by default),
-- G-06 (presented controllers are not children), §19.5.
--
-- Sources: [DOC] seeds 003, 004 (A-8: "with tab bar -> navigation -> A, A.present(B) gives
-- B.presentingViewController == tabBarController; when A is a child the presenter is a
-- container above it; with B.modalPresentationStyle = .currentContext and
-- A.definesPresentationContext = true it is A"; the presented controller is not added to
-- the navigation stack); DOC present ("forwards the request up the view controller
-- hierarchy"); VCPG ("If it can't find an intermediate view controller that fills the
-- screen, UIKit uses the root view controller of the window"); H17 (presentedViewController
-- "or its nearest ancestor"; presentingViewController "or its farthest ancestor"); DOC
-- definesPresentationContext (the walk; UINavigationController defaults to true); NAVH-old
-- (visibleViewController "Return modal view controller if it exists"); [OBS] RESideMenu
-- issue #98, uxmstudio/UXMPDFKit issue #9, suterusu/Experiment_PresentationStyle README.
-- What the scenarios show: the links read from every level of tab bar -> navigation -> A;
-- the child of a custom container; currentContext and overCurrentContext with a controller
-- that defines the context (A itself, a custom container's child, a tab); a navigation
-- controller defining the context by default, and when it stops; a presented controller
-- presenting (full-screen family and current context); the appearance callbacks each choice
-- gives.
-- DECISIONS (docs/DECISIONS.md): D-29 (who presents; where a current-context presentation's
-- view goes), D-28 (links set at once), D-33 (dismiss from a child goes to the controller
-- that presents).

local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

-- A custom container P with child A installed in its viewDidLoad.
local function containerWith(A)
  return Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(A)
      self.view:addSubview(A.view)
      A:didMove(self)
    end,
  }
end

scenario("tab bar -> navigation -> A: A:present(B) is presented by the tab bar controller", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  shown(tabs)
  local B = Controller "B"
  A:present(B)
  expect.equal(B.presentingViewController, tabs, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController (its nearest ancestor's)")
  expect.equal(nav.presentedViewController, B, "Nav.presentedViewController")
  expect.equal(tabs.presentedViewController, B, "Tabs.presentedViewController")
  expect.equal(nav.visibleViewController, B, "Nav.visibleViewController (NAV-14)")
  expect.equal(nav.topViewController, A, "Nav.topViewController")
  expect.equal(nav.viewControllers, { A }, "B is not added to the navigation stack")
  expect.equal(B.parent, nil, "B.parent (G-06)")
  expect.equal(A.presentingViewController, nil, "A.presentingViewController")
  expect.equal(tabs.presentingViewController, nil, "Tabs.presentingViewController")
  expect.equal(B.presentationController.presentingViewController, tabs, "presentationController.presentingViewController")
  settle()
  -- B is a sheet (automatic): nobody below gets a callback.
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  A:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(tabs.presentedViewController, nil, "Tabs.presentedViewController after")
  expect.equal(nav.visibleViewController, A, "Nav.visibleViewController after")
end)

scenario("tab bar -> navigation -> A, fullScreen: the whole tree under the tab bar disappears", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  shown(tabs)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    Tabs.viewWillDisappear(true)
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Tabs.viewDidDisappear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, tabs, "B.presentingViewController")
end)

scenario("the child of a custom container: the container presents", function()
  local A = Controller "A"
  local P = containerWith(A)
  shown(P)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B)
  expect.equal(B.presentingViewController, P, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(P.presentedViewController, B, "P.presentedViewController")
  expect.equal(P.children, { A }, "P.children: B is not a child")
  settle()
  expect [[
    B.viewDidLoad()
    P.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    P.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("currentContext with A.definesPresentationContext = true: A presents", function()
  local A = Controller { "A", definesPresentationContext = true }
  local P = containerWith(A)
  local win = shown(P)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(P.presentedViewController, nil, "P presents nothing")
  settle()
  -- Only the context controller's view is removed (table 8.1): P stays.
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(P.appearance, "appeared", "P")
  expect.equal(P.view.window, win, "P's view stays")
  expect.equal(A.viewIfLoaded.window, nil, "A's view has left")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(A.view.superview, P.view, "A's view is back in P's view")
end)

scenario("currentContext without a context: the window's root presents", function()
  local A = Controller "A"
  local P = containerWith(A)
  shown(P)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  expect.equal(B.presentingViewController, P, "B.presentingViewController")
  settle()
  expect [[
    B.viewDidLoad()
    P.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    P.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("definesPresentationContext matters only to the current-context styles", function()
  local A = Controller { "A", definesPresentationContext = true }
  local P = containerWith(A)
  shown(P)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B)
  expect.equal(B.presentingViewController, P, "fullScreen: the top of the tree presents")
  settle()
  B:dismiss()
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "overCurrentContext" }
  A:present(C)
  expect.equal(C.presentingViewController, A, "overCurrentContext: A, the context")
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
end)

scenario("NAV-15: a navigation controller defines the context by default", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  local win = shown(tabs)
  expect.equal(nav.definesPresentationContext, true, "Nav.definesPresentationContext")
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  expect.equal(B.presentingViewController, nav, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(tabs.presentedViewController, nil, "Tabs presents nothing")
  settle()
  -- The presentation covers the navigation interface, not the tab bar.
  expect [[
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(tabs.appearance, "appeared", "Tabs")
  expect.equal(tabs.view.window, win, "Tabs' view stays")
  A:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("NAV-15: a controller in the stack that defines the context comes before Nav", function()
  local A = Controller { "A", definesPresentationContext = true }
  local nav = NavigationController { "Nav", A }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  A:present(B)
  expect.equal(B.presentingViewController, A, "B.presentingViewController: the nearest context")
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
end)

scenario("a navigation controller that stops defining the context: the walk goes on up", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  shown(tabs)
  nav.definesPresentationContext = false
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  expect.equal(B.presentingViewController, tabs, "B.presentingViewController")
  settle()
  expect [[
    B.viewDidLoad()
    Tabs.viewWillDisappear(true)
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Tabs.viewDidDisappear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("a tab that defines the context: the presentation covers only that tab", function()
  local T1 = Controller { "T1", definesPresentationContext = true }
  local T2 = Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  shown(tabs)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  T1:present(B)
  expect.equal(B.presentingViewController, T1, "B.presentingViewController")
  expect.equal(tabs.presentedViewController, nil, "Tabs presents nothing")
  settle()
  expect [[
    B.viewDidLoad()
    T1.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    T1.viewDidDisappear(true)
  ]]
  expect.equal(tabs.appearance, "appeared", "Tabs")
end)

scenario("a presented controller presents the full-screen family itself", function()
  local A = Controller "A"
  shown(A)
  local B = Controller "B"
  A:present(B)
  settle()
  trace.clear()
  local C = Controller "C"
  B:present(C)
  expect.equal(C.presentingViewController, B, "C.presentingViewController")
  expect.equal(B.presentedViewController, C, "B.presentedViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
end)

scenario("the child of a presented navigation controller: the navigation controller presents", function()
  local A, X = Controller "A", Controller "X"
  local nav2 = NavigationController { "Nav2", X }
  shown(A)
  A:present(nav2)
  settle()
  trace.clear()
  expect.equal(X.presentingViewController, A, "X.presentingViewController: its farthest ancestor's (PRE-06)")
  local C = Controller { "C", modalPresentationStyle = "fullScreen" }
  X:present(C)
  expect.equal(C.presentingViewController, nav2, "C.presentingViewController")
  expect.equal(X.presentedViewController, C, "X.presentedViewController")
  expect.equal(nav2.visibleViewController, C, "Nav2.visibleViewController")
  expect.equal(A.presentedViewController, nav2, "A.presentedViewController")
  settle()
  expect [[
    C.viewDidLoad()
    Nav2.viewWillDisappear(true)
    X.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    Nav2.viewDidDisappear(true)
    X.viewDidDisappear(true)
  ]]
end)

scenario("currentContext from a presented controller with no context: it presents over itself", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B)
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "currentContext" }
  B:present(C)
  expect.equal(C.presentingViewController, B, "C.presentingViewController (PRE-07's empirical rule)")
  settle()
  expect [[
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("currentContext from inside a presented navigation controller: Nav2 is the context", function()
  local A, X = Controller "A", Controller "X"
  local nav2 = NavigationController { "Nav2", X, modalPresentationStyle = "fullScreen" }
  shown(A)
  A:present(nav2)
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "currentContext" }
  X:present(C)
  expect.equal(C.presentingViewController, nav2, "C.presentingViewController")
  settle()
  expect [[
    C.viewDidLoad()
    Nav2.viewWillDisappear(true)
    X.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    Nav2.viewDidDisappear(true)
    X.viewDidDisappear(true)
  ]]
end)
