/// A swipe in progress (SPEC §3.4): the swipe back of a navigation controller (NAV-12,
/// NAV-13) or the swipe down of a sheet (PRE-04). `update(fraction)` follows the finger,
/// `finish()` or `cancel()` lifts it, and the rest of the animation runs in virtual time.
public final class InteractiveSwipe {
    public enum State: String, Sendable {
        case began, changed, finishing, finished, cancelling, cancelled
    }

    /// What can be asked of a swipe: its methods.
    public enum Step: String, Equatable, Sendable {
        case update, finish, cancel
    }

    /// Which swipe it is: `.interactivePop` or `.interactiveDismissal`.
    public let gesture: UserGesture
    /// The navigation controller swiped back, or the presented controller swiped down.
    public let subject: ViewController
    @exclusivity(unchecked) public private(set) var fraction = 0.0
    @exclusivity(unchecked) public private(set) var state = State.began
    /// Whether the swipe was refused before it moved (a sheet that stays, PRE-04).
    public let wasRefused: Bool
    private let duration: Double
    private let complete: () -> Void
    private let revert: () -> Void

    init(
        gesture: UserGesture, subject: ViewController, duration: Double, complete: @escaping () -> Void,
        revert: @escaping () -> Void
    ) {
        self.gesture = gesture
        self.subject = subject
        self.duration = duration
        self.complete = complete
        self.revert = revert
        wasRefused = false
    }

    /// A swipe that UIKit refused as it began: it is over, and changed nothing. Not refused,
    /// it is one that the callbacks of its beginning ended (they took the controller it
    /// would move elsewhere): cancelled before its transition began.
    init(refusedGesture gesture: UserGesture, subject: ViewController, refused: Bool = true) {
        self.gesture = gesture
        self.subject = subject
        duration = 0
        complete = {}
        revert = {}
        wasRefused = refused
        state = .cancelled
    }

    private func checkActive(_ step: Step) throws {
        if wasRefused { throw UsageError(.swipeRefused(gesture, step: step)) }
        guard state == .began || state == .changed else {
            throw UsageError(.swipeOver(step: step, finished: state == .finishing || state == .finished))
        }
    }

    /// Moves the finger: `fraction` of the way, from 0 to 1. Calls nothing back.
    public func update(_ fraction: Double) throws {
        try checkActive(.update)
        guard fraction.isFinite, (0...1).contains(fraction) else { throw UsageError(.fractionOutOfRange(fraction)) }
        self.fraction = fraction
        state = .changed
    }

    /// Lifts the finger to complete the transition; the animation takes the rest of its time.
    public func finish() throws {
        try checkActive(.finish)
        state = .finishing
        subject.world.runLoop.schedule(after: duration * (1 - fraction)) { [self] in endNow() }
    }

    /// Lifts the finger to cancel; the animation runs back over the distance covered.
    public func cancel() throws {
        try checkActive(.cancel)
        state = .cancelling
        subject.world.runLoop.schedule(after: duration * fraction) { [self] in endNow() }
    }

    /// Ends the gesture's animation now: a finishing swipe completes; any other is
    /// cancelled, as when its controller leaves the screen under the finger.
    func endNow() {
        switch state {
        case .finishing:
            state = .finished
            complete()
        case .began, .changed, .cancelling:
            state = .cancelled
            revert()
        case .finished, .cancelled:
            return
        }
    }
}
