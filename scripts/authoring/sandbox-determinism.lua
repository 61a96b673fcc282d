-- The sandbox makes a scenario's run reproducible (SPEC §8, DECISIONS D-40): `math.random`
-- starts every scenario from the same seed, and `os.time`, `os.clock` and `os.date` read the
-- virtual clock that `advance` and animations move, never the machine's.

local firstDraw

scenario("random numbers and the clock at the start", function()
  firstDraw = { math.random(1, 1000), math.random(1, 1000), math.random() }
  expect.equal(os.time(), 978307200, "os.time() starts at 2001-01-01 00:00:00 UTC")
  expect.equal(os.clock(), 0)
  expect.equal(os.date("%Y-%m-%d %H:%M:%S"), "2001-01-01 00:00:00")
  advance(90.5)
  expect.equal(os.clock(), 90.5)
  expect.equal(os.time(), 978307200 + 90)
  expect.equal(os.date("*t").min, 1) ---@diagnostic disable-line: undefined-field
end)

scenario("the next scenario draws the same numbers", function()
  local again = { math.random(1, 1000), math.random(1, 1000), math.random() }
  expect.equal(again[1], firstDraw[1])
  expect.equal(again[2], firstDraw[2])
  expect.equal(again[3], firstDraw[3])
  math.randomseed()
  expect.equal(math.random(1, 1000), firstDraw[1], "randomseed() without a seed reseeds the same way")
end)

scenario("an animation moves the clock", function()
  local nav = NavigationController { "Nav", Controller "Root" }
  Window { root = nav }
  settle()
  trace.clear()
  local before = os.clock()
  nav:pushViewController(Controller "Next", true)
  settle()
  expect.equal(os.clock() - before, 0.35, "an animated push lasts 0.35 s of virtual time")
  expect [[
    Next.willMove(toParent: Nav)
    Next.viewDidLoad()
    Root.viewWillDisappear(true)
    Next.viewWillAppear(true)
    Root.viewDidDisappear(true)
    Next.viewDidAppear(true)
    Next.didMove(toParent: Nav)
  ]]
end)
