-- SEG-10, SEG-11 (push), SEG-07 (show detail) (M-15).
-- A custom segue: UIKit makes an instance of the segue's class, the source prepares, then the
-- class's perform() installs the destination itself; the appearance callbacks are those of
-- what perform does. A class the app does not have fails UIKit's assertion. The deprecated
-- push segue pushes onto the source's navigation controller; without one it is an
-- exception. Show Detail routes showDetailViewController(_:sender:): a split view controller
-- replaces its secondary; a plain navigation controller does not handle it, so the window's
-- root presents the destination (NAV-16, SHOW-03).
--
-- Sources: SEG-10 [DOC] AD `UIStoryboardSegue`, `perform()` + [RE] RE26 ("Could not create a
-- segue of class"); SEG-11 [RE] RE26 `UIStoryboardPushSegueTemplate` (the text; its exception
-- name is [?], the engine says NSGenericException, D-130); SEG-07 [RE] RE26
-- `UIStoryboardShowSegueTemplate` + [DOC] "Customizing the behavior of segue-based
-- presentations" ("Displays the view controller modally unless a parent view controller
-- implements the show(_:sender:) action method").
-- Decisions: D-129, D-130 (a segue class is `sb:class(name, { perform = f })`; a standard kind
-- with a class the script defines runs that perform in place of the standard one; a standard
-- kind whose class the script does not define behaves as the standard one).
-- Fixtures: Segues.storyboard ("fade": custom, class FadeSegue; "legacyPush"; "detail"),
-- Split.storyboard (Split → [MasterNav → Master, Detail]; Master's "showDetail").

scenario("a custom segue's perform presents the destination itself", function()
  local sb = Storyboard.load("Segues.storyboard")
  sb:class("FadeSegue", {
    perform = function(segue)
      note("FadeSegue.perform " .. segue.source.name .. " → " .. segue.destination.name)
      segue.source:present(segue.destination, false)
    end,
  })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  user.trigger(nav.topViewController, "fade")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "fade", sender: control)
    Item.init(coder:)
    Item.awakeFromNib()
    List.prepare(for: "fade", sender: control)
    note: FadeSegue.perform List → Item
    Item.viewDidLoad()
    Item.viewWillAppear(false)
    Item.viewDidAppear(false)
  ]]
end)

scenario("a custom segue whose class the script did not define fails before anything is made", function()
  local sb = Storyboard.load("Segues.storyboard")
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  expect.error(function() nav.topViewController:performSegue("fade") end,
    "NSInternalInconsistencyException: Could not create a segue of class 'FadeSegue'")
  expect [[
  ]]
end)

scenario("sb:class refuses a segue class's method other than perform", function()
  local sb = Storyboard.load("Segues.storyboard")
  expect.error(function() sb:class("FadeSegue", { perfrom = function() end }) end,
    "'perfrom' is no method such a class overrides (did you mean 'perform'?)")
end)

scenario("the legacy push segue pushes onto the navigation controller (SEG-11)", function()
  local sb = Storyboard.load("Segues.storyboard")
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  nav.topViewController:performSegue("legacyPush")
  settle()
  expect [[
    Item.init(coder:)
    Item.awakeFromNib()
    List.prepare(for: "legacyPush", sender: nil)
    Item.willMove(toParent: Nav)
    Item.viewDidLoad()
    List.viewWillDisappear(true)
    Item.viewWillAppear(true)
    List.viewDidDisappear(true)
    Item.viewDidAppear(true)
    Item.didMove(toParent: Nav)
  ]]
end)

scenario("a push segue from a controller without a navigation controller is an exception", function()
  local sb = Storyboard.load("Segues.storyboard")
  local list = sb:instantiateViewController("List")
  Window { root = list }
  settle()
  trace.clear()
  expect.error(function() list:performSegue("legacyPush") end,
    "NSGenericException: Could not find a navigation controller for segue 'legacyPush'. Push segues can only be used when the source controller is managed by an instance of UINavigationController.")
  expect [[
  ]]
end)

scenario("show detail in a plain navigation controller: the window's root presents it (SEG-07)", function()
  local sb = Storyboard.load("Segues.storyboard")
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  nav.topViewController:performSegue("detail")
  settle()
  expect [[
    Item.init(coder:)
    Item.awakeFromNib()
    List.prepare(for: "detail", sender: nil)
    Item.viewDidLoad()
    Item.viewWillAppear(true)
    Item.viewDidAppear(true)
  ]]
  expect.equal(nav.presentedViewController.name, "Item", "presented (a sheet, iOS 13+)")
end)

scenario("show detail in an expanded split view controller replaces the secondary (SEG-07)", function()
  local sb = Storyboard.load("Split.storyboard")
  local split = sb:instantiateInitialViewController()
  Window { root = split, size = { 1024, 768 } }
  settle()
  trace.clear()
  local master = split.viewControllers[1].topViewController
  user.trigger(master, "showDetail")
  settle()
  expect [[
    Master.shouldPerformSegue(withIdentifier: "showDetail", sender: control)
    Detail#2.init(coder:)
    Detail#2.awakeFromNib()
    Master.prepare(for: "showDetail", sender: control)
    ...
  ]]
  expect.equal(split.viewControllers[2].name, "Detail#2", "the new secondary")
  expect.equal(split.viewControllers[2].appearance, "appeared", "on screen")
end)
