-- PAG-04  The user's swipe: the data source is asked for the neighbour, the delegate hears
-- willTransitionTo, the page turns under the finger; finished, the new page shows and the
-- delegate hears didFinishAnimating(completed: true); cancelled, the old page stays and it
-- hears completed: false. Scroll and page curl, each finished and cancelled.
--
-- Sources: TRANSITIONS-TIMING PAG-04 [OBS O-wisdomsky iOS 9.1]+[OBS O-wangling iOS 7]+[DOC]
-- (scroll: viewControllerAfter(cur), viewControllerBefore(cur) -> willTransitionTo([new]);
-- completed: new.wA, cur.wD, new.dA, cur.dD -> didFinishAnimating(true, [cur], true) -> the data
-- source asked for the new page's next neighbour; cancelled: new.wA, cur.wD, cur.wA, cur.dA,
-- new.wD, new.dD -> didFinishAnimating(true, [cur], false); curl completed: new.wA, cur.wD,
-- cur.dD, new.dA; curl cancelled: new.wA, cur.wD, new.wD, cur.wA, new.dD, cur.dA; no data source:
-- no gesture (H-PVC5)); PAG-02 (a curl's containment calls); ICT-04 (the rest of the turn).
-- DECISIONS (docs/DECISIONS.md): D-123 (which neighbours are asked, when pages join and leave,
-- a swipe towards no page is a usage error), D-118 (the finger's timing).

local function book(style)
  local P = { Controller "P1", Controller "P2", Controller "P3" }
  local index = {}
  for i, page in ipairs(P) do index[page] = i end
  local pages = PageViewController { "Pages", transitionStyle = style,
    dataSource = {
      viewControllerAfter = function(pages, vc) return P[index[vc] + 1] end, ---@diagnostic disable-line: undefined-field
      viewControllerBefore = function(pages, vc) return P[index[vc] - 1] end, ---@diagnostic disable-line: undefined-field
    },
    delegate = { willTransitionTo = function() end, didFinishAnimating = function() end },
  }
  local win = Window { root = pages }
  pages:setViewControllers({ P[1] }, "forward", false)
  settle()
  trace.clear()
  return pages, P, win
end

scenario("scroll: a swipe cancelled, then one finished", function()
  local pages, P, win = book("scroll")
  local g = user.swipePage(pages, "forward")
  expect [[
    Pages.dataSource.viewControllerAfter(P1)
    Pages.dataSource.viewControllerBefore(P1)
    Pages.delegate.willTransitionTo([P2])
    P2.willMove(toParent: Pages)
    P2.didMove(toParent: Pages)
    P2.viewDidLoad()
    P2.viewWillAppear(true)
    P1.viewWillDisappear(true)
  ]]
  g:update(0.3)
  g:cancel()
  advance(0.105)
  expect [[
    P1.viewWillAppear(true)
    P1.viewDidAppear(true)
    P2.viewWillDisappear(true)
    P2.viewDidDisappear(true)
    P2.willMove(toParent: nil)
    P2.didMove(toParent: nil)
    Pages.delegate.didFinishAnimating(true, previousViewControllers: [P1], transitionCompleted: false)
  ]]
  expect.equal(pages.viewControllers, { P[1] })
  expect.equal(P[2].parent, nil)
  expect.equal(P[2].view.window, nil)
  g = user.swipePage(pages, "forward")
  g:update(0.6)
  g:finish()
  settle()
  expect [[
    Pages.dataSource.viewControllerAfter(P1)
    Pages.dataSource.viewControllerBefore(P1)
    Pages.delegate.willTransitionTo([P2])
    P2.willMove(toParent: Pages)
    P2.didMove(toParent: Pages)
    P2.viewWillAppear(true)
    P1.viewWillDisappear(true)
    P2.viewDidAppear(true)
    P1.viewDidDisappear(true)
    P1.willMove(toParent: nil)
    P1.didMove(toParent: nil)
    Pages.delegate.didFinishAnimating(true, previousViewControllers: [P1], transitionCompleted: true)
    Pages.dataSource.viewControllerAfter(P2)
  ]]
  expect.equal(pages.viewControllers, { P[2] })
  expect.equal(P[1].parent, nil)
  expect.equal(P[2].view.window, win)
  expect.equal(g.state, "finished")
end)

scenario("page curl: a swipe cancelled, then one finished", function()
  local pages, P, win = book("pageCurl")
  local g = user.swipePage(pages, "forward")
  g:update(0.5)
  g:cancel()
  settle()
  expect [[
    Pages.dataSource.viewControllerAfter(P1)
    Pages.delegate.willTransitionTo([P2])
    P2.willMove(toParent: Pages)
    P2.viewDidLoad()
    P2.viewWillAppear(true)
    P2.didMove(toParent: Pages)
    P1.viewWillDisappear(true)
    P2.viewWillDisappear(true)
    P1.viewWillAppear(true)
    P2.viewDidDisappear(true)
    P1.viewDidAppear(true)
    P2.willMove(toParent: nil)
    P2.didMove(toParent: nil)
    Pages.delegate.didFinishAnimating(true, previousViewControllers: [P1], transitionCompleted: false)
  ]]
  expect.equal(pages.viewControllers, { P[1] })
  g = user.swipePage(pages, "forward")
  g:finish()
  settle()
  expect [[
    Pages.dataSource.viewControllerAfter(P1)
    Pages.delegate.willTransitionTo([P2])
    P2.willMove(toParent: Pages)
    P2.viewWillAppear(true)
    P2.didMove(toParent: Pages)
    P1.viewWillDisappear(true)
    P1.willMove(toParent: nil)
    P1.viewDidDisappear(true)
    P1.didMove(toParent: nil)
    P2.viewDidAppear(true)
    Pages.delegate.didFinishAnimating(true, previousViewControllers: [P1], transitionCompleted: true)
  ]]
  expect.equal(pages.viewControllers, { P[2] })
  expect.equal(P[1].view.window, nil)
end)

scenario("a swipe back, and swipes UIKit does not allow", function()
  local pages, P, win = book("scroll")
  expect.error(function() user.swipePage(pages, "reverse") end,
    "Pages.dataSource gives no page before P1: there is nothing to swipe to")
  expect.error(function() user.swipePage(pages, "backward") end, "\"backward\" is not a direction") ---@diagnostic disable-line: param-type-mismatch
  pages:setViewControllers({ P[3] }, "forward", false)
  trace.clear()
  local g = user.swipePage(pages, "reverse")
  expect.error(function() user.swipePage(pages, "reverse") end, "Pages is in a transition and ignores the swipe")
  g:finish()
  settle()
  expect [[
    Pages.dataSource.viewControllerBefore(P3)
    Pages.dataSource.viewControllerAfter(P3)
    Pages.delegate.willTransitionTo([P2])
    P2.willMove(toParent: Pages)
    P2.didMove(toParent: Pages)
    P2.viewDidLoad()
    P2.viewWillAppear(true)
    P3.viewWillDisappear(true)
    P2.viewDidAppear(true)
    P3.viewDidDisappear(true)
    P3.willMove(toParent: nil)
    P3.didMove(toParent: nil)
    Pages.delegate.didFinishAnimating(true, previousViewControllers: [P3], transitionCompleted: true)
    Pages.dataSource.viewControllerBefore(P2)
  ]]
  pages.dataSource = { viewControllerAfter = function(pages, vc) return vc end }
  expect.error(function() user.swipePage(pages, "forward") end,
    "Pages.dataSource gives P2, the page already shown: there is nothing to swipe to")
  pages.dataSource = nil
  expect.error(function() user.swipePage(pages, "forward") end, "Pages has no dataSource: UIKit allows no swipe without one")
end)
