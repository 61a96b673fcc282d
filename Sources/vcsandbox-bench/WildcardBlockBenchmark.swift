import Foundation

/// One `expect [[…]]` block of 40 lines, 14 of them `...`, over about 10⁶ trace events,
/// through `vcsandbox run` (issue 18: it must pass within the default limits).
///
/// The script makes a parent with two children appear and disappear by hand (begin and end
/// appearance transitions, no window): 12 lifecycle events a round, all compared. The block
/// expects the first round exactly, then 14 times `...` and one event, the last the trace's
/// last; a third of those events are written without arguments (`C1.viewDidAppear`) and a
/// third with a `*` (`P.view*(false)`), so every kind of line SPEC §5 allows is matched.
///
/// It runs twice: with the default limits (the goal), then with them lifted (`--unsafe`,
/// the hook removed), which shows what the matching costs when no limit stops it first.
///
/// ```lua
/// expect [[
///   P.viewWillAppear(false)
///   …
///   ...
///   C1.viewDidDisappear
///   ...
///   C2.view*(false)
/// ]]
/// ```
struct WildcardBlockBenchmark {
    let binary: String
    let folder: URL
    var rounds = 83_334
    var timeLimit = 120.0

    /// The events of one round, in the order the engine records them.
    static let round = ["WillAppear", "DidAppear", "WillDisappear", "DidDisappear"].flatMap { step in
        ["P", "C1", "C2"].map { "\($0).view\(step)(false)" }
    }

    /// Runs both, prints a line each, and returns the goal's row (the default limits').
    func measure() throws -> GoalRow {
        let events = rounds * Self.round.count
        print("  \(grouped(events)) lifecycle events, then one expect block of \(Self.block.count) lines")
        let strict = try run(script(liftingLimits: false), options: [], label: "default limits")
        _ = try run(script(liftingLimits: true), options: ["--unsafe", "--timeout", "3600"], label: "limits lifted")
        return GoalRow(
            measure: "40-line `...` expect over 10⁶ events", goal: "passes within the default limits",
            measured: strict.summary, verdict: Verdict(strict.passed))
    }

    /// One run, killed at `timeLimit`: prints its line and returns its outcome, worded for
    /// the summary.
    private func run(_ script: String, options: [String], label: String) throws -> (passed: Bool, summary: String) {
        let path = folder.appendingPathComponent("wildcard-block.lua").path
        let log = folder.appendingPathComponent("wildcard-block.txt").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try runChild(binary, ["run"] + options + [path], ChildOptions(log: log, timeLimit: timeLimit))
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let figures = "\(format(result.seconds, digits: 2)) s, peak \(mebibytes(result.peakKiB))"
        let passed = result.status == 0 && !result.wasStopped
        let (verdict, short): (String, String)
        if result.wasStopped {
            (verdict, short) = ("stopped at \(Int(timeLimit)) s", "stopped at \(Int(timeLimit)) s")
        } else if passed {
            (verdict, short) = ("passes", "passes")
        } else {
            let failure = Self.failure(in: output, of: path)
            (verdict, short) = ("fails: " + failure, "fails: " + Self.gist(of: failure))
        }
        print("  \(label): \(verdict); \(figures)")
        return (passed, short + ", " + figures)
    }

    /// The first line of a failed run's output, the script's path shortened: `line 12:
    /// memory cap exceeded: the scenario used more than 128 MiB`.
    private static func failure(in output: String, of path: String) -> String {
        let line = output.split(separator: "\n").first.map(String.init) ?? "no output"
        return line.hasPrefix(path + ":") ? "line " + line.dropFirst(path.count + 1) : line
    }

    /// A failure's message without its line and details: `memory cap exceeded`.
    private static func gist(of failure: String) -> String {
        let parts = failure.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.first { !$0.hasPrefix("line ") } ?? failure
    }

    /// The script: the rounds, then the block; the hook removed first when `liftingLimits`.
    func script(liftingLimits: Bool) -> String {
        let setup = [
            "local parent = Controller \"P\"",
            "for _, name in ipairs { \"C1\", \"C2\" } do",
            "  local child = Controller(name)",
            "  parent:addChild(child)",
            "  parent.view:addSubview(child.view)",
            "  child:didMove(parent)",
            "end",
            "trace.clear()",
            "for i = 1, \(rounds) do",
            "  parent:beginAppearanceTransition(true, false)",
            "  parent:endAppearanceTransition()",
            "  parent:beginAppearanceTransition(false, false)",
            "  parent:endAppearanceTransition()",
            "end",
        ]
        let block = ["expect [["] + Self.block.map { "  " + $0 } + ["]]"]
        return luaText((liftingLimits ? ["debug.sethook()"] : []) + setup + block)
    }

    /// The block's 40 lines: the first round, then 14 pairs of `...` and an event, ending
    /// on the last event of a round (the trace's last).
    static var block: [String] {
        let tail = (0..<14).map { index in
            let event = round[(index + 10) % round.count]
            return ["...", written(event, style: index % 3)]
        }
        return round + tail.flatMap { $0 }
    }

    /// `event` as is (style 0), without its arguments (1), or with `*` for the rest of its
    /// callback's name (2): `P.view*(false)`.
    private static func written(_ event: String, style: Int) -> String {
        let call = event.split(separator: "(").first!
        switch style {
        case 1: return String(call)
        case 2: return event.split(separator: ".").first! + ".view*(false)"
        default: return event
        }
    }
}
