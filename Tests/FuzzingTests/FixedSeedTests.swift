import Foundation
import Fuzzing
import Testing

/// The package root: three levels up from this file (Tests/FuzzingTests/<file>).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `vcsandbox-fuzz` built with these tests: beside the test bundle, or in `.build/debug`.
let fuzzBinary: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("vcsandbox-fuzz")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return packageRoot.appendingPathComponent(".build/debug/vcsandbox-fuzz")
}()

/// The property-based test as part of the suite: a few hundred fixed seeds through every
/// check (issue 17). They run in a child process (`vcsandbox-fuzz batch`), so that a seed
/// that crashes or hangs the engine fails this test with its number instead of taking the
/// test runner down; the 600 s guard is a hang guard, far above the few seconds they take.
///
/// A failure lists each failing seed with its families and first message; reproduce one with
/// `vcsandbox-fuzz show --seed N > s.lua; vcsandbox-fuzz replay s.lua`, or shrink it with
/// `make fuzz` (which shrinks what fails).
struct FixedSeedTests {
    static let seeds: ClosedRange<UInt64> = 1...300

    @Test func fixedSeedsHoldEveryFamily() throws {
        let outcomes = try runBatch(Self.seeds)
        #expect(outcomes.count == Self.seeds.count, "only \(outcomes.count) seeds reported")
        let failing = outcomes.filter { !$0.violations.isEmpty }
        let report = failing.map { outcome in
            let first = outcome.violations[0]
            let families = outcome.families.map(\.rawValue).joined(separator: ", ")
            return "seed \(outcome.seed) [\(families)]: \(first.message.prefix { $0 != "\n" })"
        }
        #expect(
            failing.isEmpty, "\(failing.count) of \(Self.seeds.count) seeds fail:\n\(report.joined(separator: "\n"))")
    }

    /// Runs `seeds` in `vcsandbox-fuzz batch` and reads its outcomes; a seed the child did
    /// not finish (it crashed or hung) is an outcome of family crash or hang.
    private func runBatch(_ seeds: ClosedRange<UInt64>) throws -> [SeedOutcome] {
        try #require(
            FileManager.default.isExecutableFile(atPath: fuzzBinary.path),
            "no binary at \(fuzzBinary.path); run `swift build` first")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
        try Data().write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = fuzzBinary
        process.arguments = ["batch", "--from", String(seeds.lowerBound), "--count", String(seeds.count)]
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        let guardItem = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 600, execute: guardItem)
        process.waitUntilExit()
        guardItem.cancel()
        var outcomes: [SeedOutcome] = []
        var started: UInt64?
        for line in try String(contentsOf: output, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("start ") { started = UInt64(line.dropFirst(6)) }
            if line.hasPrefix("done "), let data = line.dropFirst(5).data(using: .utf8) {
                outcomes.append(try JSONDecoder().decode(SeedOutcome.self, from: data))
                started = nil
            }
        }
        if let started {
            let family: Family = process.terminationReason == .uncaughtSignal ? .crash : .hang
            let message = "the child \(family == .crash ? "crashed" : "was killed after 600 s") on this seed"
            outcomes.append(
                SeedOutcome(
                    seed: started, violations: [Violation(family: family, step: 0, message: message)],
                    counts: StepCounts()))
        }
        return outcomes
    }
}
