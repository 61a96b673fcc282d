-- VIEW-02, VIEW-03, VIEW-04  A client's views hear willMove(toSuperview:),
-- didMoveToSuperview, willMove(toWindow:) and didMoveToWindow, recorded under the `view`
-- category (not compared by default: `trace.include "view"`), placed among the controller
-- callbacks as UIKit places them.
--
-- Sources: TRANSITIONS-TIMING VIEW-02 [OBS O-juejin-view, O-bambara] (a subview s added in
-- viewDidLoad: s.willMove(toSuperview:) -> s.didMoveToSuperview, later B.viewWillAppear ->
-- s.willMove(toWindow: win) -> s.didMoveToWindow -> ... -> B.viewDidAppear; covered by the next
-- push: B.viewWillDisappear -> s.willMove(toWindow: nil) -> s.didMoveToWindow ->
-- B.viewDidDisappear); VIEW-03 [OBS O-jishudog]+[?] (add: willMove(toSuperview:) ->
-- didMoveToSuperview -> willMove(toWindow:) -> didMoveToWindow; remove: willMove(toSuperview:
-- nil) -> willMove(toWindow: nil) -> didMoveToWindow -> didMoveToSuperview); VIEW-04 [RE18]+[INF]
-- (a full-screen presenter's views get didMoveToWindow(nil) before B.viewDidAppear and
-- A.viewDidDisappear).
-- DECISIONS (docs/DECISIONS.md): D-124 (which views record, each move once, the add order of
-- VIEW-03's single log).

local function reporting(name)
  return View { name, didMoveToWindow = function(self) note(name .. " is in " .. tostring(self.window)) end }
end

scenario("a pushed controller's subview enters the window after viewWillAppear, and leaves when covered", function()
  trace.include "view"
  local B = Controller { "B", viewDidLoad = function(self) self.view:addSubview(reporting "s") end }
  local nav = NavigationController { "Nav", Controller "A" }
  local win = Window { root = nav }
  settle()
  trace.clear()
  nav:pushViewController(B, true)
  settle()
  expect [[
    B.willMove(toParent: Nav)
    B.viewDidLoad()
    s.willMove(toSuperview: B.view)
    s.didMoveToSuperview()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    s.willMove(toWindow: Window1)
    s.didMoveToWindow()
    note: s is in Window Window1
    A.viewDidDisappear(true)
    B.viewDidAppear(true)
    B.didMove(toParent: Nav)
  ]]
  nav:pushViewController(Controller "C", true)
  settle()
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    s.willMove(toWindow: nil)
    s.didMoveToWindow()
    note: s is in nil
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
  ]]
end)

scenario("a view added to and removed from a view on screen", function()
  trace.include "view"
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  trace.clear()
  local t = View "t"
  local u = View "u"
  t:addSubview(u)
  expect [[
    u.willMove(toSuperview: t)
    u.didMoveToSuperview()
  ]]
  A.view:addSubview(t)
  t:removeFromSuperview()
  expect [[
    t.willMove(toSuperview: A.view)
    t.didMoveToSuperview()
    t.willMove(toWindow: Window1)
    u.willMove(toWindow: Window1)
    t.didMoveToWindow()
    u.didMoveToWindow()
    t.willMove(toSuperview: nil)
    t.willMove(toWindow: nil)
    u.willMove(toWindow: nil)
    t.didMoveToWindow()
    u.didMoveToWindow()
    t.didMoveToSuperview()
  ]]
end)

scenario("a full-screen presentation: the presenter's subview leaves before the did-callbacks", function()
  trace.include "view"
  local A = Controller { "A", viewDidLoad = function(self) self.view:addSubview(reporting "a") end }
  local win = Window { root = A }
  settle()
  trace.clear()
  local B = Controller { "B", viewDidLoad = function(self) self.view:addSubview(reporting "b") end }
  B.modalPresentationStyle = "fullScreen"
  A:present(B, true)
  settle()
  expect [[
    B.viewDidLoad()
    b.willMove(toSuperview: B.view)
    b.didMoveToSuperview()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    b.willMove(toWindow: Window1)
    b.didMoveToWindow()
    note: b is in Window Window1
    a.willMove(toWindow: nil)
    a.didMoveToWindow()
    note: a is in nil
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
  ]]
end)

scenario("by default the view category is not compared", function()
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  trace.clear()
  A.view:addSubview(View "t")
  expect [[ ]]
  expect.equal(#trace.lines(), 0)
end)
