-- SB-08 (issue 21, M-16): setting a child's preferredContentSize calls
-- preferredContentSizeDidChange(forChildContentContainer:) on its parent, in the call; a
-- presented controller's goes to its presentation controller instead (recorded as
-- `B.presentationController.…`); the same value again calls nothing, and a controller with
-- neither a parent nor a presentation tells no one.
--
-- Sources: SB-08 [DOC] AD preferredcontentsizedidchange(forchildcontentcontainer:) ("UIKit
-- calls this method on a container view controller when the preferredContentSize property of
-- one of its child view controllers changes. Similarly, if the view controller is managed by a
-- presentation controller, UIKit calls this method on the presentation controller") + BEHAVIOR
-- SB-02. Whether an unchanged value calls, and whether the call is synchronous, is [?] (§13
-- item 7): the engine calls in the setter, only on a change. Tags: containment, presentation.
-- Decisions: D-139.

scenario("a child's new preferred size reaches its parent's override, once per change", function()
  local sizes = {}
  local parent = Controller { "Parent", preferredContentSizeDidChange = function(self, child)
    sizes[#sizes + 1] = child.name .. " " .. table.concat(child.preferredContentSize, "x")
  end }
  local child = Controller "Child"
  parent:addChild(child)
  child:didMove(parent)
  Window { root = parent }
  settle()
  trace.clear()
  expect.equal(child.preferredContentSize[1], 0, "zero until set")
  child.preferredContentSize = { 320, 480 }
  expect [[
    Parent.preferredContentSizeDidChange(forChildContentContainer: Child)
  ]]
  expect.equal(sizes[1], "Child 320x480", "the new size is in place when the parent hears")
  child.preferredContentSize = { 320, 480 }
  expect [[
  ]]
  child.preferredContentSize = { 320, 500.5 }
  expect [[
    Parent.preferredContentSizeDidChange(forChildContentContainer: Child)
  ]]
  expect.equal(#sizes, 2)
end)

scenario("a presented controller tells its presentation controller; a lone one tells no one", function()
  local a = Controller "A"
  Window { root = a }
  settle()
  local b = Controller { "B", modalPresentationStyle = "formSheet" }
  a:present(b)
  settle()
  trace.clear()
  b.preferredContentSize = { 540, 620 }
  expect [[
    B.presentationController.preferredContentSizeDidChange(forChildContentContainer: B)
  ]]
  local lone = Controller "Lone"
  lone.preferredContentSize = { 10, 10 }
  expect [[
  ]]
  expect.error(function() lone.preferredContentSize = { -1, 10 } end, "zero or more")
end)

scenario("a child inside a presented navigation controller tells the navigation controller", function()
  local a = Controller "A"
  Window { root = a }
  settle()
  local top = Controller "Top"
  local nav = NavigationController { "Nav", top, modalPresentationStyle = "formSheet" }
  a:present(nav)
  settle()
  trace.clear()
  top.preferredContentSize = { 300, 300 }
  expect [[
    Nav.preferredContentSizeDidChange(forChildContentContainer: Top)
  ]]
end)
