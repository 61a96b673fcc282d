-- HBB-01, XML-03 (issue 21, M-16): `hidesBottomBarWhenPushed="YES"` on a controller element is
-- set on each instance, and the stack scan reads it as it reads a flag set by code.
-- Tags: storyboards, tabbar, HBB.
--
-- Sources: XML-03 [OBS] the attribute as Interface Builder writes it (IBDecodable fixture
-- StoryboardHidesBottomBarWhenPushed.storyboard); HBB-01 [RE] RE26 `_shouldBottomBarBeHidden`.
-- Decisions: D-140 (the bar and its trace), D-128 (what the reader takes).
-- Fixture: Kinds.storyboard beside it (its "Attributes" scene has the attribute).

scenario("a scene's hidesBottomBarWhenPushed hides the bar when pushed", function()
  local sb = Storyboard.load("Kinds.storyboard")
  local pushed = sb:instantiateViewController("Attributes")
  expect.equal(pushed.hidesBottomBarWhenPushed, true, "set from the attribute")
  expect.equal(sb:instantiateViewController("Collection").hidesBottomBarWhenPushed, false, "UIKit's default")
  local nav = NavigationController { "Nav", Controller "A" }
  local tabs = TabBarController { "Tabs", nav, Controller "T2" }
  Window { root = tabs }
  settle()
  trace.clear()
  trace.only(tabs)
  nav:pushViewController(pushed, true)
  settle()
  expect [[
    Tabs.hideBar(animated: true)
  ]]
  expect.equal(tabs.tabBar.isHidden, true, "hidden")
end)

scenario("the table form takes it too", function()
  local sb = Storyboard { "Shop", initial = "Tabs", scenes = {
    Tabs = { kind = "tabBar", tabs = { "Nav" } },
    Nav = { kind = "navigation", root = "List" },
    List = {},
    Item = { hidesBottomBarWhenPushed = true },
  } }
  local tabs = sb:instantiateInitialViewController()
  local item = sb:instantiateViewController("Item")
  expect.equal(item.hidesBottomBarWhenPushed, true, "from the scene")
  Window { root = tabs }
  settle()
  trace.clear()
  trace.only(tabs)
  tabs.selectedViewController:pushViewController(item, false)
  settle()
  expect [[
    Tabs.hideBar(animated: false)
  ]]
end)
