-- TABLE-8.1  Which callbacks the presenting controller gets, per style as resolved.
-- Also: A-10 (where the content underneath stays visible the presenter gets no
-- viewWillDisappear/viewDidDisappear), PRE-01/02 (fullScreen), PRE-03 (sheets), PRE-05 (over
-- styles, custom), PRE-15 (popover in a compact width), PRE-16 (automatic), §16.1-§16.3,
-- §18.10, §15 (presenting with .none).
--
-- Sources, per row of table 8.1: fullScreen [DOC fullScreen; O-regularberry iPhone YES /
-- iPad YES; O-velog-rudin; O-juejin; michaellong]; pageSheet, formSheet iOS 13+ [O-velog-rudin,
-- O-velog-yeahg, O-juejin; O-regularberry iPad NO]; automatic (iOS 13+ default, resolves to
-- pageSheet for a plain UIViewController) [H17]; overFullScreen [DOC overFullScreen;
-- O-regularberry NO/NO]; currentContext [O-regularberry YES/YES, the context controller];
-- overCurrentContext [O-regularberry NO/NO]; custom [H17-PC shouldRemovePresentersView default
-- false; O-regularberry NO/NO; mo4tech/juejin]; popover regular width [O-regularberry iPad NO];
-- popover compact width [O-regularberry iPhone YES; conflict PRE-15: VCPG says
-- overFullScreen, UIPresentationController.h says fullScreen]; none [O-regularberry "CRASH";
-- DOC: do not present with .none].
-- Rule's traces: a style that removes the presenter's view gives
-- B.viewDidLoad -> A.viewWillDisappear -> B.viewWillAppear -> B.viewDidAppear ->
-- A.viewDidDisappear, and on dismissal B.viewWillDisappear -> A.viewWillAppear ->
-- A.viewDidAppear -> B.viewDidDisappear; the others give B's callbacks only.
-- What the scenarios show: one scenario per style as resolved, each presenting from a plain
-- window root and dismissing, with modalPresentationStyle and
-- presentationController.presentationStyle read while presented; popover in a regular
-- window and in the default compact iPhone window; none raising.
-- DECISIONS (docs/DECISIONS.md): D-28 (which styles bracket the presenter), D-29 (who
-- presents: with no context defined, a current-context style is presented by the window's
-- root), D-30 (presenting with style none raises NSInvalidArgumentException with the
-- sandbox's wording), D-31 (window traits), D-32 (a popover in a compact environment becomes
-- fullScreen, PRE-15 resolved for the SDK header; sheets stay sheets in a compact width from
-- iOS 13; custom and the current-context styles stay).

-- A, the window's root (window options merged in), and B with `style`; settled.
local function setup(style, options)
  local A = Controller "A"
  local spec = options or {}
  spec.root = A
  Window(spec)
  settle()
  trace.clear()
  local B = Controller { "B", modalPresentationStyle = style }
  return A, B
end

local REGULAR = { size = { 1024, 1366 } }

scenario("fullScreen: A gets willDisappear/didDisappear, then willAppear/didAppear", function()
  local A, B = setup("fullScreen")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "fullScreen", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("pageSheet (iOS 13+, compact width): A gets nothing", function()
  local A, B = setup("pageSheet")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "pageSheet", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("formSheet (iOS 13+, compact width): A gets nothing", function()
  local A, B = setup("formSheet")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "formSheet", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "formSheet", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("automatic: resolves to pageSheet, A gets nothing", function()
  local A, B = setup("automatic")
  expect.equal(B.modalPresentationStyle, "pageSheet", "modalPresentationStyle reads a concrete style (PRE-16)")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("overFullScreen: A gets nothing", function()
  local A, B = setup("overFullScreen")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "overFullScreen", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "overFullScreen", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("currentContext: the context (here the window's root) gets its callbacks", function()
  local A, B = setup("currentContext")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.modalPresentationStyle, "currentContext", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "currentContext", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("overCurrentContext: A gets nothing", function()
  local A, B = setup("overCurrentContext")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "overCurrentContext", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "overCurrentContext", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("custom (shouldRemovePresentersView false by default): A gets nothing", function()
  local A, B = setup("custom")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "custom", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "custom", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("popover in a regular window (iPad): stays a popover, A gets nothing", function()
  local A, B = setup("popover", REGULAR)
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "popover", "modalPresentationStyle")
  expect.equal(B.presentationController.presentationStyle, "popover", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("popover in the default compact iPhone window: adapts to fullScreen, A gets its callbacks", function()
  local A, B = setup("popover")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.modalPresentationStyle, "popover", "modalPresentationStyle: the style asked")
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "presentationStyle: the style in effect (D-32)")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("none: presenting raises NSInvalidArgumentException and changes nothing", function()
  local A, B = setup("none")
  expect.equal(B.modalPresentationStyle, "none", "modalPresentationStyle")
  local completed = false
  expect.error(function() A:present(B, true, function() completed = true end) end, "NSInvalidArgumentException")
  settle()
  expect [[
  ]]
  expect.equal(completed, false, "no completion")
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController")
  expect.equal(B.isBeingPresented, false, "B.isBeingPresented")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(B.appearance, "disappeared", "B")
end)

-- The same table for other presenters. Each style is presented and dismissed in turn by the
-- same caller, with the presented controller named after its style (`pageSheetVC`); the
-- expected blocks name the controllers that present (D-29) and get callbacks.
local REMOVES = { fullScreen = true, currentContext = true, popover = true } -- popover: adapted (compact)
local STYLES = { "fullScreen", "pageSheet", "formSheet", "automatic", "overFullScreen", "currentContext",
  "overCurrentContext", "custom", "popover" }

-- The expected blocks for presenting `B` over `presenters` (parent first) and dismissing it.
local function expected(B, presenters, removes)
  local present, dismiss = { B .. ".viewDidLoad()" }, { B .. ".viewWillDisappear(true)" }
  if removes then
    for _, p in ipairs(presenters) do present[#present + 1] = p .. ".viewWillDisappear(true)" end
  end
  present[#present + 1] = B .. ".viewWillAppear(true)"
  present[#present + 1] = B .. ".viewDidAppear(true)"
  if removes then
    for _, p in ipairs(presenters) do present[#present + 1] = p .. ".viewDidDisappear(true)" end
    for _, p in ipairs(presenters) do dismiss[#dismiss + 1] = p .. ".viewWillAppear(true)" end
    for _, p in ipairs(presenters) do dismiss[#dismiss + 1] = p .. ".viewDidAppear(true)" end
  end
  dismiss[#dismiss + 1] = B .. ".viewDidDisappear(true)"
  return table.concat(present, "\n"), table.concat(dismiss, "\n")
end

-- Presents each style from `caller`, expecting `presenters(style)` to be bracketed when the
-- style removes the presenter's view, and `presentingViewController == presenter(style)`.
local function eachStyle(caller, presenter, bracketed)
  for _, style in ipairs(STYLES) do
    local B = Controller { style .. "VC", modalPresentationStyle = style }
    caller:present(B)
    settle()
    local present, dismiss = expected(B.name, bracketed(style), REMOVES[style])
    expect(present)
    expect.equal(B.presentingViewController, presenter(style), style .. ": presentingViewController")
    B:dismiss()
    settle()
    expect(dismiss)
  end
end

scenario("every style from the child of a navigation controller: Nav presents, Nav and A bracketed", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  -- The full-screen family is presented by the top of the tree (Nav, the window's root); the
  -- current-context styles by Nav, which defines the context (NAV-15). Either way Nav.
  eachStyle(A, function() return nav end, function() return { "Nav", "A" } end)
end)

scenario("every style from a tab: Tabs presents, Tabs and T1 bracketed", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  Window { root = tabs }
  settle()
  trace.clear()
  -- No controller defines a context: the window's root presents every style (D-29).
  eachStyle(T1, function() return tabs end, function() return { "Tabs", "T1" } end)
end)

scenario("every style from a presented (fullScreen) controller: it presents and is bracketed, A is not", function()
  local A = Controller "A"
  local P = Controller { "P", modalPresentationStyle = "fullScreen" }
  Window { root = A }
  settle()
  A:present(P)
  settle()
  trace.clear()
  -- A presented controller presents over itself; the current-context styles with no context
  -- are presented by the caller's own tree, P (D-29, PRE-07's empirical rule).
  eachStyle(P, function() return P end, function() return { "P" } end)
  expect.equal(A.appearance, "disappeared", "A stays covered by P")
end)
