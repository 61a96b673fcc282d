-- TRT-01  A change of the window's size and traits at runtime: willTransition(to:with:),
-- viewWillTransition(to:with:), traitCollectionDidChange(previous), then layout.
-- Also: A-13 (changes flow from the window to containers to children), M-2 (parent first).
--
-- Source: [DOC]+[OBS] BEHAVIOR.md TRT-01: per controller willTransition(to:with:) →
-- viewWillTransition(to:with:) → traitCollectionDidChange(prev) → layout (O-neuburg-rot;
-- UIViewController willTransition(to:with:): "UIKit calls this method before changing the
-- current object's traits and before calling traitCollectionDidChange"); UIKit calls them on
-- the window's root, containers forward to their children and presentation controllers to
-- their presented controllers; parent first [INF].
-- DECISIONS: D-53 (each phase reaches every controller on screen before the next phase
-- starts, parent first, then what a controller presents; the change is synchronous; a size
-- change without a change of size classes sends only viewWillTransition; the coordinator
-- argument is not shown).

local function shownStack()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  local w = Window { root = nav }
  settle()
  trace.clear()
  return w, nav, A, B
end

scenario("a rotation: size and size classes change; the stack's top and its container hear it", function()
  local w = shownStack()
  user.rotate(w)
  expect [[
    Nav.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    B.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    Nav.viewWillTransition(to: 844x390)
    B.viewWillTransition(to: 844x390)
    Nav.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  expect.equal(w.size[1], 844)
  expect.equal(w.traitCollection.verticalSizeClass, "compact")
end)

scenario("the layout pass follows at the end of the turn", function()
  local w = shownStack()
  trace.include "layout"
  user.rotate(w)
  settle()
  expect [[
    Nav.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    B.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    Nav.viewWillTransition(to: 844x390)
    B.viewWillTransition(to: 844x390)
    Nav.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Nav.viewWillLayoutSubviews()
    Nav.viewDidLayoutSubviews()
    B.viewWillLayoutSubviews()
    B.viewDidLayoutSubviews()
  ]]
end)

scenario("a resize that keeps the size classes sends only viewWillTransition", function()
  local w = shownStack()
  w.size = {400, 850}
  expect [[
    Nav.viewWillTransition(to: 400x850)
    B.viewWillTransition(to: 400x850)
  ]]
end)

scenario("a change of size classes alone sends no viewWillTransition", function()
  local w = shownStack()
  w.traitCollection = { horizontalSizeClass = "regular" }
  expect [[
    Nav.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    B.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    Nav.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
end)

scenario("a presented controller hears it after the presenter's tree", function()
  local A = Controller "A"
  local child = Controller "Child"
  A:addChild(child)
  A.view:addSubview(child.view)
  child:didMove(A)
  local w = Window { root = A }
  local M = Controller { "M", modalPresentationStyle = "overFullScreen" }
  A:present(M, false)
  settle()
  trace.clear()
  user.rotate(w)
  expect [[
    A.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    Child.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    M.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    A.viewWillTransition(to: 844x390)
    Child.viewWillTransition(to: 844x390)
    M.viewWillTransition(to: 844x390)
    A.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    Child.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    M.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
end)

scenario("overrides receive the new traits, the new size and the previous traits", function()
  local A = Controller {
    "A",
    willTransition = function(self, traits) note("to " .. traits.verticalSizeClass) end,
    viewWillTransition = function(self, size) note("size " .. size[1] .. "x" .. size[2]) end,
    traitCollectionDidChange = function(self, previous) note("was " .. previous.verticalSizeClass) end,
  }
  local w = Window { root = A }
  settle()
  trace.clear()
  user.rotate(w)
  expect [[
    A.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    note: to compact
    A.viewWillTransition(to: 844x390)
    note: size 844x390
    A.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    note: was regular
  ]]
end)
