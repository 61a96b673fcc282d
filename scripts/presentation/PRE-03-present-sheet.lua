-- PRE-03  present(B) as a sheet (iOS 13+: .pageSheet, .formSheet, .automatic), and its
-- programmatic dismissal.
-- Also: table 8.1 (sheets: the presenter's view stays and it gets no callbacks), PRE-16
-- (the default style is automatic, read as pageSheet), §16.1 and §16.2 (iOS 13+ sheets are
-- cards on an iPhone too), M-8, PRE-06 (who presents), APP-05 (viewIsAppearing), PRE-17
-- (completions), TIM-02 (the transition begins after the turn's commit), TIM-08 (an
-- unanimated sheet finishes a turn later).
--
-- Sources: [OBS×2] O-velog-rudin, O-velog-yeahg; O-juejin table rows pageSheet/formSheet
-- (present "B viewDidLoad, B viewWillAppear, B viewDidAppear"; dismiss "B viewWillDisappear,
-- B viewDidDisappear, B deinit"); H17 (modalPresentationStyle "Defaults to
-- UIModalPresentationAutomatic on iOS starting in iOS 13.0"; reading .automatic "will always
-- return a concrete presentation style", a plain UIViewController gives .pageSheet).
-- Rule's trace: B.viewDidLoad -> B.viewWillAppear -> [B.viewIsAppearing] -> B.(layout) ->
-- B.viewDidAppear -> completion; A gets nothing (its view stays). Programmatic dismiss:
-- B.viewWillDisappear -> B.viewDidDisappear -> completion; A gets nothing.
-- What the scenarios show: that trace for pageSheet, formSheet and the default (automatic);
-- the presenter's view staying in the window; the non-animated form (TIM-08); a regular-size window
-- (iPad); presenters that are the child of a navigation controller, a tab of a tab bar
-- controller, and a presented controller (a sheet over a sheet, a sheet over a full-screen
-- presentation); a presented navigation controller in a sheet; viewIsAppearing's place.
-- DECISIONS (docs/DECISIONS.md): D-28 (brackets only the presented controller for styles
-- that keep the presenter's view), D-29 (the top of the caller's tree presents; a sheet may
-- present a sheet), D-32 (from iOS 13 sheets stay sheets in a compact width; the default
-- window is an iPhone in portrait), D-31 (window traits).

-- `root` in a window (options merged in), settled.
local function shown(root, options)
  local spec = options or {}
  spec.root = root
  local win = Window(spec)
  settle()
  trace.clear()
  return win
end

scenario("pageSheet: only B's callbacks, then the completion", function()
  trace.include "loading"
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B, true, function() note("completion") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(B.isBeingPresented, true, "B.isBeingPresented")
  expect.equal(A.appearance, "appeared", "A stays appeared")
  settle()
  expect [[
    B.loadView()
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    note: completion
  ]]
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(B.appearance, "appeared", "B")
  expect.equal(A.view.window, win, "A's view stays in the window")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(B.presentingViewController, A, "B.presentingViewController")
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "presentationStyle")
  expect.equal(now(), 0.5, "0.5 s")
end)

scenario("pageSheet: programmatic dismissal, A gets nothing", function()
  local A = Controller "A"
  local win = shown(A)
  local B = Controller { "B", modalPresentationStyle = "pageSheet" }
  A:present(B)
  settle()
  trace.clear()
  B:dismiss(true, function() note("completion") end)
  expect [[
    -- TIM-02: nothing visible inside the call; the transition begins after the commit
  ]]
  expect.equal(B.isBeingDismissed, true, "B.isBeingDismissed")
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: completion
  ]]
  expect.equal(A.presentedViewController, nil, "A.presentedViewController")
  expect.equal(B.presentingViewController, nil, "B.presentingViewController")
  expect.equal(A.appearance, "appeared", "A")
  expect.equal(A.view.window, win, "A's view")
end)

scenario("formSheet: the same as pageSheet", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "formSheet" }
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "formSheet", "presentationStyle")
  A:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("the default style is automatic, read as pageSheet (PRE-16)", function()
  local A = Controller "A"
  shown(A)
  local B = Controller "B"
  expect.equal(B.modalPresentationStyle, "pageSheet", "the default, read")
  local C = Controller { "C", modalPresentationStyle = "automatic" }
  expect.equal(C.modalPresentationStyle, "pageSheet", "automatic set explicitly, read")
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

-- TIM-08 [OBS O-lasso, iOS 13 to 16.4]: an unanimated page sheet finishes only when its
-- transition completes: after the commit B has [viewDidLoad, viewWillAppear], and
-- viewDidAppear comes a turn later (a main-queue block queued with the call runs between).
-- The same for the dismissal. Full screen without animation finishes in the commit (PRE-01).
scenario("not animated: the will-callback after the commit, the did-callback a turn later (TIM-08)", function()
  local A = Controller "A"
  shown(A)
  local B = Controller "B"
  A:present(B, false, function() note("completion") end)
  async(function() note("a block queued on the main queue with the call") end)
  note("present returned")
  advance(0)
  expect [[
    note: present returned
    B.viewDidLoad()
    B.viewWillAppear(false)
    note: a block queued on the main queue with the call
    B.viewDidAppear(false)
    note: completion
  ]]
  B:dismiss(false, function() note("completion") end)
  async(function() note("a block queued on the main queue with the call") end)
  note("dismiss returned")
  advance(0)
  expect [[
    note: dismiss returned
    B.viewWillDisappear(false)
    note: a block queued on the main queue with the call
    B.viewDidDisappear(false)
    note: completion
  ]]
  expect.equal(now(), 0, "no virtual time")
end)

scenario("in a regular-size window (iPad): a sheet, A gets nothing", function()
  local A = Controller "A"
  shown(A, { size = { 1024, 1366 } })
  local B = Controller "B"
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentationController.presentationStyle, "pageSheet", "presentationStyle")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("presenter: the child of a navigation controller; neither gets a callback", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  shown(nav)
  local B = Controller "B"
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, nav, "B.presentingViewController (PRE-06)")
  expect.equal(A.presentedViewController, B, "A.presentedViewController")
  expect.equal(nav.visibleViewController, B, "Nav.visibleViewController")
  A:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
  expect.equal(nav.appearance, "appeared", "Nav")
  expect.equal(A.appearance, "appeared", "A")
end)

scenario("presenter: a tab of a tab bar controller; no callbacks for the tab bar or the tab", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  shown(tabs)
  local B = Controller "B"
  T1:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
  ]]
  expect.equal(B.presentingViewController, tabs, "B.presentingViewController")
  B:dismiss()
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
  ]]
end)

scenario("presenter: a sheet presents a sheet; the lower sheet gets nothing", function()
  local A = Controller "A"
  shown(A)
  local B, C = Controller "B", Controller "C"
  A:present(B)
  settle()
  trace.clear()
  B:present(C)
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
  expect.equal(C.presentingViewController, B, "C.presentingViewController (D-29)")
  expect.equal(B.presentedViewController, C, "B.presentedViewController")
  expect.equal(B.appearance, "appeared", "B stays appeared")
  expect.equal(A.appearance, "appeared", "A stays appeared")
  C:dismiss()
  settle()
  expect [[
    C.viewWillDisappear(true)
    C.viewDidDisappear(true)
  ]]
  expect.equal(B.presentedViewController, nil, "B.presentedViewController")
  expect.equal(B.presentingViewController, A, "B is still presented")
end)

scenario("presenter: a full-screen presented controller presents a sheet", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  local C = Controller "C"
  A:present(B)
  settle()
  trace.clear()
  B:present(C)
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
  expect.equal(C.presentingViewController, B, "C.presentingViewController")
  C:dismiss()
  settle()
  expect [[
    C.viewWillDisappear(true)
    C.viewDidDisappear(true)
  ]]
end)

scenario("a navigation controller in a sheet: its root follows it, the presenter gets nothing", function()
  local A, X = Controller "A", Controller "X"
  shown(A)
  local nav2 = NavigationController { "Nav2", X }
  trace.clear()
  A:present(nav2)
  settle()
  expect [[
    Nav2.viewDidLoad()
    Nav2.viewWillAppear(true)
    X.viewDidLoad()
    X.viewWillAppear(true)
    Nav2.viewDidAppear(true)
    X.viewDidAppear(true)
  ]]
  X:dismiss()
  settle()
  expect [[
    Nav2.viewWillDisappear(true)
    X.viewWillDisappear(true)
    Nav2.viewDidDisappear(true)
    X.viewDidDisappear(true)
  ]]
end)

scenario("layout: B.viewIsAppearing between B.viewWillAppear and B.viewDidAppear; A is not laid out as appearing", function()
  trace.include "layout"
  local A = Controller "A"
  shown(A)
  local B = Controller "B"
  A:present(B)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    ...
    B.viewIsAppearing(true)
    ...
    B.viewWillLayoutSubviews()
    B.viewDidLayoutSubviews()
    ...
    B.viewDidAppear(true)
    ...
  ]]
  local sawA = false
  for _, line in ipairs(trace.lines()) do
    if line:find("^A%.viewIsAppearing") then sawA = true end
  end
  expect.equal(sawA, false, "no A.viewIsAppearing")
end)
