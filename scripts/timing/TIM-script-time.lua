-- TIM-01, TIM-02, TIM-03, TIM-09  Time the script controls (SPEC §9.1) on UIKit's clock (M-4).
-- async(fn) is DispatchQueue.main.async: fn runs in the next turn, after this turn's commit.
-- after(s, fn) is DispatchQueue.main.asyncAfter: fn runs s seconds of virtual time later.
-- animate(d, fn, completion) is UIView.animate: fn now, completion(true) d seconds later.
--
-- Sources: TIM-01 [RE18 + traces]: a turn ends with the Core Animation commit, its layout
-- pass, then the after-commit queue, first in first out. TIM-03: navigation transitions start
-- in that layout pass. TIM-02: presentations and dismissals start in the after-commit queue.
-- TIM-09 [OBS O-lasso, iOS 12.4 to 16.4, from a main-queue context]: the transitions have
-- sent their will-callbacks before a main-queue block queued after the call runs; the order
-- from an event handler is [?] and the engine does not model it (a script's turn is a
-- main-queue block, as an XCTest method is).
-- DECISIONS (docs/DECISIONS.md): D-59 (async, after, animate).

scenario("one turn: the layout pass, the after-commit queue, then the main queue", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  local R = Controller "R"
  Window { root = nav }
  local other = Window { root = R, name = "Other" }
  settle()
  trace.clear()
  async(function() note("main queue, first") end)
  nav:pushViewController(B)                                   -- layout pass (TIM-03)
  R:present(Controller { "S", modalPresentationStyle = "fullScreen" })  -- after commit (TIM-02)
  async(function() note("main queue, second") end)
  note("the script's turn ends")
  advance(0)
  expect [[
    B.willMove(toParent: Nav)
    note: the script's turn ends
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    S.viewDidLoad()
    R.viewWillDisappear(true)
    S.viewWillAppear(true)
    note: main queue, first
    note: main queue, second
  ]]
end)

scenario("async from async runs a turn later again; each turn ends with its commit", function()
  local A = Controller "A"
  Window { root = A }
  settle()
  trace.clear()
  async(function()
    note("turn 2")
    local B = Controller "B"
    A.view:addSubview(B.view)                -- will now, did after this turn's commit (M-3)
    async(function() note("turn 3") end)
  end)
  settle()
  expect [[
    note: turn 2
    B.viewDidLoad()
    B.viewWillAppear(false)
    B.viewDidAppear(false)
    note: turn 3
  ]]
  expect.equal(now(), 0, "turns take no virtual time")
end)

scenario("after: at now() + seconds, in the order asked for", function()
  after(0.3, function() note("0.3 at " .. now()) end)
  after(0.1, function() note("0.1 at " .. now()) end)
  after(0.1, function() note("0.1 again at " .. now()) end)
  advance(0.2)
  expect [[
    note: 0.1 at 0.1
    note: 0.1 again at 0.1
  ]]
  settle()
  expect [[
    note: 0.3 at 0.3
  ]]
end)

scenario("animate: the block now, the completion with true after the duration", function()
  animate(0.25, function() note("animations") end, function(finished)
    note("completion(" .. tostring(finished) .. ") at " .. now())
  end)
  expect [[
    note: animations
  ]]
  settle()
  expect [[
    note: completion(true) at 0.25
  ]]
  animate(0, function() note("no duration") end)
  settle()
  expect [[
    note: no duration
  ]]
end)

scenario("an error in a block fails the scenario where control returns to the script", function()
  async(function() error("boom in a block") end)
  expect.error(settle, "boom in a block")
  expect.error(function() async() end, "bad argument #1 to 'async' (function expected, got no value)") ---@diagnostic disable-line: missing-parameter
  expect.error(function() after(-1, function() end) end,
    "after() needs a finite, non-negative number of seconds up to a thousand years (3.2e10), got -1")
  expect.error(function() animate(1 / 0, function() end) end, "animate() needs a finite")
end)
