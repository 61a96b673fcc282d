-- PRE-12  Dismissing while a presentation or dismissal is in flight: ignored, with the warning.
-- Also: M-10 (ignored; the completion never runs), M-11 (names), M-4 (timing), PRE-13 / D-33
-- (a chain with a presentation in flight), §15.
--
-- Sources: [OBS] `Warning: Attempt to dismiss from view controller <UINavigationController:
-- 0x…> while a presentation or dismiss is in progress!` — the dismissal does not happen (code
-- comment: "this popover will fail to dismiss"). Example: `present(B); dismiss(…)`
-- back-to-back in the same turn. The text is the only one known and is used under every
-- profile, without UIKit's leading `Warning: ` (D-30); the controller named is the one the
-- dismissal goes to (the presenter), as the example names a navigation controller.
-- What the scenarios show: present then dismiss in the same turn (animated and not), from
-- the presented controller and from the presenter; the presentation ends normally, the
-- dismissal's completion never runs, and a dismissal after settling works; a dismissal
-- during a dismissal; dismissing a chain while its upper presentation is in flight.
-- DECISIONS (docs/DECISIONS.md): D-33 (dismissing while any presentation of the chain is in
-- flight records PRE-12's warning and does nothing), D-30 (text), D-28 (when each ends).

local function fullScreen(name)
  return Controller { name, modalPresentationStyle = "fullScreen" }
end

local function launchedA()
  local A = Controller "A"
  Window { root = A }
  settle()
  trace.clear()
  return A
end

scenario("present then dismiss in the same turn: the dismissal is ignored", function()
  local A = launchedA()
  local B = fullScreen("B")
  A:present(B, true, function() note("presented") end)
  B:dismiss(true, function() note("dismissed") end)
  expect [[
    warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!
  ]]
  expect.equal(B.isBeingDismissed, false, "B.isBeingDismissed")
  expect.equal(B.isBeingPresented, true, "B.isBeingPresented")
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: presented
  ]]
  expect.equal(A.presentedViewController, B, "B stays presented")
  expect.equal(B.appearance, "appeared", "B")
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
end)

scenario("non-animated, in the same turn: ignored too", function()
  local A = launchedA()
  local B = fullScreen("B")
  A:present(B, false)
  A:dismiss(false, function() note("dismissed") end)
  settle()
  expect [[
    -- TIM-02: the warning in the call, the transition after the commit
    warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    B.viewDidAppear(false)
    A.viewDidDisappear(false)
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
end)

scenario("during the present animation: ignored", function()
  local A = launchedA()
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B)
  advance(0.3)
  trace.clear()
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!
    B.viewDidAppear(true)
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
end)

scenario("from a child of the presenter: the presenter is named", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  local B = fullScreen("B")
  A:present(B)
  A:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    -- TIM-02: the warning in the call, the transition after the commit
    warning: Attempt to dismiss from view controller Nav while a presentation or dismiss is in progress!
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("a dismissal during a dismissal: the second is ignored, the first completes once", function()
  local A = launchedA()
  local B = fullScreen("B")
  A:present(B)
  settle()
  trace.clear()
  local start = now()
  B:dismiss(true, function() note("first") end)
  advance(0.2)
  A:dismiss(true, function() note("second") end)
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!
  ]]
  settle()
  expect [[
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: first
  ]]
  expect.equal(now() - start, 0.5, "one dismissal of 0.5 s")
end)

scenario("a chain whose upper presentation is in flight: dismissing from the bottom is ignored", function()
  local A = launchedA()
  local B, C = fullScreen("B"), fullScreen("C")
  A:present(B)
  settle()
  trace.clear()
  B:present(C)
  A:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    -- TIM-02: the warning in the call, the transition after the commit
    warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentedViewController, C, "B.presentedViewController")
end)
