-- SB-03 with PRE-16 (issue 21, M-16; runs under --ios 12 and 17): a controller presented with
-- the automatic style takes the status bar under iOS 12, where automatic means full screen, and
-- not from iOS 13, where it means a page sheet, unless it captures the status bar appearance.
--
-- Sources: SB-03 [DOC] AD modalPresentationCapturesStatusBarAppearance (control moves only for
-- fullScreen); PRE-16 [DOC] (the automatic style is a page sheet from iOS 13, full screen
-- before). Tags: statusbar, presentation, profiles. Decisions: D-137, D-138.

scenario("automatic presentation: iOS 12 full screen takes the status bar, iOS 13+ sheet does not", function()
  local a = Controller { "A", preferredStatusBarStyle = "darkContent" }
  local win = Window { root = a }
  settle()
  local m = Controller { "M", preferredStatusBarStyle = "lightContent" }
  a:present(m)
  settle()
  expect.equal(m.presentationController.presentationStyle, ios >= 13 and "pageSheet" or "fullScreen")
  expect.equal(win.statusBarStyle, ios >= 13 and "darkContent" or "lightContent")
  m.modalPresentationCapturesStatusBarAppearance = true
  m:setNeedsStatusBarAppearanceUpdate()
  expect.equal(win.statusBarStyle, "lightContent", "capturing, the sheet takes it too")
end)
