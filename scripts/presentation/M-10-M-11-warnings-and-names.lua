-- M-10 / M-11  Presentations ignored in flight, and the wording of warnings and exceptions.
-- Also: PRE-08, PRE-09, PRE-10, PRE-12 (the four warnings), PRE-11 (exceptions), PRE-17 (an
-- ignored presentation never calls its completion), §15 (the texts), PRE-06 (the presenter
-- named is a container above the caller).
--
-- Sources: Part B M-10 (presenting or dismissing while a presentation or dismissal of the same
-- presenter is running is ignored with UIKit's warning; the completion never runs) and M-11
-- (UIKit's modern wording, names for <Class: 0x…>: `warning: Attempt to present C on Tabs
-- (from A) which is already presenting B.`; an exception raises a Lua error starting with its
-- name). Texts [OBS] §15: PRE-08 `Attempt to present <C> on <A> (from <A>) which is already
-- presenting <B>.` (O-wmf); PRE-09 `Warning: Attempt to present <X> on <Y> while a
-- presentation is in progress!` (O-klaas); PRE-10 `Attempt to present <X> on <Y> (from <Y>)
-- whose view is not in the window hierarchy.`; PRE-12 `Warning: Attempt to dismiss from view
-- controller <Y> while a presentation or dismiss is in progress!`; PRE-11 `Application tried to
-- present modally a view controller <X> that has a parent view controller <Y>.` (O-wmf).
-- Every scenario uses Tabs -> Nav -> A, so that the presenter (Tabs, PRE-06) and the caller (A)
-- differ and both names show. Default profile (iOS 17): the modern forms.
-- What the scenarios show: each warning's exact line with names; the ignored call's
-- completion never runs, before or after settling, while the call that was not ignored runs
-- its own completion exactly once; an exception's message with names.
-- DECISIONS (docs/DECISIONS.md): D-30 (texts, order of the checks, no completion; PRE-09's and
-- PRE-12's texts without UIKit's leading `Warning: `), D-33 (PRE-12's warning for a chain in
-- flight), D-29 (the presenter).

local function fullScreen(name)
  return Controller { name, modalPresentationStyle = "fullScreen" }
end

-- Tabs { Nav { A }, T2 } in a window made with `options`.
local function tabs(options)
  local A, T2 = Controller "A", Controller "T2"
  local nav = NavigationController { "Nav", A }
  local tabBar = TabBarController { "Tabs", nav, T2 }
  local spec = options or {}
  spec.root = tabBar
  local win = Window(spec)
  settle()
  trace.clear()
  return tabBar, nav, A, T2, win
end

local count
local function completion(label)
  return function()
    count[label] = (count[label] or 0) + 1 ---@diagnostic disable-line: assign-type-mismatch
    note(label)
  end
end

scenario("already presenting: on the presenter, from the caller, naming what it presents", function()
  count = {}
  local tabBar, nav, A = tabs()
  A:present(fullScreen("B"), true, completion("B presented"))
  settle()
  trace.clear()
  A:present(fullScreen("C"), true, completion("C presented"))
  expect [[
    warning: Attempt to present C on Tabs (from A) which is already presenting B.
  ]]
  settle()
  expect [[
  ]]
  expect.equal(count, { ["B presented"] = 1 }, "completions run")
end)

scenario("in progress: on the presenter, no caller", function()
  count = {}
  local tabBar, nav, A = tabs()
  A:present(fullScreen("B"), true, completion("B presented"))
  A:present(fullScreen("C"), true, completion("C presented"))
  settle()
  expect [[
    -- TIM-02: the warning in the call, the transition after the commit
    warning: Attempt to present C on Tabs while a presentation is in progress!
    B.viewDidLoad()
    Tabs.viewWillDisappear(true)
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Tabs.viewDidDisappear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
    note: B presented
  ]]
  expect.equal(count, { ["B presented"] = 1 }, "completions run")
end)

scenario("not in the window hierarchy: on the presenter, from the caller", function()
  count = {}
  local tabBar, nav, A = tabs { visible = false }
  A:present(fullScreen("B"), true, completion("B presented"))
  settle()
  expect [[
    warning: Attempt to present B on Tabs (from A) whose view is not in the window hierarchy.
  ]]
  expect.equal(count, {}, "no completion")
end)

scenario("dismiss in progress: names the presenter the dismissal goes to", function()
  count = {}
  local tabBar, nav, A = tabs()
  local B = fullScreen("B")
  A:present(B, true, completion("B presented"))
  A:dismiss(true, completion("dismissed by A"))
  B:dismiss(true, completion("dismissed by B"))
  expect [[
    warning: Attempt to dismiss from view controller Tabs while a presentation or dismiss is in progress!
    warning: Attempt to dismiss from view controller Tabs while a presentation or dismiss is in progress!
  ]]
  settle()
  trace.clear()
  B:dismiss(true, completion("dismissed"))
  B:dismiss(true, completion("dismissed again"))
  settle()
  expect [[
    -- TIM-02: the warning in the call, the transition after the commit
    warning: Attempt to dismiss from view controller Tabs while a presentation or dismiss is in progress!
    B.viewWillDisappear(true)
    Tabs.viewWillAppear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Tabs.viewDidAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(count, { ["B presented"] = 1, dismissed = 1 }, "completions run, once each")
end)

scenario("an exception names the controllers too", function()
  local tabBar, nav, A, T2 = tabs()
  expect.error(function() T2:present(A, true, completion("presented")) end,
    "NSInvalidArgumentException: Application tried to present modally a view controller A that has a parent view controller Nav.")
  expect.error(function() A:present(nil) end,
    "NSInvalidArgumentException: Application tried to present a nil modal view controller on target A.")
  settle()
  expect [[
  ]]
end)
