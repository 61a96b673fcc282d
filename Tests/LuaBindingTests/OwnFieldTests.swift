import Testing

@testable import LuaBinding

/// A script's own fields on controllers (D-80): any name that is not UIKit's is the script's
/// once assigned; a misspelling of a callback or of a property that can be set is refused.
@Suite("Fields of the script's own")
struct OwnFieldTests {
    @Test("a field is kept per controller, read and written from anywhere, nil included")
    func fields() {
        let result = failure(
            of: """
                local a = Controller { "A", viewDidAppear = function(self) self.shown = self.shown + 1 end }
                local b = Controller "B"
                a.shown, b.shown = 0, 10
                a.model = { items = 3 }
                a["two words"] = true
                Window { root = a }
                settle()
                expect.equal(a.shown, 1)
                expect.equal(b.shown, 10)
                expect.equal(a.model.items, 3)
                expect.equal(a["two words"], true)
                a.shown = nil
                expect.equal(a.shown, nil, "a field assigned nil is still a field")
                a.shown = 5
                expect.equal(a.shown, 5)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a function field is a method of the script's own, called with ':'")
    func methods() {
        let result = failure(
            of: """
                local list = Controller "List"
                list.items = {}
                function list:add(item) self.items[#self.items + 1] = item; return #self.items end
                expect.equal(list:add("x"), 1)
                expect.equal(list:add("y"), 2)
                expect.equal(list.items[2], "y")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a misspelt callback or settable property is refused with a did-you-mean")
    func misspellings() {
        let result = failure(
            of: """
                local a = Controller "A"
                expect.error(function() a.viewDidApear = function() end end,
                  "test.lua:2: Controller A has no property 'viewDidApear' (did you mean 'viewDidAppear'?); "
                  .. "a field of your own needs a name further from UIKit's")
                expect.error(function() a.viewdidload = function() end end, "(did you mean 'viewDidLoad'?)")
                expect.error(function() a.titel = "Inbox" end, "has no property 'titel' (did you mean 'title'?)")
                expect.error(function() a.modalPresentationStyel = "fullScreen" end, "(did you mean 'modalPresentationStyle'?)")
                expect.error(function() a.shw = function() end end, "has no property 'shw' (did you mean 'show'?)")
                expect.error(function() return a.viewDidApear end, "has no property 'viewDidApear'")
                local nav = NavigationController "Nav"
                expect.error(function() nav.delegat = {} end, "(did you mean 'delegate'?)")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a name near UIKit's is the script's when the value could not be meant for it")
    func nearNamesOfOtherUse() {
        let result = failure(
            of: """
                local a = Controller "A"
                a.shown = 0                        -- a number is no override of show
                a.viewDidApear = true              -- nor is a Boolean
                a.stop = function() return "stopped" end   -- two edits from show, but four letters
                a.views = {}                       -- view cannot be set
                a.mode, a.note = "edit", "n"       -- two edits from name, which cannot be set
                expect.equal(a.shown, 0)
                expect.equal(a.viewDidApear, true)
                expect.equal(a:stop(), "stopped")
                expect.equal(a.mode .. a.note, "editn")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("reading a field never assigned says how to make one, or names the field meant")
    func unassignedReads() {
        let result = failure(
            of: """
                local a = Controller "A"
                expect.error(function() return a.score end,
                  "test.lua:2: Controller A has no property 'score'; a field of your own is made by assigning it first (vc.score = …)")
                a.counter = 1
                expect.error(function() return a.countr end, "has no property 'countr' (did you mean 'counter'?)")
                expect.error(function() return a["my key"] end, "(vc[\\"my key\\"] = …)")
                expect.error(function() return a.viewControllers end,
                  "has no property 'viewControllers' (NavigationController, PageViewController, SplitViewController and TabBarController have it); "
                  .. "a field of your own is made by assigning it first")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a constructor takes UIKit's names only, and says where a field of one's own goes")
    func constructor() {
        let result = failure(
            of: """
                expect.error(function() Controller { "Q", colour = 1 } end,
                  "Controller Q has no property 'colour'; the constructor takes UIKit's names only: "
                  .. "assign a field of your own after it (vc.colour = …)")
                expect.error(function() Controller { "R", viewDidApear = function() end } end,
                  "Controller R has no property 'viewDidApear' (did you mean 'viewDidAppear'?)")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("views, windows and gestures keep UIKit's names only")
    func otherKinds() {
        let result = failure(
            of: """
                local v = View "v"
                expect.error(function() v.counter = 1 end, "View v has no property 'counter'")
                local w = Window { root = Controller "A" }
                expect.error(function() w.counter = 1 end, "Window Window1 has no property 'counter'")
                local ok, message = pcall(function() v.counter = 1 end)
                assert(not message:find("field of your own"), message)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("fields go with the world: each scenario's controllers start with none")
    func fieldsGoWithTheWorld() {
        let result = failure(
            of: """
                scenario("first", function()
                  local a = Controller "A"
                  a.counter = 1
                end)
                scenario("second", function()
                  local a = Controller "A"
                  expect.error(function() return a.counter end, "has no property 'counter'")
                end)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("the REPL completes a controller's fields after a '.'")
    func completion() {
        let console = Console()
        _ = console.submit("a = Controller 'A'")
        _ = console.submit("a.counter, a.count = 1, 2")
        #expect(console.complete("a.cou").candidates == ["a.count", "a.counter"])
        #expect(console.complete("a:cou").candidates == [])
    }
}
