import Testing

@testable import HierarchyEngine

/// The launch (LIFE-01/02, D-141) and state preservation and restoration (RES-01…06, D-142,
/// D-143).
@Suite("The app: launch, preservation and restoration")
struct RestorationTests {
    /// Tabs → [Nav → List, Settings]; Item and Note to push (Note without an identifier).
    static let definition = StoryboardDefinition(
        name: "Main", initialSceneID: "Tabs",
        scenes: [
            scene("Tabs", .tabBar, children: ["Nav", "Settings"]),
            scene("Nav", .navigation, children: ["List"]),
            scene("List"), scene("Item"), scene("Settings"),
            SceneDefinition(id: "Note", identifier: "Note"),
        ])

    static func scene(_ id: String, _ kind: SceneKind = .plain, children: [String] = []) -> SceneDefinition {
        var scene = SceneDefinition(id: id, kind: kind, identifier: id, children: children)
        scene.restorationIdentifier = id
        return scene
    }

    /// Keeps `value` through restoration, as an app's controller would.
    final class Keeper: ControllerOverrides {
        var values: [String: RestorableValue] = [:]
        func receive(_ callback: Callback, on controller: ViewController) {
            switch callback {
            case .encodeRestorableState(let coder):
                try? coder.encode(values[controller.name], forKey: "value")
            case .decodeRestorableState(let coder):
                values[controller.name] = coder.decodeValue(forKey: "value")
            default: break
            }
        }
    }

    /// A world launched from `definition`, its storyboard's controllers given `keeper`.
    static func launched(
        _ keeper: Keeper, profile: Profile = Profile(), restoring archive: RestorationArchive? = nil
    )
        throws -> (World, Storyboard, Window)
    {
        let world = World(profile: profile)
        let storyboard = try Storyboard(definition, world: world)
        storyboard.classOverrides = { _, controller in controller.overrides = keeper }
        let window = try world.launch(from: storyboard, restoring: archive)
        try world.runLoop.settle()
        return (world, storyboard, window)
    }

    static func events(_ world: World) -> [String] {
        world.trace.events.filter { $0.category == .app || $0.category == .lifecycle }.map(\.text)
    }

    @Test("launch: the initial controller, a key and visible window, the scene's events from iOS 13")
    func launchScenes() throws {
        let (world, _, window) = try Self.launched(Keeper())
        #expect(window.isKeyWindow && !window.isHidden)
        #expect(window.rootViewController?.name == "Tabs")
        let events = Self.events(world)
        #expect(
            events.prefix(3) == [
                "AppDelegate.application(willFinishLaunchingWithOptions: nil)",
                "AppDelegate.application(didFinishLaunchingWithOptions: nil)",
                "SceneDelegate.scene(session, willConnectTo: options)",
            ])
        let willAppear = try #require(events.firstIndex(of: "List.viewWillAppear(false)"))
        let active = try #require(events.firstIndex(of: "SceneDelegate.sceneDidBecomeActive()"))
        let didAppear = try #require(events.firstIndex(of: "List.viewDidAppear(false)"))
        #expect(willAppear < active && active < didAppear, "LIFE-02's order (D-141)")
    }

    @Test("launch before iOS 13: the app delegate becomes active where the profile puts it (D-141)")
    func launchAppDelegate() throws {
        for (version, activeFirst) in [(12, true), (11, true), (10, false), (9, false), (8, true)] {
            let (world, _, _) = try Self.launched(Keeper(), profile: Profile(iosVersion: version))
            let events = Self.events(world)
            #expect(!events.contains { $0.hasPrefix("SceneDelegate") })
            let active = try #require(events.firstIndex(of: "AppDelegate.applicationDidBecomeActive()"))
            let loaded = try #require(events.firstIndex(of: "Tabs.viewDidLoad()"))
            let didAppear = try #require(events.firstIndex(of: "List.viewDidAppear(false)"))
            #expect((active < loaded) == activeFirst, "iOS \(version)")
            #expect(active < didAppear, "iOS \(version)")
        }
    }

    @Test("launching twice, or without an initial controller, is refused before any change")
    func launchRefusals() throws {
        let (world, storyboard, _) = try Self.launched(Keeper())
        let count = world.trace.events.count
        #expect(throws: UsageError(.appAlreadyLaunched)) { try world.launch(from: storyboard) }
        let fresh = World()
        let empty = try Storyboard(
            StoryboardDefinition(name: "Empty", initialSceneID: nil, scenes: [Self.scene("A")]), world: fresh)
        #expect(throws: UsageError(.noInitialControllerToLaunch(storyboard: "Empty"))) {
            try fresh.launch(from: empty)
        }
        #expect(world.trace.events.count == count && fresh.trace.events.isEmpty && fresh.windows.isEmpty)
        #expect(!fresh.hasLaunched)
    }

    /// Launches, pushes Note and Item (each with a value), selects Settings, and preserves.
    static func preserved(_ keeper: Keeper) throws -> (World, RestorationArchive) {
        let (world, storyboard, window) = try launched(keeper)
        let tabs = try #require(window.rootViewController as? TabBarController)
        let nav = try #require(tabs.viewControllers.first as? NavigationController)
        for name in ["Note", "Item"] {
            let controller = try storyboard.instantiateViewController(withIdentifier: name)
            keeper.values[controller.name] = .table([.string("row"): .integer(Int64(nav.viewControllers.count))])
            try nav.pushViewController(controller, animated: false)
            try world.runLoop.settle()
        }
        keeper.values["List"] = .string("list")
        try tabs.select(index: 1)
        try world.runLoop.settle()
        world.trace.clear()
        return (world, world.preserveState())
    }

    @Test("preserving: parents first, only controllers with an identifier, the stack bottom to top, the selected tab")
    func preserving() throws {
        let (world, archive) = try Self.preserved(Keeper())
        #expect(
            world.trace.events.map(\.text) == [
                "AppDelegate.application(shouldSaveApplicationState: coder)",
                "AppDelegate.application(willEncodeRestorableStateWith: coder)",
                "Tabs.encodeRestorableState(with: coder)", "Nav.encodeRestorableState(with: coder)",
                "List.encodeRestorableState(with: coder)", "Item.encodeRestorableState(with: coder)",
                "Settings.encodeRestorableState(with: coder)",
            ])
        let tabs = try #require(archive.windows.first)
        #expect(tabs.identifier == "Tabs" && tabs.selected == "Settings" && tabs.scene == "Tabs")
        #expect(tabs.children.map(\.identifier) == ["Nav", "Settings"])
        #expect(tabs.children[0].children.map(\.identifier) == ["List", "Item"], "Note left out")
        #expect(tabs.children[0].children[1].values == ["value": .table([.string("row"): .integer(2)])])
    }

    @Test("a root without an identifier leaves the whole window out")
    func rootWithoutIdentifier() throws {
        let world = World()
        let window = world.makeWindow()
        let nav = try world.make(NavigationController.self, named: "Nav")
        let child = try world.makeController(named: "A")
        child.restorationIdentifier = "A"
        try nav.setViewControllers([child], animated: false)
        try window.setRootViewController(nav)
        #expect(world.preserveState().windows.isEmpty)
        nav.restorationIdentifier = "Nav"
        #expect(world.preserveState().windows.map { $0.children.map(\.identifier) } == [["A"]])
    }

    @Test("restoring: RES-06's order, the stack re-linked, the tab selected, each value decoded")
    func restoring() throws {
        let (old, archive) = try Self.preserved(Keeper())
        let keeper = Keeper()
        let (world, _, window) = try Self.launched(keeper, restoring: RestorationArchive(text: archive.text))
        #expect(world !== old)
        let events = Self.events(world).filter { !$0.contains("viewDidLoad") && !$0.contains("Move") }
        #expect(
            Array(events.prefix(17)) == [
                "AppDelegate.application(willFinishLaunchingWithOptions: nil)",
                "AppDelegate.application(shouldRestoreApplicationState: coder)",
                "Tabs.decodeRestorableState(with: coder)", "Nav.decodeRestorableState(with: coder)",
                "List.decodeRestorableState(with: coder)", "Item.decodeRestorableState(with: coder)",
                "Settings.decodeRestorableState(with: coder)",
                "AppDelegate.application(didDecodeRestorableStateWith: coder)",
                "Tabs.applicationFinishedRestoringState()", "Nav.applicationFinishedRestoringState()",
                "List.applicationFinishedRestoringState()", "Item.applicationFinishedRestoringState()",
                "Settings.applicationFinishedRestoringState()",
                "AppDelegate.application(didFinishLaunchingWithOptions: nil)",
                "SceneDelegate.scene(session, willConnectTo: options)",
                "Tabs.viewWillAppear(false)", "Settings.viewWillAppear(false)",
            ])
        let tabs = try #require(window.rootViewController as? TabBarController)
        #expect(tabs.selectedViewController?.name == "Settings")
        let nav = try #require(tabs.viewControllers.first as? NavigationController)
        #expect(nav.viewControllers.map(\.name) == ["List", "Item"])
        #expect(keeper.values == ["List": .string("list"), "Item": .table([.string("row"): .integer(2)])])
        #expect(world.preserveState() == archive, "preserved again, the same archive")
    }

    @Test("the archive's text: every kind of value, escapes and nesting, back as it was")
    func archiveText() throws {
        let values: [String: RestorableValue] = [
            "flag": .bool(false), "count": .integer(-9_223_372_036_854_775_808), "ratio": .number(0.1),
            "whole": .number(3), "huge": .number(.infinity), "tiny": .number(-1e-300),
            "text": .string("a \"quoted\"\nline\u{1} \\ é"),
            "table": .table([
                .integer(1): .string("one"), .integer(-2): .bool(true), .string("not a name"): .table([:]),
                .string("true"): .integer(0),
            ]),
        ]
        let archive = RestorationArchive(windows: [
            .init(
                identifier: "Root", storyboard: "Main", scene: "Root", values: values,
                children: [.init(identifier: "Child")], selected: "Child", presented: [.init(identifier: "Shown")])
        ])
        let text = archive.text
        #expect(text.hasPrefix("vcsandbox-restoration 1\n"))
        #expect(try RestorationArchive(text: text) == archive)
        #expect(try RestorationArchive(text: text).text == text)
        #expect(text.contains("whole = 3.0") && text.contains("count = -9223372036854775808"))
    }

    @Test("text that is no archive is refused, with where")
    func badText() {
        let refusals: [(String, String, Int?)] = [
            ("{windows = {}}", "it does not start with 'vcsandbox-restoration 1'", 0),
            ("vcsandbox-restoration 1\n{windows = {[1] = {}}", "'}' expected", 45),
            ("vcsandbox-restoration 1\n{windows = {[1] = {scene = \"A\"}}}", "a controller has no identifier", nil),
            ("vcsandbox-restoration 1\n{windows = {[2] = {identifier = \"A\"}}}", "'windows' is not a list", nil),
            ("vcsandbox-restoration 1\n{windows = {}} x", "text after the archive", 39),
            ("vcsandbox-restoration 1\n{a = 1, a = 2}", "a key given twice", 33),
            ("vcsandbox-restoration 1\n\"open", "a string is not closed", 29),
        ]
        for (text, problem, offset) in refusals {
            #expect(throws: UsageError(.badRestorationArchive(problem: problem, offset: offset)), "\(text)") {
                try RestorationArchive(text: text)
            }
        }
        let deep = "vcsandbox-restoration 1\n" + String(repeating: "{a = ", count: 200)
        #expect(throws: UsageError.self) { try RestorationArchive(text: deep) }
    }

    @Test("a decoding coder refuses to encode")
    func decodingCoder() throws {
        let coder = RestorationCoder(decoding: ["a": .integer(1)])
        #expect(throws: UsageError(.coderDecodes(key: "b"))) { try coder.encode(.integer(2), forKey: "b") }
        #expect(coder.decodeValue(forKey: "a") == .integer(1) && coder.decodeValue(forKey: "b") == nil)
        let encoding = RestorationCoder()
        try encoding.encode(.integer(2), forKey: "b")
        try encoding.encode(nil, forKey: "b")
        #expect(encoding.keys.isEmpty)
    }

    @Test("a storyboard's restorationIdentifier reaches its controllers")
    func storyboardIdentifier() throws {
        let world = World()
        let storyboard = try Storyboard(Self.definition, world: world)
        #expect(try storyboard.instantiateViewController(withIdentifier: "Item").restorationIdentifier == "Item")
        #expect(try storyboard.instantiateViewController(withIdentifier: "Note").restorationIdentifier == nil)
    }

    @Test("a restoration class makes its controller from the path and coder; an unknown class warns (RES-06)")
    func restorationClass() throws {
        let (old, _, window) = try Self.launched(Keeper())
        let nav = try #require((window.rootViewController as? TabBarController)?.viewControllers.first)
        for (name, restorationClass) in [("Chart", "Maker"), ("Gone", "Unknown")] {
            let controller = try old.makeController(named: name)
            controller.restorationIdentifier = name
            controller.restorationClass = restorationClass
            try (nav as? NavigationController)?.pushViewController(controller, animated: false)
        }
        let archive = old.preserveState()
        let world = World()
        let fresh = try Storyboard(Self.definition, world: world)
        var asked: [[String]] = []
        let classes: RestorationClasses = [
            "Maker": { path, coder in
                asked.append(path)
                #expect(coder.decodes)
                return try? world.makeController(named: "Chart")
            }
        ]
        let restored = try world.launch(from: fresh, restoring: archive, restorationClasses: classes)
        #expect(asked == [["Tabs", "Nav", "Chart"]])
        let stack = (restored.rootViewController as? TabBarController)?.viewControllers.first as? NavigationController
        #expect(stack?.viewControllers.map(\.name) == ["List", "Chart"])
        #expect(
            world.trace.events.map(\.text).contains(
                "warning: restoration class for view controller does not conform to UIViewControllerRestoration "
                    + "protocol: Class is Unknown"))
    }

    @Test("an archive's text nested past the reader's depth is refused with the place, not read")
    func archiveDepth() throws {
        let header = "vcsandbox-restoration 1\n"
        let deep = header + String(repeating: "{a = ", count: 1_001) + "1" + String(repeating: "}", count: 1_001)
        let offset = header.unicodeScalars.count + 1_000 * 5
        #expect(throws: UsageError(.badRestorationArchive(problem: "tables nest more than 1000 deep", offset: offset)))
        {
            try RestorationArchive(text: deep)
        }
    }
}
