-- §16.1 / §16.2  Page and form sheets in a compact width, under both behaviour profiles.
-- Also: table 8.1 (sheets iOS 13+ or iPad: no presenter callbacks; sheets on iPhone before
-- iOS 13: adapted to fullScreen, callbacks), A-10 (sheets in a compact height become full
-- screen), A-13 / PRE-14 (adaptation; the delegate's "none"), M-8, M-12.
--
-- This script runs under `--ios 17` (the default) and `--ios 12`; it reads the profile from the
-- global `ios` and expects the trace of that version.
-- Sources: [OBS] §16.2 — pre-13 page/form sheets adapted to full screen in a compact width
-- (presenter callbacks: YES, O-regularberry iPhone, O-hackworth); 13+ shown as cards (NO,
-- O-velog-rudin, O-velog-yeahg, O-juejin). Table 8.1: on iPad before iOS 13 a sheet gave no
-- callbacks (O-regularberry iPad NO). A-10 (seed 004): "Sheets in a compact-height environment
-- become full screen". H17-PC: `.none` from the delegate means no adaptation.
-- Windows: the default iPhone in portrait (390x844: compact width, regular height); an iPad
-- `size = {1024, 1366}` (regular, regular); a large phone on its side `size = {932, 430}`
-- (regular width, compact height), D-31.
-- The `trait` category is left out (`trace.exclude "trait"`): under iOS 12 the first appearance
-- brings traitCollectionDidChange(nil) (M-12), which
-- scripts/profiles/PRE-16-default-style.lua checks; here the subject is the style.
-- What the scenarios show: a form sheet and a page sheet in the default window, presented and
-- dismissed: a card from iOS 13 (no presenter callbacks), full screen before (presenter
-- callbacks); the same sheets in a regular window: cards under both; in a compact height: full
-- screen under both; a delegate answering "none" keeps the sheet under both.
-- DECISIONS (docs/DECISIONS.md): D-32 (page and form sheets become fullScreen in a compact
-- height, and before iOS 13 in a compact width too; "none" keeps the style), D-31 (window
-- traits), D-28 (order).

-- A is the root of a window made with `options`; B has `style`.
local function setUp(style, options)
  trace.exclude "trait"
  local A = Controller "A"
  local spec = options or {}
  spec.root = A
  Window(spec)
  settle()
  trace.clear()
  return A, Controller { "B", modalPresentationStyle = style }
end

local function presentAsCard(A, B)
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    note: presented
  ]]
  expect.equal(A.appearance, "appeared", "A stays on screen")
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
end

local function presentFullScreen(A, B)
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
  expect.equal(A.appearance, "disappeared", "A's view left")
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
end

for _, style in ipairs { "formSheet", "pageSheet" } do
  scenario("a " .. style .. " in the default compact-width window: a card from iOS 13, full screen before", function()
    local A, B = setUp(style)
    if ios >= 13 then
      presentAsCard(A, B)
    else
      presentFullScreen(A, B)
    end
    expect.equal(B.modalPresentationStyle, style, "the style asked is unchanged")
  end)

  scenario("a " .. style .. " in a regular window: a card under both profiles", function()
    local A, B = setUp(style, { size = { 1024, 1366 } })
    presentAsCard(A, B)
  end)

  scenario("a " .. style .. " in a compact-height window: full screen under both profiles", function()
    local A, B = setUp(style, { size = { 932, 430 } })
    presentFullScreen(A, B)
  end)
end

scenario("the style in effect, read from the presentation controller", function()
  local A, B = setUp("formSheet")
  A:present(B, false)
  settle()
  if ios >= 13 then
    expect.equal(B.presentationController.presentationStyle, "formSheet", "a card")
  else
    expect.equal(B.presentationController.presentationStyle, "fullScreen", "adapted")
  end
end)

scenario("a delegate answering none keeps a form sheet in a compact width under both", function()
  local A, B = setUp("formSheet")
  B:loadViewIfNeeded()   -- where viewDidLoad falls relative to the question is not documented
  B.presentationController.delegate = {
    adaptivePresentationStyle = function(pc, traits) return "none" end,
  }
  trace.clear()
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "formSheet", "the style in effect")
  expect.equal(A.appearance, "appeared", "A")
end)
