/// An object that animates a transition the client customises, as
/// `UIViewControllerAnimatedTransitioning` does (CUS-01…04, M-14). The transition asks for
/// its duration once its will-callbacks have come, then has it animate; the transition ends
/// only when the animator calls `completeTransition` on the context, and never otherwise.
///
/// The engine records each call, under the `delegate` category, by the animator's name:
/// `Slide.transitionDuration()`, `Slide.animateTransition()`, `Slide.animationEnded(true)`
/// (D-108).
public protocol TransitionAnimator: AnyObject {
    /// The name the trace gives the animator.
    var name: String { get }
    /// How long the animation lasts, in seconds (`transitionDuration(using:)`).
    func transitionDuration(using context: TransitionContext) -> Double
    /// Runs the animation; calls `context.completeTransition` when it is over, now or later.
    func animateTransition(using context: TransitionContext)
    /// Once the transition has ended and its did-callbacks and completion handler have run.
    func animationEnded(_ transitionCompleted: Bool)
}

/// What a custom transition's animator sees, as `UIViewControllerContextTransitioning` (CUS-03).
///
/// `from` and `to` are always the two controllers; `fromView` and `toView` are nil where
/// UIKit's `view(forKey:)` gives nil, that is for a presenter whose view the presentation
/// neither takes out nor brings back (`shouldRemovePresentersView` false). The animator puts
/// `toView` in `containerView` itself; the container view is nil once the transition ended.
public final class TransitionContext {
    public let from: ViewController
    public let to: ViewController
    private let givesFromView: Bool
    private let givesToView: Bool
    /// Whether the caller asked for animation: the animator runs either way (H-VCT).
    public let isAnimated: Bool
    /// The duration the animator gave, once asked.
    public private(set) var duration = 0.0
    /// True once the transition was cancelled: from the finger's cancel on, for an
    /// interactive one (H-VCT, ICT-04).
    public internal(set) var transitionWasCancelled = false
    /// Whether a finger drives the transition now: from its start until the finger lets go.
    public internal(set) var isInteractive = false
    private let container: View
    /// The transition, while it runs; an ended transition keeps no context.
    private weak var transition: ContainerTransition?
    private var hasEnded = false
    private var isDurationAsked = false

    /// A context for a transition from `from` to `to`; `givesFromView` and `givesToView` say
    /// whether UIKit's `view(forKey:)` gives their views.
    init(
        from: ViewController, to: ViewController, givesFromView: Bool, givesToView: Bool, container: View,
        animated: Bool
    ) {
        self.from = from
        self.to = to
        self.givesFromView = givesFromView
        self.givesToView = givesToView
        self.container = container
        isAnimated = animated
    }

    /// The outgoing controller's view, where UIKit gives it (`view(forKey: .from)`).
    public var fromView: View? { givesFromView ? from.viewIfLoaded : nil }
    /// The incoming controller's view, where UIKit gives it (`view(forKey: .to)`).
    public var toView: View? { givesToView ? to.viewIfLoaded : nil }

    /// The view the transition takes place in: UIKit's transition view; nil after the end.
    public var containerView: View? { hasEnded ? nil : container }

    /// Ends the transition: completed, the did-callbacks follow; not completed, the
    /// controllers turn back as a cancelled one does (CUS-07, ICT-02, ICT-03, ICT-05). A call
    /// after the end, or before the transition began, changes nothing (CUS-04).
    public func completeTransition(_ didComplete: Bool) {
        guard let transition, transition.state == .running else { return }
        // The client's animator decided when it ends (CUS-01).
        transition.world.trace.because(.cus01) { transition.complete(didComplete) }
    }

    /// Attaches the running transition and asks the animator for its duration, unless it
    /// was asked already (a navigation controller asks in the push or pop call, ICT-01).
    func begin(_ transition: ContainerTransition, with animator: TransitionAnimator) {
        // Attached once the duration is known: a completion from `transitionDuration` is
        // one before the transition began, and changes nothing (CUS-04).
        askDuration(of: animator, in: transition.world)
        self.transition = transition
    }

    /// Asks `animator` for the transition's duration, once (M-14).
    func askDuration(of animator: TransitionAnimator, in world: World) {
        guard !isDurationAsked else { return }
        isDurationAsked = true
        world.trace.record(TraceEvent(.delegate, animator.name, "transitionDuration"))
        let asked = world.trace.asClient { animator.transitionDuration(using: self) }
        duration = asked.isFinite && asked > 0 ? asked : 0
    }

    func end() {
        hasEnded = true
        transition = nil
    }
}

/// A presented controller's transitioning delegate, as `UIViewControllerTransitioningDelegate`
/// (CUS-01, CUS-02): asked inside `present` and `dismiss`, in that order, for the objects
/// that customise the transition. Each call is recorded under the presented controller:
/// `B.transitioningDelegate.animationControllerForPresented(B, presenting: A, source: A)`.
public protocol TransitioningDelegate: AnyObject {
    /// Whether the delegate implements `method`.
    func implements(_ method: TransitioningDelegateMethod) -> Bool
    /// `animationControllerForPresented` or `animationControllerForDismissed`: the animator,
    /// or nil for UIKit's own animation.
    func animator(_ method: TransitioningDelegateMethod, arguments: [DelegateArgument]) -> TransitionAnimator?
    /// `interactionControllerForPresentation` or `interactionControllerForDismissal`, asked
    /// with the animator: the interaction that drives the transition, or nil.
    func interaction(
        _ method: TransitioningDelegateMethod, arguments: [DelegateArgument]
    )
        -> PercentDrivenInteractiveTransition?
    /// `presentationController(forPresented:presenting:source:)`: what the client's
    /// presentation controller overrides, or nil for UIKit's own.
    func presentationController(arguments: [DelegateArgument]) -> PresentationControllerOverrides?
}

public enum TransitioningDelegateMethod: String, CaseIterable, Sendable {
    case presentationController, animationControllerForPresented, animationControllerForDismissed
    case interactionControllerForPresentation, interactionControllerForDismissal
}

/// The methods of a client's presentation controller (`UIPresentationController`'s
/// overridable ones, CUS-01, CUS-02, CUS-05, CUS-06): `shouldRemovePresentersView`, and the
/// callbacks it implements, recorded under the `presentation` category:
/// `B.presentationController.presentationTransitionWillBegin()`.
public protocol PresentationControllerOverrides: AnyObject {
    /// Whether the presenter's view leaves the window once presented (CUS-05).
    var shouldRemovePresentersView: Bool { get }
    func implements(_ callback: PresentationControllerCallback) -> Bool
    /// Calls `callback` with the presentation controller, and `completed` for the `DidEnd` ones.
    func call(_ callback: PresentationControllerCallback, on controller: PresentationController, completed: Bool?)
}

public enum PresentationControllerCallback: String, CaseIterable, Sendable {
    case presentationTransitionWillBegin, presentationTransitionDidEnd
    case dismissalTransitionWillBegin, dismissalTransitionDidEnd
}

extension World {
    /// Asks `method` of `delegate` for an animator, recording the call under `owner.transitioningDelegate`.
    func askAnimator(
        _ delegate: TransitioningDelegate?, of owner: ViewController, _ method: TransitioningDelegateMethod,
        _ arguments: [DelegateArgument]
    ) -> TransitionAnimator? {
        guard let delegate, delegate.implements(method) else { return nil }
        recordDelegateCall(owner.name + ".transitioningDelegate", method.rawValue, arguments)
        return delegate.animator(method, arguments: arguments)
    }

    /// Asks `delegate`'s `method` for the interaction that drives `animator`'s transition
    /// (CUS-01, CUS-02), recording the call under `owner.transitioningDelegate`.
    func askInteraction(
        _ delegate: TransitioningDelegate?, of owner: ViewController, _ method: TransitioningDelegateMethod,
        for animator: TransitionAnimator?
    ) -> PercentDrivenInteractiveTransition? {
        guard let animator, let delegate, delegate.implements(method) else { return nil }
        let arguments = [DelegateArgument(nil, .animator(animator))]
        recordDelegateCall(owner.name + ".transitioningDelegate", method.rawValue, arguments)
        return usable(
            delegate.interaction(method, arguments: arguments), askedBy: owner.name + ".transitioningDelegate")
    }

    /// `interaction`, unless it drives another transition still: one finger cannot drive two
    /// transitions, and the new one runs on its own, with a warning (D-118).
    func usable(
        _ interaction: PercentDrivenInteractiveTransition?, askedBy asker: String
    )
        -> PercentDrivenInteractiveTransition?
    {
        guard let interaction, interaction.isDriving else { return interaction }
        warn("\(asker): the interaction controller given drives another transition still; this one runs without it")
        return nil
    }

    /// Runs `animator`'s animation of `context`: recorded, then asked.
    func animate(_ animator: TransitionAnimator, _ context: TransitionContext) {
        trace.record(TraceEvent(.delegate, animator.name, "animateTransition"))
        trace.asClient { animator.animateTransition(using: context) }
    }

    /// Tells `animator` the transition is over.
    func animationEnded(_ animator: TransitionAnimator, completed: Bool) {
        trace.record(TraceEvent(.delegate, animator.name, "animationEnded", [TraceArgument(nil, .bool(completed))]))
        trace.asClient { animator.animationEnded(completed) }
    }
}

extension PresentationController {
    /// Calls the client's `callback`, if its presentation controller implements it.
    func call(_ callback: PresentationControllerCallback, completed: Bool? = nil) {
        guard let overrides, overrides.implements(callback) else { return }
        presentedViewController.world.trace.record(
            TraceEvent(.presentation, name, callback.rawValue, completed.map { [TraceArgument(nil, .bool($0))] } ?? []))
        presentedViewController.world.trace.asClient { overrides.call(callback, on: self, completed: completed) }
    }
}

/// The transition coordinator of a running transition, as `UIViewControllerTransitionCoordinator`
/// (COO-01, COO-02): what a controller's `transitionCoordinator` gives while an animated push
/// or pop, or a presentation or dismissal, runs.
///
/// Alongside blocks run once the transition's animation has begun: just after the animator's
/// `animateTransition` returns, or after UIKit's own transition opened (its will-callbacks and
/// `willShow`); one registered later runs at once. Completion blocks run in the order they
/// were registered once the transition ended: after the did-callbacks and the completion
/// handler, before the animator hears `animationEnded` (D-112).
public final class TransitionCoordinator {
    /// The trace whose timeline learns that the client's blocks are the client's (issue 22);
    /// set by the transition that makes it.
    weak var trace: Trace?
    public let isAnimated: Bool
    /// Whether a client's animator runs the transition (UIKit's `presentationStyle` aside).
    public let isCustom: Bool
    /// The transition's length: its animation's, or the animator's once asked.
    public internal(set) var transitionDuration: Double
    /// Whether the transition ended without finishing (a cancelled swipe, an animator that
    /// completed it as not finished).
    public private(set) var isCancelled = false
    /// Whether a finger drives the transition now: until it lets go (COO-03).
    public private(set) var isInteractive: Bool
    /// Whether a finger drove the transition from its start; it never changes (COO-03).
    public let initiallyInteractive: Bool
    /// How far the finger has taken an interactive transition, from 0 to 1.
    public internal(set) var percentComplete = 0.0
    public typealias Block = (TransitionCoordinator) -> Void
    private var alongside: [Block] = []
    private var completions: [Block] = []
    private var interactionHandlers: [Block] = []
    private var hasBegun = false
    private var hasEnded = false

    init(animated: Bool, custom: Bool, duration: Double, interactive: Bool) {
        isAnimated = animated
        isCustom = custom
        transitionDuration = duration
        isInteractive = interactive
        initiallyInteractive = interactive
    }

    /// `notifyWhenInteractionChanges(_:)`: `handler` runs when the finger lets go, before
    /// any callback of a cancel (COO-03); kept until the transition ends. Ignored once it has.
    public func notifyWhenInteractionChanges(_ handler: @escaping Block) {
        guard !hasEnded else { return }
        interactionHandlers.append(handler)
    }

    /// The finger let go: no longer interactive, cancelled if it cancelled; the handlers run
    /// in the order registered.
    func interactionDidLift(cancelled: Bool) {
        guard !hasEnded, isInteractive else { return }
        isInteractive = false
        if cancelled { isCancelled = true }
        let handlers = interactionHandlers
        for handler in handlers { handler(self) }
    }

    /// `animate(alongsideTransition:completion:)`: queues the blocks, or runs the alongside
    /// block at once when the animation has begun. Returns false, keeping neither, once the
    /// transition has ended.
    @discardableResult
    public func animate(alongside: Block?, completion: Block?) -> Bool {
        guard !hasEnded else { return false }
        if let completion { completions.append(completion) }
        if let alongside {
            if hasBegun { alongside(self) } else { self.alongside.append(alongside) }
        }
        return true
    }

    /// Runs the alongside blocks registered so far, once.
    func begin() {
        guard !hasBegun else { return }
        hasBegun = true
        // A block may register another: it runs at once, as `hasBegun` now says.
        let blocks = alongside
        alongside = []
        for block in blocks { runClientBlock { block(self) } }
    }

    /// Runs the completion blocks, in registration order; the coordinator keeps nothing after.
    func end(cancelled: Bool) {
        begin()
        hasEnded = true
        isInteractive = false
        isCancelled = cancelled
        interactionHandlers = []
        while !completions.isEmpty {
            let block = completions.removeFirst()
            runClientBlock { block(self) }
        }
    }

    /// Runs a block the client gave, as the client's code (`Trace.asClient`).
    private func runClientBlock(_ block: () -> Void) {
        guard let trace else { return block() }
        trace.asClient(block)
    }
}

/// What a container's delegate gave for a transition (ICT-01, ICT-03): the animator, its
/// context (whose duration is asked already), and the interaction that drives it, if any.
struct CustomTransition {
    let animator: TransitionAnimator
    let context: TransitionContext
    let interaction: PercentDrivenInteractiveTransition?

    /// The transition's timing: until the animator completes it, under the interaction.
    var timing: ContainerTransition.Timing { .animator(animator, context, driver: interaction) }
}

extension ViewController {
    /// A container's delegate asked, inside the operation's call, for an animator of its
    /// switch from `from` to `to` (ICT-01, ICT-03): recorded under `Name.delegate`; with an
    /// animator, a context on the container's view whose duration the animator is asked now,
    /// then the delegate's interaction controller for it.
    func askAnimator(
        _ delegate: Delegate?, _ method: DelegateMethod, _ arguments: [DelegateArgument], from: ViewController,
        to: ViewController
    ) -> CustomTransition? {
        guard let delegate, delegate.implements(method) else { return nil }
        world.recordDelegateCall(name + ".delegate", method.rawValue, arguments)
        guard let animator = delegate.animator(method, owner: self, arguments: arguments) else { return nil }
        let context = TransitionContext(
            from: from, to: to, givesFromView: true, givesToView: true, container: view, animated: true)
        context.askDuration(of: animator, in: world)
        var interaction: PercentDrivenInteractiveTransition?
        if delegate.implements(.interactionControllerFor) {
            let asked = [DelegateArgument(nil, .animator(animator))]
            world.recordDelegateCall(name + ".delegate", DelegateMethod.interactionControllerFor.rawValue, asked)
            interaction = world.usable(
                delegate.interaction(.interactionControllerFor, owner: self, arguments: asked),
                askedBy: name + ".delegate")
        }
        return CustomTransition(animator: animator, context: context, interaction: interaction)
    }

    /// The coordinator `willTransition(to:with:)` and `viewWillTransition(to:with:)` give this
    /// controller while its window, or the one it is entering, changes (COO-04); nil otherwise.
    public var sizeTransitionCoordinator: TransitionCoordinator? {
        (viewIfLoaded?.window ?? destinationWindow)?.sizeTransitionCoordinator
    }

    /// The coordinator of the transition this controller takes part in (COO-01): the
    /// presentation's while it is presented or dismissed (or presents), else its own
    /// container's animated push or pop, or the one it comes in or goes out with (a popped
    /// controller, off the stack already), else its parent's; nil when none runs.
    public var transitionCoordinator: TransitionCoordinator? {
        guard !world.runningTransitions.isEmpty else { return nil }
        var controller: ViewController? = self
        while let current = controller {
            if let coordinator = world.runningTransitions.last(where: { transition in
                transition.coordinator != nil
                    && (transition.container === current || transition.incoming === current
                        || transition.outgoing.contains { $0.controller === current }
                        || (current.showingPresentation.map { showing in
                            transition.hooks === showing
                                || ((transition.hooks as? Presentation)?.dismisses(showing) ?? false)
                        } ?? false))
            })?.coordinator {
                return coordinator
            }
            controller = current.parent
        }
        return nil
    }
}
