-- D-104  A layout pass lays out, in tree order, the controllers that asked for layout and whose
-- views are in shown windows; it costs what changed, not every view on screen (issue 18).
-- Also: APP-01, APP-04 (parents before children, in the tree's order: [OBS×3]).
--
-- Sources: APP-04 [OBS×3] layout runs between viewWillAppear and viewDidAppear; UIKit's pass
-- walks the layer tree from the window down and lays out what is marked (Apple, "Updating the
-- layout of views": setNeedsLayout marks a view, the next update cycle lays it out). The
-- rest is the engine's choice where the sources are silent, written in docs/DECISIONS.md
-- D-104: a controller that asks for layout during the pass is laid out in this pass when its
-- view comes later in the tree, else in the next; one off screen waits for its window;
-- one whose window a callback hid gets no layout after its viewWillDisappear.
-- Each scenario was checked against the whole-tree walk this mechanism replaced (the traces
-- are the same).

scenario("a controller that asks for its own layout during the pass is laid out at the next pass, and after", function()
  trace.include "layout"
  local R = Controller "R"
  local w = Window { root = R }
  local once = false
  R.viewDidLayoutSubviews = function(self)
    if not once then
      once = true
      note "R adds a subview from viewDidLayoutSubviews"
      R.view:addSubview(View "V")
    end
  end
  settle()
  expect [[
    R.viewDidLoad()
    R.viewWillAppear(false)
    R.viewIsAppearing(false)
    R.viewWillLayoutSubviews()
    R.viewDidLayoutSubviews()
    note: R adds a subview from viewDidLayoutSubviews
    R.viewDidAppear(false)
    R.viewWillLayoutSubviews()
    R.viewDidLayoutSubviews()
  ]]
  w.size = { 1024, 768 }
  R.view:addSubview(View "V2")
  settle()
  expect [[
    R.willTransition(to: (horizontalSizeClass: .regular, verticalSizeClass: .regular))
    R.viewWillTransition(to: 1024x768)
    R.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    R.viewWillLayoutSubviews()
    R.viewDidLayoutSubviews()
  ]]
end)

scenario("a window a layout callback hides: its controller gets no layout after its viewWillDisappear", function()
  trace.include "layout"
  local A = Controller "A"
  local B = Controller "B"
  Window { root = A }
  local w2 = Window { root = B }
  A.viewDidLayoutSubviews = function(self) w2.isHidden = true end
  settle()
  expect [[
    A.viewDidLoad()
    A.viewWillAppear(false)
    B.viewDidLoad()
    B.viewWillAppear(false)
    A.viewIsAppearing(false)
    A.viewWillLayoutSubviews()
    A.viewDidLayoutSubviews()
    B.viewWillDisappear(false)
    A.viewDidAppear(false)
    B.viewDidDisappear(false)
  ]]
end)

scenario("a controller waiting off screen that a layout callback brings on screen is laid out before it appears", function()
  trace.include "layout"
  local R = Controller "R"
  local C = Controller "C"
  Window { root = R }
  settle()
  R.view:addSubview(C.view)      -- C will appear and asks for layout
  C.view:removeFromSuperview()   -- it leaves before any pass: it waits off screen
  local once = false
  R.viewDidLayoutSubviews = function(self)
    if not once then once = true; R.view:addSubview(C.view) end
  end
  trace.clear()
  settle()
  expect [[
    R.viewWillLayoutSubviews()
    R.viewDidLayoutSubviews()
    C.viewWillAppear(false)
    C.viewIsAppearing(false)
    C.viewWillLayoutSubviews()
    C.viewDidLayoutSubviews()
    C.viewDidAppear(false)
    R.viewWillLayoutSubviews()
    R.viewDidLayoutSubviews()
  ]]
end)
