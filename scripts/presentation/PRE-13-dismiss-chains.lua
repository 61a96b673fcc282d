-- PRE-13  Dismiss chains: A -> B -> C, dismissed from below.
-- Also: A-9 (the seed's statement; scripts/presentation/A-9-chain-dismissed-from-each-member.lua
-- shows it member by member), M-9 (one transition; the top animates with its own style;
-- intermediates whose views are not in the window get no appearance calls), PRE-17 (the
-- completion after the presented viewDidDisappear), PRE-03 (sheets leave what is under them on
-- screen), M-8 (flags).
--
-- Sources: [DOC] dismiss: "If you present several view controllers in succession, thus
-- building a stack of presented view controllers, calling this method on a view controller
-- lower in the stack dismisses its immediate child view controller and all view controllers
-- above that child on the stack. When this happens, only the top-most view is dismissed in an
-- animated fashion; any intermediate view controllers are simply removed from the stack. The
-- top-most view is dismissed using its modal transition style". [INF] callbacks, all full
-- screen: C.viewWillDisappear -> A.viewWillAppear -> A.viewDidAppear -> C.viewDidDisappear;
-- B gets none; completion after C.viewDidDisappear. "If you call this method on the presented
-- view controller itself, UIKit asks the presenting view controller to handle the dismissal"
-- [DOC]. State tables [OBS shuzhiduo/takorras]: A.presenting=nil, A.presented=B;
-- B.presenting=A, B.presented=C; C.presenting=B, C.presented=nil. dismiss on a controller with
-- neither a presented nor a presenting controller: no effect [OBS takorras].
-- Where the sources stop, D-33 decides: a presented controller still on screen under the top
-- (a sheet under a sheet) disappears with animated false; the top goes first in each phase
-- (the order D-33 names them in).
-- What the scenarios show: the states table; the whole dismissal from A with its timing, the
-- links and flags while it runs, and the completion only after the top's viewDidDisappear; a
-- four-level chain dismissed from the second; a chain of sheets, whose intermediate is on
-- screen; a full-screen B under a sheet C; a bottom presenter that is a child (its nearest
-- ancestor presents); dismiss with nothing to dismiss.
-- DECISIONS (docs/DECISIONS.md): D-33 (chains and dismissal from anywhere), D-28 (order of a
-- dismissal; isBeingDismissed until the links are cleared), D-29 (who presents).

local function styled(name, style)
  return Controller { name, modalPresentationStyle = style or "fullScreen" }
end

-- `root` is the window's root; each controller of `list` presents the next, from `first`.
local function build(root, first, list)
  Window { root = root }
  settle()
  local presenter = first
  for _, vc in ipairs(list) do
    presenter:present(vc)
    settle()
    presenter = vc
  end
  trace.clear()
end

scenario("the states table after A -> B -> C", function()
  local A, B, C = Controller "A", styled("B"), styled("C")
  build(A, A, { B, C })
  expect.equal(A.presentingViewController, nil, "A.presentingViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.presentedViewController, C, "B.presentedViewController")
  expect.equal(C.presentingViewController, B, "C.presentingViewController")
  expect.equal(C.presentedViewController, nil, "C.presentedViewController")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.appearance, "disappeared", "B")
  expect.equal(C.appearance, "appeared", "C")
end)

scenario("from A: one transition, the completion only after C's viewDidDisappear", function()
  local A, B, C = Controller "A", styled("B"), styled("C")
  build(A, A, { B, C })
  local start = now()
  A:dismiss(true, function() note("dismissed") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(C.isBeingDismissed, true, "C.isBeingDismissed")
  expect.equal(A.presentedViewController, B, "the links hold while the dismissal runs")
  expect.equal(C.presentingViewController, B, "C.presentingViewController while it runs")
  advance(0)
  expect [[
    C.viewWillDisappear(true)
    A.viewWillAppear(true)
  ]]
  advance(0.49)
  expect [[
  ]]
  advance(0.01)
  expect [[
    A.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(now() - start, 0.5, "0.5 s")
  expect.equal(C.isBeingDismissed, false, "C.isBeingDismissed after")
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController")
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(C.presentingViewController, nil, "C.presentingViewController")
  expect.equal(B.appearance, "disappeared", "B got no calls")
end)

scenario("a four-level chain dismissed from B: C and D go, only D animates, C gets nothing", function()
  local A, B, C, D = Controller "A", styled("B"), styled("C"), styled("D")
  build(A, A, { B, C, D })
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    D.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    D.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(C.presentingViewController, nil, "C.presentingViewController")
  expect.equal(D.presentingViewController, nil, "D.presentingViewController")
end)

scenario("a chain of sheets: the intermediate is on screen and goes without animation (D-33)", function()
  local A, B, C = Controller "A", styled("B", "pageSheet"), styled("C", "pageSheet")
  build(A, A, { B, C })
  expect.equal(B.appearance, "appeared", "B is on screen under the sheet C")
  A:dismiss(true, function() note("dismissed") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(B.isBeingDismissed, true, "B.isBeingDismissed")
  advance(0.5)
  expect [[
    C.viewWillDisappear(true)
    B.viewWillDisappear(false)
    C.viewDidDisappear(true)
    B.viewDidDisappear(false)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(A.appearance, "appeared", "A never left")
end)

scenario("a full-screen B under a sheet C: B goes without animation, A comes back", function()
  local A, B, C = Controller "A", styled("B"), styled("C", "pageSheet")
  build(A, A, { B, C })
  A:dismiss(true, function() note("dismissed") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  settle()
  expect [[
    C.viewWillDisappear(true)
    B.viewWillDisappear(false)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    C.viewDidDisappear(true)
    B.viewDidDisappear(false)
    note: dismissed
  ]]
end)

scenario("the bottom presenter is a navigation controller: A.dismiss() goes through its nearest ancestor", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  local B, C = styled("B"), styled("C")
  build(nav, A, { B, C })
  expect.equal(B.presentingViewController, nav, "B.presentingViewController (PRE-06)")
  A:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    C.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(nav.presentedViewController, nil, "Nav.presentedViewController")
end)

scenario("nothing to dismiss: no effect, no completion", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  local X = Controller "X"
  nav:pushViewController(X)
  settle()
  trace.clear()
  X:dismiss(true, function() note("X dismissed") end)
  nav:dismiss(false, function() note("Nav dismissed") end)
  local lone = Controller "Lone"
  lone:dismiss(true, function() note("Lone dismissed") end)
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, X }, "nothing popped")
  expect.equal(X.appearance, "appeared", "X")
end)
