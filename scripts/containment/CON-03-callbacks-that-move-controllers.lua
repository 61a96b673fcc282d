-- CON-01, CON-03  Containment calls made from willMove/didMove overrides: the links stay true.
-- Also: NAV-02 (a push's containment), TAB-06 (tabs under More), issue 17 item 5.
--
-- Sources: [DOC] H17 and DOC addChild(_:) (CON-01: willMove(toParent:) runs before the
-- child is added; CON-03: a child of another container "is removed from that container
-- before being added"). UIKit documents nothing for an override that moves controllers while
-- the call that sent it is under way; the engine's choice (D-95): every containment change
-- meets the hierarchy as the callbacks left it. addChild checks again after willMove and
-- adds to what is there; a navigation operation asked from a stack change's containment
-- calls waits for that change, as one asked during a transition does (TIM-03); a tab listed
-- under More that joins another container leaves the tabs (D-95).
-- DECISIONS (docs/DECISIONS.md): D-95, D-8 (adding an existing child does nothing), D-103.

local function names(list)
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c.name end
  return table.concat(out, ",")
end

scenario("willMove(toParent: P) adding the child to Q: the add to P still happens, Q lets it go", function()
  local P, Q = Controller "P", Controller "Q"
  local C = Controller {
    "C",
    willMove = function(self, parent)
      if parent == P then Q:addChild(self) end
    end,
  }
  P:addChild(C)
  expect [[
    C.willMove(toParent: P)
    C.willMove(toParent: Q)
  ]]
  expect.equal(C.parent, P, "C.parent")
  expect.equal(P.children, { C }, "P.children")
  expect.equal(Q.children, {}, "Q.children: no child left behind")
end)

scenario("willMove adding the child to the same parent: listed once", function()
  local P = Controller "P"
  local again = true
  local C = Controller {
    "C",
    willMove = function(self, parent)
      if again then
        again = false
        P:addChild(self)
      end
    end,
  }
  P:addChild(C)
  expect [[
    C.willMove(toParent: P)
    C.willMove(toParent: P)
  ]]
  expect.equal(P.children, { C }, "P.children holds C once")
end)

scenario("re-parenting whose didMove(toParent: nil) adds the child back: the new parent wins", function()
  local P, Q = Controller "P", Controller "Q"
  local C = Controller {
    "C",
    didMove = function(self, parent)
      if parent == nil then P:addChild(self) end
    end,
  }
  P:addChild(C)
  trace.clear()
  Q:addChild(C)
  expect [[
    C.didMove(toParent: nil)
    C.willMove(toParent: P)
    C.willMove(toParent: Q)
  ]]
  expect.equal(C.parent, Q, "C.parent")
  expect.equal(P.children, {}, "P.children")
  expect.equal(Q.children, { C }, "Q.children")
end)

scenario("willMove making the parent a child of the child: the add is refused, nothing else changes", function()
  local P = Controller "P"
  local C = Controller {
    "C",
    willMove = function(self, parent)
      if parent == P then self:addChild(P) end
    end,
  }
  expect.error(function() P:addChild(C) end, "Cannot add C as a child of P: it would contain itself")
  expect [[
    C.willMove(toParent: P)
    P.willMove(toParent: C)
  ]]
  expect.equal(P.parent, C, "what the override did stands")
  expect.equal(C.parent, nil, "C.parent")
  expect.equal(P.children, {}, "P.children")
end)

scenario("a push whose willMove pushes another: the second push waits for the first", function()
  local N
  local once = true
  local X = Controller {
    "X",
    willMove = function(self, parent)
      if parent and once then
        once = false
        N:pushViewController(Controller "Y", false) ---@diagnostic disable-line: call-non-callable
      end
    end,
  }
  N = NavigationController { "N", Controller "R" }
  Window { root = N }
  settle()
  trace.clear()
  N:pushViewController(X, false)
  expect.equal(names(N.viewControllers), "R,X,Y", "both pushes in the stack, in the order asked")
  settle()
  expect [[
    X.willMove(toParent: N)
    Y.willMove(toParent: N)
    Y.viewDidLoad()
    R.viewWillDisappear(false)
    Y.viewWillAppear(false)
    R.viewDidDisappear(false)
    Y.viewDidAppear(false)
    X.didMove(toParent: N)
    Y.didMove(toParent: N)
  ]]
  expect.equal(N.topViewController.name, "Y", "the top")
end)

scenario("a push whose willMove removes the root: the stack keeps what is still a child", function()
  local R = Controller "R"
  local X = Controller {
    "X",
    willMove = function(self, parent)
      if parent then R:removeFromParent() end
    end,
  }
  local N = NavigationController { "N", R }
  Window { root = N }
  settle()
  trace.clear()
  N:pushViewController(X, false)
  expect.equal(N.viewControllers, { X }, "the stack")
  expect.equal(R.parent, nil, "R.parent")
  settle()
  expect [[
    X.willMove(toParent: N)
    R.didMove(toParent: nil)
    X.viewDidLoad()
    R.viewWillDisappear(false)
    X.viewWillAppear(false)
    R.viewDidDisappear(false)
    X.viewDidAppear(false)
    X.didMove(toParent: N)
  ]]
end)

scenario("a pop whose willMove(toParent: nil) pushes the leaving controller elsewhere: it goes there", function()
  local N2 = NavigationController { "N2", Controller "R2" }
  local once = true
  local X = Controller {
    "X",
    willMove = function(self, parent)
      if parent == nil and once then
        once = false
        N2:pushViewController(self, false)
      end
    end,
  }
  local N = NavigationController { "N", Controller "R", X }
  Window { root = N }
  settle()
  trace.clear()
  N:popViewController(false)
  expect.equal(X.parent, N2, "X.parent")
  expect.equal(names(N.viewControllers), "R", "N's stack")
  expect.equal(names(N2.viewControllers), "R2,X", "N2's stack")
end)

scenario("a tab listed under More pushed onto another navigation controller leaves the tabs", function()
  local T = {}
  for i = 1, 6 do T[i] = Controller("T" .. i) end
  local tabs = TabBarController { "Tabs", T[1], T[2], T[3], T[4], T[5], T[6] }
  local N = NavigationController { "N", Controller "R" }
  Window { root = tabs }
  settle()
  tabs.selectedViewController = T[6]
  settle()
  expect.equal(T[6].parent, tabs.moreNavigationController, "T6 shows under More")
  N:pushViewController(T[6], false)
  N:pushViewController(T[5], false)
  expect.equal(T[6].parent, N, "T6.parent")
  expect.equal(T[5].parent, N, "T5.parent")
  expect.equal(names(tabs.viewControllers), "T1,T2,T3,T4", "the tabs")
  expect.equal(T[6].tabBarController, nil, "T6 is no tab any more")
  settle()
end)

-- Issue 17, seeds 15831 and 31255: a top taken by another container while its navigation
-- controller leaves the screen; the navigation controller then becomes a child of that top. It
-- lets the top and its view go, or each would hold the other and outlive the scenario (D-103).
scenario("a navigation controller's top taken while it leaves the screen is let go", function()
  local C9 = Controller "C9"
  local N1 = NavigationController { "N1", Controller "C10", Controller "C1" }
  local T1 = TabBarController { "T1", Controller "C8", N1, Controller "C2" }
  local S1 = SplitViewController { "S1", primary = Controller "C5", secondary = Controller "C3" }
  Window { root = T1 }
  N1:pushViewController(C9, true)
  T1.selectedIndex = 2 -- N1 (1-based)
  settle()
  trace.clear()
  S1:addChild(C9)
  C9:addChild(N1)
  settle()
  expect [[
    C9.didMove(toParent: nil)
    C9.willMove(toParent: S1)
    C2.viewDidLoad()
    C2.viewWillAppear(false)
    N1.viewWillDisappear(false)
    C9.viewWillDisappear(false)
    N1.didMove(toParent: nil)
    N1.willMove(toParent: C9)
    C9.viewDidDisappear(false)
    N1.viewDidDisappear(false)
    C2.viewDidAppear(false)
  ]]
  expect.equal(N1.parent, C9)
  expect.equal(C9.view.superview, nil, "N1 no longer holds C9's view, nor C9")
end)
