import HierarchyEngine

/// A world with a shown window, and helpers that read its trace as text.
struct Stage {
    let world = World()
    let window: Window

    init(root name: String? = nil) throws {
        window = world.makeWindow()
        if let name {
            try window.setRootViewController(world.makeController(named: name))
        }
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        world.trace.clear()
    }

    func controller(_ name: String) throws -> ViewController {
        try world.controller(named: name) ?? world.makeController(named: name)
    }

    /// The lines recorded since the last call, without loading and layout events.
    func lines(including categories: Set<EventCategory> = []) -> [String] {
        let hidden: Set<EventCategory> = [.loading, .layout, .view, .release, .statusbar]
        let lines = world.trace.pending
            .filter { !hidden.contains($0.category) || categories.contains($0.category) }
            .map(\.text)
        world.trace.consumeAll()
        return lines
    }
}
