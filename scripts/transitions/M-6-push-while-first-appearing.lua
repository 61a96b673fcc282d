-- M-6  A push or pop issued while a navigation controller first appears is an ordinary
-- transition: "This holds on every appearance of the navigation controller, its first
-- included: a push from the root's first viewDidAppear is an ordinary animated push."
-- Also: M-2 (parent first), M-5 (the container installs its top when it appears), M-8 /
-- TIM-02 (a presentation begins after the commit), TIM-03 (a push starts in the commit's
-- layout pass), APP-03 (isMovingToParent), NAV-01 (the first show), NAV-02 (push order).
--
-- Sources: BEHAVIOR.md Part B M-6 and M-13; NAV-02 [OBS×5] for the push's own order; APP-03
-- [DOC H17] for the flag in the pushed controller's viewWillAppear and viewDidAppear.
-- Before M-13 the engine ran such a push unanimated, with didMove(toParent:) before the
-- appearance calls and isMovingToParent false; and a push issued in the same turn as the
-- navigation controller was presented gave the pushed child viewDidAppear before its
-- container (breaking M-2).
-- DECISIONS (docs/DECISIONS.md): D-17 (the first show), D-18 (containment calls), D-19.

local function flagNotes(name, extra)
  local spec = extra or {}
  spec[1] = name
  spec.viewWillAppear = function(self)
    note(name .. ".viewWillAppear: movingToParent=" .. tostring(self.isMovingToParent))
  end
  spec.viewDidAppear = spec.viewDidAppear or function(self)
    note(name .. ".viewDidAppear: movingToParent=" .. tostring(self.isMovingToParent))
  end
  return Controller(spec)
end

scenario("a push from the root's first viewDidAppear is an ordinary animated push", function()
  local B = flagNotes("B")
  local nav
  local pushed = false
  local A = Controller {
    "A",
    viewDidAppear = function(self)
      if not pushed then
        pushed = true
        nav:pushViewController(B) ---@diagnostic disable-line: call-non-callable
      end
    end,
  }
  nav = NavigationController {
    "Nav", A,
    delegate = { willShow = function() end, didShow = function() end },
  }
  Window { root = nav }
  settle()
  expect [[
    A.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    B.willMove(toParent: Nav)
    Nav.delegate.didShow(A, animated: false)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    note: B.viewWillAppear: movingToParent=true
    Nav.delegate.willShow(B, animated: true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    note: B.viewDidAppear: movingToParent=true
    B.didMove(toParent: Nav)
    Nav.delegate.didShow(B, animated: true)
  ]]
  expect.equal(nav.viewControllers, { A, B }, "the stack")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(A.appearance, "disappeared", "A")
end)

scenario("a pop from the top's first viewDidAppear is an ordinary animated pop", function()
  local A, B = Controller "A", nil
  local nav
  B = Controller {
    "B",
    viewDidAppear = function(self)
      if nav.topViewController == self then nav:popViewController() end ---@diagnostic disable-line: call-non-callable
    end,
  }
  nav = NavigationController { "Nav", A, B }
  Window { root = nav }
  settle()
  expect [[
    A.willMove(toParent: Nav)
    B.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    B.didMove(toParent: Nav)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
    B.willMove(toParent: nil)
    A.viewDidLoad()
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    B.viewDidDisappear(true)
    A.viewDidAppear(true)
    B.didMove(toParent: nil)
  ]]
  expect.equal(nav.viewControllers, { A }, "the stack")
end)

scenario("a push in the same turn as the navigation controller is presented: parent first (M-2)", function()
  local R = Controller "R"
  Window { root = R }
  settle()
  trace.clear()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, modalPresentationStyle = "fullScreen" }
  trace.clear()
  R:present(nav)
  nav:pushViewController(B)
  expect [[
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  settle()
  expect [[
    Nav.viewDidLoad()
    R.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    B.viewDidLoad()
    B.viewWillAppear(true)
    Nav.viewDidAppear(true)
    B.viewDidAppear(true)
    R.viewDidDisappear(true)
  ]]
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(A.isViewLoaded, false, "A, covered before it was ever shown, never loads")
end)
