-- TAB-03, TAB-05, TAB-06, TAB-07  A tab bar stays true when the script's own code changes its
-- tabs from inside a change of them, from inside shouldSelect, or puts its tabs on the More
-- navigation controller by hand. Found by the project's fuzzer (issue 17, seeds 9, 89, 1347
-- and 1690, shrunk).
--
-- Sources: [DOC] UITabBarController.viewControllers, selectedViewController ("you can set it
-- to any view controller in viewControllers"), moreNavigationController (the tab bar manages
-- its contents); tabBarController(_:shouldSelect:). The engine's choices (D-102): the later
-- change of the tabs wins and the selection follows the tabs as they are; a tapped item that
-- shouldSelect's code took away selects nothing; a tab cannot be put on the More navigation
-- controller's stack by hand; a tab listed under More is the tab bar's for the view-cycle
-- check (D-101).
-- DECISIONS (docs/DECISIONS.md): D-95, D-101, D-102, D-103.

scenario("tabs set from a joining tab's didMove: the later tabs win, the selection follows them", function()
  local C2, C5, C6, C7 = Controller "C2", Controller "C5", Controller "C6", Controller "C7"
  local T1 = TabBarController { "T1", C5, C6, C2 }
  local nested = false
  C7.didMove = function(self, parent)
    if parent == T1 and not nested then
      nested = true
      T1.viewControllers = {}
    end
  end
  T1:setViewControllers({ C6, C7 }, true)
  expect.equal(#T1.viewControllers, 0, "the tabs the callback set")
  expect.equal(T1.selectedViewController, nil)
  expect.equal(#T1.children, 0)
  expect.equal(C6.parent, nil)
  expect.equal(C7.parent, nil)
end)

scenario("shouldSelect takes the tapped tab away: nothing is selected, didSelect is not sent", function()
  local C3, C4, C6, C7, C8, C9 = Controller "C3", Controller "C4", Controller "C6", Controller "C7",
    Controller "C8", Controller "C9"
  local T1 = TabBarController { "T1", C8, C7, C3, C4, C6 }
  Window { root = T1, size = { 1024, 768 } }
  T1.delegate = {
    shouldSelect = function(tabs, vc)
      T1:setViewControllers({ C7, C3, C9 }, false)
      return true
    end,
    didSelect = function(tabs, vc) end,
  }
  settle()
  trace.clear()
  user.tapTab(T1, 5)
  settle()
  expect [[
    T1.delegate.shouldSelect(C6)
    C8.willMove(toParent: nil)
    C8.didMove(toParent: nil)
    C4.willMove(toParent: nil)
    C4.didMove(toParent: nil)
    C6.willMove(toParent: nil)
    C6.didMove(toParent: nil)
    C9.willMove(toParent: T1)
    C9.didMove(toParent: T1)
    C7.viewDidLoad()
    C7.viewWillAppear(false)
    C8.viewWillDisappear(false)
    ...
    C8.viewDidDisappear(false)
    C7.viewDidAppear(false)
  ]]
  expect.equal(T1.selectedViewController, C7, "the first tab, as TAB-07 falls back; not the tapped C6")
end)

scenario("a tab put on the More navigation controller's stack by hand is refused", function()
  local C = {}
  for i = 1, 6 do C[i] = Controller("C" .. i) end
  local T1 = TabBarController { "T1", C[1], C[2], C[3], C[4], C[5], C[6] }
  Window { root = T1 }
  settle()
  local more = T1.moreNavigationController
  expect.error(function() more.viewControllers = { C[2] } end,
    "C2 is a tab of T1, which puts its tabs on T1More itself; select it (tabs.selectedViewController = C2) "
      .. "instead of pushing it there")
  expect.error(function() more:pushViewController(C[5], false) end, "C5 is a tab of T1")
  -- A tab under More pushes its own details there, as UIKit's More tabs do.
  T1.selectedViewController = C[5]
  settle()
  C[5].navigationController:pushViewController(Controller "Detail", false)
  settle()
  expect.equal(more.topViewController.name, "Detail")
end)

scenario("a tab bar's view put into the view of a tab listed under More is refused (a future cycle)", function()
  local C = {}
  for i = 1, 8 do C[i] = Controller("C" .. i) end
  local N1 = NavigationController { "N1", C[8], C[7] }
  local T1 = TabBarController { "T1", C[5], C[6], N1, C[2], C[3], C[4], C[1] }
  expect.error(function() C[1].view:addSubview(T1.view) end,
    "Can't add T1.view as a subview of C1.view: C1 is inside T1, whose view holds C1's (the views would make a cycle)")
  N1:setViewControllers({ C[7], C[2], C[3] }, true)
  expect.equal(C[2].parent, N1)
  expect.equal(C[3].parent, N1)
  local names = {}
  for _, tab in ipairs(T1.viewControllers) do names[#names + 1] = tab.name end
  expect.equal(table.concat(names, " "), "C5 C6 N1 C4 C1", "the pushed tabs left the tab bar")
end)

-- Seed 3133: tabs set from a leaving tab's willMove wait for the change under way.
scenario("tabs set from a leaving tab's willMove are applied after the change under way", function()
  local C1, C2, C3, C4, C6 = Controller "C1", Controller "C2", Controller "C3", Controller "C4", Controller "C6"
  local N1 = NavigationController { "N1", C1 }
  local T1 = TabBarController { "T1", N1, C6, C2, C4 }
  local asked = false
  C2.willMove = function(self, parent)
    if not asked then
      asked = true
      T1:setViewControllers({ N1, C3, self }, true)
    end
  end
  trace.clear()
  T1.viewControllers = { C3, N1, C1 }
  expect [[
    C6.willMove(toParent: nil)
    C6.didMove(toParent: nil)
    C2.willMove(toParent: nil)
    C2.didMove(toParent: nil)
    C4.willMove(toParent: nil)
    C4.didMove(toParent: nil)
    C3.willMove(toParent: T1)
    C3.didMove(toParent: T1)
    C1.didMove(toParent: nil)
    C1.willMove(toParent: T1)
    C1.didMove(toParent: T1)
    C1.willMove(toParent: nil)
    C1.didMove(toParent: nil)
    C2.willMove(toParent: T1)
    C2.didMove(toParent: T1)
  ]]
  expect.equal(T1.viewControllers, { N1, C3, C2 }, "the later change")
  expect.equal(T1.children, { N1, C3, C2 })
end)

-- Seed 5797: a tab whose willMove presents it is refused by addChild after the callback (D-95)
-- and dropped from the tabs, with a warning.
scenario("a joining tab that its willMove presents is dropped from the tabs", function()
  local C3, C4, C7, C11 = Controller "C3", Controller "C4", Controller "C7", Controller "C11"
  local T1 = TabBarController { "T1", C7 }
  Window { root = T1 }
  settle()
  C11.willMove = function(self, parent)
    if parent == T1 then C7:present(self, true) end
  end
  T1.viewControllers = { C4, C11, C3 }
  settle()
  expect.equal(T1.viewControllers, { C4, C3 })
  expect.equal(T1.children, { C4, C3 })
  expect.equal(C11.presentingViewController, C7)
  expect.equal(C11.parent, nil)
end)

-- Seeds 4332, 6630, 9630: what a container holds without being its parent (a tab listed
-- under More, the More navigation controller, a split's secondary set aside) cannot take the
-- container as a child or present it: the hierarchy would hold a cycle.
scenario("a controller a container holds aside cannot take or present that container", function()
  local C = {}
  for i = 1, 7 do C[i] = Controller("C" .. i) end
  local T1 = TabBarController { "T1", C[1], C[2], C[3], C[4], C[5], C[6] }
  expect.error(function() C[5]:present(T1, false) end, "Application tried to present modal view controller on itself")
  expect.error(function() C[6]:addChild(T1) end, "it would contain itself")
  local T2 = TabBarController { "T2", C[7] }
  local more = T2.moreNavigationController
  expect.error(function() more:addChild(T2) end, "it would contain itself")
  local C8, C9 = Controller "C8", Controller "C9"
  local S1 = SplitViewController { "S1", primary = C8, secondary = C9 }
  Window { root = S1, size = { 390, 844 } }
  settle()
  expect.equal(S1.isCollapsed, true)
  expect.equal(C9.parent, nil, "set aside")
  Window { root = Controller "Other" }
  expect.error(function() C9:present(S1, false) end, "Application tried to present modal view controller on itself")
  expect.error(function() C9:addChild(S1) end, "it would contain itself")
end)

scenario("a secondary set aside that joins another container is let go by its split", function()
  local C8, C9, P = Controller "C8", Controller "C9", Controller "P"
  local S1 = SplitViewController { "S1", primary = C8, secondary = C9 }
  local W = Window { root = S1, size = { 390, 844 } }
  settle()
  P:addChild(C9)
  W.rootViewController = nil
  C9:addChild(S1)
  expect.equal(S1.parent, C9, "S1 no longer holds C9, so no cycle")
  expect.equal(C9.parent, P)
end)

-- Found in review: changes and selections asked during a change of the tabs wait for it, and
-- the later one wins; a selection of a tab that a later change took away is dropped (D-103).
-- (A change could once raise here, its tabs selecting one another from their will-callbacks
-- while it ran; selections asked during a change now wait, so the change never meets them.)
scenario("a selection and a change asked during a change of the tabs: the later change wins", function()
  local A, B, C, X = Controller "A", Controller "B", Controller "C", Controller "X"
  local T1 = TabBarController { "T1", A, B }
  Window { root = T1 }
  settle()
  local armed = true
  C.didMove = function(self, parent)
    if parent == T1 and armed then
      armed = false
      T1.viewControllers = { X }
    end
  end
  B.viewWillAppear = function(self) if T1.viewControllers[2] == C then T1.selectedViewController = C end end
  trace.clear()
  T1:setViewControllers({ B, C }, false)
  settle()
  expect [[
    A.willMove(toParent: nil)
    A.didMove(toParent: nil)
    C.willMove(toParent: T1)
    C.didMove(toParent: T1)
    B.viewDidLoad()
    B.viewWillAppear(false)
    A.viewWillDisappear(false)
    B.willMove(toParent: nil)
    B.didMove(toParent: nil)
    C.willMove(toParent: nil)
    C.didMove(toParent: nil)
    X.willMove(toParent: T1)
    X.didMove(toParent: T1)
    X.viewDidLoad()
    X.viewWillAppear(false)
    B.viewWillDisappear(false)
    A.viewDidDisappear(false)
    B.viewDidDisappear(false)
    X.viewDidAppear(false)
  ]]
  expect.equal(T1.viewControllers, { X }, "the change asked during the first one, applied after it")
  expect.equal(T1.selectedViewController, X, "C, selected meanwhile, is no longer a tab")
end)

-- Found in review: a tab refused after its willMove leaves five tabs, no More item; the More
-- navigation controller the first adoption took as a child leaves again.
scenario("a refused tab that leaves no More item takes the More navigation controller out", function()
  local P, N = Controller "P", Controller "N"
  Window { root = P }
  local C = {}
  for i = 1, 5 do C[i] = Controller("C" .. i) end
  local T1 = TabBarController { "T1", C[1], C[2], C[3], C[4], C[5] }
  Window { root = T1 }
  settle()
  N.willMove = function(self, parent) if parent == T1 then P:present(N, false) end end
  T1:setViewControllers({ N, C[1], C[2], C[3], C[4], C[5] }, false)
  settle()
  expect.equal(T1.viewControllers, { C[1], C[2], C[3], C[4], C[5] })
  expect.equal(T1.children, { C[1], C[2], C[3], C[4], C[5] }, "no More item, so More is no child")
  T1:setViewControllers({ C[1], C[2] }, false)
  expect.equal(T1.children, { C[1], C[2] })
end)

-- Review of issue 17: a selection asked from a joining tab's willMove, while the change of the
-- tabs is under way, is the change's selection (the later request wins, D-103).
scenario("a tab selected from a joining tab's willMove is what the change selects", function()
  local A, B, C, D = Controller "A", Controller "B", Controller "C", Controller "D"
  local T = TabBarController { "T", A, B }
  Window { root = T }
  settle()
  C.willMove = function(self, parent) if parent == T then T.selectedViewController = D end end
  trace.clear()
  T.viewControllers = { A, B, C, D }
  settle()
  expect [[
    C.willMove(toParent: T)
    C.didMove(toParent: T)
    D.willMove(toParent: T)
    D.didMove(toParent: T)
    D.viewDidLoad()
    D.viewWillAppear(false)
    A.viewWillDisappear(false)
    A.viewDidDisappear(false)
    D.viewDidAppear(false)
  ]]
  expect.equal(T.selectedViewController, D)
end)
