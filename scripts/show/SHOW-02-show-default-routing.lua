-- SHOW-02  show(_:sender:) by default: the target of the action shows the controller (a
-- navigation controller pushes); with no target the window's root presents it modally.
-- Also: A-11, NAV-16 (show inside a navigation controller pushes).
--
-- Source: [DOC] UIViewController.show(_:sender:): "The default implementation of this method
-- calls the targetViewController(forAction:sender:) method to locate an object in the view
-- controller hierarchy that overrides this method. It then calls the method on that target
-- object ... If the targetViewController(forAction:sender:) method returns nil, this method
-- uses the window's root view controller to present vc modally." UINavigationController
-- overrides show to push (its overview, "Adapting to different environments").
-- DECISIONS: D-52 (the window is the receiver's view's window, read without loading it: a
-- receiver outside every window shows nothing; the walk follows `parent` only, so a
-- presented controller outside any navigation controller has the root present, which warns
-- when the root already presents — UIKit's real behaviour there is not documented).

local function pushedFrom()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A
end

scenario("in a navigation controller, show pushes (animated)", function()
  local nav, A = pushedFrom()
  local B = Controller "B"
  A:show(B, A)
  expect.equal(nav.topViewController, B, "the stack changed inside the call")
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
  ]]
end)

scenario("a child deep inside the navigation controller's top pushes onto it too", function()
  local nav, A = pushedFrom()
  local inner = Controller "Inner"
  A:addChild(inner)
  A.view:addSubview(inner.view)
  inner:didMove(A)
  settle()
  trace.clear()
  inner:show(Controller "B", inner)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    A.viewWillDisappear(true)
    Inner.viewWillDisappear(true)
    B.viewWillAppear(true)
    A.viewDidDisappear(true)
    Inner.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
  ]]
end)

scenario("no navigation controller above: the window's root presents", function()
  local root = Controller "Root"
  Window { root = root }
  settle()
  trace.clear()
  local Q = Controller "Q"
  root:show(Q, root)
  expect.equal(Q.presentingViewController, root)
  settle()
  expect [[
    Q.viewDidLoad()
    Q.viewWillAppear(true)
    Q.viewDidAppear(true)
  ]]
end)

scenario("a child of a custom container at the root: the root presents", function()
  local root = Controller "Root"
  local child = Controller "Child"
  root:addChild(child)
  root.view:addSubview(child.view)
  child:didMove(root)
  Window { root = root }
  settle()
  trace.clear()
  local Q = Controller "Q"
  child:show(Q, child)
  expect.equal(root.presentedViewController, Q)
  expect.equal(Q.presentingViewController, root)
  settle()
  expect [[
    Q.viewDidLoad()
    Q.viewWillAppear(true)
    Q.viewDidAppear(true)
  ]]
end)

scenario("a controller outside every window shows nothing", function()
  local loose = Controller "Loose"
  local Q = Controller "Q"
  loose:show(Q, loose)
  settle()
  expect.equal(Q.presentingViewController, nil)
  expect.equal(loose.isViewLoaded, false, "show does not load the receiver's view")
  expect [[ ]]
end)

scenario("a presented controller outside any navigation controller: the root, already presenting, warns (D-52)", function()
  local root = Controller "Root"
  Window { root = root }
  local M = Controller "M"
  root:present(M, false)
  settle()
  trace.clear()
  M:show(Controller "Q", M)
  settle()
  expect [[
    warning: Attempt to present Q on Root (from Root) which is already presenting M.
  ]]
end)
