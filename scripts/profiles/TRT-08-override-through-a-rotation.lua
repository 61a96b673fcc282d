-- TRT-08 (issue 21, M-16): setOverrideTraitCollection(_:forChild:) makes a child follow the
-- override over its parent's traits; a rotation of a named device that changes the size classes
-- reaches the child with its own traits: the overridden class stays, the other follows the window.
-- A child whose traits the rotation leaves as they were hears no willTransition and no
-- traitCollectionDidChange, only viewWillTransition (its size still changes).
--
-- Sources: [DOC] AD setOverrideTraitCollection(_:forChild:) ("traits are passed unmodified from
-- the parent view controller to its child view controllers … [an override] alters other view
-- controller behaviors"); ADP-01 [DOC]+[OBS O-neuburg-events] (trait changes run top-down:
-- willTransition for the tree, then viewWillTransition, then traitCollectionDidChange); Apple's
-- Human Interface Guidelines, Layout, device size classes (an iPhone Plus/Max is regular width on
-- its side, the other iPhones compact). The callbacks when an override is set, at once and
-- willTransition then traitCollectionDidChange, are [INF]: D-133. Named devices: D-133.
-- Runs under every profile (setOverrideTraitCollection exists from iOS 8; deprecated in 17).

local function container(device)
  local C = Controller "C"
  local P = Controller "P"
  local win = Window { root = P, device = device }
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()
  return P, C, win
end

scenario("an override set on screen: the child hears willTransition, then traitCollectionDidChange", function()
  local P, C = container "iPhone 15 Pro Max"
  P:setOverrideTraitCollection({ horizontalSizeClass = "regular" }, C)
  expect [[
    C.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    C.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  expect.equal(C.traitCollection, { horizontalSizeClass = "regular", verticalSizeClass = "regular" })
  expect.equal(P.traitCollection, { horizontalSizeClass = "compact", verticalSizeClass = "regular" })
  expect.equal(P:overrideTraitCollection(C), { horizontalSizeClass = "regular" })
end)

scenario("a Max phone turned on its side: the parent becomes regular width, compact height; the child keeps its override", function()
  local P, C, win = container "iPhone 15 Pro Max"
  P:setOverrideTraitCollection({ horizontalSizeClass = "compact" }, C)
  expect.equal(trace.lines(), {}, "the override changes nothing yet")
  user.rotate(win)
  expect [[
    P.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .compact))
    C.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    P.viewWillTransition(to: 932x430)
    C.viewWillTransition(to: 932x430)
    P.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    C.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  expect.equal(win.orientation, "landscape")
  expect.equal(win.size, { 932, 430 })
end)

scenario("a 393-point iPhone turned on its side stays compact width; a child overridden in both classes hears only the size", function()
  local P, C, win = container "iPhone 15 Pro"
  P:setOverrideTraitCollection({ horizontalSizeClass = "regular", verticalSizeClass = "regular" }, C)
  trace.clear()
  user.rotate(win)
  expect [[
    P.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    P.viewWillTransition(to: 852x393)
    C.viewWillTransition(to: 852x393)
    P.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  user.rotate(win)
  expect [[
    P.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    P.viewWillTransition(to: 393x852)
    C.viewWillTransition(to: 393x852)
    P.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .compact))
  ]]
end)

scenario("removing the override: the child follows its parent again", function()
  local P, C = container "iPhone 15 Pro"
  P:setOverrideTraitCollection({ verticalSizeClass = "compact" }, C)
  trace.clear()
  P:setOverrideTraitCollection(nil, C)
  expect [[
    C.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    C.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .compact))
  ]]
  expect.equal(P:overrideTraitCollection(C), nil)
end)

scenario("an override set while the parent is off screen: nothing then; the child catches up as it appears (TRT-02)", function()
  local C = Controller "C"
  local P = Controller "P"
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  trace.clear()
  P:setOverrideTraitCollection({ horizontalSizeClass = "regular" }, C)
  expect.equal(trace.lines(), {}, "no callback off screen")
  expect.equal(C.traitCollection.horizontalSizeClass, "regular", "the override holds already")
  Window { root = P, device = "iPhone 15" }
  settle()
  expect.none "C.willTransition"
end)

scenario("only a child's traits can be overridden", function()
  local P, C = container "iPhone 15"
  local other = Controller "Other"
  expect.error(function() P:setOverrideTraitCollection({ horizontalSizeClass = "regular" }, other) end,
    "Other is not a child of P")
  expect.error(function() P:setOverrideTraitCollection({ horizontalSizeClass = "wide" }, C) end, ---@diagnostic disable-line: param-type-mismatch
    "horizontalSizeClass must be \"compact\" or \"regular\"")
  expect.equal(C.traitCollection.horizontalSizeClass, "compact", "nothing changed")
end)
