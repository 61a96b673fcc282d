-- RES-01, RES-02, RES-03, RES-05, RES-06, LIFE-01 (issue 21, M-16): state preservation and
-- restoration. app.preserveState() asks every controller with a restorationIdentifier, from
-- each window's root down, parents first, to encodeRestorableState(self, coder); it returns
-- the archive as text. app.relaunch { storyboard = sb, restore = archive } ends the app and
-- launches it again in a fresh world (the old handles go stale, the trace goes on), restoring
-- in RES-06's order: willFinishLaunching, shouldRestoreApplicationState, the controllers
-- along the restoration paths found (those the storyboard's initial controller brought) or
-- made from their scenes, decodeRestorableState down the chain, didDecodeRestorableState,
-- applicationFinishedRestoringState down the chain, didFinishLaunching, then the appearance.
--
-- Sources: RES-01 [DOC] (only controllers with an identifier; a controller without one is
-- left out with its children); RES-02 [DOC] AD applicationFinishedRestoringState ("after all
-- object decoding completes"); RES-03 [DOC] AD UINavigationController (its stack bottom to
-- top, only controllers with identifiers) and UITabBarController (the selected tab, by
-- identifier); RES-05 [DOC] DOC-restore + [OBS] O-regularberry-launch (shouldSave, then
-- willEncode, then the controllers, parents first); RES-06 [DOC] DOC-launch steps 3-5,
-- DOC-restore + [OBS] O-neuburg-restore (viewDidLoad before decodeRestorableState; a restoration
-- class that does not conform logs a warning, iOS 8).
-- Decisions: D-142 (the restoration mechanism: implicit finding and making from the
-- storyboard, each view loaded before its decoding, a navigation controller re-linking its
-- stack as its decoding ends, a presented controller presented again once the window shows,
-- the same place on every profile), D-143 (the Lua API: the archive is its text, the coder
-- keeps plain values, relaunch is a fresh world).
-- Fixture: Restore.storyboard (Tabs → [Nav → List, Settings]; Item, Detail, Note to push;
-- restoration identifiers as "Use Storyboard ID" writes them, Note without one).

-- The storyboard, its controllers keeping `value` through restoration.
local function storyboard()
  local sb = Storyboard.load("Restore.storyboard")
  for _, name in ipairs { "List", "Item", "Detail", "Note" } do
    sb:class(name, {
      encodeRestorableState = function(self, coder) coder:encode(self.value, "value") end,
      decodeRestorableState = function(self, coder) self.value = coder:decode("value") end,
    })
  end
  return sb
end

-- Launches, pushes `names` on Nav with a value each, and selects the tab `tab`.
local function launchAndBrowse(sb, names, tab)
  local win = app.launch { storyboard = sb }
  settle()
  local tabs = win.rootViewController
  local nav = tabs.viewControllers[1]
  nav.topViewController.value = "list"
  for _, name in ipairs(names) do
    local vc = sb:instantiateViewController(name)
    vc.value = { name = name, row = #nav.viewControllers }
    nav:pushViewController(vc, false)
    settle()
  end
  if tab then tabs.selectedIndex = tab end
  settle()
  return tabs, nav
end

scenario("tab bar, navigation controller, three controllers: the stack, the selected tab and each value come back", function()
  local sb = storyboard()
  launchAndBrowse(sb, { "Item", "Detail" }, 2)
  trace.clear()
  local archive = app.preserveState()
  expect [[
    AppDelegate.application(shouldSaveApplicationState: coder)
    AppDelegate.application(willEncodeRestorableStateWith: coder)
    Tabs.encodeRestorableState(with: coder)
    Nav.encodeRestorableState(with: coder)
    List.encodeRestorableState(with: coder)
    Item.encodeRestorableState(with: coder)
    Detail.encodeRestorableState(with: coder)
    Settings.encodeRestorableState(with: coder)
  ]]
  local win = app.relaunch { storyboard = sb, restore = archive }
  settle()
  expect.order [[
    Tabs.init(coder:)
    AppDelegate.application(willFinishLaunchingWithOptions: nil)
    AppDelegate.application(shouldRestoreApplicationState: coder)
    Item.init(coder:)
    Detail.init(coder:)
    Tabs.decodeRestorableState(with: coder)
    Nav.decodeRestorableState(with: coder)
    List.decodeRestorableState(with: coder)
    Item.decodeRestorableState(with: coder)
    Detail.decodeRestorableState(with: coder)
    Settings.decodeRestorableState(with: coder)
    AppDelegate.application(didDecodeRestorableStateWith: coder)
    Tabs.applicationFinishedRestoringState()
    Nav.applicationFinishedRestoringState()
    List.applicationFinishedRestoringState()
    Item.applicationFinishedRestoringState()
    Detail.applicationFinishedRestoringState()
    Settings.applicationFinishedRestoringState()
    AppDelegate.application(didFinishLaunchingWithOptions: nil)
    Settings.viewWillAppear(false)
    Settings.viewDidAppear(false)
  ]]
  expect.order [[
    Nav.decodeRestorableState(with: coder)
    Item.willMove(toParent: Nav)
    Item.didMove(toParent: Nav)
    List.decodeRestorableState(with: coder)
  ]]
  expect.none "Detail.viewWillAppear(*)"
  local tabs = win.rootViewController
  expect.equal(tabs.selectedViewController.name, "Settings", "the selected tab, by identifier")
  local nav = tabs.viewControllers[1]
  local stack = {}
  for _, vc in ipairs(nav.viewControllers) do stack[#stack + 1] = vc.name end
  expect.equal(stack, { "List", "Item", "Detail" }, "the stack, bottom to top")
  expect.equal(nav.viewControllers[1].value, "list")
  expect.equal(nav.viewControllers[2].value, { name = "Item", row = 1 })
  expect.equal(nav.viewControllers[3].value, { name = "Detail", row = 2 })
end)

scenario("a controller without an identifier is left out with its children, and a stack keeps those with one", function()
  local sb = storyboard()
  local tabs, nav = launchAndBrowse(sb, { "Note", "Item" })
  -- Note has no restoration identifier: the stack is saved without it.
  trace.clear()
  local archive = app.preserveState()
  expect.none "Note.encodeRestorableState(*)"
  local win = app.relaunch { storyboard = sb, restore = archive }
  settle()
  local stack = {}
  for _, vc in ipairs(win.rootViewController.viewControllers[1].viewControllers) do stack[#stack + 1] = vc.name end
  expect.equal(stack, { "List", "Item" }, "Note is not restored")
  -- The old world's handles are stale, the storyboard's too: the new world's is the root's.
  sb = win.rootViewController.storyboard
  -- Without the navigation controller's identifier, nothing under it is saved either.
  win.rootViewController.viewControllers[1].restorationIdentifier = nil
  trace.clear()
  archive = app.preserveState()
  expect [[
    AppDelegate.application(shouldSaveApplicationState: coder)
    AppDelegate.application(willEncodeRestorableStateWith: coder)
    Tabs.encodeRestorableState(with: coder)
    Settings.encodeRestorableState(with: coder)
  ]]
  win = app.relaunch { storyboard = sb, restore = archive }
  settle()
  expect.none "List.decodeRestorableState(*)"
  local nav2 = win.rootViewController.viewControllers[1]
  expect.equal(#nav2.viewControllers, 1, "the storyboard's own stack: its root")
  expect.equal(nav2.restorationIdentifier, "Nav", "a fresh Nav from the storyboard, with its identifier")
end)

scenario("the archive is text: kept, copied and given back, it restores the same state", function()
  local sb = storyboard()
  launchAndBrowse(sb, { "Item" })
  local archive = app.preserveState()
  expect.equal(type(archive), "string", "a string a script keeps as it likes")
  local copy = table.concat { archive:sub(1, 10), archive:sub(11) }
  local win = app.relaunch { storyboard = sb, restore = copy }
  settle()
  expect.equal(app.preserveState(), archive, "preserved again, the same text")
  local kept = win.rootViewController
  sb = kept.storyboard
  expect.error(function() app.relaunch { storyboard = sb, restore = "{windows = {}}" } end, "not an archive")
  expect.error(function() app.relaunch { storyboard = sb, restore = archive:sub(1, 40) } end, "not an archive")
  expect.equal(kept.name, "Tabs", "a refused relaunch changes nothing: the handles still work")
end)

scenario("a presented controller is saved by its presenter and presented again", function()
  local sb = storyboard()
  local tabs, nav = launchAndBrowse(sb, {})
  local detail = sb:instantiateViewController("Detail")
  detail.value = "shown"
  nav.topViewController:present(detail, false)
  settle()
  local archive = app.preserveState()
  local win = app.relaunch { storyboard = sb, restore = archive }
  settle()
  local list = win.rootViewController.viewControllers[1].topViewController
  expect.equal(list.presentedViewController.name, "Detail", "presented again")
  expect.equal(list.presentedViewController.value, "shown")
  expect.order [[
    List.decodeRestorableState(with: coder)
    Detail.decodeRestorableState(with: coder)
    AppDelegate.application(didFinishLaunchingWithOptions: nil)
    List.viewDidAppear(false)
    Detail.viewDidAppear(false)
  ]]
end)

scenario("old handles go stale with the relaunch", function()
  local sb = storyboard()
  local tabs = launchAndBrowse(sb, {})
  app.relaunch { storyboard = sb, restore = app.preserveState() }
  expect.error(function() return tabs.selectedIndex end, "before app.relaunch")
  expect.error(function() return sb:instantiateViewController("Item") end, "no longer exists")
end)

-- RES-06's first way: a controller whose restorationClass names a class is made by that class
-- from its restoration path and coder (here a controller the script built, which no storyboard
-- can make again); a class the relaunch does not give is UIKit's class that does not conform to
-- UIViewControllerRestoration: the observed warning, and nothing restored [OBS Neuburg, iOS 8].
scenario("a restoration class makes its controller again from the path and the coder", function()
  local sb = storyboard()
  local tabs, nav = launchAndBrowse(sb, {})
  local chart = Controller { "Chart", restorationIdentifier = "Chart", restorationClass = "ChartRestorer",
    encodeRestorableState = function(self, coder) coder:encode(7, "zoom") end }
  nav:pushViewController(chart, false)
  nav:pushViewController(Controller { "Gone", restorationIdentifier = "Gone", restorationClass = "Unknown" }, false)
  settle()
  local archive = app.preserveState()
  local made
  local win = app.relaunch { storyboard = sb, restore = archive, classes = {
    ChartRestorer = function(path, coder)
      made = table.concat(path, "/") .. " zoom " .. coder:decode("zoom")
      return Controller { "Chart", restorationIdentifier = "Chart", restorationClass = "ChartRestorer" }
    end,
  } }
  settle()
  expect.equal(made, "Tabs/Nav/Chart zoom 7")
  expect.order [[
    AppDelegate.application(shouldRestoreApplicationState: coder)
    ChartRestorer.viewController(withRestorationIdentifierPath: [Tabs, Nav, Chart], coder: coder)
    Unknown.viewController(withRestorationIdentifierPath: [Tabs, Nav, Gone], coder: coder)
    warning: restoration class for view controller does not conform to UIViewControllerRestoration protocol: Class is Unknown
    Chart.decodeRestorableState(with: coder)
  ]]
  local stack = {}
  for _, vc in ipairs(win.rootViewController.viewControllers[1].viewControllers) do stack[#stack + 1] = vc.name end
  expect.equal(stack, { "List", "Chart" }, "Gone is not restored")
end)
