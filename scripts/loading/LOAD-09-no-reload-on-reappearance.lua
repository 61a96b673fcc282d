-- LOAD-09  A controller that appears again does not load again.
--
-- Source: [OBS][DOC] viewDidLoad is not called again when a controller re-appears
-- (michaellong.medium.com 2019; H17). Since iOS 6 memory warnings no longer release the view
-- (H17 didReceiveMemoryWarning), so nothing in the sandbox unloads a view.

scenario("window hidden and shown again", function()
  trace.include "loading"
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  expect [[
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
  win.isHidden = true
  settle()
  win:makeKeyAndVisible()
  settle()
  expect [[
    A.viewWillDisappear(false)
    A.viewDidDisappear(false)
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
end)

scenario("child removed from its parent and added again", function()
  trace.include "loading"
  local P = Controller "P"
  Window { root = P }
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()

  C:willMove(nil)
  C.view:removeFromSuperview()
  C:removeFromParent()
  settle()
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: nil)
    C.viewWillDisappear(false)
    C.didMove(toParent: nil)
    C.viewDidDisappear(false)
    C.willMove(toParent: P)
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    C.viewDidAppear(false)
  ]]
end)

scenario("segmented control switching back and forth (seed 001)", function()
  trace.include "loading"
  local First, Second = Controller "First", Controller "Second"
  local P = Controller "P"
  Window { root = P }
  P:addChild(First)
  P:addChild(Second)
  First:didMove(P)
  Second:didMove(P)
  P.view:addSubview(First.view)
  settle()
  trace.clear()

  for _ = 1, 2 do
    First.view:removeFromSuperview()
    P.view:addSubview(Second.view)
    settle()
    Second.view:removeFromSuperview()
    P.view:addSubview(First.view)
    settle()
  end
  expect [[
    First.viewWillDisappear(false)
    Second.loadView()
    Second.viewDidLoad()
    Second.viewWillAppear(false)
    First.viewDidDisappear(false)
    Second.viewDidAppear(false)
    Second.viewWillDisappear(false)
    First.viewWillAppear(false)
    Second.viewDidDisappear(false)
    First.viewDidAppear(false)
    First.viewWillDisappear(false)
    Second.viewWillAppear(false)
    First.viewDidDisappear(false)
    Second.viewDidAppear(false)
    Second.viewWillDisappear(false)
    First.viewWillAppear(false)
    Second.viewDidDisappear(false)
    First.viewDidAppear(false)
  ]]
end)
