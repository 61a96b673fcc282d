-- Each scenario starts from the script's globals as its top level left them (README
-- "Writing scenarios as app code", DECISIONS D-83): a global a scenario assigns or makes is
-- the top level's again in the next, and a function defined at the top level reads the
-- restored value. So each scenario passes alone (`--filter`) as it does after the others.
-- Variables are put back, not the tables they hold, and a top-level local is one variable
-- the scenarios share: sandbox-determinism.lua passes its first draws on in one.

animated = true
pushes = 0

function pushAll(nav, names)
  for _, name in ipairs(names) do
    nav:pushViewController(Controller(name), animated)
    pushes = pushes + 1
  end
end

scenario("a scenario changes the globals", function()
  local nav = NavigationController { "Nav", Controller "Root" }
  Window { root = nav }
  settle()
  animated = false
  pushAll(nav, { "A", "B" })
  madeHere = true
  expect.equal(pushes, 2)
end)

scenario("the next one sees the top level's", function()
  expect.equal(animated, true)
  expect.equal(pushes, 0)
  expect.equal(madeHere, nil)
  local nav = NavigationController { "Nav", Controller "Root" }
  Window { root = nav }
  settle()
  trace.clear()
  pushAll(nav, { "C" })
  settle()
  expect.equal(pushes, 1)
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    Root.viewWillDisappear(true)
    C.viewWillAppear(true)
    Root.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
  ]]
end)
