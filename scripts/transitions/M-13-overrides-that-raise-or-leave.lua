-- M-13, G-01, PRE-04, NAV-12  A transition always finishes: an override that raises as a
-- swipe begins, or a child that leaves its parent from its own viewWillDisappear, does not
-- leave a controller disappearing for good.
-- Also: M-2 (a parent forwards its appearance to its children), CON-02 (removeFromParent
-- sends didMove(toParent: nil)), issue 17 item 8.
--
-- Sources: BEHAVIOR.md Part B M-13 (every transition ends) and G-01 (each will-callback is
-- followed by its did- or its cancel edge); PRE-04 and NAV-12 [OBS] (a cancelled swipe turns
-- the brackets around). UIKit logs neither case; the engine's choices (D-97): an override's
-- error is raised by the `user.swipe…` call, which therefore returns no gesture to finish,
-- so the finger lifts at once and the swipe is cancelled as any cancelled swipe; a child
-- taken from its parent inside the will-callback its parent forwarded ends its appearance
-- on its own at the end of the turn, as any child that leaves mid-transition does.
-- DECISIONS (docs/DECISIONS.md): D-97.

scenario("an override raising as a swipe down begins: the swipe is cancelled, later dismissals work", function()
  local A = Controller "A"
  local B = Controller {
    "B",
    viewWillDisappear = function(self, animated)
      if animated then error("not now") end
    end,
  }
  Window { root = A }
  settle()
  A:present(B)
  settle()
  trace.clear()
  expect.error(function() user.swipeDown(B) end, "not now")
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.appearance, "appeared", "the sheet is back")
  expect.equal(A.presentedViewController, B, "still presented")
  A:dismiss(false)
  settle()
  expect [[
    B.viewWillDisappear(false)
    B.viewDidDisappear(false)
  ]]
  expect.equal(A.presentedViewController, nil, "dismissed")
end)

scenario("a child that leaves its parent in its own viewWillDisappear still hears viewDidDisappear", function()
  local P = Controller "P"
  local C = Controller {
    "C",
    viewWillDisappear = function(self) self:removeFromParent() end,
  }
  local win = Window { root = P }
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()
  win.isHidden = true
  settle()
  expect [[
    P.viewWillDisappear(false)
    C.viewWillDisappear(false)
    C.didMove(toParent: nil)
    C.viewDidDisappear(false)
    P.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "C")
end)

scenario("a tab that leaves its tab bar in its own viewWillDisappear still hears viewDidDisappear", function()
  local T1 = Controller {
    "T1",
    viewWillDisappear = function(self) self:removeFromParent() end,
  }
  local T2 = Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  Window { root = tabs }
  settle()
  trace.clear()
  tabs.selectedViewController = T2
  settle()
  expect [[
    T2.viewDidLoad()
    T2.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.didMove(toParent: nil)
    T1.viewDidDisappear(false)
    T2.viewDidAppear(false)
  ]]
  expect.equal(tabs.viewControllers, { T2 }, "the tabs")
end)
