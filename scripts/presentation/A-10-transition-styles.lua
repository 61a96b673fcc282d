-- A-10  Presentation styles and transition styles.
-- Also: PRE-07 (a context that provides its transition style), table 8.1, PRE-14 and §16.2
-- (sheets adapt only in a compact height from iOS 13), M-8, SPEC §3.3 (style names are
-- UIKit's case names; a misspelt name is an error that lists the valid ones).
--
-- Sources: [DOC] seed 004 (A-10: "fullScreen removes the presenter's view after the
-- transition; overFullScreen keeps it; where the content underneath stays visible (over
-- styles, sheets) the presenter gets no viewWillDisappear/viewDidDisappear. Sheets in a
-- compact-height environment become full screen. Transition styles: coverVertical
-- (default), flipHorizontal, crossDissolve, partialCurl"); VCPG (the context controller's
-- providesPresentationContextTransitionStyle == true means its modalTransitionStyle is
-- used); DOC modalTransitionStyle (partialCurl needs the fullScreen presentation style, or
-- an exception is raised); O-hackworth, O-velog (iOS 13+ sheets are cards in a compact width).
-- Rule's traces: as PRE-01/PRE-02 for fullScreen (the transition style does not change the
-- callbacks), as PRE-03 for a sheet.
-- What the scenarios show: the transition style names and default; the style a presentation
-- animates with (presentationController.transitionStyle) from the presented controller, or
-- from a context controller that provides it for a currentContext / overCurrentContext
-- presentation, but not for other styles; partialCurl raising with any presentation style
-- but fullScreen, and working with fullScreen; a compact-height window turning pageSheet and
-- formSheet into fullScreen (with the presenter's callbacks), from a plain root, a
-- navigation controller's child, a tab and a presented controller, against sheets staying
-- sheets in the default compact-width window; the presenter's view leaving with fullScreen and
-- staying with overFullScreen.
-- DECISIONS (docs/DECISIONS.md): D-32 (adaptation; presentationController.transitionStyle
-- is the sandbox's addition, UIKit has no such property; partialCurl's exception text is
-- ours), D-31 (a height under 500 points is compact; 844 wide on its side is compact too),
-- D-29 (the current-context presenter), D-28.

local COMPACT_HEIGHT = { size = { 844, 390 } }

local function shown(root, options)
  local spec = options or {}
  spec.root = root
  local win = Window(spec)
  settle()
  trace.clear()
  return win
end

scenario("transition style names: coverVertical by default, the four of A-10 settable", function()
  local B = Controller "B"
  expect.equal(B.modalTransitionStyle, "coverVertical", "the default")
  for _, style in ipairs({ "flipHorizontal", "crossDissolve", "partialCurl", "coverVertical" }) do
    B.modalTransitionStyle = style
    expect.equal(B.modalTransitionStyle, style, style)
  end
  local C = Controller { "C", modalTransitionStyle = "crossDissolve" }
  expect.equal(C.modalTransitionStyle, "crossDissolve", "set in the constructor")
  expect.error(function() B.modalTransitionStyle = "dissolve" end, "crossDissolve") ---@diagnostic disable-line: assign-type-mismatch
  expect.equal(B.modalTransitionStyle, "coverVertical", "unchanged by the misspelt name")
  expect.equal(B.presentationController.transitionStyle, "coverVertical",
    "presentationController.transitionStyle before any presentation: B's own")
end)

scenario("the presentation animates with the presented controller's style; the callbacks are those of fullScreen", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen", modalTransitionStyle = "flipHorizontal" }
  A:present(B)
  expect.equal(B.presentationController.transitionStyle, "flipHorizontal", "transitionStyle")
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(now(), 0.5, "0.5 s, whatever the transition style (M-4)")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("crossDissolve on a sheet presented from a navigation controller's child", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  shown(nav)
  local B = Controller { "B", modalTransitionStyle = "crossDissolve" }
  A:present(B)
  expect.equal(B.presentationController.transitionStyle, "crossDissolve", "transitionStyle")
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
end)

scenario("a context that provides its transition style supplies it to a currentContext presentation", function()
  local A = Controller "A"
  local nav = NavigationController {
    "Nav", A,
    modalTransitionStyle = "crossDissolve",
    providesPresentationContextTransitionStyle = true,
  }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "currentContext", modalTransitionStyle = "flipHorizontal" }
  A:present(B)
  expect.equal(B.presentingViewController, nav, "Nav is the context (NAV-15)")
  expect.equal(B.presentationController.transitionStyle, "crossDissolve", "the context's style (PRE-07)")
  expect.equal(B.modalTransitionStyle, "flipHorizontal", "B's own property is unchanged")
  settle()
  expect [[
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("the same for overCurrentContext, with a controller defining its own context", function()
  local A = Controller {
    "A",
    definesPresentationContext = true,
    providesPresentationContextTransitionStyle = true,
    modalTransitionStyle = "flipHorizontal",
  }
  local T2 = Controller "T2"
  local tabs = TabBarController { "Tabs", A, T2 }
  shown(tabs)
  local B = Controller { "B", modalPresentationStyle = "overCurrentContext" }
  A:present(B)
  expect.equal(B.presentingViewController, A, "A is the context")
  expect.equal(B.presentationController.transitionStyle, "flipHorizontal", "A's style")
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
end)

scenario("a context that does not provide its transition style: the presented controller's own", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A, modalTransitionStyle = "crossDissolve" }
  expect.equal(nav.providesPresentationContextTransitionStyle, false, "the default")
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  A:present(B)
  expect.equal(B.presentationController.transitionStyle, "coverVertical", "B's own")
end)

scenario("providing the transition style matters only to the current-context styles", function()
  local A = Controller "A"
  local nav = NavigationController {
    "Nav", A,
    modalTransitionStyle = "crossDissolve",
    providesPresentationContextTransitionStyle = true,
  }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "fullScreen", modalTransitionStyle = "flipHorizontal" }
  A:present(B)
  expect.equal(B.presentingViewController, nav, "Nav presents (the top of the tree)")
  expect.equal(B.presentationController.transitionStyle, "flipHorizontal", "B's own")
end)

scenario("partialCurl with a style other than fullScreen raises and changes nothing", function()
  local A = Controller "A"
  shown(A)
  for _, style in ipairs({ "pageSheet", "formSheet", "automatic", "overFullScreen", "overCurrentContext", "custom" }) do
    local B = Controller { "B" .. style, modalPresentationStyle = style, modalTransitionStyle = "partialCurl" }
    local completed = false
    expect.error(function() A:present(B, true, function() completed = true end) end, "NSInvalidArgumentException")
    settle()
    expect.equal(A.presentedViewController, nil, style .. ": A.presentedViewController")
    expect.equal(B.presentingViewController, nil, style .. ": B.presentingViewController")
    expect.equal(completed, false, style .. ": no completion")
  end
  expect [[
  ]]
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("partialCurl from a context that provides it, for a currentContext presentation, raises", function()
  local A = Controller "A"
  local nav = NavigationController {
    "Nav", A,
    modalTransitionStyle = "partialCurl",
    providesPresentationContextTransitionStyle = true,
  }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "currentContext" }
  expect.error(function() A:present(B) end, "NSInvalidArgumentException")
  settle()
  expect [[
  ]]
  expect.equal(nav.presentedViewController, nil, "nothing presented")
end)

scenario("partialCurl with fullScreen is presented as fullScreen is", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen", modalTransitionStyle = "partialCurl" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentationController.transitionStyle, "partialCurl", "transitionStyle")
end)

scenario("compact height: a pageSheet is presented full screen, with the presenter's callbacks", function()
  local A = Controller "A"
  local win = shown(A, COMPACT_HEIGHT)
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B)
  expect.equal(B.modalPresentationStyle, "pageSheet", "modalPresentationStyle: the style asked")
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "presentationStyle: the style in effect")
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(A.viewIfLoaded.window, nil, "A's view has left")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(A.view.window, win, "A's view is back")
end)

scenario("compact height: formSheet and the default (automatic) become fullScreen too", function()
  local A = Controller "A"
  shown(A, COMPACT_HEIGHT)
  local B = Controller { "B", modalPresentationStyle = "formSheet" }
  A:present(B)
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "formSheet in effect")
  settle()
  B:dismiss()
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  local C = Controller "C"
  A:present(C)
  expect.equal(C.presentationController.presentationStyle, "fullScreen", "automatic in effect")
  settle()
  expect [[
    C.viewDidLoad()
    A.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("compact height: presenters that are a navigation controller's child, a tab, a presented controller", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local T2 = Controller "T2"
  local tabs = TabBarController { "Tabs", nav, T2 }
  shown(tabs, COMPACT_HEIGHT)
  local B = Controller "B"
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    Tabs.viewWillDisappear(true)
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Tabs.viewDidDisappear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
  ]]
  local C = Controller "C"
  B:present(C)
  settle()
  expect [[
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(C.presentationController.presentationStyle, "fullScreen", "C in effect")
end)

scenario("compact height by traits, and the largest phone on its side (regular width, compact height)", function()
  local A = Controller "A"
  shown(A, { traits = { horizontalSizeClass = "regular", verticalSizeClass = "compact" } })
  local B = Controller "B"
  A:present(B)
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "traits: compact height")
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  local P = Controller "P"
  Window { root = P, size = { 932, 430 } }
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "formSheet" }
  P:present(C)
  expect.equal(C.presentationController.presentationStyle, "fullScreen", "932x430: compact height (D-31)")
  settle()
  expect [[
    C.viewDidLoad()
    P.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    P.viewDidDisappear(true)
  ]]
end)

scenario("a regular window (iPad): sheets stay sheets", function()
  local A = Controller "A"
  shown(A, { size = { 1024, 1366 } })
  local B = Controller "B"
  A:present(B)
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "presentationStyle")
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
end)

scenario("compact width only (the default iPhone window): sheets stay sheets from iOS 13", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B)
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "presentationStyle")
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
end)

scenario("fullScreen removes the presenter's view after the transition; overFullScreen keeps it", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B)
  expect.equal(A.view.window, win, "fullScreen: A's view during the transition")
  settle()
  expect.equal(A.viewIfLoaded.window, nil, "fullScreen: A's view after the transition")
  B:dismiss()
  settle()
  trace.clear()
  local C = Controller { "C", modalPresentationStyle = "overFullScreen" }
  A:present(C)
  settle()
  expect.equal(A.view.window, win, "overFullScreen: A's view after the transition")
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
end)
