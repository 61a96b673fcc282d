import Testing

@testable import HierarchyEngine

/// Each controller's traits (D-133): inherited through parents and presentations, overridden
/// by a parent for one child or by the controller itself, and named devices' size classes.
/// A shown window on `device` whose root `P` (of class `parentClass`) holds `C` as a child on
/// screen, settled, with the trace cleared.
private func shownParentAndChild(
    device: String, profile: Profile = Profile(), parentClass: ViewController.Type = ViewController.self
) throws
    -> (World, Window, ViewController, ViewController)
{
    let world = World(profile: profile)
    let window = world.makeWindow()
    try window.configure(deviceNamed: device, orientation: .portrait)
    let parent = try world.make(parentClass, named: "P")
    let child = try world.makeController(named: "C")
    try window.setRootViewController(parent)
    window.makeKeyAndVisible()
    try parent.addChild(child)
    try parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    try world.runLoop.settle()
    world.trace.clear()
    return (world, window, parent, child)
}

@Suite("Traits per controller and named devices")
struct ControllerTraitsTests {
    private func parentAndChild(
        device: String = "iPhone 15 Pro", profile: Profile = Profile()
    ) throws
        -> (World, Window, ViewController, ViewController)
    {
        try shownParentAndChild(device: device, profile: profile)
    }

    @Test("a child and what the window root presents inherit the window's traits")
    func inheritance() throws {
        let (world, _, parent, child) = try parentAndChild(device: "iPad Pro 11-inch")
        let presented = try world.makeController(named: "D")
        try parent.present(presented, animated: false)
        try world.runLoop.settle()
        let regular = TraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .regular)
        #expect(child.traitCollection == regular)
        #expect(presented.traitCollection == regular)
    }

    @Test("a parent's override lapses when the child leaves it")
    func overrideLapses() throws {
        let (world, _, parent, child) = try parentAndChild()
        defer { withExtendedLifetime(world) {} }
        try parent.setOverrideTraitCollection(TraitOverrides(verticalSizeClass: .compact), forChild: child)
        #expect(child.traitCollection.verticalSizeClass == .compact)
        child.willMove(toParent: nil)
        child.removeFromParent()
        #expect(parent.overrideTraitCollection(forChild: child) == nil)
        #expect(child.traitCollection.verticalSizeClass == .regular, "the screen's traits again")
    }

    @Test("an override for a controller that is not a child is refused and changes nothing")
    func overrideForAStranger() throws {
        let (world, _, parent, _) = try parentAndChild()
        let stranger = try world.makeController(named: "S")
        #expect(throws: UsageError(.notAChild(controller: "S", parent: "P"))) {
            try parent.setOverrideTraitCollection(TraitOverrides(horizontalSizeClass: .regular), forChild: stranger)
        }
        #expect(stranger.traitCollection.horizontalSizeClass == .compact)
        #expect(world.trace.pending.isEmpty)
    }

    @Test("traitOverrides and registerForTraitChanges need iOS 17; refused, they change nothing")
    func iOS17Only() throws {
        let (world, _, parent, child) = try parentAndChild(profile: Profile(iosVersion: 16))
        #expect(throws: UsageError(.needsNewerIOS(feature: "traitOverrides", version: 17, profile: 16))) {
            try parent.setTraitOverrides(TraitOverrides(horizontalSizeClass: .regular))
        }
        #expect(throws: UsageError(.needsNewerIOS(feature: "registerForTraitChanges", version: 17, profile: 16))) {
            try child.registerForTraitChanges([.horizontalSizeClass]) { _, _ in }
        }
        #expect(child.traitCollection.horizontalSizeClass == .compact)
        #expect(world.trace.pending.isEmpty)
    }

    @Test("a handler runs after traitCollectionDidChange, only for the traits it named")
    func handlers() throws {
        let (world, window, _, child) = try parentAndChild(device: "iPhone 15 Pro Max")
        var heard: [TraitCollection] = []
        try child.registerForTraitChanges([.horizontalSizeClass]) { controller, previous in
            #expect(controller === child)
            heard.append(previous)
        }
        window.rotate()  // regular width, compact height: the handler runs
        #expect(heard == [TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)])
        try child.parent!.setOverrideTraitCollection(TraitOverrides(verticalSizeClass: .regular), forChild: child)
        #expect(heard.count == 1, "only the vertical class changed")
        #expect(world.trace.pending.last?.text.hasPrefix("C.traitCollectionDidChange") == true)
    }

    @Test("devices: the Plus and Max phones are regular width on their side, the others compact")
    func deviceTable() throws {
        for device in Device.all where !device.isPad {
            let landscape = device.traits(.landscape)
            #expect(landscape.verticalSizeClass == .compact)
            let big =
                device.name.contains("Plus") || device.name.contains("Max") || device.name == "iPhone 11"
                || device.name == "iPhone XR"
            #expect((landscape.horizontalSizeClass == .regular) == big, "\(device.name)")
            #expect(
                device.traits(.portrait) == TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular))
        }
        #expect(Device.named("iPhone 14")?.size(.landscape) == Size(width: 844, height: 390))
        #expect(Set(Device.names).count == Device.all.count, "names are unique")
        let world = World()
        #expect(throws: UsageError(.unknownDevice("Nokia 3310"))) {
            try world.makeWindow().configure(deviceNamed: "Nokia 3310", orientation: .portrait)
        }
    }
}

/// A container that keeps its child at a fixed size (TRT-06).
private final class FixedChildSize: ViewController {
    override func size(
        forChildContentContainer child: ViewController, withParentContainerSize parentSize: Size
    )
        -> Size
    {
        Size(width: 300, height: 300)
    }
}

@Suite("Sizes passed to children (TRT-06, D-135)")
struct ContentSizeTests {
    @Test("a child whose size the parent keeps hears viewWillTransition once, the parent every time")
    func fixedChild() throws {
        let (world, window, _, _) = try shownParentAndChild(device: "iPhone 15", parentClass: FixedChildSize.self)
        func sizeLines() -> [String] {
            let lines = world.trace.pending.map(\.text).filter { $0.contains("viewWillTransition") }
            world.trace.consumeAll()
            return lines
        }
        _ = sizeLines()
        window.rotate()
        #expect(sizeLines() == ["P.viewWillTransition(to: 852x393)", "C.viewWillTransition(to: 300x300)"])
        window.rotate()
        #expect(sizeLines() == ["P.viewWillTransition(to: 393x852)"])
    }
}
