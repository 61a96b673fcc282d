/// The main run loop and its virtual clock (BEHAVIOR.md M-4, TIM-01).
///
/// A client's code runs inside one turn. A turn ends with UIKit's Core Animation commit, in two
/// phases, always in this order: the **layout pass** (navigation transitions asked for in
/// the turn start here, then the layout callbacks) and the **after-commit queue**, first in
/// first out (the did-callbacks of plain view moves, presentations and dismissals, the end
/// of a transition that was not animated). Work that runs in the after-commit queue may ask
/// for more; the two phases repeat until neither has anything left. Work due later (the end
/// of an animation, a block on the main queue, the next turn) waits as a timer. Time is
/// virtual and counted in whole microseconds, so sums of durations stay exact.
///
///     try world.runLoop.settle()            // end this turn, then run turns and timers
///                                           // until nothing is pending
///     try world.runLoop.advance(by: 0.15)   // the same, but stop at 0.15 s from now
public final class RunLoop {
    /// Virtual time in microseconds.
    @exclusivity(unchecked) public private(set) var microseconds: Int64 = 0
    /// The turn under way, from 1: each commit ends one (what a timeline marks events with).
    @exclusivity(unchecked) public private(set) var turn = 1
    @exclusivity(unchecked) private var afterCommit: [() -> Void] = []
    @exclusivity(unchecked) private var timers: [Timer] = []
    @exclusivity(unchecked) private var nextSequence = 0
    /// The commit's first phase: the layout pass.
    @exclusivity(unchecked) var layoutPass: () -> Void = {}
    /// Called each time a turn has ended and nothing is left for its end: the hierarchy is
    /// as the turn leaves it (tests check the invariants here).
    @exclusivity(unchecked) public var turnDidEnd: (() -> Void)?
    /// The engine's own look at the turn's end, before `turnDidEnd` (UIKit letting go, D-125).
    @exclusivity(unchecked) var turnWillEnd: (() -> Void)?

    /// Whether the run loop is ending a turn or running timers: work it runs is inside it.
    @exclusivity(unchecked) public private(set) var isRunning = false

    /// The most turns one `settle()` or `advance(by:)` runs before it decides the work will
    /// never end.
    @exclusivity(unchecked) public var turnLimit = 100_000

    private struct Timer {
        let due: Int64
        let sequence: Int
        let work: () -> Void
    }

    init() {}

    /// Virtual time in seconds.
    public var now: Double { Double(microseconds) / 1_000_000 }

    /// Queues `work` in the after-commit queue of the current turn, after what is already
    /// there (UIKit's `_performBlockAfterCATransactionCommits:`, TIM-01).
    public func performAfterCommit(_ work: @escaping () -> Void) {
        afterCommit.append(work)
    }

    /// Runs `work` in a later turn, `seconds` of virtual time from now (0: the next turn,
    /// after this turn's commit, as `DispatchQueue.main.async` does, TIM-09). Timers due at
    /// the same time run in the order they were scheduled.
    public func schedule(after seconds: Double, _ work: @escaping () -> Void) {
        let due = microseconds + Self.microseconds(seconds)
        let timer = Timer(due: due, sequence: nextSequence, work: work)
        nextSequence += 1
        let index = timers.firstIndex { ($0.due, $0.sequence) > (due, timer.sequence) } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    /// `schedule(after:_:)` for a delay from outside the engine (a client's `asyncAfter` or
    /// animation): refused unless it is finite, not negative, and at most `longestAdvance`.
    public func schedule(delay seconds: Double, _ work: @escaping () -> Void) throws {
        try Self.checkDelay(seconds)
        schedule(after: seconds, work)
    }

    /// Refuses a delay that is not finite, negative, or past `longestAdvance`.
    public static func checkDelay(_ seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0, seconds <= longestAdvance else { throw RunLoopError.badDelay(seconds) }
    }

    /// Ends the current turn with the commit: the layout pass, then the after-commit queue
    /// in batches, until both are done.
    public func endTurn() throws {
        let wasRunning = isRunning
        isRunning = true
        defer { isRunning = wasRunning }
        var batches = 0
        while true {
            layoutPass()
            if afterCommit.isEmpty {
                turnWillEnd?()
                turnDidEnd?()
                turn += 1
                return
            }
            batches += 1
            if batches > turnLimit { throw RunLoopError.runaway(turns: turnLimit) }
            let batch = afterCommit
            afterCommit.removeAll()
            for work in batch { work() }
        }
    }

    /// Ends this turn, then runs turns and timers until nothing is pending.
    public func settle() throws {
        try run(until: nil)
    }

    /// Like `settle()`, but stops once `seconds` of virtual time have passed.
    public func advance(by seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.longestAdvance else {
            throw RunLoopError.badDuration(seconds)
        }
        let (target, overflow) = microseconds.addingReportingOverflow(Self.microseconds(seconds))
        guard !overflow else { throw RunLoopError.badDuration(seconds) }
        try run(until: target)
        microseconds = max(microseconds, target)
    }

    private func run(until target: Int64?) throws {
        let wasRunning = isRunning
        isRunning = true
        defer { isRunning = wasRunning }
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

    /// The most one `advance(by:)` may move the clock, and the longest delay: a thousand
    /// years, far past any animation, and far inside the clock's range.
    public static let longestAdvance = 3.2e10

    static func microseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1_000_000).rounded())
    }
}

/// Why the run loop stopped, or refused to start.
public enum RunLoopError: Error, Equatable, CustomStringConvertible {
    /// `turnLimit` turns ran and work was still pending.
    case runaway(turns: Int)
    /// `advance(by:)` got a span that is not finite, negative, past `longestAdvance`, or
    /// past the end of the clock.
    case badDuration(Double)
    /// `schedule(delay:_:)` or `checkDelay(_:)` got a delay that is not finite, negative,
    /// or past `longestAdvance`.
    case badDelay(Double)

    public var description: String {
        switch self {
        case .runaway(let turns):
            return "the run loop was still busy after \(turns) turns: something schedules work forever "
                + "(a callback that keeps starting transitions?)"
        case .badDuration(let value):
            return "the run loop advances by a finite, non-negative number of seconds up to "
                + "\(formatNumber(RunLoop.longestAdvance)), within the clock's range, got \(formatNumber(value))"
        case .badDelay(let value):
            return "a delay is a finite, non-negative number of seconds up to "
                + "\(formatNumber(RunLoop.longestAdvance)), got \(formatNumber(value))"
        }
    }
}
