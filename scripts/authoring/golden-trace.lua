-- Authoring with a golden trace (SPEC §6): this script has no `expect` of its own. Its
-- scenarios' whole compared traces stand in golden-trace.trace beside it, one section per
-- scenario, and `vcsandbox test` compares each scenario with its section.
--
-- To change a scenario: edit it, run `vcsandbox test scripts/authoring --record`, and read
-- the diff of the .trace file before committing it. A missing .trace file is never created
-- by a plain run. DECISIONS D-41.
--
-- The traces themselves follow NAV-01 (a navigation controller shown with its root), NAV-02
-- (an animated push: the outgoing top's will-callback, then the incoming one's, the
-- did-callbacks after the animation) and A-5/PRE-01 (a full-screen presentation covers the
-- presenter, which disappears after the presented controller appeared); see those scenarios
-- for the sources.

scenario("a navigation controller shown, then a push", function()
  local nav = NavigationController { "Nav", Controller "Home" }
  Window { root = nav }
  settle()
  nav:pushViewController(Controller "Detail", true)
  settle()
end)

scenario("a full-screen presentation and its dismissal", function()
  local home = Controller "Home"
  Window { root = home }
  settle()
  local sheet = Controller { "Sheet", modalPresentationStyle = "fullScreen" }
  home:present(sheet, true)
  settle()
  sheet:dismiss(true)
  settle()
end)
