-- SEG-15, SEG-16 (M-15): an unwind that finds no controller implementing its action does
-- nothing after the search: no prepare, no action, no dismissal, no log, no exception.
-- canPerformUnwindSegueAction's default is whether the controller responds to the action; a
-- class may answer itself.
--
-- Sources: [OBS] O-neuburg-unwind (PresentedCascadeUnwind2: "if you comment this out, no
-- dismissal will take place because no unwind method is found"); [RE] RE26
-- `UIStoryboardUnwindSegueTemplate.mm` (`_perform:` returns nil when `_findDestination` is
-- nil); [DOC] H17 (canPerformUnwindSegueAction: "default implementation returns the result of
-- -respondsToSelector:").
-- Decisions: D-129, D-131.
-- Fixture: Main.storyboard (Presented's "unwind" calls iAmFirst:).

local function presented(sb)
  local tab = sb:instantiateInitialViewController()
  Window { root = tab }
  settle()
  tab.selectedIndex = 2
  settle()
  user.trigger(tab.selectedViewController, "present")
  settle()
  trace.clear()
  return tab, tab.selectedViewController.presentedViewController
end

scenario("nobody implements the action: the search, then nothing", function()
  local sb = Storyboard.load("Main.storyboard")
  local tab, source = presented(sb)
  user.trigger(source, "unwind")
  settle()
  expect [[
    Presented.shouldPerformSegue(withIdentifier: "unwind", sender: control)
    Second.allowedChildrenForUnwinding(from: Presented)
    Second.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Presented.allowedChildrenForUnwinding(from: Presented)
    Presented.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Tab.allowedChildrenForUnwinding(from: Presented)
    Nav.allowedChildrenForUnwinding(from: Presented)
    First.allowedChildrenForUnwinding(from: Presented)
    First.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Nav.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Tab.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
  ]]
  expect.equal(tab.presentedViewController, source, "still presented")
end)

scenario("a controller that implements the action but answers no is passed over", function()
  local sb = Storyboard.load("Main.storyboard")
  sb:class("FirstViewController", {
    iAmFirst = function(self, segue) note("never called") end,
    canPerformUnwindSegueAction = function(self, action, from, sender)
      note("asked " .. action .. " from " .. from.name .. ", sender " .. sender)
      return false
    end,
  })
  local tab, source = presented(sb)
  user.trigger(source, "unwind")
  settle()
  expect.none "note: never called"
  expect.equal(tab.presentedViewController, source, "still presented")
end)

scenario("shouldPerformSegue false stops an unwind before the search", function()
  local sb = Storyboard.load("Main.storyboard")
  sb:class("Presented", { shouldPerformSegue = function(self, identifier) return false end })
  sb:class("FirstViewController", { iAmFirst = function(self, segue) end })
  local tab, source = presented(sb)
  user.trigger(source, "unwind")
  settle()
  expect [[
    Presented.shouldPerformSegue(withIdentifier: "unwind", sender: control)
  ]]
end)

scenario("performSegue on an unwind's identifier skips shouldPerformSegue (SEG-15)", function()
  local sb = Storyboard.load("Main.storyboard")
  sb:class("Presented", { shouldPerformSegue = function(self, identifier) return false end })
  sb:class("FirstViewController", { iAmFirst = function(self, segue) end })
  local tab, source = presented(sb)
  source:performSegue("unwind")
  expect [[
    Second.allowedChildrenForUnwinding(from: Presented)
    ...
    First.iAmFirst("unwind")
    ...
  ]]
end)

-- RE26 `UIStoryboardUnwindSegueTemplate`: when the search ends at the source itself, the
-- segue's perform handler is empty: prepare and the action run, nothing is dismissed or
-- popped (SEG-16's engine note; D-131).
scenario("an unwind whose destination is its own source runs prepare and the action, nothing more", function()
  local sb = Storyboard { "Self", initial = "Nav", scenes = {
    Nav = { kind = "navigation", root = "List" },
    List = { segues = { settings = { to = "Settings", kind = "presentation", modalPresentationStyle = "formSheet" } },
             unwinds = { back = "unwindToList" } },
    Settings = {},
  } }
  sb:class("List", { unwindToList = function(self, segue) note("unwindToList from " .. segue.source.name) end })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  local list = nav.topViewController
  list:performSegue("settings")
  settle()
  trace.clear()
  list:performSegue("back")
  settle()
  expect [[
    Nav.allowedChildrenForUnwinding(from: List)
    Nav.canPerformUnwindSegueAction(unwindToList:, from: List, sender: nil)
    List.allowedChildrenForUnwinding(from: List)
    List.canPerformUnwindSegueAction(unwindToList:, from: List, sender: nil)
    List.prepare(for: "back", sender: nil)
    List.unwindToList("back")
    note: unwindToList from List
  ]]
  expect.equal(list.presentedViewController.name, "Settings", "nothing dismissed")
end)

-- Fuzz seed 13862 (issue 20): the controller that called present left its navigation controller
-- before the unwind; the search then goes on from the presenter, as the presented controller's
-- presentingViewController is what UIKit follows from there (D-131). It used to follow the
-- departed controller, find it, and fail UIKit's assertion for a chain without a common
-- ancestor after the search had run.
scenario("the controller that presented has left: the search goes on from the presenter (fuzz seed 13862)", function()
  local sb = Storyboard { "SB", scenes = {
    Nav = { kind = "navigation", root = "Root" },
    Root = { segues = { full = { to = "Sheet", kind = "presentation", modalPresentationStyle = "fullScreen" } } },
    Sheet = { unwinds = { done = "unwindToRoot" } },
  } }
  sb:class("Root", { unwindToRoot = function(self, segue) note("never called: Root left") end })
  local nav = sb:instantiateViewController("Nav")
  Window { root = nav }
  settle()
  local root = nav.topViewController
  root:performSegue("full")
  settle()
  local other = Controller "Other"
  nav.viewControllers = { other }
  settle()
  trace.clear()
  nav.presentedViewController:performSegue("done")
  settle()
  expect [[
    Nav.allowedChildrenForUnwinding(from: Sheet)
    Other.allowedChildrenForUnwinding(from: Sheet)
    Other.canPerformUnwindSegueAction(unwindToRoot:, from: Sheet, sender: nil)
    Nav.canPerformUnwindSegueAction(unwindToRoot:, from: Sheet, sender: nil)
    Sheet.allowedChildrenForUnwinding(from: Sheet)
    Sheet.canPerformUnwindSegueAction(unwindToRoot:, from: Sheet, sender: nil)
  ]]
  expect.equal(nav.presentedViewController.name, "Sheet", "nothing found, nothing dismissed")
end)
