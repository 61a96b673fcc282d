-- PRE-16  The default modalPresentationStyle, under both behaviour profiles.
-- Also: §16.1 (iOS 13+ automatic -> pageSheet, no presenter callbacks; before, fullScreen with
-- them), M-8 (automatic resolves to pageSheet from iOS 13, fullScreen before), M-12 (profiles;
-- before iOS 13 traitCollectionDidChange(nil) comes with the first appearance), table 8.1,
-- PRE-01 / PRE-02 / PRE-03 (the orders), APP-01 and TRT-04 (the first appearance's trait call).
--
-- This script runs under `--ios 17` (the default) and `--ios 12`; it reads the profile from the
-- global `ios` and expects the trace of that version.
-- Sources: [DOC H17] modalPresentationStyle "Defaults to UIModalPresentationAutomatic on iOS
-- starting in iOS 13.0, and UIModalPresentationFullScreen on previous versions"; reading a
-- property set to .automatic "will always return a concrete presentation style"; a plain
-- UIViewController resolves to .pageSheet. Apps built with old SDKs kept the old behaviour on
-- iOS 13 (O-hackworth). Table 8.1: pageSheet (iOS 13+) gives the presenter no callbacks;
-- fullScreen gives them. TRT-04 [OBS O-useyourloaf13]: iOS <= 12 calls
-- traitCollectionDidChange(nil) once when a controller is added to the hierarchy; iOS 13+ does
-- not. APP-01 [OBS O-neuburg-rot, iOS 8]: at launch it comes after viewWillAppear, before layout
-- and viewDidAppear; for a presented controller the same place is assumed [INF].
-- The `trait` category is compared by default (SPEC §5). The scenarios about the style leave
-- it out (`trace.exclude "trait"`) so that they show the style alone; the last scenario shows
-- the trait call of the first appearance under each profile.
-- What the scenarios show: the style a plain controller reads, by default and once set to
-- automatic; presenting and dismissing it, with the presenter's callbacks only under iOS 12;
-- the first appearance's traitCollectionDidChange(nil) only under iOS 12.
-- DECISIONS (docs/DECISIONS.md): D-28 (present and dismiss order), D-32 (in the default
-- compact-width window a page sheet stays a sheet from iOS 13; before, the default is already
-- fullScreen).

local function launchedA()
  local A = Controller "A"
  Window { root = A }
  settle()
  trace.clear()
  return A
end

scenario("a plain controller reads a concrete default style", function()
  local B = Controller "B"
  if ios >= 13 then
    expect.equal(B.modalPresentationStyle, "pageSheet", "the default from iOS 13")
  else
    expect.equal(B.modalPresentationStyle, "fullScreen", "the default before iOS 13")
  end
  local C = Controller { "C", modalPresentationStyle = "automatic" }
  expect.equal(C.modalPresentationStyle, B.modalPresentationStyle, "automatic reads as the default")
  C.modalPresentationStyle = "formSheet"
  expect.equal(C.modalPresentationStyle, "formSheet", "a style set reads as set")
end)

scenario("presenting with the default style: the presenter's callbacks only before iOS 13", function()
  trace.exclude "trait"   -- the first appearance's trait call is the last scenario's subject
  local A = launchedA()
  local B = Controller "B"
  A:present(B, true, function() note("presented") end)
  settle()
  if ios >= 13 then
    expect [[
      B.viewDidLoad()
      B.viewWillAppear(true)
      B.viewDidAppear(true)
      note: presented
    ]]
    expect.equal(B.presentationController.presentationStyle, "pageSheet", "the style in effect")
    expect.equal(A.appearance, "appeared", "A stays on screen")
  else
    expect [[
      B.viewDidLoad()
      A.viewWillDisappear(true)
      B.viewWillAppear(true)
      B.viewDidAppear(true)
      A.viewDidDisappear(true)
      note: presented
    ]]
    expect.equal(B.presentationController.presentationStyle, "fullScreen", "the style in effect")
    expect.equal(A.appearance, "disappeared", "A's view left")
  end
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  B:dismiss(true, function() note("dismissed") end)
  settle()
  if ios >= 13 then
    expect [[
      B.viewWillDisappear(true)
      B.viewDidDisappear(true)
      note: dismissed
    ]]
  else
    expect [[
      B.viewWillDisappear(true)
      A.viewWillAppear(true)
      A.viewDidAppear(true)
      B.viewDidDisappear(true)
      note: dismissed
    ]]
  end
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("automatic set explicitly behaves as the default", function()
  trace.exclude "trait"   -- see the last scenario
  local A = launchedA()
  local B = Controller { "B", modalPresentationStyle = "automatic" }
  A:present(B, false)
  settle()
  if ios >= 13 then
    expect [[
      B.viewDidLoad()
      B.viewWillAppear(false)
      B.viewDidAppear(false)
    ]]
  else
    expect [[
      B.viewDidLoad()
      A.viewWillDisappear(false)
      B.viewWillAppear(false)
      B.viewDidAppear(false)
      A.viewDidDisappear(false)
    ]]
  end
end)

scenario("first appearance: traitCollectionDidChange(nil) only before iOS 13 (M-12, TRT-04)", function()
  local A = Controller "A"
  Window { root = A }
  settle()
  if ios >= 13 then
    expect [[
      A.viewDidLoad()
      A.viewWillAppear(false)
      A.viewDidAppear(false)
    ]]
  else
    expect [[
      A.viewDidLoad()
      A.viewWillAppear(false)
      A.traitCollectionDidChange(nil)
      A.viewDidAppear(false)
    ]]
  end
  local B = Controller "B"
  A:present(B)
  settle()
  if ios >= 13 then
    expect [[
      B.viewDidLoad()
      B.viewWillAppear(true)
      B.viewDidAppear(true)
    ]]
  else
    expect [[
      B.viewDidLoad()
      A.viewWillDisappear(true)
      B.viewWillAppear(true)
      B.traitCollectionDidChange(nil)
      B.viewDidAppear(true)
      A.viewDidDisappear(true)
    ]]
  end
  B:dismiss()
  settle()
  if ios >= 13 then
    expect [[
      B.viewWillDisappear(true)
      B.viewDidDisappear(true)
    ]]
  else
    -- A's second appearance: no trait call
    expect [[
      B.viewWillDisappear(true)
      A.viewWillAppear(true)
      A.viewDidAppear(true)
      B.viewDidDisappear(true)
    ]]
  end
  A:present(B)   -- B's second appearance: no viewDidLoad, no trait call (LOAD-09)
  settle()
  if ios >= 13 then
    expect [[
      B.viewWillAppear(true)
      B.viewDidAppear(true)
    ]]
  else
    expect [[
      A.viewWillDisappear(true)
      B.viewWillAppear(true)
      B.viewDidAppear(true)
      A.viewDidDisappear(true)
    ]]
  end
end)
