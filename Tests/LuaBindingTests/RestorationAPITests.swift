import HierarchyEngine
import Testing

@testable import LuaBinding

/// The launch and state restoration from Lua (SPEC §9.4, D-143): the coder keeps plain values
/// and refuses the rest at the script's line; `app.relaunch` makes a fresh world whose trace
/// goes on; options are checked before anything changes.
@Suite("The app's launch and restoration from Lua")
struct RestorationAPITests {
    static let storyboard = """
        local sb = Storyboard { "Main", initial = "Nav", scenes = {
          Nav = { kind = "navigation", root = "List", restorationIdentifier = "Nav" },
          List = { restorationIdentifier = "List" }, Item = { restorationIdentifier = "Item" },
        } }

        """

    @Test("the coder keeps plain values, integers and floats apart, and gives them back")
    func plainValues() {
        let result = failure(
            of: Self.storyboard + """
                sb:class("List", {
                  encodeRestorableState = function(self, coder)
                    coder:encode({ 1, 2.0, "three", { deep = true }, n = -0.5 }, "list")
                    coder:encode(7, "seven")
                    coder:encode(nil, "seven")
                    expect.equal(coder.keys, { "list" })
                    expect.equal(tostring(coder), "Coder encoding")
                  end,
                  decodeRestorableState = function(self, coder)
                    self.list = coder:decode("list")
                    expect.equal(coder:containsValue("seven"), false)
                    expect.equal(tostring(coder), "Coder decoding")
                  end,
                })
                app.launch { storyboard = sb }
                settle()
                local win = app.relaunch { storyboard = sb, restore = app.preserveState() }
                local list = win.rootViewController.topViewController.list
                expect.equal(list, { 1, 2.0, "three", { deep = true }, n = -0.5 })
                expect.equal(math.type(list[1]), "integer")
                expect.equal(math.type(list[2]), "float")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("the coder refuses functions, handles, tables that hold themselves, and encoding while decoding")
    func refusals() {
        let result = failure(
            of: Self.storyboard + """
                local refusals = {}
                local function try(fn) local ok, message = pcall(fn) refusals[#refusals + 1] = message end
                sb:class("List", {
                  encodeRestorableState = function(self, coder)
                    try(function() coder:encode(print, "f") end)
                    try(function() coder:encode({ self }, "h") end)
                    local t = {}; t.t = t
                    try(function() coder:encode(t, "t") end)
                    try(function() coder:encode({ [1.5] = 1 }, "k") end)
                  end,
                  decodeRestorableState = function(self, coder)
                    try(function() coder:encode(1, "late") end)
                  end,
                })
                app.launch { storyboard = sb }
                local archive = app.preserveState()
                app.relaunch { storyboard = sb, restore = archive }
                assert(refusals[1]:find('coder:encode(value, "f"): it holds a function', 1, true), refusals[1])
                assert(refusals[2]:find("it holds a Controller", 1, true), refusals[2])
                assert(refusals[3]:find("a table holds itself", 1, true), refusals[3])
                assert(refusals[4]:find("a table key is a number", 1, true), refusals[4])
                assert(refusals[5]:find('coder:encode(value, "late"): this coder decodes', 1, true), refusals[5])
                expect.equal(#refusals, 5)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("relaunch: old handles stale, the trace and its categories go on, the classes too")
    func relaunchWorld() {
        let session = Session()
        var worlds = 0
        session.didMakeWorld = { _ in worlds += 1 }
        let result = failure(
            of: Self.storyboard + """
                sb:class("List", { applicationFinishedRestoringState = function(self) note("finished") end })
                local win = app.launch { storyboard = sb }
                settle()
                trace.include "loading"
                local old = win.rootViewController
                note("before")
                local again = app.relaunch { storyboard = sb, restore = app.preserveState() }
                expect.order [[
                  note: before
                  Nav.loadView()
                  List.applicationFinishedRestoringState()
                  note: finished
                ]]
                expect.error(function() return old.name end, "before app.relaunch")
                expect.equal(again.rootViewController.name, "Nav", "the same names in the new world")
                expect.equal(again.isKeyWindow, true)
                """, in: session)
        #expect(result == nil, "\(text(result))")
        #expect(worlds == 2, "the world the script began in, then the relaunch's")
    }

    @Test("options are checked before anything changes")
    func options() {
        let result = failure(
            of: Self.storyboard + """
                expect.error(function() app.launch(sb) end, "table expected, got Storyboard")
                expect.error(function() app.launch { storyboard = sb, restore = "x" } end, "unknown option 'restore'")
                expect.error(function() app.launch {} end, "a Storyboard expected, got nil")
                expect.error(function() app.relaunch { storyboard = sb, restore = true } end,
                  "the text app.preserveState() returned expected, got boolean")
                expect.error(function() app.relaunch { storyboard = sb, restore = "vcsandbox-restoration 1\\n{" } end,
                  "not an archive app.preserveState() wrote: a key expected at character 26")
                expect.equal(#trace.all(), 0, "nothing happened")
                local win = app.launch { storyboard = sb }
                local vc = Controller { "Loose", restorationIdentifier = "Loose" }
                expect.equal(vc.restorationIdentifier, "Loose")
                vc.restorationIdentifier = nil
                expect.equal(vc.restorationIdentifier, nil)
                expect.equal(win.rootViewController.restorationIdentifier, "Nav", "from the storyboard's scene")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("restoration classes: checked before the relaunch, their errors and wrong answers reach the script")
    func restorationClasses() {
        let result = failure(
            of: Self.storyboard + """
                local win = app.launch { storyboard = sb }
                local item = Controller { "Item", restorationIdentifier = "Item", restorationClass = "Broken" }
                win.rootViewController:pushViewController(item, false)
                settle()
                expect.equal(item.restorationClass, "Broken")
                local archive = app.preserveState()
                expect.error(function() app.relaunch { storyboard = sb, restore = archive, classes = 3 } end,
                  "app.relaunch { classes = … }: a table expected, got number")
                expect.error(function() app.relaunch { storyboard = sb, restore = archive, classes = { Broken = 1 } } end,
                  "a function(path, coder) expected, got number")
                expect.error(function() app.relaunch { storyboard = sb, restore = archive, classes = { print } } end,
                  "keys are class names")
                expect.equal(item.name, "Item", "refused before any change")
                expect.error(function()
                  app.relaunch { storyboard = sb, restore = archive, classes = { Broken = function() error("no chart") end } }
                end, "no chart")
                expect.equal(app.keyWindow().rootViewController.name, "Nav", "the relaunch went on")
                win = app.relaunch { storyboard = app.keyWindow().rootViewController.storyboard, restore = archive,
                  classes = { Broken = function() return "a string" end } }
                """)
        #expect(result?.message.contains("a restoration class returns a Controller or nil") == true, "\(text(result))")
    }

    @Test("the coder nests to its limit both ways without overflowing Lua's stack, and refuses one more level")
    func deepValues() {
        let result = failure(
            of: Self.storyboard + """
                local function nest(levels)
                  local top = {}
                  local current = top
                  for _ = 2, levels do local inner = {} current[1] = inner current = inner end
                  return top
                end
                local function depth(t) local n = 0 while type(t) == "table" do n = n + 1 t = t[1] end return n end
                sb:class("List", {
                  encodeRestorableState = function(self, coder)
                    coder:encode(nest(100), "deep")
                    expect.error(function() coder:encode(nest(101), "deeper") end, "nest more than 100 deep")
                  end,
                  decodeRestorableState = function(self, coder) self.depth = depth(coder:decode("deep")) end,
                })
                app.launch { storyboard = sb }
                settle()
                local win = app.relaunch { storyboard = sb, restore = app.preserveState() }
                expect.equal(win.rootViewController.topViewController.depth, 100)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("launch and relaunch: refused inside callbacks and in the background; the window keeps its device")
    func launchPlaces() {
        let result = failure(
            of: Self.storyboard + """
                sb:class("List", { awakeFromNib = function(self)
                  expect.error(function() app.launch { storyboard = sb } end, "cannot run inside a callback")
                end })
                app.enterBackground()
                expect.error(function() app.launch { storyboard = sb } end, "a launch into the background is not modelled")
                app.enterForeground()
                expect.error(function() app.launch { storyboard = sb, device = "iPad 99" } end, "no such device")
                local win = app.launch { storyboard = sb, device = "iPad Pro 11-inch", orientation = "landscape" }
                expect.equal({ win.device, win.orientation }, { "iPad Pro 11-inch", "landscape" })
                local nav = win.rootViewController
                nav.viewDidAppear = function() pcall(app.relaunch, { storyboard = sb }) end
                settle()
                expect.equal(nav.name, "Nav", "the relaunch from a callback was refused")
                win = app.relaunch { storyboard = sb, restore = app.preserveState() }
                expect.equal({ win.device, win.orientation }, { "iPad Pro 11-inch", "landscape" }, "as before the relaunch")
                win = app.relaunch { storyboard = app.keyWindow().rootViewController.storyboard, size = { 400, 700 } }
                expect.equal({ win.device, win.size }, { nil, { 400, 700 } })
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a restoration class that answers a controller already in use: a warning, and the launch completes")
    func restorationClassInUse() {
        let result = failure(
            of: Self.storyboard + """
                local win = app.launch { storyboard = sb }
                local item = Controller { "Item", restorationIdentifier = "Item", restorationClass = "Again" }
                win.rootViewController:pushViewController(item, false)
                settle()
                local archive = app.preserveState()
                local taken
                win = app.relaunch { storyboard = sb, restore = archive, classes = { Again = function(path, coder)
                  taken = taken or NavigationController { "Elsewhere", Controller "Held" }
                  return taken.topViewController
                end } }
                settle()
                expect.equal(app.keyWindow(), win)
                expect.equal(win.rootViewController.topViewController.name, "List")
                expect.equal(win.isKeyWindow, true)
                """)
        #expect(result == nil, "\(text(result))")
    }
}
