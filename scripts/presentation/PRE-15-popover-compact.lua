-- PRE-15  A popover in a compact environment: CONFLICT, resolved for fullScreen.
-- Also: §16.3 (the conflict), table 8.1 (popover regular: no presenter callbacks; compact:
-- callbacks observed on iPhone), PRE-14 (the delegate may choose), A-13, APP-06.
--
-- Sources: [?] VCPG: "In a horizontally compact environment, popovers adapt to the
-- UIModalPresentationOverFullScreen presentation style by default." H17-PC: the popover
-- presentation controller returns .fullScreen when the delegate does not implement the
-- adaptive method. O-regularberry (iOS 12, iPhone) observed the presenter DOES get
-- viewWillAppear on dismissal, consistent with .fullScreen; O-regularberry (iPad) shows no
-- presenter callbacks for a popover in a regular width. BEHAVIOR.md recommends .fullScreen.
-- The engine takes .fullScreen (D-32); a delegate that answers "overFullScreen" gives VCPG's
-- behaviour.
-- What the scenarios show: in the default iPhone window (compact width) a popover is presented
-- full screen, with the presenter's callbacks on present and dismiss, while it still reads
-- modalPresentationStyle "popover"; in a compact height with a regular width the same; in a
-- regular window (iPad) it stays a popover and the presenter gets nothing; a delegate
-- answering "overFullScreen" keeps the presenter on screen.
-- DECISIONS (docs/DECISIONS.md): D-32 (popovers become fullScreen in any compact environment;
-- the delegate's answers; presentationController.presentationStyle), D-31 (window traits).

local function setUp(options)
  local A = Controller "A"
  local spec = options or {}
  spec.root = A
  Window(spec)
  settle()
  trace.clear()
  return A, Controller { "B", modalPresentationStyle = "popover" }
end

scenario("compact width: full screen, with the presenter's callbacks both ways", function()
  local A, B = setUp()
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
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "the style in effect")
  expect.equal(B.modalPresentationStyle, "popover", "the style asked")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
end)

scenario("compact height, regular width: full screen too", function()
  local A, B = setUp { size = { 932, 430 } }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "fullScreen", "the style in effect")
end)

scenario("regular window: a popover, and the presenter gets nothing", function()
  local A, B = setUp { size = { 1024, 1366 } }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "popover", "the style in effect")
  expect.equal(A.appearance, "appeared", "A")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("compact width, the delegate answers overFullScreen: VCPG's behaviour", function()
  local A, B = setUp()
  B.presentationController.delegate = {
    adaptivePresentationStyle = function(pc, traits) return "overFullScreen" end,
  }
  B:loadViewIfNeeded()
  trace.clear()
  A:present(B)
  settle()
  expect [[
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "overFullScreen", "the style in effect")
  expect.equal(A.appearance, "appeared", "A stays on screen")
end)
