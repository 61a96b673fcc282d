-- MEM-01, MEM-03, MEM-04 (issue 21, M-16): app.receiveMemoryWarning() posts
-- UIApplication.didReceiveMemoryWarningNotification, then every controller of every window's
-- hierarchy hears didReceiveMemoryWarning(), level by level from the root: children (the whole
-- navigation stack, not only its top; unselected tabs) and presented controllers alike, with a
-- loaded view or not. Nothing is unloaded (iOS 6+, LOAD-09).
--
-- Sources: MEM-01 [DOC] H17 ("Sent to the view controller when the app receives a memory
-- warning"); MEM-03 [OBS] O-bnr-leveling, a DTrace of iOS 6 (the notification, then
-- `_traverseViewControllerHierarchyWithDelayedRelease:`, then each controller's
-- didReceiveMemoryWarning) + [DOC] DOC-mem (the channels); MEM-04 [OBS] iOS <= 5 logs (covered
-- stack members are called) + [RE] RE26 (`_traverseViewControllerHierarchyFromLevel:`).
-- The order among siblings is [?] (MEM-02): these scenarios assert parents before children with
-- expect.order, never an order across siblings. The app delegate's
-- applicationDidReceiveMemoryWarning has no known place (MEM-03 [?]): not modelled (D-132).
-- Controllers outside every window are [?]: they are not called here (D-132).

local function hierarchy()
  local a, b, c = Controller "A", Controller "B", Controller "C"
  local nav = NavigationController { "Nav", a, b }
  local tabs = TabBarController { "Tabs", nav, c }
  Window { root = tabs }
  settle()
  return tabs, nav, a, b, c
end

scenario("the notification first, then every controller, each parent before its children", function()
  local tabs, nav = hierarchy()
  local d = Controller "D"
  tabs:present(d, false)
  settle()
  trace.clear()
  app.receiveMemoryWarning()
  expect.order [[
    NotificationCenter.post(UIApplication.didReceiveMemoryWarningNotification)
    Tabs.didReceiveMemoryWarning()
    Nav.didReceiveMemoryWarning()
    A.didReceiveMemoryWarning()
  ]]
  expect.order [[
    Tabs.didReceiveMemoryWarning()
    D.didReceiveMemoryWarning()
  ]]
  expect.order [[
    Nav.didReceiveMemoryWarning()
    B.didReceiveMemoryWarning()
  ]]
  expect.order [[
    Tabs.didReceiveMemoryWarning()
    C.didReceiveMemoryWarning()
  ]]
  expect.equal(#trace.lines(), 7, "the notification and six controllers, each once")
end)

scenario("a covered stack member and an unselected tab hear it with their views unloaded; nothing unloads", function()
  local warned = {}
  local tabs, nav, a, b, c = hierarchy()
  for _, vc in ipairs({ a, b, c }) do
    vc.didReceiveMemoryWarning = function(self) warned[#warned + 1] = self.name .. (self.isViewLoaded and "+" or "-") end
  end
  trace.clear()
  app.receiveMemoryWarning()
  table.sort(warned)
  expect.equal(warned, { "A-", "B+", "C-" }, "A is covered, C is an unselected tab: neither view ever loaded")
  expect.equal(b.isViewLoaded, true, "B keeps its view (LOAD-09)")
end)

scenario("a controller outside every window hears nothing", function()
  hierarchy()
  local loose = Controller "Loose"
  loose:loadViewIfNeeded()
  trace.clear()
  app.receiveMemoryWarning()
  expect.none "Loose.didReceiveMemoryWarning()"
end)
