-- PRE-09  Presenting while a presentation is in progress: ignored, with UIKit's warning.
-- Also: M-10 (in flight: ignored, the completion never runs), M-11 (names for <Class: 0x…>),
-- M-4 (0.5 s animated; a non-animated presentation ends at the end of its turn), PRE-17, §15.
--
-- Sources: [OBS] O-klaas: `Warning: Attempt to present <X: 0x…> on <Y: 0x…> while a
-- presentation is in progress!`; the presentation is ignored. O-klaas also: the checks are per
-- window (presenting in a fresh window avoids them). This text is the only one known; the
-- engine uses it under every profile, without UIKit's leading `Warning: ` (the trace adds
-- `warning: `), D-30.
-- What the scenarios show: a second present in the same turn, and during the animation, is
-- refused with the warning and its completion never runs, while the first presentation ends
-- normally with its own completion; a non-animated presentation is in progress until the end
-- of its turn; from a child the presenter is named; once the presented controller has
-- appeared (its viewDidAppear) it can present in turn; another window's root is not held up.
-- DECISIONS (docs/DECISIONS.md): D-30 (order of the checks: in flight first; the text; no
-- completion), D-28 (when a presentation ends), D-29 (the presenter named).

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

scenario("a second present in the same turn is ignored", function()
  local A = launchedA()
  local B, C = fullScreen("B"), fullScreen("C")
  A:present(B, true, function() note("B presented") end)
  A:present(C, true, function() note("C presented") end)
  expect [[
    warning: Attempt to present C on A while a presentation is in progress!
  ]]
  expect.equal(C.presentingViewController, nil, "C.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: B presented
  ]]
  expect.equal(C.isViewLoaded, false, "C never loads")
  expect.equal(C.isBeingPresented, false, "C.isBeingPresented")
end)

scenario("during the animation: ignored", function()
  local A = launchedA()
  local B, C = fullScreen("B"), fullScreen("C")
  A:present(B, true, function() note("B presented") end)
  advance(0.25)
  trace.clear()
  A:present(C, true, function() note("C presented") end)
  expect [[
    warning: Attempt to present C on A while a presentation is in progress!
  ]]
  advance(0.25)
  expect [[
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: B presented
  ]]
  settle()
  expect [[
  ]]
end)

scenario("a non-animated presentation is in progress until the end of its turn", function()
  local A = launchedA()
  local B, C = fullScreen("B"), fullScreen("C")
  A:present(B, false, function() note("B presented") end)
  A:present(C, false, function() note("C presented") end)
  expect [[
    warning: Attempt to present C on A while a presentation is in progress!
  ]]
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    B.viewDidAppear(false)
    A.viewDidDisappear(false)
    note: B presented
  ]]
  expect.equal(now(), 0, "no time passes")
end)

scenario("a sheet in flight: ignored the same way", function()
  local A = launchedA()
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  local C = Controller { "C", modalPresentationStyle = "pageSheet" }
  A:present(B, true, function() note("B presented") end)
  A:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    -- TIM-02: the warning in the call, the transition after the commit
    warning: Attempt to present C on A while a presentation is in progress!
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    note: B presented
  ]]
end)

scenario("from a child: the presenter is named", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  local B, C = fullScreen("B"), fullScreen("C")
  A:present(B)
  A:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    -- TIM-02: the warning in the call, the transition after the commit
    warning: Attempt to present C on Nav while a presentation is in progress!
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(nav.presentedViewController, B, "Nav.presentedViewController")
end)

scenario("from the presented controller's viewDidAppear the presentation is over: it presents", function()
  -- [INF] D-28: the presented controller's viewDidAppear comes when its presentation ends;
  -- what remains (the presenter's viewDidDisappear, the completion) follows the override.
  local A = launchedA()
  local C = Controller { "C", modalPresentationStyle = "pageSheet" }
  local B = Controller {
    "B",
    modalPresentationStyle = "fullScreen",
    viewDidAppear = function(self)
      self:present(C, true, function() note("C presented") end)
    end,
  }
  A:present(B, true, function() note("B presented") end)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: B presented
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    note: C presented
  ]]
  expect.equal(C.presentingViewController, B, "C.presentingViewController")
  expect.equal(now(), 1.0, "two presentations of 0.5 s")
end)

scenario("per window: another window's root presents in the same turn (O-klaas)", function()
  local A = launchedA()
  local R = Controller "R"
  Window { root = R }
  settle()
  trace.clear()
  local B, C = fullScreen("B"), fullScreen("C")
  A:present(B)
  R:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    C.viewDidLoad()
    R.viewWillDisappear(true)
    C.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    C.viewDidAppear(true)
    R.viewDidDisappear(true)
    note: C presented
  ]]
  expect.equal(R.presentedViewController, C, "R.presentedViewController")
end)
