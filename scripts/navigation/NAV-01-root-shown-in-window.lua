-- NAV-01  init(rootViewController:), then the navigation controller is shown.
-- Also: M-5 (a container installs its visible child right after its own viewWillAppear),
-- CON-12 (nav.children is the whole stack), G-02, M-2 (parent first).
--
-- Sources: [RE]+[OBS] [RE] initWithRootViewController: is init plus
-- pushViewController:root animated:NO (VINavigationController.m, iOS 8.3), so the stack,
-- A.parent and nav.children are set before any view loads. [OBS iOS 5, O-vast] when shown:
-- A.viewDidLoad -> A.viewWillAppear -> navDelegate.willShow(A) -> ... -> A.viewDidAppear ->
-- navDelegate.didShow(A). The iOS 5 log has didShow twice, once before A.viewDidAppear;
-- the engine calls it once, after A.viewDidAppear (BEHAVIOR.md §16.9 says it may differ on
-- modern iOS).
-- What the scenarios show: the containment calls the constructor makes off screen, that the
-- root loads only when the navigation controller appears (and after its viewWillAppear), that
-- only the top of a longer initial stack loads, the delegate's lines, a window made visible
-- later, a navigation controller inside a custom container, and one in a tab bar (its
-- delegate hears nothing when it reappears showing the same top).
-- DECISIONS (docs/DECISIONS.md): D-17 (first show, delegate once, the constructor pushes
-- off screen), D-18 (the containment calls of an initial stack of several), D-5 (a window's
-- root loads when assigned), D-23 (off-screen stack), D-3 (children follow their parent).

local function delegateFor(label)
  return {
    willShow = function(nav, vc, animated)
      note(label .. " willShow: top=" .. nav.topViewController.name .. " loaded=" .. tostring(vc.isViewLoaded))
    end,
    didShow = function(nav, vc, animated) end,
  }
end

scenario("the constructor pushes the root off screen; nothing loads", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  expect [[
    A.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
  ]]
  expect.equal(nav.viewControllers, { A }, "viewControllers")
  expect.equal(nav.children, { A }, "children (CON-12)")
  expect.equal(A.parent, nav, "A.parent")
  expect.equal(A.navigationController, nav, "A.navigationController")
  expect.equal(nav.topViewController, A, "topViewController")
  expect.equal(nav.isViewLoaded, false, "the navigation controller's view is not loaded")
  expect.equal(A.isViewLoaded, false, "the root's view is not loaded")
  expect.equal(A.isMovingToParent, false, "the move is over")
end)

scenario("shown as a window's root: the root loads after Nav.viewWillAppear", function()
  trace.include "loading"
  local A = Controller "A"
  local nav = NavigationController { "Nav", A, delegate = delegateFor("Nav") }
  trace.clear()
  Window { root = nav }
  expect [[
    Nav.loadView()
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    note: Nav willShow: top=A loaded=true
  ]]
  expect.equal(A.appearance, "appearing", "A before the end of the turn")
  settle()
  expect [[
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    Nav.delegate.didShow(A, animated: false)
  ]]
  expect.equal(now(), 0, "not animated: no virtual time passes")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(nav.appearance, "appeared", "Nav")
  expect.equal(A.view.superview ~= nil, true, "A's view is installed in Nav's view tree")
end)

scenario("flags of the root at its first appearance: not moving", function()
  local function report(callback)
    return function(self)
      note("A." .. callback .. ": toParent=" .. tostring(self.isMovingToParent)
        .. " fromParent=" .. tostring(self.isMovingFromParent))
    end
  end
  local A = Controller { "A", viewWillAppear = report("viewWillAppear"), viewDidAppear = report("viewDidAppear") }
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  expect [[
    A.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    note: A.viewWillAppear: toParent=false fromParent=false
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    note: A.viewDidAppear: toParent=false fromParent=false
  ]]
end)

scenario("an initial stack of three: only the top loads and appears", function()
  local A, B, C = Controller "A", Controller "B", Controller "C"
  -- A stack of several is one setViewControllers off screen: the joiners' willMove calls in
  -- stack order, then their didMove calls (D-18).
  local nav = NavigationController { "Nav", A, B, C, delegate = delegateFor("Nav") }
  expect [[
    A.willMove(toParent: Nav)
    B.willMove(toParent: Nav)
    C.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    B.didMove(toParent: Nav)
    C.didMove(toParent: Nav)
  ]]
  Window { root = nav }
  settle()
  expect [[
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    C.viewDidLoad()
    C.viewWillAppear(false)
    Nav.delegate.willShow(C, animated: false)
    note: Nav willShow: top=C loaded=true
    Nav.viewDidAppear(false)
    C.viewDidAppear(false)
    Nav.delegate.didShow(C, animated: false)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "viewControllers")
  expect.equal(A.isViewLoaded, false, "A not loaded")
  expect.equal(B.isViewLoaded, false, "B not loaded")
  expect.equal(A.appearance, "disappeared", "A")
end)

scenario("a window made visible later: Nav loads at assignment, A when it appears", function()
  trace.include "loading"
  local A = Controller "A"
  local nav = NavigationController { "Nav", A, delegate = delegateFor("Nav") }
  trace.clear()
  local win = Window { root = nav, visible = false }
  settle()
  expect [[
    Nav.loadView()
    Nav.viewDidLoad()
  ]]
  expect.equal(A.isViewLoaded, false, "A waits for Nav to appear (M-5)")
  win:makeKeyAndVisible()
  settle()
  expect [[
    Nav.viewWillAppear(false)
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    note: Nav willShow: top=A loaded=true
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    Nav.delegate.didShow(A, animated: false)
  ]]
end)

scenario("a stack changed off screen shows its new top when it appears", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, delegate = delegateFor("Nav") }
  nav:pushViewController(B)
  expect [[
    A.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    B.willMove(toParent: Nav)
    B.didMove(toParent: Nav)
  ]]
  Window { root = nav }
  settle()
  expect [[
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    Nav.delegate.willShow(B, animated: false)
    note: Nav willShow: top=B loaded=true
    Nav.viewDidAppear(false)
    B.viewDidAppear(false)
    Nav.delegate.didShow(B, animated: false)
  ]]
  expect.equal(A.isViewLoaded, false, "A never loaded")
end)

scenario("a custom container holding the navigation controller (set up in viewDidLoad)", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A, delegate = delegateFor("Nav") }
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(nav)
      self.view:addSubview(nav.view)
      nav:didMove(self)
    end,
  }
  trace.clear()
  Window { root = P }
  settle()
  expect [[
    P.viewDidLoad()
    Nav.willMove(toParent: P)
    Nav.viewDidLoad()
    Nav.didMove(toParent: P)
    P.viewWillAppear(false)
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    note: Nav willShow: top=A loaded=true
    P.viewDidAppear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    Nav.delegate.didShow(A, animated: false)
  ]]
  expect.equal(nav.parent, P, "Nav.parent")
  expect.equal(A.parent, nav, "A.parent")
  expect.equal(A.navigationController, nav, "A.navigationController")
  expect.equal(P.navigationController, nil, "P is not inside a navigation controller")
end)

scenario("a custom container adding the navigation controller while it is visible (A-2)", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  trace.clear()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A, delegate = delegateFor("Nav") }
  P:addChild(nav)
  P.view:addSubview(nav.view)
  nav:didMove(P)
  expect [[
    A.willMove(toParent: Nav)
    A.didMove(toParent: Nav)
    Nav.willMove(toParent: P)
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    note: Nav willShow: top=A loaded=true
    Nav.didMove(toParent: P)
  ]]
  settle()
  expect [[
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    Nav.delegate.didShow(A, animated: false)
  ]]
end)

scenario("in a tab bar: first shown when its tab is selected; no delegate calls when it comes back", function()
  local T1, A = Controller "T1", Controller "A"
  local nav = NavigationController { "Nav", A, delegate = delegateFor("Nav") }
  local tabs = TabBarController { "Tabs", T1, nav }
  Window { root = tabs }
  settle()
  trace.clear()
  expect.equal(nav.isViewLoaded, false, "the second tab is not loaded (LOAD-08)")
  tabs.selectedIndex = 2
  settle()
  expect [[
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    A.viewDidLoad()
    A.viewWillAppear(false)
    Nav.delegate.willShow(A, animated: false)
    note: Nav willShow: top=A loaded=true
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
    Nav.delegate.didShow(A, animated: false)
  ]]
  tabs.selectedIndex = 1
  settle()
  trace.clear()
  tabs.selectedIndex = 2
  settle()
  expect [[
    Nav.viewWillAppear(false)
    A.viewWillAppear(false)
    T1.viewWillDisappear(false)
    T1.viewDidDisappear(false)
    Nav.viewDidAppear(false)
    A.viewDidAppear(false)
  ]]
end)
