-- TRT-09 (issue 21, M-16): iOS 17's trait system. traitOverrides on a controller lays size classes
-- over those it inherits, for itself and what it holds; registerForTraitChanges(traits, handler)
-- runs the handler (with the controller and its previous traits) when one of the named traits
-- changed. Before iOS 17 neither exists: the script is told so.
--
-- Sources: [DOC] AD traitOverrides, registerForTraitChanges(_:handler:) (iOS 17; "handler gets the
-- object and the previous collection"); traitCollectionDidChange(_:) deprecated in 17 but still
-- sent. The handler's place right after traitCollectionDidChange, and an override's callbacks
-- coming at once, are [INF] (WWDC23's lazy update before layout was not read in a stored
-- source): D-133. Runs under every profile; the version decides which half applies.

local function container()
  local C = Controller "C"
  local P = Controller "P"
  local win = Window { root = P, device = "iPhone 15 Pro Max" }
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()
  return P, C, win
end

scenario("traitOverrides: the parent's reach its child; a handler hears only the traits it named", function()
  local P, C, win = container()
  if ios < 17 then
    expect.error(function() return P.traitOverrides end, "traitOverrides exists from iOS 17 on")
    expect.error(function() C:registerForTraitChanges({ "verticalSizeClass" }, function() end) end,
      "registerForTraitChanges exists from iOS 17 on")
    return
  end
  C:registerForTraitChanges({ "verticalSizeClass" }, function(self, previous)
    note(self.name .. " vertical was " .. previous.verticalSizeClass)
  end)
  P.traitOverrides.horizontalSizeClass = "regular"
  expect [[
    P.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    C.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    P.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    C.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  expect.equal(P.traitOverrides.horizontalSizeClass, "regular")
  expect.equal(P.traitOverrides.verticalSizeClass, nil)
  user.rotate(win)
  expect [[
    P.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .compact))
    C.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .compact))
    P.viewWillTransition(to: 932x430)
    C.viewWillTransition(to: 932x430)
    P.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
    C.traitCollectionDidChange((horizontalSizeClass: .regular, verticalSizeClass: .regular))
    note: C vertical was regular
  ]]
end)

scenario("a controller's own override holds against its parent's", function()
  local P, C = container()
  if ios < 17 then
    expect.error(function() C.traitOverrides = { verticalSizeClass = "compact" } end, "from iOS 17 on")
    return
  end
  C.traitOverrides.verticalSizeClass = "compact"
  P.traitOverrides = { verticalSizeClass = "regular", horizontalSizeClass = "regular" }
  expect.equal(C.traitCollection, { horizontalSizeClass = "regular", verticalSizeClass = "compact" })
  P.traitOverrides = {}
  expect.equal(C.traitCollection, { horizontalSizeClass = "compact", verticalSizeClass = "compact" })
  expect.error(function() C.traitOverrides.horizontalSizeClass = "big" end, "is not a size class") ---@diagnostic disable-line: assign-type-mismatch
  expect.error(function() C:registerForTraitChanges({ "userInterfaceStyle" }, function() end) end, ---@diagnostic disable-line: assign-type-mismatch
    "is not a trait this sandbox models")
end)

scenario("an override on a presenter that a full-screen presentation covers reaches what it presents", function()
  if ios < 17 then return expect.error(function() return Controller("A").traitOverrides end, "from iOS 17 on") end
  local A = Controller "A"
  Window { root = A, device = "iPhone 15" }
  local B = Controller { "B", modalPresentationStyle = "fullScreen" }
  A:present(B, false)
  settle()
  trace.clear()
  A.traitOverrides.horizontalSizeClass = "regular"
  expect [[
    B.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    B.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  A:dismiss(false)
  settle()
  expect.order [[
    A.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    A.viewWillAppear(false)
  ]]
end)
