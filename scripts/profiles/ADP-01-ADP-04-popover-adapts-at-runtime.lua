-- ADP-01…04 (issue 21, M-16): a presentation adapts while shown when its presenter's traits
-- change. The presentation controller hears of it from its presenting controller, right after
-- that controller's willTransition and before what it presents (ADP-01); its delegate is asked
-- adaptivePresentationStyle(for:traitCollection:), then, for a real change,
-- viewControllerForAdaptivePresentationStyle (the controller to show instead; nil keeps the
-- presented one) and willPresentWithAdaptiveStyle (ADP-02, ADP-03). Going back to the regular
-- environment restores the style asked, with willPresentWithAdaptiveStyle("none").
-- The appearance callbacks (ADP-04, unknown in every source) follow from the views: once the
-- window has its new traits, the controller now shown comes in and appears, the one shown before
-- and (for a full-screen style) the presenter leave and disappear; one coming back hears
-- willTransition first (TRT-02).
--
-- Sources: [DOC] AD willTransition(to:with:) ("forward[s] the trait changes to the associated
-- presentation controller … Presentation controllers forward the trait change to their presented
-- view controller"); [DOC H17-PC] UIAdaptivePresentationControllerDelegate (the methods, "If … nil,
-- then the originally presented view controller is used", willPresentWithAdaptiveStyle "none" when
-- no adaptation happens; popovers default to full screen in a compact environment); [DOC] Apple's
-- sample CustomTransitions AAPLAdaptivePresentationSecondViewController (a replacement shown while
-- adapted); seed 004 "Adapting Presented View Controllers to a New Style". The order of the calls
-- is the headers' wording [INF]; the appearance callbacks and their place are D-134 (ADP-04 [?]).
-- Not modelled: presentationController(_:prepare:) (iOS 15; no separate adaptive presentation
-- controller), and a replacement that holds the presented controller (D-30 refuses the adoption).
-- Runs under every profile: nothing here differs between iOS 12 and 17.

local function popoverOnIPad(delegate)
  local A = Controller "A"
  local win = Window { root = A, device = "iPad Pro 11-inch" }
  settle()
  local B = Controller "B"
  B.modalPresentationStyle = "popover"
  if delegate then B.presentationController.delegate = delegate end
  A:present(B, false)
  settle()
  trace.clear()
  return A, B, win
end

scenario("a popover in a regular window; Slide Over makes it compact: the delegate's calls, then a replacement", function()
  local R = Controller "R"
  local A, B, win = popoverOnIPad {
    adaptivePresentationStyle = function(pc, traits) return "fullScreen" end,
    viewControllerForAdaptivePresentationStyle = function(pc, style) return R end,
    willPresentWithAdaptiveStyle = function(pc, style) note("will present " .. style) end,
  }
  win.size = { 320, 1194 }
  -- Before iOS 13 a first appearance also brings traitCollectionDidChange(nil) (TRT-04, M-12).
  local firstTraits = ios < 13 and "R.traitCollectionDidChange(nil)\n" or ""
  expect([[
    A.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.presentationController.delegate.viewControllerForAdaptivePresentationStyle("fullScreen")
    B.presentationController.delegate.willPresentWithAdaptiveStyle("fullScreen")
    note: will present fullScreen
    B.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    A.viewWillTransition(to: 320x1194)
    B.viewWillTransition(to: 320x1194)
    R.viewDidLoad()
    R.viewWillAppear(false)
  ]] .. firstTraits .. [[
    B.viewWillDisappear(false)
    A.viewWillDisappear(false)
  ]])
  settle()
  expect [[
    R.viewDidAppear(false)
    B.viewDidDisappear(false)
    A.viewDidDisappear(false)
  ]]
  expect.equal(B.presentationController.presentationStyle, "fullScreen")
  expect.equal(A.presentedViewController, B, "the presented controller is still B")
  expect.equal({ A.appearance, B.appearance, R.appearance }, { "disappeared", "disappeared", "appeared" })
  trace.clear()
  win.size = { 834, 1194 }
  expect [[
    B.presentationController.delegate.willPresentWithAdaptiveStyle("none")
    note: will present none
    R.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    R.viewWillTransition(to: 834x1194)
    B.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    B.viewWillAppear(false)
    R.viewWillDisappear(false)
    A.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    A.viewWillAppear(false)
  ]]
  settle()
  expect [[
    B.viewDidAppear(false)
    R.viewDidDisappear(false)
    A.viewDidAppear(false)
  ]]
  expect.equal(B.presentationController.presentationStyle, "popover")
end)

scenario("no delegate: the popover becomes full screen and the presenter disappears; back again", function()
  local A, B, win = popoverOnIPad()
  win.traitCollection = { horizontalSizeClass = "compact" }
  expect [[
    A.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    A.viewWillDisappear(false)
    B.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
  ]]
  settle()
  expect [[
    A.viewDidDisappear(false)
  ]]
  expect.equal(B.presentationController.presentationStyle, "fullScreen")
  win.traitCollection = { horizontalSizeClass = "regular" }
  expect [[
    B.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    A.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    A.viewWillAppear(false)
    B.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  settle()
  expect [[
    A.viewDidAppear(false)
  ]]
end)

scenario("the delegate answers none: the popover stays and nothing else is asked", function()
  local A, B, win = popoverOnIPad {
    adaptivePresentationStyle = function(pc, traits) return "none" end,
    viewControllerForAdaptivePresentationStyle = function(pc, style) error("not asked") end,
  }
  win.traitCollection = { horizontalSizeClass = "compact" }
  expect [[
    A.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    A.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
    B.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
  ]]
  expect.equal(B.presentationController.presentationStyle, "popover")
  expect.equal(A.appearance, "appeared")
end)

scenario("dismissed while adapted: the replacement leaves with it and the presenter comes back", function()
  local R = Controller "R"
  local A, B, win = popoverOnIPad {
    viewControllerForAdaptivePresentationStyle = function(pc, style) return R end,
  }
  win.traitCollection = { horizontalSizeClass = "compact" }
  settle()
  trace.clear()
  A:dismiss(false)
  settle()
  expect [[
    R.viewWillDisappear(false)
    A.viewWillAppear(false)
    A.viewDidAppear(false)
    R.viewDidDisappear(false)
  ]]
  expect.equal(A.presentedViewController, nil)
  expect.equal(R.view.window, nil)
end)

scenario("a replacement already in the hierarchy is not shown: a note says so and the presented controller shows", function()
  local A, B, win = popoverOnIPad {
    viewControllerForAdaptivePresentationStyle = function(pc, style) return pc.presentingViewController end,
  }
  win.traitCollection = { horizontalSizeClass = "compact" }
  expect.order [[
    B.presentationController.delegate.viewControllerForAdaptivePresentationStyle("fullScreen")
    note: A, given by viewControllerForAdaptivePresentationStyle, is already in the hierarchy: B is shown instead (D-134)
    A.viewWillDisappear(false)
  ]]
  expect.equal(B.appearance, "appeared")
end)

scenario("adapted to full screen, the popover's controller decides the status bar (D-137); back, its presenter", function()
  local A = Controller { "A", preferredStatusBarStyle = "darkContent" }
  local win = Window { root = A, device = "iPad Pro 11-inch" }
  local B = Controller { "B", preferredStatusBarStyle = "lightContent" }
  B.modalPresentationStyle = "popover"
  A:present(B, false)
  settle()
  expect.equal(win.statusBarStyle, "darkContent", "a popover does not take the status bar")
  win.traitCollection = { horizontalSizeClass = "compact" }
  settle()
  expect.equal(win.statusBarStyle, "lightContent", "full screen now")
  win.traitCollection = { horizontalSizeClass = "regular" }
  settle()
  expect.equal(win.statusBarStyle, "darkContent")
end)

scenario("while it shows, the replacement decides the status bar and hears a memory warning (D-134)", function()
  local R = Controller { "R", preferredStatusBarStyle = "lightContent" }
  local A, B, win = popoverOnIPad {
    viewControllerForAdaptivePresentationStyle = function(pc, style) return R end,
  }
  A.preferredStatusBarStyle = "darkContent"
  win.traitCollection = { horizontalSizeClass = "compact" }
  settle()
  expect.equal(win.statusBarStyle, "lightContent")
  trace.clear()
  app.receiveMemoryWarning()
  expect.order [[
    A.didReceiveMemoryWarning()
    B.didReceiveMemoryWarning()
    R.didReceiveMemoryWarning()
  ]]
end)

scenario("wrapping the presented controller in its replacement is refused with what to do instead", function()
  local A, B, win = popoverOnIPad {
    viewControllerForAdaptivePresentationStyle = function(pc, style)
      return NavigationController { "Wrap", pc.presentedViewController }
    end,
  }
  expect.error(function() win.traitCollection = { horizontalSizeClass = "compact" } end,
    "a replacement that holds the presented controller (Apple's sample wraps it in a navigation controller) is not modelled (D-134)")
  settle()
  expect.equal({ B.appearance, B.presentationController.presentationStyle }, { "appeared", "fullScreen" },
    "the presented controller shows, full screen")
end)

scenario("a replacement the client puts elsewhere before it shows is not shown (checked again, D-134)", function()
  local R = Controller "R"
  local other = NavigationController { "Other", Controller "X" }
  local A, B, win = popoverOnIPad {
    viewControllerForAdaptivePresentationStyle = function(pc, style) return R end,
    willPresentWithAdaptiveStyle = function(pc, style)
      if style ~= "none" then other:pushViewController(R, false) end
    end,
  }
  win.traitCollection = { horizontalSizeClass = "compact" }
  settle()
  expect.equal(R.parent, other)
  expect.equal(B.appearance, "appeared")
  expect.equal(R.view.window, nil)
end)

scenario("presented while compact: the delegate's replacement is shown from the start; regular, the popover", function()
  local Root = Controller "Root"
  local win = Window { root = Root, device = "iPhone 15" }
  settle()
  local Pop, Repl = Controller "Pop", Controller "Repl"
  Pop.modalPresentationStyle = "popover"
  Pop.presentationController.delegate = {
    viewControllerForAdaptivePresentationStyle = function(pc, style) return Repl end,
  }
  Root:present(Pop, true)
  settle()
  expect.order [[
    Pop.presentationController.delegate.viewControllerForAdaptivePresentationStyle("fullScreen")
    Repl.viewWillAppear(true)
    Repl.viewDidAppear(true)
    Root.viewDidDisappear(true)
  ]]
  expect.none "Pop.viewWillAppear"
  expect.equal(Root.presentedViewController, Pop)
  win.size = { 1024, 1366 }
  settle()
  expect.equal({ Pop.appearance, Repl.appearance, Root.appearance }, { "appeared", "disappeared", "appeared" })
  expect.equal(Pop.presentationController.presentationStyle, "popover")
end)
