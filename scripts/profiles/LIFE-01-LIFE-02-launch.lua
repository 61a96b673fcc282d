-- LIFE-01, LIFE-02, SBD-01 (issue 21, M-16): app.launch { storyboard = sb } instantiates the
-- storyboard's initial controller, makes a window for it, and shows it key and visible, with
-- the delegates' launch events: before iOS 13 the app delegate's
-- application(_:willFinishLaunchingWithOptions:), application(_:didFinishLaunchingWithOptions:)
-- and applicationDidBecomeActive (LIFE-01); from iOS 13 the app delegate's two, then the scene
-- delegate's scene(_:willConnectTo:options:), sceneWillEnterForeground and sceneDidBecomeActive
-- (LIFE-02). The root's viewDidLoad and appearance come after didFinishLaunching.
--
-- Sources: LIFE-01 [DOC] DOC-launch ("main storyboard loaded, initial VC instantiated, window
-- made" before willFinishLaunching) + [OBS] O-so66605799; LIFE-02 [OBS] O-lemonbrush + [DOC]
-- DOC-launch step 6; SBD-01 [RE] (a storyboard without an initial view controller).
-- Where the app becomes active relative to the root's viewWillAppear/viewDidAppear is [?]: the
-- sources conflict and the order changed across versions (LIFE-01, §13 item 11). The engine
-- chooses per profile (D-141); these scenarios assert only what is sure, with expect.order,
-- never the activation's place among the appearance callbacks.

local function storyboard()
  return Storyboard { "Main", initial = "Nav", scenes = {
    Nav = { kind = "navigation", root = "Home" },
    Home = {},
  } }
end

scenario("the initial controller in a key, visible window; the delegates' events around its appearance", function()
  local win = app.launch { storyboard = storyboard() }
  expect.equal(win.isKeyWindow, true, "key")
  expect.equal(win.isHidden, false, "visible")
  expect.equal(win.rootViewController.name, "Nav", "the storyboard's initial controller is the root")
  settle()
  expect.order [[
    Nav.init(coder:)
    Home.init(coder:)
    Nav.awakeFromNib()
    AppDelegate.application(willFinishLaunchingWithOptions: nil)
    AppDelegate.application(didFinishLaunchingWithOptions: nil)
    Nav.viewDidLoad()
    Home.viewWillAppear(false)
    Home.viewDidAppear(false)
  ]]
  if ios >= 13 then
    expect.order [[
      AppDelegate.application(didFinishLaunchingWithOptions: nil)
      SceneDelegate.scene(session, willConnectTo: options)
      Nav.viewDidLoad()
    ]]
    expect.order [[
      SceneDelegate.scene(session, willConnectTo: options)
      SceneDelegate.sceneWillEnterForeground()
      SceneDelegate.sceneDidBecomeActive()
    ]]
    expect.none "AppDelegate.applicationDidBecomeActive()"
  else
    expect.order [[
      AppDelegate.application(didFinishLaunchingWithOptions: nil)
      AppDelegate.applicationDidBecomeActive()
    ]]
    expect.none "SceneDelegate.*"
  end
  expect.equal(win.rootViewController.topViewController.appearance, "appeared", "Home appeared")
end)

scenario("launching twice, or from a storyboard without an initial controller, is refused before any change", function()
  local empty = Storyboard { "Empty", scenes = { A = {} } }
  trace.clear()
  expect.error(function() app.launch { storyboard = empty } end, "has no initial view controller to launch with")
  expect.equal(#trace.all(), 0, "nothing was instantiated or called")
  app.launch { storyboard = storyboard() }
  settle()
  trace.clear()
  expect.error(function() app.launch { storyboard = storyboard() } end, "the app has already launched")
  expect.equal(#trace.all(), 0, "nothing happened")
end)
