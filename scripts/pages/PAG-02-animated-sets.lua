-- PAG-02, PAG-03  An animated setViewControllers on screen: page curl and scroll. The new
-- page's viewWillAppear comes first; a curl ends the old page first and takes it out between
-- the two did-callbacks, a scroll ends the new page first; the completion comes at the end.
-- No delegate call for a programmatic set.
--
-- Sources: TRANSITIONS-TIMING PAG-02 [RE17] (curl: no delegate calls; new.wA (+ addChild,
-- insertSubview, didMove of the page underneath) -> cur.wD -> the curl; at its end
-- cur.willMove(nil) -> view out -> cur.dD -> cur.removeFromParent -> new.dA -> completion);
-- PAG-03 [RE17]+[INF] (scroll: viewControllers at once, cur.willMove(nil) and the new page's
-- addChild and didMove in the call; new.wA, cur.wD, new.dA, cur.dD; the completion after the
-- scroll; setting the page shown with animation is a no-op whose completion never comes; an
-- animated set on an empty page view controller is not animated).
-- DECISIONS (docs/DECISIONS.md): D-123 (the 0.35 s animation, the set begun in the call, when a
-- scroll's old page leaves).

local function shown(style, first)
  local pages = PageViewController { "Pages", transitionStyle = style }
  local win = Window { root = pages }
  pages:setViewControllers({ first }, "forward", false)
  settle()
  trace.clear()
  return pages, win
end

scenario("an animated set, page curl", function()
  local P1, P2 = Controller "P1", Controller "P2"
  local pages, win = shown("pageCurl", P1)
  pages:setViewControllers({ P2 }, "forward", true, function(finished) note("completion " .. tostring(finished)) end)
  expect [[
    P2.willMove(toParent: Pages)
    P2.viewDidLoad()
    P2.viewWillAppear(true)
    P2.didMove(toParent: Pages)
    P1.viewWillDisappear(true)
  ]]
  expect.equal(pages.viewControllers, { P2 })
  advance(0.35)
  expect [[
    P1.willMove(toParent: nil)
    P1.viewDidDisappear(true)
    P1.didMove(toParent: nil)
    P2.viewDidAppear(true)
    note: completion true
  ]]
  expect.equal(P1.parent, nil)
  expect.equal(P1.view.window, nil)
  expect.equal(P2.view.window, win)
end)

scenario("an animated set, scroll", function()
  local P1, P2 = Controller "P1", Controller "P2"
  local pages, win = shown("scroll", P1)
  pages:setViewControllers({ P2 }, "forward", true, function(finished) note("completion " .. tostring(finished)) end)
  expect [[
    P1.willMove(toParent: nil)
    P2.willMove(toParent: Pages)
    P2.didMove(toParent: Pages)
    P2.viewDidLoad()
    P2.viewWillAppear(true)
    P1.viewWillDisappear(true)
  ]]
  expect.equal(pages.viewControllers, { P2 })
  settle()
  expect [[
    P2.viewDidAppear(true)
    P1.viewDidDisappear(true)
    P1.didMove(toParent: nil)
    note: completion true
  ]]
  expect.equal(P1.parent, nil)
end)

scenario("no-ops and sets that are not animated after all", function()
  local P1, P2 = Controller "P1", Controller "P2"
  local pages, win = shown("scroll", P1)
  -- The page shown, animated: nothing, not even the completion (PAG-03).
  pages:setViewControllers({ P1 }, "forward", true, function() note "never" end)
  settle()
  expect [[ ]]
  -- An animated set on an empty page view controller is done in the call.
  local empty = PageViewController { "Empty" }
  win.rootViewController = empty
  settle()
  trace.clear()
  empty:setViewControllers({ P2 }, "forward", true, function(finished) note("completion " .. tostring(finished)) end)
  expect [[
    P2.willMove(toParent: Empty)
    P2.didMove(toParent: Empty)
    P2.viewDidLoad()
    P2.viewWillAppear(false)
    P2.viewDidAppear(false)
    note: completion true
  ]]
end)
