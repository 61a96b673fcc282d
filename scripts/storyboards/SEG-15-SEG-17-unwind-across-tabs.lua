-- SEG-15, SEG-16, SEG-17 (M-15): an unwind from a controller presented over a tab bar to the
-- root of a navigation controller in another tab — Matt Neuburg's TabbedUnwind, whose logs
-- (iOS 9, 10, 11) give the order: shouldPerformSegue → the destination search → the source's
-- prepare(for:sender:) → the destination's unwind action → one dismissal from the modal
-- ancestor (the tab bar controller) → Tab.unwind(for:towards: Nav), which selects Nav's tab
-- without asking the delegate → Nav.unwind(for:towards: First), which pops to First.
--
-- The search (SEG-16, observed): the controller that called present (Second) is asked first,
-- then the source itself (Neuburg calls that a bug; it is in every log), then on up: the tab
-- bar offers its children but the one holding the source, the navigation controller offers
-- its stack top first, and each controller is asked canPerformUnwindSegueAction after its
-- children. Second and Presented answer no: only First implements iAmFirst.
--
-- Sources: [OBS] O-neuburg-unwind (`bk2ch06p326TabbedUnwind/…/FirstViewController.swift`:
-- "PresentedViewController shouldPerformSegue … → prepare(for:sender:) → FirstViewController
-- iAmFirst → MyTabBarController dismiss(animated:completion:) → MyTabBarController
-- unwind(for:towardsViewController:) MyNavController → set selectedViewController →
-- MyNavController unwind(for:towardsViewController:) FirstViewController →
-- popToViewController(_:animated:)"); [RE] RE26 `UIStoryboardUnwindSegueTemplate.mm`,
-- `_UIStoryboardUnwindChain.mm` (the chain, the modal ancestor, one dismissal); [DOC] H17
-- (allowedChildrenForUnwinding, canPerformUnwindSegueAction's default "respondsToSelector").
-- The appearance callbacks come from the mechanism (D-131): the tab switch and the pop happen
-- under the full-screen presentation, off screen (containment calls only, D-23), and the
-- dismissal then shows the tab bar with First (PRE-02). Whether that pop is animated is [?]
-- (SEG-17); off screen it does not matter.
-- Decisions: D-129 (how the calls read), D-131 (the search order and the chain).
-- Fixture: Main.storyboard (Tab → [Nav → First, Second]; First's "push" shows Pushed;
-- Second's "present" presents Presented full screen; Presented's "unwind" → iAmFirst:).

local function presentedOverSecondTab()
  local sb = Storyboard.load("Main.storyboard")
  sb:class("FirstViewController", {
    iAmFirst = function(self, segue)
      note("iAmFirst: " .. segue.identifier .. " from " .. segue.source.name .. " to " .. segue.destination.name)
    end,
  })
  local tab = sb:instantiateInitialViewController()
  tab.delegate = { shouldSelect = function(tabs, vc) note("never asked") return true end }
  Window { root = tab }
  settle()
  local nav = tab.viewControllers[1]
  user.trigger(nav.topViewController, "push")
  settle()
  user.tapTab(tab, 2)
  settle()
  local second = tab.selectedViewController
  user.trigger(second, "present")
  settle()
  trace.clear()
  return tab, nav, second, second.presentedViewController
end

scenario("the observed order, search included", function()
  local tab, nav, second, presented = presentedOverSecondTab()
  user.trigger(presented, "unwind")
  expect [[
    Presented.shouldPerformSegue(withIdentifier: "unwind", sender: control)
    Second.allowedChildrenForUnwinding(from: Presented)
    Second.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Presented.allowedChildrenForUnwinding(from: Presented)
    Presented.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Tab.allowedChildrenForUnwinding(from: Presented)
    Nav.allowedChildrenForUnwinding(from: Presented)
    Pushed.allowedChildrenForUnwinding(from: Presented)
    Pushed.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    First.allowedChildrenForUnwinding(from: Presented)
    First.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Presented.prepare(for: "unwind", sender: control)
    First.iAmFirst("unwind")
    note: iAmFirst: unwind from Presented to First
    Tab.unwind(for: "unwind", towards: Nav)
    Nav.unwind(for: "unwind", towards: First)
    Pushed.willMove(toParent: nil)
    Pushed.didMove(toParent: nil)
  ]]
  expect.equal(tab.selectedViewController, nav, "Nav's tab is selected in the call, without the delegate")
  expect.equal(#nav.viewControllers, 1, "popped to First")
  expect.equal(presented.isBeingDismissed, true, "the dismissal is under way")
  settle()
  expect [[
    Presented.viewWillDisappear(true)
    Tab.viewWillAppear(true)
    Nav.viewWillAppear(true)
    First.viewWillAppear(true)
    Tab.viewDidAppear(true)
    Nav.viewDidAppear(true)
    First.viewDidAppear(true)
    Presented.viewDidDisappear(true)
  ]]
  expect.equal(tab.presentedViewController, nil, "dismissed")
  expect.equal(second.appearance, "disappeared", "Second took no part")
end)

-- A class's unwind(for:towards:) runs before the container's own step, as an override whose
-- last line calls super does: Neuburg's log prints MyTabBarController's unwind before "set
-- selectedViewController" (D-131).
scenario("a class's allowedChildrenForUnwinding and unwind are asked and called", function()
  local sb = Storyboard.load("Main.storyboard")
  sb:class("FirstViewController", { iAmFirst = function(self, segue) end })
  sb:class("MyTabBarController", {
    unwind = function(self, segue, towards)
      note("Tab.unwind override: selected " .. self.selectedViewController.name .. ", towards " .. towards.name)
    end,
  })
  sb:class("MyNavController", {
    allowedChildrenForUnwinding = function(self, source)
      note("Nav offers only its root")
      return { self.viewControllers[1] }
    end,
  })
  local tab = sb:instantiateInitialViewController()
  Window { root = tab }
  settle()
  local nav = tab.viewControllers[1]
  user.trigger(nav.topViewController, "push")
  settle()
  tab.selectedIndex = 2
  settle()
  user.trigger(tab.selectedViewController, "present")
  settle()
  trace.clear()
  user.trigger(tab.selectedViewController.presentedViewController, "unwind")
  expect [[
    ...
    Tab.allowedChildrenForUnwinding(from: Presented)
    Nav.allowedChildrenForUnwinding(from: Presented)
    note: Nav offers only its root
    First.allowedChildrenForUnwinding(from: Presented)
    First.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)
    Presented.prepare(for: "unwind", sender: control)
    First.iAmFirst("unwind")
    Tab.unwind(for: "unwind", towards: Nav)
    note: Tab.unwind override: selected Second, towards Nav
    Nav.unwind(for: "unwind", towards: First)
    Pushed.willMove(toParent: nil)
    Pushed.didMove(toParent: nil)
  ]]
end)

scenario("an unwind within one navigation controller pops, with no dismissal", function()
  local sb = Storyboard.load("Main.storyboard")
  sb:class("FirstViewController", { iAmFirst = function(self, segue) end })
  local tab = sb:instantiateInitialViewController()
  Window { root = tab }
  settle()
  local nav = tab.viewControllers[1]
  user.trigger(nav.topViewController, "push")
  settle()
  trace.clear()
  user.trigger(nav.topViewController, "unwindFromPushed")
  settle()
  expect [[
    Pushed.shouldPerformSegue(withIdentifier: "unwindFromPushed", sender: control)
    Nav.allowedChildrenForUnwinding(from: Pushed)
    First.allowedChildrenForUnwinding(from: Pushed)
    First.canPerformUnwindSegueAction(iAmFirst:, from: Pushed, sender: control)
    Pushed.prepare(for: "unwindFromPushed", sender: control)
    First.iAmFirst("unwindFromPushed")
    Pushed.unwind(for: "unwindFromPushed", towards: Nav)
    Nav.unwind(for: "unwindFromPushed", towards: First)
    Pushed.willMove(toParent: nil)
    Pushed.viewWillDisappear(true)
    First.viewWillAppear(true)
    Pushed.viewDidDisappear(true)
    First.viewDidAppear(true)
    Pushed.didMove(toParent: nil)
  ]]
end)
