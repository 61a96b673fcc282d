import Testing

@testable import HierarchyEngine

@Suite("Invariants")
struct InvariantTests {
    // MARK: Sound hierarchies

    @Test("a settled hierarchy with a child, a push and a presentation has no violations")
    func settledHierarchyIsSound() throws {
        let stage = try Stage()
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([stage.controller("A")], animated: false)
        try stage.window.setRootViewController(nav)
        try stage.world.runLoop.settle()
        try nav.pushViewController(stage.controller("B"), animated: true)
        try stage.world.runLoop.settle()
        try adopt(stage.controller("C"), in: stage.controller("B"))
        try stage.world.runLoop.settle()
        try nav.present(stage.controller("M"), animated: true)
        try stage.world.runLoop.settle()
        #expect(stage.world.invariantViolations() == [])
    }

    @Test("the checks hold after every turn of an animated push, not only once settled")
    func holdsDuringAnimation() throws {
        let stage = try Stage()
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([stage.controller("A")], animated: false)
        try stage.window.setRootViewController(nav)
        var found: [String] = []
        stage.world.runLoop.turnDidEnd = { [unowned world = stage.world] in found += world.invariantViolations() }
        try stage.world.runLoop.settle()
        try nav.pushViewController(stage.controller("B"), animated: true)
        try stage.world.runLoop.advance(by: 0.1)
        #expect(try stage.controller("B").appearance == .appearing)
        try stage.world.runLoop.settle()
        #expect(found == [])
    }

    @Test("controllers are listed by name, whatever the order they were made in")
    func controllersByName() throws {
        let world = World()
        for name in ["B", "C", "A"] { _ = try world.makeController(named: name) }
        #expect(world.controllers.map(\.name) == ["A", "B", "C"])
    }

    // MARK: Broken links

    @Test("a child its parent does not list, and a child listed twice, are named")
    func brokenContainment() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        let d = try stage.controller("D")
        try adopt(c, in: p)
        try stage.world.runLoop.settle()
        p.children.append(c)
        d.parent = p
        #expect(
            stage.world.invariantViolations() == [
                "P lists C 2 times among its children.",
                "D names P as its parent, but P's children do not include D.",
            ])
        p.children = [c, d, d]
        d.parent = nil
        #expect(
            stage.world.invariantViolations() == [
                "P lists D as a child, but D's parent is nil.",
                "P lists D as a child, but D's parent is nil.",
            ])
    }

    @Test("a presentation one end forgot is named from the other end")
    func brokenPresentation() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        #expect(stage.world.invariantViolations() == [])
        let presentation = try #require(a.hostedPresentation)
        b.showingPresentation = nil
        #expect(
            stage.world.invariantViolations() == [
                "A hosts the presentation of B, but B is shown by no presentation."
            ])
        b.showingPresentation = presentation
        a.hostedPresentation = nil
        #expect(
            stage.world.invariantViolations() == [
                "B is shown by a presentation of A, but A hosts no presentation."
            ])
        a.hostedPresentation = presentation
    }

    @Test("a window's root with a parent is named")
    func rootWithParent() throws {
        let stage = try Stage(root: "R")
        let r = try stage.controller("R")
        let p = try stage.controller("P")
        p.children = [r]
        r.parent = p
        // R's view is the window's content, not in P's (unloaded) view: P's state says
        // nothing about R's appearance (D-100), only the link is wrong.
        #expect(stage.world.invariantViolations() == ["Window1's root view controller R has a parent, P."])
    }

    // MARK: Nothing appears where it cannot be seen

    @Test("an appeared controller outside a shown window, and one under a disappeared parent, are named")
    func appearsUnseen() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        let lone = try stage.controller("Lone")
        try adopt(c, in: p)
        try stage.world.runLoop.settle()
        lone.appearance = .appeared
        p.appearance = .disappeared
        #expect(
            stage.world.invariantViolations() == [
                "C is appeared but its parent P is disappeared.",
                "Lone is appeared but its view is not loaded.",
            ])
        stage.window.setHidden(true)
        p.appearance = .appeared
        c.appearance = .appeared
        #expect(
            stage.world.invariantViolations().contains("P is appeared but its view is in the hidden window Window1."))
    }

    @Test("the script's explicit calls on a controller without a window are its own doing (CON-08)")
    func scriptOwnedAppearance() throws {
        let world = World()
        let c = try world.makeController(named: "C")
        let g = try world.makeController(named: "G")
        try adopt(g, in: c)
        c.clientBeginAppearanceTransition(true, animated: false)
        #expect(g.appearance == .appearing)
        c.clientEndAppearanceTransition()
        try world.runLoop.settle()
        #expect(c.appearance == .appeared && g.appearance == .appeared)
        #expect(world.invariantViolations() == [])
    }

    @Test("once the engine changes the appearance again, the script's mark is gone")
    func scriptMarkClears() throws {
        let world = World()
        let c = try world.makeController(named: "C")
        c.loadViewIfNeeded()
        c.clientBeginAppearanceTransition(true, animated: false)
        c.clientEndAppearanceTransition()
        #expect(world.invariantViolations() == [])
        // The same calls as a container's brackets: a round trip back to `appeared`.
        for appearing in [false, true] {
            c.beginAppearanceTransition(appearing, animated: false)
            c.endAppearanceTransition()
        }
        #expect(world.invariantViolations() == ["C is appeared but its view is in no window."])
    }

    @Test("an unbalanced end from the script does not make the appearance its own")
    func unbalancedEndMarksNothing() throws {
        let world = World()
        let c = try world.makeController(named: "C")
        c.appearance = .appeared
        c.clientEndAppearanceTransition()
        #expect(world.invariantViolations() == ["C is appeared but its view is not loaded."])
    }

    @Test("below a container that forwards appearance by hand, the script answers for the children")
    func manualForwarding() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        p.shouldAutomaticallyForwardAppearanceMethods = false
        try p.addChild(c)
        c.didMove(toParent: p)
        c.appearance = .appeared
        #expect(stage.world.invariantViolations() == [])
        p.shouldAutomaticallyForwardAppearanceMethods = true
        #expect(stage.world.invariantViolations() == ["C is appeared but its view is not loaded."])
    }

    /// Makes `child` a child of `parent` with its view in the parent's, as A-2 does.
    private func adopt(_ child: ViewController, in parent: ViewController) throws {
        try parent.addChild(child)
        try parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }
}
