-- CON-01, CON-03, NAV-08, TAB-07, PRE-01  A controller cannot join, by any way into a
-- container, what it presents: a pushed controller, a tab, a split's column, or a controller
-- pushed on the More navigation controller of a tab bar it presents. Found by the project's
-- fuzzer (issue 17, seeds 11697 and 18995, shrunk): the controllers then held each other, and
-- the whole hierarchy outlived its scenario.
--
-- Sources: [DOC] UIViewController.addChild(_:), UINavigationController.pushViewController,
-- UITabBarController.viewControllers, UISplitViewController.viewControllers. UIKit documents
-- nothing for this; the engine's choice (D-86) is a usage error before anything changes.
-- DECISIONS (docs/DECISIONS.md): D-86.

scenario("a presenter pushed onto the More navigation controller of the tab bar it presents is refused", function()
  local C1 = Controller "C1"
  local T1 = TabBarController { "T1", Controller "C3", Controller "C6", Controller "C2" }
  local W = Window { root = C1 }
  C1:present(T1, false)
  W.rootViewController = Controller "C8" -- what C1 presents stays (APP-02); C1 is no root
  local more = T1.moreNavigationController
  settle()
  trace.clear()
  expect.error(function() more:pushViewController(C1, true) end,
    "C1 presents T1More (or what holds it), so T1More cannot take C1 as a child")
  settle()
  expect [[
  ]]
  expect.equal(C1.parent, nil, "C1 has no parent")
  expect.equal(#T1.moreNavigationController.viewControllers, 1, "the More list alone")
end)

-- A presents `presented` from a window whose root it then stops being: what it presents stays
-- (APP-02).
local function presentedFromNoRoot(A, presented)
  local W = Window { root = A }
  A:present(presented, false)
  W.rootViewController = Controller("RootAfter" .. presented.name)
  settle()
end

scenario("a presenter refused as a pushed controller, a tab and a column of what it presents", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  local N = NavigationController { "N", Controller "Top" }
  presentedFromNoRoot(A, N)
  local T = TabBarController { "T", Controller "Tab" }
  presentedFromNoRoot(B, T)
  local S = SplitViewController { "S", primary = Controller "Primary", secondary = Controller "Secondary" }
  presentedFromNoRoot(C, S)
  trace.clear()
  expect.error(function() N:pushViewController(A, false) end, "A presents N (or what holds it), so N cannot take A as a child")
  expect.error(function() T.viewControllers = { T.selectedViewController, B } end,
    "B presents T (or what holds it), so T cannot take B as a child")
  expect.error(function() S.viewControllers = { C, Controller "Other" } end,
    "C presents S (or what holds it), so S cannot take C as a child")
  settle()
  expect [[
  ]]
  expect.equal(N.viewControllers, { N.topViewController }, "nothing changed")
  expect.equal(#T.viewControllers, 1)
  expect.equal(S.viewControllers[1].name, "Primary")
end)
