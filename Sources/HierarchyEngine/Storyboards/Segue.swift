/// A segue in flight (`UIStoryboardSegue`): made from a scene's template once its destination
/// exists, handed to `prepare(for:sender:)`, then performed (SEG-05).
///
///     try list.performSegue(withIdentifier: "showItem", sender: .none)
///     // Item.init(coder:), Item.awakeFromNib(), List.prepare(for: "showItem", sender: nil),
///     // then the push of Item (NAV-02)
public final class StoryboardSegue {
    /// The segue's identifier in the storyboard, if it has one.
    public let identifier: String?
    /// The controller whose scene defines the segue.
    public let source: ViewController
    /// The controller the segue leads to: made for it, or an unwind's destination.
    public let destination: ViewController
    /// What the storyboard says of it.
    public let template: SegueDefinition
    /// What fired it: the sender `show` and `showDetailViewController` are given (SEG-07).
    public let sender: SegueSender
    /// The client's `perform()` for the segue's class, when it has one (SEG-10).
    let customPerform: ((StoryboardSegue) -> Void)?

    init(
        template: SegueDefinition, source: ViewController, destination: ViewController, sender: SegueSender,
        customPerform: ((StoryboardSegue) -> Void)?
    ) {
        identifier = template.identifier
        self.template = template
        self.source = source
        self.destination = destination
        self.sender = sender
        self.customPerform = customPerform
    }

    public var kind: SegueDefinition.Kind { template.kind }

    /// How the trace shows the segue: its identifier, or `segue` when it has none.
    var traceValue: TraceValue { identifier.map(TraceValue.string) ?? .literal("segue") }

    /// `perform()`: the client's for a segue of its own class, else the kind's action with
    /// animations as the segue's `animates` set them.
    func perform() throws {
        if let customPerform { return customPerform(self) }
        try performStandardAction()
    }

    /// The action of a standard kind (SEG-07…11).
    func performStandardAction() throws {
        let animated = source.world.areAnimationsEnabled
        switch kind {
        case .show: try source.show(destination, sender: sender.controller)
        case .showDetail: try source.showDetailViewController(destination, sender: sender.controller)
        case .presentation, .popoverPresentation: try source.present(destination, animated: animated)
        case .modal:
            // SEG-11: the legacy modal segue writes its styles as it performs, after prepare.
            applyStyles()
            try source.present(destination, animated: animated)
        case .push: try source.navigationController?.pushViewController(destination, animated: animated)
        case .custom, .embed, .unwind, .popover, .replace: break
        }
    }

    /// SEG-08: a presentation segue's styles, where it has them, written into the destination.
    func applyStyles() {
        if let style = template.modalPresentationStyle { destination.modalPresentationStyle = style }
        if let style = template.modalTransitionStyle { destination.modalTransitionStyle = style }
    }

    /// The kind's prepare handler, before the source's `prepare(for:sender:)` (SEG-08, SEG-09).
    func prepareForPerforming() {
        switch kind {
        case .presentation: applyStyles()
        case .popoverPresentation: destination.modalPresentationStyle = .popover
        default: break
        }
    }
}

/// What fired a segue, as `sender` gives it to `shouldPerformSegue` and `prepare(for:sender:)`.
public enum SegueSender {
    case none
    case controller(ViewController)
    /// The control the user touched (`user.trigger`).
    case control
    /// A value of the client's, shown as its text.
    case text(String)

    /// The sender as the routing methods take it: a controller, or nil for anything else.
    var controller: ViewController? {
        if case .controller(let controller) = self { return controller }
        return nil
    }

    var traceValue: TraceValue {
        switch self {
        case .none: .none
        case .controller(let controller): .controller(controller.name)
        case .control: .literal("control")
        case .text(let text): .string(text)
        }
    }
}

extension ViewController {
    /// `performSegue(withIdentifier:sender:)` (SEG-06): the segue of this controller's scene
    /// with that identifier, without asking `shouldPerformSegue`; an identifier the scene has
    /// no segue for, or a controller not from a storyboard, is UIKit's exception.
    public func performSegue(withIdentifier identifier: String, sender: SegueSender) throws {
        guard let origin = storyboardOrigin, let template = origin.scene.segue(withIdentifier: identifier) else {
            throw UIKitException.invalidArgument("Receiver (<\(name)>) has no segue with identifier '\(identifier)'")
        }
        try origin.storyboard.perform(template, from: self, sender: sender, asking: false)
    }

    /// The user touches the control a segue of this controller's scene starts from (SEG-05):
    /// `shouldPerformSegue` is asked first.
    public func userTriggerSegue(withIdentifier identifier: String) throws {
        let (origin, template) = try triggerableSegue(withIdentifier: identifier)
        try origin.storyboard.perform(template, from: self, sender: .control, asking: true)
    }

    /// The segue `userTriggerSegue` would fire, checked: a usage error for a controller not
    /// from a storyboard, an identifier its scene lacks (or an embed's), and a controller whose
    /// view is not on screen, whose controls no finger can touch.
    public func triggerableSegue(withIdentifier identifier: String) throws -> (StoryboardOrigin, SegueDefinition) {
        guard let origin = storyboardOrigin else { throw UsageError(.notFromStoryboard(controller: name)) }
        guard let template = origin.scene.segue(withIdentifier: identifier) else {
            let scene = origin.scene
            throw UsageError(
                .noSegueToTrigger(
                    controller: name, identifier: identifier, known: scene.segues.compactMap(\.identifier),
                    unnamed: scene.segues.count { $0.identifier == nil },
                    isEmbed: scene.embeds.contains { $0.identifier == identifier }))
        }
        guard isViewOnScreen else { throw UsageError(.notOnScreen(controller: name, gesture: .segueControl)) }
        try checkNotCovered(for: .segueControl)
        return (origin, template)
    }

    /// Performs the embed segues of this controller's container views, in document order, as
    /// its view loads, before `viewDidLoad` (SBD-06).
    func performEmbedSegues() {
        guard let origin = storyboardOrigin else { return }
        for (index, template) in origin.scene.embeds.enumerated() {
            do {
                try origin.storyboard.embed(template, in: self, containerNumber: index + 1)
            } catch {
                world.warn("The embed segue \(template.identifier.map { "'\($0)' " } ?? "")of \(name) failed: \(error)")
            }
        }
    }
}

extension Storyboard {
    /// SEG-05 for a triggered segue (SEG-15 for an unwind): `shouldPerformSegue` when
    /// `asking`, the destination instantiated, the segue made and prepared, then performed
    /// with animations as the segue says. What UIKit refuses is refused before anything is
    /// made.
    func perform(
        _ template: SegueDefinition, from source: ViewController, sender: SegueSender, asking: Bool
    )
        throws
    {
        try world.trace.because(template.kind == .unwind ? .seg15 : .seg05) {
            try performSteps(template, from: source, sender: sender, asking: asking)
        }
    }

    private func performSteps(
        _ template: SegueDefinition, from source: ViewController, sender: SegueSender, asking: Bool
    ) throws {
        if asking, !source.asksShouldPerformSegue(template.identifier, sender: sender) { return }
        if template.kind == .unwind { return try unwind(template, from: source, sender: sender) }
        let customPerform = try checkPerformable(template, from: source)
        let destination = try instantiate(definition.scene(withID: template.destination!)!)
        let segue = StoryboardSegue(
            template: template, source: source, destination: destination, sender: sender,
            customPerform: customPerform)
        segue.prepareForPerforming()
        source.tellPrepare(segue, sender: sender)
        try world.withAnimations(template.animates) { try segue.perform() }
    }

    /// The custom segue class's `perform`, if any, once what the kind needs is there; throws
    /// UIKit's exception (or the engine's refusal) otherwise (SEG-09, SEG-10, SEG-11).
    private func checkPerformable(
        _ template: SegueDefinition, from source: ViewController
    ) throws
        -> ((StoryboardSegue) -> Void)?
    {
        let custom = template.customClass.flatMap { segueClass?($0) }
        switch template.kind {
        case .custom where custom == nil:
            throw UIKitException.internalInconsistency(
                "Could not create a segue of class '\(template.customClass ?? "UIStoryboardSegue")'")
        case .popoverPresentation where !template.hasPopoverAnchor:
            throw UIKitException.internalInconsistency(
                "A popover segue must have either an anchorBarButtonItem or an anchorView.")
        case .push where source.navigationController == nil:
            let named = template.identifier.map { "Could not find a navigation controller for segue '\($0)'. " } ?? ""
            throw UIKitException(
                "NSGenericException",
                named + "Push segues can only be used when the source controller is managed by an instance of "
                    + "UINavigationController.")
        case .popover, .replace:
            throw UsageError(.segueKindNotModelled(controller: source.name, kind: template.kind.rawValue))
        default: return custom
        }
    }

    /// One embed segue (SBD-06): `shouldPerformSegue` with the parent as sender, the child
    /// instantiated and prepared for, its view loaded, then `addChild`, its view into the
    /// container view, and `didMove(toParent:)`.
    func embed(_ template: SegueDefinition, in parent: ViewController, containerNumber: Int) throws {
        let containerView = View(name: "\(parent.name).containerView\(containerNumber)", world: world)
        try parent.view.addSubview(containerView)
        guard parent.asksShouldPerformSegue(template.identifier, sender: .controller(parent)) else { return }
        let child = try instantiate(definition.scene(withID: template.destination!)!)
        let segue = StoryboardSegue(
            template: template, source: parent, destination: child, sender: .controller(parent), customPerform: nil)
        parent.tellPrepare(segue, sender: .controller(parent))
        child.loadViewIfNeeded()
        try parent.addChild(child)
        try containerView.addSubview(child.view)
        child.didMove(toParent: parent)
    }
}

extension ViewController {
    /// Records and asks `shouldPerformSegue(withIdentifier:sender:)`.
    func asksShouldPerformSegue(_ identifier: String?, sender: SegueSender) -> Bool {
        recordSegueEvent(
            "shouldPerformSegue",
            [
                TraceArgument("withIdentifier", identifier.map(TraceValue.string) ?? .none),
                TraceArgument("sender", sender.traceValue),
            ])
        return shouldPerformSegue(withIdentifier: identifier, sender: sender)
    }

    /// Records and calls `prepare(for:sender:)`.
    func tellPrepare(_ segue: StoryboardSegue, sender: SegueSender) {
        recordSegueEvent(
            "prepare", [TraceArgument("for", segue.traceValue), TraceArgument("sender", sender.traceValue)])
        prepare(for: segue, sender: sender)
    }
}
