-- PRE-06  Who actually presents: the full-screen family (sheets included).
-- Also: A-8 (presentingViewController is not always the caller: tab bar -> navigation -> A
-- gives the tab bar controller), M-8 (present and dismiss), G-06 (parent never returns the
-- presenter), PRE-13 / A-9 (dismiss from a child forwards to the presented container).
--
-- Sources: [DOC]+[OBS] DOC present: "a full-screen presentation must be made by a view
-- controller that itself covers the entire screen ... it forwards the request up the view
-- controller hierarchy to its nearest parent"; VCPG: "If it can't find an intermediate view
-- controller that fills the screen, UIKit uses the root view controller of the window", and it
-- counts fullScreen, pageSheet and formSheet as full-screen styles. Example [INF from DOC,
-- consistent with OBS]: nav(root) -> [A]; A.present(B) gives B.presentingViewController === nav.
-- RESideMenu issue #98 [OBS]: a root side-menu container became the presenter instead of the
-- nav. H17: presentedViewController is "presented by this view controller or its nearest
-- ancestor"; presentingViewController is the presenter of "this view controller (or its
-- farthest ancestor)": the children of a presented navigation controller report it
-- (UXMPDFKit #9, JustTweak PR #31) [OBS]. X.dismiss() from a child of a presented nav
-- dismisses the whole nav [INF].
-- Which callbacks the presenter gets: table 8.1 (fullScreen yes, sheets no) and M-8's order;
-- a container's children get theirs from it, parent first (M-2).
-- What the scenarios show: the presenter for a nav root, a tab bar root and a root custom
-- container; the state right after `present` returns and when it ends; a sheet presented by
-- the nav; the presenter read by the children of a presented navigation controller (the
-- root and a pushed one); dismiss() called on such a child, visible or covered; a sheet that
-- presents from inside a presented container.
-- DECISIONS (docs/DECISIONS.md): D-28 (present and dismiss are container transitions; only the
-- presented controller itself reports isBeingPresented / isBeingDismissed), D-29 (the top of
-- the caller's containment tree presents: the window's root or a presented controller),
-- D-33 (dismiss from a child of a presented container dismisses the container).

local function fullScreen(name)
  return Controller { name, modalPresentationStyle = "fullScreen" }
end

-- A custom container that puts `child` in itself in its viewDidLoad (ART-container).
local function container(name, child)
  return Controller {
    name,
    viewDidLoad = function(self)
      self:addChild(child)
      self.view:addSubview(child.view)
      child:didMove(self)
    end,
  }
end

local function visibleNav()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("nav root, A presents full screen: the navigation controller presents", function()
  local nav, A = visibleNav()
  local B = fullScreen("B")
  A:present(B, true, function() note("presented") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(B.presentingViewController, nav, "B.presentingViewController is the nav, not A")
  expect.equal(nav.presentedViewController, B, "Nav.presentedViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController: its nearest ancestor presents B (H17)")
  expect.equal(A.presentingViewController, nil, "A.presentingViewController")
  expect.equal(B.presentationController.presentingViewController, nav, "the presentation controller's presenter")
  expect.equal(B.isBeingPresented, true, "B.isBeingPresented right after present returns")
  expect.equal(B.parent, nil, "B.parent (G-06)")
  expect.equal(nav.viewControllers, { A }, "B is not pushed (A-8)")
  advance(0.5)
  expect [[
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
    note: presented
  ]]
  expect.equal(B.isBeingPresented, false, "B.isBeingPresented after the presentation")
  expect.equal(nav.appearance, "disappeared", "Nav")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "appeared", "B")
end)

scenario("nav root, A presents a sheet: still the navigation controller, and it gets no callbacks", function()
  local nav, A = visibleNav()
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, nav, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(nav.appearance, "appeared", "Nav stays on screen under the sheet")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("tab bar -> navigation -> A: the tab bar controller presents (A-8)", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  Window { root = tabs }
  settle()
  trace.clear()
  local B = fullScreen("B")
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
  expect.equal(tabs.presentedViewController, B, "Tabs.presentedViewController")
  expect.equal(nav.presentedViewController, B, "Nav.presentedViewController (nearest ancestor)")
  expect.equal(A.presentedViewController, B, "A.presentedViewController (nearest ancestor)")
  expect.equal(T2.isViewLoaded, false, "the other tab takes no part")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    Tabs.viewWillAppear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Tabs.viewDidAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(tabs.presentedViewController, nil, "Tabs.presentedViewController after the dismissal")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController after the dismissal")
end)

scenario("a root custom container above the nav presents (RESideMenu #98)", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local P = container("P", nav)
  Window { root = P }
  settle()
  trace.clear()
  local B = fullScreen("B")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    P.viewWillDisappear(true)
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    P.viewDidDisappear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, P, "B.presentingViewController is the root container")
  expect.equal(P.presentedViewController, B, "P.presentedViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
end)

-- A presents a navigation controller PNav { X } full screen; settled.
local function presentedNav()
  local A = Controller "A"
  Window { root = A }
  local X = Controller "X"
  local pnav = NavigationController { "PNav", X, modalPresentationStyle = "fullScreen" }
  settle()
  trace.clear()
  return A, pnav, X
end

scenario("the children of a presented navigation controller report its presenter", function()
  local A, pnav, X = presentedNav()
  A:present(pnav)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(pnav.presentingViewController, A, "PNav.presentingViewController")
  expect.equal(X.presentingViewController, A, "X.presentingViewController (its farthest ancestor's, H17)")
  expect.equal(pnav.isBeingPresented, true, "PNav.isBeingPresented")
  expect.equal(X.isBeingPresented, false, "X.isBeingPresented: only the presented controller itself (D-28)")
  settle()
  expect [[
    PNav.viewDidLoad()
    A.viewWillDisappear(true)
    PNav.viewWillAppear(true)
    X.viewDidLoad()
    X.viewWillAppear(true)
    PNav.viewDidAppear(true)
    X.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  local Y = Controller "Y"
  pnav:pushViewController(Y)
  settle()
  trace.clear()
  expect.equal(Y.presentingViewController, A, "a pushed controller reports it too")
  expect.equal(X.presentingViewController, A, "X, covered, still reports it")
  expect.equal(Y.parent, pnav, "Y.parent is the nav, never the presenter (G-06)")
  expect.equal(pnav.parent, nil, "PNav.parent")
  expect.equal(X.presentedViewController, nil, "X presents nothing")
  expect.equal(A.presentedViewController, pnav, "A.presentedViewController")
  expect.equal(A.children, {}, "A.children never holds what it presents (G-06)")
end)

scenario("dismiss() on the child of a presented navigation controller dismisses the whole nav", function()
  local A, pnav, X = presentedNav()
  A:present(pnav)
  settle()
  trace.clear()
  X:dismiss(true, function() note("dismissed") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(pnav.isBeingDismissed, true, "PNav.isBeingDismissed")
  expect.equal(X.isBeingDismissed, false, "X.isBeingDismissed: only the presented controller itself (D-28)")
  settle()
  expect [[
    PNav.viewWillDisappear(true)
    X.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    PNav.viewDidDisappear(true)
    X.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(pnav.presentingViewController, nil, "PNav.presentingViewController")
  expect.equal(X.presentingViewController, nil, "X.presentingViewController")
  expect.equal(pnav.viewControllers, { X }, "the stack is untouched")
end)

scenario("dismiss() on a covered child of a presented nav: the nav goes, with its top", function()
  local A, pnav, X = presentedNav()
  A:present(pnav)
  local Y = Controller "Y"
  pnav:pushViewController(Y)
  settle()
  trace.clear()
  X:dismiss()
  settle()
  expect [[
    PNav.viewWillDisappear(true)
    Y.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    PNav.viewDidDisappear(true)
    Y.viewDidDisappear(true)
  ]]
  expect.equal(pnav.viewControllers, { X, Y }, "nothing is popped")
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("inside a presented container, the container presents: a sheet over a sheet", function()
  local A = Controller "A"
  Window { root = A }
  local X = Controller "X"
  local snav = NavigationController { "SNav", X, modalPresentationStyle = "pageSheet" }
  A:present(snav)
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "pageSheet" }
  X:present(C)
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
  expect.equal(C.presentingViewController, snav, "C.presentingViewController is the presented nav, not A")
  expect.equal(snav.presentedViewController, C, "SNav.presentedViewController")
  expect.equal(A.presentedViewController, snav, "A still presents SNav")
  expect.equal(X.appearance, "appeared", "X stays on screen under the sheet")
end)
