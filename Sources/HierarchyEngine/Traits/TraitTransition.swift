/// A window changing size or traits at runtime: a rotation, or a multitasking resize
/// (BEHAVIOR.md TRT-01, TRT-02, A-13).
///
/// Every controller on screen in the window hears of it, parent first and children in
/// `children` order, then what each hosts a presentation of: first `willTransition(to:)`
/// for a change of traits, then `viewWillTransition(to:)` for a change of size, then the
/// window takes its new geometry, and `traitCollectionDidChange` follows with the previous
/// traits (D-53), and each lays out at the end of the turn. Controllers whose views are not
/// in the window hear nothing (TRT-02).
///
///     window.transition(to: Size(width: 844, height: 390))   // a phone on its side: compact height
///     // A.willTransition(to: (horizontalSizeClass: .compact, verticalSizeClass: .compact))
///     // A.viewWillTransition(to: 844x390)
///     // A.traitCollectionDidChange((horizontalSizeClass: .compact, verticalSizeClass: .regular))
extension Window {
    /// Changes the window's size and traits; traits not given follow from the size (D-31).
    /// The window no longer fills a named device: `device` becomes nil (D-133).
    public func transition(to size: Size, horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil) {
        device = nil
        transition(
            to: size,
            traits: .forSize(size, horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass))
    }

    /// Changes the window's size and traits. Each controller on screen whose own traits
    /// change (an override may keep a child's as they were, TRT-08) hears `willTransition(to:)`
    /// with its new traits; each hears `viewWillTransition(to:)` when the size changes.
    public func transition(to size: Size, traits: TraitCollection) {
        let shown = isHidden ? [] : controllersOnScreen
        let changes = shown.compactMap { controller -> TraitChange? in
            let before = controller.seenTraits ?? controller.traitCollection
            let after = controller.traits(windowTraits: traits)
            return before == after ? nil : TraitChange(controller: controller, previous: before, next: after)
        }
        // The coordinator the will-callbacks are given (COO-04, D-115): its alongside blocks
        // run once every controller has heard and the window has its new geometry, its
        // completions in the turn's after-commit phase (a rotation has no modelled duration).
        let coordinator =
            traits != traitCollection || size != self.size || !changes.isEmpty
            ? TransitionCoordinator(animated: true, custom: false, duration: 0, interactive: false) : nil
        coordinator?.trace = world.trace
        let root = isHidden ? nil : rootViewController
        runTraitChange(
            over: root, changes, coordinator: coordinator, traits: { $0.traits(windowTraits: traits) },
            sizes: {
                if size != self.size { root?.sendViewWillTransition(to: size, windowSize: size, before: self.size) }
            },
            apply: {
                self.size = size
                traitCollection = traits
            })
        for controller in shown {
            controller.setNeedsLayout()  // a layout pass at the end of the turn
            controller.traitsDidChange()
        }
    }

    /// `user.rotate`: the device turns a quarter. A named device takes its size and size
    /// classes for the other orientation (D-133); any other window swaps width and height
    /// and its traits follow from the new size (D-31).
    public func rotate() {
        guard let device else { return transition(to: size.rotated) }
        let turned: Orientation = orientation == .portrait ? .landscape : .portrait
        transition(to: device.size(turned), traits: device.traits(turned))
    }

    /// The controllers whose views are in this window, root first, each before its
    /// children and what it presents.
    var controllersOnScreen: [ViewController] {
        rootViewController.map { $0.subtreeOnScreen } ?? []
    }
}

extension ViewController {
    /// This controller, if its view is on screen, then its children's subtrees and the
    /// subtree of the controller its presentation shows (the presented one, or its
    /// replacement while adapted, ADP-03).
    var subtreeOnScreen: [ViewController] {
        let own = isViewOnScreen ? [self] : []
        let presented = hostedPresentation.map { $0.shown.subtreeOnScreen } ?? []
        return own + children.flatMap(\.subtreeOnScreen) + presented
    }

    /// The will-phase of a change of traits over this controller's subtree, parent first:
    /// `willTransition(to:)` for each controller on screen whose traits change (`changed`
    /// gives the new ones), and, right after a presenting controller's, its presentation
    /// deciding how it adapts to `traits(presenter)` before anything it shows hears (ADP-01);
    /// the changes decided are added to `adaptations`, to make once the traits are in place.
    /// A presenter whose view the presentation took out still passes the change on.
    func sendWillTransition(
        _ changed: [ObjectIdentifier: TraitCollection], adaptations: inout [() -> Void],
        traits: (ViewController) -> TraitCollection
    ) {
        if isViewOnScreen, let next = changed[ObjectIdentifier(self)] { send(.willTransition(to: next)) }
        if let presentation = hostedPresentation, isViewOnScreen || presentation.shown.isViewOnScreen,
            let adapt = presentation.adaptation(to: traits(self))
        {
            adaptations.append(adapt)
        }
        for child in children { child.sendWillTransition(changed, adaptations: &adaptations, traits: traits) }
        hostedPresentation?.shown.sendWillTransition(changed, adaptations: &adaptations, traits: traits)
    }
}

extension Window {
    /// The phases of every change of traits in this window, a resize's or an override's
    /// (TRT-01, D-53, D-133, D-134): with `coordinator` given to the will-callbacks, the
    /// will-phase over `root`'s subtree (`willTransition` for each of `changes`, each hosted
    /// presentation deciding how it adapts), then `sizes` (a resize's `viewWillTransition`s);
    /// then `apply` gives the window its geometry, the coordinator's animation begins (ending
    /// after the commit), the adaptations move their views, and `traitCollectionDidChange`
    /// and the handlers follow. The caller lays out what it changed.
    func runTraitChange(
        over root: ViewController?, _ changes: [TraitChange], coordinator: TransitionCoordinator?,
        traits: (ViewController) -> TraitCollection, sizes: () -> Void = {}, apply: () -> Void = {}
    ) {
        world.trace.because(.trt01) {
            runTraitSteps(over: root, changes, coordinator: coordinator, traits: traits, sizes: sizes, apply: apply)
        }
    }

    private func runTraitSteps(
        over root: ViewController?, _ changes: [TraitChange], coordinator: TransitionCoordinator?,
        traits: (ViewController) -> TraitCollection, sizes: () -> Void, apply: () -> Void
    ) {
        let outer = sizeTransitionCoordinator
        sizeTransitionCoordinator = coordinator
        var adaptations: [() -> Void] = []
        if let root {
            let changed = Dictionary(changes.map { (ObjectIdentifier($0.controller), $0.next) }) { first, _ in first }
            root.sendWillTransition(changed, adaptations: &adaptations, traits: traits)
        }
        sizes()
        sizeTransitionCoordinator = outer
        apply()
        if let coordinator {
            coordinator.begin()
            world.runLoop.performAfterCommit { coordinator.end(cancelled: false) }
        }
        for adapt in adaptations { adapt() }
        world.finishTraitChanges(changes)
    }
}

/// A controller's traits changing while it is on screen: from `previous` to `next`.
struct TraitChange {
    let controller: ViewController
    let previous: TraitCollection
    let next: TraitCollection
}

extension World {
    /// The end of a change of traits (TRT-01, D-53): each controller that changed takes its
    /// new traits, then each still on screen hears `traitCollectionDidChange` with the
    /// previous ones, parent first, and right after it the handlers it registered for a
    /// trait that changed (TRT-09, D-133).
    func finishTraitChanges(_ changes: [TraitChange]) {
        for change in changes { change.controller.seenTraits = change.next }
        for change in changes where change.controller.isViewOnScreen {
            let controller = change.controller
            controller.send(.traitCollectionDidChange(previous: change.previous))
            for registration in controller.traitRegistrations
            where registration.traits.contains(where: { $0.differs(change.previous, change.next) }) {
                registration.handler(controller, change.previous)
            }
        }
    }
}
