-- COO-01, COO-02  The transition coordinator: when a controller has one, and when its
-- alongside and completion blocks run, registered in viewWillAppear/viewWillDisappear of both
-- controllers of a push and of a present, and around a custom animator.
--
-- Sources: TRANSITIONS-TIMING COO-01 [DOC]+[OBS]+[RE18] (non-nil in the will-callbacks of both
-- controllers of an animated push, pop, present or dismiss, custom or built-in; the
-- presentation's while presented or dismissed, else the parent's; nil for view moves and
-- built-in tab switches; unanimated push/pop [?]); COO-02 [DOC H-TC17]+[RE18]+[OBS traces]
-- (alongside blocks "just after animateTransition: returns", after the will-callbacks;
-- completions after the did-callbacks and the completion handler, in registration order,
-- before animationEnded; one registered late runs at once).
-- DECISIONS (docs/DECISIONS.md): D-112 (which transitions have a coordinator; where the
-- alongside blocks of UIKit's own transitions run; an unanimated push or pop has none).

local log = {}
-- Registers an alongside and a completion block that note themselves, if there is a coordinator.
local function register(self)
  local c = self.transitionCoordinator
  if not c then return note(self.name .. ": no coordinator") end
  c:animate(function(ctx) note(self.name .. " alongside") end,
    function(ctx) note(self.name .. " completion (cancelled: " .. tostring(ctx.isCancelled) .. ")") end)
end

local function registering(name)
  return Controller { name, viewWillAppear = register, viewWillDisappear = register }
end

scenario("an animated push: alongside after both will-callbacks, completions after didMove, in registration order", function()
  local A, B = registering "A", registering "B"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    note: A alongside
    note: B alongside
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
    note: A completion (cancelled: false)
    note: B completion (cancelled: false)
  ]]
  expect.equal(A.transitionCoordinator, nil)
end)

scenario("an animated present from a navigation controller's child: the presentation's coordinator, after the completion handler", function()
  local A = Controller "A"
  local B = registering "B"
  local nav = NavigationController { "Nav", B }
  Window { root = nav }
  settle()
  trace.clear()
  local C = registering "C"
  C.modalPresentationStyle = "fullScreen"
  B:present(C, true, function() note "presented" end)
  settle()
  expect [[
    C.viewDidLoad()
    Nav.viewWillDisappear(true)
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    note: B alongside
    note: C alongside
    C.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    B.viewDidDisappear(true)
    note: presented
    note: B completion (cancelled: false)
    note: C completion (cancelled: false)
  ]]
  C:dismiss(true, function() note "dismissed" end)
  settle()
  expect [[
    C.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    B.viewWillAppear(true)
    note: C alongside
    note: B alongside
    Nav.viewDidAppear(true)
    B.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: dismissed
    note: C completion (cancelled: false)
    note: B completion (cancelled: false)
  ]]
end)

scenario("a custom animator: alongside just after animateTransition returns, completions before animationEnded; a late block runs at once", function()
  local A = registering "A"
  local win = Window { root = A }
  settle()
  trace.clear()
  local B = registering "B"
  B.modalPresentationStyle = "custom"
  local slide = Animator { "Slide", duration = 0.4,
    animateTransition = function(self, ctx)
      ctx.containerView:addSubview(ctx.toView)
      after(ctx.duration, function() ctx:completeTransition(true) end)
    end,
    animationEnded = function(self, completed) end,
  }
  B.transitioningDelegate = { animationControllerForPresented = function() return slide end }
  A:present(B, true, function() note "presented" end)
  advance(0.1)
  B.transitionCoordinator:animate(function() note "late alongside" end)
  expect.equal(B.transitionCoordinator.transitionDuration, 0.4)
  settle()
  expect [[
    B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Slide.transitionDuration()
    Slide.animateTransition()
    note: B alongside
    note: late alongside
    B.viewDidAppear(true)
    note: presented
    note: B completion (cancelled: false)
    Slide.animationEnded(true)
  ]]
end)

scenario("no coordinator: an unanimated push, a tab switch, a plain view move", function()
  local A, B = registering "A", registering "B"
  local nav = NavigationController { "Nav", A }
  local T2 = registering "T2"
  local tabs = TabBarController { "Tabs", nav, T2 }
  Window { root = tabs }
  settle()
  trace.clear()
  nav:pushViewController(B, false)
  settle()
  tabs.selectedIndex = 2
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(false)
    note: A: no coordinator
    B.viewWillAppear(false)
    note: B: no coordinator
    A.viewDidDisappear(false)
    B.viewDidAppear(false)
    B.didMove(toParent: Nav)
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    note: T2: no coordinator
    Nav.viewWillDisappear(false)
    B.viewWillDisappear(false)
    note: B: no coordinator
    Nav.viewDidDisappear(false)
    B.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
end)
