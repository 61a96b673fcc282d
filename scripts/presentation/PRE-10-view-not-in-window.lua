-- PRE-10  Presenting from a controller whose view is not in the window hierarchy.
-- Also: M-10 / M-11 (ignored with UIKit's warning, names for <Class: 0x…>), PRE-17 (the
-- completion never runs), G-02 (a view not in a shown window), APP-01 (the root's view loads
-- when it is assigned, before the window shows it).
--
-- Sources: [OBS] ignored, completion never runs. Old text `Warning: Attempt to present <X> on
-- <Y> whose view is not in the window hierarchy!` (2015); modern `[Presentation] Attempt to
-- present <X> on <Y> (from <Y>) whose view is not in the window hierarchy.` — "UIKit drops
-- the presentation without an error, so the … promise never settles" (RN code comment).
-- Typical cause: presenting from viewDidLoad, or from a controller already covered or gone.
-- Under the default profile (iOS 17) the modern form, named (D-30).
-- The presenter's view is loaded before each presentation is tried: whether UIKit's check
-- loads an unloaded presenter's view is not known, and is not what these scenarios are about.
-- What the scenarios show: a controller in no window; a child of a container in no window
-- (the container is named, the caller follows "from"); a root in a hidden window
-- `Window { root = a, visible = false }`, and the same window once shown; a window hidden
-- after launch; the root presenting from its own viewDidLoad; an old root after the window's
-- root was replaced. Each time nothing is linked, the presented controller never loads, and
-- the completion is never called.
-- DECISIONS (docs/DECISIONS.md): D-30 (checks and text; a hidden window counts as not in the
-- window hierarchy), D-5 (a window's root view loads when assigned), D-29 (the presenter).

local function fullScreen(name)
  return Controller { name, modalPresentationStyle = "fullScreen" }
end

local function nothingChanged(presenter, B)
  expect.equal(presenter.presentedViewController, nil, presenter.name .. ".presentedViewController")
  expect.equal(B.presentingViewController, nil, B.name .. ".presentingViewController")
  expect.equal(B.isBeingPresented, false, B.name .. ".isBeingPresented")
  expect.equal(B.isViewLoaded, false, B.name .. " never loads")
end

scenario("a controller in no window", function()
  local A = Controller "A"
  A:loadViewIfNeeded()
  trace.clear()
  local B = fullScreen("B")
  A:present(B, true, function() note("presented") end)
  expect [[
    warning: Attempt to present B on A (from A) whose view is not in the window hierarchy.
  ]]
  settle()
  expect [[
  ]]
  nothingChanged(A, B)
  expect.equal(A.appearance, "disappeared", "A")
end)

scenario("the child of a container in no window: the container presents, the child is the caller", function()
  local A = Controller "A"
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(A)
      self.view:addSubview(A.view)
      A:didMove(self)
    end,
  }
  P:loadViewIfNeeded()
  trace.clear()
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    warning: Attempt to present B on P (from A) whose view is not in the window hierarchy.
  ]]
  nothingChanged(P, B)
end)

scenario("the root of a hidden window; then the window is shown and the same call works", function()
  local A = Controller "A"
  local win = Window { root = A, visible = false }
  settle()
  trace.clear()
  local B = fullScreen("B")
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    warning: Attempt to present B on A (from A) whose view is not in the window hierarchy.
  ]]
  nothingChanged(A, B)
  win:makeKeyAndVisible()
  settle()
  expect [[
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: presented
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
end)

scenario("a window hidden after launch", function()
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  win.isHidden = true
  settle()
  trace.clear()
  local B = fullScreen("B")
  A:present(B, false, function() note("presented") end)
  settle()
  expect [[
    warning: Attempt to present B on A (from A) whose view is not in the window hierarchy.
  ]]
  nothingChanged(A, B)
end)

scenario("the root presenting from its own viewDidLoad: its view is not in the window yet", function()
  local B = fullScreen("B")
  local A = Controller {
    "A",
    viewDidLoad = function(self)
      self:present(B, false, function() note("presented") end)
    end,
  }
  Window { root = A }
  settle()
  expect [[
    A.viewDidLoad()
    warning: Attempt to present B on A (from A) whose view is not in the window hierarchy.
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
  nothingChanged(A, B)
end)

scenario("an old root, after the window's root was replaced", function()
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  win.rootViewController = Controller "R"
  settle()
  trace.clear()
  local B = fullScreen("B")
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    warning: Attempt to present B on A (from A) whose view is not in the window hierarchy.
  ]]
  nothingChanged(A, B)
end)
