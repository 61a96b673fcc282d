/// A swipe in progress (SPEC §3.4): the swipe back of a navigation controller (NAV-12,
/// NAV-13) or the swipe down of a sheet (PRE-04). It is UIKit's own interaction, a
/// `PercentDrivenInteractiveTransition` the user's hand drives: `update(fraction)` follows the
/// finger, `finish()` or `cancel()` lifts it, and the rest of the animation runs in virtual
/// time (ICT-04, D-119).
public final class InteractiveSwipe {
    public typealias State = PercentDrivenInteractiveTransition.State
    public typealias Step = PercentDrivenInteractiveTransition.Step

    /// Which swipe it is: `.interactivePop` or `.interactiveDismissal`.
    public let gesture: UserGesture
    /// The navigation controller swiped back, or the presented controller swiped down.
    public let subject: ViewController
    /// Whether the swipe was refused before it moved (a sheet that stays, PRE-04).
    public let wasRefused: Bool
    /// The interaction the finger drives; nil for a swipe that ended before its transition began.
    let interaction: PercentDrivenInteractiveTransition?

    init(gesture: UserGesture, subject: ViewController, interaction: PercentDrivenInteractiveTransition) {
        self.gesture = gesture
        self.subject = subject
        self.interaction = interaction
        wasRefused = false
    }

    /// A swipe that UIKit refused as it began: it is over, and changed nothing. Not refused,
    /// it is one that the callbacks of its beginning ended (they took the controller it
    /// would move elsewhere): cancelled before its transition began.
    init(refusedGesture gesture: UserGesture, subject: ViewController, refused: Bool = true) {
        self.gesture = gesture
        self.subject = subject
        interaction = nil
        wasRefused = refused
    }

    /// How far the finger has gone, from 0 to 1.
    public var fraction: Double { interaction?.percentComplete ?? 0 }

    public var state: State { interaction?.state ?? .cancelled }

    private func checkActive(_ step: Step) throws -> PercentDrivenInteractiveTransition {
        if wasRefused { throw UsageError(.swipeRefused(gesture, step: step)) }
        guard let interaction, interaction.isHeld else {
            throw UsageError(.swipeOver(step: step, finished: state == .finishing || state == .finished))
        }
        return interaction
    }

    /// Moves the finger: `fraction` of the way, from 0 to 1. Calls nothing back.
    public func update(_ fraction: Double) throws {
        try checkActive(.update).update(fraction)
    }

    /// Lifts the finger to complete the transition; the animation takes the rest of its time.
    public func finish() throws {
        try checkActive(.finish).finish()
    }

    /// Lifts the finger to cancel; the animation runs back over the distance covered.
    public func cancel() throws {
        try checkActive(.cancel).cancel()
    }
}
