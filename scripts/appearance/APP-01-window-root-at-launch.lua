-- APP-01  A window's root view controller at launch.
-- Also: LOAD-01 (the view loads on first use), M-3 (did-callback at the end of the turn).
--
-- Source: [OBS×2] O-readke, O-neuburg-rot: loadView -> viewDidLoad -> viewWillAppear(false)
-- -> [iOS 13+ viewIsAppearing] -> (layout) -> viewDidAppear(false).
-- [INF] DOC UIWindow.rootViewController: assigning the root installs its view, so the view
-- loads at assignment; the appearance callbacks come when the window becomes visible. The
-- engine does both. iOS 13+ sends no traitCollectionDidChange on first appearance (the
-- default profile is iOS 17).
-- The layout part is in A-6-lifecycle-order.lua; here the loading category is compared too.
-- DECISIONS (docs/DECISIONS.md): D-5 (root loads at assignment, appears when shown), D-6 (layout).

scenario("Window { root = A }: shown at once", function()
  trace.include "loading"
  local A = Controller "A"
  local win = Window { root = A }
  expect [[
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
  ]]
  expect.equal(A.appearance, "appearing", "inside the launch turn")
  settle()
  expect [[
    A.viewDidAppear(false)
  ]]
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(win.rootViewController, A, "win.rootViewController")
  expect.equal(win.isKeyWindow, true, "made key")
  expect.equal(win.isHidden, false, "and visible")
  expect.equal(A.view.superview, win, "A's view is the window's content")
  expect.equal(A.view.window, win, "A.view.window")
  expect.equal(A.parent, nil, "a root has no parent")
end)

scenario("window made visible later: loads at assignment, appears when shown", function()
  trace.include "loading"
  local A = Controller "A"
  local win = Window { root = A, visible = false }
  expect [[
    A.loadView()
    A.viewDidLoad()
  ]]
  expect.equal(A.appearance, "disappeared", "hidden window")
  expect.equal(win.isHidden, true, "hidden")
  expect.equal(win.isKeyWindow, false, "not key")
  settle()
  expect [[
  ]]

  win:makeKeyAndVisible()
  expect [[
    A.viewWillAppear(false)
  ]]
  settle()
  expect [[
    A.viewDidAppear(false)
  ]]
  expect.equal(win.isKeyWindow, true, "key now")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("root assigned to a window that is already visible", function()
  trace.include "loading"
  local win = Window {}
  local A = Controller "A"
  win.rootViewController = A
  settle()
  expect [[
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
  expect.equal(win.rootViewController, A, "win.rootViewController")
end)

scenario("root assigned after the window was made visible by hand", function()
  trace.include "loading"
  local win = Window { visible = false }
  win:makeKeyAndVisible()
  local A = Controller "A"
  win.rootViewController = A
  settle()
  expect [[
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
end)
