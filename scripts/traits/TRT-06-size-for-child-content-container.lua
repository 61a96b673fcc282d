-- TRT-06 (issue 21, M-16): a change of size passes down the hierarchy parent first; each parent
-- gives each child its size through sizeForChildContentContainer(_:withParentContainerSize:)
-- (UIKit's answers the parent's size), and a child whose size does not change hears no
-- viewWillTransition(to:with:). Trait callbacks are not affected: the child still hears its
-- willTransition and traitCollectionDidChange.
--
-- Sources: [DOC H17] sizeForChildContentContainer: "If the returned size is the same as the child
-- container's current size, viewWillTransitionToSize:withTransitionCoordinator: will not be
-- called"; [OBS O-neuburg-events p334] the forwarding order (willTransition for the tree, then
-- viewWillTransition parent then child). The override's call is recorded only when the script
-- overrides it, and a child's size before the first change is its window's: D-135.

scenario("a parent gives one child a fixed size: that child hears the size once, the other every time", function()
  local C, D = Controller "C", Controller "D"
  local P = Controller { "P", sizeForChildContentContainer = function(self, child, size)
    if child == C then return { 300, 300 } end
    return size
  end }
  local win = Window { root = P, device = "iPhone 15" }
  for _, child in ipairs { C, D } do
    P:addChild(child)
    P.view:addSubview(child.view)
    child:didMove(P)
  end
  settle()
  trace.clear()
  user.rotate(win)
  expect [[
    P.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    C.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    D.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    P.viewWillTransition(to: 852x393)
    P.sizeForChildContentContainer(C, withParentContainerSize: 852x393)
    C.viewWillTransition(to: 300x300)
    P.sizeForChildContentContainer(D, withParentContainerSize: 852x393)
    D.viewWillTransition(to: 852x393)
    P.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    C.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    D.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  user.rotate(win)
  expect [[
    P.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    C.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    D.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
    P.viewWillTransition(to: 393x852)
    P.sizeForChildContentContainer(C, withParentContainerSize: 393x852)
    P.sizeForChildContentContainer(D, withParentContainerSize: 393x852)
    D.viewWillTransition(to: 393x852)
    P.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .compact))
    C.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .compact))
    D.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .compact))
  ]]
end)

scenario("nothing returned is UIKit's answer (fuzz seed 1114: nil was taken for a wrong answer)", function()
  local C = Controller "C"
  local P = Controller { "P", sizeForChildContentContainer = function(self, child, size) end }
  local win = Window { root = P }
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()
  user.rotate(win)
  expect.order [[
    P.sizeForChildContentContainer(C, withParentContainerSize: 844x390)
    C.viewWillTransition(to: 844x390)
  ]]
end)

scenario("a wrong answer is the script's error at its line; the child takes its parent's size", function()
  local C = Controller "C"
  local P = Controller { "P", sizeForChildContentContainer = function(self, child, size) return "big" end } ---@diagnostic disable-line: return-type-mismatch
  local win = Window { root = P }
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  settle()
  trace.clear()
  expect.error(function() user.rotate(win) end, "sizeForChildContentContainer of P answered wrongly: size must be")
  expect.order [[
    P.sizeForChildContentContainer(C, withParentContainerSize: 844x390)
    C.viewWillTransition(to: 844x390)
  ]]
end)

scenario("below a child whose size stays, nothing is asked: the change stops there", function()
  local G = Controller "G"
  local C = Controller { "C", sizeForChildContentContainer = function(self, child, size) return { size[1] / 2, size[2] } end }
  local P = Controller { "P", sizeForChildContentContainer = function(self, child, size) return { 300, 300 } end }
  local win = Window { root = P, device = "iPhone 15" }
  P:addChild(C)
  P.view:addSubview(C.view)
  C:didMove(P)
  C:addChild(G)
  C.view:addSubview(G.view)
  G:didMove(C)
  settle()
  trace.clear()
  user.rotate(win)
  expect.order [[
    P.viewWillTransition(to: 852x393)
    P.sizeForChildContentContainer(C, withParentContainerSize: 852x393)
    C.viewWillTransition(to: 300x300)
    C.sizeForChildContentContainer(G, withParentContainerSize: 300x300)
    G.viewWillTransition(to: 150x300)
  ]]
  trace.clear()
  user.rotate(win)
  expect.none "C.sizeForChildContentContainer"
  expect.none "G.viewWillTransition"
end)

scenario("a size lasts only while the view stays in its window: hidden and resized, then shown, it hears the next change", function()
  local A = Controller "A"
  local win = Window { root = A }
  settle()
  win.size = { 844, 390 }
  win.isHidden = true
  win.size = { 390, 844 }
  win.isHidden = false
  settle()
  trace.clear()
  win.size = { 844, 390 }
  expect.order [[
    A.viewWillTransition(to: 844x390)
  ]]
end)
