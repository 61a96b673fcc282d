/// What a storyboard file says (XML-01…09): its scenes, each with one view controller (or a
/// reference to another storyboard), the controllers' attributes, and their segues —
/// relationships, embeds inside container views, triggered ones, and unwinds to the scene's
/// exit. Read from Interface Builder's XML, checked, and with every mistake named by file and
/// line; design-time elements (devices, canvas locations, metrics, views' geometry) are passed
/// over. It knows nothing of the engine: instantiating a scene is another step.
///
///     let storyboard = try StoryboardDocument(text: text, file: "Main.storyboard")
///     storyboard.initialController?.kind           // .navigationController
///     storyboard.controller(withIdentifier: "Detail")?.segues
public struct StoryboardDocument: Equatable, Sendable {
    public var file: String
    /// The id of the initial view controller, if the storyboard has one (SBD-01).
    public var initialControllerID: String?
    public var scenes: [Scene] { didSet { positionByID = Self.positions(of: scenes) } }
    /// Where each controller's id is in `scenes` (the first, for one used twice).
    private var positionByID: [String: Int] = [:]

    private static func positions(of scenes: [Scene]) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (position, scene) in scenes.enumerated() where positions[scene.controller.id] == nil {
            positions[scene.controller.id] = position
        }
        return positions
    }

    public struct Scene: Equatable, Sendable {
        public var id: String
        public var controller: Controller
        /// The id of the scene's exit placeholder, the unwind segues' destination (XML-07).
        public var exitID: String?
        public var line: Int
    }

    /// A view controller element, or a reference to a scene of another storyboard (XML-08).
    public struct Controller: Equatable, Sendable {
        public var kind: Kind
        public var id: String
        /// Every attribute of the element but `id` and `sceneMemberID`, as written.
        public var attributes: [String: String]
        /// Its segues in document order: its own, its controls' and its container views'.
        public var segues: [Segue]
        public var line: Int

        public var storyboardIdentifier: String? { attributes["storyboardIdentifier"] }
        public var customClass: String? { attributes["customClass"] }
    }

    public enum Kind: String, CaseIterable, Equatable, Sendable {
        case viewController, navigationController, tabBarController, splitViewController, pageViewController
        case tableViewController, collectionViewController
        /// A storyboard reference (`viewControllerPlaceholder`).
        case reference = "viewControllerPlaceholder"
    }

    public struct Segue: Equatable, Sendable {
        public var kind: SegueKind
        /// The destination's id: a controller's, or the scene's exit for an unwind.
        public var destination: String
        public var identifier: String?
        /// `rootViewController`, `viewControllers`, `masterViewController`, `detailViewController`.
        public var relationship: String?
        /// Every other attribute, as written (`animates`, `modalPresentationStyle`, `unwindAction`, …).
        public var attributes: [String: String]
        /// Whether a container view holds it (an embed), rather than the controller or a control.
        public var isInContainerView: Bool
        public var line: Int
    }

    public enum SegueKind: String, CaseIterable, Equatable, Sendable {
        case show, showDetail, presentation, popoverPresentation, relationship, embed, unwind, custom
        case push, modal, popover, replace
    }

    /// The relationships a loader knows (XML-05); any other is refused.
    public static let relationships = [
        "rootViewController", "viewControllers", "masterViewController", "detailViewController",
    ]

    /// The controller with `id`, in any scene.
    public func controller(withID id: String) -> Controller? {
        positionByID[id].map { scenes[$0].controller }
    }

    /// The controller whose `storyboardIdentifier` is `identifier`.
    public func controller(withIdentifier identifier: String) -> Controller? {
        scenes.first { $0.controller.storyboardIdentifier == identifier }?.controller
    }

    public var initialController: Controller? { initialControllerID.flatMap(controller(withID:)) }
}

/// A mistake in a storyboard, named by file and line.
public struct StoryboardError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

extension StoryboardDocument {
    /// Reads a storyboard's XML; `file` names it in errors.
    public init(text: String, file: String) throws {
        let root: MarkupElement
        do {
            root = try MarkupReader.parse(text)
        } catch let error as MarkupError {
            throw StoryboardError(file: file, line: error.line, message: "not well-formed XML: \(error.message)")
        }
        let fail = { (line: Int, message: String) in StoryboardError(file: file, line: line, message: message) }
        guard root.name == "document", root["type"]?.hasSuffix(".Storyboard.XIB") ?? false else {
            throw fail(
                root.line, "not a storyboard: the root is <\(root.name)>, not <document type=\"….Storyboard.XIB\">")
        }
        self.file = file
        initialControllerID = root["initialViewController"]
        scenes = try root.children(named: "scenes").flatMap { $0.children(named: "scene") }.map { scene in
            try Self.scene(scene, fail)
        }
        positionByID = Self.positions(of: scenes)
        try check(fail, documentLine: root.line)
    }

    private static func scene(_ element: MarkupElement, _ fail: (Int, String) -> StoryboardError) throws -> Scene {
        guard let sceneID = element["sceneID"] else { throw fail(element.line, "<scene> has no sceneID") }
        let objects = element.children(named: "objects").flatMap(\.children)
        let controllers = objects.filter { $0["sceneMemberID"] == "viewController" }
        guard controllers.count == 1, let controllerElement = controllers.first else {
            throw fail(
                element.line,
                "scene \(sceneID) has \(controllers.isEmpty ? "no" : "\(controllers.count)") view controllers; "
                    + "a scene holds exactly one (sceneMemberID=\"viewController\")")
        }
        guard let kind = Kind(rawValue: controllerElement.name) else {
            throw fail(
                controllerElement.line,
                "<\(controllerElement.name)> is no view controller the sandbox knows; it knows "
                    + Kind.allCases.map { "<\($0.rawValue)>" }.joined(separator: ", "))
        }
        guard let id = controllerElement["id"] else {
            throw fail(controllerElement.line, "<\(kind.rawValue)> has no id")
        }
        var attributes: [String: String] = [:]
        for attribute in controllerElement.attributes where attribute.name != "id" && attribute.name != "sceneMemberID"
        {
            attributes[attribute.name] = attribute.value
        }
        let controller = Controller(
            kind: kind, id: id, attributes: attributes, segues: try segues(in: controllerElement, fail),
            line: controllerElement.line)
        let exit = objects.first { $0.name == "exit" && $0["sceneMemberID"] == "exit" }
        return Scene(id: sceneID, controller: controller, exitID: exit?["id"], line: element.line)
    }

    /// The segues under `element`, in document order: those in `<connections>` of the
    /// controller, of its controls and of its container views; never those of a nested segue
    /// (XML-09's peek and pop) nor re-references (`<segue reference="…"/>`).
    private static func segues(in element: MarkupElement, _ fail: (Int, String) -> StoryboardError) throws -> [Segue] {
        var found: [Segue] = []
        func walk(_ element: MarkupElement, inContainerView: Bool) throws {
            for child in element.children {
                if child.name == "segue" {
                    guard element.name == "connections", child["reference"] == nil else { continue }
                    found.append(try segue(child, inContainerView: inContainerView, fail))
                } else {
                    try walk(child, inContainerView: inContainerView || child.name == "containerView")
                }
            }
        }
        try walk(element, inContainerView: false)
        return found
    }

    private static func segue(
        _ element: MarkupElement, inContainerView: Bool, _ fail: (Int, String) -> StoryboardError
    ) throws -> Segue {
        guard let destination = element["destination"] else { throw fail(element.line, "<segue> has no destination") }
        let kindName = element["kind"] ?? "custom"
        guard let kind = SegueKind(rawValue: kindName) else {
            throw fail(
                element.line,
                "segue kind '\(kindName)' is unknown; kinds: "
                    + SegueKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var attributes: [String: String] = [:]
        for attribute in element.attributes
        where !["destination", "kind", "identifier", "relationship", "id"].contains(attribute.name) {
            attributes[attribute.name] = attribute.value
        }
        let relationship = element["relationship"]
        if kind == .relationship {
            guard let relationship, relationships.contains(relationship) else {
                throw fail(
                    element.line,
                    "relationship '\(relationship ?? "")' is unknown; relationships: "
                        + relationships.joined(separator: ", "))
            }
        }
        if kind == .embed, !inContainerView { throw fail(element.line, "an embed segue outside a <containerView>") }
        return Segue(
            kind: kind, destination: destination, identifier: element["identifier"], relationship: relationship,
            attributes: attributes, isInContainerView: inContainerView, line: element.line)
    }

    /// Links that must hold across scenes: ids are unique, the initial controller and every
    /// destination exist (an unwind's is its scene's exit), and relationships fit their source.
    private func check(_ fail: (Int, String) -> StoryboardError, documentLine: Int) throws {
        var seen: [String: Int] = [:]
        for scene in scenes {
            if let line = seen[scene.controller.id] {
                throw fail(scene.controller.line, "id '\(scene.controller.id)' is used twice (first at line \(line))")
            }
            seen[scene.controller.id] = scene.controller.line
        }
        for scene in scenes where scene.controller.kind == .reference {
            if let name = scene.controller.attributes["storyboardName"], name.contains("/") || name.isEmpty {
                throw fail(
                    scene.controller.line,
                    "a storyboard reference names a storyboard beside this one, not a path: '\(name)'")
            }
        }
        if let initial = initialControllerID, controller(withID: initial) == nil {
            throw fail(documentLine, "the initial view controller '\(initial)' is no scene's controller")
        }
        for scene in scenes {
            for segue in scene.controller.segues {
                if segue.kind == .unwind {
                    guard segue.destination == scene.exitID else {
                        throw fail(
                            segue.line, "an unwind segue's destination '\(segue.destination)' is not its scene's exit")
                    }
                    continue
                }
                guard controller(withID: segue.destination) != nil else {
                    throw fail(segue.line, "segue destination '\(segue.destination)' is no scene's controller")
                }
                if segue.kind == .relationship, let relationship = segue.relationship {
                    let fits: Bool =
                        switch relationship {
                        case "rootViewController": scene.controller.kind == .navigationController
                        case "viewControllers": scene.controller.kind == .tabBarController
                        default: scene.controller.kind == .splitViewController
                        }
                    guard fits else {
                        throw fail(
                            segue.line, "a '\(relationship)' relationship from a <\(scene.controller.kind.rawValue)>")
                    }
                }
            }
            try checkRelationshipCounts(of: scene.controller, fail)
        }
    }

    /// A navigation controller has one root, a split view controller at most one primary and
    /// one secondary (XML-05): a second is refused at its line.
    private func checkRelationshipCounts(of controller: Controller, _ fail: (Int, String) -> StoryboardError) throws {
        var seen: Set<String> = []
        for segue in controller.segues where segue.kind == .relationship {
            guard let relationship = segue.relationship, relationship != "viewControllers" else { continue }
            guard seen.insert(relationship).inserted else {
                throw fail(
                    segue.line,
                    "a second '\(relationship)' relationship from <\(controller.kind.rawValue)> \(controller.id): "
                        + "it takes one")
            }
        }
    }
}

extension StoryboardDocument {
    /// A destination as the outline names it: its storyboard identifier, else its custom class
    /// (the trace's name for it) with its id, else its id.
    private func name(ofDestination id: String) -> String {
        guard let destination = controller(withID: id) else { return id }
        if let identifier = destination.storyboardIdentifier { return "\"\(identifier)\"" }
        return destination.customClass.map { "\($0) (\(id))" } ?? id
    }

    /// The storyboard as the loader understood it, a scene a paragraph, for a person to check
    /// (`vcsandbox storyboard FILE`): each controller by id, kind, storyboard identifier and
    /// custom class, then its segues with their kind, identifier and destination.
    public var outline: String {
        var lines = [
            "\(file): \(scenes.count) scene\(scenes.count == 1 ? "" : "s"); "
                + (initialControllerID.map { "initial view controller \($0)" } ?? "no initial view controller")
        ]
        for scene in scenes {
            let controller = scene.controller
            var head = "\(controller.id)  \(controller.kind.rawValue)"
            if let identifier = controller.storyboardIdentifier { head += " \"\(identifier)\"" }
            if let customClass = controller.customClass { head += " \(customClass)" }
            if controller.kind == .reference {
                head += " → storyboard " + (controller.attributes["storyboardName"] ?? "(this one)")
                head +=
                    controller.attributes["referencedIdentifier"].map { ", scene \"\($0)\"" } ?? ", its initial scene"
            }
            if controller.id == initialControllerID { head += " (initial)" }
            lines.append(head)
            for segue in controller.segues {
                var line = "  " + (segue.relationship ?? segue.kind.rawValue)
                if let identifier = segue.identifier { line += " \"\(identifier)\"" }
                if segue.isInContainerView { line += " (container view)" }
                line += " → " + (segue.kind == .unwind ? "exit" : name(ofDestination: segue.destination))
                let details = segue.attributes.keys.sorted().map { "\($0) \(segue.attributes[$0]!)" }
                if !details.isEmpty { line += " (" + details.joined(separator: ", ") + ")" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
