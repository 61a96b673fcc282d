-- XML-03, XML-08, SBD-04 (M-15): what the controller elements of a real file become, and
-- storyboard references.
-- XML-03: table and collection view controllers are plain controllers here; a
-- pageViewController keeps its transition style and spine; a controller's attributes (title,
-- definesPresentationContext, providesPresentationContextTransitionStyle,
-- modalPresentationStyle, modalTransitionStyle) are set on each instance.
-- XML-08 and SBD-04: a reference (viewControllerPlaceholder) is decoded as the scene it names,
-- from the other storyboard (its initial scene, or `referencedIdentifier`), instantiated at
-- once inside the referring nib: a tab that is a reference exists with its tab bar; a segue to
-- a reference instantiates the referenced scene as its destination.
--
-- Sources: XML-03 [OBS] every file read (IBDecodable, Neuburg); XML-08 [OBS] SwiftGen and
-- IBDecodable fixtures + [RE] RE26 (`referencedStoryboardForExternalReferenceInfo:`); SBD-04
-- [RE] `UIStoryboardViewControllerPlaceholder` (instantiates the referenced scene immediately).
-- Decisions: D-128 (what the reader takes), D-129 (a reference is its own nib, awoken inside
-- the referring one), D-130.
-- Fixtures: Kinds.storyboard, References.storyboard and Settings.storyboard beside it.

scenario("controller kinds and attributes (XML-03)", function()
  local sb = Storyboard.load("Kinds.storyboard")
  local table = sb:instantiateInitialViewController()
  expect.equal(tostring(table), "Controller Table", "a table view controller is a plain controller")
  local pages = sb:instantiateViewController("Pages")
  expect.equal(tostring(pages), "PageViewController Pages", "a page view controller")
  expect.equal(pages.transitionStyle, "pageCurl", "transitionStyle")
  expect.equal(pages.spineLocation, "min", "spineLocation")
  local a = sb:instantiateViewController("Attributes")
  expect.equal(a.title, "Attributes", "title")
  expect.equal(a.definesPresentationContext, true, "definesPresentationContext")
  expect.equal(a.modalPresentationStyle, "overFullScreen", "modalPresentationStyle")
  expect.equal(a.modalTransitionStyle, "flipHorizontal", "modalTransitionStyle")
  expect [[
    Table.init(coder:)
    Table.awakeFromNib()
    Pages.init(coder:)
    Pages.awakeFromNib()
    Attributes.init(coder:)
    Attributes.awakeFromNib()
  ]]
end)

scenario("a tab that is a reference: the other storyboard's initial scene, decoded inside the tab bar's", function()
  local sb = Storyboard.load("References.storyboard")
  local tabs = sb:instantiateInitialViewController()
  expect [[
    Tabs.init(coder:)
    Home.init(coder:)
    SettingsNav.init(coder:)
    SettingsRoot.init(coder:)
    SettingsRoot.willMove(toParent: SettingsNav)
    SettingsRoot.didMove(toParent: SettingsNav)
    SettingsRoot.awakeFromNib()
    SettingsNav.awakeFromNib()
    Home.willMove(toParent: Tabs)
    Home.didMove(toParent: Tabs)
    SettingsNav.willMove(toParent: Tabs)
    SettingsNav.didMove(toParent: Tabs)
    Home.awakeFromNib()
    Tabs.awakeFromNib()
  ]]
  local settings = tabs.viewControllers[2]
  expect.equal(settings.storyboard.name, "Settings", "the tab comes from Settings.storyboard")
  expect.equal(tabs.storyboard.name, "References", "the tab bar from References.storyboard")
  expect.equal(settings.storyboard, Storyboard.load("Settings.storyboard"), "one storyboard per file and world")
end)

scenario("a segue to a reference with an identifier presents that scene of the other storyboard", function()
  local sb = Storyboard.load("References.storyboard")
  local tabs = sb:instantiateInitialViewController()
  Window { root = tabs }
  settle()
  trace.clear()
  user.trigger(tabs.viewControllers[1], "account")
  settle()
  expect [[
    Home.shouldPerformSegue(withIdentifier: "account", sender: control)
    Account.init(coder:)
    Account.awakeFromNib()
    Home.prepare(for: "account", sender: control)
    Account.viewDidLoad()
    Account.viewWillAppear(true)
    Account.viewDidAppear(true)
  ]]
end)

scenario("a class given to the referenced storyboard applies to the scenes a reference makes", function()
  local settings = Storyboard.load("Settings.storyboard")
  settings:class("SettingsRoot", { awakeFromNib = function(self) note("SettingsRoot awake in " .. self.storyboard.name) end })
  local sb = Storyboard.load("References.storyboard")
  sb:instantiateInitialViewController()
  expect [[
    ...
    SettingsRoot.awakeFromNib()
    note: SettingsRoot awake in Settings
    ...
  ]]
end)
