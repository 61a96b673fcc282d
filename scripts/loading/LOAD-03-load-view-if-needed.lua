-- LOAD-03  loadViewIfNeeded() loads the view if it is not loaded, otherwise does nothing.
--
-- Source: [DOC] https://developer.apple.com/documentation/uikit/uiviewcontroller/loadviewifneeded()
-- DECISIONS (docs/DECISIONS.md): D-5 (a window's root loads at assignment).

scenario("loads once", function()
  trace.include "loading"
  local A = Controller "A"
  A:loadViewIfNeeded()
  expect [[
    A.loadView()
    A.viewDidLoad()
  ]]
  expect.equal(A.isViewLoaded, true, "isViewLoaded")

  A:loadViewIfNeeded()
  local _ = A.view
  expect [[
  ]]
end)

scenario("no-op after the getter loaded the view", function()
  trace.include "loading"
  local A = Controller "A"
  local v = A.view
  A:loadViewIfNeeded()
  expect [[
    A.loadView()
    A.viewDidLoad()
  ]]
  expect.equal(A.view, v, "same view")
end)

scenario("loading is not appearing, even for a window's future root", function()
  trace.include "loading"
  local A = Controller "A"
  A:loadViewIfNeeded()
  Window { root = A }
  settle()
  expect [[
    A.loadView()
    A.viewDidLoad()
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
end)
