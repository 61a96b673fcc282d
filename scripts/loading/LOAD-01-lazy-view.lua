-- LOAD-01  The view loads lazily, on the first read of `view`: loadView, then viewDidLoad,
-- synchronously inside the getter; later reads send nothing.
--
-- Source: [DOC] H17 (`view`: "The getter first invokes [self loadView] if the view hasn't
-- been set yet"; viewDidLoad: "For view controllers created in code, this is after
-- -loadView"); DOC loadView; UIViewController overview.
-- Engine: a script's loadView override runs after the engine has made the view (the
-- sandbox has no other way to make one), and viewDidLoad follows it.

scenario("first read loads, second read does not", function()
  trace.include "loading"
  local A = Controller "A"
  expect.equal(A.isViewLoaded, false, "before")

  note("reading A.view")
  local v = A.view
  note("read")
  expect [[
    note: reading A.view
    A.loadView()
    A.viewDidLoad()
    note: read
  ]]
  expect.equal(A.isViewLoaded, true, "isViewLoaded")
  expect.equal(A.viewIfLoaded, v, "viewIfLoaded is the loaded view")

  local again = A.view
  expect [[
  ]]
  expect.equal(again, v, "the same view every time")
end)

scenario("viewDidLoad already sees the view", function()
  trace.include "loading"
  local A = Controller {
    "A",
    loadView = function(self) note("loadView override") end,
    viewDidLoad = function(self)
      note("viewDidLoad sees isViewLoaded = " .. tostring(self.isViewLoaded))
    end,
  }
  A.view:addSubview(View "label")
  expect [[
    A.loadView()
    note: loadView override
    A.viewDidLoad()
    note: viewDidLoad sees isViewLoaded = true
  ]]
  expect.equal(#A.view.subviews, 1, "the view is a real view")
end)

scenario("any use of the view loads it, not only the getter alone", function()
  trace.include "loading"
  local A = Controller "A"
  local w = A.view.window
  expect [[
    A.loadView()
    A.viewDidLoad()
  ]]
  expect.equal(w, nil, "a loaded view is in no window")
  expect.equal(A.appearance, "disappeared", "loading is not appearing")
end)
