-- ICT-01  A navigation controller's delegate vends an animator for push and pop: asked inside
-- the call, the animator's duration too; the transition starts in the layout pass with the
-- will-callbacks and willShow, then animateTransition; it ends when the animator completes it.
--
-- Sources: TRANSITIONS-TIMING ICT-01 [RE8.3]+[INF] (inside pushViewController(_:animated: true),
-- only on screen, appeared and idle: animationControllerFor(.push, from: cur, to: new), then
-- transitionDuration(using:), then interactionControllerFor; at the commit's layout pass cur.wD
-- -> new.wA -> willShow -> animateTransition; at completeTransition(true): cur.dD -> new.dA ->
-- didMove -> didShow -> coordinator completions -> animationEnded); TIM-03 (the layout pass);
-- COO-02 (the completions before animationEnded).
-- DECISIONS (docs/DECISIONS.md): D-113 (when the delegate is asked, which operation a turn's
-- changes count as, a view the animator did not place), D-108 (the trace), D-112 (the coordinator).

local function shown(root)
  local win = Window { root = root }
  settle()
  trace.clear()
  return win
end

local function slide()
  return Animator { "Slide", duration = 0.4,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      after(ctx.duration, function() ctx:completeTransition(true) end)
    end,
    animationEnded = function(self, completed) end,
  }
end

scenario("a custom push, then a custom pop", function()
  local A = Controller "A"
  local B = Controller { "B", viewWillAppear = function(self)
    self.transitionCoordinator:animate(nil, function() note "B's completion" end)
  end }
  local nav = NavigationController { "Nav", A }
  local win = shown(nav)
  local animator = slide()
  nav.delegate = {
    animationControllerFor = function(nav, operation, from, to) return animator end,
    willShow = function() end, didShow = function() end,
  }
  nav:pushViewController(B, true)
  -- In the call: the containment call, the delegate, the animator's duration.
  expect [[
    B.willMove(toParent: Nav)
    Nav.delegate.animationControllerFor("push", from: A, to: B)
    Slide.transitionDuration()
  ]]
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Nav.delegate.willShow(B, animated: true)
    Slide.animateTransition()
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
    note: B's completion
    Slide.animationEnded(true)
  ]]
  nav:popViewController(true)
  settle()
  expect [[
    B.willMove(toParent: nil)
    Nav.delegate.animationControllerFor("pop", from: B, to: A)
    Slide.transitionDuration()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    Nav.delegate.willShow(A, animated: true)
    Slide.animateTransition()
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
    Nav.delegate.didShow(A, animated: true)
    Slide.animationEnded(true)
  ]]
  expect.equal(A.view.window, win)
  expect.equal(B.view.window, nil)
end)

scenario("an animator that leaves the new top's view out: it goes in as the transition ends", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A }
  local win = shown(nav)
  nav.delegate = { animationControllerFor = function(nav, operation, from, to)
    return Animator { "Lazy", duration = 0.2,
      animateTransition = function(self, ctx) after(ctx.duration, function() ctx:completeTransition(true) end) end }
  end }
  nav:pushViewController(B, true)
  advance(0.1)
  expect.equal(B.view.window, nil)
  settle()
  expect.equal(B.view.window, win)
  expect.equal(A.view.window, nil)
  expect [[
    B.willMove(toParent: Nav)
    Nav.delegate.animationControllerFor("push", from: A, to: B)
    Lazy.transitionDuration()
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    Lazy.animateTransition()
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    Lazy.animationEnded(true)
  ]]
end)

scenario("no animator asked: an unanimated push, or a delegate that answers nil", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", A }
  local win = shown(nav)
  nav.delegate = { animationControllerFor = function(nav, operation, from, to) return nil end }
  nav:pushViewController(B, false)
  settle()
  nav:pushViewController(C, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
    B.didMove(toParent: Nav)
    C.willMove(toParent: Nav)
    Nav.delegate.animationControllerFor("push", from: B, to: C)
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
  ]]
end)
