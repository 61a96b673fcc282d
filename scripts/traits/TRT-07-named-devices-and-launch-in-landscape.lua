-- TRT-07 (issue 21, M-16): a window on a named device takes the device's size and size classes
-- for the way it is held; launching held on its side gives the first appearance in the landscape
-- size and traits with no willTransition or viewWillTransition (TRT-07's first case). The size
-- classes depend on the model, not only on the width: a Plus/Max phone (and the XR and 11) is
-- regular width on its side, every other iPhone compact; an iPad is regular both ways.
--
-- Sources: [OBS O-neuburg-events launchIntoRotationEvents] (iOS 15, iPhone SE 2: viewDidLoad with
-- 667x375 and compact/compact, then viewWillAppear …, no transition callbacks); Apple's Human
-- Interface Guidelines, Layout, device size classes, and the screen sizes in points of each model
-- (D-133); the gist "TraitCollectionBasedAdjustments" (dkasaj, "Bigger iPhones = any Max, any
-- Plus, iPhone XR, iPhone 11 … regular width in landscape") agrees.

scenario("launched in landscape on an iPhone SE: no transition, only the first appearance", function()
  local A = Controller { "A", viewDidLoad = function(self)
    note("loaded: " .. self.traitCollection.horizontalSizeClass .. "/" .. self.traitCollection.verticalSizeClass)
  end }
  local win = Window { root = A, device = "iPhone SE (2nd generation)", orientation = "landscape" }
  settle()
  expect [[
    A.viewDidLoad()
    note: loaded: compact/compact
    A.viewWillAppear(false)
    A.viewDidAppear(false)
  ]]
  expect.equal(win.size, { 667, 375 })
  expect.equal(A.traitCollection, { horizontalSizeClass = "compact", verticalSizeClass = "compact" })
  expect.equal(win.device, "iPhone SE (2nd generation)")
end)

scenario("size classes by model: a 390-point iPhone, an 11 and a Max on their side, an iPad", function()
  local function landscape(device)
    local win = Window { device = device, orientation = "landscape", visible = false }
    return win.traitCollection.horizontalSizeClass .. "/" .. win.traitCollection.verticalSizeClass,
      win.size[1] .. "x" .. win.size[2]
  end
  expect.equal({ landscape "iPhone 14" }, { "compact/compact", "844x390" })
  expect.equal({ landscape "iPhone 11" }, { "regular/compact", "896x414" })
  expect.equal({ landscape "iPhone 16 Pro Max" }, { "regular/compact", "956x440" })
  expect.equal({ landscape "iPad Pro 11-inch" }, { "regular/regular", "1194x834" })
  -- A window given only a size keeps D-31's rule: 896 points on their side is compact width.
  local sized = Window { size = { 896, 414 }, visible = false }
  expect.equal(sized.traitCollection.horizontalSizeClass, "compact")
  expect.equal(sized.device, nil)
end)

scenario("rotating a named device back and forth", function()
  local A = Controller "A"
  local win = Window { root = A, device = "iPad (10th generation)" }
  settle()
  trace.clear()
  user.rotate(win)
  expect [[
    A.viewWillTransition(to: 1180x820)
  ]]
  expect.equal(win.orientation, "landscape")
  user.rotate(win)
  expect [[
    A.viewWillTransition(to: 820x1180)
  ]]
end)

scenario("devices the sandbox does not know, and options that contradict a device", function()
  expect.error(function() Window { device = "iPhone 99" } end, "known devices: \"iPhone 16 Pro Max\"") ---@diagnostic disable-line: param-type-mismatch
  expect.error(function() Window { device = "iPhone 15 Pr0" } end, "no such device (did you mean \"iPhone 15 Pro\"?)") ---@diagnostic disable-line: param-type-mismatch
  expect.error(function() Window { device = "iPhone 15", size = { 100, 100 } } end,
    "a device has its own size and traits")
  expect.error(function() Window { device = "iPhone 15", orientation = "sideways" } end, "is not a device orientation") ---@diagnostic disable-line: param-type-mismatch
end)
