-- SEG-08, SEG-09, SEG-11 (modal) (M-15): presentation segues write the storyboard's styles
-- into the destination before the source's prepare(for:sender:), so prepare can still change
-- them; the deprecated modal segue writes them as it performs, after prepare, so they win.
-- Then present(_:animated:) from the source (PRE-05/06 resolve the presenter: here the
-- navigation controller, PRE-01/PRE-03 give the trace by the style).
--
-- Sources: SEG-08 [RE] RE26 `UIStoryboardPresentationSegueTemplate` (prepare handler before
-- prepareForSegue; perform = present with areAnimationsEnabled); SEG-09 [RE] RE26
-- `UIStoryboardPopoverPresentationSegueTemplate` (style popover before prepare; the
-- assertion text without an anchor) + [DOC] (a compact width presents it modally: PRE-15);
-- SEG-11 [RE] RE26 `UIStoryboardModalSegueTemplate` (styles in the perform handler).
-- Decisions: D-129, D-130 (a popover's anchor only needs to be named; what fails an
-- assertion is refused before the destination is made: an exception changes nothing).
-- Fixtures: Segues.storyboard ("settings": formSheet, crossDissolve; "legacyModal":
-- formSheet; "popover" anchored to a button), PopoverNoAnchor.storyboard.

local function listOnScreen(prepare)
  local sb = Storyboard.load("Segues.storyboard")
  sb:class("List", { prepare = prepare })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  return nav, nav.topViewController
end

local function noteStyles(self, segue, sender)
  note("in prepare: " .. segue.destination.modalPresentationStyle .. ", " .. segue.destination.modalTransitionStyle)
end

scenario("the segue's styles are in place in prepare; a form sheet leaves the list on screen", function()
  local nav, list = listOnScreen(noteStyles)
  user.trigger(list, "settings")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "settings", sender: control)
    Settings.init(coder:)
    Settings.awakeFromNib()
    List.prepare(for: "settings", sender: control)
    note: in prepare: formSheet, crossDissolve
    Settings.viewDidLoad()
    Settings.viewWillAppear(true)
    Settings.viewDidAppear(true)
  ]]
  expect.equal(list.presentedViewController.name, "Settings", "presentedViewController")
  expect.equal(list.presentedViewController.presentingViewController, nav, "the presenter is the navigation controller")
end)

scenario("prepare overrides the segue's style (SEG-08): full screen covers the list", function()
  local nav, list = listOnScreen(function(self, segue, sender)
    if segue.identifier == "settings" then segue.destination.modalPresentationStyle = "fullScreen" end
  end)
  user.trigger(list, "settings")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "settings", sender: control)
    Settings.init(coder:)
    Settings.awakeFromNib()
    List.prepare(for: "settings", sender: control)
    Settings.viewDidLoad()
    Nav.viewWillDisappear(true)
    List.viewWillDisappear(true)
    Settings.viewWillAppear(true)
    Settings.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    List.viewDidDisappear(true)
  ]]
  expect.equal(list.presentedViewController.modalPresentationStyle, "fullScreen", "the style prepare chose")
end)

scenario("the legacy modal segue writes its style after prepare (SEG-11)", function()
  local nav, list = listOnScreen(function(self, segue, sender)
    noteStyles(self, segue, sender)
    segue.destination.modalPresentationStyle = "fullScreen"
  end)
  user.trigger(list, "legacyModal")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "legacyModal", sender: control)
    Settings.init(coder:)
    Settings.awakeFromNib()
    List.prepare(for: "legacyModal", sender: control)
    note: in prepare: pageSheet, coverVertical
    Settings.viewDidLoad()
    Settings.viewWillAppear(true)
    Settings.viewDidAppear(true)
  ]]
  expect.equal(list.presentedViewController.modalPresentationStyle, "formSheet", "the segue's style won")
end)

scenario("a popover segue sets the popover style before prepare; a compact iPhone shows it full screen", function()
  local nav, list = listOnScreen(noteStyles)
  user.trigger(list, "popover")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "popover", sender: control)
    Popover.init(coder:)
    Popover.awakeFromNib()
    List.prepare(for: "popover", sender: control)
    note: in prepare: popover, coverVertical
    Popover.viewDidLoad()
    Nav.viewWillDisappear(true)
    List.viewWillDisappear(true)
    Popover.viewWillAppear(true)
    Popover.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    List.viewDidDisappear(true)
  ]]
end)

scenario("a popover segue in a regular-width window stays a popover: nothing disappears", function()
  local sb = Storyboard.load("Segues.storyboard")
  local nav = sb:instantiateInitialViewController()
  Window { root = nav, size = { 1024, 768 } }
  settle()
  trace.clear()
  user.trigger(nav.topViewController, "popover")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "popover", sender: control)
    Popover.init(coder:)
    Popover.awakeFromNib()
    List.prepare(for: "popover", sender: control)
    Popover.viewDidLoad()
    Popover.viewWillAppear(true)
    Popover.viewDidAppear(true)
  ]]
end)

scenario("a popover segue without an anchor is UIKit's assertion, before anything is made", function()
  local sb = Storyboard.load("PopoverNoAnchor.storyboard")
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  expect.error(function() user.trigger(nav.topViewController, "bad") end,
    "NSInternalInconsistencyException: A popover segue must have either an anchorBarButtonItem or an anchorView.")
  expect [[
    Source.shouldPerformSegue(withIdentifier: "bad", sender: control)
  ]]
end)
