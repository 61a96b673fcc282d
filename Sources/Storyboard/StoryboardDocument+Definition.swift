import HierarchyEngine

extension StoryboardDocument {
    /// The storyboard as the engine instantiates it, named `name` (the file's name without
    /// `.storyboard`): each scene keyed by its controller's id, relationships in their
    /// container's order (a split's primary before its secondary, XML-05), embeds apart from
    /// the other segues (SBD-06). A style the engine does not know is refused at its line, and
    /// so is a scene that contains itself (through its children, embeds or references to this
    /// storyboard), at the scene's line.
    ///
    ///     let definition = try StoryboardDocument(text: text, file: "Main.storyboard").definition(named: "Main")
    public func definition(named name: String) throws -> StoryboardDefinition {
        let definition = StoryboardDefinition(
            name: name, initialSceneID: initialControllerID,
            scenes: try scenes.map { try sceneDefinition($0.controller) })
        if let (scene, text) = definition.brokenLink() {
            let line = scene.flatMap { controller(withID: $0)?.line } ?? 1
            throw StoryboardError(file: file, line: line, message: text)
        }
        return definition
    }

    private func sceneDefinition(_ controller: Controller) throws -> SceneDefinition {
        let attributes = controller.attributes
        var scene = SceneDefinition(
            id: controller.id, kind: try sceneKind(controller), identifier: controller.storyboardIdentifier,
            customClass: controller.customClass)
        scene.title = attributes["title"]
        scene.definesPresentationContext = attributes["definesPresentationContext"] == "YES"
        scene.providesPresentationContextTransitionStyle =
            attributes["providesPresentationContextTransitionStyle"] == "YES"
        scene.modalPresentationStyle = try style(attributes["modalPresentationStyle"], line: controller.line)
        scene.modalTransitionStyle = try style(attributes["modalTransitionStyle"], line: controller.line)
        scene.hidesBottomBarWhenPushed = attributes["hidesBottomBarWhenPushed"] == "YES"
        scene.restorationIdentifier = attributes["restorationIdentifier"]
        let relationships = controller.segues.filter { $0.kind == .relationship }
        let order = Self.relationships
        scene.children = relationships.sorted {
            order.firstIndex(of: $0.relationship!)! < order.firstIndex(of: $1.relationship!)!
        }
        .map(\.destination)
        scene.embeds = try controller.segues.filter { $0.kind == .embed }.map(segueDefinition)
        scene.segues = try controller.segues.filter { $0.kind != .relationship && $0.kind != .embed }
            .map(segueDefinition)
        return scene
    }

    private func sceneKind(_ controller: Controller) throws -> SceneKind {
        switch controller.kind {
        case .viewController, .tableViewController, .collectionViewController: .plain
        case .navigationController: .navigation
        case .tabBarController: .tabBar
        case .splitViewController: .split
        case .pageViewController:
            // UIKit reads the spine of a page curl only (PAG-05): a scroll's is none.
            controller.attributes["transitionStyle"] == "pageCurl"
                ? .page(.pageCurl, spine: try style(controller.attributes["spineLocation"], line: controller.line))
                : .page(.scroll)
        case .reference:
            .reference(
                storyboard: controller.attributes["storyboardName"],
                identifier: controller.attributes["referencedIdentifier"])
        }
    }

    private func segueDefinition(_ segue: Segue) throws -> SegueDefinition {
        var definition = SegueDefinition(
            kind: SegueDefinition.Kind(rawValue: segue.kind.rawValue)!, identifier: segue.identifier,
            destination: segue.kind == .unwind ? nil : segue.destination,
            unwindAction: segue.attributes["unwindAction"])
        if segue.kind == .unwind, definition.unwindAction == nil {
            throw StoryboardError(file: file, line: segue.line, message: "an unwind segue without an unwindAction")
        }
        definition.animates = segue.attributes["animates"] != "NO"
        definition.modalPresentationStyle = try style(segue.attributes["modalPresentationStyle"], line: segue.line)
        definition.modalTransitionStyle = try style(segue.attributes["modalTransitionStyle"], line: segue.line)
        definition.hasPopoverAnchor =
            segue.attributes["popoverAnchorView"] != nil || segue.attributes["popoverAnchorBarButtonItem"] != nil
        definition.customClass = segue.attributes["customClass"]
        return definition
    }

    /// A style attribute's value as the engine's enumeration, or a mistake at `line`.
    private func style<Style: RawRepresentable & CaseIterable>(_ value: String?, line: Int) throws -> Style?
    where Style.RawValue == String {
        guard let value else { return nil }
        guard let style = Style(rawValue: value) else {
            throw StoryboardError(
                file: file, line: line,
                message: "'\(value)' is no style the sandbox knows; styles: "
                    + Style.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return style
    }
}

extension StoryboardDocument {
    /// What a referenced storyboard offers a reference (XML-08): its scenes' identifiers, and
    /// whether it has an initial view controller.
    public struct ReferenceTarget {
        public var identifiers: Set<String>
        public var hasInitialController: Bool

        public init(identifiers: Set<String>, hasInitialController: Bool) {
            self.identifiers = identifiers
            self.hasInitialController = hasInitialController
        }
    }

    /// Checks every storyboard reference against what it names: `target` opens the storyboard
    /// called `name` (nil: this one) or throws why it cannot; a file that cannot be opened, an
    /// identifier it lacks, or a missing initial controller is a mistake at the reference's
    /// line.
    public func checkReferences(_ target: (_ name: String?) throws -> ReferenceTarget) throws {
        for scene in scenes where scene.controller.kind == .reference {
            let controller = scene.controller
            let name = controller.attributes["storyboardName"]
            let fail = { (message: String) in StoryboardError(file: file, line: controller.line, message: message) }
            let other: ReferenceTarget
            do {
                other = try target(name)
            } catch {
                throw fail("the reference to storyboard '\(name ?? "")' cannot be opened: \(error)")
            }
            let shown = name ?? "(this one)"
            if let identifier = controller.attributes["referencedIdentifier"] {
                guard other.identifiers.contains(identifier) else {
                    throw fail("storyboard \(shown) has no scene with the identifier '\(identifier)'")
                }
            } else if !other.hasInitialController {
                throw fail("storyboard \(shown) has no initial view controller for the reference to use")
            }
        }
    }

    /// What this storyboard offers a reference to it.
    public var referenceTarget: ReferenceTarget {
        ReferenceTarget(
            identifiers: Set(scenes.compactMap(\.controller.storyboardIdentifier)),
            hasInitialController: initialControllerID != nil)
    }
}
