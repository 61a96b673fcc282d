import HierarchyEngine
import Testing

/// A world that ends frees everything it made, whatever was on screen as it ended (issue 17,
/// item 11): nothing it made may keep another of its objects alive in a cycle.
@Suite struct LifetimeTests {
    /// Weak references to a world's objects, read after the world is gone.
    private final class Watched {
        weak var world: World?
        weak var window: Window?
        var controllers: [() -> ViewController?] = []
        var views: [() -> View?] = []

        var survivors: [String] {
            var names: [String] = []
            if world != nil { names.append("the world") }
            if window != nil { names.append("the window") }
            names += controllers.compactMap { $0()?.name }
            names += views.compactMap { $0()?.name }
            return names
        }
    }

    /// Builds a world with A as a shown window's root, lets `body` act on it, settles, and
    /// returns what outlived the world.
    private func survivors(_ body: (World, ViewController) throws -> Void) throws -> [String] {
        let watched = Watched()
        do {
            let stage = try Stage(root: "A")
            let a = try stage.controller("A")
            try body(stage.world, a)
            try stage.world.runLoop.settle()
            watched.world = stage.world
            watched.window = stage.window
            for controller in stage.world.controllers {
                watched.controllers.append { [weak controller] in controller }
                if let view = controller.viewIfLoaded { watched.views.append { [weak view] in view } }
            }
        }
        return watched.survivors
    }

    @Test(arguments: [ModalPresentationStyle.fullScreen, .overFullScreen, .pageSheet, .currentContext])
    func aWorldEndingWhilePresentingIsFreed(style: ModalPresentationStyle) throws {
        let left = try survivors { world, a in
            let b = try world.makeController(named: "B")
            b.modalPresentationStyle = style
            try a.present(b, animated: false)
        }
        #expect(left.isEmpty, "outlived their world: \(left)")
    }

    @Test func aWorldEndingMidPresentationIsFreed() throws {
        let left = try survivors { world, a in
            try a.present(try world.makeController(named: "B"), animated: true)
            try world.runLoop.advance(by: 0.1)
        }
        #expect(left.isEmpty, "outlived their world: \(left)")
    }

    /// A container shown as the window's root, with `body` acting on it mid-way.
    @Test func aWorldEndingMidContainerTransitionIsFreed() throws {
        let left = try survivors { world, a in
            let nav = try world.make(NavigationController.self, named: "Nav")
            try nav.setViewControllers([try world.makeController(named: "N1")], animated: false)
            let tabs = try world.make(TabBarController.self, named: "Tabs")
            let split = try world.make(SplitViewController.self, named: "Split")
            try split.setViewControllers([try world.makeController(named: "S1"), try world.makeController(named: "S2")])
            try tabs.setViewControllers(
                [nav, split] + (1...5).map { try world.makeController(named: "T\($0)") }, animated: false)
            try a.view.window?.setRootViewController(tabs)
            try world.runLoop.settle()
            try nav.pushViewController(try world.makeController(named: "N2"), animated: true)
            try world.runLoop.settle()
            _ = try nav.beginInteractivePop()
            try nav.pushViewController(try world.makeController(named: "N3"), animated: true)
        }
        #expect(left.isEmpty, "outlived their world: \(left)")
    }
}
