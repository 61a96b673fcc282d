-- PRE-17  When the completion handlers of present and dismiss run.
-- Also: §18.7, M-8 (the completion last), M-4 (0.5 s; a non-animated transition ends at the
-- end of its turn), M-10 and §15 (an ignored presentation never calls its completion),
-- PRE-13 (dismiss with nothing to dismiss has no effect), PRE-01, PRE-02, PRE-03.
--
-- Sources: [DOC] DOC present(_:animated:completion:) (the completion is "called after the
-- viewDidAppear(_:) method is called on the presented view controller"), DOC
-- dismiss(animated:completion:) ("called after the viewDidDisappear(_:) method is called on
-- the presented view controller"); H17 (same); [OBS] ignored presentations (PRE-08/09/10)
-- never run the completion; [OBS takorras] dismiss on a controller with neither presented nor
-- presenting controller has no effect.
-- Rule's trace: present: ... B.viewDidAppear -> [A.viewDidDisappear] -> completion;
-- dismiss: ... [A.viewDidAppear] -> B.viewDidDisappear -> completion.
-- What the scenarios show: the completions after the last did-callback, with the state read
-- inside them (appearance, isBeingPresented / isBeingDismissed, the links); after B's own
-- viewDidAppear / viewDidDisappear overrides have returned; the 0.5 s; not animated (the end
-- of the turn, never inside the call); sheets and over styles; presenters that are the child
-- of a navigation controller, a tab of a tab bar controller, and a presented controller; a
-- completion presenting the next controller; completions that never run (already presenting,
-- nothing to dismiss).
-- DECISIONS (docs/DECISIONS.md): D-28 (the completion after the presenter ends; on dismissal
-- after the links are cleared), D-30 (ignored presentations never call the completion), D-33
-- (dismiss with nothing to dismiss does nothing and does not call the completion), D-29.

local function shown(root)
  Window { root = root }
  settle()
  trace.clear()
end

local function name(vc) return vc and vc.name or "nil" end

scenario("present, fullScreen: the completion runs after B.viewDidAppear and A.viewDidDisappear", function()
  local A = Controller "A"
  shown(A)
  local B = Controller {
    "B",
    modalPresentationStyle = "fullScreen",
    viewDidAppear = function(self) note("B.viewDidAppear override returns") end,
  }
  A:present(B, true, function()
    note("completion: B=" .. B.appearance .. " A=" .. A.appearance
      .. " isBeingPresented=" .. tostring(B.isBeingPresented)
      .. " presented=" .. name(A.presentedViewController))
  end)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    note: B.viewDidAppear override returns
    A.viewDidDisappear(true)
    note: completion: B=appeared A=disappeared isBeingPresented=false presented=B
  ]]
end)

scenario("dismiss, fullScreen: the completion runs after B.viewDidDisappear, with the links cleared", function()
  local A = Controller "A"
  shown(A)
  local B = Controller {
    "B",
    modalPresentationStyle = "fullScreen",
    viewDidDisappear = function(self) note("B.viewDidDisappear override returns") end,
  }
  A:present(B)
  settle()
  trace.clear()
  B:dismiss(true, function()
    note("completion: B=" .. B.appearance .. " A=" .. A.appearance
      .. " isBeingDismissed=" .. tostring(B.isBeingDismissed)
      .. " presented=" .. name(A.presentedViewController)
      .. " presenting=" .. name(B.presentingViewController))
  end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: B.viewDidDisappear override returns
    note: completion: B=disappeared A=appeared isBeingDismissed=false presented=nil presenting=nil
  ]]
end)

scenario("timing: the completions come when the 0.5 s animation ends", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B, true, function() note(string.format("presented at %.2f", now())) end)
  advance(0.49)
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
  ]]
  advance(0.01)
  expect [[
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: presented at 0.50
  ]]
  B:dismiss(true, function() note(string.format("dismissed at %.2f", now())) end)
  advance(0.49)
  expect [[
    B.viewWillDisappear(true)
    A.viewWillAppear(true)
  ]]
  advance(0.01)
  expect [[
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed at 1.00
  ]]
end)

scenario("not animated: the completion runs at the end of the turn, never inside the call", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B, false, function() note("presented") end)
  note("present returned")
  settle()
  expect [[
    note: present returned
    B.viewDidLoad()
    A.viewWillDisappear(false)
    B.viewWillAppear(false)
    B.viewDidAppear(false)
    A.viewDidDisappear(false)
    note: presented
  ]]
  B:dismiss(false, function() note("dismissed") end)
  note("dismiss returned")
  settle()
  expect [[
    note: dismiss returned
    B.viewWillDisappear(false)
    A.viewWillAppear(false)
    A.viewDidAppear(false)
    B.viewDidDisappear(false)
    note: dismissed
  ]]
  expect.equal(now(), 0, "no virtual time")
end)

scenario("sheet: after B.viewDidAppear, and after B.viewDidDisappear", function()
  local A = Controller "A"
  shown(A)
  local B = Controller "B"
  A:present(B, true, function() note("presented: B=" .. B.appearance) end)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    note: presented: B=appeared
  ]]
  B:dismiss(true, function() note("dismissed: B=" .. B.appearance) end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: dismissed: B=disappeared
  ]]
end)

scenario("overFullScreen and overCurrentContext: after the presented controller's did-callback", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "overFullScreen" }
  A:present(B, true, function() note("B presented") end)
  settle()
  B:dismiss(true, function() note("B dismissed") end)
  settle()
  expect [[
    B.viewDidLoad()
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    note: B presented
    B.viewWillDisappear(true)
    B.viewDidDisappear(true)
    note: B dismissed
  ]]
  local C = Controller { "C", modalPresentationStyle = "overCurrentContext" }
  A:present(C, true, function() note("C presented") end)
  settle()
  C:dismiss(true, function() note("C dismissed") end)
  settle()
  expect [[
    C.viewDidLoad()
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    note: C presented
    C.viewWillDisappear(true)
    C.viewDidDisappear(true)
    note: C dismissed
  ]]
end)

scenario("presenter: the child of a navigation controller; the completion after the last did-callback", function()
  local A = Controller "A"
  local nav = NavigationController { "Nav", A }
  shown(nav)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B, true, function() note("presented") end)
  settle()
  expect [[
    B.viewDidLoad()
    Nav.viewWillDisappear(true)
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    A.viewDidDisappear(true)
    note: presented
  ]]
  A:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    A.viewWillAppear(true)
    Nav.viewDidAppear(true)
    A.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
end)

scenario("presenter: a tab of a tab bar controller", function()
  local T1, T2 = Controller "T1", Controller "T2"
  local tabs = TabBarController { "Tabs", T1, T2 }
  shown(tabs)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  T1:present(B, true, function() note("presented") end)
  settle()
  expect [[
    B.viewDidLoad()
    Tabs.viewWillDisappear(true)
    T1.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    Tabs.viewDidDisappear(true)
    T1.viewDidDisappear(true)
    note: presented
  ]]
  B:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
    B.viewWillDisappear(true)
    Tabs.viewWillAppear(true)
    T1.viewWillAppear(true)
    Tabs.viewDidAppear(true)
    T1.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: dismissed
  ]]
end)

scenario("presenter: a presented controller; a completion may present the next controller", function()
  local A = Controller "A"
  shown(A)
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  local C = Controller { "C", modalPresentationStyle = "fullScreen" }
  A:present(B, true, function()
    note("B presented")
    B:present(C, true, function() note("C presented") end)
  end)
  settle()
  expect [[
    B.viewDidLoad()
    A.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    A.viewDidDisappear(true)
    note: B presented
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    C.viewDidAppear(true)
    B.viewDidDisappear(true)
    note: C presented
  ]]
  expect.equal(now(), 1, "two presentations of 0.5 s each")
  C:dismiss(true, function() note("C dismissed: B.presented=" .. name(B.presentedViewController)) end)
  settle()
  expect [[
    C.viewWillDisappear(true)
    B.viewWillAppear(true)
    B.viewDidAppear(true)
    C.viewDidDisappear(true)
    note: C dismissed: B.presented=nil
  ]]
end)

scenario("a presentation ignored because the presenter is already presenting: its completion never runs", function()
  local A = Controller "A"
  shown(A)
  local B = Controller "B"
  local C = Controller "C"
  A:present(B)
  settle()
  trace.clear()
  A:present(C, true, function() note("C presented") end)
  settle()
  expect [[
    warning: Attempt to present C on A (from A) which is already presenting B.
  ]]
  expect.equal(A.presentedViewController, B, "still B")
end)

scenario("dismiss with nothing to dismiss: no effect, the completion never runs", function()
  local A = Controller "A"
  shown(A)
  A:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
  ]]
  local X = Controller "X"
  local nav = NavigationController { "Nav", X }
  shown(nav)
  X:dismiss(true, function() note("dismissed") end)
  settle()
  expect [[
  ]]
end)
