-- SB-03 (issue 21, M-16): a controller presented full screen takes the status bar from the
-- window's root for as long as it is presented; a sheet (or overFullScreen, or a popover) does
-- not, unless it sets modalPresentationCapturesStatusBarAppearance, which a full-screen one
-- need not. The decision moves as the presentation begins, and back as the dismissal begins.
--
-- Sources: SB-03 [DOC] AD modalPresentationCapturesStatusBarAppearance ("status bar appearance
-- control is transferred … only if the presented controller's modalPresentationStyle value is
-- fullScreen"; "The system ignores this property's value for a view controller presented
-- fullscreen"; default false) + [DOC] H17 childForStatusBar…; SB-06 [INF] (the decision moves
-- with control at full-screen present and dismiss). Tags: statusbar, presentation.
-- Decisions: D-137 (who decides: only the resolved fullScreen style transfers), D-138 (the
-- window asks at the end of each turn a transition began or ended in).

local function root()
  local a = Controller { "A", preferredStatusBarStyle = "darkContent" }
  local win = Window { root = a }
  settle()
  return win, a
end

scenario("a full-screen presented controller decides while presented", function()
  local win, a = root()
  local m = Controller { "M", modalPresentationStyle = "fullScreen", preferredStatusBarStyle = "lightContent",
    prefersStatusBarHidden = true }
  a:present(m)
  advance(0.1)
  expect.equal(win.statusBarStyle, "lightContent", "M decides from the start of its presentation")
  expect.equal(win.isStatusBarHidden, true)
  settle()
  trace.include "statusbar"
  trace.clear()
  m:setNeedsStatusBarAppearanceUpdate()
  expect [[
    M.childForStatusBarStyle()
    M.preferredStatusBarStyle()
    M.childForStatusBarHidden()
    M.prefersStatusBarHidden()
  ]]
  m:dismiss()
  settle()
  expect.equal(win.statusBarStyle, "darkContent", "back to the root once dismissed")
  expect.equal(win.isStatusBarHidden, false)
end)

scenario("a sheet that does not capture leaves the status bar to the root; one that captures takes it", function()
  local win, a = root()
  local sheet = Controller { "Sheet", modalPresentationStyle = "pageSheet", preferredStatusBarStyle = "lightContent" }
  a:present(sheet)
  settle()
  expect.equal(win.statusBarStyle, "darkContent", "a sheet does not take it by default")
  sheet:dismiss()
  settle()
  local capturing = Controller { "Capturing", modalPresentationStyle = "pageSheet",
    preferredStatusBarStyle = "lightContent", modalPresentationCapturesStatusBarAppearance = true }
  a:present(capturing)
  settle()
  expect.equal(win.statusBarStyle, "lightContent", "a capturing sheet takes it")
  capturing:dismiss()
  settle()
  expect.equal(win.statusBarStyle, "darkContent")
end)

scenario("overFullScreen takes it only when capturing; full screen ignores the flag", function()
  local win, a = root()
  local over = Controller { "Over", modalPresentationStyle = "overFullScreen", preferredStatusBarStyle = "lightContent" }
  a:present(over)
  settle()
  expect.equal(win.statusBarStyle, "darkContent", "overFullScreen is not fullScreen")
  over.modalPresentationCapturesStatusBarAppearance = true
  expect.equal(win.statusBarStyle, "darkContent", "the flag is read when the window next asks")
  over:setNeedsStatusBarAppearanceUpdate()
  expect.equal(win.statusBarStyle, "lightContent")
  over:dismiss()
  settle()
  local full = Controller { "Full", modalPresentationStyle = "fullScreen", preferredStatusBarStyle = "lightContent",
    modalPresentationCapturesStatusBarAppearance = false }
  a:present(full)
  settle()
  expect.equal(win.statusBarStyle, "lightContent", "the flag is ignored for a full-screen presentation")
end)

scenario("a presentation above a full-screen one: the top-most that takes it decides", function()
  local win, a = root()
  local m = Controller { "M", modalPresentationStyle = "fullScreen", preferredStatusBarStyle = "lightContent" }
  a:present(m, false)
  settle()
  local sheet = Controller { "Sheet", modalPresentationStyle = "formSheet", preferredStatusBarStyle = "default" }
  m:present(sheet, false)
  settle()
  expect.equal(win.statusBarStyle, "lightContent", "M keeps it under a sheet that does not capture")
  sheet:dismiss(false)
  settle()
  local top = Controller { "Top", modalPresentationStyle = "fullScreen", preferredStatusBarStyle = "default" }
  m:present(top, false)
  settle()
  expect.equal(win.statusBarStyle, "default", "the top full-screen one decides")
end)
