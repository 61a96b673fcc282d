-- CON-09  Unbalanced begin/end appearance transitions.
--
-- Source: [OBS] console warning "Unbalanced calls to begin/end appearance transitions for <X>."
-- (SO 9088465, O-klaas, O-whacky); it is a warning and the operation goes on.
-- Engine choices (BEHAVIOR.md gives no trace for these): an end with no open begin sends no
-- callback and warns; a begin the state machine cannot take (appearing while already
-- appeared, as in O-whacky's case, see CON-07-transition-from-to.lua) sends no callback
-- and warns, and its matching end then sends nothing; nested begins in the same direction
-- are counted without a warning (CON-08).
-- DECISIONS (docs/DECISIONS.md): D-1 (requests the state machine refuses), D-2.

scenario("end without begin", function()
  local C = Controller "C"
  C:endAppearanceTransition()
  expect [[
    warning: Unbalanced calls to begin/end appearance transitions for C.
  ]]
  expect.equal(C.appearance, "disappeared", "state unchanged")
  expect.equal(C.isViewLoaded, false, "nothing loaded")
end)

scenario("one end too many after a balanced pair", function()
  local C = Controller "C"
  C:beginAppearanceTransition(true, false)
  C:endAppearanceTransition()
  C:endAppearanceTransition()
  expect [[
    C.viewWillAppear(false)
    C.viewDidAppear(false)
    warning: Unbalanced calls to begin/end appearance transitions for C.
  ]]
  expect.equal(C.appearance, "appeared", "state unchanged by the extra end")
end)

scenario("begin(true) on a controller that has already appeared", function()
  local P = Controller "P"
  Window { root = P }
  settle()
  trace.clear()
  P:beginAppearanceTransition(true, false)
  expect [[
    warning: Unbalanced calls to begin/end appearance transitions for P.
  ]]
  P:endAppearanceTransition()
  expect [[
  ]]
  expect.equal(P.appearance, "appeared", "P still appeared")
end)

scenario("nested begins are counted, not warned about", function()
  local C = Controller "C"
  C:beginAppearanceTransition(true, true)
  C:beginAppearanceTransition(true, true)
  C:endAppearanceTransition()
  C:endAppearanceTransition()
  expect [[
    C.viewWillAppear(true)
    C.viewDidAppear(true)
  ]]
end)
