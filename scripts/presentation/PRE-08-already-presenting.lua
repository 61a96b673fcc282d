-- PRE-08  Presenting while already presenting: ignored, with UIKit's warning.
-- Also: M-10 / M-11 (the warning's wording with names), PRE-17 (an ignored presentation never
-- calls its completion), §15 (warning, not exception), PRE-06 (the presenter the warning names).
--
-- Sources: [OBS] A.present(C) while A.presentedViewController === B: nothing presented; console
-- warning; completion not called. Modern text: `Attempt to present <C: 0x…> on <A: 0x…> (from
-- <A: 0x…>) which is already presenting <B: 0x…>.` (format string quoted in O-wmf; M-11's
-- example `Attempt to present C on Tabs (from A) which is already presenting B.`). VCPG-old:
-- "Any view controller object can present a single view controller at a time"; chain instead
-- (A -> B -> C, each presents one).
-- The default profile (iOS 17) gives the modern "(from caller)" form; the older form belongs
-- to `--ios 12` (D-30) and is not checked here.
-- What the scenarios show: the warning, with the presenter and the caller named (the caller
-- itself, a child of a navigation controller, a child of a tab's navigation controller); the
-- same with a sheet, whose presenter stays on screen; nothing changes and the completion
-- never runs; the presented controller presents instead (a chain); once dismissed, the
-- presenter can present again.
-- DECISIONS (docs/DECISIONS.md): D-30 (warnings after exceptions; a warning changes nothing and
-- never calls the completion; modern text from iOS 13), D-29 (the presenter named).

local function launched(root)
  Window { root = root }
  settle()
  trace.clear()
end

local function fullScreen(name)
  return Controller { name, modalPresentationStyle = "fullScreen" }
end

scenario("A presents C while presenting B: ignored, no completion", function()
  local A = Controller "A"
  launched(A)
  local B = fullScreen("B")
  A:present(B)
  settle()
  trace.clear()
  local C = fullScreen("C")
  A:present(C, true, function() note("C presented") end)
  expect [[
    warning: Attempt to present C on A (from A) which is already presenting B.
  ]]
  settle()
  expect [[
  ]]
  expect.equal(A.presentedViewController, B, "A still presents B")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(C.presentingViewController, nil, "C.presentingViewController")
  expect.equal(C.isBeingPresented, false, "C.isBeingPresented")
  expect.equal(C.isViewLoaded, false, "C never loads")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(A.appearance, "disappeared", "A")
end)

scenario("a sheet: the presenter is still on screen and still presenting", function()
  local A = Controller "A"
  launched(A)
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B)
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "pageSheet" }
  A:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    warning: Attempt to present C on A (from A) which is already presenting B.
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(C.isViewLoaded, false, "C never loads")
end)

scenario("from a child of a navigation controller: the nav presents, A is the caller", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  launched(nav)
  local B = fullScreen("B")
  A:present(B)
  settle()
  trace.clear()
  local C = fullScreen("C")
  A:present(C, true, function() note("C presented") end)
  nav:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    warning: Attempt to present C on Nav (from A) which is already presenting B.
    warning: Attempt to present C on Nav (from Nav) which is already presenting B.
  ]]
  expect.equal(nav.presentedViewController, B, "Nav.presentedViewController")
end)

scenario("from a child of a tab's navigation controller: the tab bar controller is named (M-11)", function()
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabs = TabBarController { "Tabs", nav, T2 }
  launched(tabs)
  local B = fullScreen("B")
  A:present(B)
  settle()
  trace.clear()
  A:present(fullScreen("C"), true, function() note("C presented") end)
  settle()
  expect [[
    warning: Attempt to present C on Tabs (from A) which is already presenting B.
  ]]
  expect.equal(tabs.presentedViewController, B, "Tabs.presentedViewController")
end)

scenario("the presented controller presents instead: a chain (VCPG-old)", function()
  local A = Controller "A"
  launched(A)
  local B = fullScreen("B")
  A:present(B)
  settle()
  trace.clear()
  local C = fullScreen("C")
  B:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: C presented
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.presentedViewController, C, "B.presentedViewController")
  expect.equal(C.presentingViewController, B, "C.presentingViewController")
end)

scenario("once B is dismissed, A can present again", function()
  local A = Controller "A"
  launched(A)
  local B = fullScreen("B")
  A:present(B)
  settle()
  B:dismiss()
  settle()
  trace.clear()
  local C = fullScreen("C")
  A:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    C.viewDidLoad()
    A.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: C presented
  ]]
  expect.equal(A.presentedViewController, C, "A.presentedViewController")
end)
