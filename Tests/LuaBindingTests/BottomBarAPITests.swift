import HierarchyEngine
import LuaBinding
import Testing

/// `hidesBottomBarWhenPushed`, `tabs.tabBar` and iOS 18's client hiding from Lua (D-140).
@Suite("The tab bar's bar from Lua")
struct BottomBarAPITests {
    @Test("tabs.tabBar is one handle; isHidden reads the client's hiding and the navigation's")
    func tabBarHandle() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a }
                local tabs = TabBarController { "Tabs", nav }
                Window { root = tabs }
                settle()
                local bar = tabs.tabBar
                expect.equal(tostring(bar), "TabBar Tabs.tabBar")
                assert(rawequal(bar, tabs.tabBar), "the same bar gives the same handle")
                expect.equal(bar.tabBarController, tabs)
                expect.equal(b.hidesBottomBarWhenPushed, false, "UIKit's default")
                b.hidesBottomBarWhenPushed = true
                expect.error(function() b.hidesBottomBarWhenPushed = 1 end, "boolean expected")
                nav:pushViewController(b, false)
                settle()
                expect.equal(bar.isHidden, true)
                bar.isHidden = false
                expect.equal(bar.isHidden, true, "the client cannot show what the stack hides")
                expect.error(function() return tabs.isTabBarHidden end, "'isTabBarHidden' is iOS 18's and the profile is iOS 17")
                expect.error(function() tabs:setTabBarHidden(true) end, "run with --ios 18 or later")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("iOS 18: isTabBarHidden and setTabBarHidden are the client's hiding only")
    func iOS18() {
        let result = failure(
            of: """
                local b = Controller "B"
                b.hidesBottomBarWhenPushed = true
                local nav = NavigationController { "Nav", Controller "A" }
                local tabs = TabBarController { "Tabs", nav }
                Window { root = tabs }
                settle()
                nav:pushViewController(b, true)
                settle()
                expect.equal(tabs.tabBar.isHidden, true, "hidden by the stack")
                expect.equal(tabs.isTabBarHidden, false, "not by the client")
                tabs:setTabBarHidden(true, true)
                expect.equal(tabs.isTabBarHidden, true)
                nav:popViewController(true)
                settle()
                expect.equal(tabs.tabBar.isHidden, true, "the client's hiding outlives the stack's")
                tabs.isTabBarHidden = false
                expect.equal(tabs.tabBar.isHidden, false)
                """, in: Session(profile: Profile(iosVersion: 18)))
        #expect(result == nil, "\(text(result))")
    }
}
