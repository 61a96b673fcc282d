import HierarchyEngine
import Testing

/// A shown window whose root is the tab bar controller `Tabs` with the tabs `names`, settled,
/// with its trace consumed.
private func tabBarStage(_ names: [String], delegate: Delegate? = nil) throws -> (Stage, TabBarController) {
    let stage = try Stage()
    let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
    try tabs.setViewControllers(names.map { try stage.controller($0) }, animated: false)
    tabs.delegate = delegate
    try stage.window.setRootViewController(tabs)
    try stage.world.runLoop.settle()
    _ = stage.lines()
    return (stage, tabs)
}

@Suite("Tab bar controller")
struct TabBarTests {
    @Test("a tab bar loads only the selected tab (TAB-01, LOAD-08)")
    func loadsOnlySelected() throws {
        let stage = try Stage()
        let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
        let t = try ["T1", "T2", "T3"].map { try stage.controller($0) }
        #expect(tabs.selectedIndex == nil && tabs.selectedViewController == nil)
        try tabs.setViewControllers(t, animated: false)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === t[0])
        #expect(tabs.children.map(\.name) == ["T1", "T2", "T3"])
        #expect(t.allSatisfy { $0.parent === tabs && $0.tabBarController === tabs })
        _ = stage.lines()
        try stage.window.setRootViewController(tabs)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "Tabs.viewDidLoad()", "Tabs.viewWillAppear(false)", "T1.viewDidLoad()", "T1.viewWillAppear(false)",
                "Tabs.viewDidAppear(false)", "T1.viewDidAppear(false)",
            ])
        #expect(t[0].appearance == .appeared && t[0].view.superview === tabs.view)
        #expect(!t[1].isViewLoaded && !t[2].isViewLoaded)
    }

    @Test("selection by code switches at once, incoming first, and calls no delegate method (TAB-03, M-7)")
    func selectByCode() throws {
        let delegate = ScriptedDelegate(["shouldSelect", "didSelect"], answer: false)
        let (stage, tabs) = try tabBarStage(["T1", "T2", "T3"], delegate: delegate)
        let t1 = try stage.controller("T1")
        let t2 = try stage.controller("T2")
        try tabs.select(index: 1)
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === t2)
        #expect(stage.lines() == ["T2.viewDidLoad()", "T2.viewWillAppear(false)", "T1.viewWillDisappear(false)"])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["T1.viewDidDisappear(false)", "T2.viewDidAppear(false)"])
        #expect(delegate.calls.isEmpty)
        #expect(t1.appearance == .disappeared && t2.appearance == .appeared)
        #expect(try !stage.controller("T3").isViewLoaded)
        try tabs.select(t1)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "T1.viewWillAppear(false)", "T2.viewWillDisappear(false)", "T2.viewDidDisappear(false)",
                "T1.viewDidAppear(false)",
            ])
    }

    @Test("selecting out of range is an error naming the valid range, and changes nothing")
    func selectOutOfRange() throws {
        let (stage, tabs) = try tabBarStage(["T1", "T2", "T3"])
        #expect(throws: UsageError(.indexOutOfRange(.viewControllers, index: 9, owner: "Tabs", count: 3))) {
            try tabs.select(index: 9)
        }
        #expect(throws: UsageError.self) { try tabs.select(stage.controller("X")) }
        try stage.world.runLoop.settle()
        #expect(tabs.selectedIndex == 0 && stage.lines().isEmpty)
    }

    @Test("a tap asks shouldSelect first and calls didSelect right after the selection (M-7, TIM-04, D-24)")
    func tapAllowed() throws {
        let (stage, tabs) = try tabBarStage(
            ["T1", "T2"], delegate: ScriptedDelegate(["shouldSelect", "didSelect"], answer: true))
        try tabs.userTap(item: 1)
        #expect(
            stage.lines() == [
                "Tabs.delegate.shouldSelect(T2)", "T2.viewDidLoad()", "T2.viewWillAppear(false)",
                "T1.viewWillDisappear(false)", "Tabs.delegate.didSelect(T2)",
            ])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["T1.viewDidDisappear(false)", "T2.viewDidAppear(false)"])
        #expect(tabs.selectedIndex == 1)
    }

    @Test("a tap the delegate refuses keeps the tab: no switch, no didSelect (TAB-05)")
    func tapRefused() throws {
        let (stage, tabs) = try tabBarStage(
            ["T1", "T2"], delegate: ScriptedDelegate(["shouldSelect", "didSelect"], answer: false))
        try tabs.userTap(item: 1)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["Tabs.delegate.shouldSelect(T2)"])
        #expect(tabs.selectedIndex == 0)
        #expect(try !stage.controller("T2").isViewLoaded)
    }

    @Test("a delegate without shouldSelect lets the tap through and is asked nothing")
    func tapWithoutShouldSelect() throws {
        let delegate = ScriptedDelegate(["didSelect"], answer: false)
        let (stage, tabs) = try tabBarStage(["T1", "T2"], delegate: delegate)
        try tabs.userTap(item: 1)
        try stage.world.runLoop.settle()
        #expect(tabs.selectedIndex == 1)
        #expect(delegate.calls == ["didSelect"])
        #expect(stage.lines().filter { $0.hasPrefix("Tabs.delegate") } == ["Tabs.delegate.didSelect(T2)"])
    }

    @Test("tapping the selected tab pops its navigation controller to the root; didSelect comes first (TAB-04, D-24)")
    func tapSelectedTab() throws {
        let stage = try Stage()
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([stage.controller("A"), stage.controller("B")], animated: false)
        let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers([nav, stage.controller("T2")], animated: false)
        tabs.delegate = ScriptedDelegate(["shouldSelect", "didSelect"], answer: true)
        try stage.window.setRootViewController(tabs)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        try tabs.userTap(item: 0)
        #expect(nav.viewControllers.map(\.name) == ["A"])
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "Tabs.delegate.shouldSelect(Nav)", "B.willMove(toParent: nil)", "Tabs.delegate.didSelect(Nav)",
                "A.viewDidLoad()", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(toParent: nil)",
            ])
        #expect(tabs.selectedIndex == 0)
    }

    @Test("an off-screen tab bar switches without appearance calls (D-23)")
    func offScreen() throws {
        let world = World()
        let tabs = try world.make(TabBarController.self, named: "Tabs")
        let t = try ["T1", "T2"].map { try world.makeController(named: $0) }
        try tabs.setViewControllers(t, animated: false)
        try tabs.select(index: 1)
        try world.runLoop.settle()
        #expect(world.trace.events.allSatisfy { $0.category == .containment }, "\(world.trace.events.map(\.text))")
        #expect(tabs.selectedIndex == 1 && !t[0].isViewLoaded && !t[1].isViewLoaded)
        #expect(throws: UsageError.self) { try tabs.userTap(item: 0) }
    }

    // MARK: Contents

    @Test("setViewControllers keeps the selected controller, else the same index, else the first (TAB-07)")
    func setViewControllersSelection() throws {
        let (stage, tabs) = try tabBarStage(["T1", "T2", "T3"])
        let t1 = try stage.controller("T1")
        let t2 = try stage.controller("T2")
        let t3 = try stage.controller("T3")
        let u = try stage.controller("U")
        try tabs.select(index: 1)
        try tabs.setViewControllers([u, t2], animated: false)
        #expect(tabs.selectedViewController === t2 && tabs.selectedIndex == 1)
        #expect(t1.parent == nil && t3.parent == nil && u.parent === tabs)
        #expect(t1.tabBarController == nil)
        try tabs.setViewControllers([t1, t3, u], animated: false)
        #expect(tabs.selectedViewController === t3, "T2 left: the same index")
        try tabs.setViewControllers([t2], animated: false)
        #expect(tabs.selectedViewController === t2, "index 1 is out of range: the first")
        try tabs.setViewControllers([], animated: false)
        #expect(tabs.selectedIndex == nil && tabs.selectedViewController == nil)
        try stage.world.runLoop.settle()
        #expect(t2.appearance == .disappeared && tabs.children.isEmpty)
    }

    @Test("setViewControllers refuses a controller listed twice and changes nothing")
    func setViewControllersDuplicate() throws {
        let (stage, tabs) = try tabBarStage(["T1", "T2"])
        let before = stage.world.trace.events
        #expect(throws: UIKitException.self) {
            try tabs.setViewControllers(
                [stage.controller("T1"), stage.controller("T3"), stage.controller("T3")], animated: false)
        }
        #expect(tabs.viewControllers.map(\.name) == ["T1", "T2"] && tabs.children.map(\.name) == ["T1", "T2"])
        #expect(try stage.controller("T3").parent == nil)
        #expect(stage.world.trace.events == before)
    }

    @Test("five tabs fit; six or more show four items and More (TAB-06, D-25)")
    func moreItem() throws {
        let (five, tabsOfFive) = try tabBarStage(["T1", "T2", "T3", "T4", "T5"])
        #expect(!tabsOfFive.hasMoreItem && tabsOfFive.children.count == 5)
        #expect(five.world.controller(named: "TabsMore") == nil)

        let (stage, tabs) = try tabBarStage(["T1", "T2", "T3", "T4", "T5", "T6"])
        let more = try tabs.moreNavigationController()
        #expect(tabs.hasMoreItem)
        #expect(tabs.children.map(\.name) == ["T1", "T2", "T3", "T4", "TabsMore"])
        #expect(try tabs.items().map(\.name) == ["T1", "T2", "T3", "T4", "TabsMore"])
        #expect(more.name == "TabsMore" && more.viewControllers.map(\.name) == ["TabsMoreList"])
        #expect(!tabs.viewControllers.contains { $0 === more })
        let t5 = try stage.controller("T5")
        #expect(t5.parent == nil && t5.tabBarController === tabs)
        #expect(tabs.selectedIndex == 0)
    }

    @Test("selecting a tab under More shows it there; selectedIndex is nil while the More list is selected (TAB-06)")
    func selectionWithMore() throws {
        let (stage, tabs) = try tabBarStage(["T1", "T2", "T3", "T4", "T5", "T6"])
        let more = try tabs.moreNavigationController()
        let t1 = try stage.controller("T1")
        let t6 = try stage.controller("T6")
        try tabs.select(index: 5)
        try stage.world.runLoop.settle()
        #expect(tabs.selectedIndex == 5 && tabs.selectedViewController === t6)
        #expect(more.viewControllers.map(\.name) == ["TabsMoreList", "T6"])
        #expect(t6.parent === more && t6.tabBarController === tabs)
        #expect(t6.appearance == .appeared && t1.appearance == .disappeared && more.appearance == .appeared)
        try tabs.select(more)
        #expect(tabs.selectedIndex == nil && tabs.selectedViewController === more)
        try tabs.select(index: 0)
        try stage.world.runLoop.settle()
        #expect(tabs.selectedIndex == 0 && t1.appearance == .appeared && more.appearance == .disappeared)
        #expect(t6.appearance == .disappeared)
    }

    @Test("with More, a tap counts the bar's items: the fifth is More")
    func tapMore() throws {
        let delegate = ScriptedDelegate(["shouldSelect", "didSelect"], answer: true)
        let (stage, tabs) = try tabBarStage(["T1", "T2", "T3", "T4", "T5", "T6"], delegate: delegate)
        try tabs.userTap(item: 4)
        try stage.world.runLoop.settle()
        #expect(tabs.selectedIndex == nil)
        #expect(try tabs.selectedViewController === tabs.moreNavigationController())
        #expect(stage.lines().first == "Tabs.delegate.shouldSelect(TabsMore)")
        #expect(throws: UsageError(.indexOutOfRange(.tabBarItems, index: 5, owner: "Tabs", count: 5))) {
            try tabs.userTap(item: 5)
        }
    }
}
