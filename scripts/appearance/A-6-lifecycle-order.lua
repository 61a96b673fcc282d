-- A-6  Lifecycle order, layout included.
-- Also: APP-01, APP-04 (layout between will and did), APP-05 (viewIsAppearing), LOAD-06.
--
-- Sources: seed 002 and seed 004 (founding documents, Part A): init -> loadView ->
-- viewDidLoad -> viewWillAppear -> viewWillLayoutSubviews / viewDidLayoutSubviews ->
-- viewDidAppear; layout callbacks come with every appearance. APP-01 [OBS×2], APP-05
-- [DOC H17]+[OBS]: viewIsAppearing after viewWillAppear, once per appearance, before
-- viewDidAppear. (init(coder:)/awakeFromNib belong to storyboards, which the sandbox does
-- not model; init is not a traced callback.)
-- UIKit may run several layout passes ("tests should not count them exactly"); the engine
-- runs one pass per run-loop turn in which something needs layout, so the counts below are
-- the engine's. Engine choices: viewIsAppearing comes in that layout pass, just before the
-- controller's own layout pair and after its parent's; a window that hides needs no layout.
-- DECISIONS (docs/DECISIONS.md): D-6 (one layout pass per turn, viewIsAppearing placement).

scenario("window root: the whole cycle", function()
  trace.include "all"
  trace.exclude "statusbar"  -- the window's status-bar questions (D-138) are not this file's
  local A = Controller "A"
  Window { root = A }
  settle()
  expect [[
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewIsAppearing(false)
    A.viewWillLayoutSubviews()
    A.viewDidLayoutSubviews()
    A.viewDidAppear(false)
  ]]
end)

scenario("layout comes again with every appearance, loading does not", function()
  trace.include "all"
  trace.exclude "statusbar"  -- the window's status-bar questions (D-138) are not this file's
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  trace.clear()

  win.isHidden = true
  settle()
  expect [[
    A.viewWillDisappear(false)
    A.viewDidDisappear(false)
  ]]
  win:makeKeyAndVisible()
  settle()
  expect [[
    A.viewWillAppear(false)
    A.viewIsAppearing(false)
    A.viewWillLayoutSubviews()
    A.viewDidLayoutSubviews()
    A.viewDidAppear(false)
  ]]
end)

scenario("child added to a visible parent: the parent lays out, then the child", function()
  trace.include "all"
  trace.exclude "statusbar"  -- the window's status-bar questions (D-138) are not this file's
  local P = Controller "P"
  Window { root = P }
  settle()
  trace.clear()

  local C = Controller "C"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  expect [[
    C.willMove(toParent: P)
    C.loadView()
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.didMove(toParent: P)
    P.viewWillLayoutSubviews()
    P.viewDidLayoutSubviews()
    C.viewIsAppearing(false)
    C.viewWillLayoutSubviews()
    C.viewDidLayoutSubviews()
    C.viewDidAppear(false)
  ]]
end)

scenario("child added in viewDidLoad (O-so48653763): one pass, parent first", function()
  trace.include "all"
  trace.exclude "statusbar"  -- the window's status-bar questions (D-138) are not this file's
  local C = Controller "C"
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(C)
      self.view:addSubview(C.view)
      C:didMove(self)
    end,
  }
  Window { root = P }
  settle()
  expect [[
    P.loadView()
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.loadView()
    C.viewDidLoad()
    C.didMove(toParent: P)
    P.viewWillAppear(false)
    C.viewWillAppear(false)
    P.viewIsAppearing(false)
    P.viewWillLayoutSubviews()
    P.viewDidLayoutSubviews()
    C.viewIsAppearing(false)
    C.viewWillLayoutSubviews()
    C.viewDidLayoutSubviews()
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
end)

scenario("the default comparison leaves loading and layout out", function()
  local A = Controller "A"
  Window { root = A }
  settle()
  expect [[
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
  local all = trace.all()
  -- 7, then the window's 8 status-bar questions as A first shows (D-138).
  expect.equal(#all, 15, "but they are recorded: trace.all() has them")
  expect.equal(all[1], "A.loadView()", "first recorded event")
end)
