// No `@testable`: this target sees the engine as a client package would, through its public
// and open API only.
import HierarchyEngine
import Testing

/// What the client's controllers heard, in order, as `Name.method(argument)`.
final class Journal {
    var lines: [String] = []
}

/// A screen of the client's own: a `ViewController` subclass whose overrides only write
/// down that they ran.
final class Screen: ViewController {
    let journal: Journal

    init(name: String, world: World, journal: Journal) throws {
        self.journal = journal
        try super.init(name: name, world: world)
    }

    /// The initializer `World.make(_:named:)` calls.
    required init(name: String, world: World) throws {
        journal = Journal()
        try super.init(name: name, world: world)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        note("viewDidLoad()")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear(\(animated))")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        note("viewDidAppear(\(animated))")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        note("viewWillDisappear(\(animated))")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        note("viewDidDisappear(\(animated))")
    }

    override func willMove(toParent parent: ViewController?) {
        super.willMove(toParent: parent)
        note("willMove(toParent: \(parent?.name ?? "nil"))")
    }

    override func didMove(toParent parent: ViewController?) {
        super.didMove(toParent: parent)
        note("didMove(toParent: \(parent?.name ?? "nil"))")
    }

    private func note(_ call: String) {
        journal.lines.append(name + "." + call)
    }
}

@Suite("A Swift client subclasses ViewController")
struct SubclassTests {
    /// A navigation controller showing `A`, in a window made key and visible, settled.
    private func shownNavigation(_ journal: Journal) throws -> (World, NavigationController, Screen) {
        let world = World()
        let a = try Screen(name: "A", world: world, journal: journal)
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([a], animated: false)
        let window = world.makeWindow()
        try window.setRootViewController(nav)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        return (world, nav, a)
    }

    @Test(
        "the overrides hear the first appearance in UIKit's order: off screen the stack's containment is complete at once"
    )
    func firstAppearance() throws {
        let journal = Journal()
        let (_, nav, a) = try shownNavigation(journal)
        #expect(
            journal.lines == [
                "A.willMove(toParent: Nav)",
                "A.didMove(toParent: Nav)",
                "A.viewDidLoad()",
                "A.viewWillAppear(false)",
                "A.viewDidAppear(false)",
            ])
        #expect(nav.viewControllers.map(\.name) == ["A"] && a.appearance == .appeared)
    }

    @Test("an animated push, run to its end: both screens' overrides in UIKit's order (NAV-02)")
    func push() throws {
        let journal = Journal()
        let (world, nav, a) = try shownNavigation(journal)
        journal.lines.removeAll()
        world.trace.clear()

        let b = try Screen(name: "B", world: world, journal: journal)
        try nav.pushViewController(b, animated: true)
        #expect(journal.lines == ["B.willMove(toParent: Nav)"], "only willMove in the call")
        #expect(nav.viewControllers.map(\.name) == ["A", "B"], "the stack changes at once")
        try world.runLoop.settle()

        #expect(
            journal.lines == [
                "B.willMove(toParent: Nav)",
                "B.viewDidLoad()",
                "A.viewWillDisappear(true)",
                "B.viewWillAppear(true)",
                "A.viewDidDisappear(true)",
                "B.viewDidAppear(true)",
                "B.didMove(toParent: Nav)",
            ])
        #expect(nav.viewControllers.count == 2 && nav.viewControllers[0] === a && nav.viewControllers[1] === b)
        #expect(nav.topViewController === b && a.appearance == .disappeared && b.appearance == .appeared)
        #expect(world.runLoop.now == NavigationController.duration)
    }

    @Test("an override runs where the trace records its callback")
    func overridesFollowTheTrace() throws {
        let journal = Journal()
        let (world, nav, _) = try shownNavigation(journal)
        journal.lines.removeAll()
        world.trace.clear()
        try nav.pushViewController(try world.make(Screen.self, named: "B"), animated: true)
        try world.runLoop.settle()
        let b = try #require(nav.topViewController as? Screen, "made by World.make, with its own journal")
        let traced = world.trace.events.filter { $0.category == .lifecycle || $0.category == .containment }.map(\.text)
        #expect(traced.filter { $0.hasPrefix("A.") } == journal.lines)
        #expect(traced.filter { $0.hasPrefix("B.") } == b.journal.lines)
        #expect(b.journal.lines.count == 5 && journal.lines.count == 2)
    }

    @Test("a name is the trace's: a taken one is refused before anything is made")
    func takenName() throws {
        let world = World()
        _ = try world.make(Screen.self, named: "A")
        #expect(throws: UsageError(.duplicateControllerName("A"))) { try Screen(name: "A", world: world) }
        #expect(world.controllers.map(\.name) == ["A"])
    }
}
