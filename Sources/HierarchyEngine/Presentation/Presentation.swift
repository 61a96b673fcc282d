/// UIKit's modal presentation styles, by their case names (SPEC §3.3).
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover,
        automatic,
        none

    var isCurrentContext: Bool { self == .currentContext || self == .overCurrentContext }
    var isSheet: Bool { self == .pageSheet || self == .formSheet }

    /// What an adaptive delegate may answer (H17-PC); `none` keeps the style as asked.
    static let adaptiveAnswers: [ModalPresentationStyle] = [
        .fullScreen, .overFullScreen, .pageSheet, .formSheet, .none,
    ]
}

/// UIKit's modal transition styles.
public enum ModalTransitionStyle: String, CaseIterable, Sendable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}

/// One presentation: a presenting controller, the controller it shows, the resolved style,
/// and the view that carries the presented view (UIKit's transition view).
///
/// The presenting controller holds it while it lasts; it holds the presented controller.
/// Present and dismiss are `ContainerTransition`s of the modal kind (M-8, M-13): in the call
/// only the style, the presenter and the links are decided; the transition begins in the
/// after-commit queue of the turn (TIM-02) and ends after 0.5 s of virtual time, or, not
/// animated, in the same commit (an iOS 13+ sheet: a turn later, TIM-08).
final class Presentation {
    enum Phase { case presenting, presented, dismissing }

    /// Unowned: the world keeps every controller it made for as long as it lives, and a
    /// presentation lives no longer than its world (its presenter, its transition and the run
    /// loop's work hold it).
    unowned(unsafe) let presenter: ViewController
    unowned(unsafe) let world: World
    let presented: ViewController
    /// The style asked for, which the presentation adapts from (PRE-14, ADP-01).
    let requestedStyle: ModalPresentationStyle
    /// The style in effect, adapted to the traits (PRE-14); it changes when the presenter's
    /// traits change while presented (ADP-01, Adaptation.swift).
    @exclusivity(unchecked) var style: ModalPresentationStyle
    let transitionStyle: ModalTransitionStyle
    /// Whether the presenter's view leaves when the presentation completes (table 8.1).
    @exclusivity(unchecked) var removesPresenterView: Bool
    /// The controller the delegate gave to show instead of the presented one while adapted
    /// (ADP-03); nil: the presented controller shows.
    @exclusivity(unchecked) var replacement: ViewController?
    /// Whether the delegate is being asked for a replacement (ADP-03): the presented
    /// controller cannot join a container meanwhile (D-134).
    @exclusivity(unchecked) var isAskingForReplacement = false
    let container: TransitionView
    /// The controller `present` was called on, which may be a child of `presenter`: an
    /// unwind search starts there (SEG-16). Unowned, as `presenter` is: the world keeps every
    /// controller it made for as long as a presentation can live.
    @exclusivity(unchecked) unowned(unsafe) var source: ViewController?
    @exclusivity(unchecked) fileprivate(set) var phase = Phase.presenting
    /// Where the presenter's view was before this presentation took it out.
    @exclusivity(unchecked) var presenterViewPlace: PresenterViewPlace?
    /// The completion handlers of the presentation and of the dismissal in flight (a
    /// dismissal may be asked while the presentation's own did-callbacks run), and the
    /// presentations above this one that the dismissal removes too (not this one: it would
    /// keep itself alive).
    @exclusivity(unchecked) private var presentCompletion: (() -> Void)?
    @exclusivity(unchecked) private var dismissCompletion: (() -> Void)?
    /// Whether the presentation, or the dismissal asked, animates.
    @exclusivity(unchecked) private var presentsAnimated = false
    @exclusivity(unchecked) private var dismissesAnimated = false
    @exclusivity(unchecked) private var dismissedAbove: [Presentation] = []
    /// The client's animators of the presentation and of the dismissal asked (CUS-01, CUS-02).
    @exclusivity(unchecked) private var presentAnimator: TransitionAnimator?
    @exclusivity(unchecked) private var dismissAnimator: TransitionAnimator?
    /// The interactions the delegate gave to drive them (CUS-01, CUS-02, ICT-04).
    @exclusivity(unchecked) private var presentInteraction: PercentDrivenInteractiveTransition?
    @exclusivity(unchecked) private var dismissInteraction: PercentDrivenInteractiveTransition?
    /// Whether the dismissal in flight is the user's swipe down: the presentation controller's
    /// delegate hears `didDismiss` as its completion (PRE-04).
    @exclusivity(unchecked) private var isSwipedDown = false

    /// Calls `body` for each presentation a dismissal in flight removes: bottom first, or top
    /// first when `topFirst`.
    fileprivate func forEachDismissed(topFirst: Bool = false, _ body: (Presentation) -> Void) {
        if !topFirst { body(self) }
        if topFirst {
            for presentation in dismissedAbove.reversed() { body(presentation) }
        } else {
            for presentation in dismissedAbove { body(presentation) }
        }
        if topFirst { body(self) }
    }

    /// The length of an animated presentation or dismissal (M-4).
    static let duration = 0.5

    init(
        presenter: ViewController, presented: ViewController, requested: ModalPresentationStyle,
        style: ModalPresentationStyle, transitionStyle: ModalTransitionStyle
    ) {
        self.presenter = presenter
        world = presenter.world
        self.presented = presented
        requestedStyle = requested
        self.style = style
        self.transitionStyle = transitionStyle
        removesPresenterView = Self.removesView(of: presenter, presenting: presented, in: style)
        container = TransitionView(name: presented.name + ".transitionView", world: presenter.world)
        container.presentation = self
    }

    var isInFlight: Bool { phase != .presented }

    /// Whether a presentation in `style` takes `presenter`'s view out (table 8.1).
    static func removesView(
        of presenter: ViewController, presenting presented: ViewController, in style: ModalPresentationStyle
    ) -> Bool {
        switch style {
        case _ where presenter.containmentRoot.showingPresentation?.style == .popover:
            // APP-06: a controller inside a popover is not called back when what it presented
            // is dismissed; it stays in its popover and takes no part either way (D-57).
            false
        case .fullScreen, .currentContext: true
        case .custom: presented.presentationController.removesPresentersView
        default: false
        }
    }

    /// The controller whose view the presentation shows: the replacement while adapted with
    /// one (ADP-03), else the presented controller.
    var shown: ViewController { replacement ?? presented }

    /// Whether a dismissal of this presentation in flight removes `presentation` too (one above it).
    func dismisses(_ presentation: Presentation) -> Bool {
        presentation === self || dismissedAbove.contains { $0 === presentation }
    }
    /// Whether this presentation or one above it is in flight: no dismissal may start then.
    var isChainInFlight: Bool { chain().contains(where: \.isInFlight) }

    /// When a transition of this presentation ends (M-4): when the client's animator
    /// completes it, animated or not (CUS-03); after its animation; or, not animated, in the
    /// commit, except an iOS 13+ sheet, a turn later (TIM-08).
    private func timing(
        animated: Bool, style: ModalPresentationStyle, animator: TransitionAnimator?,
        driver: PercentDrivenInteractiveTransition?, context: () -> TransitionContext
    ) -> ContainerTransition.Timing {
        if let animator { return .animator(animator, context(), driver: driver) }
        if animated { return .seconds(Self.duration) }
        return style.isSheet && world.profile.iosVersion >= 13 ? .nextTurn : .endOfTurn
    }

    // MARK: Presenting (M-8, PRE-01, PRE-03, PRE-05, TIM-02)

    /// The `present` call: links both controllers (readable at once, PRE-01, §16.7); the
    /// transition begins after the commit.
    func schedule(
        animated: Bool, animator: TransitionAnimator?, interaction: PercentDrivenInteractiveTransition?,
        completion: (() -> Void)?
    ) {
        presenter.hostedPresentation = self
        presented.showingPresentation = self
        presented.isBeingPresented = true
        presentsAnimated = animated
        presentAnimator = animator
        presentInteraction = interaction
        presentCompletion = completion
        // The block holds only the presentation: what it needs is stored, not captured.
        world.runLoop.performAfterCommit { self.world.trace.because(.d28) { self.begin() } }
    }

    /// After the commit: the transition view goes on screen, then the modal kind of
    /// transition brackets the presenter out (styles that remove its view) and the presented
    /// controller in, moving the presented view into place; at its end the presenter's view
    /// leaves, the presented controller has appeared, the presenter has disappeared, and the
    /// completion runs (TIM-10).
    private func begin() {
        guard phase == .presenting, presenter.hostedPresentation === self else { return }
        let (host, index) = containerPlace()
        world.move(container, to: host, at: index)
        let animated = presentsAnimated
        let timing = timing(animated: animated, style: style, animator: presentAnimator, driver: presentInteraction) {
            TransitionContext(
                from: presenter, to: shown, givesFromView: removesPresenterView, givesToView: true,
                container: container, animated: animated)
        }
        // The controller shown comes in: the presented one, or the replacement the delegate
        // gave for an adapted style (ADP-03, D-134).
        let transition = ContainerTransition(
            container: presenter, kind: .modal, animated: animated, from: removesPresenterView ? presenter : nil,
            to: shown, destination: container, hooks: self)
        // Every presentation has a coordinator, animated or not (COO-01 [INF from RE18]).
        transition.vendsCoordinator = true
        // A style that keeps the presenter's view: a sheet (PRE-03), or one over the screen or
        // the context, or custom (PRE-05).
        // (A popover has no rule of its own in the catalogue: the state machine's.)
        transition.rule =
            removesPresenterView ? .pre01 : style.isSheet ? .pre03 : style == .popover ? .g01 : .pre05
        transition.leavesIncomingViewToAnimator = presentAnimator != nil
        presentAnimator = nil
        presentInteraction = nil
        transition.begin(timing: timing)
    }

    /// A current-context presentation covers its context controller's view, just above it;
    /// the others cover the window (PRE-06, PRE-07).
    private func containerPlace() -> (View?, Int?) {
        let presenterView = presenter.view
        if style.isCurrentContext, let superview = presenterView.superview, let index = presenterView.indexInSuperview {
            return (superview, index + 1)
        }
        return (presenterView.window ?? presenterView.superview, nil)
    }

    /// The presenter's view leaves as the presentation completes, if the style removes it;
    /// its place is kept for the dismissal.
    func takePresenterViewOut() {
        guard removesPresenterView, let view = presenter.viewIfLoaded, view.superview != nil else { return }
        if presenterViewPlace == nil { notePresenterViewPlace() }
        world.move(view, to: nil)
    }

    /// Notes where the presenter's view is, for the dismissal to put it back: as a client's
    /// animator begins, which may move the view (into the container, or out), else as the
    /// presentation ends.
    fileprivate func notePresenterViewPlace() {
        guard removesPresenterView, let view = presenter.viewIfLoaded, let superview = view.superview,
            let index = view.indexInSuperview
        else { return }
        presenterViewPlace = PresenterViewPlace(superview: superview, index: index, parent: presenter.parent)
    }

    /// Puts the presenter's view back where it was noted, wherever a client's animator left it.
    func restorePresenterView() {
        guard let place = presenterViewPlace, let superview = place.superview, let view = presenter.viewIfLoaded,
            view.superview !== superview
        else { return }
        world.move(view, to: superview, at: min(place.index, superview.subviews.count))
    }

    // MARK: Dismissing (M-8, M-9, PRE-02, PRE-13, TIM-02, TIM-07)

    /// This presentation and every one above it, bottom first: what dismissing it removes.
    ///
    /// One list filled as the walk goes (depth first, as the presentations stack up), not a
    /// copy of the rest of the chain at every level: a dismissal of a chain N deep reads it
    /// in O(N) (issue 18).
    func chain() -> [Presentation] {
        var list: [Presentation] = []
        var pending = [self]
        while let presentation = pending.popLast() {
            list.append(presentation)
            var above: [Presentation] = []
            presentation.presented.forEachInContainmentTree { controller in
                if let hosted = controller.hostedPresentation { above.append(hosted) }
            }
            pending.append(contentsOf: above.reversed())
        }
        return list
    }

    /// The presenter, if its view left for this presentation, is still out, and can come
    /// back: it is where it was (the same parent, or still a root that a window or a
    /// presentation shows).
    private var returningPresenter: ViewController? {
        guard let place = presenterViewPlace, let superview = place.superview, presenter.viewIfLoaded?.superview == nil,
            superview.window != nil, place.isParent(presenter.parent)
        else {
            return nil
        }
        if presenter.parent == nil, superview.window?.rootViewController !== presenter,
            presenter.showingPresentation == nil
        {
            return nil
        }
        return presenter
    }

    /// `dismiss(animated:completion:)` handled by this presentation's presenter: in the call
    /// the chain is marked as being dismissed; the transition begins after the commit.
    /// Returns false, changing nothing, when a presentation of the chain is in flight (PRE-12).
    func dismiss(animated: Bool, completion: (() -> Void)?) -> Bool {
        guard markChainDismissing() else { return false }
        dismissesAnimated = animated
        dismissCompletion = completion
        // In the call (CUS-02): the dismissed controller's delegate, for its animator.
        dismissAnimator = world.askAnimator(
            presented.transitioningDelegate, of: presented, .animationControllerForDismissed,
            [DelegateArgument(nil, .controller(presented))])
        dismissInteraction = world.askInteraction(
            presented.transitioningDelegate, of: presented, .interactionControllerForDismissal, for: dismissAnimator)
        world.runLoop.performAfterCommit { self.world.trace.because(.d28) { self.beginDismissal() } }
        return true
    }

    /// After the commit: the dismissal asked in the call begins.
    private func beginDismissal() {
        let animated = dismissesAnimated
        guard let step = dismissal(animated: animated) else { return }
        // The top presentation's style decides whether it is a sheet (TIM-08).
        let timing = timing(
            animated: animated, style: (dismissedAbove.last ?? self).style, animator: dismissAnimator,
            driver: dismissInteraction
        ) {
            // A presented view off screen (under a full-screen one above it, a chain dismissed
            // from below) is not the animator's to move: UIKit gives nil for it (CUS-03, D-114).
            TransitionContext(
                from: presented, to: presenter, givesFromView: presented.isViewOnScreen,
                givesToView: removesPresenterView, container: container, animated: animated)
        }
        dismissAnimator = nil
        dismissInteraction = nil
        step.vendsCoordinator = true
        step.begin(timing: timing)
    }

    /// Marks this presentation and those above it as being dismissed; returns false, marking
    /// nothing, when one of them is in flight (PRE-12).
    private func markChainDismissing() -> Bool {
        let presentations = chain()
        guard !presentations.contains(where: \.isInFlight) else { return false }
        for presentation in presentations {
            presentation.phase = .dismissing
            presentation.presented.isBeingDismissed = true
        }
        dismissedAbove = Array(presentations.dropFirst())
        return true
    }

    /// The modal kind of transition for a dismissal of this presentation and those above it:
    /// the controllers on screen above go (the top one animated with its own transition
    /// style, M-9), the presenter comes back if its view had left. At the end the presented
    /// views leave, the links are cleared (TIM-07), the presenter has appeared, the presented
    /// controllers have disappeared, and the completion runs (TIM-10).
    private func dismissal(animated: Bool) -> ContainerTransition? {
        guard presenter.hostedPresentation === self else {
            // Unlinked meanwhile (its presenter left): nothing is being dismissed any more.
            forEachDismissed { $0.presented.isBeingDismissed = false }
            dismissedAbove = []
            dismissCompletion = nil
            return nil
        }
        var outgoing: [ContainerTransition.Outgoing] = []
        forEachDismissed(topFirst: true) { presentation in
            // The top one animates with its own transition style; those under it do not (M-9).
            outgoing.append(.init(controller: presentation.shown, animated: outgoing.isEmpty ? animated : false))
        }
        let incoming = returningPresenter
        let place = presenterViewPlace
        let index = place.map { place in
            min(place.index, place.superview?.subviews.firstIndex { $0 === container } ?? place.index)
        }
        let transition = ContainerTransition(
            container: presenter, kind: .modal, animated: animated, outgoing: outgoing, incoming: incoming,
            destination: incoming == nil ? nil : place?.superview, index: index, hooks: self)
        transition.rule = .pre02
        return transition
    }

    fileprivate func unlink() {
        replacement = nil
        presenter.hostedPresentation = nil
        presented.showingPresentation = nil
        world.noteLostHold(presented)
        presenterViewPlace = nil
    }

    /// Where a presenter's view was as a presentation took it out, to put it back on
    /// dismissal: its superview and index, and the presenter's parent then.
    ///
    /// Weak, as the view tree and the containment tree hold these already: a presentation
    /// holding them strongly would close a cycle (the window holds the presenter, which holds
    /// the presentation) and keep a world that ends while presenting alive (issue 17, item 11).
    struct PresenterViewPlace {
        weak var superview: View?
        let index: Int
        weak var parent: ViewController?
        /// Whether the presenter had a parent, so that a parent freed since is not taken for
        /// none.
        let hadParent: Bool

        init(superview: View, index: Int, parent: ViewController?) {
            self.superview = superview
            self.index = index
            self.parent = parent
            hadParent = parent != nil
        }

        /// Whether `parent` is the presenter's parent of then.
        func isParent(_ parent: ViewController?) -> Bool {
            parent === self.parent && (parent != nil) == hadParent
        }
    }

    // MARK: The user's swipe down (PRE-04)

    /// The user pulls the sheet down. The presentation controller's delegate decides; a
    /// refused swipe only tells it `didAttemptToDismiss`. An allowed one hears `willDismiss`,
    /// the dismissal begins under the finger, and `didDismiss` follows its end; a cancelled
    /// swipe turns the brackets around, as a cancelled swipe back does (NAV-12).
    ///
    /// The delegate's methods are the client's code: if they start a transition of this chain, the
    /// swipe gives way to it, as a gesture does when the screen changes under the finger.
    func beginSwipeDown() -> InteractiveSwipe {
        let controller = presented.presentationController
        let refused =
            presented.refusesInteractiveDismissal
            || controller.ask(.shouldDismiss)?.allows == false
        if refused {
            controller.ask(.didAttemptToDismiss)
            return InteractiveSwipe(refusedGesture: .interactiveDismissal, subject: presented)
        }
        guard !isChainInFlight else {
            return InteractiveSwipe(refusedGesture: .interactiveDismissal, subject: presented)
        }
        controller.ask(.willDismiss)
        // The delegate is the client's code: a transition of the chain it started wins.
        guard markChainDismissing() else {
            return InteractiveSwipe(refusedGesture: .interactiveDismissal, subject: presented)
        }
        dismissCompletion = nil
        isSwipedDown = true
        let step = dismissal(animated: true)!
        let interaction = PercentDrivenInteractiveTransition()
        step.vendsCoordinator = true
        step.begin(timing: .interactive(interaction, seconds: Self.duration))
        return InteractiveSwipe(gesture: .interactiveDismissal, subject: presented, interaction: interaction)
    }
}

/// The modal kind of transition, for presenting and for dismissing (M-8, TIM-07, TIM-10).
///
/// Presenting: at the end the presenter's view leaves (if the style removes it), the
/// presentation counts as finished before the did-callbacks (UIKit's
/// `_didFinishPresentTransition`: a presentation asked from `viewDidAppear` finds this one
/// over), then the completion. Dismissing: at the end the presented views leave, the links
/// are cleared before the did-callbacks (TIM-07), then the completion; a cancelled swipe puts
/// the chain back as presented.
extension Presentation: ContainerTransitionHooks {
    /// Whether `transition` dismisses (it brackets the presented controller out) rather
    /// than presents; `phase` cannot tell, since a dismissal may be asked while the
    /// presentation's own did-callbacks run.
    private func isDismissal(_ transition: ContainerTransition) -> Bool {
        transition.incoming !== shown
    }

    /// The client's presentation controller hears the transition begin (CUS-01, CUS-02).
    func transitionWillOpen(_ transition: ContainerTransition) {
        if !isDismissal(transition), transition.animator != nil { notePresenterViewPlace() }
        presented.presentationController.call(
            isDismissal(transition) ? .dismissalTransitionWillBegin : .presentationTransitionWillBegin)
    }

    /// The client's presentation controller hears the end first (CUS-01, CUS-02, CUS-07).
    func transitionWillEnd(_ transition: ContainerTransition, completed: Bool) {
        presented.presentationController.call(
            isDismissal(transition) ? .dismissalTransitionDidEnd : .presentationTransitionDidEnd, completed: completed)
    }

    func transitionRemoveOutgoing(_ transition: ContainerTransition) {
        guard isDismissal(transition) else { return takePresenterViewOut() }
        forEachDismissed(topFirst: true) { presentation in
            world.move(presentation.container, to: nil)
            // Off screen now: taking the view out of the transition view calls nothing back. A
            // view the client moved elsewhere meanwhile is not the presentation's to take.
            if let view = presentation.shown.viewIfLoaded, view.superview === presentation.container {
                view.reparent(to: nil)
            }
        }
        // A client's animator places no view: the presenter's view comes back where it was
        // as the dismissal ends, as UIKit restores it (CUS-02, D-111).
        if transition.animator != nil, let incoming = transition.incoming, let place = transition.destination,
            incoming.viewIfLoaded?.superview !== place
        {
            world.move(incoming.view, to: place, at: transition.index.map { min($0, place.subviews.count) })
        }
    }

    func transitionWillClose(_ transition: ContainerTransition) {
        guard isDismissal(transition) else {
            phase = .presented
            return
        }
        forEachDismissed(topFirst: true) { $0.unlink() }
    }

    func transitionDidClose(_ transition: ContainerTransition) {
        if isDismissal(transition) {
            forEachDismissed { $0.presented.isBeingDismissed = false }
            dismissedAbove = []
            let completion = dismissCompletion
            dismissCompletion = nil
            world.trace.asClient { completion?() }
            // A swipe down's dismissal has no completion handler: the delegate hears it is over.
            if isSwipedDown {
                isSwipedDown = false
                presented.presentationController.ask(.didDismiss)
            }
        } else {
            presented.isBeingPresented = false
            let completion = presentCompletion
            presentCompletion = nil
            world.trace.asClient { completion?() }
        }
    }

    /// The cancelled dismissal is over before its controllers turn around: what their
    /// callbacks ask (a new dismissal) starts afresh. A cancelled presentation (its animator
    /// completed it as not finished, CUS-07) is undone: the links go, and the completion is
    /// not called (D-110).
    func transitionWillCancel(_ transition: ContainerTransition) {
        guard isDismissal(transition) else {
            // The presenter's view goes back where it was before its controller turns back,
            // wherever a client's animator put it (the container leaves afterwards).
            restorePresenterView()
            unlink()
            presented.isBeingPresented = false
            presentCompletion = nil
            return
        }
        forEachDismissed { presentation in
            presentation.phase = .presented
            presentation.presented.isBeingDismissed = false
        }
        dismissedAbove = []
        dismissCompletion = nil
        isSwipedDown = false
    }

    /// A cancelled presentation's transition view leaves the window.
    func transitionDidCancel(_ transition: ContainerTransition) {
        guard !isDismissal(transition) else { return }
        world.move(container, to: nil)
    }
}

/// The view UIKit puts a presented controller's view in (`UITransitionView`).
final class TransitionView: View {
    @exclusivity(unchecked) weak var presentation: Presentation?
}

/// Presentation as controllers see it (SPEC §3.3, BEHAVIOR.md PRE).
extension ViewController {
    /// The style this controller is presented with. Reading it gives a concrete style:
    /// `automatic` is `pageSheet` from iOS 13 and `fullScreen` before (PRE-16, M-12).
    public var modalPresentationStyle: ModalPresentationStyle {
        get {
            let style = modalPresentationStyleSetting ?? .automatic
            guard style == .automatic else { return style }
            return world.profile.iosVersion >= 13 ? .pageSheet : .fullScreen
        }
        set { modalPresentationStyleSetting = newValue }
    }

    /// The controller that this controller or its nearest ancestor presents (H17, PRE-06).
    public var presentedViewController: ViewController? { nearestHostedPresentation?.presented }

    /// The presentation this controller or its nearest ancestor hosts.
    var nearestHostedPresentation: Presentation? {
        hostedPresentation ?? ancestors.lazy.compactMap(\.hostedPresentation).first
    }

    /// The controller that presented this controller or its farthest ancestor (H17, PRE-06).
    public var presentingViewController: ViewController? { containmentRoot.showingPresentation?.presenter }

    /// The presentation controller managing this controller: that of the presented ancestor,
    /// or this controller's own, made on first use.
    public var presentationController: PresentationController {
        let root = containmentRoot
        if root !== self, root.showingPresentation != nil { return root.presentationController }
        if let made = ownPresentationController { return made }
        let made = PresentationController(presented: self)
        ownPresentationController = made
        return made
    }

    /// The controller at the top of this one's containment tree.
    var containmentRoot: ViewController {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    /// Calls `body` for this controller and every controller below it, parents first.
    func forEachInContainmentTree(_ body: (ViewController) -> Void) {
        body(self)
        for child in children { child.forEachInContainmentTree(body) }
    }

    /// Whether a controller on screen in this presented tree sets `isModalInPresentation` (D-34).
    var refusesInteractiveDismissal: Bool {
        var refuses = false
        forEachInContainmentTree { controller in
            if controller.isModalInPresentation, controller === self || controller.appearance.isShowing {
                refuses = true
            }
        }
        return refuses
    }

    /// `present(_:animated:completion:)` (M-8). UIKit's exceptions are thrown before anything
    /// changes (PRE-11); a presentation UIKit ignores records its warning and never calls
    /// `completion` (PRE-08, PRE-09, PRE-10, PRE-17).
    public func present(_ controller: ViewController?, animated: Bool, completion: (() -> Void)? = nil) throws {
        guard let controller else {
            throw UIKitException.invalidArgument(
                "Application tried to present a nil modal view controller on target \(name).")
        }
        let requested = controller.modalPresentationStyle
        var presenter = presenter(for: requested)
        try checkPresentable(controller, on: presenter, style: requested)
        if let warning = refusal(presenting: controller, on: presenter) { return world.warn(warning) }
        let traits = presenter.traitCollection
        let style = try adapted(requested, for: controller, traits: traits)
        // The delegate is the client's code, and an adapted style may need another presenter
        // (a current-context style made full screen, PRE-06): check again when it ran.
        if Self.adapts(requested, in: traits) {
            presenter = self.presenter(for: style)
            try checkPresentable(controller, on: presenter, style: style)
            if let warning = refusal(presenting: controller, on: presenter) { return world.warn(warning) }
        }
        // An adapted style: the delegate may give a controller to show instead (ADP-03, D-134).
        var replacement: ViewController?
        if style != requested, let offered = controller.presentationController.replacement(for: style) {
            if let parent = controller.parent {
                // The delegate put the presented controller into a container (Apple's sample
                // wraps it in a navigation controller): not modelled (D-134).
                throw UsageError(
                    .presentedControllerWrapped(controller: controller.name, role: .child(of: parent.name)))
            }
            replacement = offered.canStandIn(for: controller, presentedBy: presenter) ? offered : nil
        }
        // Sent at the presentation too, with "none" when no adaptation happens (H17-PC, ADP-02).
        controller.presentationController.ask(
            .willPresentWithAdaptiveStyle,
            [DelegateArgument(nil, .string(style == requested ? "none" : style.rawValue))])
        let transitionStyle =
            requested.isCurrentContext && presenter.providesPresentationContextTransitionStyle
            ? presenter.modalTransitionStyle : controller.modalTransitionStyle
        if transitionStyle == .partialCurl, style != .fullScreen {
            throw UIKitException.invalidArgument(
                "The partialCurl transition style needs the fullScreen presentation style; "
                    + "\(controller.name) would be presented as \(style.rawValue).")
        }
        // In the call (CUS-01): the presented controller's transitioning delegate, for a
        // custom style's presentation controller, then for an animator.
        let delegate = controller.transitioningDelegate
        let arguments = [
            DelegateArgument(nil, .controller(controller)), DelegateArgument("presenting", .controller(presenter)),
            DelegateArgument("source", .controller(self)),
        ]
        let presentationController = controller.presentationController
        presentationController.overrides = nil
        if style == .custom, let delegate, delegate.implements(.presentationController) {
            world.recordDelegateCall(
                controller.name + ".transitioningDelegate", TransitioningDelegateMethod.presentationController.rawValue,
                arguments)
            presentationController.overrides = delegate.presentationController(arguments: arguments)
        }
        let animator = world.askAnimator(delegate, of: controller, .animationControllerForPresented, arguments)
        let interaction = world.askInteraction(
            delegate, of: controller, .interactionControllerForPresentation, for: animator)
        // The delegate is the client's code: what it did meanwhile may refuse the presentation.
        try checkPresentable(controller, on: presenter, style: style)
        if let warning = refusal(presenting: controller, on: presenter) { return world.warn(warning) }
        let presentation = Presentation(
            presenter: presenter, presented: controller, requested: requested, style: style,
            transitionStyle: transitionStyle)
        presentation.replacement = replacement.flatMap {
            $0.canStandIn(for: controller, presentedBy: presenter) ? $0 : nil
        }
        presentation.source = self
        presentation.schedule(animated: animated, animator: animator, interaction: interaction, completion: completion)
    }

    /// Who handles a presentation in `style` asked of this controller (PRE-06, PRE-07, D-29):
    /// for the current-context styles the nearest controller, this one included, that defines
    /// the presentation context; otherwise, and when none does, the top of this controller's
    /// containment tree (the window's root, or a presented controller).
    func presenter(for style: ModalPresentationStyle) -> ViewController {
        if style.isCurrentContext, let context = ([self] + ancestors).first(where: \.definesPresentationContext) {
            return context
        }
        return containmentRoot
    }

    /// PRE-11's exceptions, and the engine's refusals (D-30).
    private func checkPresentable(
        _ controller: ViewController, on presenter: ViewController, style: ModalPresentationStyle
    )
        throws
    {
        if controller === self || controller === presenter || isHeld(by: controller) {
            throw UIKitException.invalidArgument(
                "Application tried to present modal view controller on itself. Presenting controller is \(controller.name)."
            )
        }
        if let parent = controller.parent ?? controller.heldParent {
            throw UIKitException.invalidArgument(
                "Application tried to present modally a view controller \(controller.name) "
                    + "that has a parent view controller \(parent.name).")
        }
        if let presentation = controller.showingPresentation {
            throw UIKitException.invalidArgument(
                "Application tried to present modally a view controller \(controller.name) "
                    + "that is already being presented by \(presentation.presenter.name).")
        }
        var hostsPresentation = false
        controller.forEachInContainmentTree { if $0.hostedPresentation != nil { hostsPresentation = true } }
        if hostsPresentation || world.window(rootedAt: controller) != nil {
            throw UIKitException.invalidArgument(
                "Application tried to present modally an active controller \(controller.name).")
        }
        if let superview = controller.viewIfLoaded?.superview {
            throw UsageError(.viewInAnotherTree(controller: controller.name, superview: superview.name))
        }
        if style == .none {
            throw UIKitException.invalidArgument(
                "\(controller.name) has modalPresentationStyle none, which cannot be presented.")
        }
    }

    /// The warning of a presentation UIKit ignores, in the profile's wording (§15, M-11).
    private func refusal(presenting controller: ViewController, on presenter: ViewController) -> String? {
        let modern = world.profile.iosVersion >= 13
        var from: String { modern ? " (from \(name))" : "" }  // built only for a warning
        if presenter.hostedPresentation?.isInFlight == true
            || presenter.containmentRoot.showingPresentation?.isInFlight == true
        {
            return "Attempt to present \(controller.name) on \(presenter.name) while a presentation is in progress!"
        }
        if let current = presenter.hostedPresentation {
            return
                "Attempt to present \(controller.name) on \(presenter.name)\(from) which is already presenting \(current.presented.name)"
                + (modern ? "." : "")
        }
        guard presenter.isViewOnScreen else {
            return
                "Attempt to present \(controller.name) on \(presenter.name)\(from) whose view is not in the window hierarchy"
                + (modern ? "." : "!")
        }
        return nil
    }

    /// The style a presentation takes in `traits` (PRE-14, PRE-15, A-10, §16, D-32). Only a
    /// compact environment adapts: popovers become full screen; sheets become full screen
    /// in a compact height, and before iOS 13 in a compact width too; current-context and
    /// custom styles stay. The presentation controller's delegate may choose another style,
    /// or `none` to keep the one asked.
    func adapted(
        _ style: ModalPresentationStyle, for controller: ViewController, traits: TraitCollection
    ) throws
        -> ModalPresentationStyle
    {
        guard Self.adapts(style, in: traits) else { return style }
        var fallback = style
        if style == .popover {
            fallback = .fullScreen
        } else if style.isSheet, traits.verticalSizeClass == .compact || world.profile.iosVersion < 13 {
            fallback = .fullScreen
        }
        guard
            case .string(let answer)? = controller.presentationController.ask(
                .adaptivePresentationStyle, [DelegateArgument("traitCollection", .traits(traits))])
        else { return fallback }
        guard let chosen = ModalPresentationStyle(rawValue: answer) else {
            throw UsageError(.unknownAdaptiveStyle(answer: answer))
        }
        if chosen == .none { return style }
        return ModalPresentationStyle.adaptiveAnswers.contains(chosen) ? chosen : fallback
    }

    /// Whether a presentation in `style` adapts in `traits`, asking the presentation
    /// controller's delegate: only in a compact environment, never full screen (D-32).
    static func adapts(_ style: ModalPresentationStyle, in traits: TraitCollection) -> Bool {
        traits.isCompact && style != .fullScreen && style != .overFullScreen
    }

    /// `dismiss(animated:completion:)` (PRE-02, PRE-13, A-9): a controller that presents
    /// (itself or through its nearest ancestor) dismisses what it presents and everything
    /// above; otherwise the request goes to the controller that presented this one's
    /// containment tree. With neither, nothing happens and `completion` is not called.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presentation = nearestHostedPresentation ?? containmentRoot.showingPresentation else { return }
        guard presentation.dismiss(animated: animated, completion: completion) else {
            return world.warn(
                "Attempt to dismiss from view controller \(presentation.presenter.name) "
                    + "while a presentation or dismiss is in progress!")
        }
    }

    /// The user pulls down the sheet that shows this controller (PRE-04, SPEC §3.4).
    public func userSwipeDown() throws -> InteractiveSwipe {
        let root = containmentRoot
        guard let presentation = root.showingPresentation, presentation.style.isSheet else {
            throw UsageError(.notInSheet(controller: name))
        }
        guard !presentation.isInFlight else {
            throw UsageError(.inTransition(controller: root.name, gesture: .interactiveDismissal))
        }
        if let above = presentation.chain().dropFirst().first?.presented {
            throw UsageError(.sheetCovered(covering: above.name, sheet: root.name))
        }
        guard root.isViewOnScreen else {
            throw UsageError(.notOnScreen(controller: root.name, gesture: .interactiveDismissal))
        }
        return presentation.beginSwipeDown()
    }

    /// The engine's refusal of a gesture on a controller that something presented covers:
    /// UIKit's presentations take the touches (D-22).
    func checkNotCovered(for gesture: UserGesture) throws {
        guard let covering = presentedViewController else { return }
        throw UsageError(.coveredByPresentation(covering: covering.name, covered: name, gesture: gesture))
    }
}

/// A presentation controller, as `UIPresentationController` is: the delegate of
/// PRE-04 and PRE-14, and `shouldRemovePresentersView` for custom presentations (table 8.1).
public final class PresentationController {
    public unowned let presentedViewController: ViewController
    /// The delegate: `shouldDismiss`, `willDismiss`, `didDismiss`,
    /// `didAttemptToDismiss`, `adaptivePresentationStyle`.
    @exclusivity(unchecked) public var delegate: Delegate?
    /// Whether a custom presentation removes the presenter's view (H17-PC: false by default).
    @exclusivity(unchecked) public var shouldRemovePresentersView = false
    /// The client's presentation controller, as the transitioning delegate gave it for the
    /// presentation in flight or shown (a custom style only, CUS-01); nil: UIKit's own.
    @exclusivity(unchecked) public internal(set) var overrides: PresentationControllerOverrides?

    /// Whether a custom presentation removes the presenter's view: the client's presentation
    /// controller says, if there is one (CUS-05).
    var removesPresentersView: Bool { overrides?.shouldRemovePresentersView ?? shouldRemovePresentersView }

    init(presented: ViewController) {
        presentedViewController = presented
    }

    public var presentingViewController: ViewController? { presentedViewController.showingPresentation?.presenter }

    /// The style in effect while presented (adapted, PRE-14); the controller's style before.
    public var presentationStyle: ModalPresentationStyle {
        presentedViewController.showingPresentation?.style ?? presentedViewController.modalPresentationStyle
    }

    /// The transition style the presentation animates with: the presented controller's, or
    /// the context's when it provides one (PRE-07). UIKit has no such property (D-32).
    public var transitionStyle: ModalTransitionStyle {
        presentedViewController.showingPresentation?.transitionStyle ?? presentedViewController.modalTransitionStyle
    }

    /// The name the trace uses: `B.presentationController`.
    public var name: String { presentedViewController.name + ".presentationController" }

    /// Calls the delegate's `method` if it implements it, recorded under `B.presentationController`.
    @discardableResult
    func ask(_ method: DelegateMethod, _ arguments: [DelegateArgument] = []) -> DelegateAnswer? {
        presentedViewController.world.ask(delegate, of: self, named: name, method, arguments)
    }
}
