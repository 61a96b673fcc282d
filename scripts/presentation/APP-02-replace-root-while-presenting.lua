-- APP-02  Replacing window.rootViewController while the old root presents.
-- Also: §19.7 (replacing the root does not dismiss what the old root presented), M-3 / D-4
-- (the did-callbacks of a root replacement wait for the end of the turn), table 8.1 (whether
-- the old root's view was still on screen), PRE-10 (the old root afterwards).
--
-- Sources: [DOC] UIWindow.rootViewController: "If the window has an existing view hierarchy,
-- the old views are removed before the new ones are installed." [OBS] If A is presenting C, C is
-- not dismissed: C's view remains in the window inside a UITransitionView, and C/A can leak
-- (devpeace/SO 26763020, dobrean.ro 2018, coderoad 53421089); A.presentedViewController stays C.
-- The order of the root replacement itself is APP-02's [INF] trace as D-4 settles it: the new
-- root loads, the old root's viewWillDisappear (only if its view was on screen), the new root's
-- viewWillAppear, then at the end of the turn the two did-callbacks.
-- What the scenarios show: a full-screen presentation (the old root's view had already left:
-- it gets no callbacks) and a sheet (the old root was on screen: it disappears); in both the
-- presented controller stays on screen, gets no callbacks, keeps its links and sits above the
-- new root's view; dismissing it later takes it away without bringing the old root back.
-- DECISIONS (docs/DECISIONS.md): D-35 (the presented controller stays, above the new root;
-- presentedViewController still answers it; a later dismissal does not bring the old root
-- back), D-4 (root replacement order), D-28 (dismissal order).

-- A is the window's root and presents B with `style`; settled.
local function presenting(style)
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  local B = Controller { "B", modalPresentationStyle = style }
  A:present(B)
  settle()
  trace.clear()
  return win, A, B
end

scenario("full screen: the presented controller stays above the new root; the old root gets nothing", function()
  local win, A, B = presenting("fullScreen")
  local R = Controller "R"
  win.rootViewController = R
  expect [[
    R.viewDidLoad()
    R.viewWillAppear(false)
  ]]
  settle()
  expect [[
    R.viewDidAppear(false)
  ]]
  expect.equal(win.rootViewController, R, "win.rootViewController")
  expect.equal(A.presentedViewController, B, "A.presentedViewController still answers B")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(B.view.window, win, "B's view is still in the window")
  expect.equal(#win.subviews, 2, "the new root's view and B's transition view")
  expect.equal(win.subviews[1], R.view, "the new root's view is below")
  expect.equal(win.subviews[2], B.view.superview, "B's transition view is above it")
  expect.equal(R.presentedViewController, nil, "the new root presents nothing")
end)

scenario("full screen: dismissing it later does not bring the old root back", function()
  local win, A, B = presenting("fullScreen")
  local R = Controller "R"
  win.rootViewController = R
  settle()
  trace.clear()
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController")
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(A.viewIfLoaded.window, nil, "A's view is not back in the window")
  expect.equal(win.subviews, { R.view }, "only the new root's view")
  expect.equal(R.appearance, "appeared", "R")
end)

scenario("a sheet: the old root was on screen and disappears; the sheet stays", function()
  local win, A, B = presenting("pageSheet")
  local R = Controller "R"
  win.rootViewController = R
  expect [[
    R.viewDidLoad()
    A.viewWillDisappear(false)
    R.viewWillAppear(false)
  ]]
  settle()
  expect [[
    A.viewDidDisappear(false)
    R.viewDidAppear(false)
  ]]
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(win.subviews[1], R.view, "the new root's view is below")
  expect.equal(win.subviews[2], B.view.superview, "B's transition view is above it")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(A.appearance, "disappeared", "A")
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
end)
