import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

/// How `vcsandbox test` runs each script (SPEC §2, §6, §8).
struct BatchOptions: Sendable {
    var filter: ScenarioFilter
    var jobs: Int
    var record: Bool
    var accept: Bool
    var unsafe: Bool
    var limits: Limits
    var iosVersion: Int
    /// `--fail-fast`: no script starts after one has failed.
    var stopsAfterFailure = false
    /// The folders `test` was given: a script's suite is the first that holds it, and
    /// `require` looks up to it (D-85).
    var suites: [String] = []
    /// Whether each failed scenario's result carries the diagram of its trace, for a report
    /// that draws it (`--reporter html`).
    var drawsFailures = false
}

/// `test` sends its options to each worker process as JSON (D-87); the filter's patterns and
/// the limits' numbers are written out here, since their types belong to other targets.
extension BatchOptions: Codable {
    private enum CodingKeys: String, CodingKey {
        case patterns, excluded, jobs, record, accept, unsafe, instructions, memoryBytes, callbackDepth, seconds
        case iosVersion, stopsAfterFailure, suites, drawsFailures
    }

    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        filter = ScenarioFilter(
            try values.decode([String].self, forKey: .patterns),
            excluding: try values.decode([String].self, forKey: .excluded))
        jobs = try values.decode(Int.self, forKey: .jobs)
        record = try values.decode(Bool.self, forKey: .record)
        accept = try values.decode(Bool.self, forKey: .accept)
        unsafe = try values.decode(Bool.self, forKey: .unsafe)
        limits = Limits(
            instructions: try values.decode(Int.self, forKey: .instructions),
            memoryBytes: try values.decode(Int.self, forKey: .memoryBytes),
            callbackDepth: try values.decode(Int.self, forKey: .callbackDepth),
            seconds: try values.decode(Double.self, forKey: .seconds))
        iosVersion = try values.decode(Int.self, forKey: .iosVersion)
        stopsAfterFailure = try values.decode(Bool.self, forKey: .stopsAfterFailure)
        suites = try values.decode([String].self, forKey: .suites)
        drawsFailures = try values.decode(Bool.self, forKey: .drawsFailures)
    }

    func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(filter.patterns, forKey: .patterns)
        try values.encode(filter.excluded, forKey: .excluded)
        try values.encode(jobs, forKey: .jobs)
        try values.encode(record, forKey: .record)
        try values.encode(accept, forKey: .accept)
        try values.encode(unsafe, forKey: .unsafe)
        try values.encode(limits.instructions, forKey: .instructions)
        try values.encode(limits.memoryBytes, forKey: .memoryBytes)
        try values.encode(limits.callbackDepth, forKey: .callbackDepth)
        try values.encode(limits.seconds, forKey: .seconds)
        try values.encode(iosVersion, forKey: .iosVersion)
        try values.encode(stopsAfterFailure, forKey: .stopsAfterFailure)
        try values.encode(suites, forKey: .suites)
        try values.encode(drawsFailures, forKey: .drawsFailures)
    }
}

/// What one script gave: its scenarios' results in order, and what it changed on disk;
/// Codable, since a worker process sends it to `vcsandbox test` (D-87).
struct ScriptReport: Sendable, Codable {
    var results: [ScenarioResult]
    /// Lines for standard error: a golden file recorded, expect blocks accepted.
    var notes: [String] = []
    /// The files the run wrote (`--record`, `--accept`).
    var written: [String] = []
    /// Per scenario, the mark of a file written for it (`recorded`, `accepted`), given once
    /// every policy has judged the scenario as it ran (D-72).
    var marks: [Failure?] = []
    /// False for a script `--fail-fast` never started.
    var wasRun = true
    /// Every scenario title the script offered to `--filter` and `--exclude`, selected or
    /// not: what tells a pattern that matches nothing from one whose scenarios were excluded.
    var offered: [String] = []
}

/// The stack of a thread that runs scripts: the engine and Lua call one another for nested
/// callbacks, and the callback depth limit keeps that nesting far inside this stack.
private let scriptStackSize = 64 << 20

/// Starts `body` on a thread with a stack for scripts.
func startScriptThread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.stackSize = scriptStackSize
    thread.start()
}

/// Runs `body` on a thread of its own and returns its result, or nil once `body` has gone
/// `patience` seconds without calling the `beat` it is given (a scenario stuck where its
/// limits cannot reach it); the thread is then left behind until the process exits, which
/// `vcsandbox run` does at once (D-88).
func runWatched(patience: Double, _ body: @escaping @Sendable (@escaping (String) -> Void) -> Int32) -> Int32? {
    let box = WatchedResult()
    startScriptThread {
        let status = body { _ in box.beat() }
        box.finish(status)
    }
    return box.wait(patience: patience)
}

private final class WatchedResult: @unchecked Sendable {
    private let condition = NSCondition()
    private var status: Int32?
    private var lastBeat = ContinuousClock.now

    func beat() {
        condition.withLock { lastBeat = .now }
    }

    func finish(_ value: Int32) {
        condition.withLock {
            status = value
            condition.broadcast()
        }
    }

    func wait(patience: Double) -> Int32? {
        condition.withLock {
            while status == nil {
                if (ContinuousClock.now - lastBeat) / .seconds(1) > patience { return nil }
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.25))
            }
            return status
        }
    }
}

/// Why a scenario the watchdog gave up on failed.
func stuckMessage(after seconds: Double) -> String {
    "timed out: the scenario was still running after \(Int(seconds)) s, inside the engine or a Lua library function "
        + "where the time limit cannot stop it"
}

extension Limits {
    /// The standard limits with a time limit of `seconds` (`--timeout`).
    static func standard(seconds: Double) -> Limits {
        var limits = Limits.standard
        limits.seconds = seconds
        return limits
    }

    /// How long the watchdog waits for a scenario before giving up on it (D-45).
    static func patience(after seconds: Double) -> Double { seconds + 5 }
}

/// Runs one script's selected scenarios in a fresh session, then rewrites its failing
/// blocks (`--accept`), records or compares its golden trace, and fails the scenarios that
/// checked nothing, as ScenarioKit's `ExpectAcceptance`, `GoldenFilePolicy` and
/// `CheckRequirement` decide; this function only reads and writes.
func runScriptFile(
    _ file: String, _ options: BatchOptions, willRunScenario: @escaping (String) -> Void = { _ in }
) -> ScriptReport {
    if let refused = refusedScriptReport(file, suites: options.suites) { return refused }
    guard let source = readText(atPath: file) else {
        let failure = Failure(location: file, message: "cannot read the script")
        return ScriptReport(results: [
            ScenarioResult(file: file, name: Session.scenarioName(forFile: file), line: 1, failure: failure)
        ])
    }
    let session = Session(
        profile: Profile(iosVersion: options.iosVersion), unsafe: options.unsafe, limits: options.limits)
    session.isAccepting = options.accept
    session.willRunScenario = willRunScenario
    session.suiteFolders = options.suites
    // The HTML report's diagrams mark the turns and their time (issue 22).
    session.keepsTimeline = options.drawsFailures
    var offered: [String] = []
    let outcomes = session.runScript(source: source, file: file) { name in
        offered.append("\(file): \(name)")
        return options.filter.selects("\(file): \(name)")
    }
    var report = judged(outcomes, source: source, file: file, options)
    report.offered = offered
    return report
}

/// A script's report once the policies have judged its run, in order, and their files are
/// written: `--accept`'s blocks, the golden trace, the scenarios that checked nothing, and
/// last the marks of what was written (D-72).
private func judged(
    _ outcomes: [ScenarioOutcome], source: String, file: String, _ options: BatchOptions
)
    -> ScriptReport
{
    var report = ScriptReport(results: outcomes.map(\.result), marks: outcomes.map { _ in nil })
    if options.accept {
        let blocks = outcomes.map { ScenarioBlocks(rewrites: $0.rewrites, matched: $0.matchedBlocks) }
        report.take(ExpectAcceptance.judge(blocks, source: source, file: file))
    }
    // A filtered run sees only some scenarios, and those it did not run may check inline:
    // it updates a golden trace that exists but creates none (D-72).
    let checksInline = outcomes.contains { $0.checks > 0 } || !options.filter.selectsAll
    let golden = GoldenFilePolicy(
        script: file,
        mode: options.record ? .record(whole: options.filter.selectsAll, checksInline: checksInline) : .compare)
    let goldenVerdict = judgeGoldenTrace(
        golden, report.results, traces: { outcomes[$0].comparedLines }, suites: options.suites)
    report.take(goldenVerdict)
    report.take(CheckRequirement.judge(report.results, checks: outcomes.map(\.checks), golden: goldenVerdict.checked))
    report.showTopLevelOutput(outcomes.map(\.topLevelOutput))
    report.results.failPassing(report.marks)
    if options.drawsFailures { report.drawFailures(outcomes) }
    return report
}

extension ScriptReport {
    /// Gives each failed scenario the diagram of the trace it produced, as `vcsandbox run
    /// --diagram` draws it, cut to what the HTML report draws (a runaway trace is not sent
    /// whole from the worker).
    mutating func drawFailures(_ outcomes: [ScenarioOutcome]) {
        for (index, outcome) in zip(results.indices, outcomes) where results[index].failed {
            results[index].diagram = outcome.diagram(limit: HTMLReporter.mostDrawnSteps)
        }
    }
}

extension ScriptReport {
    /// Takes a policy's verdict: fails the scenarios it fails, then writes its file, if it
    /// has one, and notes what happened and the marks it gives; a file that cannot be
    /// written fails the scenarios the verdict names for that case.
    mutating func take(_ verdict: FileVerdict) {
        results.failPassing(verdict.failures)
        guard let write = verdict.write else { return }
        do {
            try writeReplacingOnlyRegularFiles(write.text, to: write.path)
            notes.append(write.note)
            written.append(write.path)
            for (index, mark) in zip(marks.indices, write.marks) where marks[index] == nil { marks[index] = mark }
        } catch {
            notes.append("vcsandbox: cannot write \(write.path): \(error.localizedDescription)")
            results.failPassing(write.failuresIfUnwritten)
        }
    }
}

extension ScriptReport {
    /// Puts what the script's top level printed before the output of each failed scenario:
    /// the top level's setup explains a failure as much as the scenario's own lines do.
    mutating func showTopLevelOutput(_ outputs: [String]) {
        for (index, output) in zip(results.indices, outputs) where !results[index].passed && !output.isEmpty {
            results[index].output = output + results[index].output
        }
    }
}

/// The text of the file at `path`, read as UTF-8; nil when it cannot be read.
func readText(atPath path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}
