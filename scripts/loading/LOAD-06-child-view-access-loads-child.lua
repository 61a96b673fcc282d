-- LOAD-06  Reading a child's view is what loads it.
-- Also: CON-05 (parent not yet visible), A-2.
--
-- Source: [OBS] O-so48653763: addChild(c); view.addSubview(c.view) inside the parent's
-- viewDidLoad gives the child willMove(toParent:) -> viewDidLoad -> viewWillAppear ->
-- (layout)×2 -> viewDidAppear; coderapp answer 60386750: viewDidLoad "happened instantly as
-- soon as you referred to ViewController2's view". The layout part is in A-6.
-- DECISIONS (docs/DECISIONS.md): D-3.

scenario("child added in the parent's viewDidLoad (O-so48653763)", function()
  trace.include "loading"
  local C = Controller "C"
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(C)
      note("about to read C.view")
      local v = C.view
      note("C.view read")
      self.view:addSubview(v)
      C:didMove(self)
    end,
  }
  Window { root = P }
  settle()
  expect [[
    P.loadView()
    P.viewDidLoad()
    C.willMove(toParent: P)
    note: about to read C.view
    C.loadView()
    C.viewDidLoad()
    note: C.view read
    C.didMove(toParent: P)
    P.viewWillAppear(false)
    C.viewWillAppear(false)
    P.viewDidAppear(false)
    C.viewDidAppear(false)
  ]]
end)

scenario("a child that is added but whose view is never read stays unloaded", function()
  trace.include "loading"
  local C = Controller "C"
  local P = Controller {
    "P",
    viewDidLoad = function(self)
      self:addChild(C)
      C:didMove(self)
    end,
  }
  Window { root = P }
  settle()
  expect [[
    P.loadView()
    P.viewDidLoad()
    C.willMove(toParent: P)
    C.didMove(toParent: P)
    P.viewWillAppear(false)
    P.viewDidAppear(false)
  ]]
  expect.equal(C.isViewLoaded, false, "C never loaded")
  expect.equal(C.appearance, "disappeared", "C never appeared")

  -- Later, showing it loads it at the moment the view is read.
  P.view:addSubview(C.view)
  settle()
  expect [[
    C.loadView()
    C.viewDidLoad()
    C.viewWillAppear(false)
    C.viewDidAppear(false)
  ]]
end)
