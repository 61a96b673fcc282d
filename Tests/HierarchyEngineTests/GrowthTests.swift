import Testing

@testable import HierarchyEngine

/// How the engine's costs grow with the size of the hierarchy (issue 18), checked by counting
/// its work, never by timing it: a busy machine cannot fail these.
@Suite("Work that grows with what changed, not with the hierarchy")
struct GrowthTests {
    /// A shown window whose root is `root`, settled.
    private func shown(_ root: ViewController, in world: World) throws {
        let window = world.makeWindow()
        try window.setRootViewController(root)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
    }

    @Test("a push or a pop checks one controller, however high the stack")
    func pushesCheckOneController() throws {
        let world = World()
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([world.makeController(named: "Root")], animated: false)
        try shown(nav, in: world)
        for number in 1...300 {
            let before = world.work.stackChecks
            try nav.pushViewController(world.makeController(named: "C\(number)"), animated: number.isMultiple(of: 2))
            try world.runLoop.settle()
            #expect(world.work.stackChecks - before == 1)
        }
        let before = world.work.stackChecks
        for _ in 1...100 {
            try nav.popViewController(animated: true)
            try world.runLoop.settle()
        }
        #expect(world.work.stackChecks == before)
        #expect(nav.viewControllers.count == 201)
        #expect(nav.topViewController?.name == "C200")
    }

    @Test("a layout pass looks at the controllers that asked for layout, not at every view on screen")
    func layoutLooksAtWhatChanged() throws {
        let world = World()
        let parent = try world.makeController(named: "P")
        try shown(parent, in: world)
        var looked: [Int] = []
        for number in 1...300 {
            let before = world.work.layoutCandidates
            let child = try world.makeController(named: "C\(number)")
            try parent.addChild(child)
            try parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            try world.runLoop.settle()
            looked.append(world.work.layoutCandidates - before)
        }
        // The parent and the new child ask each turn; the 299 children already there do not.
        #expect(looked.allSatisfy { $0 <= 3 }, "\(looked.max() ?? 0) controllers looked at in one turn")
        #expect(parent.children.count == 300)
    }

    @Test("controllers that asked for layout off screen cost a layout pass nothing")
    func offScreenWaitsCostNothing() throws {
        let world = World()
        try shown(world.makeController(named: "Shown"), in: world)
        var looked: [Int] = []
        for number in 1...300 {
            let before = world.work.layoutCandidates
            let controller = try world.makeController(named: "Off\(number)")
            try controller.view.addSubview(View(name: "V\(number)", world: world))
            try world.runLoop.settle()
            looked.append(world.work.layoutCandidates - before)
        }
        #expect(looked.allSatisfy { $0 <= 2 }, "\(looked.max() ?? 0) controllers looked at in one turn")
        // Each still needs layout, and gets it when its view is shown.
        let last = try #require(world.controller(named: "Off300"))
        #expect(last.needsLayout)
        let window = world.makeWindow()
        try window.setRootViewController(last)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        #expect(!last.needsLayout)
    }

    @Test("a chain of presentations lays out only the new level at each step")
    func presentationChainLaysOutTheNewLevel() throws {
        let world = World()
        let root = try world.makeController(named: "R")
        try shown(root, in: world)
        var top = root
        var looked: [Int] = []
        for number in 1...200 {
            let before = world.work.layoutCandidates
            let next = try world.makeController(named: "C\(number)")
            try top.present(next, animated: false)
            try world.runLoop.settle()
            looked.append(world.work.layoutCandidates - before)
            top = next
        }
        #expect(looked.allSatisfy { $0 <= 4 }, "\(looked.max() ?? 0) controllers looked at in one step")
    }
}
