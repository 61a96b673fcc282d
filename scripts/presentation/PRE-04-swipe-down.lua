-- PRE-04  The user swipes a sheet down (iOS 13+): allowed, cancelled, refused.
-- Also: G-01 (the cancel edges), §18.15, §19.3 (a cancelled sheet swipe leaves B's
-- callbacks unpaired, as a cancelled swipe back does), SPEC §3.3 (only the delegate functions
-- a table defines are called and traced) and §3.4 (user.swipeDown), PRE-03 (sheets),
-- APP-05 (viewIsAppearing).
--
-- Sources: [DOC H17-PC]+[OBS] WWDC19 slide via Hirata/medium and hirothings/qiita
-- (ShouldDismiss -> WillDismiss -> DidDismiss; WillDismiss "before interaction or animations
-- begin"; DidDismiss "after all animations are finished"); DOC isModalInPresentation
-- ("prevents the interactive dismissal"); H17-PC (isModalInPresentation true or ShouldDismiss
-- returning false gives presentationControllerDidAttemptToDismiss only; ShouldDismiss "may
-- not necessarily be followed by" WillDismiss or DidDismiss; WillDismiss / DidDismiss are
-- not called for a programmatic dismissal); O-velog-rudin (swipe started then cancelled:
-- B.viewWillDisappear -> B.viewWillAppear -> B.viewIsAppearing -> B.viewDidAppear, no
-- viewDidDisappear).
-- Rule's trace (allowed): shouldDismiss -> willDismiss -> B.viewWillDisappear(true) -> ... ->
-- B.viewDidDisappear(true) -> didDismiss. The placement of B's callbacks between the delegate
-- calls is [INF].
-- What the scenarios show: an allowed swipe finished (trace, state during and after, the
-- timing of the rest of the 0.5 s); a swipe cancelled (B stays, its callbacks unpaired, the
-- timing); viewIsAppearing on a cancel; isModalInPresentation refusing (on the presented
-- controller, and on the root of a presented navigation controller); shouldDismiss returning
-- false or not returning true; delegates that implement only some methods, or none; a
-- programmatic dismissal calling none of the delegate methods; presenters that are the child
-- of a navigation controller, a tab of a tab bar controller, and a presented controller; what
-- cannot be swiped (a full-screen presentation, a sheet covered by another).
-- DECISIONS (docs/DECISIONS.md): D-34 (the swipe down: refusal, placement of B's callbacks,
-- finish and cancel, the gesture returned already cancelled when refused), D-22 (a gesture
-- ends the script's turn first; a gesture the screen cannot receive is a script error), D-28.

local function recordingDelegate(answer)
  return {
    shouldDismiss = function(pc) return answer end,
    willDismiss = function(pc) end,
    didDismiss = function(pc) end,
    didAttemptToDismiss = function(pc) end,
  }
end

-- A, the window's root, with B presented as a sheet (by `caller`, A when nil), settled.
local function sheetOver(A, B, caller)
  Window { root = A }
  settle()
  ;(caller or A):present(B)
  settle()
  trace.clear()
end

scenario("an allowed swipe, finished: the whole sequence", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(true)
  local g = user.swipeDown(B)
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
  ]]
  g:finish()
  settle()
  expect [[
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController")
  expect.equal(B.appearance, "disappeared", "B")
  expect.equal(A.appearance, "appeared", "A gets nothing")
  expect.equal(g.state, "finished", "the gesture")
end)

scenario("a delegate set before the presentation is the one asked", function()
  local A, B = Controller "A", Controller "B"
  B.presentationController.delegate = recordingDelegate(true)
  sheetOver(A, B)
  local g = user.swipeDown(B)
  g:finish()
  settle()
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
  ]]
end)

scenario("an allowed swipe: the state under the finger and in the delegate calls", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = {
    shouldDismiss = function(pc)
      note("shouldDismiss: B=" .. B.appearance)
      return true
    end,
    willDismiss = function(pc) note("willDismiss: B=" .. B.appearance) end,
    didDismiss = function(pc)
      note("didDismiss: B=" .. B.appearance .. " presented=" .. tostring(A.presentedViewController))
    end,
  }
  local t0 = now()
  local g = user.swipeDown(B)
  expect [[
    B.presentationController.delegate.shouldDismiss()
    note: shouldDismiss: B=appeared
    B.presentationController.delegate.willDismiss()
    note: willDismiss: B=appeared
    B.viewWillDisappear(true)
  ]]
  expect.equal(B.appearance, "disappearing", "B under the finger")
  expect.equal(B.isBeingDismissed, true, "B.isBeingDismissed under the finger")
  expect.equal(A.presentedViewController, B, "still linked under the finger")
  g:update(0.6)
  g:finish()
  -- The rest of the animation: (1 - 0.6) x 0.5 s.
  advance(0.19)
  expect [[
  ]]
  advance(0.01)
  expect [[
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
    note: didDismiss: B=disappeared presented=nil
  ]]
  expect.equal(math.floor((now() - t0) * 1000 + 0.5), 200, "0.2 s after the finger lifted")
  expect.equal(B.isBeingDismissed, false, "B.isBeingDismissed after")
end)

scenario("a swipe is a touch: it ends the script's turn first, so a non-animated presentation completes (D-22)", function()
  local A, B = Controller "A", Controller "B"
  Window { root = A }
  settle()
  trace.clear()
  B.presentationController.delegate = recordingDelegate(true)
  A:present(B, false)
  local g = user.swipeDown(B)
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(false)
    B.viewDidAppear(false)
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
  ]]
  g:finish()
  settle()
  expect [[
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
  ]]
end)

scenario("a swipe cancelled: B stays; viewWillAppear and viewDidAppear, no viewDidDisappear", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(true)
  local g = user.swipeDown(B)
  g:update(0.4)
  g:cancel()
  -- The animation runs back over 0.4 x 0.5 s.
  advance(0.19)
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
  ]]
  advance(0.01)
  expect [[
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  settle()
  expect [[
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(B.isBeingDismissed, false, "B.isBeingDismissed")
  expect.equal(A.appearance, "appeared", "A gets nothing")
  expect.equal(g.state, "cancelled", "the gesture")
end)

scenario("a swipe cancelled: viewIsAppearing comes again before viewDidAppear (O-velog-rudin)", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  trace.include "layout"
  local g = user.swipeDown(B)
  g:update(0.5)
  g:cancel()
  settle()
  expect [[
    ...
    B.viewWillDisappear(true)
    ...
    B.viewWillAppear(true)
    ...
    B.viewIsAppearing(true)
    ...
    B.viewDidAppear(true)
    ...
  ]]
end)

scenario("after a cancelled swipe the sheet can be swiped again and dismissed", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(true)
  local g = user.swipeDown(B)
  g:cancel()
  settle()
  trace.clear()
  g = user.swipeDown(B)
  g:finish()
  settle()
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
  ]]
  expect.equal(A.presentedViewController, nil, "dismissed")
end)

scenario("isModalInPresentation: refused, only didAttemptToDismiss", function()
  local A, B = Controller "A", Controller { "B", isModalInPresentation = true }
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(true)
  local g = user.swipeDown(B)
  settle()
  expect [[
    B.presentationController.delegate.didAttemptToDismiss()
  ]]
  expect.equal(g.state, "cancelled", "the gesture is over as it begins (D-34)")
  expect.equal(A.presentedViewController, B, "B stays")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(B.isBeingDismissed, false, "B.isBeingDismissed")
end)

scenario("isModalInPresentation turned on after the presentation, then off again", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(true)
  B.isModalInPresentation = true
  user.swipeDown(B)
  settle()
  expect [[
    B.presentationController.delegate.didAttemptToDismiss()
  ]]
  B.isModalInPresentation = false
  user.swipeDown(B):finish()
  settle()
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
  ]]
end)

scenario("isModalInPresentation on the root of a presented navigation controller: refused", function()
  local A = Controller "A"
  local X = Controller { "X", isModalInPresentation = true }
  local nav2 = NavigationController { "Nav2", X }
  sheetOver(A, nav2)
  nav2.presentationController.delegate = recordingDelegate(true)
  local g = user.swipeDown(X)
  settle()
  expect [[
    Nav2.presentationController.delegate.didAttemptToDismiss()
  ]]
  expect.equal(g.state, "cancelled", "the gesture")
  expect.equal(A.presentedViewController, nav2, "Nav2 stays")
end)

scenario("isModalInPresentation on a controller of the sheet that is not on screen does not refuse (D-34)", function()
  local A = Controller "A"
  local X = Controller { "X", isModalInPresentation = true }
  local Y = Controller "Y"
  local nav2 = NavigationController { "Nav2", X, Y }
  sheetOver(A, nav2)
  nav2.presentationController.delegate = recordingDelegate(true)
  user.swipeDown(Y):finish()
  settle()
  expect [[
    Nav2.presentationController.delegate.shouldDismiss()
    Nav2.presentationController.delegate.willDismiss()
    Nav2.viewWillDisappear(true)
    Y.viewWillDisappear(true)
    Nav2.viewDidDisappear(true)
    Y.viewDidDisappear(true)
    Nav2.presentationController.delegate.didDismiss()
  ]]
  expect.equal(A.presentedViewController, nil, "dismissed")
end)

scenario("shouldDismiss returns false: refused, didAttemptToDismiss follows", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(false)
  local g = user.swipeDown(B)
  settle()
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.didAttemptToDismiss()
  ]]
  expect.equal(g.state, "cancelled", "the gesture")
  expect.equal(A.presentedViewController, B, "B stays")
  expect.equal(B.appearance, "appeared", "B")
end)

scenario("shouldDismiss that returns nothing refuses too (SPEC §3.3: must return true)", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = {
    shouldDismiss = function(pc) end,
    didAttemptToDismiss = function(pc) end,
  }
  user.swipeDown(B)
  settle()
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.didAttemptToDismiss()
  ]]
  expect.equal(A.presentedViewController, B, "B stays")
end)

scenario("a delegate with only didDismiss, and no delegate at all", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = { didDismiss = function(pc) end }
  user.swipeDown(B):finish()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
  ]]
  local C = Controller "C"
  A:present(C)
  settle()
  trace.clear()
  user.swipeDown(C):finish()
  settle()
  expect [[
    C.viewWillDisappear(true)
    C.viewDidDisappear(true)
  ]]
  expect.equal(A.presentedViewController, nil, "dismissed")
end)

scenario("a refused swipe with no delegate: nothing at all", function()
  local A, B = Controller "A", Controller { "B", isModalInPresentation = true }
  sheetOver(A, B)
  user.swipeDown(B)
  settle()
  expect [[
  ]]
  expect.equal(A.presentedViewController, B, "B stays")
end)

scenario("a programmatic dismissal calls none of the delegate methods", function()
  local A, B = Controller "A", Controller "B"
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(true)
  B:dismiss(true, function() note("completion") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: completion
  ]]
  local C = Controller "C"
  C.presentationController.delegate = recordingDelegate(true)
  A:present(C)
  settle()
  trace.clear()
  A:dismiss(false)
  settle()
  expect [[
    C.viewWillDisappear(false)
    C.viewDidDisappear(false)
  ]]
end)

scenario("a programmatic dismissal of an isModalInPresentation sheet goes ahead, without didAttemptToDismiss", function()
  local A, B = Controller "A", Controller { "B", isModalInPresentation = true }
  sheetOver(A, B)
  B.presentationController.delegate = recordingDelegate(true)
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(A.presentedViewController, nil, "dismissed")
end)

scenario("presenter: the child of a navigation controller; Nav and A get nothing", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local B = Controller "B"
  sheetOver(nav, B, A)
  B.presentationController.delegate = recordingDelegate(true)
  user.swipeDown(B):finish()
  settle()
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    B.presentationController.delegate.didDismiss()
  ]]
  expect.equal(nav.presentedViewController, nil, "Nav.presentedViewController")
end)

scenario("presenter: a tab of a tab bar controller; Tabs and T1 get nothing", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  local B = Controller "B"
  sheetOver(tabs, B, T1)
  B.presentationController.delegate = recordingDelegate(true)
  local g = user.swipeDown(B)
  g:cancel()
  settle()
  expect [[
    B.presentationController.delegate.shouldDismiss()
    B.presentationController.delegate.willDismiss()
    B.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(tabs.presentedViewController, B, "B stays")
end)

scenario("presenter: a presented sheet; swiping the top sheet leaves the lower one", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  sheetOver(A, B)
  B:present(C)
  settle()
  trace.clear()
  B.presentationController.delegate = recordingDelegate(true)
  C.presentationController.delegate = recordingDelegate(true)
  user.swipeDown(C):finish()
  settle()
  expect [[
    C.presentationController.delegate.shouldDismiss()
    C.presentationController.delegate.willDismiss()
    C.viewWillDisappear(true)
    C.viewDidDisappear(true)
    C.presentationController.delegate.didDismiss()
  ]]
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(A.presentedViewController, B, "B stays")
end)

scenario("a swipe on the child of a sheet pulls the sheet that shows it", function()
  local A, X = Controller "A", Controller "X"
  local nav2 = NavigationController { "Nav2", X }
  sheetOver(A, nav2)
  nav2.presentationController.delegate = recordingDelegate(true)
  user.swipeDown(X):finish()
  settle()
  expect [[
    Nav2.presentationController.delegate.shouldDismiss()
    Nav2.presentationController.delegate.willDismiss()
    Nav2.viewWillDisappear(true)
    X.viewWillDisappear(true)
    Nav2.viewDidDisappear(true)
    X.viewDidDisappear(true)
    Nav2.presentationController.delegate.didDismiss()
  ]]
  expect.equal(A.presentedViewController, nil, "dismissed")
end)

scenario("what cannot be swiped: a full-screen presentation, a sheet covered by another (D-34)", function()
  local A = Controller "A"
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  sheetOver(A, B)
  expect.error(function() user.swipeDown(B) end, "sheet")
  local C, D = Controller "C", Controller "D"
  B:present(C)
  settle()
  C:present(D)
  settle()
  trace.clear()
  expect.error(function() user.swipeDown(C) end, "D")
  expect [[
  ]]
  expect.equal(C.presentedViewController, D, "nothing changed")
end)
