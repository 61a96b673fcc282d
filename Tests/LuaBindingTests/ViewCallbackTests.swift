import HierarchyEngine
import Testing

@testable import LuaBinding

/// A client's view-level callbacks from Lua (D-124): the constructor's checks, and an
/// override's error reaching the script at its line.
@Suite("View callbacks")
struct ViewCallbackTests {
    @Test("View {} takes a name and the four callbacks, as functions; a misspelt one is named")
    func constructorChecks() {
        let result = failure(
            of: """
                expect.error(function() View { "s", didMoveToWindw = print } end,
                  "no field 'didMoveToWindw' (did you mean 'didMoveToWindow'?)")
                expect.error(function() View { "s", didMoveToWindow = true } end,
                  "'didMoveToWindow' must be a function, got boolean")
                local s = View { "s", willMoveToWindow = function(self, window) note(tostring(window)) end }
                local A = Controller "A"
                local win = Window { root = A }
                settle()
                trace.clear()
                A.view:addSubview(s)
                expect [[
                  note: Window Window1
                ]]
                trace.include "view"
                s:removeFromSuperview()
                expect [[
                  s.willMove(toSuperview: nil)
                  s.willMove(toWindow: nil)
                  note: nil
                  s.didMoveToWindow()
                  s.didMoveToSuperview()
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a view's callbacks can be assigned later, read back, and removed; a root view takes none")
    func assignedCallbacks() {
        let result = failure(
            of: """
                local s = View "s"
                expect.equal(s.didMoveToWindow, nil)
                local function report(self) note("in " .. tostring(self.window)) end
                s.didMoveToWindow = report
                expect.equal(s.didMoveToWindow, report)
                local A = Controller "A"
                local win = Window { root = A }
                settle()
                trace.clear()
                A.view:addSubview(s)
                expect [[
                  note: in Window Window1
                ]]
                s.didMoveToWindow = nil
                s:removeFromSuperview()
                expect [[ ]]
                expect.error(function() A.view.didMoveToWindow = report end,
                  "A.view takes no view callbacks: only a view made with View { … } records them")
                expect.error(function() s.willMoveToWindow = 3 end, "function or nil expected")
                local t = View { "t", didMoveToSuperview = function() note "t moved" end }
                t.willMoveToSuperview = function() note "t will move" end
                A.view:addSubview(t)
                expect [[
                  note: t will move
                  note: t moved
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error raised in a view's override fails the scenario at its line; the move is made")
    func overrideError() {
        let result = failure(
            of: """
                local s = View { "s", didMoveToSuperview = function(self) error("no superview wanted") end }
                local A = Controller "A"
                A.view:addSubview(s)
                note "not reached"
                """)
        #expect(result?.location == "test.lua:1")
        #expect(result?.message.contains("no superview wanted") == true)
    }
}
