import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

/// How `vcsandbox test` runs each script (SPEC §2, §6, §8).
struct BatchOptions: Sendable {
    var filter: String?
    var jobs: Int
    var record: Bool
    var accept: Bool
    var unsafe: Bool
    var limits: Limits
    var iosVersion: Int
}

/// What one script gave: its scenarios' results in order, and what it changed on disk.
struct ScriptReport: Sendable {
    var results: [ScenarioResult]
    /// Lines for standard error: a golden file recorded, expect blocks accepted.
    var notes: [String] = []
}

/// Runs scripts on `jobs` worker threads and returns their reports in the order of
/// `files`, so that the report is the same whatever the number of workers.
///
/// Each script runs in a session of its own on one worker; everything a script writes (its
/// golden file, its own text for `--accept`) belongs to it alone, so workers share nothing
/// but the queue. A scenario stuck where its time limit cannot reach it (inside a C library
/// function such as a runaway pattern match) is given up on a few seconds after its limit:
/// its script is reported as timed out, a new worker takes over, and the stuck thread is
/// left behind until the process exits (D-45).
func runBatch(_ files: [String], _ options: BatchOptions) -> [ScriptReport] {
    let queue = ScriptQueue(files: files)
    let patience = Limits.patience(after: options.limits.seconds)
    for _ in 0..<max(1, min(options.jobs, files.count)) {
        startWorker(queue, options)
    }
    while !queue.waitUntilDone(orSeconds: 0.25) {
        for index in queue.abandonWorkers(stuckFor: patience) {
            queue.store(stuckReport(files[index], queue.scenario(of: index), after: patience), at: index, by: nil)
            startWorker(queue, options)
        }
    }
    return queue.reports
}

private func startWorker(_ queue: ScriptQueue, _ options: BatchOptions) {
    let worker = queue.newWorker()
    let thread = Thread {
        while let index = queue.next(for: worker) {
            let report = runScriptFile(
                queue.files[index], options, willRunScenario: { queue.beat(worker, scenario: $0) },
                isWanted: { queue.isWanted(worker) })
            queue.store(report, at: index, by: worker)
        }
    }
    // The engine and Lua call one another for nested callbacks; the depth limit keeps that
    // nesting far inside this stack.
    thread.stackSize = 64 << 20
    thread.start()
}

/// Runs `body` on a thread of its own and returns its result, or nil once `body` has gone
/// `patience` seconds without calling the `beat` it is given (a scenario stuck where its
/// limits cannot reach it); the thread is then left behind until the process exits.
func runWatched(patience: Double, _ body: @escaping @Sendable (@escaping (String) -> Void) -> Int32) -> Int32? {
    let box = WatchedResult()
    let thread = Thread {
        let status = body { _ in box.beat() }
        box.finish(status)
    }
    thread.stackSize = 64 << 20
    thread.start()
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

private func stuckReport(_ file: String, _ scenario: String?, after seconds: Double) -> ScriptReport {
    let failure = Failure(
        location: file,
        message: stuckMessage(after: seconds) + "; the rest of the script did not run")
    return ScriptReport(results: [
        ScenarioResult(file: file, name: scenario ?? Session.scenarioName(forFile: file), failure: failure, seconds: seconds)
    ])
}

/// The scripts left to run, the reports of those done, and what each worker is doing,
/// shared by the workers and the thread that watches them.
private final class ScriptQueue: @unchecked Sendable {
    let files: [String]
    private let condition = NSCondition()
    private var nextIndex = 0
    private var done: [ScriptReport?]
    private var doneCount = 0
    private var workerCount = 0
    /// Per worker: the script it runs, the scenario, and when that scenario began.
    private var busy: [Int: (index: Int, scenario: String?, since: ContinuousClock.Instant)] = [:]
    private var abandoned: Set<Int> = []
    private var scenarios: [Int: String] = [:]

    init(files: [String]) {
        self.files = files
        done = Array(repeating: nil, count: files.count)
    }

    func newWorker() -> Int {
        condition.withLock {
            workerCount += 1
            return workerCount
        }
    }

    /// The next script for `worker`, or nil when none is left or the worker was given up on.
    func next(for worker: Int) -> Int? {
        condition.withLock {
            guard !abandoned.contains(worker), nextIndex < files.count else { return nil }
            defer { nextIndex += 1 }
            busy[worker] = (nextIndex, nil, .now)
            return nextIndex
        }
    }

    /// Notes that `worker` starts a scenario.
    func beat(_ worker: Int, scenario: String) {
        condition.withLock {
            guard let current = busy[worker] else { return }
            busy[worker] = (current.index, scenario, .now)
            scenarios[current.index] = scenario
        }
    }

    /// Whether `worker`'s work still counts: false once the watchdog gave up on it.
    func isWanted(_ worker: Int) -> Bool {
        condition.withLock { !abandoned.contains(worker) }
    }

    func scenario(of index: Int) -> String? {
        condition.withLock { scenarios[index] }
    }

    /// Keeps the first report of a script; `worker` (nil for the watcher) is then idle.
    func store(_ report: ScriptReport, at index: Int, by worker: Int?) {
        condition.withLock {
            if let worker { busy[worker] = nil }
            guard done[index] == nil else { return }
            done[index] = report
            doneCount += 1
            condition.broadcast()
        }
    }

    /// Waits until every script has a report, or `seconds` pass; true when all are done.
    func waitUntilDone(orSeconds seconds: Double) -> Bool {
        condition.withLock {
            if doneCount < files.count { _ = condition.wait(until: Date(timeIntervalSinceNow: seconds)) }
            return doneCount == files.count
        }
    }

    /// Gives up on the workers whose scenario has run longer than `seconds`; returns their
    /// scripts.
    func abandonWorkers(stuckFor seconds: Double) -> [Int] {
        condition.withLock {
            let now = ContinuousClock.now
            let stuck = busy.filter { (now - $0.value.since) / .seconds(1) > seconds }
            for worker in stuck.keys {
                abandoned.insert(worker)
                busy[worker] = nil
            }
            return stuck.values.map(\.index).sorted()
        }
    }

    var reports: [ScriptReport] {
        condition.withLock { done.map { $0! } }
    }
}

/// Runs one script's selected scenarios in a fresh session, then rewrites its failing
/// blocks (`--accept`) and records or compares its golden trace.
///
/// `isWanted` is asked before anything is written: a script the watchdog gave up on must
/// not rewrite files after its report was made.
func runScriptFile(
    _ file: String, _ options: BatchOptions, willRunScenario: @escaping (String) -> Void = { _ in },
    isWanted: () -> Bool = { true }
) -> ScriptReport {
    guard let data = FileManager.default.contents(atPath: file) else {
        let failure = Failure(location: file, message: "cannot read the script")
        return ScriptReport(results: [ScenarioResult(file: file, name: Session.scenarioName(forFile: file), failure: failure)])
    }
    let source = String(decoding: data, as: UTF8.self)
    let session = Session(profile: Profile(iosVersion: options.iosVersion), unsafe: options.unsafe, limits: options.limits)
    session.isAccepting = options.accept
    session.willRunScenario = willRunScenario
    let outcomes = session.runScript(source: source, file: file) { name in
        options.filter.map { "\(file): \(name)".contains($0) } ?? true
    }
    var report = ScriptReport(results: outcomes.map(\.result))
    guard isWanted() else { return report }
    if options.accept { accept(outcomes, source: source, file: file, into: &report) }
    let golden = GoldenFile(script: file)
    if options.record {
        golden.record(outcomes, whole: options.filter == nil, into: &report)
    } else {
        golden.compare(outcomes, into: &report)
    }
    return report
}

/// Rewrites the script's failing `expect` blocks with the actual lines (SPEC §6); a block
/// that cannot be rewritten fails its scenario.
private func accept(_ outcomes: [ScenarioOutcome], source: String, file: String, into report: inout ScriptReport) {
    let matched = outcomes.flatMap(\.matchedBlocks)
    // A block that also matched on another run, with other lines, is not rewritten.
    var rewrites: [BlockRewrite] = [], mixed: [RewriteProblem] = []
    for rewrite in outcomes.flatMap(\.rewrites) {
        guard matched.contains(where: { $0.line == rewrite.line && $0.actual != rewrite.actual }) else {
            rewrites.append(rewrite)
            continue
        }
        mixed.append(RewriteProblem(line: rewrite.line, message: "this `expect` passed on one run and failed on another "
            + "(in a loop or a function called from several places); its block was left unchanged"))
    }
    guard !rewrites.isEmpty || !mixed.isEmpty else { return }
    var (rewritten, problems) = ExpectRewriter.apply(rewrites, to: source)
    problems += mixed
    for problem in problems {
        for (index, outcome) in outcomes.enumerated() where outcome.rewrites.contains(where: { $0.line == problem.line }) {
            guard report.results[index].failure == nil else { continue }
            report.results[index].failure = Failure(location: "\(file):\(problem.line)", message: problem.message)
        }
    }
    guard rewritten != source else { return }
    do {
        try Data(rewritten.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        let count = Set(rewrites.map { $0.line }).subtracting(problems.map { $0.line }).count
        report.notes.append("accepted: rewrote \(count) expect block\(count == 1 ? "" : "s") in \(file)")
    } catch {
        report.notes.append("vcsandbox: cannot write \(file): \(error.localizedDescription)")
        for index in report.results.indices where report.results[index].failure == nil && !outcomes[index].rewrites.isEmpty {
            report.results[index].failure = Failure(location: file, message: "--accept could not write the script")
        }
    }
}

/// The golden trace beside a script: `foo.trace` for `foo.lua` (SPEC §6).
private struct GoldenFile {
    let path: String
    let scriptPath: String

    init(script: String) {
        scriptPath = script
        path = GoldenTrace.path(forScript: script)
    }

    /// Compares each passing scenario's compared trace with its section, when the file
    /// exists; a missing file is no failure, and is never created here.
    func compare(_ outcomes: [ScenarioOutcome], into report: inout ScriptReport) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let passing = outcomes.indices.filter { report.results[$0].passed }
        let recorded = passing.map { GoldenTrace.Section(name: outcomes[$0].result.name, lines: outcomes[$0].comparedLines) }
        let failures = GoldenTrace.compare(recorded, withFile: String(decoding: data, as: UTF8.self), at: path)
        for (index, failure) in zip(passing, failures) { report.results[index].failure = failure }
    }

    /// Writes the compared traces of the scenarios that passed. Each failed scenario keeps
    /// the section it had (its trace stopped early); only when every scenario of the whole
    /// script (`whole`) passed does the file hold exactly its scenarios. A script whose top
    /// level failed writes nothing.
    func record(_ outcomes: [ScenarioOutcome], whole: Bool, into report: inout ScriptReport) {
        // The report's verdicts: `--accept` may have failed a scenario its session passed.
        let passed = report.results.map(\.passed)
        guard !outcomes.isEmpty, !outcomes.contains(where: { $0.result.name == "(top level)" }),
              outcomes.count > 1 || passed[0]
        else { return }
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        var golden = GoldenTrace()
        if let existing, !(whole && !passed.contains(false)) {
            do {
                golden = try GoldenTrace.parse(existing)
            } catch {
                let line = (error as? GoldenTraceError)?.line ?? 1
                return fail(&report, at: "\(path):\(line)", "\(error); the other sections would be lost, so nothing was recorded")
            }
        }
        var sections: [GoldenTrace.Section] = []
        for (index, outcome) in outcomes.enumerated() where passed[index] {
            let lines = outcome.comparedLines
            if let bad = lines.first(where: { !GoldenTrace.canHold($0) }) {
                report.results[index].failure = Failure(
                    location: path, message: "the golden trace cannot hold the line \"\(bad)\" (a line break, or white "
                        + "space at either end, in a note or a name); compare it with an expect block instead")
                continue
            }
            sections.append(GoldenTrace.Section(name: outcome.result.name, lines: lines))
        }
        golden.merge(sections)
        let text = golden.render(scriptName: Self.fileName(of: scriptPath))
        guard !sections.isEmpty, text != existing else { return }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            report.notes.append("recorded: \(path)")
        } catch {
            report.notes.append("vcsandbox: cannot write \(path): \(error.localizedDescription)")
            fail(&report, at: path, "--record could not write the golden trace")
        }
    }

    private func fail(_ report: inout ScriptReport, at location: String, _ message: String) {
        for index in report.results.indices where report.results[index].passed {
            report.results[index].failure = Failure(location: location, message: message)
        }
    }

    private static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
