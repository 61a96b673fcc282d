import Testing

@testable import HierarchyEngine

/// `hidesBottomBarWhenPushed` (HBB-01…03, D-140): the selected tab's navigation controller
/// decides the bar by the stack scan as its transitions start; the client's hiding stays apart.
@Suite("hidesBottomBarWhenPushed")
struct HidesBottomBarTests {
    /// Tabs { Nav [A], T2 } as the window's root, settled, the trace consumed.
    private func tabsWithNav(_ stage: Stage) throws -> (TabBarController, NavigationController) {
        let world = stage.world
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([world.makeController(named: "A")], animated: false)
        let tabs = try world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers([nav, world.makeController(named: "T2")], animated: false)
        try stage.window.setRootViewController(tabs)
        try world.runLoop.settle()
        _ = stage.lines()
        return (tabs, nav)
    }

    /// The bar lines recorded since the last call.
    private func barLines(_ stage: Stage) -> [String] {
        stage.lines().filter { $0.hasPrefix("Tabs.hideBar") || $0.hasPrefix("Tabs.showBar") }
    }

    @Test("the flag on the second of three: hidden at the second and third, shown at the first")
    func secondOfThree() throws {
        let stage = try Stage()
        let (tabs, nav) = try tabsWithNav(stage)
        let b = try stage.controller("B")
        b.hidesBottomBarWhenPushed = true
        try nav.pushViewController(b, animated: true)
        try stage.world.runLoop.settle()
        let push = stage.lines()
        #expect(
            push.firstIndex(of: "Tabs.hideBar(animated: true)")! < push.firstIndex(of: "A.viewWillDisappear(true)")!)
        #expect(tabs.tabBar.isHidden)
        try nav.pushViewController(stage.controller("C"), animated: true)
        try stage.world.runLoop.settle()
        try nav.popViewController(animated: true)
        try stage.world.runLoop.settle()
        #expect(barLines(stage).isEmpty && tabs.tabBar.isHidden, "B below keeps it hidden")
        try nav.popViewController(animated: true)
        try stage.world.runLoop.settle()
        #expect(barLines(stage) == ["Tabs.showBar(animated: true)"])
        #expect(!tabs.tabBar.isHidden)
    }

    @Test("the scan: any controller from the top down to the root, the root included")
    func scan() throws {
        let stage = try Stage()
        let world = stage.world
        let nav = try world.make(NavigationController.self, named: "Nav")
        let (a, b, c) = try (
            world.makeController(named: "A"), world.makeController(named: "B"), world.makeController(named: "C")
        )
        try nav.setViewControllers([a, b, c], animated: false)
        #expect(!nav.shouldBottomBarBeHidden)
        a.hidesBottomBarWhenPushed = true
        #expect(nav.shouldBottomBarBeHidden, "the root counts")
        a.hidesBottomBarWhenPushed = false
        b.hidesBottomBarWhenPushed = true
        #expect(nav.shouldBottomBarBeHidden, "one in the middle hides it above")
        try nav.popToRootViewController(animated: false)
        #expect(!nav.shouldBottomBarBeHidden, "popped, it counts no more")
    }

    @Test("a cancelled swipe back puts the bar back")
    func cancelledSwipe() throws {
        let stage = try Stage()
        let (tabs, nav) = try tabsWithNav(stage)
        let b = try stage.controller("B")
        b.hidesBottomBarWhenPushed = true
        try nav.pushViewController(b, animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        let swipe = try nav.beginInteractivePop()
        #expect(barLines(stage) == ["Tabs.showBar(animated: true)"])
        try swipe.update(0.3)
        try swipe.cancel()
        try stage.world.runLoop.settle()
        #expect(barLines(stage) == ["Tabs.hideBar(animated: true)"])
        #expect(tabs.tabBar.isHidden && nav.topViewController === b)
    }

    @Test("tab switches decide the bar from the new selection; the client's hiding stays apart")
    func switchesAndClient() throws {
        let stage = try Stage()
        let (tabs, nav) = try tabsWithNav(stage)
        let b = try stage.controller("B")
        b.hidesBottomBarWhenPushed = true
        try nav.pushViewController(b, animated: false)
        try stage.world.runLoop.settle()
        tabs.tabBar.isHiddenByClient = true
        _ = stage.lines()
        try tabs.select(index: 1)
        try stage.world.runLoop.settle()
        #expect(barLines(stage) == ["Tabs.showBar(animated: false)"])
        #expect(!tabs.tabBar.isSuppressedByNavigation && tabs.tabBar.isHidden, "the client's hiding remains")
        try tabs.select(nav)
        try stage.world.runLoop.settle()
        #expect(barLines(stage) == ["Tabs.hideBar(animated: false)"])
        tabs.tabBar.isHiddenByClient = false
        #expect(tabs.tabBar.isHidden, "the navigation still hides it")
    }

    @Test("a navigation controller that is not the tab's own decides nothing")
    func deeper() throws {
        let stage = try Stage()
        let world = stage.world
        let inner = try world.make(NavigationController.self, named: "Inner")
        try inner.setViewControllers([world.makeController(named: "A")], animated: false)
        let holder = try world.makeController(named: "Holder")
        try holder.addChild(inner)
        inner.didMove(toParent: holder)
        let tabs = try world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers([holder], animated: false)
        try stage.window.setRootViewController(tabs)
        try world.runLoop.settle()
        let b = try stage.controller("B")
        b.hidesBottomBarWhenPushed = true
        #expect(inner.tabBarControllerDecidedByStack == nil)
        try inner.pushViewController(b, animated: false)
        try world.runLoop.settle()
        #expect(!tabs.tabBar.isHidden)
    }
}
