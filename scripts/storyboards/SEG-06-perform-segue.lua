-- SEG-06 (M-15): performSegue(withIdentifier:sender:) performs a segue of the receiver's own
-- scene without asking shouldPerformSegue; an identifier the scene has no segue for is
-- UIKit's exception, and so is a controller that did not come from a storyboard.
--
-- Sources: [DOC] H17 ("This method is not invoked when -performSegueWithIdentifier:sender: is
-- used") + [RE] RE26 (`_perform:` is the path without the should check); the exception text
-- [OBS] O-segue-crash (an iOS 11.2 simulator crash report: `Receiver (<…>) has no segue with
-- identifier 'detailView'`); templates belong to the controller whose scene defines them
-- [RE] RE26, so the navigation controller's scene has none of its root's segues [INF].
-- For a controller not loaded from a storyboard the DOC says it throws; the text is [?]: the
-- engine gives the same "has no segue" text (D-130).
-- Decisions: D-129, D-130 (a sender is a controller, a string or nil; the address in UIKit's
-- text is left out).
-- Fixture: Segues.storyboard.

local function listOnScreen()
  local sb = Storyboard.load("Segues.storyboard")
  sb:class("List", {
    shouldPerformSegue = function(self, identifier, sender) note("never asked") return false end,
    prepare = function(self, segue, sender) note("prepare, sender " .. tostring(sender and sender.name or sender)) end,
  })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  trace.clear()
  return nav, nav.topViewController
end

scenario("no shouldPerformSegue; the sender reaches prepare", function()
  local nav, list = listOnScreen()
  list:performSegue("showItem", nav)
  settle()
  expect [[
    Item.init(coder:)
    Item.awakeFromNib()
    List.prepare(for: "showItem", sender: Nav)
    note: prepare, sender Nav
    Item.willMove(toParent: Nav)
    Item.viewDidLoad()
    List.viewWillDisappear(true)
    ...
  ]]
end)

scenario("a string as sender, and none", function()
  local nav, list = listOnScreen()
  list:performSegue("instant", "row 3")
  list:performSegue("instant")
  expect [[
    Item.init(coder:)
    Item.awakeFromNib()
    List.prepare(for: "instant", sender: "row 3")
    note: prepare, sender row 3
    Item.willMove(toParent: Nav)
    Item#2.init(coder:)
    Item#2.awakeFromNib()
    List.prepare(for: "instant", sender: nil)
    note: prepare, sender nil
    Item#2.willMove(toParent: Nav)
  ]]
end)

scenario("an unknown identifier is UIKit's exception, and nothing happens", function()
  local nav, list = listOnScreen()
  expect.error(function() list:performSegue("detailView") end,
    "NSInvalidArgumentException: Receiver (<List>) has no segue with identifier 'detailView'")
  expect [[
  ]]
end)

scenario("the navigation controller's scene does not have its root's segues", function()
  local nav, list = listOnScreen()
  expect.error(function() nav:performSegue("showItem") end,
    "NSInvalidArgumentException: Receiver (<Nav>) has no segue with identifier 'showItem'")
end)

scenario("a controller made in code has no segues", function()
  local a = Controller "A"
  expect.error(function() a:performSegue("showItem") end,
    "NSInvalidArgumentException: Receiver (<A>) has no segue with identifier 'showItem'")
  expect.equal(a.storyboard, nil, "storyboard")
end)
