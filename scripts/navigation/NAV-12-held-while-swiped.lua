-- NAV-12, CON-10, PRE-09  A controller being swiped off, or listed under More, is still held:
-- making it a window's root or presenting it is refused, and the refusal changes nothing.
-- Also: TAB-06 (tabs under More), issue 17 item 6.
--
-- Sources: [OBS×2] NAV-12 (after a cancelled swipe "B.parent === nav": UIKit takes B from
-- the navigation controller only when the pop completes, so B keeps its parent while the
-- finger is down); [DOC] CON-10 (a window's root view controller must have no parent: UIKit
-- raises UIViewControllerHierarchyInconsistency); DOC present(_:animated:completion:)
-- (presenting a controller that has a parent raises NSInvalidArgumentException).
-- The engine takes B off the stack as the swipe begins (D-21): it counts the navigation
-- controller as B's parent for these refusals until the swipe ends, and a tab listed under
-- More as the tab bar's (UIKit's tabs are all its children), so that each is refused before
-- anything changes instead of after the old root's view left and the swipe was cancelled.
-- DECISIONS (docs/DECISIONS.md): D-96, D-21, D-95, D-103.

local function state(list)
  local out = {}
  for _, c in ipairs(list) do
    local kids = {}
    for _, k in ipairs(c.children) do kids[#kids + 1] = k.name end
    out[#out + 1] = c.name .. "(" .. (c.parent and c.parent.name or "-") .. "; " .. table.concat(kids, ",")
      .. "; " .. c.appearance .. ")"
  end
  return table.concat(out, " ")
end

scenario("a swiped-off controller made the window's root: refused, the swipe goes on", function()
  local A, B = Controller "A", Controller "B"
  local N = NavigationController { "N", A, B }
  local win = Window { root = N }
  settle()
  local swipe = user.swipeBack(N)
  trace.clear()
  local before = state({ N, A, B })
  expect.error(function() win.rootViewController = B end,
    "UIViewControllerHierarchyInconsistency: child view controller:B should have parent view controller:(null) "
      .. "but actual parent is:N")
  expect.equal(state({ N, A, B }), before, "nothing changed")
  expect.equal(win.rootViewController, N, "the root")
  expect.equal(swipe.state, "began", "the swipe is still under the finger")
  expect.equal(trace.lines(), {}, "no callback")
  swipe:cancel()
  settle()
  expect.equal(N.viewControllers, { A, B }, "cancelled: the stack as it was")
end)

scenario("a swiped-off controller presented: refused, as a child is", function()
  local A, B = Controller "A", Controller "B"
  local N = NavigationController { "N", A, B }
  Window { root = N }
  settle()
  local swipe = user.swipeBack(N)
  trace.clear()
  local before = state({ N, A, B })
  expect.error(function() A:present(B) end,
    "NSInvalidArgumentException: Application tried to present modally a view controller B that has a parent "
      .. "view controller N.")
  expect.equal(state({ N, A, B }), before, "nothing changed")
  expect.equal(trace.lines(), {}, "no callback")
  swipe:finish()
  settle()
  expect.equal(N.viewControllers, { A }, "finished: popped")
  A:present(B)
  settle()
  expect.equal(B.presentingViewController, N, "once popped, B can be presented")
end)

scenario("a tab listed under More presented or made a root: refused, the tabs keep it", function()
  local T = {}
  for i = 1, 6 do T[i] = Controller("T" .. i) end
  local tabs = TabBarController { "Tabs", T[1], T[2], T[3], T[4], T[5], T[6] }
  local other = Window { root = Controller "Other" }
  Window { root = tabs }
  settle()
  trace.clear()
  expect.equal(T[5].parent, nil, "a tab under More has no parent until More shows it")
  expect.error(function() T[1]:present(T[5]) end,
    "NSInvalidArgumentException: Application tried to present modally a view controller T5 that has a parent "
      .. "view controller Tabs.")
  expect.error(function() other.rootViewController = T[5] end,
    "UIViewControllerHierarchyInconsistency: child view controller:T5 should have parent view controller:(null) "
      .. "but actual parent is:Tabs")
  expect.equal(trace.lines(), {}, "no callback")
  expect.equal(#tabs.viewControllers, 6, "still six tabs")
  tabs.selectedViewController = T[5]
  settle()
  expect.equal(T[5].parent, tabs.moreNavigationController, "More shows it")
end)

-- Issue 17, seed 19682: the top's willMove(toParent: nil), sent as the swipe begins, gives it to
-- a tab bar; the swipe is over before its transition begins, and the stack shows its new top as
-- any change does (D-103).
scenario("a swipe back whose willMove hands the top to a tab bar: the swipe is over, the top is a tab", function()
  local C2, C3, C5 = Controller "C2", Controller "C3", Controller "C5"
  local N2 = NavigationController { "N2", C5, C2 }
  local T1 = TabBarController { "T1", Controller "C4", C3 }
  C2.willMove = function(self, parent)
    if parent == nil then T1:setViewControllers({ C3, self }, true) end
  end
  Window { root = N2 }
  settle()
  trace.clear()
  local swipe = user.swipeBack(N2)
  settle()
  expect [[
    C2.willMove(toParent: nil)
    C4.willMove(toParent: nil)
    C4.didMove(toParent: nil)
    C2.didMove(toParent: nil)
    C2.willMove(toParent: T1)
    C2.didMove(toParent: T1)
    C5.viewDidLoad()
    C2.viewWillDisappear(false)
    C5.viewWillAppear(false)
    C2.viewDidDisappear(false)
    C5.viewDidAppear(false)
  ]]
  expect.equal(swipe.state, "cancelled")
  expect.equal(C2.parent, T1)
  expect.equal(N2.viewControllers, { C5 })
end)
