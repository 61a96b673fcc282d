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
    /// Changes the window's size and traits; traits not given follow from the size.
    public func transition(to size: Size, horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil) {
        let traits = TraitCollection.forSize(
            size, horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass)
        let previous = traitCollection
        // The coordinator the will-callbacks are given (COO-04, D-115): its alongside blocks
        // run once every controller has heard and the window has its new geometry, its
        // completions in the turn's after-commit phase (a rotation has no modelled duration).
        let coordinator =
            traits != previous || size != self.size
            ? TransitionCoordinator(animated: true, custom: false, duration: 0, interactive: false) : nil
        let outer = sizeTransitionCoordinator
        sizeTransitionCoordinator = coordinator
        if traits != previous { sendToShown(.willTransition(to: traits)) }
        if size != self.size { sendToShown(.viewWillTransition(to: size)) }
        sizeTransitionCoordinator = outer
        self.size = size
        traitCollection = traits
        if let coordinator {
            coordinator.begin()
            world.runLoop.performAfterCommit { coordinator.end(cancelled: false) }
        }
        if traits != previous {
            for controller in isHidden ? [] : controllersOnScreen { controller.seenTraits = traits }
            sendToShown(.traitCollectionDidChange(previous: previous))
        }
        for controller in isHidden ? [] : controllersOnScreen {
            controller.setNeedsLayout()  // a layout pass at the end of the turn
            controller.traitsDidChange(from: previous)
        }
    }

    /// Sends `callback` to the controllers on screen as the phase starts, each only if it is
    /// still on screen when its turn comes (an override may have changed the hierarchy).
    private func sendToShown(_ callback: Callback) {
        guard !isHidden else { return }
        for controller in controllersOnScreen where controller.isViewOnScreen { controller.send(callback) }
    }

    /// The controllers whose views are in this window, root first, each before its
    /// children and what it presents.
    var controllersOnScreen: [ViewController] {
        rootViewController.map { $0.subtreeOnScreen } ?? []
    }
}

extension ViewController {
    /// This controller, if its view is on screen, then its children's subtrees and the
    /// subtree of the controller it presents.
    var subtreeOnScreen: [ViewController] {
        let own = isViewOnScreen ? [self] : []
        let presented = hostedPresentation.map { $0.presented.subtreeOnScreen } ?? []
        return own + children.flatMap(\.subtreeOnScreen) + presented
    }
}
