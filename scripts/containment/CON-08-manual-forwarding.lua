-- CON-08  Manual appearance forwarding: begin/endAppearanceTransition and their nesting.
-- Also: A-5 (seeds 003, 004), G-02's exception (no window needed).
--
-- Sources: [DOC] a container returning false from shouldAutomaticallyForwardAppearanceMethods
-- gets no automatic appearance callbacks for its children and forwards them itself (VCPG
-- Listing 5-5; full container example in A-5-manual-appearance-forwarding.lua).
-- [DOC+RE] H17: callbacks are "tied to the final matching invocation of
-- endAppearanceTransition" -> a nesting counter (H5 ivar _explicitAppearanceTransitionLevel):
-- only the outermost begin sends the will-callback, only the last end the did-callback.
-- [DOC] begin/end "ensure that descendent child controllers appearance methods will be
-- invoked": the engine forwards them to children whose views are in the controller's view.
-- [OBS-weak] works without a window (test helpers: loadViewIfNeeded + begin + end).
-- DECISIONS (docs/DECISIONS.md): D-2 (nesting), D-3 (manual containers are not reached).

scenario("works without a window (test-helper idiom)", function()
  local C = Controller "C"
  C:loadViewIfNeeded()
  C:beginAppearanceTransition(true, false)
  C:endAppearanceTransition()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.viewDidAppear(false)
  ]]
  expect.equal(C.appearance, "appeared", "C")
  expect.equal(C.view.window, nil, "no window")
end)

scenario("nesting: callbacks at the outermost begin and the last end", function()
  local C = Controller "C"
  C:loadViewIfNeeded()
  trace.clear()

  C:beginAppearanceTransition(true, true)
  C:beginAppearanceTransition(true, true)
  expect [[
    C.viewWillAppear(true)
  ]]
  C:endAppearanceTransition()
  expect [[
  ]]
  expect.equal(C.appearance, "appearing", "one begin still open")
  C:endAppearanceTransition()
  expect [[
    C.viewDidAppear(true)
  ]]
  expect.equal(C.appearance, "appeared", "C")

  C:beginAppearanceTransition(false, true)
  C:beginAppearanceTransition(false, true)
  C:beginAppearanceTransition(false, true)
  C:endAppearanceTransition()
  C:endAppearanceTransition()
  expect [[
    C.viewWillDisappear(true)
  ]]
  C:endAppearanceTransition()
  expect [[
    C.viewDidDisappear(true)
  ]]
  expect.equal(C.appearance, "disappeared", "C")
end)

scenario("begin/end reach the children whose views are in the controller's view", function()
  local C, G, H = Controller "C", Controller "G", Controller "H"
  C:addChild(G)
  C.view:addSubview(G.view)
  G:didMove(C)
  C:addChild(H)                       -- H's view is not in C's view: H is not reached
  H:didMove(C)
  trace.clear()

  C:beginAppearanceTransition(true, false)
  C:endAppearanceTransition()
  expect [[
    C.viewWillAppear(false)
    G.viewWillAppear(false)
    C.viewDidAppear(false)
    G.viewDidAppear(false)
  ]]
  expect.equal(G.appearance, "appeared", "G")
  expect.equal(H.appearance, "disappeared", "H")
end)

scenario("flag false: a child's view entering the window sends nothing", function()
  local P = Controller { "P", shouldAutomaticallyForwardAppearanceMethods = false }
  local win = Window { root = P }
  settle()
  trace.clear()
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
  ]]
  expect.equal(C.appearance, "disappeared", "C was not told")
  expect.equal(C.view.window, win, "although its view is in the window")

  win.isHidden = true
  settle()
  expect [[
    P.viewWillDisappear(false)
    P.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "C")
end)
