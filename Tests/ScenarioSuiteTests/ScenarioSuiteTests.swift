import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit
import Testing

/// The shipped scenario suite as a Swift test: every script under `scripts/` runs through
/// the Lua binding as `vcsandbox test` runs it (golden `.trace` files included, and every
/// scenario must check something), and the hierarchy's invariants are checked after every
/// run-loop turn of every scenario.
///
/// A failure names the script, the scenario, and the controllers; to see a scenario's
/// trace, run `swift run vcsandbox run SCRIPT --trace`.
@Suite("Shipped scenarios")
struct ScenarioSuiteTests {
    @Test("the suite finds the shipped scripts")
    func findsScripts() {
        #expect(ScriptRun.all.count > 1, "no scripts under \(packageRoot.path)/scripts")
    }

    @Test(
        "a shipped script passes, golden trace included, checks something, and keeps the invariants after every turn",
        arguments: ScriptRun.all)
    func shippedScript(_ run: ScriptRun) throws {
        let source = try String(contentsOf: packageRoot.appendingPathComponent(run.file), encoding: .utf8)
        let session = Session(profile: Profile(iosVersion: run.iosVersion))
        let watch = InvariantWatch(session, file: run.file)
        let outcomes = session.runScript(source: source, file: run.file)
        #expect(!outcomes.isEmpty, "\(run.file) ran no scenario")
        for outcome in outcomes {
            if let failure = outcome.result.failure {
                Issue.record(Comment(rawValue: describe(failure, of: outcome, run)))
            }
        }
        for (outcome, failure) in try judgedFailures(of: outcomes, run) {
            Issue.record(Comment(rawValue: describe(failure, of: outcome, run)))
        }
        for violation in watch.violations {
            Issue.record(Comment(rawValue: "\(run.testDescription): an invariant broke in \(violation)"))
        }
    }

    /// The passing scenarios that differ from the script's golden trace, when it has one,
    /// and those that checked nothing, judged as `vcsandbox test` judges them (ScenarioKit's
    /// `GoldenFilePolicy` and `CheckRequirement`).
    private func judgedFailures(of outcomes: [ScenarioOutcome], _ run: ScriptRun) throws -> [(ScenarioOutcome, Failure)]
    {
        let policy = GoldenFilePolicy(script: run.file, mode: .compare)
        let url = packageRoot.appendingPathComponent(policy.path)
        let existing =
            FileManager.default.fileExists(atPath: url.path) ? try String(contentsOf: url, encoding: .utf8) : nil
        var results = outcomes.map(\.result)
        let golden = policy.judge(results, traces: { outcomes[$0].comparedLines }, existing: existing)
        results.failPassing(golden.failures)
        results.failPassing(
            CheckRequirement.judge(results, checks: outcomes.map(\.checks), golden: golden.checked).failures)
        return zip(outcomes, results).compactMap { outcome, result in
            outcome.result.passed ? result.failure.map { (outcome, $0) } : nil
        }
    }

    /// `scripts/x.lua: scenario "name" failed: scripts/x.lua:12: message`, then the details.
    private func describe(_ failure: Failure, of outcome: ScenarioOutcome, _ run: ScriptRun) -> String {
        let head = "\(run.testDescription): scenario \"\(outcome.result.name)\" failed: \(failure.headline)"
        return failure.details.isEmpty ? head : head + "\n" + failure.details
    }
}
