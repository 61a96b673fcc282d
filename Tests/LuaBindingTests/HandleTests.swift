import HierarchyEngine
import LuaBinding
import Testing

@Suite("Handles and bad input")
struct HandleTests {
    @Test("the same controller always gives the same Lua value")
    func identity() {
        let result = failure(
            of: """
                local p, c = Controller "P", Controller "C"
                p:addChild(c)
                assert(rawequal(p.children[1], c))
                assert(rawequal(c.parent, p))
                assert(rawequal(p.view, p.view))
                expect.equal(tostring(p), "Controller P")
                expect.equal(tostring(p.view), "View P.view")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a handle from an ended scenario is a clear error, not a crash")
    func staleHandle() {
        let result = failure(
            of: """
                local kept
                scenario("first", function() kept = Controller "A" end)
                scenario("second", function()
                  expect.error(function() return kept.view end, "world that no longer exists")
                  -- A method is found in C (issue 18): a stale handle's is refused all the same.
                  expect.error(function() return kept.present end, "world that no longer exists")
                  expect.error(function() kept:loadViewIfNeeded() end, "world that no longer exists")
                  expect.equal(tostring(kept), "Controller (from a world that no longer exists)")
                end)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("bad input names the property, the method and argument, or the valid values")
    func messages() {
        let result = failure(
            of: """
                local p = Controller "P"
                expect.error(function() return p.viewDidLod end, "Controller P has no property 'viewDidLod' (did you mean 'viewDidLoad'?)")
                expect.error(function() p:addChild("x") end, "test.lua:3: bad argument #1 to 'addChild' (Controller expected, got string)")
                expect.error(function() p.addChild(3) end, "calling 'addChild' on bad self")
                expect.error(function() p:beginAppearanceTransition("yes") end, "bad argument #1 to 'beginAppearanceTransition' (boolean expected, got string)")
                expect.error(function() p.name = "Q" end, "'name' is read-only")
                expect.error(function() p.viewDidLoad = 3 end, "bad value for 'viewDidLoad' (function expected, got number)")
                expect.error(function() trace.include "layot" end, "valid names: all, containment")
                expect.error(function() Controller "P" end, "a controller named P already exists")
                expect.error(function() Window { root = p, colour = 3 } end, "unknown option 'colour'; valid options: name, root, size, traits, visible")
                expect.error(function() Window { size = 3 } end, "Window { … }: size must be a list of two numbers")
                expect.error(function() Window { traits = { horizontalSizeClass = "wide" } } end, 'horizontalSizeClass must be "compact" or "regular", got "wide"')
                expect.error(function() p.modalPresentationStyle = "fullscren" end, '(did you mean "fullScreen"?)')
                expect.error(function() Controller { "Q", colour = 1 } end, "has no property 'colour'")
                """)
        #expect(result == nil, "\(text(result))")
    }
}

@Suite("Property reads")
struct PropertyReadTests {
    @Test("interleaved reads of different properties and kinds give each its own value")
    func interleavedReads() {
        let result = failure(
            of: """
                local p, c = Controller "P", Controller "C"
                p:addChild(c)
                local w = Window { root = p }
                for i = 1, 3 do
                  expect.equal(p.name, "P")
                  expect.equal(c.name, "C")
                  expect.equal(p.isViewLoaded, true)
                  expect.equal(c.isViewLoaded, false)
                  expect.equal(p.view.name, "P.view")
                  expect.equal(w.isKeyWindow, true)
                  expect.equal(w.name, "Window1")
                  local long = ("should" .. "Automatically" .. "Forward" .. "Appearance" .. "Methods")
                  expect.equal(p[long], true)
                  collectgarbage()
                  expect.equal(p.appearance, "appearing")
                end
                """)
        #expect(result == nil, "\(text(result))")
    }
}
