-- COO-04  viewWillTransition(to:with:) and willTransition(to:with:) get a coordinator: alongside
-- blocks run once every controller on screen has heard and the window has its new size,
-- before traitCollectionDidChange; completion blocks at the end of the turn.
--
-- Sources: TRANSITIONS-TIMING COO-04 [DOC] ("Sent before a size change of the controller's
-- view, with a coordinator for alongside/completion blocks"; forwarded to children; willTransition
-- likewise; the order against appearance callbacks was not researched [?]); BEHAVIOR TRT-01
-- (the order of the size-change callbacks, unchanged).
-- DECISIONS (docs/DECISIONS.md): D-115 (when the size change's alongside and completion blocks
-- run; a rotation has no modelled duration).

scenario("a rotation: both callbacks get the coordinator; alongside before traitCollectionDidChange, completions after the commit", function()
  local function coordinated(name)
    return Controller { name,
      willTransition = function(self, traits, coordinator)
        coordinator:animate(function() note(name .. " alongside (traits)") end,
          function() note(name .. " completion (traits)") end)
      end,
      viewWillTransition = function(self, size, coordinator)
        expect.equal(coordinator.transitionDuration, 0)
        coordinator:animate(function()
          local size = self.view.window.size
          note(name .. " alongside (size) at " .. size[1] .. "x" .. size[2])
        end,
          function() note(name .. " completion (size)") end)
      end,
    }
  end
  local A, B = coordinated "A", coordinated "B"
  local nav = NavigationController { "Nav", A }
  local win = Window { root = nav }
  settle()
  nav:pushViewController(B, false)
  settle()
  trace.clear()
  trace.exclude "layout"
  win.size = {844, 390}
  expect [[
    Nav.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    B.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
    Nav.viewWillTransition(to: 844x390)
    B.viewWillTransition(to: 844x390)
    note: B alongside (traits)
    note: B alongside (size) at 844x390
    Nav.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
    B.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
  ]]
  settle()
  expect [[
    note: B completion (traits)
    note: B completion (size)
  ]]
end)
