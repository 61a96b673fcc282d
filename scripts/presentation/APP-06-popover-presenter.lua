-- APP-06  A controller inside a popover presents: it is not called back when what it
-- presented is dismissed.
-- Also: PRE-15 (a popover in a regular-width window stays a popover), table 8.1 (a popover
-- leaves the presenter's view in place), M-8 / TIM-02 (presentations begin after the commit).
--
-- Source: [DOC] viewWillAppear(_:) and viewDidAppear(_:): "If a view controller is presented
-- by a view controller inside of a popover, this method is not invoked on the presenting
-- view controller after the presented controller is dismissed."
-- The documentation says nothing of viewWillDisappear/viewDidDisappear when the popover's
-- controller presents. The engine keeps the popover's controller out of both directions: it
-- stays in its popover, under what it presented, with no appearance calls, so that it is
-- never left disappeared while on screen.
-- DECISIONS (docs/DECISIONS.md): D-57 (a presenter inside a popover), D-32 (popovers adapt
-- only in a compact environment: this scenario uses an iPad-sized window).

local function popoverShown()
  local Root = Controller "Root"
  local win = Window { root = Root, size = { 1024, 1366 } }
  local Pop = Controller { "Pop", modalPresentationStyle = "popover" }
  Root:present(Pop)
  settle()
  trace.clear()
  return Root, Pop, win
end

scenario("the popover's controller presents full screen and gets nothing back on the dismissal", function()
  local Root, Pop = popoverShown()
  local X = Controller { "X", modalPresentationStyle = "fullScreen" }
  Pop:present(X)
  settle()
  expect [[
    X.viewDidLoad()
    X.viewWillAppear(true)
    X.viewDidAppear(true)
  ]]
  expect.equal(X.presentingViewController, Pop, "Pop presents X")
  expect.equal(Pop.appearance, "appeared", "Pop stays in its popover")
  X:dismiss()
  settle()
  -- APP-06: no viewWillAppear or viewDidAppear for Pop.
  expect [[
    X.viewWillDisappear(true)
    X.viewDidDisappear(true)
  ]]
  expect.equal(Pop.presentedViewController, nil, "X is gone")
  expect.equal(Pop.appearance, "appeared", "Pop")
end)

scenario("outside a popover the same presenter is called back (table 8.1, PRE-02)", function()
  local Root = Controller "Root"
  Window { root = Root, size = { 1024, 1366 } }
  settle()
  trace.clear()
  local X = Controller { "X", modalPresentationStyle = "fullScreen" }
  Root:present(X)
  settle()
  X:dismiss()
  settle()
  expect [[
    X.viewDidLoad()
    Root.viewWillDisappear(true)
    X.viewWillAppear(true)
    X.viewDidAppear(true)
    Root.viewDidDisappear(true)
    X.viewWillDisappear(true)
    Root.viewWillAppear(true)
    Root.viewDidAppear(true)
    X.viewDidDisappear(true)
  ]]
end)

scenario("a popover adapted to full screen in a compact width is no popover: its presenter is called back", function()
  local Root = Controller "Root"
  Window { root = Root }
  local Pop = Controller { "Pop", modalPresentationStyle = "popover" }
  Root:present(Pop)
  settle()
  expect.equal(Pop.presentationController.presentationStyle, "fullScreen", "adapted (PRE-15, D-32)")
  trace.clear()
  local X = Controller { "X", modalPresentationStyle = "fullScreen" }
  Pop:present(X)
  settle()
  X:dismiss()
  settle()
  expect [[
    X.viewDidLoad()
    Pop.viewWillDisappear(true)
    X.viewWillAppear(true)
    X.viewDidAppear(true)
    Pop.viewDidDisappear(true)
    X.viewWillDisappear(true)
    Pop.viewWillAppear(true)
    Pop.viewDidAppear(true)
    X.viewDidDisappear(true)
  ]]
end)
