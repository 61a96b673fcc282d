-- M-13, M-6, TIM-03, M-8  What a script does from inside a transition's own callbacks, and
-- what the transition does with operations issued while it runs.
-- Also: M-2 (parent first), M-5 (a container installs its top when it appears), D-19
-- (operations during a transition wait, in order), G-01.
--
-- Sources: BEHAVIOR.md Part B M-13 ("a transition still running when its container starts
-- to disappear or its window hides ends at once, so no child stays appeared inside a
-- container that is not"); TIM-03 [RE13]: an operation issued while a transition runs is
-- queued into its coordinator's completion, after its did-callbacks, and one issued during a
-- presentation waits for it; M-8 / D-28 (isBeingDismissed through viewDidDisappear). No
-- source logs these interleavings: each scenario keeps the hierarchy consistent by the
-- rules, and each was a defect found in review of the one transition step.
-- DECISIONS (docs/DECISIONS.md): D-19, D-56 (an end asked while a transition opens, a
-- controller left stranded by its own callbacks), D-61 (no run loop inside a callback).

scenario("a modal's viewDidAppear resets the stack of the navigation controller that presents it", function()
  local A, C = Controller "A", Controller "C"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  local B = Controller { "B", modalPresentationStyle = "fullScreen",
    viewDidAppear = function() nav:setViewControllers({ C }, false) end }
  A:present(B)
  settle()
  -- The presentation is not Nav's own transition: the change applies at once (off screen,
  -- containment only, D-23).
  expect.equal(nav.viewControllers, { C }, "the stack")
  trace.clear()
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    C.viewDidLoad()
    C.viewWillAppear(true)
    Nav.viewDidAppear(true)
    C.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(C.appearance, "appeared", "C")
end)

scenario("a stack changed while covered by a presentation shows when the presentation goes (M-5)", function()
  local A, C = Controller "A", Controller "C"
  local nav = NavigationController { "Nav", A, delegate = { willShow = function() end, didShow = function() end } }
  Window { root = nav }
  settle()
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B)
  settle()
  nav:pushViewController(C, false)
  settle()
  trace.clear()
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    C.viewDidLoad()
    C.viewWillAppear(true)
    Nav.delegate.willShow(C, animated: true)
    Nav.viewDidAppear(true)
    C.viewDidAppear(true)
    Nav.delegate.didShow(C, animated: true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("a push asked in the commit before an over-full-screen presentation begins", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  Window { root = Controller { "X", viewDidAppear = function() nav:pushViewController(B) end }, name = "Other" }
  A:present(Controller { "S", modalPresentationStyle = "overFullScreen" })
  settle()
  expect.equal(nav.viewControllers, { A, B }, "the stack")
  expect.equal(B.appearance, "appeared", "B, pushed under the over-full-screen presentation")
  nav.presentedViewController:dismiss()
  settle()
  local swipe = user.swipeBack(nav)      -- not stuck in a transition
  swipe:finish()
  settle()
  expect.equal(nav.viewControllers, { A }, "popped by the swipe")
end)

scenario("the window hides in the pushed controller's viewWillAppear", function()
  local A, win = Controller "A", nil
  local B = Controller { "B", viewWillAppear = function() win.isHidden = true end } ---@diagnostic disable-line: assign-type-mismatch
  local nav = NavigationController { "Nav", A }
  win = Window { root = nav }
  settle()
  trace.clear()
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.viewWillDisappear(false)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    B.viewWillDisappear(false)
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
  ]]
  expect.equal(B.appearance, "disappeared", "B in a hidden window")
  win:makeKeyAndVisible()
  settle()
  expect [[
    Nav.viewWillAppear(false)
    B.viewWillAppear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(B.view.superview, nav.view, "B's view is in Nav's")
end)

scenario("the window hides during a presentation whose presenter's view has left", function()
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B)
  advance(0.1)
  win.rootViewController = Controller "Other"
  advance(0.1)
  win.isHidden = true
  settle()
  expect.equal(B.appearance, "disappeared", "B, in a hidden window")
end)

scenario("a dismissal asked from the presented viewDidAppear: B is being dismissed in both its callbacks", function()
  local A = Controller "A"
  Window { root = A }
  settle()
  local once = true
  local B = Controller { "B", modalPresentationStyle = "fullScreen",
    viewDidAppear = function(self) if once then once = false; self:dismiss(true) end end,
    viewWillDisappear = function(self) note("beingDismissed=" .. tostring(self.isBeingDismissed)) end,
    viewDidDisappear = function(self) note("beingDismissed=" .. tostring(self.isBeingDismissed)) end }
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewDidAppear(false)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: presented
    B.viewWillDisappear(true)
    note: beingDismissed=true
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: beingDismissed=true
  ]]
end)

scenario("operations asked in didShow wait behind those asked during the transition (D-19)", function()
  local A, B, C, D = Controller "A", Controller "B", Controller "C", Controller "D"
  local once, nav = true, nil
  nav = NavigationController { "Nav", A, delegate = { didShow = function(_, vc)
    if vc == B and once then once = false; nav:pushViewController(D) end end } } ---@diagnostic disable-line: call-non-callable
  Window { root = nav }
  settle()
  nav:pushViewController(B)
  advance(0.1)
  nav:pushViewController(C)
  settle()
  expect.equal(nav.viewControllers, { A, B, C, D }, "in the order asked")
end)

scenario("a push in the turn the navigation controller first appears waits for that appearance", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, delegate = { willShow = function() end, didShow = function() end } }
  Window { root = nav }
  nav:pushViewController(B)
  settle()
  expect [[
    A.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    B.willMove(toParent: Nav)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    Nav.delegate.didShow(A, animated: false)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
end)

scenario("a push during the navigation controller's own presentation waits for it (TIM-03, M-2)", function()
  local R = Controller "R"
  Window { root = R }
  settle()
  local A, X = Controller "A", Controller "X"
  local nav = NavigationController { "Nav", A, modalPresentationStyle = "fullScreen" }
  R:present(nav)
  advance(0.1)
  trace.clear()
  nav:pushViewController(X)
  settle()
  expect [[
    X.willMove(toParent: Nav)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    R.viewDidDisappear(true)
    X.viewDidLoad()
    A.viewWillDisappear(true)
    X.viewWillAppear(true)
    A.viewDidDisappear(true)
    X.viewDidAppear(true)
    X.didMove(toParent: Nav)
  ]]
end)

scenario("a tab selected from the incoming tab's viewWillAppear is the one shown", function()
  local T1, tabs = Controller "T1", nil
  local T2 = Controller { "T2", viewWillAppear = function() tabs.selectedIndex = 1 end } ---@diagnostic disable-line: assign-type-mismatch
  tabs = TabBarController { "Tabs", T1, T2 }
  Window { root = tabs }
  settle()
  trace.clear()
  tabs.selectedIndex = 2
  settle()
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewWillAppear(false)
    T2.viewWillDisappear(false)
    T2.viewDidDisappear(false)
    T1.viewDidAppear(false)
  ]]
  expect.equal(tabs.selectedIndex, 1, "selectedIndex")
  expect.equal(T1.appearance, "appeared", "T1")
  expect.equal(T2.appearance, "disappeared", "T2")
end)

scenario("the run loop cannot run inside a callback (D-61)", function()
  local A = Controller { "A", viewDidAppear = function() settle() end }
  Window { root = A }
  expect.error(settle, "settle() cannot run inside a callback from UIKit")
  async(function() advance(1) end)
  expect.error(settle, "advance() cannot run inside a callback from UIKit")
end)

scenario("a push asked while a transition's end waits for its opening waits behind it (D-19)", function()
  local win, nav, armed
  local A, C = Controller "A", Controller "C"
  local B = Controller { "B", viewWillAppear = function()
    if armed then armed = false; win.isHidden = true; nav:pushViewController(C) end end } ---@diagnostic disable-line: assign-type-mismatch, call-non-callable
  nav = NavigationController { "Nav", A, delegate = { didShow = function() end } }
  win = Window { root = nav }
  settle()
  armed = true
  trace.clear()
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.viewWillDisappear(false)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    C.willMove(toParent: Nav)
    C.didMove(toParent: Nav)
    B.viewWillDisappear(false)
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "the stack")
end)

scenario("a dismissal asked while a swipe down is cancelled runs with its completion", function()
  local A = Controller "A"
  Window { root = A }
  settle()
  local armed
  local S = Controller { "S",
    viewDidAppear = function() if armed then armed = false; A:dismiss(false, function() note("dismissed") end) end end,
    viewWillDisappear = function(self) note("isBeingDismissed=" .. tostring(self.isBeingDismissed)) end }
  A:present(S)
  settle()
  local swipe = user.swipeDown(S)
  armed = true
  trace.clear()
  swipe:cancel()
  settle()
  expect [[
    S.viewWillAppear(true)
    S.viewDidAppear(true)
    S.viewWillDisappear(false)
    note: isBeingDismissed=true
    S.viewDidDisappear(false)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, nil, "S is dismissed")
end)

scenario("a swipe back whose opening callbacks hide the window is cancelled (D-21)", function()
  local win, armed
  local A = Controller { "A", viewWillAppear = function() if armed then armed = false; win.isHidden = true end end } ---@diagnostic disable-line: assign-type-mismatch
  local B = Controller "B"
  local nav = NavigationController { "Nav", A, B }
  win = Window { root = nav }
  settle()
  armed = true
  trace.clear()
  local swipe = user.swipeBack(nav)
  expect.equal(swipe.state, "cancelled", "the swipe")
  expect.equal(nav.viewControllers, { A, B }, "the stack as it was")
  settle()
  expect [[
    B.willMove(toParent: nil)
    A.viewDidLoad()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.viewWillDisappear(false)
    A.viewWillDisappear(true)
    A.viewDidDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    B.viewWillDisappear(false)
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
  ]]
end)

scenario("tabs that keep selecting one another from their will-callbacks: a clear error", function()
  local tabs
  local T1 = Controller { "T1", viewWillAppear = function() if tabs then tabs.selectedIndex = 3 end end }
  local T2 = Controller { "T2", viewWillAppear = function() if tabs then tabs.selectedIndex = 2 end end }
  local t = TabBarController { "Tabs", Controller "T3", T1, T2 }
  Window { root = t }
  settle()
  tabs = t
  expect.error(function() tabs.selectedIndex = 2 end, "the tabs' will-callbacks keep selecting one another")
end)

scenario("a swipe back while the navigation controller is still being presented is refused (M-2, D-22)", function()
  local R = Controller "R"
  Window { root = R }
  settle()
  local nav = NavigationController { "Nav", Controller "A", Controller "B", modalPresentationStyle = "fullScreen" }
  R:present(nav)
  advance(0.1)
  expect.error(function() user.swipeBack(nav) end, "Nav is in a transition and ignores the swipe until it ends")
end)
