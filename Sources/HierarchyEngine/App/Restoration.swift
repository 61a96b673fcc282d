/// State preservation and restoration (RES-01…06): what a world's windows keep of their
/// controllers, and how a launch puts it back.
///
///     let archive = world.preserveState()          // encodeRestorableState, parents first
///     let next = World(profile: world.profile, trace: world.trace)
///     let window = try next.launch(from: storyboard, restoring: archive)
extension World {
    /// Preserves the app's state (RES-05): the app delegate is asked whether to save and told
    /// it will encode, then, from each window's root, every controller with a restoration
    /// identifier encodes its state, parents before children; one without an identifier is
    /// left out with everything under it. A navigation controller saves its stack bottom to
    /// top, a tab bar controller its tabs and its selected tab, a split view controller its
    /// columns, and every controller what it presents. Nothing else changes (D-143: no
    /// background events; `enterBackground()` is the script's to call).
    public func preserveState() -> RestorationArchive {
        trace.because(.res05) {
            recordAppDelegate("shouldSaveApplicationState", .literal("coder"))
            recordAppDelegate("willEncodeRestorableStateWith", .literal("coder"))
            return RestorationArchive(windows: windows.compactMap { $0.rootViewController.flatMap(preserve) })
        }
    }

    /// The node of `controller` and what it saves, nil without a restoration identifier.
    private func preserve(_ controller: ViewController) -> RestorationArchive.Node? {
        guard let identifier = controller.restorationIdentifier else { return nil }
        let coder = RestorationCoder()
        controller.send(.encodeRestorableState(coder: coder))
        let origin = controller.storyboardOrigin
        var node = RestorationArchive.Node(
            identifier: identifier, storyboard: origin?.storyboard.name, scene: origin?.scene.identifier,
            values: coder.values)
        node.restorationClass = controller.restorationClass
        node.children = controller.restorableChildren.compactMap(preserve)
        if let tabs = controller as? TabBarController, let selected = tabs.selectedViewController,
            tabs.viewControllers.contains(where: { $0 === selected })
        {
            node.selected = selected.restorationIdentifier
        }
        if let presentation = controller.hostedPresentation, !presentation.presented.isBeingDismissed {
            node.presented = preserve(presentation.presented).map { [$0] } ?? []
        }
        return node
    }

    /// Records a call of the app delegate's `application(_:…)` with one labelled argument.
    func recordAppDelegate(_ label: String, _ value: TraceValue) {
        trace.record(TraceEvent(.app, "AppDelegate", "application", [TraceArgument(label, value)]))
    }
}

/// One controller restoration found or made, with its node and its restored children.
struct RestoredController {
    let controller: ViewController
    let node: RestorationArchive.Node
    var children: [RestoredController] = []
    /// What it presents: none or one.
    var presented: [RestoredController] = []

    /// This controller and everything under it, parents first ("down the chain", RES-06).
    var chain: [RestoredController] {
        [self] + children.flatMap(\.chain) + presented.flatMap(\.chain)
    }
}

extension ViewController {
    /// The children a container saves and restores by identifier (RES-03, RES-05): a
    /// navigation stack bottom to top, tabs in order, a split's columns. Other controllers
    /// save none: a custom container encodes its own (RES-01), which plain values cannot.
    var restorableChildren: [ViewController] {
        switch self {
        case let navigation as NavigationController: navigation.viewControllers
        case let tabs as TabBarController: tabs.viewControllers
        case let split as SplitViewController: split.viewControllers
        default: []
        }
    }
}

/// The restoration classes a client gives a launch, by name: each makes a controller again
/// from its restoration path (the identifiers from the window's root down to it) and the coder
/// of what it encoded, or answers nil, and the controller is not restored (RES-06's
/// `viewController(withRestorationIdentifierPath:coder:)`).
public typealias RestorationClasses = [String: (_ path: [String], _ coder: RestorationCoder) -> ViewController?]

/// Restoration in a launch (RES-06): finds or makes the controllers along each restoration
/// path, lets them decode, re-links the containers, and tells them restoration finished.
struct Restoration {
    let archive: RestorationArchive
    /// The storyboard the app launched from; others are opened through its references.
    let storyboard: Storyboard
    let classes: RestorationClasses

    /// Finds or makes the controllers of the archive's first window along their paths from
    /// `root`, the initial controller the launch made (RES-06: implicitly, an existing
    /// controller made from the main storyboard, else a fresh one from the storyboard it came
    /// from). A path no controller answers is not restored, with all under it. The
    /// archive's other windows are the app's own to make again: nothing restores them (D-142).
    func find(from root: ViewController) throws -> RestoredController? {
        guard let node = archive.windows.first else { return nil }
        var used: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        return try find(node, path: [], existing: root, used: &used)
    }

    private func find(
        _ node: RestorationArchive.Node, path: [String], existing: ViewController?,
        used: inout Set<ObjectIdentifier>
    ) throws
        -> RestoredController?
    {
        let path = path + [node.identifier]
        let found: ViewController?
        if let name = node.restorationClass {
            found = ask(name, path: path, node).flatMap { usable($0, from: name, used: &used) }
        } else if let existing, existing.restorationIdentifier == node.identifier {
            found = existing
        } else {
            found = try make(node)
        }
        guard let controller = found else { return nil }
        var restored = RestoredController(controller: controller, node: node)
        var unclaimed = controller.restorableChildren
        // Only a navigation controller takes in children it did not have (its decode re-links
        // its stack); tabs and columns are restored where the storyboard put them (RES-05).
        let makesChildren = controller is NavigationController
        for child in node.children {
            let match = unclaimed.firstIndex { $0.restorationIdentifier == child.identifier }.map {
                unclaimed.remove(at: $0)
            }
            guard match != nil || makesChildren else { continue }
            if let found = try find(child, path: path, existing: match, used: &used) {
                restored.children.append(found)
            }
        }
        restored.presented = try node.presented.compactMap { try find($0, path: path, existing: nil, used: &used) }
        return restored
    }

    /// A controller a restoration class made, unless it cannot take its place: one already
    /// restored at another path, or one in a hierarchy (a parent, a window, a presentation).
    /// UIKit would raise as it put such a controller in place; the engine warns and leaves
    /// the path unrestored, so that the launch always ends with its window shown (D-142).
    private func usable(
        _ controller: ViewController, from name: String, used: inout Set<ObjectIdentifier>
    ) -> ViewController? {
        guard controller.isInNoHierarchy, used.insert(ObjectIdentifier(controller)).inserted else {
            storyboard.world.warn(
                "restoration class \(name) returned \(controller.name), which is already in use: it is not restored")
            return nil
        }
        return controller
    }

    /// Asks the restoration class `name` for the controller at `path` (RES-06's first way),
    /// recorded in the `app` category. A class the client did not give is UIKit's class that
    /// does not conform to `UIViewControllerRestoration`: a warning, and nothing restored.
    private func ask(_ name: String, path: [String], _ node: RestorationArchive.Node) -> ViewController? {
        let world = storyboard.world
        world.trace.record(
            TraceEvent(
                .app, name, "viewController",
                [
                    TraceArgument("withRestorationIdentifierPath", .literal("[" + path.joined(separator: ", ") + "]")),
                    TraceArgument("coder", .literal("coder")),
                ]))
        guard let make = classes[name] else {
            world.warn(
                "restoration class for view controller does not conform to UIViewControllerRestoration "
                    + "protocol: Class is \(name)")
            return nil
        }
        return make(path, RestorationCoder(decoding: node.values))
    }

    /// A fresh controller from the scene the node was instantiated from; nil when the
    /// storyboard cannot be opened or has no such scene.
    private func make(_ node: RestorationArchive.Node) throws -> ViewController? {
        guard let scene = node.scene else { return nil }
        let source: Storyboard?
        if node.storyboard == nil || node.storyboard == storyboard.name {
            source = storyboard
        } else {
            source = try? storyboard.references?(node.storyboard!)
        }
        guard let source, source.definition.scene(withIdentifier: scene) != nil else { return nil }
        return try source.instantiateViewController(withIdentifier: scene)
    }

    /// `decodeRestorableState(with:)` down the chain (RES-02, RES-06), each view loaded first
    /// (D-142, after O-neuburg-restore: viewDidLoad precedes decoding); UIKit's own part of
    /// a container's decoding follows each call, as the engine's work follows a callback: a
    /// navigation controller takes in its restored stack, a tab bar controller selects the
    /// saved tab.
    func decode(_ restored: RestoredController) throws {
        for entry in restored.chain {
            entry.controller.loadViewIfNeeded()
            entry.controller.send(.decodeRestorableState(coder: RestorationCoder(decoding: entry.node.values)))
            try relink(entry)
        }
    }

    private func relink(_ entry: RestoredController) throws {
        switch entry.controller {
        case let navigation as NavigationController where !entry.children.isEmpty:
            let stack = entry.children.map(\.controller)
            guard !stack.elementsEqual(navigation.viewControllers, by: ===) else { return }
            try navigation.setViewControllers(stack, animated: false)
        case let tabs as TabBarController:
            guard let selected = entry.node.selected,
                let tab = tabs.viewControllers.first(where: { $0.restorationIdentifier == selected })
            else { return }
            try tabs.select(tab)
        default: break
        }
    }

    /// `applicationFinishedRestoringState()` down the chain (RES-02, RES-06).
    func finish(_ restored: RestoredController) {
        for entry in restored.chain { entry.controller.send(.applicationFinishedRestoringState) }
    }

    /// Presents again what each restored controller presented, once the window is shown,
    /// without animation (D-142), parents first.
    func present(_ restored: RestoredController) throws {
        for entry in restored.chain {
            if let presented = entry.presented.first {
                try entry.controller.present(presented.controller, animated: false)
            }
        }
    }
}
