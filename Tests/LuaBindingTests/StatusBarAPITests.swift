import HierarchyEngine
import LuaBinding
import Testing

/// The status bar API as scripts use it (SPEC §9.4): values and override functions for the
/// preferences and childFor…, the navigation bar, the window's reading, preferredContentSize,
/// and the errors a wrong value or a wrong answer gives (D-137…D-139).
@Suite("Status bar API")
struct StatusBarAPITests {
    @Test("preferences read back as set; a value replaces an override and nil goes back to UIKit's default")
    func valuesAndOverrides() {
        let result = failure(
            of: """
                local a = Controller { "A", preferredStatusBarStyle = "lightContent", prefersStatusBarHidden = true }
                expect.equal(a.preferredStatusBarStyle, "lightContent")
                expect.equal(a.prefersStatusBarHidden, true)
                expect.equal(a.prefersHomeIndicatorAutoHidden, false)
                expect.equal(#a.preferredScreenEdgesDeferringSystemGestures, 0)
                a.preferredScreenEdgesDeferringSystemGestures = { "all" }
                expect.equal(table.concat(a.preferredScreenEdgesDeferringSystemGestures, " "), "top left bottom right")
                a.preferredStatusBarStyle = function(self) return "darkContent" end
                expect.equal(a.preferredStatusBarStyle, "darkContent", "read, an override gives its answer")
                a.preferredStatusBarStyle = nil
                expect.equal(a.preferredStatusBarStyle, "default", "nil: UIKit's default")
                local b = Controller "B"
                a.childForStatusBarStyle = b
                expect.equal(a.childForStatusBarStyle, b)
                a.childForStatusBarStyle = function(self) return nil end
                expect.equal(a.childForStatusBarStyle, nil)
                expect.equal(a.modalPresentationCapturesStatusBarAppearance, false)
                a.preferredContentSize = { 320, 480.5 }
                expect.equal(a.preferredContentSize[2], 480.5)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("wrong values are refused with the valid ones; a wrong answer is the script's error at its line")
    func errors() {
        let result = failure(
            of: """
                local a = Controller "A"
                expect.error(function() a.preferredStatusBarStyle = "lightcontent" end,
                  'preferredStatusBarStyle must be one of "default", "lightContent", "darkContent" (did you mean "lightContent"?), got "lightcontent"')
                expect.error(function() a.prefersStatusBarHidden = 1 end, "prefersStatusBarHidden must be a boolean, got number")
                expect.error(function() a.preferredScreenEdgesDeferringSystemGestures = { "middle" } end,
                  'must be a list of edges from top, left, bottom, right, all, as in {"bottom"}, got "middle"')
                expect.error(function() a.childForStatusBarHidden = 3 end, "bad value for 'childForStatusBarHidden' (Controller expected, got number)")
                expect.error(function() a.preferredContentSize = { 1 } end, "preferredContentSize must be a list of two numbers")
                expect.error(function() a.preferedStatusBarStyle = function() end end, "(did you mean 'preferredStatusBarStyle'?)")
                local nav = NavigationController { "Nav", Controller "Top" }
                expect.error(function() nav.navigationBar.barStyle = "blak" end, '(did you mean "black"?)')
                expect.error(function() nav.navigationBar.isHidden = true end, "'isHidden' is read-only")
                expect.error(function() Window {}.statusBarStyle = "default" end, "'statusBarStyle' is read-only")
                a.preferredStatusBarStyle = function(self) return "darkContent" end
                expect.error(function() a.preferredStatusBarStyle = "dark" end, "preferredStatusBarStyle must be one of")
                expect.equal(a.preferredStatusBarStyle, "darkContent", "a refused value leaves the override in place")
                a.preferredStatusBarStyle = nil
                a.childForStatusBarStyle = function(self) return "B" end
                local win = Window { root = a }
                expect.error(function() settle() end, "childForStatusBarStyle of A answered wrongly: a controller or nil expected, got string")
                expect.equal(win.statusBarStyle, "default")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a storyboard class may override the status bar as any controller may")
    func storyboardClass() {
        let result = failure(
            of: """
                local sb = Storyboard { "Main", initial = "Box", scenes = { Box = {}, Inner = {} } }
                sb:class("Box", { preferredStatusBarStyle = function(self) return "lightContent" end,
                  prefersStatusBarHidden = function(self) return true end })
                local win = Window { root = sb:instantiateInitialViewController() }
                settle()
                expect.equal(win.statusBarStyle, "lightContent")
                expect.equal(win.isStatusBarHidden, true)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("the navigation bar hides and shows; the window reads what it resolved")
    func navigationBarAndWindow() {
        let result = failure(
            of: """
                local a = Controller { "A", preferredStatusBarStyle = "lightContent" }
                local nav = NavigationController { "Nav", a, isNavigationBarHidden = true }
                expect.equal(nav.navigationBar.isHidden, true)
                expect.equal(tostring(nav.navigationBar), "NavigationBar Nav.navigationBar")
                local win = Window { root = nav }
                expect.equal(win.statusBarStyle, "default", "not asked before the turn ends")
                settle()
                expect.equal(win.statusBarStyle, "lightContent")
                nav:setNavigationBarHidden(false, true)
                expect.equal(win.statusBarStyle, "default")
                expect.equal(win.isStatusBarHidden, false)
                expect.equal(win.isHomeIndicatorAutoHidden, false)
                """)
        #expect(result == nil, "\(text(result))")
    }
}
