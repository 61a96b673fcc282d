-- PRE-02  dismiss(animated: true) of a controller presented with .fullScreen.
-- Also: M-8 (dismissal mirrors presentation), M-4 (0.5 s), A-9 (dismiss on the presented
-- controller is forwarded to its presenter), APP-03 and G-05 (isBeingDismissed), LOAD-09 (no
-- reload when the presenter comes back), PRE-06 (a child of a presented container dismisses
-- the container), table 8.1 (fullScreen: the presenter gets its appear callbacks), TIM-02
-- (the dismissal begins after the turn's commit), TIM-07 (the links are cleared before the
-- did-callbacks), TIM-10 (the order at its end).
--
-- Sources: [DOC]+[OBS] DOC dismiss (completion "called after the viewDidDisappear(_:) method
-- is called on the presented view controller"; "If you call this method on the presented
-- view controller itself, UIKit asks the presenting view controller to handle the
-- dismissal"); O-juejin (fullScreen dismiss = B viewWillDisappear, A viewWillAppear, A
-- viewDidAppear, B viewDidDisappear, B deinit); michaellong (A does not get viewDidLoad
-- again); H17 (isBeingDismissed).
-- Rule's trace: B.viewWillDisappear(true) -> A.viewWillAppear(true) -> animation ->
-- A.viewDidAppear(true) -> B.viewDidDisappear(true) -> completion. The appearing
-- controller's did-callback comes first, mirroring PRE-01. After: A.presentedViewController
-- == nil, B.presentingViewController == nil (cleared before the did-callbacks, TIM-07).
-- What the scenarios show: that trace, from B and from A; the state when dismiss returns and
-- during the animation; the 0.5 s; the non-animated form; the flags read in the overrides;
-- no reload; the presenter's view back in the window; presenters that are the child of a
-- navigation controller, a tab of a tab bar controller, and a presented controller; a
-- presented navigation controller dismissed from its child.
-- DECISIONS (docs/DECISIONS.md): D-28 (dismissal brackets, begun after the commit; the
-- links hold until the transition finishes, isBeingDismissed until B.viewDidDisappear), D-29 (who presents), D-33 (dismiss goes to the controller that
-- presents, itself or through its nearest ancestor, else to the presenter of its tree).

local function fullScreen(name)
  return Controller { name, modalPresentationStyle = "fullScreen" }
end

-- `root` in a window with `presented` presented over it by `caller` (root when nil), settled.
local function presentedOver(root, presented, caller)
  local win = Window { root = root }
  settle()
  ;(caller or root):present(presented)
  settle()
  trace.clear()
  return win
end

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

scenario("B:dismiss() is forwarded to A: the whole sequence, in order", function()
  trace.include "loading"
  local A, B = Controller "A", fullScreen("B")
  presentedOver(A, B)
  local t0 = now()
  B:dismiss(true, function() note("completion") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController")
  expect.equal(B.isBeingDismissed, false, "B.isBeingDismissed after the transition")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(B.appearance, "disappeared", "B")
  expect.equal(now() - t0, 0.5, "the animation lasts 0.5 s")
end)

scenario("A:dismiss() gives the same trace", function()
  local A, B = Controller "A", fullScreen("B")
  presentedOver(A, B)
  A:dismiss(true, function() note("completion") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
end)

scenario("animated is the default", function()
  local A, B = Controller "A", fullScreen("B")
  presentedOver(A, B)
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("state right after dismiss returns, and the timing (TIM-02)", function()
  local A, B = Controller "A", fullScreen("B")
  presentedOver(A, B)
  local t0 = now()
  B:dismiss(true, function() note("completion") end)
  -- TIM-02: a dismissal, like a presentation, begins after the turn's commit.
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(B.isBeingDismissed, true, "B.isBeingDismissed at once")
  expect.equal(A.isBeingDismissed, false, "A is not being dismissed")
  expect.equal(A.presentedViewController, B, "the links hold during the dismissal")
  expect.equal(B.presentingViewController, A, "B.presentingViewController during the dismissal")
  expect.equal(B.appearance, "appeared", "B until the commit")
  expect.equal(A.appearance, "disappeared", "A until the commit")
  advance(0)
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
  ]]
  expect.equal(B.appearance, "disappearing", "B during the animation")
  expect.equal(A.appearance, "appearing", "A during the animation")
  advance(0.49)
  expect [[
  ]]
  advance(0.01)
  expect [[
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(now() - t0, 0.5, "0.5 s after dismiss")
  expect.equal(A.presentedViewController, nil, "cleared at the end")
end)

scenario("not animated: nothing in the call, the whole dismissal in the turn's commit", function()
  local A, B = Controller "A", fullScreen("B")
  presentedOver(A, B)
  local t0 = now()
  B:dismiss(false, function() note("completion") end)
  note("dismiss returned")
  expect [[
    note: dismiss returned
  ]]
  advance(0)
  expect [[
    B.viewWillDisappear(false)
    A.viewWillAppear(false)
    A.viewDidAppear(false)
    B.viewDidDisappear(false)
    note: completion
  ]]
  expect.equal(now() - t0, 0, "a non-animated dismissal takes no virtual time")
end)

-- TIM-07 [OBS O-winobjc2114, iOS 10; RE18 `_didFinishDismissTransition` before the
-- appearance block]: the links are cleared when the transition finishes, before the
-- did-callbacks. The dismissed controller reads presentingViewController nil in its
-- viewDidDisappear while isBeingDismissed is still true; the presenter reads
-- presentedViewController nil in its viewDidAppear (WinObjC's reading, chosen over
-- O-pocketcasts' special path: DECISIONS D-28).
scenario("the links are cleared before the did-callbacks (TIM-07)", function()
  local B
  local A = Controller {
    "A",
    viewWillAppear = function(self)
      if B then note("A.viewWillAppear: presented=" .. tostring(self.presentedViewController)) end
    end,
    viewDidAppear = function(self)
      if B then note("A.viewDidAppear: presented=" .. tostring(self.presentedViewController)) end
    end,
  }
  local b = Controller {
    "B", modalPresentationStyle = "fullScreen",
    viewWillDisappear = function(self)
      note("B.viewWillDisappear: presenting=" .. tostring(self.presentingViewController))
    end,
    viewDidDisappear = function(self)
      note("B.viewDidDisappear: presenting=" .. tostring(self.presentingViewController)
        .. " beingDismissed=" .. tostring(self.isBeingDismissed))
    end,
  }
  presentedOver(A, b)
  B = b
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    note: B.viewWillDisappear: presenting=Controller A
    A.viewWillAppear(true)
    note: A.viewWillAppear: presented=Controller B
    A.viewDidAppear(true)
    note: A.viewDidAppear: presented=nil
    B.viewDidDisappear(true)
    note: B.viewDidDisappear: presenting=nil beingDismissed=true
  ]]
end)

scenario("flags: B is being dismissed in viewWillDisappear and viewDidDisappear", function()
  local A, B = flagReporter("A"), flagReporter("B", "fullScreen")
  presentedOver(A, B)
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    note: B.viewWillDisappear: beingPresented=false beingDismissed=true
    A.viewWillAppear(true)
    note: A.viewWillAppear: beingPresented=false beingDismissed=false
    A.viewDidAppear(true)
    note: A.viewDidAppear: beingPresented=false beingDismissed=false
    B.viewDidDisappear(true)
    note: B.viewDidDisappear: beingPresented=false beingDismissed=true
  ]]
  expect.equal(B.isBeingDismissed, false, "after B.viewDidDisappear has returned (D-28)")
end)

scenario("flags: B is still being dismissed in A.viewDidAppear, which comes before B.viewDidDisappear", function()
  local B
  local A = Controller {
    "A",
    viewWillAppear = function(self)
      if B then note("in A.viewWillAppear: B.isBeingDismissed=" .. tostring(B.isBeingDismissed)) end
    end,
    viewDidAppear = function(self)
      if B then note("in A.viewDidAppear: B.isBeingDismissed=" .. tostring(B.isBeingDismissed)) end
    end,
  }
  local b = fullScreen("B")
  presentedOver(A, b)
  B = b
  B:dismiss()
  settle()
  -- M-8: isBeingDismissed holds until B's viewDidDisappear has returned (D-28).
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    note: in A.viewWillAppear: B.isBeingDismissed=true
    A.viewDidAppear(true)
    note: in A.viewDidAppear: B.isBeingDismissed=true
    B.viewDidDisappear(true)
  ]]
end)

scenario("no reload: A's view comes back without loadView or viewDidLoad (LOAD-09)", function()
  trace.include "loading"
  local A, B = Controller "A", fullScreen("B")
  local win = presentedOver(A, B)
  expect.equal(A.viewIfLoaded.window, nil, "A's view is out of the window while B covers it")
  B:dismiss()
  expect.equal(A.viewIfLoaded.window, nil, "A's view is still out before the commit (TIM-02)")
  advance(0)
  expect.equal(A.viewIfLoaded.window, win, "A's view is back in the window as the dismissal begins")
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("after the dismissal B's view is out of the window", function()
  local A, B = Controller "A", fullScreen("B")
  local win = presentedOver(A, B)
  expect.equal(B.viewIfLoaded.window, win, "B's view is in the window while presented")
  B:dismiss()
  settle()
  expect.equal(B.viewIfLoaded.window, nil, "B's view has left the window")
  expect.equal(B.viewIfLoaded.superview, nil, "B's view has no superview")
  expect.equal(A.viewIfLoaded.window, win, "A's view is in the window")
end)

scenario("presenter: the child of a navigation controller; A:dismiss() goes to its ancestor", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local B = fullScreen("B")
  presentedOver(nav, B, A)
  A:dismiss(true, function() note("completion") end)
  settle()
  -- M-2: parent first, for will and did.
  expect [[
    B.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(nav.presentedViewController, nil, "Nav.presentedViewController")
  expect.equal(nav.visibleViewController, A, "Nav.visibleViewController")
end)

scenario("presenter: the child of a navigation controller with a delegate; the delegate hears nothing", function()
  local A = Controller "A"
  local nav = NavigationController {
    "Nav", A,
    delegate = { willShow = function() end, didShow = function() end },
  }
  local B = fullScreen("B")
  presentedOver(nav, B, A)
  B:dismiss()
  settle()
  -- D-17: a navigation controller that reappears showing the same top calls its delegate not at all.
  expect [[
    B.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("presenter: a tab of a tab bar controller; B:dismiss()", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  local B = fullScreen("B")
  presentedOver(tabs, B, T1)
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    Tabs.viewWillAppear(true)
    T1.viewWillAppear(true)
    Tabs.viewDidAppear(true)
    T1.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(tabs.presentedViewController, nil, "Tabs.presentedViewController")
  expect.equal(T2.isViewLoaded, false, "the unselected tab takes no part")
end)

scenario("presenter: a presented controller; C:dismiss() removes C and keeps B", function()
  local A, B, C = Controller "A", fullScreen("B"), fullScreen("C")
  presentedOver(A, B)
  B:present(C)
  settle()
  trace.clear()
  C:dismiss(true, function() note("completion") end)
  settle()
  expect [[
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(B.presentingViewController, A, "B stays presented by A")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(A.appearance, "disappeared", "A stays covered")
end)

scenario("a child of a presented navigation controller dismisses the whole navigation controller", function()
  local A, X = Controller "A", Controller "X"
  local nav2 = NavigationController { "Nav2", X, modalPresentationStyle = "fullScreen" }
  presentedOver(A, nav2)
  X:dismiss(true, function() note("completion") end)
  settle()
  expect [[
    Nav2.viewWillDisappear(true)
    X.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    Nav2.viewDidDisappear(true)
    X.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(nav2.presentingViewController, nil, "Nav2.presentingViewController")
  expect.equal(X.presentingViewController, nil, "X.presentingViewController")
  expect.equal(nav2.viewControllers, { X }, "the dismissed navigation controller keeps its stack")
end)

scenario("presented again after a dismissal: the same sequence, no reload", function()
  trace.include "loading"
  local A, B = Controller "A", fullScreen("B")
  presentedOver(A, B)
  B:dismiss()
  settle()
  trace.clear()
  A:present(B)
  settle()
  expect [[
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
end)
