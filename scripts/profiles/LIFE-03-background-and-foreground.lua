-- LIFE-03 (issue 21, M-16): going to the background and back calls the scene's delegate from
-- iOS 13 (sceneWillResignActive, sceneDidEnterBackground; sceneWillEnterForeground,
-- sceneDidBecomeActive) and the app delegate before (applicationWillResignActive,
-- applicationDidEnterBackground; applicationWillEnterForeground, applicationDidBecomeActive).
-- View controllers get no viewWillDisappear/viewDidDisappear, and no viewWillAppear/viewDidAppear
-- on return: their views never left their windows.
--
-- Sources: [DOC] DOC-bg, DOC-fg, "About the background execution sequence" (the delegate
-- methods and their order); [OBS] O-bunnyhero (iOS 4: no appearance callbacks on backgrounding),
-- kouhan.cn; LIFE-02 [OBS] (with a scene manifest the app delegate no longer hears these).
-- The profile decides which delegate speaks (D-132): the scene's from iOS 13, the app's before.

scenario("no appearance callbacks either way", function()
  local a = Controller "A"
  local nav = NavigationController { "Nav", a }
  Window { root = nav }
  settle()
  trace.clear()
  app.enterBackground()
  expect.equal(app.isInBackground(), true, "in the background")
  settle()
  app.enterForeground()
  settle()
  if ios >= 13 then
    expect [[
      SceneDelegate.sceneWillResignActive()
      SceneDelegate.sceneDidEnterBackground()
      SceneDelegate.sceneWillEnterForeground()
      SceneDelegate.sceneDidBecomeActive()
    ]]
  else
    expect [[
      AppDelegate.applicationWillResignActive()
      AppDelegate.applicationDidEnterBackground()
      AppDelegate.applicationWillEnterForeground()
      AppDelegate.applicationDidBecomeActive()
    ]]
  end
  expect.equal(a.appearance, "appeared", "A stayed appeared")
end)

scenario("going where the app already is is a usage error", function()
  expect.error(function() app.enterForeground() end, "the app is already in the foreground")
  app.enterBackground()
  expect.error(function() app.enterBackground() end, "the app is already in the background")
end)
