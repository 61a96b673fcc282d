import LuaBinding
import Testing

/// Scripts that push the containers into corners found in review: each once crashed the
/// process or left the hierarchy inconsistent. Each script asserts the consistent state.
@Suite("Containers in corners")
struct ContainerRobustnessTests {
    @Test("an extreme index is an out-of-range error, not a crash")
    func extremeIndices() {
        let result = failure(
            of: """
                local tabs = TabBarController { "Tabs", Controller "A", Controller "B" }
                Window { root = tabs }
                settle()
                expect.error(function() tabs.selectedIndex = math.mininteger end, "out of range for Tabs (valid: 1 to 2)")
                expect.error(function() tabs.selectedIndex = math.maxinteger end, "out of range for Tabs (valid: 1 to 2)")
                expect.error(function() user.tapTab(tabs, math.mininteger) end, "out of range for Tabs (valid: 1 to 2)")
                expect.equal(tabs.selectedIndex, 1)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a script that empties the More stack does not break selecting a tab under More")
    func emptiedMoreStack() {
        let result = failure(
            of: """
                local T = {}
                for i = 1, 6 do T[i] = Controller("T" .. i) end
                local tabs = TabBarController { "Tabs", table.unpack(T) }
                tabs.moreNavigationController.viewControllers = {}
                tabs.selectedIndex = 6
                expect.equal(tabs.selectedViewController, T[6])
                expect.equal(T[6].parent, tabs.moreNavigationController)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a navigation controller can be a tab under More (UIKit's nested-navigation escape hatch)")
    func navigationControllerUnderMore() {
        let result = failure(
            of: """
                local T = {}
                for i = 1, 5 do T[i] = Controller("T" .. i) end
                local n6 = NavigationController { "N6", Controller "R6" }
                T[6] = n6
                local tabs = TabBarController { "Tabs", table.unpack(T) }
                Window { root = tabs }
                settle()
                tabs.selectedIndex = 6
                settle()
                expect.equal(tabs.selectedViewController, n6)
                expect.equal(n6.parent, tabs.moreNavigationController)
                expect.equal(n6.appearance, "appeared")
                expect.equal(T[1].appearance, "disappeared")
                expect.error(function() NavigationController { "Other", Controller "X" }:pushViewController(NavigationController "N7") end,
                  "NSInvalidArgumentException: Pushing a navigation controller is not supported")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a tab bar whose More name is taken refuses six tabs and stays as it was")
    func moreNameTaken() {
        let result = failure(
            of: """
                Controller "TabsMore"
                local T = {}
                for i = 1, 6 do T[i] = Controller("T" .. i) end
                local tabs = TabBarController { "Tabs", T[1], T[2] }
                Window { root = tabs }
                settle()
                expect.error(function() tabs.viewControllers = T end, "a controller named TabsMore already exists")
                expect.equal(#tabs.viewControllers, 2)
                expect.equal(#tabs.children, 2)
                user.tapTab(tabs, 2)
                settle()
                expect.equal(T[2].appearance, "appeared")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a push pending while the window hides and shows again leaves no controller half-way")
    func pendingPushAcrossHideAndShow() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", A, delegate = { didShow = function() end } }
                local w = Window { root = nav }
                settle()
                trace.clear()
                nav:pushViewController(B)
                w.isHidden = true
                w.isHidden = false
                settle()
                expect.equal(A.appearance, "disappeared")
                expect.equal(B.appearance, "appeared")
                expect [[
                  B.willMove(toParent: Nav)
                  Nav.viewWillDisappear(false)
                  A.viewWillDisappear(false)
                  Nav.viewWillAppear(false)
                  B.viewDidLoad()
                  B.viewWillAppear(false)
                  A.viewDidDisappear(false)
                  Nav.viewDidAppear(false)
                  B.viewDidAppear(false)
                  B.didMove(toParent: Nav)
                  Nav.delegate.didShow(B, animated: false)
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a swipe cancelled after another navigation controller took the top completes as a pop")
    func cancelAfterTopWasTaken() {
        let result = failure(
            of: """
                local A, B, X = Controller "A", Controller "B", Controller "X"
                local nav = NavigationController { "Nav", A, B }
                local nav2 = NavigationController { "Nav2", X }
                Window { root = nav }
                settle()
                local g = user.swipeBack(nav)
                g:update(0.5)
                nav2:pushViewController(B)
                g:cancel()
                settle()
                expect.equal(#nav.viewControllers, 1)
                expect.equal(#nav2.viewControllers, 2)
                expect.equal(B.parent, nav2)
                expect.equal(A.appearance, "appeared")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a top taken by another container: the navigation controller shows its new top")
    func topTakenElsewhere() {
        let result = failure(
            of: """
                local A, B, X = Controller "A", Controller "B", Controller "X"
                local nav = NavigationController { "Nav", A, B }
                local nav2 = NavigationController { "Nav2", X }
                Window { root = nav }
                Window { root = nav2 }
                settle()
                nav2:pushViewController(B)
                settle()
                expect.equal(nav.topViewController, A)
                expect.equal(A.appearance, "appeared")
                expect.equal(A.view.superview, nav.view)
                expect.equal(B.parent, nav2)
                expect.equal(B.view.superview, nav2.view)
                expect.equal(B.appearance, "appeared")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a tab removed while shown under More leaves the More stack, with its containment calls")
    func tabRemovedFromUnderMore() {
        let result = failure(
            of: """
                local T = {}
                for i = 1, 6 do T[i] = Controller("T" .. i) end
                local tabs = TabBarController { "Tabs", table.unpack(T) }
                Window { root = tabs }
                tabs.selectedIndex = 6
                settle()
                tabs.viewControllers = { T[1], T[2] }
                settle()
                expect.equal(T[6].parent, nil)
                expect.equal(T[6].appearance, "disappeared")
                expect.equal(#tabs.moreNavigationController.viewControllers, 1)
                expect.equal(T[1].appearance, "appeared")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a selected tab moved under More in the turn it started appearing appears once, without warnings (D-25)")
    func appearingTabMovedUnderMore() {
        let result = failure(
            of: """
                local T = {}
                for i = 1, 6 do T[i] = Controller("T" .. i) end
                local tabs = TabBarController { "Tabs", table.unpack(T) }
                tabs.selectedViewController = T[2]
                Window { root = tabs }
                tabs.viewControllers = { T[1], T[3], T[4], T[5], T[6], T[2] }
                settle()
                expect.equal(T[2].appearance, "appeared")
                expect.equal(T[2].parent, tabs.moreNavigationController)
                local lines = trace.lines()
                local appeared = 0
                for _, line in ipairs(lines) do
                  assert(not line:find("warning:", 1, true), line)
                  assert(line ~= "T2.viewWillDisappear(false)", "T2 never leaves the screen")
                  if line == "T2.viewWillAppear(false)" then appeared = appeared + 1 end
                end
                expect.equal(appeared, 1)
                """)
        #expect(result == nil, "\(text(result))")
    }
}
