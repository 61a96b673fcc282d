-- SHOW-05  A split view collapses onto its primary when the width turns compact, and expands
-- when it turns regular: the delegate's collapseSecondary first; unless it answers true, the
-- primary's collapseSecondaryViewController runs — a navigation controller pushes the
-- secondary; afterwards the split keeps only the primary.
-- Also: TRT-01 (the trait callbacks come first), M-5, SHOW-04.
--
-- Source: [DOC] splitViewController(_:collapseSecondary:onto:): returning false lets the split
-- call primary.collapseSecondaryViewController(_:for:), which a UINavigationController
-- implements by pushing the secondary; returning true means nothing more is done; the split
-- then removes the secondary from viewControllers. [DOC] isCollapsed. [OBS] commandshift.co.uk
-- 2016, averagejake.com: a split starts expanded and collapses when it enters a compact
-- window, so an iPhone launches on the detail, pushed onto the master's stack.
-- [INF-DEC] decompiled UIKit: the collapse runs without animation after the trait callbacks;
-- the secondary, already on screen, gets no appearance calls; the primary's covered top
-- disappears; expanding pops the secondary back and the revealed top appears.
-- DECISIONS: D-54 (order of the containment calls; isCollapsed changes in the step; the
-- separateSecondaryFrom delegate and primaryViewController(forCollapsing:) are not modelled).

local function masterDetail(delegate)
  local list = Controller "List"
  local master = NavigationController { "Master", list }
  local detail = Controller "Detail"
  local split = SplitViewController { "Split", primary = master, secondary = detail, delegate = delegate }
  local w = Window { root = split, size = {1024, 768} }
  settle()
  trace.clear()
  return split, master, list, detail, w
end

scenario("regular width at launch: both columns appear, primary first", function()
  local list = Controller "List"
  local master = NavigationController { "Master", list }
  local split = SplitViewController { "Split", primary = master, secondary = Controller "Detail" }
  trace.clear()
  Window { root = split, size = {1024, 768} }
  settle()
  expect [[
    Split.viewDidLoad()
    Split.viewWillAppear(false)
    Master.viewDidLoad()
    Detail.viewDidLoad()
    Master.viewWillAppear(false)
    List.viewDidLoad()
    List.viewWillAppear(false)
    Detail.viewWillAppear(false)
    Split.viewDidAppear(false)
    Master.viewDidAppear(false)
    List.viewDidAppear(false)
    Detail.viewDidAppear(false)
  ]]
  expect.equal(split.isCollapsed, false)
  expect.equal(#split.viewControllers, 2)
end)

scenario("compact width at launch: the split collapses before its columns appear; the detail shows", function()
  local list = Controller "List"
  local master = NavigationController { "Master", list }
  local split = SplitViewController { "Split", primary = master, secondary = Controller "Detail" }
  trace.clear()
  Window { root = split }
  settle()
  expect [[
    Split.viewDidLoad()
    Split.viewWillAppear(false)
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Detail.willMove(toParent: Master)
    Detail.didMove(toParent: Master)
    Master.viewDidLoad()
    Master.viewWillAppear(false)
    Detail.viewDidLoad()
    Detail.viewWillAppear(false)
    Split.viewDidAppear(false)
    Master.viewDidAppear(false)
    Detail.viewDidAppear(false)
  ]]
  expect.equal(split.isCollapsed, true)
  expect.equal(#split.viewControllers, 1)
  expect.equal(list.isViewLoaded, false, "the master's root is covered and never loads")
end)

scenario("turning compact: trait callbacks, then the detail is pushed onto the master", function()
  local split, master, list, detail, w = masterDetail()
  w.size = {390, 844}
  settle()
  expect [[
    Split.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Master.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    List.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Detail.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Split.viewWillTransition(to: 390x844)
    Master.viewWillTransition(to: 390x844)
    List.viewWillTransition(to: 390x844)
    Detail.viewWillTransition(to: 390x844)
    Split.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
    Master.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
    List.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
    Detail.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Detail.willMove(toParent: Master)
    List.viewWillDisappear(false)
    List.viewDidDisappear(false)
    Detail.didMove(toParent: Master)
  ]]
  expect.equal(master.topViewController, detail)
  expect.equal(split.viewControllers[1], master)
  expect.equal(#split.viewControllers, 1)
end)

scenario("turning regular again: the detail is popped back into the secondary column", function()
  local split, master, list, detail, w = masterDetail()
  w.size = {390, 844}
  settle()
  trace.clear()
  w.size = {1024, 768}
  settle()
  expect [[
    Split.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    Master.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    Detail.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    Split.viewWillTransition(to: 1024x768)
    Master.viewWillTransition(to: 1024x768)
    Detail.viewWillTransition(to: 1024x768)
    Split.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Master.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Detail.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Detail.willMove(toParent: Split)
    -- TRT-02: List was covered while the traits changed; it hears of them as it comes back
    List.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    List.viewWillAppear(false)
    Detail.didMove(toParent: Split)
    List.viewDidAppear(false)
  ]]
  expect.equal(split.isCollapsed, false)
  expect.equal(split.viewControllers[2], detail)
  expect.equal(#master.viewControllers, 1)
end)

scenario("a delegate that answers true keeps the detail out of the master; it disappears", function()
  local split, master, list, detail, w = masterDetail({ collapseSecondary = function() return true end })
  w.size = {390, 844}
  settle()
  trace.exclude "trait"
  expect [[
    Split.delegate.collapseSecondary(Detail, onto: Master)
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Detail.viewWillDisappear(false)
    Detail.viewDidDisappear(false)
  ]]
  expect.equal(#master.viewControllers, 1)
  trace.clear()
  w.size = {1024, 768}
  settle()
  expect [[
    Detail.willMove(toParent: Split)
    Detail.viewWillAppear(false)
    Detail.viewDidAppear(false)
    Detail.didMove(toParent: Split)
  ]]
  expect.equal(split.viewControllers[2], detail, "the detail set aside comes back")
end)

scenario("a plain primary does nothing with the secondary: it leaves the screen", function()
  local menu = Controller "Menu"
  local split = SplitViewController { "Split", primary = menu, secondary = Controller "Detail" }
  local w = Window { root = split, size = {1024, 768} }
  settle()
  trace.clear()
  trace.exclude "trait"
  w.size = {390, 844}
  settle()
  expect [[
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Detail.viewWillDisappear(false)
    Detail.viewDidDisappear(false)
  ]]
end)

scenario("a collapse while the master is pushing ends the push first; every state stays whole", function()
  local split, master, list, detail, w = masterDetail()
  master:pushViewController(Controller "Item", true)
  settle()
  trace.clear()
  master:pushViewController(Controller "Item2", true)
  advance(0.1)                                   -- the push is on screen, mid-animation
  trace.clear()
  trace.exclude "trait"
  w.size = {390, 844}
  settle()
  expect [[
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Item.viewDidDisappear(true)
    Item2.viewDidAppear(true)
    Item2.didMove(toParent: Master)
    Detail.willMove(toParent: Master)
    Item2.viewWillDisappear(false)
    Item2.viewDidDisappear(false)
    Detail.didMove(toParent: Master)
  ]]
  expect.equal(master.topViewController, detail)
  expect.equal(detail.appearance, "appeared")
  expect.equal(master.viewControllers[3].appearance, "disappeared")
end)

scenario("a split covered by a full-screen modal while the width turns compact collapses as it reappears", function()
  local split, master, list, detail, w = masterDetail()
  detail:present(Controller { "Modal", modalPresentationStyle = "fullScreen" }, false)
  settle()
  w.size = {390, 844}
  settle()
  expect.equal(split.isCollapsed, false, "off screen, it did not hear of the change")
  trace.clear()
  trace.exclude "trait"
  detail:dismiss(false)
  settle()
  expect [[
    Modal.viewWillDisappear(false)
    Split.viewWillAppear(false)
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Detail.willMove(toParent: Master)
    Detail.didMove(toParent: Master)
    Master.viewWillAppear(false)
    Detail.viewWillAppear(false)
    Split.viewDidAppear(false)
    Master.viewDidAppear(false)
    Detail.viewDidAppear(false)
    Modal.viewDidDisappear(false)
  ]]
  expect.equal(split.isCollapsed, true)
end)

scenario("a detail wrapped in a navigation controller is nested in the master when collapsed", function()
  local split, master, list, detail, w = masterDetail()
  w.size = {390, 844}
  settle()
  local wrapped = NavigationController { "DetailNav", Controller "Page" }
  list:showDetailViewController(wrapped, list)
  settle()
  expect.equal(master.topViewController, wrapped)
  master:pushViewController(Controller "Next", false)
  expect.equal(master.topViewController.name, "Next", "pushing stays possible with a nested navigation controller")
end)
