-- NAV-02  pushViewController(B, animated: true) onto a visible navigation controller.
-- Also: APP-03 (isMovingToParent in the pushed controller; viewControllers already updated in
-- viewWillDisappear), LOAD-07 (the incoming view loads first), M-4 (0.35 s), M-6 and TIM-03
-- (timing), CON-12.
--
-- Sources: [OBS×5] O-cyrus, O-wangling, O-readke, O-vast (A/B interleaving and delegate
-- placement), O-neuburg6, O-arm1 (B's own willMove -> viewWillAppear -> viewDidAppear ->
-- didMove). State right after the call [RE+OBS]: viewControllers == [A, B], B.parent === nav.
-- Timing [OBS O-klaas]: the appearance callbacks never come inside the push call. TIM-03
-- [OBS×n traces, RE8.3, RE13, OBS O-lasso]: the transition starts in the layout pass of the
-- Core Animation commit that ends the current turn (`_startDeferredTransitionIfNeeded:` under
-- `__viewWillLayoutSubviews` under `CA::Transaction::commit`), so before the commit's
-- after-commit queue and before a main-queue block queued in the same turn.
-- iOS 17 edge [OBS O-rn17]: on iOS 17.2 a push made in the same turn as a non-animated
-- setViewControllers was held until the Core Animation commit and was missing from
-- viewControllers meanwhile; iOS 18+ applies it at once. The engine follows M-6 (the stack
-- changes inside the call), i.e. the iOS 18+ behaviour.
-- Rule's trace: B.willMove(toParent: nav) -> B.loadView -> B.viewDidLoad ->
-- A.viewWillDisappear(true) -> B.viewWillAppear(true) -> navDelegate.willShow(B) ->
-- animation -> A.viewDidDisappear(true) -> B.viewDidAppear(true) -> B.didMove(toParent: nav)
-- -> navDelegate.didShow(B). The relative order of B.didMove and didShow is [?]: the engine
-- puts didMove first (M-6).
-- What the scenarios show: that order; the state when the call returns; the 0.35 s from the
-- turn's commit; the place of the start in the commit (TIM-03); the flags read in the overrides; the layout callbacks (before and after the
-- animation, APP-04 [OBS×3] O-arm1); an off-screen navigation controller and one in a hidden
-- window (containment calls only; the new top appears when the window is shown again); a
-- navigation controller that is the child of a custom container.
-- DECISIONS (docs/DECISIONS.md): D-18 (didMove before didShow), D-7 (flags), D-23 (off screen),
-- D-19 (operations in one turn coalesce; the transition starts in the commit's layout pass), D-6 (one layout pass per turn; counts are not asserted, only where B's layout falls).

-- A controller that notes its moving flags from its four appearance callbacks.
local function flagReporter(name)
  local function report(callback)
    return function(self)
      note(name .. "." .. callback .. ": toParent=" .. tostring(self.isMovingToParent)
        .. " fromParent=" .. tostring(self.isMovingFromParent))
    end
  end
  return Controller {
    name,
    viewWillAppear = report("viewWillAppear"),
    viewDidAppear = report("viewDidAppear"),
    viewWillDisappear = report("viewWillDisappear"),
    viewDidDisappear = report("viewDidDisappear"),
  }
end

local recordingDelegate = {
  willShow = function(nav, vc, animated) end,
  didShow = function(nav, vc, animated) end,
}

-- A navigation controller on screen with A as its root, everything settled.
local function visibleNav(A)
  A = A or Controller "A"
  local nav = NavigationController { "Nav", A, delegate = recordingDelegate }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("the whole sequence, in order", function()
  trace.include "loading"
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.loadView()
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(now(), 0.35, "the animation lasts 0.35 s")
end)

scenario("animated is the default", function()
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
end)

scenario("state right after the call returns: stack changed, nothing on screen yet", function()
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B, true)
  expect [[
    B.willMove(toParent: Nav)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")
  expect.equal(nav.topViewController, B, "topViewController")
  expect.equal(nav.children, { A, B }, "A stays a child (CON-12)")
  expect.equal(B.parent, nav, "B.parent")
  expect.equal(B.navigationController, nav, "B.navigationController")
  expect.equal(A.parent, nav, "A.parent")
  expect.equal(B.isViewLoaded, false, "B loads in the turn's commit")
  expect.equal(B.isMovingToParent, true, "B is moving to its parent")
  expect.equal(A.appearance, "appeared", "A is still on screen")
  expect.equal(B.appearance, "disappeared", "B")
end)

-- TIM-03: the push starts in the layout pass of this turn's commit: before the did-callback
-- a plain view move of the same turn left for the after-commit queue, and before a block
-- queued on the main queue in the same turn (TIM-09).
scenario("the transition starts in the commit's layout pass, before the after-commit queue (TIM-03)", function()
  local nav, A = visibleNav()
  local B, C = Controller "B", Controller "C"
  local P = Controller "P"
  local win2 = Window { root = P }
  settle()
  trace.clear()
  P.view:addSubview(C.view)           -- a plain view move: C.viewDidAppear after the commit
  nav:pushViewController(B, true)
  async(function() note("main queue") end)
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(false)
    B.willMove(toParent: Nav)
  ]]
  advance(0)
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    C.viewDidAppear(false)
    note: main queue
  ]]
end)

scenario("timing: starts in the turn's commit, ends 0.35 s later", function()
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B, true)
  expect [[
    B.willMove(toParent: Nav)
  ]]
  advance(0)
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
  ]]
  expect.equal(A.appearance, "disappearing", "A during the animation")
  expect.equal(B.appearance, "appearing", "B during the animation")
  advance(0.3)
  expect [[
  ]]
  advance(0.05)
  expect [[
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(now(), 0.35, "now()")
end)

scenario("flags: B is moving to its parent, A is only covered", function()
  local A = flagReporter("A")
  local nav = visibleNav(A)
  local B = flagReporter("B")
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    note: A.viewWillDisappear: toParent=false fromParent=false
    B.viewWillAppear(true)
    note: B.viewWillAppear: toParent=true fromParent=false
    Nav.delegate.willShow(B, animated: true)
    A.viewDidDisappear(true)
    note: A.viewDidDisappear: toParent=false fromParent=false
    B.viewDidAppear(true)
    note: B.viewDidAppear: toParent=true fromParent=false
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(B.isMovingToParent, false, "the move is over")
end)

scenario("viewControllers is already updated inside A.viewWillDisappear (APP-03)", function()
  local nav
  local A = Controller {
    "A",
    viewWillDisappear = function(self)
      local names = {}
      for i, vc in ipairs(nav.viewControllers) do names[i] = vc.name end ---@diagnostic disable-line: param-type-mismatch
      note("stack in A.viewWillDisappear: " .. table.concat(names, ","))
    end,
  }
  nav = visibleNav(A)
  nav:pushViewController(Controller "B")
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    note: stack in A.viewWillDisappear: A,B
    B.viewWillAppear(true)
    ...
  ]]
end)

scenario("the delegate sees the new top in willShow and didShow", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController {
    "Nav", A,
    delegate = {
      willShow = function(nav, vc, animated)
        note("willShow: vc=" .. vc.name .. " top=" .. nav.topViewController.name
          .. " animated=" .. tostring(animated) .. " " .. vc.name .. "=" .. vc.appearance)
      end,
      didShow = function(nav, vc, animated)
        note("didShow: vc=" .. vc.name .. " " .. vc.name .. "=" .. vc.appearance
          .. " isMovingToParent=" .. tostring(vc.isMovingToParent))
      end,
    },
  }
  Window { root = nav }
  settle()
  trace.clear()
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    note: willShow: vc=B top=B animated=true B=appearing
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    note: didShow: vc=B B=appeared isMovingToParent=false
  ]]
end)

scenario("a delegate assigned later that implements only didShow: only didShow is traced", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  nav.delegate = { didShow = function(nav, vc, animated) note("didShow " .. vc.name) end }
  trace.clear()
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    note: didShow B
  ]]
  nav.delegate = nil
  nav:pushViewController(C)
  settle()
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
  ]]
end)

scenario("O-rn17: a push right after a non-animated setViewControllers is in the stack at once", function()
  local nav, A = visibleNav()
  local B, C = Controller "B", Controller "C"
  nav:setViewControllers({ A, B }, false)
  nav:pushViewController(C)
  expect [[
    B.willMove(toParent: Nav)
    C.willMove(toParent: Nav)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "C is in viewControllers at once (iOS 18+ behaviour, M-6)")
  settle()
  -- One transition from A to C (M-6); which `animated` a coalesced transition takes is not
  -- what this scenario is about, so the lines leave the arguments open.
  expect [[
    C.viewDidLoad()
    A.viewWillDisappear
    C.viewWillAppear
    Nav.delegate.willShow
    A.viewDidDisappear
    C.viewDidAppear
    B.didMove(toParent: Nav)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow
  ]]
  expect.equal(B.isViewLoaded, false, "B never loads")
end)

scenario("pushing onto [A, B]: only the old top and the new one take part", function()
  local nav, A = visibleNav()
  local B, C = Controller "B", Controller "C"
  nav:pushViewController(B)
  settle()
  trace.clear()
  nav:pushViewController(C)
  settle()
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    Nav.delegate.willShow(C, animated: true)
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
    Nav.delegate.didShow(C, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "viewControllers")
  expect.equal(nav.children, { A, B, C }, "children (CON-12)")
end)

scenario("layout: viewIsAppearing and B's layout before the animation, B's layout after it", function()
  trace.include "layout"
  local nav, A = visibleNav()
  local B = Controller "B"
  nav:pushViewController(B)
  settle()
  -- NAV-02: ... willShow(B) -> B.viewIsAppearing -> B.(layout) -> animation ->
  -- A.viewDidDisappear -> B.viewDidAppear -> B.didMove -> didShow(B) -> B.(layout).
  -- Layout counts are not asserted (BEHAVIOR.md §0): `...` stands for any other layout lines.
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    ...
    B.viewIsAppearing(true)
    ...
    B.viewWillLayoutSubviews()
    B.viewDidLayoutSubviews()
    ...
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    ...
    B.viewWillLayoutSubviews()
    B.viewDidLayoutSubviews()
    ...
  ]]
end)

scenario("off screen: containment calls at once, no appearance, no delegate", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, delegate = recordingDelegate }
  trace.clear()
  nav:pushViewController(B, true)
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers")
  expect.equal(B.isViewLoaded, false, "B not loaded")
  expect.equal(now(), 0, "no animation off screen")
end)

scenario("off screen with a loaded view: still no appearance calls", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, delegate = recordingDelegate }
  nav:loadViewIfNeeded()
  trace.clear()
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  expect.equal(B.appearance, "disappeared", "B (G-02)")
end)

scenario("in a hidden window: containment calls only; B appears when the window is shown", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, delegate = recordingDelegate }
  local win = Window { root = nav }
  settle()
  win.isHidden = true
  settle()
  trace.clear()
  nav:pushViewController(B, true)
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  settle()
  expect [[
  ]]
  win.isHidden = false
  settle()
  expect [[
    Nav.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    Nav.delegate.willShow(B, animated: false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
    Nav.delegate.didShow(B, animated: false)
  ]]
  expect.equal(A.appearance, "disappeared", "A")
end)

scenario("inside a custom container: the container takes no part in the push", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, delegate = recordingDelegate }
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(nav)
      self.view:addSubview(nav.view)
      nav:didMove(self)
    end,
  }
  Window { root = P }
  settle()
  trace.clear()
  nav:pushViewController(B)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(B.navigationController, nav, "B.navigationController")
  expect.equal(nav.parent, P, "Nav.parent")
  expect.equal(P.appearance, "appeared", "P")
  expect.equal(nav.appearance, "appeared", "Nav")
end)
