import Foundation

/// The scaling table of issue 18: every `ScalingCase` at N = 10³, 10⁴ and 10⁵, each a
/// generated script run by the release `vcsandbox run --unsafe` as a child process.
///
/// The time per item is the run's wall time less an empty script's, divided by N: a run
/// under a second is made seven times, alternating with the empty script, and the best of
/// each kept; a longer run is made once, less the best of five empty runs. The peak is the
/// child's maximum resident set. The growth is the time per item at 10⁵ over that at
/// 10³: linear work keeps it near 1×, the goal is at most 2×.
///
/// A run past `timeLimit` is killed and shows "over 120 s", its time per item then at least
/// the limit over N. A size is not run when the one before it went over the limit, or when
/// that one's time per item, which grows with N in every case so far, already predicts a run
/// over it: the bench must end within minutes whatever the engine does.
///
/// ```
///   case              N         time    µs per item  peak memory
///   push N        1,000      0.512 s          472.1     24.9 MiB
///   push N       10,000   over 120 s    ≥ 12000.0      61.0 MiB
/// ```
struct ScalingBenchmark {
    let binary: String
    let folder: URL
    var sizes = [1_000, 10_000, 100_000]
    var timeLimit = 120.0
    /// How many times a run under a second is made, each beside an empty one.
    var shortRuns = 7

    private var log: String { folder.appendingPathComponent("scaling.txt").path }
    private var emptyScript: String { folder.appendingPathComponent("empty.lua").path }
    /// The options of every run: the sandbox's library in full, so that the script may
    /// remove the hook, and a scenario time limit the bench's own never reaches.
    private var options: [String] { ["--unsafe", "--timeout", "3600"] }

    /// Runs every case at every size, prints the table, and returns a goal row per case.
    func measure() throws -> [GoalRow] {
        _ = try write(ScalingCase.emptyScript, named: "empty.lua")
        let empty = try emptySeconds()
        var (table, notes, rows) = ([[String]](), [String](), [GoalRow]())
        for scalingCase in ScalingCase.allCases {
            let points = try measure(scalingCase, empty: empty)
            table += points.map { $0.cells(title: scalingCase.shortTitle, limit: timeLimit) }
            notes += points.compactMap { point in
                point.note.map { "\(scalingCase.shortTitle), \(grouped(point.count)): \($0)" }
            }
            rows.append(growthRow(scalingCase, points))
        }
        print("  through `vcsandbox run --unsafe` (the script removes the hook: no instruction budget, no memory cap);")
        print(
            "  every transition animated, settled after each item; an empty script's time subtracted "
                + "(\(milliseconds(empty)) at best)")
        printTable(["case", "N", "time", "µs per item", "peak memory"], table, rightAligned: [1, 2, 3, 4])
        for note in notes { print("  " + note) }
        for (scalingCase, row) in zip(ScalingCase.allCases, rows) {
            print("  \(scalingCase.shortTitle): \(scalingCase.title); per-item growth 10³ → 10⁵: \(row.measured)")
        }
        return rows
    }

    /// The best wall time of five runs of the empty script.
    private func emptySeconds() throws -> Double {
        var best = BestOfRuns()
        for _ in 0..<5 { best.add(try emptyRun()) }
        return best.seconds
    }

    /// One checked run of the empty script, timed only.
    private func emptyRun() throws -> ChildRun {
        let run = try runChild(binary, ["run"] + options + [emptyScript], ChildOptions(log: log, measuresMemory: false))
        guard run.status == 0 else { throw BenchFailure("the empty scaling script failed:\n\(try logText())") }
        return run
    }

    /// The case at every size, or at every size up to the first that would go over the limit.
    private func measure(_ scalingCase: ScalingCase, empty: Double) throws -> [ScalingPoint] {
        var points: [ScalingPoint] = []
        for count in sizes {
            if let previous = points.last, let reason = skipReason(after: previous, count: count, empty: empty) {
                points.append(ScalingPoint(count: count, outcome: .notRun(reason), perItem: previous.perItem))
                continue
            }
            let script = try write(scalingCase.script(count: count), named: "scaling-\(count).lua")
            points.append(try run(script, count: count, empty: empty))
        }
        return points
    }

    /// Why a run of `count` items is not worth starting after `previous`; nil to start it.
    private func skipReason(after previous: ScalingPoint, count: Int, empty: Double) -> String? {
        switch previous.outcome {
        case .measured:
            let predicted = empty + previous.perItem * Double(count)
            guard predicted > timeLimit else { return nil }
            return "not run, \(grouped(previous.count))'s time per item predicts ≥ \(Int(predicted)) s"
        case .stopped, .notRun: return "not run, \(grouped(previous.count)) went over \(Int(timeLimit)) s"
        case .failed: return "not run, \(grouped(previous.count)) failed"
        }
    }

    /// One size: a checked run killed at the limit. A run under a second is repeated, each
    /// time beside a run of the empty script, up to `shortRuns` times, and the best of each
    /// kept: a short run's work is a few milliseconds above the empty script's, and the
    /// machine's load changes from one second to the next.
    private func run(_ script: String, count: Int, empty: Double) throws -> ScalingPoint {
        var (best, bestEmpty) = (BestOfRuns(), BestOfRuns())
        repeat {
            let run = try runChild(binary, ["run"] + options + [script], ChildOptions(log: log, timeLimit: timeLimit))
            if run.wasStopped {
                let perItem = (timeLimit - empty) / Double(count)
                return ScalingPoint(count: count, outcome: .stopped(peakKiB: run.peakKiB), perItem: perItem)
            }
            guard run.status == 0 else {
                let reason = try logText().split(separator: "\n").first.map(String.init) ?? "no output"
                return ScalingPoint(count: count, outcome: .failed("exit \(run.status): \(reason)"), perItem: 0)
            }
            best.add(run)
            if best.seconds < 1 { bestEmpty.add(try emptyRun()) }
        } while best.seconds < 1 && best.count < shortRuns
        let baseline = bestEmpty.count > 0 ? bestEmpty.seconds : empty
        let perItem = max(0, best.seconds - baseline) / Double(count)
        return ScalingPoint(
            count: count, outcome: .measured(seconds: best.seconds, peakKiB: best.peakKiB), perItem: perItem)
    }

    /// The goal's row of a case: the time per item at the last size over that at the first.
    private func growthRow(_ scalingCase: ScalingCase, _ points: [ScalingPoint]) -> GoalRow {
        let measure = "scaling: \(scalingCase.shortTitle), µs per item 10³ → 10⁵"
        guard let first = points.first, let last = points.last, case .measured = first.outcome, first.perItem > 0
        else { return GoalRow(measure: measure, goal: "≤ 2×", measured: "not measured", verdict: .unknown) }
        let growth = last.perItem / first.perItem
        switch last.outcome {
        case .measured:
            return GoalRow(measure: measure, goal: "≤ 2×", measured: ratio(growth), verdict: Verdict(growth <= 2))
        case .failed: return GoalRow(measure: measure, goal: "≤ 2×", measured: "failed", verdict: .missed)
        case .stopped, .notRun:
            return GoalRow(
                measure: measure, goal: "≤ 2×", measured: "≥ " + ratio(growth), verdict: growth > 2 ? .missed : .unknown
            )
        }
    }

    private func write(_ text: String, named name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func logText() throws -> String {
        try String(contentsOfFile: log, encoding: .utf8)
    }
}

/// One size of one scaling case and what came of it.
struct ScalingPoint {
    enum Outcome {
        case measured(seconds: Double, peakKiB: Int)
        /// Killed at the time limit, with the peak it had reached.
        case stopped(peakKiB: Int)
        case notRun(String)
        case failed(String)
    }

    let count: Int
    let outcome: Outcome
    /// Seconds per item: measured, or a lower bound when the run went over the limit (the
    /// limit over N) or was not run (the smaller size's, since it grows with N).
    let perItem: Double

    /// The table's cells: case, N, time, µs per item, peak memory.
    func cells(title: String, limit: Double) -> [String] {
        let microseconds = format(perItem * 1e6)
        switch outcome {
        case .measured(let seconds, let peakKiB):
            return [title, grouped(count), format(seconds, digits: 3) + " s", microseconds, mebibytes(peakKiB)]
        case .stopped(let peakKiB):
            return [title, grouped(count), "over \(Int(limit)) s", "≥ " + microseconds, "≥ " + mebibytes(peakKiB)]
        case .notRun: return [title, grouped(count), "not run", "", ""]
        case .failed: return [title, grouped(count), "FAILED", "", ""]
        }
    }

    /// Why the size has no figures, printed under the table; nil when it has them.
    var note: String? {
        switch outcome {
        case .measured, .stopped: nil
        case .notRun(let reason), .failed(let reason): reason
        }
    }
}
