-- PRE-05  Presenting overFullScreen, overCurrentContext, and custom (with and without
-- shouldRemovePresentersView).
-- Also: table 8.1 (which styles give the presenter callbacks), A-10 (overFullScreen keeps the
-- presenter's view; where the content underneath stays visible the presenter gets no
-- viewWillDisappear/viewDidDisappear), PRE-06 and PRE-07 (who presents), NAV-15 (a
-- navigation controller defines the presentation context), §18.10.
--
-- Sources: [DOC]+[OBS] DOC overFullScreen (the presenting views are "not removed from the
-- view hierarchy when the presentation finishes"); O-regularberry (overFullScreen NO/NO,
-- overCurrentContext NO/NO, custom NO/NO); H17-PC (UIPresentationController
-- shouldRemovePresentersView, default false); mo4tech/juejin
-- "UIModalPresentationStyleCustom不调用viewWillDisappear"; DOC definesPresentationContext
-- (the walk up for the current-context styles; UINavigationController defaults to true).
-- Rule's trace: the presented controller gets its full cycle (B.viewDidLoad ->
-- B.viewWillAppear -> B.viewDidAppear; B.viewWillDisappear -> B.viewDidDisappear); the
-- presenting controller gets no appearance callbacks on present or dismiss. .custom gives the
-- presenter callbacks only when shouldRemovePresentersView is true, and then as fullScreen
-- does (PRE-01, PRE-02).
-- What the scenarios show: each style from a plain root, from the child of a navigation
-- controller and from a tab of a tab bar controller; a presented controller presenting over
-- itself; the presenter's view staying in the window; custom with shouldRemovePresentersView
-- set (presenter callbacks, its view leaving and coming back); over styles staying as they
-- are in the compact default window.
-- DECISIONS (docs/DECISIONS.md): D-28 (only styles that remove the presenter's view bracket
-- it), D-29 (who presents; a current-context presentation sits just above the context's
-- view), D-32 (fullScreen and overFullScreen never adapt; current-context styles keep their
-- context; custom stays custom).

-- `root` in a window, settled; returns the window.
local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

scenario("overFullScreen: B's full cycle, A gets nothing and its view stays", function()
  trace.include "loading"
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "overFullScreen" }
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    B.loadView()
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    note: presented
  ]]
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(A.view.window, win, "A's view is not removed (DOC overFullScreen)")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.presentationController.presentationStyle, "overFullScreen",
    "presentationStyle: overFullScreen never adapts (D-32), even in the compact default window")
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
end)

scenario("overFullScreen from the child of a navigation controller: Nav presents, nobody below gets a callback", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "overFullScreen" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, nav, "B.presentingViewController (PRE-06)")
  A:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("overFullScreen from a tab: Tabs presents, nobody below gets a callback", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  shown(tabs)
  local B = Controller { "B", modalPresentationStyle = "overFullScreen" }
  T1:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, tabs, "B.presentingViewController")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("overFullScreen over a full-screen presented controller: the lower one gets nothing", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  local C = Controller { "C", modalPresentationStyle = "overFullScreen" }
  A:present(B)
  settle()
  trace.clear()
  B:present(C)
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
  expect.equal(C.presentingViewController, B, "C.presentingViewController")
  expect.equal(B.appearance, "appeared", "B stays appeared")
  C:dismiss()
  settle()
  expect [[
    C.viewWillDisappear(true)
    C.viewDidDisappear(true)
  ]]
end)

scenario("overCurrentContext from a plain root with no context: the root presents, gets nothing", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(A.view.window, win, "A's view stays")
  expect.equal(B.presentationController.presentationStyle, "overCurrentContext",
    "presentationStyle: keeps its context in the compact window (D-32)")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("overCurrentContext from the child of a navigation controller: Nav is the context (NAV-15)", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, nav, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("overCurrentContext from a tab that defines the context: the tab presents, gets nothing", function()
  local T1, T2 = Controller { "T1", definesPresentationContext = true }, Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  local win = shown(tabs)
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  T1:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, T1, "B.presentingViewController")
  expect.equal(tabs.presentedViewController, nil, "Tabs presents nothing")
  expect.equal(T1.view.window, win, "T1's view stays")
  T1:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("custom, default: shouldRemovePresentersView is false, A gets nothing", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "custom" }
  expect.equal(B.presentationController.shouldRemovePresentersView, false, "the default (H17-PC)")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(A.view.window, win, "A's view stays")
  expect.equal(B.presentationController.presentationStyle, "custom", "custom stays custom (D-32)")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("custom with shouldRemovePresentersView: A gets its callbacks, as with fullScreen", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "custom" }
  B.presentationController.shouldRemovePresentersView = true
  A:present(B, true, function() note("presented") end)
  expect.equal(A.view.window, win, "A's view stays during the animation")
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: presented
  ]]
  expect.equal(A.viewIfLoaded.window, nil, "A's view has left")
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.view.window, win, "A's view is back")
end)

scenario("custom with shouldRemovePresentersView from the child of a navigation controller", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "custom" }
  B.presentationController.shouldRemovePresentersView = true
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

scenario("custom from a presented controller, with and without shouldRemovePresentersView", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "overFullScreen" }
  A:present(B)
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "custom" }
  B:present(C)
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
  C:dismiss()
  settle()
  expect [[
    C.viewWillDisappear(true)
    C.viewDidDisappear(true)
  ]]
  local D = Controller { "D", modalPresentationStyle = "custom" }
  D.presentationController.shouldRemovePresentersView = true
  B:present(D)
  settle()
  expect [[
    D.viewDidLoad()
    B.viewWillDisappear(true)
    D.viewWillAppear(true)
    D.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(A.appearance, "appeared", "A, under the overFullScreen B, gets nothing")
  D:dismiss()
  settle()
  expect [[
    D.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    D.viewDidDisappear(true)
  ]]
end)
