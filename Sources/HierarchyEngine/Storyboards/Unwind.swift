/// Unwind segues (SEG-15…17): a search for the controller that implements the action, then
/// the source's `prepare(for:sender:)`, the action, and the way back: one dismissal from the
/// modal ancestor, then `unwind(for:towards:)` down the chain.
///
///     try presented.userTriggerSegue(withIdentifier: "unwind")
///     // Presented.shouldPerformSegue, the search (Second, Presented, Tab, Nav, Pushed, First),
///     // Presented.prepare, First.iAmFirst("unwind"), Tab's dismissal, Tab.unwind(for:towards: Nav)
///     // (selects Nav's tab), Nav.unwind(for:towards: First) (pops to First)
extension Storyboard {
    /// SEG-15 after `shouldPerformSegue`: the search; when it finds a destination, the way
    /// back is worked out (UIKit's assertion for a chain without a common ancestor comes
    /// before anything runs), then `prepare`, the action, and the segue's `perform`: the
    /// chain's, or the segue class's. An unwind to its own source does nothing after the
    /// action (RE26's empty perform handler).
    func unwind(_ template: SegueDefinition, from source: ViewController, sender: SegueSender) throws {
        let customPerform = template.customClass.flatMap { segueClass?($0) }
        let action = template.unwindAction!
        guard let destination = UnwindSegueSource(source: source, action: action, sender: sender).destination() else {
            return  // SEG-15: nothing found, nothing happens
        }
        let segue = StoryboardSegue(
            template: template, source: source, destination: destination, sender: sender,
            customPerform: customPerform)
        let chain = try UnwindChain(segue: segue)
        source.tellPrepare(segue, sender: sender)
        let method = SegueDefinition.methodName(of: action)
        destination.recordSegueEvent(method, [TraceArgument(nil, segue.traceValue)])
        destination.performUnwindAction(method, segue: segue)
        try world.withAnimations(template.animates) {
            if let customPerform { return customPerform(segue) }
            if destination !== source { try chain.perform() }
        }
    }
}

/// The search for an unwind's destination (SEG-16, D-131): from the controller that leads on
/// from the source (its parent, else the controller that presented it), then the source
/// itself, then on up; at each, depth first through `allowedChildrenForUnwinding`, asking
/// `canPerformUnwindSegueAction` of a controller after its children. Every question is
/// recorded.
public struct UnwindSegueSource {
    /// The controller the unwind starts from.
    public let source: ViewController
    let action: String
    let sender: SegueSender
    /// The controllers from the source up, which `childContaining` looks for.
    let path: [ViewController]

    init(source: ViewController, action: String, sender: SegueSender) {
        self.source = source
        self.action = action
        self.sender = sender
        var path = [source]
        while let next = path.last!.nextForUnwindSearch, !path.contains(where: { $0 === next }) { path.append(next) }
        self.path = path
    }

    /// The first controller the search finds willing to perform the action, or nil.
    func destination() -> ViewController? {
        var visited: [ViewController] = []
        let order = path.count > 1 ? [path[1], path[0]] + path.dropFirst(2) : path
        for node in order {
            if let found = visit(node, &visited) { return found }
        }
        return nil
    }

    private func visit(_ node: ViewController, _ visited: inout [ViewController]) -> ViewController? {
        guard !visited.contains(where: { $0 === node }) else { return nil }
        visited.append(node)
        node.recordSegueEvent("allowedChildrenForUnwinding", [TraceArgument("from", .controller(source.name))])
        for child in node.allowedChildrenForUnwinding(from: self) {
            if let found = visit(child, &visited) { return found }
        }
        let selector = SegueDefinition.selector(of: action)
        node.recordSegueEvent(
            "canPerformUnwindSegueAction",
            [
                TraceArgument(nil, .literal(selector)), TraceArgument("from", .controller(source.name)),
                TraceArgument("sender", sender.traceValue),
            ])
        return node.canPerformUnwindSegueAction(selector, from: source, sender: sender) ? node : nil
    }

    /// `childContaining(_:)`: the child of `controller` on the way from the source up.
    func child(of controller: ViewController) -> ViewController? {
        controller.children.first { child in path.contains { $0 === child } }
    }
}

/// The way from an unwind's source to its destination (SEG-17): the source and the
/// controllers above it (parent, else presenter) up to the common ancestor, then down to the
/// destination.
struct UnwindChain {
    let segue: StoryboardSegue
    let chain: [ViewController]
    /// Where the source side meets the destination side.
    let commonIndex: Int

    init(segue: StoryboardSegue) throws {
        self.segue = segue
        var up = [segue.source]
        while up.last! !== segue.destination, let next = up.last!.nextForUnwindChain { up.append(next) }
        var down: [ViewController] = []
        var current: ViewController? = segue.destination
        while let controller = current, !up.contains(where: { $0 === controller }) {
            down.append(controller)
            current = controller.nextForUnwindChain
        }
        guard let common = current, let index = up.firstIndex(where: { $0 === common }) else {
            throw UIKitException.internalInconsistency(
                "Could not unwind from \(segue.source.name) to \(segue.destination.name) because a common ancestor "
                    + "could not be found. (Note that it is not supported to unwind from a view controller to one of "
                    + "its descendants.)")
        }
        chain = Array(up[...index]) + down.reversed()
        commonIndex = index
    }

    /// One dismissal from the modal ancestor, then each controller of the chain from there
    /// unwinds towards the next, unless the next is what it presents.
    func perform() throws {
        let world = segue.source.world
        // RE26 looks for it from the common ancestor down to the controller above the source.
        let modalAncestor = commonIndex > 0 ? chain[1...commonIndex].last { $0.presentedViewController != nil } : nil
        modalAncestor?.dismiss(animated: world.areAnimationsEnabled)
        let start = modalAncestor.flatMap { ancestor in chain.firstIndex { $0 === ancestor } } ?? 0
        for index in start..<(chain.count - 1) {
            let (controller, next) = (chain[index], chain[index + 1])
            guard controller.presentedViewController !== next else { continue }
            if controller !== modalAncestor, controller.hostedPresentation != nil {
                controller.dismiss(animated: world.areAnimationsEnabled)
            }
            controller.recordSegueEvent(
                "unwind", [TraceArgument("for", segue.traceValue), TraceArgument("towards", .controller(next.name))])
            controller.unwind(for: segue, towards: next)
        }
    }
}

extension ViewController {
    /// Where the unwind search goes on from this controller: its parent, else the controller
    /// that called `present` for it (SEG-16's observed order asks the presenting child first)
    /// while that one is still the presenter or below it, else the presenter.
    var nextForUnwindSearch: ViewController? {
        if let parent { return parent }
        guard let presentation = showingPresentation else { return nil }
        let presenter = presentation.presenter
        guard let source = presentation.source,
            source === presenter || source.ancestors.contains(where: { $0 === presenter })
        else { return presenter }
        return source
    }

    /// Where the unwind chain goes up from this controller: its parent, else its
    /// `presentingViewController` (SEG-17).
    var nextForUnwindChain: ViewController? {
        parent ?? presentingViewController
    }

    /// `childContaining(_:)` (H17): the child on the way from the unwind's source.
    public func childContaining(_ search: UnwindSegueSource) -> ViewController? {
        search.child(of: self)
    }
}
