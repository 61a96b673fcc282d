-- NAV-02, NAV-08 and SPL's collapse, met inside one push (issue 18's review): a pushed
-- controller's willMove(toParent:) gives the collapsed split a secondary, which the split
-- pushes onto the same navigation controller; the push goes on after it, so its controller
-- ends on top, and the stack is in the order the operations made it.
-- Sources: NAV-02 [DOC] push makes the controller the top; the collapse pushing the secondary
-- is the engine's (D-54). The trace is the one the engine gave before issue 18's constant-time
-- push (each operation over the whole stack): the fast path must not change it.

local list = Controller "List"
local master = NavigationController { "Master", list }
local split = SplitViewController { "Split", primary = master }
Window { root = split }
settle()
expect.equal(split.isCollapsed, true)
local detail = Controller "Detail"
local item = Controller "Item"
local once = false
item.willMove = function(self, parent)
  if parent == master and not once then
    once = true
    split.viewControllers = { master, detail }
  end
end
local function stack()
  local names = {}
  for _, c in ipairs(master.viewControllers) do names[#names + 1] = c.name end
  return table.concat(names, ",")
end
trace.clear()
master:pushViewController(item, false)
expect.equal(stack(), "List,Item,Detail")
settle()
expect.equal(stack(), "List,Item,Detail")
expect.equal(master.topViewController, detail)
expect [[
  Item.willMove(toParent: Master)
  Detail.willMove(toParent: Master)
  Detail.viewDidLoad()
  List.viewWillDisappear(false)
  Detail.viewWillAppear(false)
  List.viewDidDisappear(false)
  Detail.viewDidAppear(false)
  Detail.didMove(toParent: Master)
  Item.didMove(toParent: Master)
]]
