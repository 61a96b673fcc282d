/// One container transition (BEHAVIOR.md M-13): the step every container takes to swap what
/// it shows, written once.
///
/// A kind (navigation, tab switch, presentation, dismissal, `transition(from:to:)`) only
/// declares what differs: the controllers it brackets out and in, where the incoming view
/// goes and when the outgoing views leave, the order in which it opens and closes the
/// brackets (Part B), its timing, and a few hooks (`ContainerTransitionHooks`). The rules no
/// kind chooses live here:
///
/// - the incoming view loads before any bracket opens (LOAD-07);
/// - a controller is bracketed only when its view crosses the edge of a shown window: an
///   outgoing one that shows and will not stay inside the incoming one, an incoming one whose
///   destination is in a shown window under a controller that shows;
/// - every controller learns the window it is entering before its will-callback;
/// - a transition still running when its container starts to disappear, or its window
///   hides, ends at once (`World.endTransitions`), so that no child stays appeared inside a
///   container that is not;
/// - a cancel turns the brackets around, incoming side first (G-01, NAV-12, PRE-04, ICT-02).
///
///     ContainerTransition(container: nav, kind: .navigation, animated: true,
///                         from: a, to: b, destination: nav.view, hooks: nav)
///         .begin(timing: .seconds(0.35))   // A will-disappear, B will-appear, willShow(B)
///                                          // 0.35 s: A did-disappear, B did-appear, didShow(B)
final class ContainerTransition {
    /// Which side a kind opens or closes first.
    enum Order { case outgoingFirst, incomingFirst }

    /// How a kind orders its brackets (BEHAVIOR.md Part B).
    struct Kind {
        var opens: Order
        var closes: Order
        /// Whether the outgoing views leave as soon as the incoming view is in (a tab switch,
        /// TIM-04), rather than as the transition ends.
        var removesOutgoingAtOnce = false
        /// How a cancel turns the brackets around.
        var cancels = CancelOrder.incomingFirst

        /// Push and pop (M-6): outgoing first, both ways.
        static let navigation = Kind(opens: .outgoingFirst, closes: .outgoingFirst)
        /// A tab switch (M-7, TIM-04): the incoming tab will-appears first, the outgoing view
        /// leaves at once, the outgoing tab ends first. Cancelled (an interactive custom
        /// switch, ICT-03), the tabs hear only their will-callbacks.
        static let tabSwitch = Kind(
            opens: .incomingFirst, closes: .outgoingFirst, removesOutgoingAtOnce: true, cancels: .willsOnly)
        /// Present, dismiss (M-8) and `transition(from:to:)` (CON-07's log): outgoing opens
        /// first, incoming closes first.
        static let modal = Kind(opens: .outgoingFirst, closes: .incomingFirst)
        /// A page view controller's scroll (PAG-03, PAG-04): the new page first both ways; a
        /// cancel turns the old page back first.
        static let pageScroll = Kind(opens: .incomingFirst, closes: .incomingFirst, cancels: .outgoingFirst)
        /// A page curl (PAG-02, PAG-04): the new page opens first, the old one closes first; a
        /// cancel turns both, then closes both, the new page first each time.
        static let pageCurl = Kind(opens: .incomingFirst, closes: .outgoingFirst, cancels: .turnsThenCloses)
    }

    /// How a cancel turns the brackets around.
    enum CancelOrder {
        /// The incoming controller turns and closes, then the outgoing ones (G-01's cancel
        /// edges, NAV-12, PRE-04, ICT-02, CUS-07).
        case incomingFirst
        /// The outgoing controller turns back, then the incoming one turns away, with no
        /// did-callback for either (ICT-03's cancelled tab switch, D-121).
        case willsOnly
        /// The outgoing controllers turn and close, then the incoming one (a page scroll, PAG-04).
        case outgoingFirst
        /// The incoming controller turns, then the outgoing ones; then each closes in that
        /// order (a page curl, PAG-04).
        case turnsThenCloses
    }

    /// When a transition that has begun ends.
    enum Timing {
        /// In the after-commit queue of the turn in which it began: not animated (M-4).
        case endOfTurn
        /// A turn later: an iOS 13+ sheet without animation (TIM-08).
        case nextTurn
        /// After an animation of this many seconds of virtual time.
        case seconds(Double)
        /// UIKit's own animation of this many seconds, driven by an interaction: it ends when
        /// the finger has let go and the rest has run (ICT-04).
        case interactive(PercentDrivenInteractiveTransition, seconds: Double)
        /// When the client's animator completes it through the context, after asking its
        /// duration and having it animate once the brackets opened (CUS-01, M-14), under the
        /// interaction `driver` if one drives it (ICT-04). The animator places the incoming
        /// view itself (CUS-03).
        case animator(TransitionAnimator, TransitionContext, driver: PercentDrivenInteractiveTransition?)
    }

    enum State { case ready, running, ended, cancelled }

    /// An outgoing controller, with its own `animated` (the top of a dismissed chain animates,
    /// those under it do not, M-9) and whether the transition brackets it.
    struct Outgoing {
        let controller: ViewController
        let animated: Bool
        fileprivate(set) var isBracketed = false
    }

    /// The controller whose transition this is: its disappearance ends the transition.
    /// Unowned, as `world` is: the world keeps its controllers, its run loop and so its
    /// transitions, and outlives them all.
    unowned(unsafe) let container: ViewController
    unowned(unsafe) let world: World
    let kind: Kind
    @exclusivity(unchecked) private(set) var outgoing: [Outgoing]
    let incoming: ViewController?
    let animated: Bool
    /// Where the incoming view goes, and at which index (nil: on top).
    let destination: View?
    let index: Int?
    /// The kind's hooks, kept while the transition lasts.
    let hooks: ContainerTransitionHooks
    /// The rule whose order this transition follows (a push's NAV-02), which a timeline names
    /// for the events its steps record; the declarer sets it.
    @exclusivity(unchecked) var rule = Rule.g01
    /// The rule a cancel follows: G-01's cancel edges, or the declarer's (a swipe's NAV-12).
    @exclusivity(unchecked) var cancelRule: Rule?
    /// The rule its end follows, when the declarer knows one apart from its beginning's (a
    /// swipe that completes, NAV-13).
    @exclusivity(unchecked) var endRule: Rule?
    /// The rule that sets how long it lasts when it lasts a number of seconds: UIKit's own
    /// animations' (D-144), unless the client gave the length.
    @exclusivity(unchecked) var durationRule = Rule.d144
    @exclusivity(unchecked) private(set) var state = State.ready
    /// The incoming controller, when the transition brackets it (decided as it begins).
    @exclusivity(unchecked) private(set) var bracketedIn: ViewController?
    /// Whether the incoming controller was showing already where it goes.
    @exclusivity(unchecked) private var incomingShowsAlready = false
    /// Whether `begin` is still opening the brackets; an end or a cancel asked meanwhile (by
    /// the client's code in a will-callback) waits for the opening to finish.
    @exclusivity(unchecked) private var isOpening = false
    @exclusivity(unchecked) private var requestedWhileOpening: (() -> Void)?
    /// Whether it is the user's swipe back: its popped controller is the navigation
    /// controller's still (`heldParent`), as the gesture began where nothing else held it.
    @exclusivity(unchecked) var isUserSwipe = false
    /// The interaction that drives it, if a finger does (ICT-04): set as it begins.
    @exclusivity(unchecked) private(set) var interaction: PercentDrivenInteractiveTransition?
    /// The client's animator and its context, for a transition it animates.
    @exclusivity(unchecked) private(set) var animator: TransitionAnimator?
    @exclusivity(unchecked) private var context: TransitionContext?
    /// Whether a client's animator, not the transition, is to put the incoming view in place
    /// (a presentation's, CUS-03); others put it in as the transition ends (D-111, D-113).
    @exclusivity(unchecked) var leavesIncomingViewToAnimator = false
    /// Whether the animator has been asked to animate: a transition ended before (by its own
    /// callbacks, M-13) ends as UIKit's own would, and the animator hears nothing more.
    @exclusivity(unchecked) private var hasAnimatorStarted = false
    /// Whether the transition has a coordinator (COO-01): presentations and dismissals, and
    /// animated pushes and pops; the declarer says so before it begins.
    @exclusivity(unchecked) var vendsCoordinator = false
    /// The coordinator, made as the transition begins, before any callback can ask for it.
    @exclusivity(unchecked) private(set) var coordinator: TransitionCoordinator?

    init(
        container: ViewController, kind: Kind, animated: Bool, outgoing: [Outgoing], incoming: ViewController?,
        destination: View?, index: Int? = nil, hooks: ContainerTransitionHooks
    ) {
        self.container = container
        world = container.world
        self.kind = kind
        self.animated = animated
        self.outgoing = outgoing
        self.incoming = incoming
        self.destination = destination
        self.index = index
        self.hooks = hooks
    }

    /// A transition with at most one outgoing controller, animated as the transition is.
    convenience init(
        container: ViewController, kind: Kind, animated: Bool, from: ViewController?, to: ViewController?,
        destination: View?, index: Int? = nil, hooks: ContainerTransitionHooks
    ) {
        self.init(
            container: container, kind: kind, animated: animated,
            outgoing: from.map { [Outgoing(controller: $0, animated: animated)] } ?? [], incoming: to,
            destination: destination, index: index, hooks: hooks)
    }

    deinit {
        interaction?.forgetOrphanedDrive()
    }

    /// The first outgoing controller (the one a push or a tab switch leaves).
    var from: ViewController? { outgoing.first?.controller }

    // MARK: Beginning

    /// Loads the incoming view, opens the brackets in the kind's order, puts the incoming
    /// view in place, and arranges the end as `timing` says.
    func begin(timing: Timing) {
        world.trace.because(rule) { open(timing: timing) }
    }

    private func open(timing: Timing) {
        guard state == .ready else { return }
        state = .running
        switch timing {
        case .animator(let animator, let context, let driver):
            (self.animator, self.context) = (animator, context)
            // One finger drives one transition: one already driving another is not used (D-118).
            if let driver, driver.isDriving {
                world.warn(
                    "\(container.name): the interaction controller given drives another transition still; "
                        + "this one runs without it")
            } else {
                interaction = driver
            }
        case .interactive(let driver, _): interaction = driver
        case .endOfTurn, .nextTurn, .seconds: break
        }
        // The finger holds it from the start: its own callbacks may end it at once (a cancel).
        interaction?.start(driving: self)
        context?.isInteractive = interaction != nil
        if vendsCoordinator { coordinator = makeCoordinator(timing) }
        world.runningTransitions.append(self)
        isOpening = true
        world.trace.because(.load07) { incoming?.loadViewIfNeeded() }
        hooks.transitionWillOpen(self)
        let window = destination?.window
        decideBrackets(window)
        switch kind.opens {
        case .outgoingFirst:
            openOutgoing()
            hooks.transitionBetweenOpens(self)
            openIncoming(window)
        case .incomingFirst:
            openIncoming(window)
            hooks.transitionBetweenOpens(self)
            openOutgoing()
        }
        // A client's animator puts the incoming view in place itself (CUS-03).
        if let incoming, let destination, animator == nil { world.move(incoming.view, to: destination, at: index) }
        // A client's animator animates the outgoing view out: it leaves as the transition ends.
        if kind.removesOutgoingAtOnce, animator == nil { hooks.transitionRemoveOutgoing(self) }
        hooks.transitionDidOpen(self)
        isOpening = false
        if let requested = requestedWhileOpening {
            requestedWhileOpening = nil
            return requested()
        }
        schedule(timing)
    }

    /// Who crosses the edge of a shown window (M-13); `window` is the destination's.
    private func decideBrackets(_ window: Window?) {
        for index in outgoing.indices {
            let controller = outgoing[index].controller
            // One that shows without its view in a window (a presented view a client's animator
            // never added, D-109) disappears all the same: UIKit's callbacks do not look.
            outgoing[index].isBracketed =
                controller.appearance.isShowing
                && (controller.isViewOnScreen
                    || (controller.appearanceOwedToClient && controller.viewIfLoaded?.window == nil))
                && !stays(controller)
        }
        guard let incoming, let destination, let window, !window.isHidden,
            destination.nearestOwner?.appearance.isShowing ?? true
        else { return }
        if incoming.isViewOnScreen, incoming.appearance.isShowing {
            incomingShowsAlready = true
        } else {
            bracketedIn = incoming
        }
    }

    /// Whether an outgoing controller stays on screen inside the incoming one (a tab moving
    /// under More, D-25).
    private func stays(_ controller: ViewController) -> Bool {
        guard let incoming else { return false }
        return controller.isInside(incoming)
    }

    private func openOutgoing() {
        for item in outgoing where item.isBracketed {
            item.controller.beginAppearanceTransition(false, animated: item.animated, opening: self)
        }
    }

    private func openIncoming(_ window: Window?) {
        if incomingShowsAlready, let incoming { hooks.transition(self, incomingAlreadyShown: incoming) }
        bracketedIn?.beginAppearanceTransition(true, animated: animated, opening: self, window: window)
    }

    private func makeCoordinator(_ timing: Timing) -> TransitionCoordinator {
        var duration = 0.0
        if case .seconds(let seconds) = timing { duration = seconds }
        if case .interactive(_, let seconds) = timing { duration = seconds }
        let coordinator = TransitionCoordinator(
            animated: animated, custom: animator != nil, duration: duration, interactive: interaction != nil)
        coordinator.trace = world.trace
        return coordinator
    }

    private func schedule(_ timing: Timing) {
        // The run loop keeps the transition until its end is due; an end that came earlier
        // makes this one a no-op.
        let finish = { (clock: Rule) in { self.world.trace.because(clock) { self.end() } } }
        switch timing {
        case .endOfTurn: world.runLoop.performAfterCommit(finish(.m4))
        case .nextTurn: world.runLoop.schedule(after: 0, finish(.tim08))
        case .seconds(let seconds): world.runLoop.schedule(after: seconds, finish(durationRule))
        case .interactive(let driver, let seconds):
            // UIKit's own animation, held at the finger; it completes the transition when it has
            // run out (cancelled, if the finger cancelled).
            driver.duration = seconds
            _ = driver.hold(duration: seconds) { [weak self] cancelled in self?.complete(!cancelled) }
        case .animator(let animator, let context, let driver):
            context.begin(self, with: animator)
            coordinator?.transitionDuration = context.duration
            hasAnimatorStarted = true
            if let driver, driver.drives(self) {
                driver.duration = context.duration
                world.holdingAnimations(for: driver) { world.animate(animator, context) }
            } else {
                world.animate(animator, context)
            }
        }
        // The animation has begun: the coordinator's alongside blocks run (COO-02).
        coordinator?.begin()
    }

    // MARK: Ending

    /// Ends the transition as its animation says: completed, or turned back when not
    /// (a cancelled interaction, an animator's `completeTransition(false)`), unless the kind
    /// cannot put back what it changed (a popped controller another container took): it
    /// then completes.
    func complete(_ completed: Bool) {
        if completed || !hooks.transitionCanCancel(self) { end() } else { cancel() }
    }

    /// The finger driving the transition let go (ICT-04): the context and the coordinator
    /// learn it, and the coordinator's interaction handlers run (COO-03).
    func interactionDidLift(cancelled: Bool) {
        context?.isInteractive = false
        if cancelled { context?.transitionWasCancelled = true }
        coordinator?.interactionDidLift(cancelled: cancelled)
    }

    /// Ends the transition: the outgoing views leave, the brackets close in the kind's order,
    /// then the kind's `transitionDidClose`. A second call does nothing.
    func end() {
        world.trace.because(endRule ?? rule) { close() }
    }

    private func close() {
        guard state == .running else { return }
        guard !isOpening else {
            requestedWhileOpening = requestedWhileOpening ?? { self.end() }
            return
        }
        state = .ended
        world.transitionsEnding += 1
        interaction?.transitionWillComplete(self, completed: true)
        // No did-callback comes before an alongside block (an animator that completed inside
        // animateTransition, a transition ended at once).
        coordinator?.begin()
        hooks.transitionWillEnd(self, completed: true)
        if !kind.removesOutgoingAtOnce || animator != nil { hooks.transitionRemoveOutgoing(self) }
        // Ended before its animator was asked to animate (its own callbacks ended it): the
        // incoming view goes in as UIKit's own transition puts it.
        if animator != nil, !hasAnimatorStarted, let incoming, let destination, incoming.viewIfLoaded?.superview == nil
        {
            world.move(incoming.view, to: destination, at: index)
        }
        hooks.transitionWillClose(self)
        switch kind.closes {
        case .outgoingFirst:
            closeOutgoing()
            hooks.transitionBetweenCloses(self)
            bracketedIn?.closeAppearanceTransition()
        case .incomingFirst:
            bracketedIn?.closeAppearanceTransition()
            hooks.transitionBetweenCloses(self)
            closeOutgoing()
        }
        world.stopTracking(self)
        hooks.transitionDidClose(self)
        coordinator?.end(cancelled: false)
        finishAnimator(completed: true)
        leaveNoneStranded()
        world.transitionsEnding -= 1
        world.releaseUnheld()
    }

    /// Tells a client's animator the transition is over (after the completion handlers,
    /// CUS-01), and leaves its context without a transition. An incoming controller whose
    /// view the animator never put in a window has appeared all the same, as UIKit's
    /// appearance callbacks do not look at the view: it stays so, as the client's doing
    /// (D-109).
    private func finishAnimator(completed: Bool) {
        guard let animator, let context else { return }
        context.end()
        guard hasAnimatorStarted else { return }
        world.animationEnded(animator, completed: completed)
        if completed, leavesIncomingViewToAnimator, let incoming = bracketedIn, incoming.appearance == .appeared,
            !incoming.isViewOnScreen
        {
            incoming.appearanceOwedToClient = true
        }
    }

    /// The client's code may have changed the screen under the transition (hidden its window,
    /// made its container disappear, put an outgoing view back in a window) while a bracket
    /// was open, when neither the view path nor forwarding could reach the bracketed
    /// controller, since the bracket held it. Once the brackets close, one left showing where
    /// it cannot be seen disappears, and one with no parent left hidden while its view is on
    /// screen appears, as the view path would have made them (M-13, M-1).
    ///
    /// An incoming controller that showed already as it came (so it was not bracketed) and whose
    /// view a cancel took out again is left showing out of sight: it disappears the same way.
    private func leaveNoneStranded() {
        if state == .cancelled, incomingShowsAlready, let incoming { incoming.disappearIfStranded() }
        if bracketedIn?.appearanceOwedToClient != true { bracketedIn?.disappearIfStranded() }
        bracketedIn?.appearIfUncovered()
        for item in outgoing where item.isBracketed {
            item.controller.disappearIfStranded()
            item.controller.appearIfUncovered()
        }
    }

    private func closeOutgoing() {
        for item in outgoing where item.isBracketed { item.controller.closeAppearanceTransition() }
    }

    /// Cancels the transition (the finger went back): the kind puts its model back, the
    /// incoming controller turns around and its view leaves, then the outgoing ones turn
    /// around, each bracket closing as it turns (G-01's cancel edges, NAV-12, PRE-04); then
    /// the kind's `transitionDidCancel`.
    func cancel() {
        // A will may turn back (G-01's cancel edges).
        world.trace.because(cancelRule ?? rule) { world.trace.because(.g01) { turnBack() } }
    }

    private func turnBack() {
        guard state == .running else { return }
        guard !isOpening else {
            requestedWhileOpening = requestedWhileOpening ?? { self.cancel() }
            return
        }
        state = .cancelled
        world.transitionsEnding += 1
        interaction?.transitionWillComplete(self, completed: false)
        context?.transitionWasCancelled = true
        coordinator?.begin()
        hooks.transitionWillEnd(self, completed: false)
        hooks.transitionWillCancel(self)
        switch kind.cancels {
        case .incomingFirst:
            turnIncomingBack(silently: false)
            for item in outgoing where item.isBracketed { item.controller.cancelAppearanceTransition() }
        case .willsOnly:
            for item in outgoing where item.isBracketed { item.controller.cancelAppearanceTransition(silently: true) }
            turnIncomingBack(silently: true)
        case .outgoingFirst:
            for item in outgoing where item.isBracketed { item.controller.cancelAppearanceTransition() }
            turnIncomingBack(silently: false)
        case .turnsThenCloses:
            // Each turns with a second bracket, which closes without a callback; the first
            // brackets then close in the same order.
            turnIncomingBack(silently: false, closing: false)
            for item in outgoing where item.isBracketed { item.controller.turnAppearanceTransition() }
            bracketedIn?.closeAppearanceTransition()
            for item in outgoing where item.isBracketed { item.controller.closeAppearanceTransition() }
        }
        world.stopTracking(self)
        hooks.transitionDidCancel(self)
        coordinator?.end(cancelled: true)
        finishAnimator(completed: false)
        leaveNoneStranded()
        world.transitionsEnding -= 1
        world.releaseUnheld()
    }

    /// The incoming controller turns away and its view leaves where the transition put it.
    private func turnIncomingBack(silently: Bool, closing: Bool = true) {
        guard let incoming else { return }
        if bracketedIn != nil {
            let removeView: () -> Void = { incoming.viewIfLoaded?.removeFromSuperview() }
            if closing {
                incoming.cancelAppearanceTransition(silently: silently, moveViewBack: removeView)
            } else {
                incoming.turnAppearanceTransition(moveViewBack: removeView)
            }
        } else if incoming.viewIfLoaded?.superview === destination {
            incoming.viewIfLoaded?.removeFromSuperview()
        }
    }

    /// Whether the transition shows anything in `window`: its container, its destination, or
    /// a controller it brackets (a presenter whose view has left still runs the presentation
    /// it hosts there).
    func involves(_ window: Window) -> Bool {
        if container.viewIfLoaded?.window === window || destination?.window === window { return true }
        if incoming?.viewIfLoaded?.window === window { return true }
        return outgoing.contains { $0.controller.viewIfLoaded?.window === window }
    }

    /// Ends the transition at once, as an animation ends when its container leaves the
    /// screen: an interactive one the finger has not let go of is cancelled; the animations
    /// held at the finger run out now. A client's animator that does not complete it then is
    /// not waited for: its later call changes nothing (CUS-04, D-122).
    ///
    /// It may be asked while the transition closes (the client's code in its did-callbacks hid the
    /// window): the end is then under way, and its stranded check (`leaveNoneStranded`) follows.
    func endAtOnce() {
        guard let interaction, interaction.drives(self) else { return end() }
        interaction.endNow(self)
        if state == .running { complete(!interaction.isCancelling) }
    }
}

/// What a kind of transition does at each step beyond bracketing (M-13): the container, or
/// an object that stands for the transition (a presentation), implements the steps it needs.
///
/// The hooks are methods rather than closures so that a transition allocates nothing but
/// itself: every push, pop, present and dismiss makes one.
protocol ContainerTransitionHooks: AnyObject {
    /// Before any bracket opens, after the incoming view loaded.
    func transitionWillOpen(_ transition: ContainerTransition)
    /// When the incoming controller shows already and is not bracketed.
    func transition(_ transition: ContainerTransition, incomingAlreadyShown incoming: ViewController)
    /// Between the two sides' will-callbacks (a page curl's new page joins there, PAG-02).
    func transitionBetweenOpens(_ transition: ContainerTransition)
    /// Between the two sides' did-callbacks (a page curl's old page leaves there, PAG-02).
    func transitionBetweenCloses(_ transition: ContainerTransition)
    /// After the brackets opened and the incoming view went in (`willShow`).
    func transitionDidOpen(_ transition: ContainerTransition)
    /// As the transition ends, completed or cancelled, before anything else
    /// (`presentationTransitionDidEnd`, CUS-01, CUS-07).
    func transitionWillEnd(_ transition: ContainerTransition, completed: Bool)
    /// Takes the outgoing views out: as the transition ends, or at once (a tab switch).
    func transitionRemoveOutgoing(_ transition: ContainerTransition)
    /// After the outgoing views left, before the brackets close (a dismissal clears its links).
    func transitionWillClose(_ transition: ContainerTransition)
    /// After the brackets closed (containment calls, `didShow`, completion handlers).
    func transitionDidClose(_ transition: ContainerTransition)
    /// Whether the kind can put back what the transition changed, so that it can be cancelled.
    func transitionCanCancel(_ transition: ContainerTransition) -> Bool
    /// Before a cancel turns the brackets around (the stack is put back).
    func transitionWillCancel(_ transition: ContainerTransition)
    /// After a cancel turned the brackets around and closed them.
    func transitionDidCancel(_ transition: ContainerTransition)
}

extension ContainerTransitionHooks {
    func transitionWillOpen(_ transition: ContainerTransition) {}
    func transition(_ transition: ContainerTransition, incomingAlreadyShown incoming: ViewController) {}
    func transitionBetweenOpens(_ transition: ContainerTransition) {}
    func transitionBetweenCloses(_ transition: ContainerTransition) {}
    func transitionDidOpen(_ transition: ContainerTransition) {}
    func transitionWillEnd(_ transition: ContainerTransition, completed: Bool) {}
    func transitionRemoveOutgoing(_ transition: ContainerTransition) {}
    func transitionWillClose(_ transition: ContainerTransition) {}
    func transitionDidClose(_ transition: ContainerTransition) {}
    func transitionCanCancel(_ transition: ContainerTransition) -> Bool { true }
    func transitionWillCancel(_ transition: ContainerTransition) {}
    func transitionDidCancel(_ transition: ContainerTransition) {}
}

extension World {
    /// The running transition whose hooks are `hooks` (a navigation controller's own, not a
    /// presentation it hosts), if there is one.
    func runningTransition(hookedTo hooks: ContainerTransitionHooks) -> ContainerTransition? {
        runningTransitions.last { $0.hooks === hooks }
    }

    /// Forgets a transition that has ended or been cancelled.
    fileprivate func stopTracking(_ transition: ContainerTransition) {
        guard let index = runningTransitions.lastIndex(where: { $0 === transition }) else { return }
        runningTransitions.remove(at: index)
        endedTransitions &+= 1
    }

    /// Ends at once every running transition whose container is `controller` or below it,
    /// except `sparing`, which is the one opening the brackets that asked (M-13).
    ///
    /// Each is asked once; one that is still opening ends when its opening is done, and stays
    /// known as running until then, so that its container goes on queueing what is asked of it.
    func endTransitions(under controller: ViewController, sparing: ContainerTransition? = nil) {
        let isUnder = { (transition: ContainerTransition) in
            transition !== sparing && (transition.container === controller || transition.container.isInside(controller))
        }
        // Most controllers that start to disappear have none: no list is made for them.
        guard runningTransitions.contains(where: isUnder) else { return }
        for transition in runningTransitions.filter(isUnder) { transition.endAtOnce() }
    }

    /// Ends at once every running transition that brackets `controller` (its incoming or
    /// one of its outgoing controllers), or whose container is in its tree: before its view
    /// leaves the screen, so that the transition's brackets do not hold its appearance while
    /// the view path would make it disappear (issue 17, item 7).
    func endTransitions(bracketing controller: ViewController) {
        let brackets = { (transition: ContainerTransition) in
            transition.bracketedIn === controller
                || transition.outgoing.contains { $0.isBracketed && $0.controller === controller }
                || transition.container === controller || transition.container.isInside(controller)
        }
        guard runningTransitions.contains(where: brackets) else { return }
        for transition in runningTransitions.filter(brackets) { transition.endAtOnce() }
    }

    /// Ends at once every running transition whose container's view is in `window` (M-13,
    /// D-36): before a window hides.
    func endTransitions(in window: Window) {
        let ending = runningTransitions.filter { $0.involves(window) }
        for transition in ending { transition.endAtOnce() }
    }
}
