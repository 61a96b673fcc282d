-- NAV-09  Pushing a controller that is already on the stack.
-- Also: §15 (the message), §16.6 (the wording changed in iOS 17), M-11, NAV-08 (a list that
-- names a controller twice).
--
-- Sources: [DOC]+[OBS] DOC pushViewController: "If the view controller is already on the
-- navigation stack, this method throws an exception" (a very old header said "Has no
-- effect", superseded). Message up to the iOS 16 era: NSInvalidArgumentException 'Pushing the
-- same view controller instance more than once is not supported (<VC: 0x…>)' (RE string and
-- many crash reports). iOS 17.2 observed (O-rn17): '<Nav: 0x…> is pushing the same view
-- controller instance (<VC: 0x…>) more than once which is not supported and is most likely an
-- error in the application'.
-- The wording is chosen by the behaviour profile, which a script cannot set: these scenarios
-- run under the default profile (iOS 17) and check the iOS 17 wording; `--ios 16` gives
-- "Pushing the same view controller instance more than once is not supported (B)".
-- What the scenarios show: the error for the top, for a controller lower in the stack, for a
-- push made twice in one turn, for one queued behind a running transition, and for a list
-- given to setViewControllers that names a controller twice; after each, the stack, the
-- parents and the screen are unchanged and no callback was sent.
-- DECISIONS (docs/DECISIONS.md): D-20 (messages, profile, setViewControllers, a refusal
-- changes nothing), D-19 (checked when issued, against the stack it will apply to).

local function message(nav, vc)
  return "NSInvalidArgumentException: " .. nav .. " is pushing the same view controller instance (" .. vc
    .. ") more than once which is not supported and is most likely an error in the application"
end

local function visibleStack()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  Window { root = nav }
  settle()
  trace.clear()
  return nav, A, B
end

scenario("pushing the top again", function()
  local nav, A, B = visibleStack()
  expect.error(function() nav:pushViewController(B, true) end, message("Nav", "B"))
  expect.error(function() nav:pushViewController(B, false) end, message("Nav", "B"))
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers unchanged")
  expect.equal(B.parent, nav, "B.parent")
  expect.equal(B.appearance, "appeared", "B still on screen")
  expect.equal(B.isMovingToParent, false, "no move started")
end)

scenario("pushing the root again", function()
  local nav, A, B = visibleStack()
  expect.error(function() nav:pushViewController(A) end, message("Nav", "A"))
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers unchanged")
  expect.equal(A.isViewLoaded, false, "A not loaded")
end)

scenario("the same controller pushed twice in one turn: the first push stands", function()
  local nav, A, B = visibleStack()
  local C = Controller "C"
  nav:pushViewController(C)
  expect.error(function() nav:pushViewController(C) end, message("Nav", "C"))
  settle()
  expect [[
    C.willMove(toParent: Nav)
    C.viewDidLoad()
    B.viewWillDisappear(true)
    C.viewWillAppear(true)
    B.viewDidDisappear(true)
    C.viewDidAppear(true)
    C.didMove(toParent: Nav)
  ]]
  expect.equal(nav.viewControllers, { A, B, C }, "one C")
end)

scenario("queued behind a running transition: refused when issued", function()
  local nav, A, B = visibleStack()
  local C = Controller "C"
  nav:popViewController()
  advance(0.1)                       -- the pop is on screen
  trace.clear()
  nav:pushViewController(C)          -- queued until the pop ends
  expect.error(function() nav:pushViewController(C) end, message("Nav", "C"))
  expect.error(function() nav:pushViewController(A) end, message("Nav", "A"))
  expect [[
  ]]
  settle()
  expect.equal(nav.viewControllers, { A, C }, "the pop, then one push of C")
end)

scenario("setViewControllers naming a controller twice", function()
  local nav, A, B = visibleStack()
  local C = Controller "C"
  expect.error(function() nav:setViewControllers({ A, C, A }, true) end, message("Nav", "A"))
  expect.error(function() nav.viewControllers = { C, C } end, message("Nav", "C"))
  settle()
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers unchanged")
  expect.equal(C.parent, nil, "C.parent")
end)

scenario("off screen: the same refusal", function()
  local A, B = Controller "A", Controller "B"
  local nav = NavigationController { "Nav", A, B }
  trace.clear()
  expect.error(function() nav:pushViewController(B) end, message("Nav", "B"))
  expect.error(function() nav:pushViewController(A) end, message("Nav", "A"))
  expect [[
  ]]
  expect.equal(nav.viewControllers, { A, B }, "viewControllers unchanged")
end)
