/// A storyboard opened in a world (`UIStoryboard`, M-15, SBD-01…07): it instantiates its
/// scenes' controllers, each call a new one, and keeps the segue templates its controllers
/// perform.
///
/// Instantiating a scene is one nib's decoding (SBD-02, SBD-04): the controller's
/// `init(coder:)` begins, its relationship children are decoded inside it (their own
/// `init(coder:)`, then the container takes them in, as its initializer would), and once the
/// whole nib is decoded every object of it hears `awakeFromNib`, children before their
/// container (D-129). No view loads. A reference to a scene of another storyboard opens that
/// storyboard through `references` and instantiates the scene there, inside the decoding.
///
///     let main = try Storyboard(StoryboardDefinition(...), world: world)
///     let nav = try main.instantiateInitialViewController()   // Nav.init(coder:), List.init(coder:), …
///     try list.performSegue(withIdentifier: "showItem", sender: .none)
public final class Storyboard {
    public let definition: StoryboardDefinition
    #if DEBUG
        unowned let world: World
    #else
        unowned(unsafe) let world: World
    #endif
    /// Behaviour the client gives the controllers of a scene, by the scene's identifier or
    /// custom class, as an app's subclass would (`sb:class` in Lua); asked as each controller
    /// is made, before its `init(coder:)` is recorded.
    public var classOverrides: ((SceneDefinition, ViewController) -> Void)?
    /// Opens the storyboard a reference names (XML-08); nil, or a throwing one, refuses it.
    public var references: ((String) throws -> Storyboard)?
    /// A custom segue class's `perform()` (SEG-10), by class name; nil for a class the client
    /// does not know.
    public var segueClass: ((String) -> ((StoryboardSegue) -> Void)?)?
    /// The last number each scene's base name was given (`unusedName`).
    private var lastNumbers: [String: Int] = [:]

    /// Opens `definition` in `world`; one with a problem (`StoryboardDefinition.problem()`)
    /// is refused.
    public init(_ definition: StoryboardDefinition, world: World) throws {
        if let problem = definition.problem() {
            throw UsageError(.badStoryboard(name: definition.name, problem: problem))
        }
        self.definition = definition
        self.world = world
    }

    public var name: String { definition.name }

    /// `instantiateInitialViewController()`: nil when the storyboard has no initial view
    /// controller (SBD-01).
    public func instantiateInitialViewController() throws -> ViewController? {
        guard let id = definition.initialSceneID, let scene = definition.scene(withID: id) else { return nil }
        return try instantiate(scene)
    }

    /// `instantiateViewController(withIdentifier:)`: a new controller every call (SBD-02);
    /// an identifier no scene has is UIKit's exception.
    public func instantiateViewController(withIdentifier identifier: String) throws -> ViewController {
        guard let scene = definition.scene(withIdentifier: identifier) else {
            throw UIKitException.invalidArgument(
                "Storyboard (<UIStoryboard: \(name)>) doesn't contain a view controller with identifier '\(identifier)'"
            )
        }
        return try instantiate(scene)
    }

    /// One nib: the scene's controller and its relationship children, then `awakeFromNib`.
    /// What it holds is resolved first, so that a reference that cannot be followed, or one
    /// that leads back into what is being decoded, is refused before anything is made.
    func instantiate(_ scene: SceneDefinition) throws -> ViewController {
        try world.trace.because(.sbd02) { try decode(scene) }
    }

    private func decode(_ scene: SceneDefinition) throws -> ViewController {
        var check = ContainmentCheck()
        try checkContained(scene, &check)
        var decoded: [ViewController] = []
        let controller = try decode(scene, into: &decoded)
        for object in decoded {
            object.recordStoryboardEvent("awakeFromNib", [])
            object.awakeFromNib()
        }
        return controller
    }

    /// Makes the scene's controller and its children, appending each to `decoded` once its
    /// own children are (the order `awakeFromNib` follows).
    private func decode(_ scene: SceneDefinition, into decoded: inout [ViewController]) throws -> ViewController {
        if case .reference(let storyboardName, let identifier) = scene.kind {
            return try referenced(storyboardName, identifier)
        }
        let controller = try make(scene)
        let children = try scene.children.map { id in try decode(definition.scene(withID: id)!, into: &decoded) }
        try adopt(children, into: controller)
        decoded.append(controller)
        return controller
    }

    /// The controller of a scene of its own kind, with the scene's attributes and the
    /// client's behaviour, its `init(coder:)` recorded.
    private func make(_ scene: SceneDefinition) throws -> ViewController {
        let controller: ViewController =
            switch scene.kind {
            case .plain, .reference: try world.make(ViewController.self, named: unusedName(scene.baseName))
            case .navigation: try world.make(NavigationController.self, named: unusedName(scene.baseName))
            case .tabBar: try world.make(TabBarController.self, named: unusedName(scene.baseName))
            case .split: try world.make(SplitViewController.self, named: unusedName(scene.baseName))
            case .page(let style, let spine):
                try configured(world.make(PageViewController.self, named: unusedName(scene.baseName)), style, spine)
            }
        controller.storyboardOrigin = StoryboardOrigin(storyboard: self, scene: scene)
        controller.title = scene.title
        if scene.definesPresentationContext { controller.definesPresentationContext = true }
        controller.providesPresentationContextTransitionStyle = scene.providesPresentationContextTransitionStyle
        if let style = scene.modalPresentationStyle { controller.modalPresentationStyle = style }
        if let style = scene.modalTransitionStyle { controller.modalTransitionStyle = style }
        controller.hidesBottomBarWhenPushed = scene.hidesBottomBarWhenPushed
        controller.restorationIdentifier = scene.restorationIdentifier
        classOverrides?(scene, controller)
        controller.recordStoryboardEvent("init", [TraceArgument(nil, .literal("coder:"))])
        return controller
    }

    private func configured(
        _ pages: PageViewController, _ style: PageViewController.TransitionStyle,
        _ spine: PageViewController.SpineLocation?
    ) throws -> PageViewController {
        try pages.configure(style: style, spine: spine)
        return pages
    }

    /// A container takes its relationship children in, as its `init(coder:)` does.
    private func adopt(_ children: [ViewController], into controller: ViewController) throws {
        switch controller {
        case let navigation as NavigationController: try navigation.setViewControllers(children, animated: false)
        case let tabs as TabBarController: try tabs.setViewControllers(children, animated: false)
        case let split as SplitViewController where !children.isEmpty: try split.setViewControllers(children)
        default: break
        }
    }

    /// The scene a reference names, instantiated in its own storyboard (SBD-04): its own nib,
    /// decoded inside this one's.
    private func referenced(_ storyboardName: String?, _ identifier: String?) throws -> ViewController {
        let (target, scene) = try resolve(storyboardName, identifier)
        return try target.instantiate(scene)
    }

    /// The storyboard and scene a reference names; UIKit's exceptions for a storyboard it
    /// cannot open or a scene that is not there.
    private func resolve(_ storyboardName: String?, _ identifier: String?) throws -> (Storyboard, SceneDefinition) {
        let target =
            try storyboardName.map { name in
                guard let open = references else {
                    throw UIKitException.invalidArgument(
                        "Could not find a storyboard named '\(name)' in bundle NSBundle <main>")
                }
                return try open(name)
            } ?? self
        if let identifier {
            guard let scene = target.definition.scene(withIdentifier: identifier) else {
                throw UIKitException.invalidArgument(
                    "Storyboard (<UIStoryboard: \(target.name)>) doesn't contain a view controller with identifier "
                        + "'\(identifier)'")
            }
            return (target, scene)
        }
        guard let id = target.definition.initialSceneID, let scene = target.definition.scene(withID: id) else {
            throw UIKitException.internalInconsistency(
                "The storyboard '\(target.name)' has no initial view controller for a reference to use")
        }
        return (target, scene)
    }

    /// Checks every scene as `instantiate` would, references into other storyboards
    /// included: a client calls it once the storyboards a reference leads to can be opened,
    /// so that a mistake is found as the storyboard is read rather than when a scene is made.
    public func checkScenes() throws {
        var check = ContainmentCheck()
        for scene in definition.scenes { try checkContained(scene, &check) }
    }

    /// The scenes on the way being followed, and those already found sound.
    struct ContainmentCheck {
        var path: [(Storyboard, String)] = []
        var sound: Set<String> = []
        /// Far deeper than any storyboard's containers nest; the decoding recurses once a level.
        static let deepest = 128

        func key(_ storyboard: Storyboard, _ id: String) -> String { "\(ObjectIdentifier(storyboard))/\(id)" }
    }

    /// Follows what `scene` holds (relationship children, embeds, references, into other
    /// storyboards too) and refuses a path that comes back to a scene on it (D-129), which
    /// UIKit would decode or load for ever, a nesting past `ContainmentCheck.deepest`, and a
    /// navigation controller whose root is one (UIKit's exception as it takes it in). Each
    /// scene is followed once.
    private func checkContained(_ scene: SceneDefinition, _ check: inout ContainmentCheck) throws {
        let key = check.key(self, scene.id)
        guard !check.sound.contains(key) else { return }
        if check.path.contains(where: { $0.0 === self && $0.1 == scene.id }) {
            throw UsageError(.storyboardCycle(check.path.map { "\($0.0.name).\($0.1)" } + ["\(name).\(scene.id)"]))
        }
        guard check.path.count < ContainmentCheck.deepest else {
            throw UsageError(.storyboardTooDeep(scene: "\(name).\(scene.id)", levels: ContainmentCheck.deepest))
        }
        check.path.append((self, scene.id))
        defer { check.path.removeLast() }
        if case .reference(let storyboardName, let identifier) = scene.kind {
            let (target, referenced) = try resolve(storyboardName, identifier)
            try target.checkContained(referenced, &check)
        } else {
            if scene.kind == .navigation, let root = scene.children.first {
                try checkNotNavigation(definition.scene(withID: root)!, rootOf: scene)
            }
            for id in definition.containedScenes(of: scene) {
                try checkContained(definition.scene(withID: id)!, &check)
            }
        }
        check.sound.insert(key)
    }

    /// A navigation controller's root that is a navigation controller, through references too.
    private func checkNotNavigation(_ root: SceneDefinition, rootOf scene: SceneDefinition) throws {
        var (storyboard, resolved) = (self, root)
        for _ in 0..<ContainmentCheck.deepest {
            guard case .reference(let storyboardName, let identifier) = resolved.kind else { break }
            (storyboard, resolved) = try storyboard.resolve(storyboardName, identifier)
        }
        guard resolved.kind != .navigation else {
            throw UIKitException.invalidArgument(
                "Pushing a navigation controller is not supported (\(storyboard.name).\(resolved.id) as the root of "
                    + "\(name).\(scene.id))")
        }
    }

    /// The scene's base name if no controller has it, else the first free `name#2`, `name#3`
    /// (SPEC §9.3), counting on from the last number given, so that many instances cost no
    /// more each.
    private func unusedName(_ base: String) -> String {
        var number = lastNumbers[base] ?? 1
        var candidate = number == 1 ? base : "\(base)#\(number)"
        while world.controller(named: candidate) != nil {
            number += 1
            candidate = "\(base)#\(number)"
        }
        lastNumbers[base] = number
        return candidate
    }
}

/// The scene a controller was instantiated from, with its storyboard: what `storyboard`,
/// `performSegue` and embed segues read.
public struct StoryboardOrigin {
    public let storyboard: Storyboard
    public let scene: SceneDefinition
}

extension ViewController {
    /// UIKit's `storyboard`: the storyboard this controller was instantiated from, or nil.
    public var storyboard: Storyboard? { storyboardOrigin?.storyboard }

    /// Records a call of the storyboard machinery on this controller under `storyboard`.
    func recordStoryboardEvent(_ method: String, _ arguments: [TraceArgument]) {
        trace.record(TraceEvent(.storyboard, name, method, arguments))
    }

    /// Records a segue's call on this controller under `segue`.
    func recordSegueEvent(_ method: String, _ arguments: [TraceArgument]) {
        trace.record(TraceEvent(.segue, name, method, arguments))
    }
}
