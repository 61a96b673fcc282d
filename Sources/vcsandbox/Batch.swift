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
/// but the queue.
func runBatch(_ files: [String], _ options: BatchOptions) -> [ScriptReport] {
    let queue = ScriptQueue(count: files.count)
    let workers = max(1, min(options.jobs, files.count))
    let group = DispatchGroup()
    for _ in 0..<workers {
        group.enter()
        let thread = Thread {
            while let index = queue.next() {
                queue.store(runScriptFile(files[index], options), at: index)
            }
            group.leave()
        }
        // The engine and Lua call one another for nested callbacks; the depth limit keeps
        // that nesting far inside this stack.
        thread.stackSize = 64 << 20
        thread.start()
    }
    group.wait()
    return queue.reports
}

/// The scripts left to run and the reports of those done, shared by the workers.
private final class ScriptQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var done: [ScriptReport?]

    init(count: Int) {
        done = Array(repeating: nil, count: count)
    }

    func next() -> Int? {
        lock.withLock {
            guard nextIndex < done.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    func store(_ report: ScriptReport, at index: Int) {
        lock.withLock { done[index] = report }
    }

    var reports: [ScriptReport] {
        lock.withLock { done.map { $0! } }
    }
}

/// Runs one script's selected scenarios in a fresh session, then rewrites its failing
/// blocks (`--accept`) and records or compares its golden trace.
func runScriptFile(_ file: String, _ options: BatchOptions) -> ScriptReport {
    guard let data = FileManager.default.contents(atPath: file) else {
        let failure = Failure(location: file, message: "cannot read the script")
        return ScriptReport(results: [ScenarioResult(file: file, name: scenarioName(of: file), failure: failure)])
    }
    let source = String(decoding: data, as: UTF8.self)
    let session = Session(profile: Profile(iosVersion: options.iosVersion), unsafe: options.unsafe, limits: options.limits)
    session.isAccepting = options.accept
    let outcomes = session.runScript(source: source, file: file) { name in
        options.filter.map { "\(file): \(name)".contains($0) } ?? true
    }
    var report = ScriptReport(results: outcomes.map(\.result))
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
    let rewrites = outcomes.flatMap(\.rewrites)
    guard !rewrites.isEmpty else { return }
    let (rewritten, problems) = ExpectRewriter.apply(rewrites, to: source)
    for problem in problems {
        for (index, outcome) in outcomes.enumerated() where outcome.rewrites.contains(where: { $0.line == problem.line }) {
            guard report.results[index].failure == nil else { continue }
            report.results[index].failure = Failure(location: "\(file):\(problem.line)", message: problem.message)
        }
    }
    guard rewritten != source else { return }
    do {
        try Data(rewritten.utf8).write(to: URL(fileURLWithPath: file))
        let count = Set(rewrites.map(\.line)).count - Set(problems.map(\.line)).count
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

    init(script: String) {
        path = (script.hasSuffix(".lua") ? String(script.dropLast(4)) : script) + ".trace"
    }

    private var scriptName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Compares each passing scenario's compared trace with its section, when the file
    /// exists; a missing file is no failure, and is never created here.
    func compare(_ outcomes: [ScenarioOutcome], into report: inout ScriptReport) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let golden: GoldenTrace
        do {
            golden = try GoldenTrace.parse(String(decoding: data, as: UTF8.self))
        } catch {
            let line = (error as? GoldenTraceError)?.line ?? 1
            for index in report.results.indices where report.results[index].passed {
                report.results[index].failure = Failure(location: "\(path):\(line)", message: "\(error)")
            }
            return
        }
        for (index, outcome) in outcomes.enumerated() where report.results[index].passed {
            report.results[index].failure = check(outcome, against: golden)
        }
    }

    private func check(_ outcome: ScenarioOutcome, against golden: GoldenTrace) -> Failure? {
        guard let section = golden.section(named: outcome.result.name) else {
            return Failure(
                location: path,
                message: "the golden trace has no section \"\(outcome.result.name)\"; `vcsandbox test --record` adds it")
        }
        let expected = Expectation.parse(section.lines.joined(separator: "\n"))
        let comparison = Expectation.compare(expected: expected, actual: outcome.comparedLines)
        guard !comparison.matched else { return nil }
        return Failure(
            location: "\(path):\(section.headerLine)",
            message: "the trace differs from the golden trace: " + Expectation.describe(comparison, expected: expected),
            details: DiffRenderer.render(comparison.lines))
    }

    /// Writes the scenarios' compared traces. When the whole script ran (`whole`), the file
    /// holds exactly its scenarios; otherwise the sections of scenarios that did not run
    /// are kept.
    func record(_ outcomes: [ScenarioOutcome], whole: Bool, into report: inout ScriptReport) {
        let sections = outcomes.filter { $0.result.name != "(top level)" }.map {
            GoldenTrace.Section(name: $0.result.name, lines: $0.comparedLines)
        }
        guard !sections.isEmpty else { return }
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        var golden = whole ? GoldenTrace() : existing.flatMap { try? GoldenTrace.parse($0) } ?? GoldenTrace()
        golden.merge(sections)
        let text = golden.render(scriptName: scriptName.replacingOccurrences(of: ".trace", with: ".lua"))
        guard text != existing else { return }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            report.notes.append("recorded: \(path)")
        } catch {
            report.notes.append("vcsandbox: cannot write \(path): \(error.localizedDescription)")
            for index in report.results.indices where report.results[index].passed {
                report.results[index].failure = Failure(location: path, message: "--record could not write the golden trace")
            }
        }
    }
}

/// A script's name without its folder and `.lua`: the name of its only scenario.
func scenarioName(of file: String) -> String {
    let base = file.split(separator: "/").last.map(String.init) ?? file
    return base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
}
