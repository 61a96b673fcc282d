-- SBD-01, SBD-02, SBD-04, SBD-05 (M-15): instantiating a storyboard's scenes.
--
-- Sources: SBD-02 [DOC] AD `instantiateViewController(withIdentifier:)` ("creates a new
-- instance … each time") + [RE] RE26 `UIStoryboard.m` (one nib per call; the exception text);
-- SBD-01 [RE] RE26 + Kiwi spec (no initial controller: nil, no exception); SBD-04 [RE]
-- WinObjC, the ibtool clone, UIClassSwapper (relationship children decoded inside their
-- container's nib, views unloaded) + [OBS-indirect] Neuburg's tabbedInterfaceRotation;
-- SBD-05 [OBS] seed 004 (no view in init(coder:)/awakeFromNib).
-- Decisions: D-129 (the `storyboard` and `segue` categories; init(coder:) recorded as the
-- call begins, so a container's comes before its children's; awakeFromNib children first,
-- once the whole nib is decoded, since SBD-04 leaves that order [?]; the children join their
-- container through its own setViewControllers, with its containment calls, [INF]); names
-- from the scene's identifier, then `#2` (SPEC §9.3).
-- Fixtures: Main.storyboard (Neuburg's TabbedUnwind: Tab → [Nav → First, Second]),
-- NoInitial.storyboard, Segues.storyboard.

scenario("the initial tab bar controller comes with every tab, decoded inside it, no view loaded", function()
  trace.include "loading"
  local sb = Storyboard.load("Main.storyboard")
  local tab = sb:instantiateInitialViewController()
  expect [[
    Tab.init(coder:)
    Nav.init(coder:)
    First.init(coder:)
    First.willMove(toParent: Nav)
    First.didMove(toParent: Nav)
    Second.init(coder:)
    Nav.willMove(toParent: Tab)
    Nav.didMove(toParent: Tab)
    Second.willMove(toParent: Tab)
    Second.didMove(toParent: Tab)
    First.awakeFromNib()
    Nav.awakeFromNib()
    Second.awakeFromNib()
    Tab.awakeFromNib()
  ]]
  local nav = tab.viewControllers[1]
  expect.equal(#tab.viewControllers, 2, "both tabs exist at once (SBD-04)")
  expect.equal(nav.name, "Nav", "the first tab, in XML order")
  expect.equal(tab.viewControllers[2].name, "Second", "the second tab")
  expect.equal(nav.topViewController.name, "First", "the navigation root")
  expect.equal(tab.isViewLoaded, false, "no view loads (SBD-02)")
  expect.equal(nav.topViewController.isViewLoaded, false, "nor a child's")
  expect.equal(tab.storyboard, sb, "storyboard")
  expect.equal(nav.topViewController.storyboard, sb, "a child's storyboard")
end)

scenario("shown in a window: only the selected tab loads and appears", function()
  local sb = Storyboard.load("Main.storyboard")
  local tab = sb:instantiateInitialViewController()
  trace.clear()
  Window { root = tab }
  settle()
  expect [[
    Tab.viewDidLoad()
    Tab.viewWillAppear(false)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    First.viewDidLoad()
    First.viewWillAppear(false)
    Tab.viewDidAppear(false)
    Nav.viewDidAppear(false)
    First.viewDidAppear(false)
  ]]
  expect.equal(tab.viewControllers[2].isViewLoaded, false, "Second is not loaded (LOAD-08)")
end)

scenario("each call makes a new controller, named from the scene's identifier (SBD-02)", function()
  local sb = Storyboard.load("Segues.storyboard")
  local one = sb:instantiateViewController("Item")
  local two = sb:instantiateViewController("Item")
  expect [[
    Item.init(coder:)
    Item.awakeFromNib()
    Item#2.init(coder:)
    Item#2.awakeFromNib()
  ]]
  assert(one ~= two, "two instances")
  expect.equal(two.name, "Item#2", "the second instance's name")
  expect.equal(one.isViewLoaded, false, "no view")
end)

scenario("a class's awakeFromNib runs with the view still unloaded (SBD-05)", function()
  local sb = Storyboard.load("Segues.storyboard")
  sb:class("ListViewController", {
    awakeFromNib = function(self)
      note("awake: view loaded = " .. tostring(self.isViewLoaded) .. ", parent = " .. tostring(self.parent and self.parent.name))
    end,
  })
  sb:instantiateInitialViewController()
  expect [[
    Nav.init(coder:)
    List.init(coder:)
    List.willMove(toParent: Nav)
    List.didMove(toParent: Nav)
    List.awakeFromNib()
    note: awake: view loaded = false, parent = Nav
    Nav.awakeFromNib()
  ]]
end)

scenario("an unknown identifier is UIKit's exception; no initial controller is nil (SBD-01, SBD-02)", function()
  local sb = Storyboard.load("Segues.storyboard")
  expect.error(function() sb:instantiateViewController("Missing") end,
    "NSInvalidArgumentException: Storyboard (<UIStoryboard: Segues>) doesn't contain a view controller with identifier 'Missing'")
  local none = Storyboard.load("NoInitial.storyboard")
  expect.equal(none:instantiateInitialViewController(), nil, "no initial view controller")
  expect [[
  ]]
end)

scenario("a file that is not there is an error naming it", function()
  expect.error(function() Storyboard.load("Nowhere.storyboard") end, "cannot read")
end)
