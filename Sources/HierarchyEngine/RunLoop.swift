/// The main run loop and its virtual clock (BEHAVIOR.md M-4).
///
/// A script runs inside one turn. Work that UIKit defers to the end of the current turn
/// (the did-callbacks of a view move, M-3) waits in a first-in-first-out queue; work due
/// later (the end of an animation, the next turn) waits as a timer. Time is virtual and
/// counted in whole microseconds, so sums of durations stay exact.
///
///     settle()        -- end this turn, then run turns and timers until nothing is pending
///     advance(0.15)   -- the same, but stop at 0.15 s of virtual time from now
public final class RunLoop {
    /// Virtual time in microseconds.
    public private(set) var microseconds: Int64 = 0
    private var endOfTurn: [() -> Void] = []
    private var timers: [Timer] = []
    private var nextSequence = 0
    /// Runs before each batch of end-of-turn work: the layout pass.
    var beforeEndOfTurnWork: () -> Void = {}
    /// Called each time a turn has ended and nothing is left for its end: the hierarchy is
    /// as the turn leaves it (tests check the invariants here).
    public var turnDidEnd: (() -> Void)?

    /// The most turns one `settle()` runs before it decides the work will never end.
    public var turnLimit = 100_000

    private struct Timer {
        let due: Int64
        let sequence: Int
        let work: () -> Void
    }

    init() {}

    /// Virtual time in seconds.
    public var now: Double { Double(microseconds) / 1_000_000 }

    /// Queues `work` for the end of the current turn, after what is already queued.
    public func deferToEndOfTurn(_ work: @escaping () -> Void) {
        endOfTurn.append(work)
    }

    /// Runs `work` in a later turn, `seconds` of virtual time from now (0: the next turn).
    public func schedule(after seconds: Double, _ work: @escaping () -> Void) {
        let due = microseconds + Self.microseconds(seconds)
        let timer = Timer(due: due, sequence: nextSequence, work: work)
        nextSequence += 1
        let index = timers.firstIndex { ($0.due, $0.sequence) > (due, timer.sequence) } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    /// Runs `work` when a transition ends: `duration` seconds from now when animated (M-4),
    /// otherwise at the end of the turn in which it starts.
    public func afterTransition(animated: Bool, duration: Double, _ work: @escaping () -> Void) {
        if animated {
            schedule(after: duration, work)
        } else {
            deferToEndOfTurn(work)
        }
    }

    /// Ends the current turn: a layout pass, then the queued work in batches, until both are done.
    public func endTurn() throws {
        var batches = 0
        while true {
            beforeEndOfTurnWork()
            if endOfTurn.isEmpty {
                turnDidEnd?()
                return
            }
            batches += 1
            if batches > turnLimit { throw RunLoopError.runaway(turns: turnLimit) }
            let batch = endOfTurn
            endOfTurn.removeAll()
            for work in batch { work() }
        }
    }

    /// Ends this turn, then runs turns and timers until nothing is pending.
    public func settle() throws {
        try run(until: nil)
    }

    /// Like `settle()`, but stops once `seconds` of virtual time have passed.
    public func advance(by seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.longestAdvance else { throw RunLoopError.badDuration(seconds) }
        let (target, overflow) = microseconds.addingReportingOverflow(Self.microseconds(seconds))
        guard !overflow else { throw RunLoopError.badDuration(seconds) }
        try run(until: target)
        microseconds = max(microseconds, target)
    }

    private func run(until target: Int64?) throws {
        try endTurn()
        var turns = 0
        while let timer = timers.first, target.map({ timer.due <= $0 }) ?? true {
            turns += 1
            if turns > turnLimit { throw RunLoopError.runaway(turns: turnLimit) }
            timers.removeFirst()
            microseconds = max(microseconds, timer.due)
            timer.work()
            try endTurn()
        }
    }

    /// The most one `advance` may move the clock: a thousand years, far past any animation,
    /// and far inside the clock's range.
    static let longestAdvance = 3.2e10

    static func microseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1_000_000).rounded())
    }
}

/// Why the run loop stopped.
public enum RunLoopError: Error, CustomStringConvertible {
    case runaway(turns: Int)
    case badDuration(Double)

    public var description: String {
        switch self {
        case .runaway(let turns):
            return "the run loop was still busy after \(turns) turns: something schedules work forever "
                + "(an override that keeps starting transitions?)"
        case .badDuration(let value):
            return "advance() needs a finite, non-negative number of seconds up to a thousand years "
                + "(3.2e10), and a clock that stays within about 290,000 years, got \(formatNumber(value))"
        }
    }
}
