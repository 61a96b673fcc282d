import LuaBinding
import Testing

/// The routing API as scripts use it (SPEC §3.3 "routing"): overriding show, showDetail and
/// canPerformAction by assignment as well as in the constructor, the errors a script can make,
/// and errors raised inside the overrides, which reach the script (STYLE rule 2).
@Suite("Routing API")
struct RoutingAPITests {
    @Test("show may be overridden by assignment; reading it still gives the method that routes")
    func overrideByAssignment() {
        let result = failure(
            of: """
                local a = Controller "A"
                local nav = NavigationController { "Nav", a }
                Window { root = nav }
                settle()
                trace.clear()
                nav.show = function(self, vc, sender) note("custom " .. vc.name) end
                a:show(Controller "B", a)
                expect [[
                  Nav.show(B, sender: A)
                  note: custom B
                ]]
                nav.show = nil
                a:show(Controller "C", a)
                expect.equal(nav.topViewController.name, "C", "without the override the navigation controller pushes")
                expect.equal(type(a.show), "function")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a view cannot take show; show needs a controller")
    func mistakes() {
        let result = failure(
            of: """
                local v = View "v"
                expect.error(function() v.show = function() end end, "View v has no property 'show'")
                local a = Controller "A"
                expect.error(function() a:show("B") end, "bad argument #1 to 'show' (Controller expected, got string)")
                expect.error(function() a:show(Controller "B", 3) end, "bad argument #2 to 'show' (Controller expected, got number)")
                expect.error(function() a.show = 3 end, "bad value for 'show' (function expected, got number)")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error in an override of show or canPerformAction reaches the script at its call")
    func errorsInOverrides() {
        let result = failure(
            of: """
                local a = Controller { "A", show = function() error("no showing") end }
                expect.error(function() a:show(Controller "B") end, "no showing")
                local c = Controller { "C", canPerformAction = function() error("no answer") end }
                expect.error(function() c:targetViewController("show") end, "no answer")
                expect.equal(a.name, "A")
                """)
        #expect(result == nil, "\(text(result))")
    }
}
