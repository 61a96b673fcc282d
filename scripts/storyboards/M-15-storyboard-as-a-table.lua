-- M-15, SPEC §9.3: the structure of a storyboard declared as a Lua table, for a scenario that
-- needs a small one inline. Each scene's key is its id and its storyboard identifier; `kind`
-- is "navigation", "tabBar", "split", "page" or "reference" (a plain controller without it);
-- `root`, `tabs`, `primary` and `secondary` are the relationships; `segues` are keyed by
-- identifier (`to`, `kind` — "show" by default —, `animates`, the two styles, `anchor`,
-- `class`); `embeds` lists container views' children in order; `unwinds` maps an unwind's
-- identifier to its action. It behaves as the same structure read from a file does; mistakes
-- are errors naming the field.
--
-- Sources: the rules the other scenarios of this folder cite (SBD-04, SBD-06, SEG-05, SEG-08,
-- SEG-15…17). Decisions: D-129, D-130, D-131.

local function storyboard()
  return Storyboard { "Main", initial = "Nav", scenes = {
    Nav  = { kind = "navigation", root = "List" },
    List = { class = "ListViewController",
             segues = { showItem = { to = "Item" },
                        settings = { to = "Settings", kind = "presentation", modalPresentationStyle = "fullScreen" } },
             embeds = { "Header" } },
    Item = {}, Header = {},
    Settings = { unwinds = { done = "unwindToList" } },
  } }
end

scenario("instantiation, an embed, a show, a presentation and its unwind", function()
  local sb = storyboard()
  sb:class("ListViewController", {
    prepare = function(self, segue, sender) note("prepare " .. (segue.identifier or "embed")) end,
    unwindToList = function(self, segue) note("back from " .. segue.source.name) end,
  })
  local nav = sb:instantiateInitialViewController()
  Window { root = nav }
  settle()
  expect [[
    Nav.init(coder:)
    List.init(coder:)
    List.willMove(toParent: Nav)
    List.didMove(toParent: Nav)
    List.awakeFromNib()
    Nav.awakeFromNib()
    Nav.viewDidLoad()
    Nav.viewWillAppear(false)
    List.shouldPerformSegue(withIdentifier: nil, sender: List)
    Header.init(coder:)
    Header.awakeFromNib()
    List.prepare(for: segue, sender: List)
    note: prepare embed
    Header.viewDidLoad()
    Header.willMove(toParent: List)
    Header.didMove(toParent: List)
    List.viewDidLoad()
    List.viewWillAppear(false)
    Header.viewWillAppear(false)
    Nav.viewDidAppear(false)
    List.viewDidAppear(false)
    Header.viewDidAppear(false)
  ]]
  local list = nav.topViewController
  user.trigger(list, "settings")
  settle()
  expect [[
    List.shouldPerformSegue(withIdentifier: "settings", sender: control)
    Settings.init(coder:)
    Settings.awakeFromNib()
    List.prepare(for: "settings", sender: control)
    note: prepare settings
    Settings.viewDidLoad()
    Nav.viewWillDisappear(true)
    List.viewWillDisappear(true)
    Header.viewWillDisappear(true)
    Settings.viewWillAppear(true)
    Settings.viewDidAppear(true)
    Nav.viewDidDisappear(true)
    List.viewDidDisappear(true)
    Header.viewDidDisappear(true)
  ]]
  user.trigger(list.presentedViewController, "done")
  settle()
  expect [[
    Settings.shouldPerformSegue(withIdentifier: "done", sender: control)
    List.allowedChildrenForUnwinding(from: Settings)
    Header.allowedChildrenForUnwinding(from: Settings)
    Header.canPerformUnwindSegueAction(unwindToList:, from: Settings, sender: control)
    List.canPerformUnwindSegueAction(unwindToList:, from: Settings, sender: control)
    Settings.prepare(for: "done", sender: control)
    List.unwindToList("done")
    note: back from Settings
    Nav.unwind(for: "done", towards: List)
    Settings.viewWillDisappear(true)
    Nav.viewWillAppear(true)
    List.viewWillAppear(true)
    Header.viewWillAppear(true)
    Nav.viewDidAppear(true)
    List.viewDidAppear(true)
    Header.viewDidAppear(true)
    Settings.viewDidDisappear(true)
  ]]
end)

scenario("mistakes name the field", function()
  expect.error(function() Storyboard { "S", scenes = { A = { segues = { go = { to = "B", kind = "shw" } } } } } end,
    "Storyboard { … }.scenes.A.segues.go.kind: unknown value 'shw'; values: show, showDetail, presentation")
  expect.error(function() Storyboard { "S", scenes = { A = { segues = { go = { to = "B" } } } } } end,
    "Storyboard { … }: scene 'A': segue 'go' leads to 'B', which is no scene of the storyboard")
  expect.error(function() Storyboard { "S", scenes = { A = { rot = "B" } } } end,
    "Storyboard { … }.scenes.A: unknown field 'rot'; fields: class,")
  expect.error(function() Storyboard { "S", initial = "Z", scenes = { A = {} } } end,
    "the initial scene 'Z' is no scene of the storyboard")
  expect.error(function() Storyboard { "S", scenes = { N = { kind = "navigation", tabs = { "A" } }, A = {} } } end,
    "Storyboard { … }.scenes.N.tabs: a field of a tabBar scene's only; this scene's kind is navigation")
  expect.error(function() Storyboard { "S", scenes = { { "A" } } } end,
    "Storyboard { … }.scenes: an entry has no name; give each one a key")
  expect.error(function() Storyboard { "S", scenes = { A = { unwinds = { done = "unwind to list" } } } } end,
    "'unwind to list' is no method name")
  expect.error(function() Storyboard { "Loop", initial = "R", scenes = { R = { kind = "reference" } } } end,
    "scene 'R' contains itself: R → R")
  expect.error(function() Storyboard { "E", scenes = { P = { embeds = { "Q" } }, Q = { kind = "navigation", root = "P" } } } end,
    "scene 'P' contains itself: P → Q → P")
  expect.error(function() Storyboard { "S", scenes = { A = { embeds = { 3 } } } } end,
    "Storyboard { … }.scenes.A.embeds[1]: a name or a table expected, got number")
end)

scenario("sb:class names a scene or a class of the storyboard, and methods it may override", function()
  local sb = storyboard()
  expect.error(function() sb:class("Lsit", {}) end,
    "storyboard Main has no scene with the identifier or custom class 'Lsit'")
  expect.error(function() sb:class("List", { prepareForSegue = function() end }) end,
    "'prepareForSegue' is no method such a class overrides")
  expect.error(function() sb:class("List", { prepare = true }) end, "'prepare' must be a function, got boolean") ---@diagnostic disable-line: assign-type-mismatch
end)
