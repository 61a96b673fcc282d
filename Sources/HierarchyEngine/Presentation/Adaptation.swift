/// A presentation adapting while shown, as the presenter's traits change (ADP-01…04, D-134).
///
/// The presentation controller hears of the change from its presenting controller, right
/// after that controller's own `willTransition(to:with:)` and before anything it presents
/// does (ADP-01). Its delegate is asked as at the presentation (PRE-14, D-32): only a compact
/// environment adapts. When the style changes, the delegate gives the controller to show
/// instead (`viewControllerForAdaptivePresentationStyle`, nil for the presented one), hears
/// `willPresentWithAdaptiveStyle`. Once the window has its new traits (before
/// `traitCollectionDidChange`), the views change places: the controller shown now comes in,
/// the one shown before goes, and the presenter's view leaves or comes back as the new style
/// removes it or not. The appearance callbacks follow from those views entering and leaving
/// the window (ADP-04 [?], D-134); one coming back hears of the new traits first (TRT-02).
///
///     popover shown in a regular window; the window turns compact:
///     // B.presentationController.delegate.adaptivePresentationStyle(traitCollection: …)
///     // B.presentationController.delegate.viewControllerForAdaptivePresentationStyle("fullScreen")
///     // B.presentationController.delegate.willPresentWithAdaptiveStyle("fullScreen")
///     // R appears, B disappears, A (the presenter) disappears
extension Presentation {
    /// Decides how to adapt to `traits`, the presenter's new ones, asking the delegate; returns
    /// the change to make once the window has its new traits (nil: the style stays). A
    /// presentation in flight keeps its style (not modelled: UIKit's adaptation of a
    /// transition under way).
    func adaptation(to traits: TraitCollection) -> (() -> Void)? {
        world.trace.because(.adp02) { adaptationSteps(to: traits) }
    }

    private func adaptationSteps(to traits: TraitCollection) -> (() -> Void)? {
        guard phase == .presented, presenter.hostedPresentation === self, presented.showingPresentation === self
        else { return nil }
        let next = (try? presenter.adapted(requestedStyle, for: presented, traits: traits)) ?? style
        guard next != style else { return nil }
        let adapting = next != requestedStyle
        let offered =
            adapting
            ? presented.presentationController.replacement(for: next) : nil
        let replacement = offered.flatMap { usable($0) ? $0 : nil }
        presented.presentationController.ask(
            .willPresentWithAdaptiveStyle, [DelegateArgument(nil, .string(adapting ? next.rawValue : "none"))])
        return { [self] in
            guard presenter.hostedPresentation === self, phase == .presented else { return }
            // The client's calls since (willPresentWithAdaptiveStyle, willTransition) may have
            // put the replacement somewhere: it is checked again as it is shown.
            change(to: next, showing: replacement.flatMap { usable($0) ? $0 : nil })
        }
    }

    /// Whether the delegate's replacement can be shown: a controller of no container, neither
    /// presented nor presenting, no window's root, and not the presented controller or one
    /// that holds it. Any other is noted in the trace and the presented controller shows.
    private func usable(_ controller: ViewController) -> Bool {
        if controller === presented || controller === replacement { return true }
        return controller.canStandIn(for: presented, presentedBy: presenter)
    }

    /// Takes `style`, showing `replacement` (nil: the presented controller) in the container,
    /// and moves the presenter's view out or back as the new style decides.
    private func change(to style: ModalPresentationStyle, showing replacement: ViewController?) {
        let before = shown
        let removedBefore = removesPresenterView
        self.style = style
        removesPresenterView = Self.removesView(of: presenter, presenting: presented, in: style)
        self.replacement = replacement === presented ? nil : replacement
        if shown !== before {
            world.move(shown.view, to: container, at: container.subviews.firstIndex { $0 === before.viewIfLoaded })
            if before.viewIfLoaded?.superview === container { world.move(before.view, to: nil) }
        }
        // Who decides the status bar may have changed (a popover become full screen, D-137):
        // the window asks again at the end of the turn.
        container.window?.systemAppearanceState.lastLook = nil
        if removesPresenterView, !removedBefore {
            takePresenterViewOut()
        } else if !removesPresenterView, removedBefore {
            restorePresenterView()
            presenterViewPlace = nil
        }
    }
}

extension PresentationController {
    /// The delegate's `presentationController(_:viewControllerForAdaptivePresentationStyle:)`
    /// (ADP-03), recorded under `B.presentationController.delegate`; nil when it is not
    /// implemented or gives none.
    func replacement(for style: ModalPresentationStyle) -> ViewController? {
        guard let delegate, delegate.implements(.viewControllerForAdaptivePresentationStyle) else { return nil }
        let arguments = [DelegateArgument(nil, .string(style.rawValue))]
        presentedViewController.world.recordDelegateCall(
            name + ".delegate", DelegateMethod.viewControllerForAdaptivePresentationStyle.rawValue, arguments)
        let presentation = presentedViewController.showingPresentation
        presentation?.isAskingForReplacement = true
        defer { presentation?.isAskingForReplacement = false }
        return delegate.controller(.viewControllerForAdaptivePresentationStyle, owner: self, arguments: arguments)
    }
}

extension ViewController {
    /// Whether this controller is in no hierarchy: no container holds it, it neither presents
    /// nor is presented, no window has it as root, and its view is in no other view — what a
    /// controller handed to UIKit to put somewhere must be (a replacement, D-134; a restored
    /// controller, D-142).
    var isInNoHierarchy: Bool {
        parent == nil && heldParent == nil && showingPresentation == nil && hostedPresentation == nil
            && world.window(rootedAt: self) == nil && viewIfLoaded?.superview == nil
    }

    /// Whether this controller, given by `viewControllerForAdaptivePresentationStyle`, can be
    /// shown in `presented`'s place (ADP-03, D-134): a controller of no container, neither
    /// presented nor presenting, no window's root, not the presenter, its view in no other
    /// tree. Any other is noted in the trace, and the presented controller shows.
    func canStandIn(for presented: ViewController, presentedBy presenter: ViewController) -> Bool {
        let free = isInNoHierarchy && self !== presenter && self !== presented
        if !free {
            world.note(
                "\(name), given by viewControllerForAdaptivePresentationStyle, is already in the hierarchy: "
                    + "\(presented.name) is shown instead (D-134)")
        }
        return free
    }
}
