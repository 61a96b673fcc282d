-- SHOW-04  UISplitViewController.showDetailViewController: the secondary itself is a no-op;
-- the delegate's showDetail comes first; expanded, the controller replaces the secondary;
-- collapsed, the primary shows it (a navigation primary pushes), else the split presents.
-- Also: SHOW-03 (the routing that reaches the split), A-11, M-5.
--
-- Source: [DOC] UISplitViewController.showDetailViewController(_:sender:): "vc nil or
-- identical to the current secondary ⇒ no-op. Order: delegate splitViewController(_:showDetail:
-- sender:) first; if not handled, forwards to the VC being replaced (a nav pushes vc);
-- otherwise regular ⇒ install as secondary, compact ⇒ present modally" (BEHAVIOR.md).
-- [INF-DEC] decompiled UIKit (UISplitViewControllerClassicImpl, iOS 26.1, as read by this
-- project's research): expanded, a plain non-animated setViewControllers — the old secondary
-- gets willMove(nil), didMove(nil), then disappears; the new one willMove(split), loads,
-- appears; did-callbacks at the end of the turn, didMove(split) after them; collapsed, show on
-- the displayed secondary or the primary when its class overrides show, else present.
-- DECISIONS: D-54.

local function masterDetail(size)
  local list = Controller "List"
  local master = NavigationController { "Master", list }
  local detail = Controller "Detail"
  local split = SplitViewController { "Split", primary = master, secondary = detail }
  local w = Window { root = split, size = size or {1024, 768} }
  settle()
  trace.clear()
  return split, master, list, detail, w
end

scenario("regular width: the new detail replaces the secondary, without animation", function()
  local split, master, list, detail = masterDetail()
  local other = Controller "Other"
  list:showDetailViewController(other, list)
  expect.equal(split.viewControllers[2], other, "the secondary changed inside the call")
  settle()
  expect [[
    Detail.willMove(toParent: nil)
    Detail.didMove(toParent: nil)
    Detail.viewWillDisappear(false)
    Other.willMove(toParent: Split)
    Other.viewDidLoad()
    Other.viewWillAppear(false)
    Detail.viewDidDisappear(false)
    Other.viewDidAppear(false)
    Other.didMove(toParent: Split)
  ]]
  expect.equal(detail.parent, nil)
  expect.equal(other.splitViewController, split)
end)

scenario("showing the secondary itself does nothing", function()
  local split, master, list, detail = masterDetail()
  list:showDetailViewController(detail, list)
  settle()
  expect [[ ]]
end)

scenario("the delegate's showDetail comes first; answering true handles it", function()
  local split, master, list, detail = masterDetail()
  split.delegate = { showDetail = function(s, vc, sender) note("delegate shows " .. vc.name) return true end }
  list:showDetailViewController(Controller "Other", list)
  settle()
  expect [[
    Split.delegate.showDetail(Other, sender: List)
    note: delegate shows Other
  ]]
  expect.equal(split.viewControllers[2], detail)
end)

scenario("a delegate that answers nothing does not handle it", function()
  local split, master, list, detail = masterDetail()
  split.delegate = { showDetail = function() end }
  list:showDetailViewController(Controller "Other", list)
  settle()
  expect [[
    Split.delegate.showDetail(Other, sender: List)
    ...
  ]]
  expect.equal(split.viewControllers[2].name, "Other")
end)

scenario("collapsed onto a navigation primary: the detail is pushed (animated)", function()
  local split, master, list, detail = masterDetail({390, 844})
  expect.equal(split.isCollapsed, true)
  list:showDetailViewController(Controller "Other", list)
  settle()
  expect [[
    Other.willMove(toParent: Master)
    Other.viewDidLoad()
    Detail.viewWillDisappear(true)
    Other.viewWillAppear(true)
    Detail.viewDidDisappear(true)
    Other.viewDidAppear(true)
    Other.didMove(toParent: Master)
  ]]
end)

scenario("collapsed onto a plain primary: the split presents the detail", function()
  local menu = Controller "Menu"
  local split = SplitViewController { "Split", primary = menu, secondary = Controller "Detail" }
  Window { root = split }
  settle()
  trace.clear()
  local other = Controller "Other"
  menu:showDetailViewController(other, menu)
  expect.equal(other.presentingViewController, split)
  settle()
  expect [[
    Other.viewDidLoad()
    Other.viewWillAppear(true)
    Other.viewDidAppear(true)
  ]]
end)
