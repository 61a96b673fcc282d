-- LOAD-02  viewIfLoaded and isViewLoaded never load the view.
--
-- Source: [DOC H17] viewIfLoaded "Returns the view controller's view if loaded, nil if not".
-- Also checked: reading the other state properties and addChild do not load (CON-01).

scenario("viewIfLoaded and isViewLoaded on an unloaded controller", function()
  trace.include "all"
  local A = Controller "A"
  expect.equal(A.viewIfLoaded, nil, "viewIfLoaded")
  expect.equal(A.isViewLoaded, false, "isViewLoaded")
  expect.equal(A.viewIfLoaded, nil, "still nil on a second read")
  expect [[
  ]]
end)

scenario("other properties and addChild do not load either", function()
  trace.include "all"
  local P, A = Controller "P", Controller "A"
  local _ = A.appearance, A.parent, A.children, A.name, A.isMovingToParent
  P:addChild(A)
  expect [[
    A.willMove(toParent: P)
  ]]
  expect.equal(A.isViewLoaded, false, "A")
  expect.equal(P.isViewLoaded, false, "P")
end)

scenario("after loading, viewIfLoaded returns the view with no callback", function()
  trace.include "all"
  local A = Controller "A"
  local v = A.view
  expect [[
    A.loadView()
    A.viewDidLoad()
  ]]
  expect.equal(A.viewIfLoaded, v, "viewIfLoaded")
  expect.equal(A.isViewLoaded, true, "isViewLoaded")
  expect [[
  ]]
end)
