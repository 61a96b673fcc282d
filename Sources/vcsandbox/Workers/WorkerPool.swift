import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs scripts in `jobs` worker processes and returns their reports in the order of
/// `files`, so that the report is the same whatever the number of workers (D-87).
///
/// Each worker runs one script at a time, each in a session of its own, and holds the next
/// one queued so that it never waits for this process to read a report; everything a script
/// writes (its golden file, its own text for `--accept`) belongs to it alone. A worker that
/// dies (a crash in the engine or in a C library, `os.exit` under `--unsafe`) costs only the
/// script it was running, which is reported as failed with the scenario it had reached; a
/// worker whose scenario is stuck where its time limit cannot reach it is killed a few
/// seconds after the limit (D-45). Either way a fresh worker takes over the rest of the
/// queue, beginning with the script that was queued in the one that ended.
func runBatch(_ files: [String], _ options: BatchOptions) throws -> [ScriptReport] {
    try WorkerPool(files: files, options: options).run()
}

/// The scripts left to run, the reports of those done, and the workers running the others;
/// used by the one thread that runs the batch.
private final class WorkerPool {
    private let files: [String]
    private let options: BatchOptions
    /// How long a scenario may go without ending before its worker is killed (D-45).
    private let patience: Double
    /// The scripts a worker holds: the one it runs and the next. One under `--fail-fast`,
    /// which must not start a script queued before a failure stopped the run.
    private let depth: Int
    private var reports: [ScriptReport?]
    private var doneCount = 0
    private var nextIndex = 0
    /// Scripts queued in a worker that ended before starting them; they run first.
    private var returned: [Int] = []
    private var workers: [RunningWorker] = []

    init(files: [String], options: BatchOptions) {
        self.files = files
        self.options = options
        patience = Limits.patience(after: options.limits.seconds)
        depth = options.stopsAfterFailure ? 1 : 2
        reports = Array(repeating: nil, count: files.count)
    }

    func run() throws -> [ScriptReport] {
        // Workers still running here are left by an error: none of their work counts.
        defer { for worker in workers { worker.process.kill() } }
        for _ in 0..<min(options.jobs, files.count) { try startWorker() }
        while doneCount < files.count {
            waitForMessages()
            reapEndedWorkers()
            killStuckWorkers()
            try replaceEndedWorkers()
        }
        return reports.map { $0! }
    }

    /// Starts a worker on the next scripts, if one is left.
    private func startWorker() throws {
        guard hasNext else { return }
        let worker = RunningWorker(process: try WorkerProcess.start())
        workers.append(worker)
        // A worker that is already gone is found at its end of file, and its script reported.
        try? worker.process.channel.send(options)
        fill(worker)
    }

    /// Sends `worker` scripts until it holds `depth`, or none is left.
    private func fill(_ worker: RunningWorker) {
        while worker.queue.count < depth, let index = takeNext() {
            worker.queue.append(index)
            try? worker.process.channel.send(line: ReportLine.encode(job: files[index]))
        }
    }

    private var hasNext: Bool { !returned.isEmpty || nextIndex < files.count }

    /// The index of the next script to run, or nil when none is left.
    private func takeNext() -> Int? {
        if !returned.isEmpty { return returned.removeFirst() }
        guard nextIndex < files.count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }

    /// Waits until a worker has sent something or closed, for at most a quarter of a second
    /// (the watchdog's step), and handles what came.
    private func waitForMessages() {
        let live = workers.filter { !$0.hasClosed }
        var descriptors = live.map { pollfd(fd: $0.process.channel.descriptor, events: Int16(POLLIN), revents: 0) }
        // A worker that closed its socket is about to end: look again soon.
        let timeout: Int32 = live.count < workers.count ? 5 : 250
        guard poll(&descriptors, nfds_t(descriptors.count), timeout) > 0 else { return }
        for (worker, descriptor) in zip(live, descriptors) where descriptor.revents != 0 {
            receive(from: worker)
        }
    }

    private func receive(from worker: RunningWorker) {
        guard let lines = worker.process.channel.receive() else {
            worker.hasClosed = true
            return
        }
        for line in lines {
            guard let message = WorkerMessage(line: line) else {
                worker.process.kill()
                worker.end = .unreadable
                return
            }
            switch message {
            case .scenario(let name): worker.startedScenario(name)
            case .report(let report): finish(worker, with: report)
            }
        }
    }

    /// Keeps the report of the script `worker` ran, and tops up its queue, or lets it go
    /// when it holds nothing more.
    private func finish(_ worker: RunningWorker, with report: ScriptReport) {
        guard !worker.queue.isEmpty else { return }
        store(report, at: worker.queue.removeFirst())
        worker.startedScript()
        fill(worker)
        if worker.queue.isEmpty { worker.end = worker.process.retire() }
    }

    /// Reports the script of each worker that ended while running it: the worker crashed,
    /// or the script ended the process.
    private func reapEndedWorkers() {
        for worker in workers where worker.hasClosed && worker.end == nil {
            worker.end = worker.process.end(waiting: false)
        }
        for worker in workers {
            guard let end = worker.end, let index = worker.queue.first else { continue }
            let scenario = worker.scenario ?? Session.scenarioName(forFile: files[index])
            var report = lostReport(
                files[index], scenario, message: "\(end.words) while running scenario \"\(scenario)\"",
                after: worker.elapsed)
            report.results[0].failure?.nextStep = reproduction(of: files[index])
            lose(worker, report)
        }
    }

    /// Kills each worker whose scenario has run longer than the patience and reports its
    /// script as timed out (D-45).
    private func killStuckWorkers() {
        let now = ContinuousClock.now
        for worker in workers where worker.end == nil && (now - worker.since) / .seconds(1) > patience {
            guard let index = worker.queue.first else { continue }
            worker.process.kill()
            worker.end = .signalled(SIGKILL)
            let scenario = worker.scenario ?? Session.scenarioName(forFile: files[index])
            lose(worker, lostReport(files[index], scenario, message: stuckMessage(after: patience), after: patience))
        }
    }

    /// Reports the script a worker that ended was running, and returns the one queued after
    /// it, which it never started, to the queue.
    private func lose(_ worker: RunningWorker, _ report: ScriptReport) {
        let running = worker.queue.removeFirst()
        returned += worker.queue
        worker.queue = []
        store(report, at: running)
    }

    /// Starts a fresh worker in the place of each that ended, while scripts are left.
    private func replaceEndedWorkers() throws {
        let ended = workers.count { $0.end != nil }
        workers.removeAll { $0.end != nil }
        for _ in 0..<ended { try startWorker() }
    }

    /// The command that runs `file` alone, as this batch ran it, where its crash shows as the
    /// exit status with the backtrace, if any, on standard error.
    private func reproduction(of file: String) -> String {
        var words = ["vcsandbox", "run", shellQuoted(file)]
        if options.unsafe { words.append("--unsafe") }
        if options.iosVersion != Profile().iosVersion { words += ["--ios", "\(options.iosVersion)"] }
        return words.joined(separator: " ")
    }

    /// Keeps the report of the script at `index`; under `--fail-fast`, a failure stops the
    /// scripts not yet started.
    private func store(_ report: ScriptReport, at index: Int) {
        guard reports[index] == nil else { return }
        reports[index] = report
        doneCount += 1
        // Only a failed check stops the run: a scenario a --record or --accept run wrote is
        // not a failure to stop at.
        if options.stopsAfterFailure, report.results.contains(where: { $0.failureKind == .failed }) { skipTheRest() }
    }

    /// Reports every script not yet started as not run, and starts none.
    private func skipTheRest() {
        for index in returned + Array(nextIndex..<files.count) where reports[index] == nil {
            reports[index] = ScriptReport(results: [], wasRun: false)
            doneCount += 1
        }
        returned = []
        nextIndex = files.count
    }
}

/// A worker process and what it is doing.
private final class RunningWorker {
    let process: WorkerProcess
    /// The scripts sent to it and not yet reported, in order: it runs the first.
    var queue: [Int] = []
    /// The declared scenario it last said it started, in its current script, as JSON; nil
    /// while it runs the script's top level.
    private var scenarioJSON: Data?
    /// When its current script or that scenario started.
    private(set) var since = ContinuousClock.now
    /// When its current script started.
    private var start = ContinuousClock.now
    /// Whether its end of the socket closed: it has ended, or is ending.
    var hasClosed = false
    /// How it ended, once it has.
    var end: WorkerEnd?

    init(process: WorkerProcess) {
        self.process = process
    }

    func startedScript() {
        scenarioJSON = nil
        since = .now
        start = since
    }

    func startedScenario(_ json: Data) {
        scenarioJSON = json
        since = .now
    }

    /// The declared scenario it last said it started, in its current script; nil while it
    /// runs the script's top level.
    var scenario: String? { scenarioJSON.flatMap(WorkerMessage.name(in:)) }

    /// Seconds since its current script started.
    var elapsed: Double { (ContinuousClock.now - start) / .seconds(1) }
}

/// The report of a script whose worker gave no report: one failed scenario, the one it had
/// reached, whose failure says why the rest of the script did not run.
private func lostReport(_ file: String, _ scenario: String, message: String, after seconds: Double) -> ScriptReport {
    let failure = Failure(location: file, message: message + "; the rest of the script did not run")
    // A declared scenario's line is not known here; the script's own scenario starts at 1.
    let line = scenario == Session.scenarioName(forFile: file) ? 1 : nil
    return ScriptReport(results: [
        ScenarioResult(file: file, name: scenario, line: line, failure: failure, seconds: seconds)
    ])
}
