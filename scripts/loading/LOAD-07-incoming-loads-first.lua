-- LOAD-07  The incoming controller's view loads before the outgoing one's viewWillDisappear.
-- Shown with a custom container switching children.
-- Also: CON-07, A-4 (seeds 000, 001).
--
-- Source: [OBS×3] push: B.loadView -> B.viewDidLoad -> A.viewWillDisappear -> B.viewWillAppear
-- (O-readke, O-vast); full-screen present (O-velog-rudin). For transition(from:to:) the
-- engine applies it: transition() loads `to` before any appearance callback. For a view
-- swap by hand (seed 001) the order is the script's: the container below reads the new
-- view before removing the old one, which is how it gets the same order.
-- The did-callbacks come incoming first (CON-07's logged run).
-- DECISIONS (docs/DECISIONS.md): D-10 (transition() loads `to` before any appearance call).

local function containerShowingA()
  local P, A, B = Controller "P", Controller "A", Controller "B"
  Window { root = P }
  P:addChild(A)
  P.view:addSubview(A.view)
  A:didMove(P)
  P:addChild(B)
  B:didMove(P)
  settle()
  trace.clear()
  return P, A, B
end

scenario("transition(from:to:): B loads before A.viewWillDisappear", function()
  trace.include "loading"
  local P, A, B = containerShowingA()
  P:transition(A, B, 0.3)
  expect [[
    B.loadView()
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  settle()
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("transition back: already loaded, nothing loads", function()
  trace.include "loading"
  local P, A, B = containerShowingA()
  P:transition(A, B, 0.3)
  settle()
  trace.clear()
  P:transition(B, A, 0.3)
  settle()
  expect [[
    -- CON-07's logged run: transition(from:to:) ends the incoming child first
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("view swap that reads the incoming view first", function()
  trace.include "loading"
  local P, A, B = containerShowingA()
  local incoming = B.view
  A.view:removeFromSuperview()
  P.view:addSubview(incoming)
  settle()
  expect [[
    B.loadView()
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
  ]]
end)
