-- G-02  Appearance callbacks come from a controller's root view entering or leaving a
-- window-rooted hierarchy; a view added to a tree that is not in a (visible) window gets none.
-- Also: M-1, M-2 (when the tree later enters a window, parents come first).
--
-- Source: [OBS×3] O-regularberry; greatytc.com/p/9e85a9d8aa29; ivanchan.github.io 2016-04-27.
-- Exception: begin/endAppearanceTransition fire without a window (see CON-08).
-- Engine: "in a window" means a window that is shown (not hidden).
-- DECISIONS (docs/DECISIONS.md): D-3 (who the view path reaches), D-9 (detached trees).

scenario("child added to a parent that is not in a window", function()
  local P, C = Controller "P", Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: P)
    P.viewDidLoad()
    C.viewDidLoad()
    C.didMove(toParent: P)
  ]]
  expect.equal(C.appearance, "disappeared", "C")
  expect.equal(P.appearance, "disappeared", "P")
  expect.equal(C.view.window, nil, "no window")

  -- The same tree entering a visible window: now both appear, parent first.
  local win = Window {}
  win.rootViewController = P
  expect [[
    P.viewWillAppear(false)
    C.viewWillAppear(false)
  ]]
  settle()
  expect [[
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
  expect.equal(C.view.window, win, "C's view in the window")
  expect.equal(C.appearance, "appeared", "C")
end)

scenario("child's view built into a detached container view first", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  trace.clear()

  local C = Controller "C"
  local box = View "box"
  P:addChild(C)
  box:addSubview(C.view)              -- box is in no window yet
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
  ]]
  expect.equal(C.appearance, "disappeared", "not in a window yet")

  P.view:addSubview(box)              -- now the tree enters the window
  expect [[
    C.viewWillAppear(false)
  ]]
  settle()
  expect [[
    C.viewDidAppear(false)
  ]]
  expect.equal(C.view.window, P.view.window, "same window as P")
end)

scenario("a hidden window is not a place to appear", function()
  local P = Controller "P"
  local win = Window { root = P, visible = false }
  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.viewDidLoad()
    C.didMove(toParent: P)
  ]]
  expect.equal(C.view.window, win, "C's view is in the window")
  expect.equal(win.isHidden, true, "but the window is hidden")
  expect.equal(C.appearance, "disappeared", "C")

  win:makeKeyAndVisible()
  settle()
  expect [[
    P.viewWillAppear(false)
    C.viewWillAppear(false)
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]

  win.isHidden = true
  settle()
  expect [[
    P.viewWillDisappear(false)
    C.viewWillDisappear(false)
    P.viewDidDisappear(false)
    C.viewDidDisappear(false)
  ]]
  expect.equal(C.appearance, "disappeared", "C")
  expect.equal(win.isKeyWindow, false, "a hidden window is not key")
end)

scenario("moving a tree between two places off screen sends nothing", function()
  local P, C = Controller "P", Controller "C"
  local a, b = View "a", View "b"
  P.view:addSubview(a)
  P.view:addSubview(b)
  P:addChild(C)
  a:addSubview(C.view)
  b:addSubview(C.view)
  C.view:removeFromSuperview()
  settle()
  expect [[
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.viewDidLoad()
  ]]
  expect.equal(C.appearance, "disappeared", "C")
end)
