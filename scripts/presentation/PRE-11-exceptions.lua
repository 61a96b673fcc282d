-- PRE-11  Invalid presentations that throw NSInvalidArgumentException.
-- Also: §15 (exception, not warning), M-11 (names for <Class: 0x…>), table 8.1 (`.none`).
--
-- Sources: [OBS] texts as BEHAVIOR.md §15 gives them:
--   present self:      'Application tried to present modal view controller on itself.
--                       Presenting controller is <X>.' (2016 log)
--   already presented: 'Application tried to present modally a view controller <X> that is
--                       already being presented by <Y>.' (O-wmf format string)
--   an active one:     'Application tried to present modally an active controller <X>.'
--                       (ko1o/PYSearch #85)
--   has a parent:      'Application tried to present modally a view controller <X> that has
--                       a parent view controller <Y>.' (O-wmf)
--   nil:               'Application tried to present a nil modal view controller on target
--                       <Y>.' (tangbl93 AntiAPPCrash)
-- `.none` crashes UIKit with no known text (table 8.1, O-regularberry): the sandbox raises
-- NSInvalidArgumentException in its own words, so only the exception name is checked.
-- What the scenarios show: each exception, with names; after each, no callback, no link, the
-- presented controller not loaded, the screen as it was; the exceptions come before the
-- warnings (an already presented controller presented again by its presenter; nil from a
-- controller in no window).
-- DECISIONS (docs/DECISIONS.md): D-30 (exceptions checked first, in the order nil, self (or an
-- ancestor, or the resolved presenter), a parent, already presented, another window's root;
-- they change nothing; `none`).

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

local X = "NSInvalidArgumentException: "

scenario("present self", function()
  local A = launchedA()
  A.modalPresentationStyle = "fullScreen"
  expect.error(function() A:present(A, true, function() note("presented") end) end,
    X .. "Application tried to present modal view controller on itself. Presenting controller is A.")
  settle()
  expect [[
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(A.presentingViewController, nil, "A.presentingViewController")
  expect.equal(A.isBeingPresented, false, "A.isBeingPresented")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("present one's own navigation controller: it would present itself", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  expect.error(function() A:present(nav) end,
    X .. "Application tried to present modal view controller on itself. Presenting controller is Nav.")
  settle()
  expect [[
  ]]
  expect.equal(nav.presentedViewController, nil, "Nav.presentedViewController")
  expect.equal(nav.appearance, "appeared", "Nav")
end)

scenario("present nil", function()
  local A = launchedA()
  expect.error(function() A:present(nil, true, function() note("presented") end) end, ---@diagnostic disable-line: param-type-mismatch
    X .. "Application tried to present a nil modal view controller on target A.")
  settle()
  expect [[
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
end)

scenario("present nil from a controller in no window: the exception, not PRE-10's warning", function()
  local A = Controller "A"
  A:loadViewIfNeeded()
  trace.clear()
  expect.error(function() A:present(nil) end, ---@diagnostic disable-line: param-type-mismatch
    X .. "Application tried to present a nil modal view controller on target A.")
  settle()
  expect [[
  ]]
end)

scenario("present a controller already presented, from another window", function()
  local A = launchedA()
  local B = fullScreen("B")
  A:present(B)
  local R = Controller "R"
  Window { root = R }
  settle()
  trace.clear()
  expect.error(function() R:present(B, true, function() note("presented") end) end,
    X .. "Application tried to present modally a view controller B that is already being presented by A.")
  settle()
  expect [[
  ]]
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(R.presentedViewController, nil, "R.presentedViewController")
  expect.equal(R.appearance, "appeared", "R")
  expect.equal(B.appearance, "appeared", "B")
end)

scenario("present it again from its presenter: the exception comes before PRE-08's warning", function()
  local A = launchedA()
  local B = fullScreen("B")
  A:present(B)
  settle()
  trace.clear()
  expect.error(function() A:present(B) end,
    X .. "Application tried to present modally a view controller B that is already being presented by A.")
  settle()
  expect [[
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
end)

scenario("present a controller that has a parent", function()
  local A = launchedA()
  local Y, Z = Controller "Y", Controller "Z"
  local nav2 = NavigationController { "Nav2", Y, Z }
  trace.clear()
  expect.error(function() A:present(Z, true, function() note("presented") end) end,
    X .. "Application tried to present modally a view controller Z that has a parent view controller Nav2.")
  local C = Controller "C"
  local P = Controller "P"
  P:addChild(C)
  trace.clear()
  expect.error(function() A:present(C) end,
    X .. "Application tried to present modally a view controller C that has a parent view controller P.")
  settle()
  expect [[
  ]]
  expect.equal(Z.parent, nav2, "Z.parent")
  expect.equal(nav2.viewControllers, { Y, Z }, "Nav2.viewControllers")
  expect.equal(C.parent, P, "C.parent")
  expect.equal(Z.presentingViewController, nil, "Z.presentingViewController")
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(Z.isViewLoaded, false, "Z not loaded")
end)

scenario("present another window's root: an active controller", function()
  local A = launchedA()
  local R = Controller "R"
  local win2 = Window { root = R }
  settle()
  trace.clear()
  expect.error(function() A:present(R, true, function() note("presented") end) end,
    X .. "Application tried to present modally an active controller R.")
  settle()
  expect [[
  ]]
  expect.equal(win2.rootViewController, R, "R is still the other window's root")
  expect.equal(R.presentingViewController, nil, "R.presentingViewController")
  expect.equal(R.appearance, "appeared", "R")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("present with the style none: an exception (the sandbox's words)", function()
  local A = launchedA()
  local B = Controller { "B", modalPresentationStyle = "none" }
  expect.error(function() A:present(B, true, function() note("presented") end) end,
    "NSInvalidArgumentException")
  settle()
  expect [[
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.isViewLoaded, false, "B not loaded")
end)
