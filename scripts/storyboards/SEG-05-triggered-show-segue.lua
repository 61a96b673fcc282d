-- SEG-05, SEG-07, SEG-13 with NAV-02 (M-15): a control fires a show segue in a navigation
-- controller. shouldPerformSegue first; the destination is instantiated (init(coder:),
-- awakeFromNib); the segue is made and the source's prepare(for:sender:) runs, the
-- destination's view still unloaded (SEG-01); then perform: show(_:sender:) routed to the
-- navigation controller, which pushes (NAV-02's trace, from the turn's commit, 0.35 s).
--
-- Sources: SEG-05 [DOC] VCPG "Using segues" (destination, segue, prepare, perform) + [RE] RE26
-- `UIStoryboardSegueTemplate.mm` (shouldPerformSegue → instantiate → segue → prepare →
-- perform) + [OBS] O-so37147871 (init/awakeFromNib → prepareForSegue → push → viewDidLoad);
-- SEG-07 [RE] RE26 `UIStoryboardShowSegueTemplate` (show(_:sender:) through the routing,
-- SHOW-01); SEG-13/SEG-02 [DOC] H17 + [RE]: false stops it before the destination exists;
-- `animates="NO"` [DOC] H11-SEG + [RE]: the segue runs with UIView animations off, and the
-- standard segues pass that as `animated`.
-- Decisions: D-129 (categories and how the calls read), D-130 (`user.trigger`'s sender is
-- the string "control"; `areAnimationsEnabled` is the world's, read by show and the segues).
-- Fixture: Segues.storyboard (Nav → List; List's "showItem" and "instant" show Item).

local function listOnScreen()
  local sb = Storyboard.load("Segues.storyboard")
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  return sb, nav, nav.topViewController
end

scenario("the whole order, the push from the turn's commit", function()
  local sb, nav, list = listOnScreen()
  sb:class("Item", {
    awakeFromNib = function(self) note("Item awake, view loaded: " .. tostring(self.isViewLoaded)) end,
  })
  sb:class("List", {
    prepare = function(self, segue, sender)
      note("prepare " .. segue.identifier .. " (" .. segue.kind .. "): " .. segue.source.name .. " → "
        .. segue.destination.name .. ", sender " .. sender .. ", destination loaded: "
        .. tostring(segue.destination.isViewLoaded))
    end,
  })
  -- The class applies to controllers made from now on: List exists already.
  user.trigger(list, "showItem")
  expect [[
    List.shouldPerformSegue(withIdentifier: "showItem", sender: control)
    Item.init(coder:)
    Item.awakeFromNib()
    note: Item awake, view loaded: false
    List.prepare(for: "showItem", sender: control)
    Item.willMove(toParent: Nav)
  ]]
  expect.equal(nav.topViewController.name, "Item", "on the stack in the call (M-6)")
  settle()
  expect [[
    Item.viewDidLoad()
    List.viewWillDisappear(true)
    Item.viewWillAppear(true)
    List.viewDidDisappear(true)
    Item.viewDidAppear(true)
    Item.didMove(toParent: Nav)
  ]]
  expect.equal(now(), 0.35, "an animated push")
end)

scenario("the class's prepare sees the segue and the sender", function()
  local sb = Storyboard.load("Segues.storyboard")
  sb:class("ListViewController", {
    prepare = function(self, segue, sender)
      note("prepare " .. tostring(segue) .. ", sender " .. sender .. ", destination loaded: "
        .. tostring(segue.destination.isViewLoaded))
    end,
  })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  user.trigger(nav.topViewController, "showItem")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "showItem", sender: control)
    Item.init(coder:)
    Item.awakeFromNib()
    List.prepare(for: "showItem", sender: control)
    note: prepare Segue "showItem" List → Item, sender control, destination loaded: false
    Item.willMove(toParent: Nav)
    ...
  ]]
end)

scenario("shouldPerformSegue false: nothing else happens, the destination is never made", function()
  local sb = Storyboard.load("Segues.storyboard")
  sb:class("List", { shouldPerformSegue = function(self, identifier, sender) return false end })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  user.trigger(nav.topViewController, "showItem")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "showItem", sender: control)
  ]]
  expect.equal(#nav.viewControllers, 1, "no push")
end)

scenario("a shouldPerformSegue that returns nothing leaves UIKit's yes", function()
  local sb = Storyboard.load("Segues.storyboard")
  sb:class("List", { shouldPerformSegue = function(self, identifier, sender) note("asked " .. identifier) end })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  user.trigger(nav.topViewController, "showItem")
  expect [[
    List.shouldPerformSegue(withIdentifier: "showItem", sender: control)
    note: asked showItem
    Item.init(coder:)
    ...
  ]]
end)

scenario("animates NO: the push is not animated", function()
  local sb, nav, list = listOnScreen()
  user.trigger(list, "instant")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "instant", sender: control)
    Item.init(coder:)
    Item.awakeFromNib()
    List.prepare(for: "instant", sender: control)
    Item.willMove(toParent: Nav)
    Item.viewDidLoad()
    List.viewWillDisappear(false)
    Item.viewWillAppear(false)
    List.viewDidDisappear(false)
    Item.viewDidAppear(false)
    Item.didMove(toParent: Nav)
  ]]
  expect.equal(now(), 0, "no animation")
end)

scenario("what no finger can do is a usage error, before the touch ends the turn", function()
  local sb, nav, list = listOnScreen()
  expect.error(function() user.trigger(list, "nothing") end,
    "List's scene has no segue 'nothing'; its segues: showItem, settings, popover, fade, legacyPush, legacyModal, "
      .. "detail, instant; 1 of its segues has no identifier, which a script cannot name: give it one in "
      .. "Interface Builder")
  expect.error(function() user.trigger(Controller "A", "showItem") end,
    "A was not instantiated from a storyboard, so it has no segues")
  local offScreen = sb:instantiateViewController("List")
  expect.error(function() user.trigger(offScreen, "showItem") end,
    "user.trigger: List#2 is not on screen: no finger can touch its controls")
  expect [[
    List#2.init(coder:)
    List#2.awakeFromNib()
  ]]
  expect.equal(#nav.viewControllers, 1, "nothing was pushed")
end)
