-- SHOW-01  targetViewController(forAction:sender:) walks up to the first controller that
-- overrides the action; canPerformAction returning false opts a controller out.
-- Also: A-11.
--
-- Source: [DOC] UIViewController.targetViewController(forAction:sender:): "returns the current
-- view controller if that view controller overrides the method indicated by the action
-- parameter. If the current view controller does not override that method, UIKit walks up
-- the view hierarchy and returns the first view controller that does override it. If no
-- view controller handles the action, this method returns nil." A controller "can selectively
-- respond to an action by returning an appropriate value from its canPerformAction". [OBS]
-- optshiftk.com 2014 and wangling.me 2014: the walk asks canPerformAction on the way, then
-- whether the method is an override; it follows parent controllers.
-- DECISIONS: D-52 (the walk follows `parent` only; a script's override of show or
-- showDetailViewController counts as an override; a script's canPerformAction is traced
-- under the presentation category and opts out only by returning false).

local function stack()
  local A = Controller "A"
  local child = Controller "Child"
  A:addChild(child)
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A, child
end

scenario("a navigation controller is the target of show for everything under it", function()
  local nav, A, child = stack()
  expect.equal(A:targetViewController("show"), nav)
  expect.equal(child:targetViewController("show", child), nav)
  expect.equal(nav:targetViewController("show"), nav, "the navigation controller itself overrides show")
  expect [[ ]]
end)

scenario("nothing overrides showDetailViewController here: no target", function()
  local nav, A = stack()
  expect.equal(A:targetViewController("showDetailViewController"), nil)
  expect.equal(nav:targetViewController("showDetailViewController"), nil)
end)

scenario("a plain controller at the root has no target for show", function()
  local root = Controller "Root"
  Window { root = root }
  expect.equal(root:targetViewController("show"), nil)
end)

scenario("a script's override of show makes its controller the target", function()
  local A = Controller "A"
  local box = Controller { "Box", show = function(self, vc, sender) note("Box shows " .. vc.name) end }
  box:addChild(A)
  local nav = NavigationController { "Nav", box }
  Window { root = nav }
  settle()
  trace.clear()
  expect.equal(A:targetViewController("show"), box, "the nearest override wins over the navigation controller")
  A:show(Controller "B", A)
  expect [[
    Box.show(B, sender: A)
    note: Box shows B
  ]]
  expect.equal(#nav.viewControllers, 1, "nothing was pushed")
end)

scenario("canPerformAction returning false opts a controller out; it is asked on the way up", function()
  local A = Controller "A"
  local box = Controller {
    "Box",
    show = function(self, vc, sender) note("Box shows " .. vc.name) end,
    canPerformAction = function(self, action, sender) return action ~= "show" end,
  }
  box:addChild(A)
  local nav = NavigationController { "Nav", box }
  Window { root = nav }
  settle()
  trace.clear()
  expect.equal(A:targetViewController("show", A), nav)
  expect [[
    Box.canPerformAction("show", withSender: A)
  ]]
  expect.equal(A:targetViewController("showDetailViewController", A), nil)
  expect [[
    Box.canPerformAction("showDetailViewController", withSender: A)
  ]]
end)

scenario("a canPerformAction that returns nothing does not opt out", function()
  local A = Controller { "A", canPerformAction = function() end }
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  expect.equal(A:targetViewController("show", nil), nav)
  expect [[
    A.canPerformAction("show", withSender: nil)
  ]]
end)

scenario("an unknown action is an error that names the valid ones", function()
  local A = Controller "A"
  expect.error(function() A:targetViewController("push") end, ---@diagnostic disable-line: param-type-mismatch
    "bad argument #1 to 'targetViewController' (unknown action \"push\"; the actions are \"show\", \"showDetailViewController\")")
end)
