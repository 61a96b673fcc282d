import HierarchyEngine
import Testing

/// A label in the shape the Lua binding gives: the controller's kind, name and appearance.
private func label(_ controller: ViewController) -> String {
    "<\(type(of: controller)) \(controller.name), \(controller.appearance.rawValue)>"
}

/// The stage's world as `:tree` shows it, with `label` for controllers.
private func tree(_ stage: Stage) -> String {
    stage.world.hierarchyText(describe: label)
}

@Suite("Hierarchy text")
struct HierarchyTextTests {
    @Test("a world without windows says so")
    func emptyWorld() {
        #expect(World().hierarchyText(describe: label) == "(no windows)\n")
    }

    @Test("a window without a root view controller says so under its header")
    func windowWithoutRoot() throws {
        let world = World()
        world.makeWindow(named: "Main").makeKeyAndVisible()
        try world.runLoop.settle()
        #expect(
            world.hierarchyText(describe: label) == """
                Window Main: key, visible, 390x844
                | (no root view controller)

                """)
    }

    @Test("a navigation controller lists its stack bottom first, with each controller's state after a push")
    func navigationStack() throws {
        let stage = try Stage()
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([stage.controller("A")], animated: false)
        try stage.window.setRootViewController(nav)
        try stage.world.runLoop.settle()
        try nav.pushViewController(stage.controller("B"), animated: true)
        try stage.world.runLoop.settle()
        #expect(
            tree(stage) == """
                Window Window1: key, visible, 390x844
                | <NavigationController Nav, appeared>
                | | <ViewController A, disappeared>
                | | <ViewController B, appeared>

                """)
    }

    @Test("a tab bar controller lists every tab; only the selected one has appeared")
    func tabBar() throws {
        let stage = try Stage()
        let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers(["T1", "T2", "T3"].map { try stage.controller($0) }, animated: false)
        try stage.window.setRootViewController(tabs)
        try tabs.select(index: 1)
        try stage.world.runLoop.settle()
        #expect(
            tree(stage) == """
                Window Window1: key, visible, 390x844
                | <TabBarController Tabs, appeared>
                | | <ViewController T1, disappeared>
                | | <ViewController T2, appeared>
                | | <ViewController T3, disappeared>

                """)
    }

    @Test("a presentation is listed once, under the controller that hosts it, with its own tree nested")
    func presentation() throws {
        let stage = try Stage()
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        let a = try stage.controller("A")
        try nav.setViewControllers([a], animated: false)
        try stage.window.setRootViewController(nav)
        let modal = try stage.world.make(NavigationController.self, named: "Modal")
        try modal.setViewControllers([stage.controller("Inner")], animated: false)
        modal.modalPresentationStyle = .pageSheet
        try a.present(modal, animated: true)
        try stage.world.runLoop.settle()
        #expect(a.presentedViewController === modal, "A answers its ancestor's presentation, yet is not listed with it")
        #expect(
            tree(stage) == """
                Window Window1: key, visible, 390x844
                | <NavigationController Nav, appeared>
                | | <ViewController A, appeared>
                | | presents <NavigationController Modal, appeared> (pageSheet)
                | | | <ViewController Inner, appeared>

                """)
    }

    @Test("a child that defines the presentation context hosts a current-context presentation (PRE-07)")
    func currentContextPresentation() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        try p.addChild(c)
        try p.view.addSubview(c.view)
        c.didMove(toParent: p)
        c.definesPresentationContext = true
        let m = try stage.controller("M")
        m.modalPresentationStyle = .overCurrentContext
        try c.present(m, animated: false)
        try stage.world.runLoop.settle()
        #expect(
            tree(stage) == """
                Window Window1: key, visible, 390x844
                | <ViewController P, appeared>
                | | <ViewController C, appeared>
                | | | presents <ViewController M, appeared> (overCurrentContext)

                """)
    }

    @Test("a second window that is not shown is listed after the first as hidden, with its own size")
    func hiddenSecondWindow() throws {
        let stage = try Stage(root: "A")
        let other = stage.world.makeWindow(named: "Other")
        other.configure(size: Size(width: 844, height: 390))
        try other.setRootViewController(stage.controller("X"))
        try stage.world.runLoop.settle()
        #expect(
            tree(stage) == """
                Window Window1: key, visible, 390x844
                | <ViewController A, appeared>
                Window Other: hidden, 844x390
                | <ViewController X, disappeared>

                """)
    }

    @Test("a custom container nests its children, and theirs, one level deeper each")
    func nestedContainment() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        let d = try stage.controller("D")
        for (parent, child) in [(p, c), (c, d)] {
            try parent.addChild(child)
            try parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
        }
        try p.addChild(stage.controller("E"))
        try stage.world.runLoop.settle()
        #expect(
            tree(stage) == """
                Window Window1: key, visible, 390x844
                | <ViewController P, appeared>
                | | <ViewController C, appeared>
                | | | <ViewController D, appeared>
                | | <ViewController E, disappeared>

                """)
    }

    @Test("a presentation that outlives its presenter's place as the window's root stays listed in that window (D-35)")
    func strandedPresentation() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.modalPresentationStyle = .fullScreen
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        try stage.window.setRootViewController(stage.controller("R"))
        try stage.world.runLoop.settle()
        #expect(
            tree(stage) == """
                Window Window1: key, visible, 390x844
                | <ViewController R, appeared>
                | <ViewController A, disappeared> (outside the hierarchy)
                | | presents <ViewController B, appeared> (fullScreen)

                """)
    }
}
