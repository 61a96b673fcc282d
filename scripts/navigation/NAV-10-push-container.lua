-- NAV-10  Pushing a navigation controller or a tab bar controller.
-- Also: A-7 ("A navigation controller cannot be pushed but can be presented"), §15, M-11,
-- NAV-01 (init(rootViewController:) pushes its root), NAV-08.
--
-- Sources: [OBS]+[DOC] pushing a navigation controller: NSInvalidArgumentException 'Pushing a
-- navigation controller is not supported' (RE shows a private _allowNestedNavigationControllers
-- escape hatch). DOC pushViewController: "This object cannot be a tab bar controller" (the
-- exception text was not found).
-- What the scenarios show: both refusals on a visible stack, on an off-screen one, through
-- setViewControllers and assigning viewControllers, and through the constructor (a
-- navigation controller whose root is a navigation controller, NAV-01's init pushes it);
-- after each the stack, the parents and the screen are unchanged and no callback was sent.
-- Presenting a navigation controller (A-7's other half) belongs to presentation (PRE).
-- DECISIONS (docs/DECISIONS.md): D-20 (the tab bar controller's text is the engine's own,
-- setViewControllers refuses what push refuses, a refusal changes nothing).

local navMessage = "NSInvalidArgumentException: Pushing a navigation controller is not supported"
local tabsMessage = "NSInvalidArgumentException: Pushing a tab bar controller is not supported"

local function visibleNav()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("pushing a navigation controller", function()
  local nav, A = visibleNav()
  local X = Controller "X"
  local inner = NavigationController { "Inner", X }
  trace.clear()
  expect.error(function() nav:pushViewController(inner, true) end, navMessage)
  expect.error(function() nav:pushViewController(inner, false) end, navMessage)
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "Nav unchanged")
  expect.equal(inner.parent, nil, "Inner.parent")
  expect.equal(inner.viewControllers, { X }, "Inner unchanged")
  expect.equal(X.navigationController, inner, "X.navigationController")
  expect.equal(inner.isViewLoaded, false, "Inner not loaded")
  expect.equal(A.appearance, "appeared", "A still on screen")
end)

scenario("pushing a tab bar controller", function()
  local nav, A = visibleNav()
  local T1 = Controller "T1"
  local tabs = TabBarController { "Tabs", T1 }
  trace.clear()
  expect.error(function() nav:pushViewController(tabs) end, tabsMessage)
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "Nav unchanged")
  expect.equal(tabs.parent, nil, "Tabs.parent")
  expect.equal(tabs.isViewLoaded, false, "Tabs not loaded")
end)

scenario("setViewControllers and viewControllers refuse them too", function()
  local nav, A = visibleNav()
  local inner = NavigationController { "Inner" }
  local tabs = TabBarController { "Tabs" }
  trace.clear()
  expect.error(function() nav:setViewControllers({ A, inner }, true) end, navMessage)
  expect.error(function() nav:setViewControllers({ inner, A }, false) end, navMessage)
  expect.error(function() nav.viewControllers = { A, tabs } end, tabsMessage)
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "Nav unchanged")
  expect.equal(inner.parent, nil, "Inner.parent")
  expect.equal(tabs.parent, nil, "Tabs.parent")
end)

scenario("off screen: the same refusals", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local inner = NavigationController { "Inner" }
  local tabs = TabBarController { "Tabs" }
  trace.clear()
  expect.error(function() nav:pushViewController(inner) end, navMessage)
  expect.error(function() nav:pushViewController(tabs) end, tabsMessage)
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A }, "Nav unchanged")
end)

scenario("a navigation controller as another one's root: the constructor's push refuses it", function()
  local X = Controller "X"
  local inner = NavigationController { "Inner", X }
  trace.clear()
  expect.error(function() NavigationController { "Outer", inner } end, navMessage)
  expect [[
  ]]
  expect.equal(inner.parent, nil, "Inner.parent")
end)

scenario("a navigation controller inside a custom container or a tab bar is fine", function()
  local X, Y = Controller "X", Controller "Y"
  local inner = NavigationController { "Inner", X }
  local tabs = TabBarController { "Tabs", inner }
  local P = Controller "P"
  local other = NavigationController { "Other", Y }
  P:addChild(other)
  expect.equal(inner.parent, tabs, "Inner is a tab")
  expect.equal(other.parent, P, "Other is a child of P")
  expect.equal(X.navigationController, inner, "X.navigationController")
end)
