-- PRE-01  present(B, animated: true) with B.modalPresentationStyle = .fullScreen.
-- Also: M-8 (the presentation as a container transition), M-4 (0.5 s), LOAD-07 (the
-- presented view loads before the presenter's viewWillDisappear), APP-03 and G-05
-- (isBeingPresented), APP-05 (viewIsAppearing), A-8 and PRE-06 (who presents), A-10 (the
-- presenter's view leaves after the transition), table 8.1 (fullScreen: the presenter gets
-- its disappear callbacks), §16.7 (links set at once), TIM-02 (nothing visible inside
-- present: the transition begins in the after-commit queue of the turn), TIM-10 (the order
-- at its end: presented viewDidAppear, presenter viewDidDisappear, completion).
--
-- Sources: [OBS×2]+[DOC] O-velog-rudin ("first vc willDisappear - second vc willAppear -
-- second vc isAppearing - second vc didAppear - first vc didDisappear"), O-juejin (present =
-- B viewDidLoad, A viewWillDisappear, B viewWillAppear, B viewDidAppear, A viewDidDisappear),
-- DOC present (completion "called after the viewDidAppear(_:) method is called on the
-- presented view controller"), H17 (isBeingPresented); links readable as soon as present
-- returns [OBS O-klaas, takorras] against VCPG's "upon completion" (§16.7: prefer at once).
-- TIM-02 [DOC VCPG-CT "Presentations start during the next run loop iteration", OBS O-lasso
-- iOS 12.4-16.4: right after the call the presenter has [] and the presented controller
-- only [viewDidLoad] because the test read its view; RE18 `_scheduleTransition:`].
-- Rule's trace: B.loadView -> B.viewDidLoad -> A.viewWillDisappear(true) ->
-- B.viewWillAppear(true) -> [B.viewIsAppearing] -> B.(layout) -> animation ->
-- B.viewDidAppear(true) -> A.viewDidDisappear(true) -> completion. The presented controller's
-- viewDidAppear comes BEFORE the presenter's viewDidDisappear: the reverse of a push.
-- What the scenarios show: that trace; the state when present returns (links only) and
-- during the animation; the 0.5 s; the non-animated form (all of it in the commit); the
-- flags read in the overrides; viewIsAppearing's place; the presenter's view leaving the
-- window; presenters that are a plain root, the child of a navigation controller, a tab of a
-- tab bar controller, and a presented controller; presenting a navigation controller.
-- DECISIONS (docs/DECISIONS.md): D-28 (present is a container transition begun after the
-- commit; links and isBeingPresented at once; only the presented controller reports
-- isBeingPresented), D-29
-- (the full-screen family is presented by the top of the caller's containment tree), D-6
-- (viewIsAppearing in the layout pass at the end of the turn).

local function fullScreen(name, overrides)
  local spec = overrides or {}
  spec[1] = name
  spec.modalPresentationStyle = "fullScreen"
  return Controller(spec)
end

-- A, the window's root, on screen and settled.
local function shownRoot(A)
  A = A or Controller "A"
  local win = Window { root = A }
  settle()
  trace.clear()
  return A, win
end

-- A controller that notes isBeingPresented / isBeingDismissed from its four appearance callbacks.
local function flagReporter(name, style)
  local function report(callback)
    return function(self)
      note(name .. "." .. callback .. ": beingPresented=" .. tostring(self.isBeingPresented)
        .. " beingDismissed=" .. tostring(self.isBeingDismissed))
    end
  end
  return Controller {
    name,
    modalPresentationStyle = style,
    viewWillAppear = report("viewWillAppear"),
    viewDidAppear = report("viewDidAppear"),
    viewWillDisappear = report("viewWillDisappear"),
    viewDidDisappear = report("viewDidDisappear"),
  }
end

scenario("the whole sequence, in order", function()
  trace.include "loading"
  local A = shownRoot()
  local B = fullScreen("B")
  A:present(B, true, function() note("completion") end)
  settle()
  expect [[
    B.loadView()
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(A.presentingViewController, nil, "A.presentingViewController")
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(B.isBeingPresented, false, "B.isBeingPresented after the transition")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(B.modalPresentationStyle, "fullScreen", "B.modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "presentationStyle")
  expect.equal(now(), 0.5, "the animation lasts 0.5 s")
end)

scenario("animated is the default", function()
  local A = shownRoot()
  local B = fullScreen("B")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("state right after present returns: linked at once, nothing visible yet (TIM-02)", function()
  local A = shownRoot()
  local B = fullScreen("B")
  A:present(B, true)
  -- TIM-02: inside the call only the style, the presenter and the links are decided; the
  -- transition begins after the turn's commit. B's view is not even loaded (nothing read it).
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController at once (§16.7)")
  expect.equal(B.presentingViewController, A, "B.presentingViewController at once")
  expect.equal(B.isBeingPresented, true, "B.isBeingPresented at once")
  expect.equal(A.isBeingPresented, false, "A is not being presented")
  expect.equal(B.isViewLoaded, false, "B's view is not loaded by present itself")
  expect.equal(A.appearance, "appeared", "A until the commit")
  expect.equal(B.appearance, "disappeared", "B until the commit")
  expect.equal(B.parent, nil, "a presented controller has no parent (G-06)")
  expect.equal(A.children, {}, "children never include presented controllers (G-06)")
  advance(0)
  -- After the commit: the will-callbacks, and the animation runs.
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  expect.equal(A.appearance, "disappearing", "A during the animation")
  expect.equal(B.appearance, "appearing", "B during the animation")
end)

scenario("reading B's view before present loads it in the call, and only that (TIM-02, Lasso)", function()
  local A = shownRoot()
  local B = fullScreen("B")
  local _ = B.view
  A:present(B, true)
  expect [[
    B.viewDidLoad()
  ]]
  advance(0)
  expect [[
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
end)

scenario("timing: will-callbacks after the commit, the did-callbacks and the completion 0.5 s later", function()
  local A = shownRoot()
  local B = fullScreen("B")
  A:present(B, true, function() note("completion") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  advance(0)
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  advance(0.49)
  expect [[
  ]]
  expect.equal(B.isBeingPresented, true, "still being presented during the animation")
  advance(0.01)
  expect [[
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(now(), 0.5, "now()")
end)

scenario("not animated: nothing in the call, the whole presentation in the turn's commit", function()
  local A = shownRoot()
  local B = fullScreen("B")
  A:present(B, false, function() note("completion") end)
  note("present returned")
  expect [[
    note: present returned
  ]]
  advance(0)
  -- M-4: full screen without animation completes in the commit of the turn it starts in.
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    B.viewDidAppear(false)
    A.viewDidDisappear(false)
    note: completion
  ]]
  expect.equal(now(), 0, "a non-animated presentation takes no virtual time")
end)

scenario("flags: B is being presented in viewWillAppear and viewDidAppear, then not", function()
  local A = shownRoot(flagReporter("A"))
  local B = flagReporter("B", "fullScreen")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    note: A.viewWillDisappear: beingPresented=false beingDismissed=false
    B.viewWillAppear(true)
    note: B.viewWillAppear: beingPresented=true beingDismissed=false
    B.viewDidAppear(true)
    note: B.viewDidAppear: beingPresented=true beingDismissed=false
    A.viewDidDisappear(true)
    note: A.viewDidDisappear: beingPresented=false beingDismissed=false
  ]]
  expect.equal(B.isBeingPresented, false, "after viewDidAppear has returned (M-8)")
end)

scenario("flags: B is no longer being presented in A.viewDidDisappear, which follows B.viewDidAppear", function()
  local B
  local A = Controller {
    "A",
    viewWillDisappear = function(self) note("in A.viewWillDisappear: B.isBeingPresented=" .. tostring(B.isBeingPresented)) end,
    viewDidDisappear = function(self) note("in A.viewDidDisappear: B.isBeingPresented=" .. tostring(B.isBeingPresented)) end,
  }
  shownRoot(A)
  B = fullScreen("B")
  A:present(B)
  settle()
  -- M-8: isBeingPresented holds until the presented viewDidAppear has returned.
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    note: in A.viewWillDisappear: B.isBeingPresented=true
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: in A.viewDidDisappear: B.isBeingPresented=false
  ]]
end)

scenario("layout: viewIsAppearing after B.viewWillAppear, before B.viewDidAppear (APP-05)", function()
  trace.include "layout"
  local A = shownRoot()
  local B = fullScreen("B")
  A:present(B)
  settle()
  -- Layout counts are not asserted (BEHAVIOR.md §0): `...` stands for any layout lines.
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    ...
    B.viewIsAppearing(true)
    ...
    B.viewWillLayoutSubviews()
    B.viewDidLayoutSubviews()
    ...
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    ...
  ]]
end)

scenario("the presenter's view stays during the animation and leaves when it ends (A-10)", function()
  local A, win = shownRoot()
  local B = fullScreen("B")
  A:present(B)
  expect.equal(B.view.window, nil, "B's view is not in the window before the commit (TIM-02)")
  advance(0)
  expect.equal(A.view.window, win, "A's view is in the window during the animation")
  expect.equal(B.view.window, win, "B's view is in the window as the transition begins")
  settle()
  expect.equal(A.view.window, nil, "A's view has left the window")
  expect.equal(B.view.window, win, "B's view")
end)

scenario("presenter: the child of a navigation controller, so the navigation controller presents", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  shownRoot(nav)
  local B = fullScreen("B")
  A:present(B, true, function() note("completion") end)
  expect.equal(B.presentingViewController, nav, "B.presentingViewController (A-8, PRE-06)")
  expect.equal(A.presentedViewController, B, "A.presentedViewController: its nearest ancestor's")
  expect.equal(nav.presentedViewController, B, "Nav.presentedViewController")
  expect.equal(nav.visibleViewController, B, "Nav.visibleViewController (NAV-14)")
  expect.equal(nav.topViewController, A, "Nav.topViewController: B is not pushed (A-8)")
  expect.equal(nav.viewControllers, { A }, "Nav.viewControllers")
  settle()
  -- M-2: parent first, for will and did.
  expect [[
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
    note: completion
  ]]
end)

scenario("presenter: a tab of a tab bar controller, so the tab bar controller presents", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  shownRoot(tabs)
  local B = fullScreen("B")
  T1:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    Tabs.viewWillDisappear(true)
    T1.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Tabs.viewDidDisappear(true)
    T1.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, tabs, "B.presentingViewController")
  expect.equal(T1.presentedViewController, B, "T1.presentedViewController")
  expect.equal(T2.isViewLoaded, false, "the unselected tab takes no part")
end)

scenario("presenter: tab bar -> navigation -> A", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  shownRoot(tabs)
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
  expect.equal(B.presentingViewController, tabs, "B.presentingViewController (A-8)")
end)

scenario("presenter: a presented controller presents another", function()
  local A = shownRoot()
  local B, C = fullScreen("B"), fullScreen("C")
  A:present(B)
  settle()
  trace.clear()
  B:present(C, true, function() note("completion") end)
  settle()
  -- A's view left the window when B was presented: it takes no part.
  expect [[
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(C.presentingViewController, B, "C.presentingViewController")
  expect.equal(B.presentedViewController, C, "B.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "disappeared", "B")
  expect.equal(C.appearance, "appeared", "C")
end)

scenario("presenter: the child of a presented navigation controller, so that navigation controller presents", function()
  local A = shownRoot()
  local X = Controller "X"
  local nav2 = NavigationController { "Nav2", X, modalPresentationStyle = "fullScreen" }
  A:present(nav2)
  settle()
  trace.clear()
  local C = fullScreen("C")
  X:present(C)
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
  expect.equal(C.presentingViewController, nav2, "C.presentingViewController")
  expect.equal(X.presentedViewController, C, "X.presentedViewController")
end)

scenario("presenting a navigation controller: its root appears after it (M-5)", function()
  local A = shownRoot()
  local X = Controller "X"
  local nav2 = NavigationController { "Nav2", X, modalPresentationStyle = "fullScreen" }
  trace.clear()
  A:present(nav2, true, function() note("completion") end)
  settle()
  expect [[
    Nav2.viewDidLoad()
    A.viewWillDisappear(true)
    Nav2.viewWillAppear(true)
    X.viewDidLoad()
    X.viewWillAppear(true)
    Nav2.viewDidAppear(true)
    X.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(nav2.presentingViewController, A, "Nav2.presentingViewController")
  expect.equal(X.presentingViewController, A, "X.presentingViewController: its farthest ancestor's (PRE-06)")
  expect.equal(A.presentedViewController, nav2, "A.presentedViewController")
end)

scenario("only the presented controller reports isBeingPresented, not its children (D-28)", function()
  local A = shownRoot()
  local X = Controller {
    "X",
    viewWillAppear = function(self) note("X.isBeingPresented=" .. tostring(self.isBeingPresented)) end,
  }
  local nav2 = NavigationController {
    "Nav2", X,
    modalPresentationStyle = "fullScreen",
    viewWillAppear = function(self) note("Nav2.isBeingPresented=" .. tostring(self.isBeingPresented)) end,
  }
  trace.clear()
  A:present(nav2)
  settle()
  expect [[
    Nav2.viewDidLoad()
    A.viewWillDisappear(true)
    Nav2.viewWillAppear(true)
    note: Nav2.isBeingPresented=true
    X.viewDidLoad()
    X.viewWillAppear(true)
    note: X.isBeingPresented=false
    Nav2.viewDidAppear(true)
    X.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
end)
