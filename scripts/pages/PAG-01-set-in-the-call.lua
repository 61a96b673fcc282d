-- PAG-01, PAG-06, APP-04  A set that is not animated (and the first one) is done in the
-- call, even before the page view controller is in a window; the page view controller
-- forwards its own appearance to its pages by hand, to those not already where it goes.
--
-- Sources: TRANSITIONS-TIMING PAG-01 [RE17]+[OBS O-so48653763, iOS 11] (curl: for each old
-- page willMove(nil), [wD -> view out -> dD], removeFromParent; then for each new page
-- addChild -> viewDidLoad -> wA(false) -> addSubview -> dA(false) -> didMove; completion(true),
-- all in the call; from viewDidLoad the page appears before the page view controller does,
-- and gets no second pair when it does; scroll: old.willMove(nil) and the new page's addChild
-- and didMove at once, before any appearance callback); PAG-06 [RE17] (no automatic
-- forwarding; the page view controller's own callbacks first, then the loaded pages in order,
-- each only if not already in that state); BEHAVIOR APP-04 (viewDidAppear before the first
-- layout).
-- DECISIONS (docs/DECISIONS.md): D-123 (the page view controller: a scroll's set in the call,
-- its order for programmatic sets, the view loaded by a set).

scenario("the first set from viewDidLoad, page curl: the page appears before the page view controller", function()
  local P1 = Controller "P1"
  local pages = PageViewController { "Pages", transitionStyle = "pageCurl",
    viewDidLoad = function(self)
      self:setViewControllers({ P1 }, "forward", false, function(finished) note("completion " .. tostring(finished)) end)
    end }
  local win = Window { root = pages }
  settle()
  expect [[
    Pages.viewDidLoad()
    P1.willMove(toParent: Pages)
    P1.viewDidLoad()
    P1.viewWillAppear(false)
    P1.viewDidAppear(false)
    P1.didMove(toParent: Pages)
    note: completion true
    Pages.viewWillAppear(false)
    Pages.viewDidAppear(false)
  ]]
  expect.equal(pages.viewControllers, { P1 })
  expect.equal(P1.parent, pages)
  expect.equal(P1.view.window, win)
end)

scenario("the first set from viewDidLoad, scroll: the page joins before any appearance callback", function()
  local P1 = Controller "P1"
  local pages = PageViewController { "Pages",
    viewDidLoad = function(self) self:setViewControllers({ P1 }, "forward", false) end }
  local win = Window { root = pages }
  settle()
  expect [[
    Pages.viewDidLoad()
    P1.willMove(toParent: Pages)
    P1.didMove(toParent: Pages)
    P1.viewDidLoad()
    P1.viewWillAppear(false)
    P1.viewDidAppear(false)
    Pages.viewWillAppear(false)
    Pages.viewDidAppear(false)
  ]]
end)

scenario("a set before the page view controller is in a window, then a set on screen", function()
  local P1, P2 = Controller "P1", Controller "P2"
  local pages = PageViewController { "Pages", transitionStyle = "pageCurl" }
  pages:setViewControllers({ P1 }, "forward", false)
  expect [[
    Pages.viewDidLoad()
    P1.willMove(toParent: Pages)
    P1.viewDidLoad()
    P1.viewWillAppear(false)
    P1.viewDidAppear(false)
    P1.didMove(toParent: Pages)
  ]]
  local win = Window { root = pages }
  settle()
  expect [[
    Pages.viewWillAppear(false)
    Pages.viewDidAppear(false)
  ]]
  pages:setViewControllers({ P2 }, "reverse", false)
  expect [[
    P1.willMove(toParent: nil)
    P1.viewWillDisappear(false)
    P1.viewDidDisappear(false)
    P1.didMove(toParent: nil)
    P2.willMove(toParent: Pages)
    P2.viewDidLoad()
    P2.viewWillAppear(false)
    P2.viewDidAppear(false)
    P2.didMove(toParent: Pages)
  ]]
  expect.equal(P1.parent, nil)
  expect.equal(P1.view.window, nil)
  expect.equal(P2.view.window, win)
end)

scenario("its own appearance reaches its pages by hand, parent first (PAG-06)", function()
  local P1 = Controller "P1"
  local pages = PageViewController { "Pages" }
  local win = Window { root = pages }
  pages:setViewControllers({ P1 }, "forward", false)
  settle()
  trace.clear()
  local cover = Controller "Cover"
  cover.modalPresentationStyle = "fullScreen"
  pages:present(cover, false)
  settle()
  pages:dismiss(false)
  settle()
  expect [[
    Cover.viewDidLoad()
    Pages.viewWillDisappear(false)
    P1.viewWillDisappear(false)
    Cover.viewWillAppear(false)
    Cover.viewDidAppear(false)
    Pages.viewDidDisappear(false)
    P1.viewDidDisappear(false)
    Cover.viewWillDisappear(false)
    Pages.viewWillAppear(false)
    P1.viewWillAppear(false)
    Pages.viewDidAppear(false)
    P1.viewDidAppear(false)
    Cover.viewDidDisappear(false)
  ]]
end)
