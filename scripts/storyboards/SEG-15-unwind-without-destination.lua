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
