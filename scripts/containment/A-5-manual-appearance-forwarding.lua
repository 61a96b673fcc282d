-- A-5  Manual appearance forwarding.
-- Also: CON-08 (VCPG Listing 5-5), G-02's exception (begin/end work without a window).
--
-- Sources: seed 003 and seed 004 (founding documents, Part A): beginAppearanceTransition(true)
-- sends viewWillAppear, beginAppearanceTransition(false) viewWillDisappear, the matching
-- endAppearanceTransition() viewDidAppear / viewDidDisappear. A container whose
-- shouldAutomaticallyForwardAppearanceMethods is false forwards them itself from its own
-- four appearance callbacks: CON-08 [DOC] (VCPG Listing 5-5).
-- Engine: an override runs after the engine has recorded the callback (as code after
-- `super`), so the child's callback follows the container's, parent first (M-2).
-- DECISIONS (docs/DECISIONS.md): D-2 (explicit calls), D-3 (manual containers are not reached).

-- VCPG Listing 5-5: the container forwards from its four callbacks.
local function forwardingContainer(name, child)
  return Controller {
    name,
    shouldAutomaticallyForwardAppearanceMethods = false,
    viewDidLoad = function(self)
      self:addChild(child)
      self.view:addSubview(child.view)
      child:didMove(self)
    end,
    viewWillAppear = function(self, animated) child:beginAppearanceTransition(true, animated) end,
    viewDidAppear = function(self, animated) child:endAppearanceTransition() end,
    viewWillDisappear = function(self, animated) child:beginAppearanceTransition(false, animated) end,
    viewDidDisappear = function(self, animated) child:endAppearanceTransition() end,
  }
end

scenario("seed 003: begin/end send the four callbacks", function()
  local C = Controller "C"
  C:loadViewIfNeeded()
  expect [[
    C.viewDidLoad()
  ]]

  C:beginAppearanceTransition(true, true)
  expect [[
    C.viewWillAppear(true)
  ]]
  expect.equal(C.appearance, "appearing", "after begin(true)")
  C:endAppearanceTransition()
  expect [[
    C.viewDidAppear(true)
  ]]
  expect.equal(C.appearance, "appeared", "after end")

  C:beginAppearanceTransition(false, false)
  expect [[
    C.viewWillDisappear(false)
  ]]
  expect.equal(C.appearance, "disappearing", "after begin(false)")
  C:endAppearanceTransition()
  expect [[
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "after end")
  -- None of this needed a window (G-02's exception).
  expect.equal(C.view.window, nil, "no window involved")
end)

scenario("VCPG 5-5: container forwards from its own callbacks", function()
  local C = Controller "C"
  local P = forwardingContainer("P", C)
  local win = Window { root = P }
  expect [[
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
    P.viewWillAppear(false)
    C.viewWillAppear(false)
  ]]
  settle()
  expect [[
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
  expect.equal(C.appearance, "appeared", "C after appearing")

  win.isHidden = true
  expect [[
    P.viewWillDisappear(false)
    C.viewWillDisappear(false)
  ]]
  settle()
  expect [[
    P.viewDidDisappear(false)
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "C after disappearing")

  win:makeKeyAndVisible()
  settle()
  expect [[
    P.viewWillAppear(false)
    C.viewWillAppear(false)
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
  expect.equal(P.children, { C }, "P.children")
  expect.equal(C.parent, P, "C.parent")
end)

scenario("CON-08: without the forwarding code the child gets nothing", function()
  local C = Controller "C"
  local P = Controller {
    "P",
    shouldAutomaticallyForwardAppearanceMethods = false,
    viewDidLoad = function(self)
      self:addChild(C)
      self.view:addSubview(C.view)
      C:didMove(self)
    end,
  }
  local win = Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]
  expect.equal(P.appearance, "appeared", "P")
  expect.equal(C.appearance, "disappeared", "C is on screen but was never told")
  expect.equal(C.view.window, win, "C's view is in the window")
end)

scenario("adding a child to a visible manual container: the container forwards by hand", function()
  local P = Controller { "P", shouldAutomaticallyForwardAppearanceMethods = false }
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]

  local D = Controller "D"
  P:addChild(D)
  P.view:addSubview(D.view)
  expect [[
    D.willMove(toParent: P)
    D.viewDidLoad()
  ]]
  D:beginAppearanceTransition(true, false)
  D:didMove(P)
  settle()
  expect [[
    D.viewWillAppear(false)
    D.didMove(toParent: P)
  ]]
  expect.equal(D.appearance, "appearing", "nothing ends the transition but the container")
  D:endAppearanceTransition()
  expect [[
    D.viewDidAppear(false)
  ]]
  expect.equal(D.appearance, "appeared", "D")
end)
