/// When and why each event of a trace happened (issue 22): the run-loop turn and the virtual
/// time it was recorded at, and the rules of the mechanism that was running — the transition
/// that opened or closed its brackets, the view that entered a window, the load a view
/// needed — outermost first.
///
/// Kept only when asked (`Trace.keepTimeline`): `vcsandbox run` and the REPL keep it (for
/// `--explain`, `--diagram` and `trace.explain()`), and so does a `vcsandbox test` run for the
/// HTML report's drawings; other test runs record nothing more than their events. The engine
/// says why as it works (`Trace.because`), so a cause is the mechanism's, never a guess from
/// the event's text afterwards; the client's code (`Trace.asClient`) starts afresh.
public final class Timeline {
    /// Where one event stands.
    public struct Mark: Equatable, Sendable {
        /// The run-loop turn, from 1: a turn ends with its commit (M-4).
        public let turn: Int
        /// Virtual time in microseconds.
        public let microseconds: Int64
        /// The rules at work, a byte each from the lowest, outermost first: no allocation
        /// per event (`Timeline.deepest` of them at most).
        let packedCauses: UInt64

        /// The rules at work as it was recorded, outermost first, without repeats.
        public var causes: [Rule] {
            var rules: [Rule] = []
            var packed = packedCauses
            while packed != 0 {
                rules.append(Rule(number: UInt8(truncatingIfNeeded: packed & 0xFF) - 1))
                packed >>= 8
            }
            return rules
        }
    }

    /// The most rules a mark keeps: the innermost ones, if more are at work (none of the
    /// engine's paths nests so deep).
    static let deepest = 8

    /// The marks of the events recorded since the timeline began, by event index.
    public private(set) var marks: [Mark] = []
    /// The run loop whose turn and time events are marked with: the world's (a relaunch
    /// gives the trace a new one, `follow`). Held strongly: a trace may outlive its world,
    /// and the run loop holds nothing of the trace.
    private(set) var runLoop: RunLoop
    /// What the run loops the trace followed before this one counted, so that turns and time
    /// go on across a relaunch rather than starting again.
    private var turnsBefore = 0
    private var microsecondsBefore: Int64 = 0
    /// The rules at work now, outermost first, each its number plus one.
    private var causes: [UInt8] = []

    init(runLoop: RunLoop) {
        self.runLoop = runLoop
        causes.reserveCapacity(Self.deepest)
    }

    /// Marks the next event with the rules at work.
    func mark() {
        var packed: UInt64 = 0
        var count = 0
        // Only what the engine does after the client's code last began: its own calls are
        // its own (an override's `didMove` inside a push is the script's, not NAV-02's).
        let start = causes.lastIndex(of: Self.client).map { $0 + 1 } ?? 0
        // The innermost rules, the most specific, if more are at work than a mark keeps.
        for cause in causes[max(start, causes.count - Self.deepest)...] {
            // A rule already named (a load inside a load) is named once.
            var seen = packed
            var repeated = false
            while seen != 0 {
                if UInt8(truncatingIfNeeded: seen & 0xFF) == cause { repeated = true }
                seen >>= 8
            }
            guard !repeated else { continue }
            packed |= UInt64(cause) << (8 * count)
            count += 1
        }
        mark(packed: packed)
    }

    func mark(packed: UInt64) {
        marks.append(
            Mark(
                turn: turnsBefore + runLoop.turn, microseconds: microsecondsBefore + runLoop.microseconds,
                packedCauses: packed))
    }

    /// Marks the events from now on with `next`'s turns and time, after those of the run loop
    /// followed so far (a relaunch's new world: its first turn comes after the old world's).
    func follow(_ next: RunLoop) {
        guard next !== runLoop else { return }
        // The old world's last turn marked, not its count of turns (after a settle the count
        // is already one past a turn that recorded nothing): the new world's first comes next.
        turnsBefore = marks.last?.turn ?? (turnsBefore + runLoop.turn)
        microsecondsBefore += runLoop.microseconds
        runLoop = next
    }

    func push(_ rule: Rule) { causes.append(rule.number + 1) }
    /// From here the client's code runs: what it does is its own, whatever rule called it.
    func pushClient() { causes.append(Self.client) }

    /// The mark in `causes` where the client's code begins.
    private static let client: UInt8 = 0
    func pop() { causes.removeLast() }

    func clear() { marks.removeAll() }
}

extension Trace {
    /// Starts keeping a timeline of the events recorded from now on, marked with `runLoop`'s
    /// turns and time.
    public func keepTimeline(runLoop: RunLoop) {
        if let timeline {
            timeline.follow(runLoop)
        } else {
            let timeline = Timeline(runLoop: runLoop)
            // The events before it began stand where it begins, with no cause known.
            for _ in events.indices { timeline.mark(packed: 0) }
            self.timeline = timeline
        }
    }

    /// Runs `body`, the client's code (an override, a delegate, a completion): the events it
    /// records name no rule the engine was following when it called the client.
    @inline(__always)
    public func asClient<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let timeline else { return try body() }
        timeline.pushClient()
        defer { timeline.pop() }
        return try body()
    }

    /// Runs `body` with `rule` at work: the events it records name it as a cause. Costs a
    /// check when no timeline is kept.
    @inline(__always)
    func because<Result>(_ rule: Rule, _ body: () throws -> Result) rethrows -> Result {
        guard let timeline else { return try body() }
        timeline.push(rule)
        defer { timeline.pop() }
        return try body()
    }
}
