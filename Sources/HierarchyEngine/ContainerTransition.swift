/// One container transition (BEHAVIOR.md M-13): the step every container takes to swap what
/// it shows, written once.
///
/// A kind (navigation, tab switch, presentation, dismissal, `transition(from:to:)`) only
/// declares what differs: the controllers it brackets out and in, where the incoming view
/// goes and when the outgoing views leave, the order in which it opens and closes the
/// brackets (Part B), its timing, and a few hooks. The rules no kind chooses live here:
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
///     let push = ContainerTransition(container: nav, kind: .navigation, animated: true,
///                                    outgoing: [a], incoming: b, destination: nav.view)
///     push.didOpen = { nav.tellDelegate("willShow", b) }
///     push.begin(timing: .seconds(0.35))    // A will-disappear, B will-appear, willShow(B)
///                                           // 0.35 s: A did-disappear, B did-appear
final class ContainerTransition {
    /// Which side a kind opens or closes first.
    enum Order { case outgoingFirst, incomingFirst }

    /// How a kind orders its brackets (BEHAVIOR.md Part B).
    struct Kind {
        var opens: Order
        var closes: Order

        /// Push and pop (M-6): outgoing first, both ways.
        static let navigation = Kind(opens: .outgoingFirst, closes: .outgoingFirst)
        /// A tab switch (M-7): the incoming tab will-appears first, the outgoing one ends first.
        static let tabSwitch = Kind(opens: .incomingFirst, closes: .outgoingFirst)
        /// Present, dismiss (M-8) and `transition(from:to:)` (CON-07's log): outgoing opens
        /// first, incoming closes first.
        static let modal = Kind(opens: .outgoingFirst, closes: .incomingFirst)
    }

    /// When a transition that has begun ends.
    enum Timing {
        /// In the after-commit queue of the turn in which it began: not animated (M-4).
        case endOfTurn
        /// A turn later: an iOS 13+ sheet without animation (TIM-08).
        case nextTurn
        /// After an animation of this many seconds of virtual time.
        case seconds(Double)
        /// When the gesture that drives it lets go (`finish` or `cancel`).
        case interactive
    }

    enum State { case ready, running, ended, cancelled }

    /// The controller whose transition this is: its disappearance ends the transition.
    unowned let container: ViewController
    let kind: Kind
    let outgoing: [(controller: ViewController, animated: Bool)]
    let incoming: ViewController?
    let animated: Bool
    /// Where the incoming view goes, and at which index (nil: on top).
    let destination: View?
    let index: Int?
    private(set) var state = State.ready
    /// The controllers whose appearance the transition brackets, decided as it begins.
    private(set) var bracketedOut: [ViewController] = []
    private(set) var bracketedIn: ViewController?
    /// Whether the incoming controller was showing already where it goes.
    private var incomingShowsAlready = false

    /// Before any bracket opens, after the incoming view loaded.
    var willOpen: () -> Void = {}
    /// When the incoming controller shows already and is not bracketed (`transition(from:to:)`
    /// warns that the view was added by hand, CON-07).
    var incomingAlreadyShown: (ViewController) -> Void = { _ in }
    /// After the brackets opened and the incoming view went in (`willShow`).
    var didOpen: () -> Void = {}
    /// Takes the outgoing views out: as the transition ends, before the brackets close, or,
    /// when `removesOutgoingAtOnce` (a tab switch, TIM-04), right after the incoming view
    /// went in.
    var removeOutgoing: () -> Void = {}
    var removesOutgoingAtOnce = false
    /// After the outgoing views left, before the brackets close.
    var willClose: () -> Void = {}
    /// After the brackets closed (containment calls, `didShow`, completion handlers).
    var didClose: () -> Void = {}
    /// Before a cancel turns the brackets around (the stack is put back).
    var willCancel: () -> Void = {}
    /// After a cancel turned the brackets around and closed them.
    var didCancel: () -> Void = {}

    init(
        container: ViewController, kind: Kind, animated: Bool,
        outgoing: [(controller: ViewController, animated: Bool)], incoming: ViewController?,
        destination: View?, index: Int? = nil
    ) {
        self.container = container
        self.kind = kind
        self.animated = animated
        self.outgoing = outgoing
        self.incoming = incoming
        self.destination = destination
        self.index = index
    }

    /// A transition with one outgoing controller, animated as the transition is.
    convenience init(
        container: ViewController, kind: Kind, animated: Bool, from: ViewController?, to: ViewController?,
        destination: View?, index: Int? = nil
    ) {
        self.init(
            container: container, kind: kind, animated: animated, outgoing: from.map { [($0, animated)] } ?? [],
            incoming: to, destination: destination, index: index)
    }

    var world: World { container.world }
    var isRunning: Bool { state == .running }

    // MARK: Beginning

    /// Loads the incoming view, opens the brackets in the kind's order, puts the incoming
    /// view in place, and arranges the end as `timing` says.
    func begin(timing: Timing) {
        guard state == .ready else { return }
        state = .running
        world.runningTransitions.append(self)
        incoming?.loadViewIfNeeded()
        willOpen()
        decideBrackets()
        let window = destination?.window
        switch kind.opens {
        case .outgoingFirst:
            openOutgoing()
            openIncoming(window)
        case .incomingFirst:
            openIncoming(window)
            openOutgoing()
        }
        if let incoming, let destination, state == .running { world.move(incoming.view, to: destination, at: index) }
        if removesOutgoingAtOnce { removeOutgoing() }
        didOpen()
        schedule(timing)
    }

    /// Who crosses the edge of a shown window (M-13).
    private func decideBrackets() {
        bracketedOut = outgoing.map(\.controller).filter { controller in
            controller.isViewOnScreen && controller.appearance.isShowing && !stays(controller)
        }
        guard let incoming, let destination, destination.isInVisibleWindow,
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
        return controller.ancestors.contains { $0 === incoming }
    }

    private func openOutgoing() {
        for (controller, animated) in outgoing where bracketedOut.contains(where: { $0 === controller }) {
            controller.beginAppearanceTransition(false, animated: animated, opening: self)
        }
    }

    private func openIncoming(_ window: Window?) {
        if incomingShowsAlready, let incoming { incomingAlreadyShown(incoming) }
        bracketedIn?.beginAppearanceTransition(true, animated: animated, opening: self, window: window)
    }

    private func schedule(_ timing: Timing) {
        let end: () -> Void = { [weak self] in self?.end() }
        switch timing {
        case .endOfTurn: world.runLoop.performAfterCommit(end)
        case .nextTurn: world.runLoop.schedule(after: 0, end)
        case .seconds(let seconds): world.runLoop.schedule(after: seconds, end)
        case .interactive: break
        }
    }

    // MARK: Ending

    /// Ends the transition: the outgoing views leave, the brackets close in the kind's order,
    /// then the kind's `didClose`. A second call does nothing.
    func end() {
        guard state == .running else { return }
        state = .ended
        world.runningTransitions.removeAll { $0 === self }
        if !removesOutgoingAtOnce { removeOutgoing() }
        willClose()
        switch kind.closes {
        case .outgoingFirst:
            closeOutgoing()
            bracketedIn?.endAppearanceTransition()
        case .incomingFirst:
            bracketedIn?.endAppearanceTransition()
            closeOutgoing()
        }
        didClose()
    }

    private func closeOutgoing() {
        for controller in bracketedOut { controller.endAppearanceTransition() }
    }

    /// Cancels the transition (the finger went back): the incoming controller turns around
    /// and its view leaves, then the outgoing ones turn around, each bracket closing as it
    /// turns (G-01's cancel edges, NAV-12, PRE-04); then the kind's `didCancel`.
    func cancel() {
        guard state == .running else { return }
        state = .cancelled
        world.runningTransitions.removeAll { $0 === self }
        willCancel()
        if let incoming {
            if bracketedIn != nil {
                incoming.cancelAppearanceTransition { incoming.viewIfLoaded?.removeFromSuperview() }
            } else if incoming.viewIfLoaded?.superview === destination {
                incoming.viewIfLoaded?.removeFromSuperview()
            }
        }
        for controller in bracketedOut { controller.cancelAppearanceTransition() }
        didCancel()
    }

    /// Ends the transition at once, as an animation ends when its container leaves the
    /// screen: an interactive one the gesture has not let go of is cancelled.
    func endAtOnce() {
        if let interruption { interruption() } else { end() }
    }

    /// What ending at once means for an interactive transition (set by its gesture).
    var interruption: (() -> Void)?
}

extension World {
    /// Ends at once every running transition whose container is `controller` or below it,
    /// except `sparing`, which is the one opening the brackets that asked (M-13).
    func endTransitions(under controller: ViewController, sparing: ContainerTransition? = nil) {
        while let transition = runningTransitions.first(where: { transition in
            transition !== sparing && (transition.container === controller
                || transition.container.ancestors.contains { $0 === controller })
        }) {
            runningTransitions.removeAll { $0 === transition }
            transition.endAtOnce()
        }
    }

    /// Ends at once every running transition whose container's view is in `window` (M-13,
    /// D-36): before a window hides.
    func endTransitions(in window: Window) {
        while let transition = runningTransitions.first(where: { $0.container.viewIfLoaded?.window === window }) {
            runningTransitions.removeAll { $0 === transition }
            transition.endAtOnce()
        }
    }
}
