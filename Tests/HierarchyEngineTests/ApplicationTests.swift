import Testing

@testable import HierarchyEngine

/// The app around the controllers (D-132): a memory warning reaches every controller of the
/// windows' hierarchies, parents first, each once; the background brings no appearance.
@Suite("The app: memory warnings and the background")
struct ApplicationTests {
    @Test("the notification, then every controller level by level: stack, tabs and presented alike")
    func memoryWarning() throws {
        let stage = try Stage()
        let world = stage.world
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers(
            [world.makeController(named: "A"), world.makeController(named: "B")], animated: false)
        let tabs = try world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers([nav, world.makeController(named: "C")], animated: false)
        try stage.window.setRootViewController(tabs)
        try tabs.present(world.makeController(named: "D"), animated: false)
        _ = try world.makeController(named: "Loose")
        try world.runLoop.settle()
        _ = stage.lines()
        world.receiveMemoryWarning()
        let lines = stage.lines()
        #expect(lines.first == "NotificationCenter.post(UIApplication.didReceiveMemoryWarningNotification)")
        let warned = lines.dropFirst().map { String($0.prefix { $0 != "." }) }
        #expect(Set(warned) == ["Tabs", "Nav", "A", "B", "C", "D"])
        #expect(warned.count == 6, "each once")
        #expect(warned.firstIndex(of: "Tabs")! < warned.firstIndex(of: "Nav")!)
        #expect(warned.firstIndex(of: "Nav")! < warned.firstIndex(of: "A")!)
        #expect(warned.firstIndex(of: "Tabs")! < warned.firstIndex(of: "D")!)
    }

    @Test("the background and back: the scene delegate's events, no appearance; twice is refused")
    func background() throws {
        let stage = try Stage(root: "A")
        try stage.world.enterBackground()
        #expect(throws: UsageError(.appAlreadyThere(background: true))) { try stage.world.enterBackground() }
        try stage.world.enterForeground()
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "SceneDelegate.sceneWillResignActive()", "SceneDelegate.sceneDidEnterBackground()",
                "SceneDelegate.sceneWillEnterForeground()", "SceneDelegate.sceneDidBecomeActive()",
            ])
        #expect(try stage.controller("A").appearance == .appeared)
    }
}
