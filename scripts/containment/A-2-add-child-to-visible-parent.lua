-- A-2  Order of callbacks when a child is added to a parent that is on screen.
-- Also: CON-05 (same situation, seen from the DOC side), LOAD-06 (reading c.view loads it).
--
-- Source: seed 003 (founding document, Part A): the code
--   addChild(c); view.addSubview(c.view); c.didMove(toParent: self)
-- gives willMove(toParent:) -> viewDidLoad -> viewWillAppear -> didMove(toParent:) -> viewDidAppear.
-- CON-05 is [INF] in BEHAVIOR.md and leaves open whether viewDidAppear is synchronous inside
-- addSubview or deferred; the engine follows M-3: will-callbacks at once, did-callbacks at
-- the end of the run-loop turn (settle()), which is what makes the seed's order come out
-- (didMove is called by the script before the turn ends, so it lands before viewDidAppear).
-- DECISIONS (docs/DECISIONS.md): D-3 (the child is reached by its own view move), D-7.

scenario("seed 003 order in one block", function()
  local P = Controller "P"
  local win = Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]

  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    C.viewDidAppear(false)
  ]]

  expect.equal(C.parent, P, "C.parent")
  expect.equal(P.children, { C }, "P.children")
  expect.equal(C.appearance, "appeared", "C.appearance")
  expect.equal(C.isViewLoaded, true, "C.isViewLoaded")
  expect.equal(C.view.superview, P.view, "C.view.superview")
  expect.equal(C.view.window, win, "C.view.window")
end)

scenario("step by step: which call sends which callback", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]

  local C = Controller "C"
  P:addChild(C)                      -- addChild sends willMove itself, and does not load the view
  expect [[
    C.willMove(toParent: P)
  ]]
  expect.equal(C.isViewLoaded, false, "addChild does not load the child's view")
  expect.equal(C.parent, P, "parent is set inside addChild")

  P.view:addSubview(C.view)          -- reading C.view loads it; entering the window: will-callback now
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(false)
  ]]
  expect.equal(C.appearance, "appearing", "between viewWillAppear and the end of the turn")

  C:didMove(P)                       -- the container's half of the handshake
  expect [[
    C.didMove(toParent: P)
  ]]

  settle()                           -- end of the turn: the deferred did-callback
  expect [[
    C.viewDidAppear(false)
  ]]
  expect.equal(C.appearance, "appeared", "after settle")
  expect.equal(P.appearance, "appeared", "the parent is untouched")
end)
