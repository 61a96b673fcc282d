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
}

/// What one script gave: its scenarios' results in order, and what it changed on disk.
struct ScriptReport: Sendable {
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
    let queue = ScriptQueue(files: files, stopsAfterFailure: options.stopsAfterFailure)
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
    let name = scenario ?? Session.scenarioName(forFile: file)
    // A declared scenario's line is not known here; the script's own scenario starts at 1.
    let line = name == Session.scenarioName(forFile: file) ? 1 : nil
    return ScriptReport(results: [
        ScenarioResult(file: file, name: name, line: line, failure: failure, seconds: seconds)
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
    /// `--fail-fast`: once a script fails, the scripts not yet started are not run.
    private let stopsAfterFailure: Bool

    init(files: [String], stopsAfterFailure: Bool) {
        self.files = files
        self.stopsAfterFailure = stopsAfterFailure
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
            // Only a failed check stops the run: a scenario a --record or --accept run wrote
            // is not a failure to stop at.
            if stopsAfterFailure, report.results.contains(where: { $0.failureKind == .failed }) { skipTheRest() }
            condition.broadcast()
        }
    }

    /// Reports every script not yet started as not run, and starts none (under the lock).
    private func skipTheRest() {
        for index in nextIndex..<files.count where done[index] == nil {
            done[index] = ScriptReport(results: [], wasRun: false)
            doneCount += 1
        }
        nextIndex = files.count
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
/// blocks (`--accept`), records or compares its golden trace, and fails the scenarios that
/// checked nothing, as ScenarioKit's `ExpectAcceptance`, `GoldenFilePolicy` and
/// `CheckRequirement` decide; this function only reads and writes.
///
/// `isWanted` is asked before anything is written: a script the watchdog gave up on must
/// not rewrite files after its report was made.
func runScriptFile(
    _ file: String, _ options: BatchOptions, willRunScenario: @escaping (String) -> Void = { _ in },
    isWanted: () -> Bool = { true }
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
    var offered: [String] = []
    let outcomes = session.runScript(source: source, file: file) { name in
        offered.append("\(file): \(name)")
        return options.filter.selects("\(file): \(name)")
    }
    guard isWanted() else { return ScriptReport(results: outcomes.map(\.result), offered: offered) }
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
    return report
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
