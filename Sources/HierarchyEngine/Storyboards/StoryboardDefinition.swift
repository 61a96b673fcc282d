/// What a storyboard holds, as the engine needs it (M-15): its scenes, each one controller
/// with its attributes, its relationship children, its container views' embed segues and its
/// triggered and unwind segues. A value, whether it came from Interface Builder's XML or from
/// a script's table; `Storyboard` instantiates its scenes.
///
///     let definition = StoryboardDefinition(name: "Main", initialSceneID: "nav", scenes: [
///         SceneDefinition(id: "nav", kind: .navigation, identifier: "Nav", children: ["list"]),
///         SceneDefinition(id: "list", identifier: "List",
///                         segues: [SegueDefinition(kind: .show, identifier: "showItem", destination: "item")]),
///         SceneDefinition(id: "item", identifier: "Item"),
///     ])
public struct StoryboardDefinition: Sendable {
    /// The storyboard's name, as `UIStoryboard(name:bundle:)` takes it: `Main`.
    public var name: String
    /// The scene of the initial view controller, if there is one (SBD-01).
    public var initialSceneID: String?
    public var scenes: [SceneDefinition] { didSet { index = Index(scenes) } }
    /// Where each id and identifier is in `scenes` (the first, for one used twice), so that
    /// a storyboard of many scenes is checked and looked up in proportion to its size.
    private var index: Index

    private struct Index: Sendable {
        var byID: [String: Int] = [:]
        var byIdentifier: [String: Int] = [:]

        init(_ scenes: [SceneDefinition]) {
            for (position, scene) in scenes.enumerated() {
                if byID[scene.id] == nil { byID[scene.id] = position }
                if let identifier = scene.identifier, byIdentifier[identifier] == nil {
                    byIdentifier[identifier] = position
                }
            }
        }
    }

    public init(name: String, initialSceneID: String?, scenes: [SceneDefinition]) {
        self.name = name
        self.initialSceneID = initialSceneID
        self.scenes = scenes
        index = Index(scenes)
    }

    /// The scene whose id is `id`.
    public func scene(withID id: String) -> SceneDefinition? {
        index.byID[id].map { scenes[$0] }
    }

    /// The scene whose storyboard identifier is `identifier` (SBD-02).
    public func scene(withIdentifier identifier: String) -> SceneDefinition? {
        index.byIdentifier[identifier].map { scenes[$0] }
    }

    /// The names of every unwind action the storyboard's segues call (`unwindToList`): the
    /// methods a scene's class may implement for them.
    public var unwindActionNames: Set<String> {
        Set(scenes.flatMap { $0.segues.compactMap { $0.unwindAction.map(SegueDefinition.methodName(of:)) } })
    }

    /// The first link that does not hold, in words, or nil: scene ids unique, the initial
    /// scene, every relationship child and destination a scene, each relationship fitting its
    /// container (one root, a primary and a secondary), embeds only among the embeds, every
    /// unwind with an action, and no scene that contains itself through its children, its
    /// embeds or a reference to this storyboard. `Storyboard` refuses a definition with a
    /// problem; a reference to another storyboard is checked as it is instantiated.
    public func problem() -> String? { brokenLink()?.text }

    /// The first broken link, with the scene it is in where it is in one (a file's reader names
    /// that scene's line).
    public func brokenLink() -> (scene: String?, text: String)? {
        var seen: Set<String> = []
        for scene in scenes {
            guard seen.insert(scene.id).inserted else { return (scene.id, "two scenes are called '\(scene.id)'") }
        }
        if let initial = initialSceneID, scene(withID: initial) == nil {
            return (nil, "the initial scene '\(initial)' is no scene of the storyboard")
        }
        for scene in scenes {
            if let problem = scene.problem(in: self) { return (scene.id, problem) }
        }
        return cycle().map { ($0[0], "scene '\($0[0])' contains itself: " + $0.joined(separator: " → ")) }
    }

    /// The scenes that a scene holds as it is decoded and its view loads: its relationship
    /// children, its embeds' destinations, and what a reference to this storyboard names.
    func containedScenes(of scene: SceneDefinition) -> [String] {
        if case .reference(nil, let identifier) = scene.kind {
            return [identifier.flatMap { self.scene(withIdentifier: $0)?.id } ?? initialSceneID].compactMap { $0 }
        }
        return scene.children + scene.embeds.compactMap(\.destination)
    }

    /// A path of scene ids that comes back to its first, if the containment graph has one: a
    /// depth-first walk with a stack of its own, so that no storyboard is too deep for it.
    private func cycle() -> [String]? {
        let byID = Dictionary(scenes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var finished: Set<String> = []
        for start in scenes where !finished.contains(start.id) {
            // Each entry: a scene on the path, and the scenes it holds not yet followed.
            var stack: [(id: String, next: [String])] = [(start.id, containedScenes(of: start).reversed())]
            var onPath: Set<String> = [start.id]
            while !stack.isEmpty {
                guard let id = stack[stack.count - 1].next.popLast() else {
                    let done = stack.removeLast().id
                    onPath.remove(done)
                    finished.insert(done)
                    continue
                }
                if onPath.contains(id), let start = stack.firstIndex(where: { $0.id == id }) {
                    return stack[start...].map(\.id) + [id]
                }
                guard !finished.contains(id), let scene = byID[id] else { continue }
                stack.append((id, containedScenes(of: scene).reversed()))
                onPath.insert(id)
            }
        }
        return nil
    }
}

/// One scene: the controller it makes and what comes with it.
public struct SceneDefinition: Sendable {
    /// The scene's id: the controller element's `id`, or the key of a script's table.
    public var id: String
    /// What kind of controller the scene makes.
    public var kind: SceneKind
    /// The storyboard identifier `instantiateViewController(withIdentifier:)` finds it by.
    public var identifier: String?
    /// The app's class for the controller, which `Storyboard.classOverrides` attaches behaviour by.
    public var customClass: String?
    /// The attributes each instance gets (XML-03); nil styles leave UIKit's defaults.
    public var title: String?
    public var definesPresentationContext = false
    public var providesPresentationContextTransitionStyle = false
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: ModalTransitionStyle?
    public var hidesBottomBarWhenPushed = false
    /// The restoration identifier each instance gets (RES-01).
    public var restorationIdentifier: String?
    /// The relationship children's scene ids, in order: a navigation controller's root, a tab
    /// bar controller's tabs, a split view controller's primary and secondary (XML-05).
    public var children: [String]
    /// The embed segues of the controller's container views, in document order (SBD-06).
    public var embeds: [SegueDefinition]
    /// Its triggered and unwind segues (SEG-05…17).
    public var segues: [SegueDefinition]

    public init(
        id: String, kind: SceneKind = .plain, identifier: String? = nil, customClass: String? = nil,
        children: [String] = [], embeds: [SegueDefinition] = [], segues: [SegueDefinition] = []
    ) {
        self.id = id
        self.kind = kind
        self.identifier = identifier
        self.customClass = customClass
        self.children = children
        self.embeds = embeds
        self.segues = segues
    }

    /// The start of the names of this scene's controllers (SPEC §9.3): the storyboard
    /// identifier, else the custom class, else the scene's id.
    var baseName: String { identifier ?? customClass ?? id }

    /// The segue `performSegue(withIdentifier:)` finds (SEG-06): a triggered or unwind segue;
    /// an embed's identifier names no segue to perform.
    func segue(withIdentifier identifier: String) -> SegueDefinition? {
        segues.first { $0.identifier == identifier }
    }

    fileprivate func problem(in storyboard: StoryboardDefinition) -> String? {
        let relationships: ClosedRange<Int>? =
            switch kind {
            case .navigation: 0...1
            case .tabBar: 0...Int.max
            case .split: 0...2
            case .plain, .page, .reference: nil
            }
        if let relationships, !relationships.contains(children.count) {
            return "scene '\(id)' (\(kind.words)) has \(children.count) relationship children; it takes at most "
                + "\(relationships.upperBound)"
        }
        if relationships == nil, !children.isEmpty { return "scene '\(id)' (\(kind.words)) takes no children" }
        if embeds.contains(where: { $0.kind != .embed }) || segues.contains(where: { $0.kind == .embed }) {
            return "scene '\(id)': embed segues, and only they, go among its embeds"
        }
        if case .reference(nil, let identifier) = kind {
            if let identifier, storyboard.scene(withIdentifier: identifier) == nil {
                return "scene '\(id)': the storyboard has no scene with the identifier '\(identifier)' for it"
            }
            if identifier == nil, storyboard.initialSceneID == nil {
                return "scene '\(id)': the storyboard has no initial view controller for the reference to use"
            }
        }
        for child in children where storyboard.scene(withID: child) == nil {
            return "scene '\(id)': its child '\(child)' is no scene of the storyboard"
        }
        for segue in embeds + segues {
            if let problem = segue.problem(in: storyboard, from: id) { return problem }
        }
        return nil
    }
}

/// What kind of controller a scene makes (XML-03): table and collection view controllers are
/// plain ones here.
public enum SceneKind: Equatable, Sendable {
    case plain, navigation, tabBar, split
    /// A page view controller, with its style and, for a page curl, its spine (nil: UIKit's).
    case page(PageViewController.TransitionStyle, spine: PageViewController.SpineLocation? = nil)
    /// A storyboard reference (XML-08): the scene `identifier` of the storyboard `storyboard`
    /// (nil: this one), or its initial scene when `identifier` is nil.
    case reference(storyboard: String?, identifier: String?)

    /// The kind as the table form names it: `"navigation"`, `"plain"`.
    public var name: String {
        switch self {
        case .plain: "plain"
        case .navigation: "navigation"
        case .tabBar: "tabBar"
        case .split: "split"
        case .page: "page"
        case .reference: "reference"
        }
    }

    var words: String {
        switch self {
        case .plain: "a view controller"
        case .navigation: "a navigation controller"
        case .tabBar: "a tab bar controller"
        case .split: "a split view controller"
        case .page: "a page view controller"
        case .reference: "a storyboard reference"
        }
    }
}

/// One segue of a scene (XML-04), as its template keeps it.
public struct SegueDefinition: Sendable {
    public var kind: Kind
    public var identifier: String?
    /// The destination scene's id; nil for an unwind, whose destination is searched (SEG-16).
    public var destination: String?
    /// An unwind's action, as Interface Builder writes the selector (`unwindToList:`).
    public var unwindAction: String?
    /// `animates="NO"`: the segue runs with animations off (SEG-05).
    public var animates = true
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: ModalTransitionStyle?
    /// Whether a popover segue names an anchor view or bar button item (SEG-09).
    public var hasPopoverAnchor = false
    /// The segue's class (SEG-10): a custom segue's, or a standard kind's subclass.
    public var customClass: String?

    public enum Kind: String, CaseIterable, Sendable {
        case show, showDetail, presentation, popoverPresentation, embed, unwind, custom, push, modal, popover, replace
    }

    public init(kind: Kind, identifier: String? = nil, destination: String? = nil, unwindAction: String? = nil) {
        self.kind = kind
        self.identifier = identifier
        self.destination = destination
        self.unwindAction = unwindAction
    }

    /// The method an unwind action names: `unwindToList:` is `unwindToList`.
    public static func methodName(of action: String) -> String {
        action.hasSuffix(":") ? String(action.dropLast()) : action
    }

    /// The selector of an action, as `canPerformUnwindSegueAction` receives it: `unwindToList:`.
    static func selector(of action: String) -> String {
        action.hasSuffix(":") ? action : action + ":"
    }

    fileprivate func problem(in storyboard: StoryboardDefinition, from scene: String) -> String? {
        let name = identifier.map { "segue '\($0)'" } ?? "an unnamed \(kind.rawValue) segue"
        if kind == .unwind {
            guard let action = unwindAction, !SegueDefinition.methodName(of: action).isEmpty else {
                return "scene '\(scene)': \(name) is an unwind without an action"
            }
            return nil
        }
        guard let destination else { return "scene '\(scene)': \(name) has no destination" }
        guard storyboard.scene(withID: destination) != nil else {
            return "scene '\(scene)': \(name) leads to '\(destination)', which is no scene of the storyboard"
        }
        return nil
    }
}
