-- PRE-14  Adaptive presentation: the presentation controller's delegate in a compact window.
-- Also: A-13 (adaptive presentation: "the presentation controller's delegate can return another
-- style, or .none to keep the original"), A-10 (sheets in a compact height become full
-- screen), table 8.1 (which styles the presenter gets callbacks for), §16.2 (iOS 13+ sheets
-- stay cards in a compact width).
--
-- Sources: [DOC] present: "In a horizontally compact environment, the view controller is
-- presented full screen by default". H17-PC: the delegate's
-- adaptivePresentationStyle(for:traitCollection:) may return another style; `.none` means "an
-- adaptation should not happen"; UIFormSheetPresentationController and
-- UIPopoverPresentationController return .fullScreen when the delegate does not implement it.
-- iOS 13+: sheets are cards in a compact width [INF from OBS O-hackworth, O-velog].
-- The default window is an iPhone in portrait (compact width, regular height); a regular
-- window is `size = {1024, 1366}`; a compact height with a regular width is `size = {932, 430}`
-- (D-31). The question is traced under the presented controller:
-- `B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (…))`.
-- B's view is loaded before each presentation: where B.viewDidLoad falls relative to the
-- delegate's question is not documented. The question comes before the presenter's
-- callbacks, since the style it answers decides them.
-- What the scenarios show: in a compact width the delegate's "overFullScreen" and "fullScreen"
-- replace a page sheet (the presenter's callbacks follow the style in effect); "none" keeps a
-- page sheet and a popover (which would otherwise become full screen); an answer that is not
-- an adaptive style leaves the default adaptation; a regular window does not ask;
-- fullScreen and overFullScreen are never asked about; a compact height asks, and without an
-- answer a page sheet becomes full screen.
-- DECISIONS (docs/DECISIONS.md): D-32 (adaptation: who is asked, what the answers do,
-- presentationController.presentationStyle), D-31 (window traits), D-29 (the presenter).

-- A is the root of a window made with `options`; B (loaded) has `style` and, when `answer`
-- is given, a delegate whose adaptivePresentationStyle returns it.
local function setUp(style, answer, options)
  local A = Controller "A"
  local spec = options or {}
  spec.root = A
  Window(spec)
  local B = Controller { "B", modalPresentationStyle = style }
  B:loadViewIfNeeded()
  if answer ~= nil then
    B.presentationController.delegate = {
      adaptivePresentationStyle = function(pc, traits)
        if answer == "nil" then return nil end
        return answer
      end,
    }
  end
  settle()
  trace.clear()
  return A, B
end

scenario("compact width: the delegate's overFullScreen replaces a page sheet", function()
  local A, B = setUp("pageSheet")
  B.presentationController.delegate = {
    adaptivePresentationStyle = function(pc, traits)
      note("asked for " .. pc.presentedViewController.name .. " in " .. traits.horizontalSizeClass
        .. "/" .. traits.verticalSizeClass)
      return "overFullScreen"
    end,
  }
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    note: asked for B in compact/regular
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "overFullScreen", "the style in effect")
  expect.equal(B.modalPresentationStyle, "pageSheet", "the style asked is unchanged")
  expect.equal(A.appearance, "appeared", "A stays (overFullScreen, table 8.1)")
end)

scenario("compact width: the delegate's fullScreen replaces a page sheet, and A gets its callbacks", function()
  local A, B = setUp("pageSheet", "fullScreen")
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "the style in effect")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("compact width: none keeps a page sheet", function()
  local A, B = setUp("pageSheet", "none")
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "the style in effect")
end)

scenario("compact width: none keeps a popover, which would otherwise be full screen", function()
  local A, B = setUp("popover", "none")
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "popover", "the style in effect")
  expect.equal(A.appearance, "appeared", "A (a popover leaves it on screen)")
end)

scenario("compact width: an answer that is no adaptive style leaves the default adaptation", function()
  local A, B = setUp("popover", "currentContext")
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "a popover's default adaptation")
end)

scenario("a regular window does not ask", function()
  local A, B = setUp("pageSheet", "fullScreen", { size = { 1024, 1366 } })
  A:present(B)
  settle()
  expect [[
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "the style in effect")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("fullScreen and overFullScreen never adapt: no question", function()
  local A, B = setUp("fullScreen", "pageSheet")
  A:present(B)
  settle()
  expect [[
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "B's style in effect")
  local A2 = Controller "A2"
  Window { root = A2 }
  local C = Controller { "C", modalPresentationStyle = "overFullScreen" }
  C:loadViewIfNeeded()
  C.presentationController.delegate = {
    adaptivePresentationStyle = function(pc, traits) return "fullScreen" end,
  }
  settle()
  trace.clear()
  A2:present(C)
  settle()
  expect [[
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
  expect.equal(C.presentationController.presentationStyle, "overFullScreen", "C's style in effect")
end)

scenario("compact height: the question names both size classes; unanswered, a page sheet is full screen", function()
  local A, B = setUp("pageSheet", "nil", { size = { 932, 430 } })
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .regular, verticalSizeClass: .compact))
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "A-10: a sheet in a compact height")
end)
