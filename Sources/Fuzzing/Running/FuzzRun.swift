import HierarchyEngine
import LuaBinding

/// What one fuzzed scenario found: its violations, first seen first, and how its steps went.
public struct SeedOutcome: Sendable, Codable, Equatable {
    public var seed: UInt64
    public var violations: [Violation]
    public var counts: StepCounts

    public init(seed: UInt64, violations: [Violation], counts: StepCounts) {
        self.seed = seed
        self.violations = violations
        self.counts = counts
    }

    /// The families that failed, in the summary's order.
    public var families: [Family] { Array(Set(violations.map(\.family))).sorted() }

    /// The first violation of `family`.
    public func first(_ family: Family) -> Violation? { violations.first { $0.family == family } }
}

/// Runs checked scripts in sessions of their own.
public enum FuzzRun {
    /// What a fuzzed scenario may spend: far more than any needs, so that only a runaway
    /// reaches it; the clock is a long hang guard, never a race.
    public static let limits = Limits(
        instructions: 50_000_000, memoryBytes: 64 << 20, callbackDepth: 64, seconds: 60)

    /// Generates the scenario of `seed` and runs it with the checks.
    public static func run(seed: UInt64) -> SeedOutcome {
        run(ScenarioGenerator.script(seed: seed))
    }

    /// Runs `script` with the checks (and a test's `plantedCheck`).
    public static func run(_ script: FuzzScript, plantedCheck: ((World) -> String?)? = nil) -> SeedOutcome {
        let (violations, counts) = run(
            text: script.checkedText, iosVersion: script.iosVersion, file: "seed-\(script.seed).lua",
            plantedCheck: plantedCheck)
        return SeedOutcome(seed: script.seed, violations: violations, counts: counts)
    }

    /// Runs the text of a checked script (`vcsandbox-fuzz replay`): its violations, and a
    /// failure of the script itself sorted into its family.
    public static func run(
        text: String, iosVersion: Int, file: String, plantedCheck: ((World) -> String?)? = nil
    ) -> (violations: [Violation], counts: StepCounts) {
        let harness = FuzzHarness(plantedCheck: plantedCheck)
        // The session lives only in this closure, so that it is gone when the leak check runs.
        let failure: String? = {
            let session = Session(profile: Profile(iosVersion: iosVersion), limits: limits)
            session.endsDroppedWorlds = false  // the leak check judges the engine's own links
            harness.install(into: session)
            return session.runScript(source: text, file: file).first?.result.failure?.message
        }()
        if let failure { harness.recordScriptFailure(failure) }
        harness.checkNothingOutlived()
        return (harness.violations, harness.counts)
    }

    /// Runs a script with no checks at all, as `vcsandbox run` does: the failure it ends
    /// with, if any (how a shrunk script is shown to reproduce on its own).
    public static func runPlain(text: String, iosVersion: Int, file: String) -> String? {
        let session = Session(profile: Profile(iosVersion: iosVersion), limits: limits)
        let outcomes = session.runScript(source: text, file: file)
        return outcomes.first?.result.failure.map {
            [$0.location, $0.message].compactMap { $0 }.joined(separator: ": ")
        }
    }
}

extension FuzzHarness {
    /// Sorts the error that ended a checked script: a limit is a hang, a planted error one
    /// that escaped every `pcall`, anything else the fuzzer's own bug.
    func recordScriptFailure(_ message: String) {
        guard !message.contains(FuzzAbort.marker) else { return }
        switch ErrorClass(message) {
        case .limit: record(.hang, "the scenario ran into a limit: \(message)")
        case .planted, .depthLimit:
            record(.escapedError, "an error kept from a callback ended the script, outside every pcall: \(message)")
        default: record(.scriptError, "the generated script failed outside its steps: \(message)")
        }
    }
}
