-- APP-02  Replacing window.rootViewController.
-- Also: LOAD-07 (the incoming view loads before the outgoing one leaves), M-3.
--
-- Source: [DOC] "If the window has an existing view hierarchy, the old views are removed
-- before the new ones are installed" (UIWindow.rootViewController).
-- [INF] trace in BEHAVIOR.md: B.loadView -> B.viewDidLoad -> A.viewWillDisappear(false) ->
-- A.viewDidDisappear(false) -> B.viewWillAppear(false) -> B.viewDidAppear(false); "exact
-- interleaving not found in a log". The engine's choice (M-3, one rule for every plain view
-- move): both will-callbacks during the assignment, both did-callbacks at the end of the
-- turn: A.viewWillDisappear -> B.viewWillAppear -> A.viewDidDisappear -> B.viewDidAppear.
-- (What happens to a controller the old root presented is not covered: no presentation yet.)
-- DECISIONS (docs/DECISIONS.md): D-4 (did-callbacks of a root replacement are deferred).

local function launched()
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  expect [[
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
  return A, win
end

scenario("replace the root of a visible window", function()
  local A, win = launched()
  local B = Controller "B"
  win.rootViewController = B
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
  ]]
  expect.equal(A.view.superview, nil, "the old view is removed at once")
  expect.equal(B.view.superview, win, "the new view is installed")
  settle()
  expect [[
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(win.rootViewController, B, "win.rootViewController")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(A.view.window, nil, "A's view out of the window")
  expect.equal(A.isViewLoaded, true, "A keeps its view")
  expect.equal(win.subviews, { B.view }, "only B's view in the window")
end)

scenario("replace the root with one whose view is already loaded", function()
  trace.include "loading"
  local A = Controller "A"
  local win = Window { root = A }
  local B = Controller "B"
  B:loadViewIfNeeded()
  settle()
  expect [[
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    B.loadView()
    B.viewDidLoad()
    A.viewDidAppear(false)
  ]]
  win.rootViewController = B
  settle()
  expect [[
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
  ]]
end)

scenario("replace the root of a hidden window: no appearance", function()
  local A = Controller "A"
  local win = Window { root = A, visible = false }
  local B = Controller "B"
  win.rootViewController = B
  settle()
  expect [[
    A.viewDidLoad()
    B.viewDidLoad()
  ]]
  expect.equal(A.view.superview, nil, "A's view removed")
  expect.equal(B.view.superview, win, "B's view installed")
  expect.equal(B.appearance, "disappeared", "B")
end)

scenario("assigning the same root again does nothing; nil removes it", function()
  local A, win = launched()
  win.rootViewController = A
  settle()
  expect [[
  ]]
  win.rootViewController = nil
  settle()
  expect [[
    A.viewWillDisappear(false)
    A.viewDidDisappear(false)
  ]]
  expect.equal(win.rootViewController, nil, "no root")
  expect.equal(win.subviews, {}, "empty window")
end)

scenario("replacing the root takes its children's appearance along", function()
  local C = Controller "C"
  local A = Controller {
    "A",
    viewDidLoad = function(self)
      self:addChild(C)
      self.view:addSubview(C.view)
      C:didMove(self)
    end,
  }
  local win = Window { root = A }
  settle()
  expect [[
    A.viewDidLoad()
    C.willMove(toParent: A)
    C.viewDidLoad()
    C.didMove(toParent: A)
    A.viewWillAppear(false)
    C.viewWillAppear(false)
    A.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
  local B = Controller "B"
  win.rootViewController = B
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(false)
    C.viewWillDisappear(false)
    B.viewWillAppear(false)
    A.viewDidDisappear(false)
    C.viewDidDisappear(false)
    B.viewDidAppear(false)
  ]]
  expect.equal(C.parent, A, "C is still A's child")
end)
