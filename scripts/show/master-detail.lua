-- A master–detail app from start to end: a split view whose primary is a navigation
-- controller, on a regular-width window that turns compact and back.
-- Rules: SHOW-02 (show pushes in a navigation controller), SHOW-03 and SHOW-04 (show detail
-- reaches the split: expanded it replaces the secondary), SHOW-05 (collapse pushes the
-- detail onto the master; expanding pops it back), TRT-01 (the trait callbacks first), M-5.
-- Sources: see SHOW-04-split-show-detail.lua and SHOW-05-split-collapse-and-expand.lua.
-- DECISIONS: D-52, D-53, D-54.

local list = Controller "List"
local master = NavigationController { "Master", list }
local split = SplitViewController { "Split", primary = master, secondary = Controller "Welcome" }
local win = Window { root = split, size = {1024, 768} }     -- an iPad in landscape: regular width
settle()
trace.clear()

-- Regular width: both columns are on screen; choosing an item replaces the secondary.
local item1 = Controller "Item1"
list:showDetailViewController(item1, list)
settle()
expect [[
  Welcome.willMove(toParent: nil)
  Welcome.didMove(toParent: nil)
  Welcome.viewWillDisappear(false)
  Item1.willMove(toParent: Split)
  Item1.viewDidLoad()
  Item1.viewWillAppear(false)
  Welcome.viewDidDisappear(false)
  Item1.viewDidAppear(false)
  Item1.didMove(toParent: Split)
]]
expect.equal(split.isCollapsed, false)
expect.equal(#split.viewControllers, 2)

-- Compact width (Slide Over, say): the split collapses onto the master; the detail is pushed.
trace.exclude "trait"
win.size = {320, 768}
settle()
expect [[
  Item1.willMove(toParent: nil)
  Item1.didMove(toParent: nil)
  Item1.willMove(toParent: Master)
  List.viewWillDisappear(false)
  List.viewDidDisappear(false)
  Item1.didMove(toParent: Master)
]]
expect.equal(split.isCollapsed, true)
expect.equal(master.topViewController, item1)

-- show from the primary's content pushes onto the master navigation controller.
item1:show(Controller "More", item1)
settle()
expect [[
  More.willMove(toParent: Master)
  More.viewDidLoad()
  Item1.viewWillDisappear(true)
  More.viewWillAppear(true)
  Item1.viewDidDisappear(true)
  More.viewDidAppear(true)
  More.didMove(toParent: Master)
]]

-- Back to the list, then a detail chosen while collapsed: the master pushes it.
master:popToRootViewController(false)
settle()
trace.clear()
local item2 = Controller "Item2"
list:showDetailViewController(item2, list)
settle()
expect [[
  Item2.willMove(toParent: Master)
  Item2.viewDidLoad()
  List.viewWillDisappear(true)
  Item2.viewWillAppear(true)
  List.viewDidDisappear(true)
  Item2.viewDidAppear(true)
  Item2.didMove(toParent: Master)
]]

-- Regular again: the pushed detail goes back to the secondary column; the list reappears.
win.size = {1024, 768}
settle()
expect [[
  Item2.willMove(toParent: nil)
  Item2.didMove(toParent: nil)
  Item2.willMove(toParent: Split)
  List.viewWillAppear(false)
  Item2.didMove(toParent: Split)
  List.viewDidAppear(false)
]]
expect.equal(split.viewControllers[2], item2)
expect.equal(item2.splitViewController, split)
