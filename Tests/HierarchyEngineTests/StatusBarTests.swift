import Testing

@testable import HierarchyEngine

/// The status bar and its kin (SB-03…07, D-137, D-138) and preferredContentSize (SB-08, D-139).
@Suite("The status bar: who decides, when the window asks; preferredContentSize")
struct StatusBarTests {
    /// A subclass deciding the status bar by overriding, as an app's controller would.
    final class Light: ViewController {
        override var preferredStatusBarStyle: StatusBarStyle { .lightContent }
        override var prefersStatusBarHidden: Bool { true }
    }

    /// A custom container handing the status bar to its first child by overriding.
    final class Box: ViewController {
        override var childForStatusBarStyle: ViewController? { children.first }
    }

    /// The statusbar lines recorded since the last look.
    private func queries(_ stage: Stage) -> [String] {
        let lines = stage.world.trace.pending.filter { $0.category == .statusbar }.map(\.text)
        stage.world.trace.consumeAll()
        return lines
    }

    @Test("the root decides as it first shows, every question recorded in the statusbar category")
    func rootDecidesOnFirstDisplay() throws {
        let stage = try Stage()
        let light = try stage.world.make(Light.self, named: "A")
        try stage.window.setRootViewController(light)
        #expect(stage.window.systemAppearance.statusBarStyle == .default, "not asked before the turn ends")
        try stage.world.runLoop.settle()
        #expect(
            queries(stage) == [
                "A.childForStatusBarStyle()", "A.preferredStatusBarStyle()", "A.childForStatusBarHidden()",
                "A.prefersStatusBarHidden()", "A.childForHomeIndicatorAutoHidden()",
                "A.prefersHomeIndicatorAutoHidden()", "A.childForScreenEdgesDeferringSystemGestures()",
                "A.preferredScreenEdgesDeferringSystemGestures()",
            ])
        #expect(stage.window.systemAppearance.statusBarStyle == .lightContent)
        #expect(stage.window.systemAppearance.isStatusBarHidden)
        #expect(stage.window.systemAppearance.deciders[.statusBarStyle] == "A")
        try stage.world.runLoop.settle()
        #expect(queries(stage).isEmpty, "nothing changed on top: not asked again")
    }

    @Test("a navigation controller decides from its bar while shown, and hands it to its top while hidden")
    func navigationBar() throws {
        let stage = try Stage()
        let world = stage.world
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([world.make(Light.self, named: "A")], animated: false)
        try stage.window.setRootViewController(nav)
        try world.runLoop.settle()
        #expect(stage.window.systemAppearance.statusBarStyle == .default)
        #expect(!stage.window.systemAppearance.isStatusBarHidden, "A is never asked")
        nav.navigationBar.barStyle = .black
        nav.setNeedsStatusBarAppearanceUpdate()
        #expect(stage.window.systemAppearance.statusBarStyle == .lightContent)
        _ = queries(stage)
        nav.setNavigationBarHidden(true, animated: false)
        #expect(
            queries(stage) == [
                "Nav.childForStatusBarStyle()", "A.childForStatusBarStyle()", "A.preferredStatusBarStyle()",
                "Nav.childForStatusBarHidden()", "A.childForStatusBarHidden()", "A.prefersStatusBarHidden()",
            ])
        #expect(stage.window.systemAppearance.isStatusBarHidden)
        #expect(nav.isNavigationBarHidden)
    }

    @Test("full screen takes over; a sheet does not unless it captures; the root decides again once dismissed")
    func presentations() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        a.setPreference(.style(.darkContent), for: .statusBarStyle)
        let full = try stage.world.make(Light.self, named: "Full")
        full.modalPresentationStyle = .fullScreen
        try a.present(full, animated: true)
        try stage.world.runLoop.advance(by: 0.1)
        #expect(stage.window.systemAppearance.statusBarStyle == .lightContent, "from the presentation's start")
        try stage.world.runLoop.settle()
        full.dismiss(animated: false)
        try stage.world.runLoop.settle()
        #expect(stage.window.systemAppearance.statusBarStyle == .darkContent)

        let sheet = try stage.world.make(Light.self, named: "Sheet")
        sheet.modalPresentationStyle = .pageSheet
        try a.present(sheet, animated: false)
        try stage.world.runLoop.settle()
        #expect(stage.window.systemAppearance.statusBarStyle == .darkContent)
        sheet.modalPresentationCapturesStatusBarAppearance = true
        sheet.setNeedsStatusBarAppearanceUpdate()
        #expect(stage.window.systemAppearance.statusBarStyle == .lightContent)
        #expect(stage.window.systemAppearanceStart === sheet)
    }

    @Test("a subclass's childForStatusBarStyle, a tab bar's selected tab, a split deciding itself")
    func containers() throws {
        let stage = try Stage()
        let world = stage.world
        let box = try world.make(Box.self, named: "Box")
        let light = try world.make(Light.self, named: "A")
        try box.addChild(light)
        light.didMove(toParent: box)
        try stage.window.setRootViewController(box)
        try world.runLoop.settle()
        #expect(stage.window.systemAppearance.statusBarStyle == .lightContent)
        #expect(stage.window.systemAppearance.deciders[.statusBarHidden] == "Box", "only the style is forwarded")

        let tabs = try world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers(
            [world.makeController(named: "B"), world.make(Light.self, named: "C")], animated: false)
        try stage.window.setRootViewController(tabs)
        try world.runLoop.settle()
        #expect(stage.window.systemAppearance.statusBarStyle == .default)
        try tabs.select(index: 1)
        try world.runLoop.settle()
        #expect(stage.window.systemAppearance.statusBarStyle == .lightContent)

        let split = try world.make(SplitViewController.self, named: "Split")
        try split.setViewControllers([world.make(Light.self, named: "D"), world.makeController(named: "E")])
        #expect(split.childForStatusBarStyle == nil)
    }

    @Test("a childFor… chain that goes round stops at the controller that leads back, with a warning")
    func chainGoingRound() throws {
        let stage = try Stage()
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        a.setChild(b, deciding: .statusBarStyle)
        b.setChild(a, deciding: .statusBarStyle)
        b.setPreference(.style(.darkContent), for: .statusBarStyle)
        try stage.window.setRootViewController(a)
        try stage.world.runLoop.settle()
        #expect(stage.lines().contains("warning: childForStatusBarStyle of B leads back to A: the chain goes round"))
        #expect(stage.window.systemAppearance.statusBarStyle == .darkContent)
    }

    @Test("setNeeds… in a hidden window, or in none, asks nothing")
    func hiddenWindowAsksNothing() throws {
        let world = World()
        let window = world.makeWindow()
        let a = try world.make(Light.self, named: "A")
        try window.setRootViewController(a)
        try world.runLoop.settle()
        a.setNeedsStatusBarAppearanceUpdate()
        try world.makeController(named: "Loose").setNeedsStatusBarAppearanceUpdate()
        #expect(!world.trace.events.contains { $0.category == .statusbar })
        #expect(window.systemAppearance == SystemAppearance())
    }

    @Test("preferredContentSize: the parent hears each change once; a presented controller's presentation controller")
    func preferredContentSize() throws {
        let stage = try Stage(root: "P")
        let parent = try stage.controller("P")
        let child = try stage.controller("C")
        try parent.addChild(child)
        child.didMove(toParent: parent)
        _ = stage.lines()
        child.setPreferredContentSize(Size(width: 320, height: 480))
        child.setPreferredContentSize(Size(width: 320, height: 480))
        #expect(stage.lines() == ["P.preferredContentSizeDidChange(forChildContentContainer: C)"])
        #expect(child.preferredContentSize == Size(width: 320, height: 480))

        let sheet = try stage.controller("S")
        sheet.modalPresentationStyle = .formSheet
        try parent.present(sheet, animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        sheet.setPreferredContentSize(Size(width: 540, height: 620))
        try stage.controller("Loose").setPreferredContentSize(Size(width: 1, height: 1))
        #expect(
            stage.lines() == ["S.presentationController.preferredContentSizeDidChange(forChildContentContainer: S)"])
    }
}
