/// A finger's drive of a transition, as UIKit's `UIPercentDrivenInteractiveTransition`
/// (ICT-04, COO-03): `update` follows the finger, `finish` or `cancel` lifts it, and the rest of
/// the animation then runs in virtual time.
///
/// While it drives, the animations the transition makes as it starts (UIKit's own, or those
/// a client's animator makes with `UIView.animate` inside `animateTransition`) are held at the
/// finger's fraction. Lifted, each runs out: a finish takes `(1 − p) · d / c` of an animation
/// of `d` seconds, a cancel runs it back in `p · d / c`, `p` being `percentComplete` and `c`
/// `completionSpeed` (ICT-04); their completions then run. UIKit's own animation completes
/// the transition (not finished after a cancel); a client's animator completes it itself,
/// from its animation's completion, as UIKit requires (D-118).
///
/// The same object serves any number of transitions, one at a time. The built-in swipes
/// (`InteractiveSwipe`) are this object driven by the user's hand.
public final class PercentDrivenInteractiveTransition {
    public enum State: String, Sendable {
        /// Driving no transition yet.
        case idle
        case began, changed, finishing, finished, cancelling, cancelled
    }

    /// What can be asked of it: its methods.
    public enum Step: String, Equatable, Sendable {
        case update, finish, cancel
    }

    @exclusivity(unchecked) public private(set) var state = State.idle
    /// How far the finger has taken the transition, from 0 to 1.
    @exclusivity(unchecked) public private(set) var percentComplete = 0.0
    /// How fast the rest of the animation runs once lifted: 2 takes half the time (ICT-04).
    @exclusivity(unchecked) public private(set) var completionSpeed = 1.0
    /// The duration of the transition it drives: UIKit's own, or the animator's.
    @exclusivity(unchecked) public internal(set) var duration = 0.0
    /// The transition it drives, and the animations held at the finger.
    @exclusivity(unchecked) private var drive: Drive?

    public init() {}

    /// Sets `completionSpeed`, which must be a finite number above 0.
    public func setCompletionSpeed(_ speed: Double) throws {
        guard speed.isFinite, speed > 0 else { throw UsageError(.completionSpeedNotPositive(speed)) }
        completionSpeed = speed
    }

    /// Whether it drives a transition the finger has not let go of.
    var isHeld: Bool { state == .began || state == .changed }

    /// Whether it drives a transition now (held, or running out after the finger let go).
    var isDriving: Bool { drive?.transition?.state == .running }

    /// Lets go of a drive whose transition is gone without ending (its world ended while the
    /// finger held it): the animations it held, and what they hold (the client's blocks), go
    /// with it, so that the interaction does not keep them alive (the fuzzer's seed 12676).
    func forgetOrphanedDrive() {
        if let drive, drive.transition == nil { self.drive = nil }
    }

    /// Whether it drives `transition` now.
    func drives(_ transition: ContainerTransition) -> Bool { drive?.transition === transition }

    /// Whether the finger let go to cancel the transition it drives (or drove last).
    var isCancelling: Bool { state == .cancelling || state == .cancelled }

    // MARK: The finger

    /// Moves the finger: `fraction` of the way, from 0 to 1. Calls nothing back.
    public func update(_ fraction: Double) throws {
        try checkHeld(.update)
        guard fraction.isFinite, (0...1).contains(fraction) else { throw UsageError(.fractionOutOfRange(fraction)) }
        percentComplete = fraction
        state = .changed
        drive?.transition?.coordinator?.percentComplete = fraction
    }

    /// Lifts the finger to complete the transition; its animations take the rest of their time.
    public func finish() throws {
        try checkHeld(.finish)
        lift(cancelling: false)
    }

    /// Lifts the finger to cancel; the animations run back over the distance covered.
    public func cancel() throws {
        try checkHeld(.cancel)
        lift(cancelling: true)
    }

    private func checkHeld(_ step: Step) throws {
        guard !isHeld else { return }
        throw UsageError(.interactionNotHeld(step: step, state: state))
    }

    // MARK: The transition's side

    /// Starts driving `transition`, at fraction 0: it has begun with this object as its driver.
    func start(driving transition: ContainerTransition) {
        drive = Drive(transition: transition, world: transition.world)
        state = .began
        percentComplete = 0
        duration = 0
    }

    /// Holds an animation of `duration` seconds that the driven transition made as it
    /// started; `completion` runs once it has run out after the lift, told whether the finger
    /// cancelled. One made after the lift runs out at once from where the finger left it.
    /// Returns false, holding nothing, when no transition is being driven.
    func hold(duration: Double, _ completion: @escaping (_ cancelled: Bool) -> Void) -> Bool {
        guard let drive else { return false }
        drive.held.append(Held(duration: duration, completion: completion))
        if drive.lift != nil { drive.runOut(at: drive.held.count - 1) }
        return true
    }

    /// The finger lets go: the transition's context and coordinator learn it (their handlers
    /// run now, before any callback of the cancel, COO-03), then each held animation runs
    /// out in virtual time.
    private func lift(cancelling: Bool) {
        state = cancelling ? .cancelling : .finishing
        guard let drive else { return }
        drive.transition?.interactionDidLift(cancelled: cancelling)
        // The handlers are the client's code: they may have ended the transition at once.
        guard self.drive === drive else { return }
        drive.lift = Lift(
            cancelling: cancelling, covered: cancelling ? percentComplete : 1 - percentComplete, speed: completionSpeed)
        for index in drive.held.indices { drive.runOut(at: index) }
    }

    /// Ends the drive of `transition` now, as when its container leaves the screen under the
    /// finger: one not let go of is cancelled; the held animations' completions run at once.
    func endNow(_ transition: ContainerTransition) {
        guard let drive, drive.transition === transition else { return }
        if isHeld { lift(cancelling: true) }
        drive.runAll(cancelled: isCancelling)
    }

    /// The driven transition ends (`completed`, or not): the drive is over. The held
    /// animations still run out, as UIKit's do after the transition: if the finger still held
    /// them (the animator completed on its own), from where it held them, towards the end the
    /// transition took.
    func transitionWillComplete(_ transition: ContainerTransition, completed: Bool) {
        guard let drive, drive.transition === transition else { return }
        self.drive = nil
        if drive.lift == nil {
            drive.lift = Lift(
                cancelling: !completed, covered: completed ? 1 - percentComplete : percentComplete,
                speed: completionSpeed)
            for index in drive.held.indices { drive.runOut(at: index) }
        }
        switch state {
        case .finishing: state = .finished
        case .cancelling: state = .cancelled
        case .began, .changed: state = completed ? .finished : .cancelled
        case .idle, .finished, .cancelled: break
        }
    }

    /// One drive: a transition, and the animations held at the finger.
    private final class Drive {
        weak var transition: ContainerTransition?
        weak var world: World?
        var held: [Held] = []
        /// How the held animations run out, once the finger has let go.
        var lift: Lift?

        init(transition: ContainerTransition, world: World) {
            self.transition = transition
            self.world = world
        }

        /// Lets held animation `index` run out from where the finger left it.
        func runOut(at index: Int) {
            guard let lift, let world, held.indices.contains(index) else { return }
            let delay = lift.covered * held[index].duration / lift.speed
            world.runLoop.schedule(after: delay) { [self] in runHeld(at: index, cancelled: lift.cancelling) }
        }

        /// Runs the completion of held animation `index`, once.
        func runHeld(at index: Int, cancelled: Bool) {
            guard held.indices.contains(index), let completion = held[index].completion else { return }
            held[index].completion = nil
            completion(cancelled)
        }

        /// Runs every completion not yet run, in the order held.
        func runAll(cancelled: Bool) {
            for index in held.indices { runHeld(at: index, cancelled: cancelled) }
        }
    }

    /// How a lift lets the held animations run out: the share of each one's time left, and the speed.
    private struct Lift {
        let cancelling: Bool
        let covered: Double
        let speed: Double
    }

    private struct Held {
        let duration: Double
        var completion: ((_ cancelled: Bool) -> Void)?
    }
}

extension PercentDrivenInteractiveTransition.State {
    /// Why a step cannot be asked in this state, for the usage error.
    public var notHeldText: String {
        switch self {
        case .idle: "that drives no transition yet (it drives one once the transition has begun: settle() first)"
        case .finishing, .cancelling: "the finger has let go of (it is \(rawValue))"
        case .finished: "whose transition has finished"
        case .cancelled: "whose transition was cancelled"
        case .began, .changed: "that the finger holds"
        }
    }
}

extension World {
    /// Runs `body` with `driver` holding the animations made meanwhile (a client's animator's
    /// `animateTransition` under an interaction, ICT-04).
    func holdingAnimations(for driver: PercentDrivenInteractiveTransition, _ body: () -> Void) {
        let outer = animationHolder
        animationHolder = driver
        defer { animationHolder = outer }
        body()
    }

    /// An animation of `duration` seconds, `UIView.animate`'s: its `completion` runs when it
    /// ends, `duration` seconds from now, unless an interaction holds the animations being
    /// made (inside an interactive transition's `animateTransition`): it then runs when the
    /// finger has let go and the animation has run out (ICT-04, D-118).
    public func animate(duration: Double, completion: @escaping () -> Void) {
        if let holder = animationHolder, holder.hold(duration: duration, { _ in completion() }) { return }
        runLoop.schedule(after: duration, completion)
    }
}
