import HierarchyEngine
import LuaBinding
import Testing

/// STYLE rule 2: a Lua error never unwinds through a Swift frame. An error raised in an
/// override deep inside an operation reaches the script that started the operation, with
/// its traceback; the engine finishes the operation and stays consistent; nothing leaks.
@Suite("Lua errors and the engine")
struct ErrorSafetyTests {
    @Test("an error in an override reaches the script that started the operation, with its traceback")
    func overrideErrorReachesCaller() {
        let result = failure(
            of: """
                local p = Controller "P"
                local c = Controller { "C", viewWillAppear = function(self) error("boom in C") end }
                p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
                local ok, message = pcall(function() Window { root = p } end)
                expect.equal(ok, false)
                assert(message:find("test.lua:2: boom in C", 1, true), message)
                assert(message:find("stack traceback:", 1, true), message)
                assert(message:find("test.lua:4", 1, true), "the traceback names the line that started it: " .. message)
                settle()
                expect.equal(p.appearance, "appeared")
                expect.equal(c.appearance, "appeared")
                expect [[
                  C.willMove(toParent: P)
                  P.viewDidLoad()
                  C.viewDidLoad()
                  C.didMove(toParent: P)
                  P.viewWillAppear(false)
                  C.viewWillAppear(false)
                  P.viewDidAppear(false)
                  C.viewDidAppear(false)
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test(
        "an override's error from a gesture's own turn is raised by the gesture's call, inside its pcall, even when the gesture is refused"
    )
    func overrideErrorOfARefusedGestureStaysInItsCall() {
        let result = failure(
            of: """
                local A = Controller { "A", viewDidAppear = function() error("planted in A") end }
                local N = NavigationController { "N", A }
                Window { root = N }
                -- The swipe first ends the turn, which runs A.viewDidAppear; then it is refused
                -- (nothing to swipe back to). The override's error came first: it is the one raised.
                local ok, message = pcall(function() user.swipeBack(N) end)
                expect.equal(ok, false)
                assert(message:find("test.lua:1: planted in A", 1, true), message)
                -- Nothing is left over for the next call, outside any pcall.
                note("next call")
                expect.equal(A.appearance, "appeared")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error in a deferred did-callback surfaces from settle()")
    func deferredErrorSurfacesFromSettle() {
        let result = failure(
            of: """
                local p = Controller { "P", viewDidAppear = function(self) error("late") end }
                Window { root = p }
                local ok, message = pcall(settle)
                expect.equal(ok, false)
                assert(message:find("test.lua:1: late", 1, true), message)
                expect.equal(p.appearance, "appeared")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an exception from an operation inside an override keeps UIKit's name")
    func exceptionInsideOverride() {
        let result = failure(
            of: """
                local p, q, c = Controller "P", Controller "Q", Controller "C"
                p:addChild(c)
                q.viewDidLoad = function(self) self.view:addSubview(c.view) end
                local ok, message = pcall(function() return q.view end)
                expect.equal(ok, false)
                assert(message:find("UIViewControllerHierarchyInconsistency: child view controller:C", 1, true), message)
                expect.equal(c.view.superview, nil)
                expect.equal(q.isViewLoaded, true)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an uncaught error in an override fails the scenario at the override's line")
    func uncaughtOverrideError() {
        let result = failure(
            of: """
                local p = Controller { "P", viewDidLoad = function(self)
                  local t = nil
                  return t.x
                end }
                Window { root = p }
                """)
        #expect(result?.location == "test.lua:3")
        #expect(result?.details.contains("in function 'Window'") == true, "\(text(result))")
    }

    @Test("no engine object outlives its world after errors deep inside operations")
    func nothingLeaks() throws {
        let session = Session()
        let counter = session.world.liveObjects
        let result = failure(
            of: """
                local errors = 0
                local function try(f) if not pcall(f) then errors = errors + 1 end end
                for i = 1, 200 do
                  local p = Controller { "P" .. i, viewDidLoad = function(self) error("load " .. i) end }
                  local c = Controller { "C" .. i,
                    willMove = function(self, parent) if parent then error("willMove") end end,
                    viewWillAppear = function(self) self.view:addSubview(View()); error("appear") end,
                    viewDidAppear = function(self) error("did") end,
                  }
                  local x = Controller()
                  local w = Window { root = Controller("R" .. i), visible = false }
                  try(function() return p.view end)
                  try(function() p:addChild(c) end)
                  p:addChild(x)
                  w.rootViewController = p
                  w:makeKeyAndVisible()
                  settle()
                  try(function() p.view:addSubview(c.view) end)
                  try(settle)
                  try(function() p:transition(c, x, 0.1, function() error("done") end) end)
                  try(settle)
                end
                expect.equal(errors, 200 * 5)
                """, in: session)
        #expect(result == nil, "\(text(result))")
        #expect(counter.count > 1000)
        session.resetWorld()
        #expect(counter.count == 0)
    }
}
