import Foundation
import Fuzzing

/// A failure shrunk: the family, what the shrunk script shows, and its two texts.
struct Finding: Codable {
    var seed: UInt64
    var family: Family
    /// The violation as the shrunk script shows it (the original's when shrinking failed).
    var violation: Violation
    var originalSteps: Int
    var steps: Int
    /// The shrunk script with the checks (`vcsandbox-fuzz replay FILE`).
    var checked: String
    /// The shrunk script with a witness, for `vcsandbox run FILE`.
    var standalone: String
    /// Whether `vcsandbox run` of `standalone` fails with the failure (nil: not tried in
    /// process, for a crash or a hang).
    var shows: Bool?
    /// How the standalone script ended under `vcsandbox run`.
    var plainFailure: String?
    var iosVersion: Int
}

/// `vcsandbox-fuzz shrink --seed S --family F`: shrinks the seed's scenario to the fewest
/// steps that still fail with the family, and renders it both ways. Every candidate runs
/// in a forked copy of this process (Forked.swift), so that one that crashes or hangs counts
/// as that and the shrink goes on.
func shrinkSeed(_ seed: UInt64, family: Family, seconds: Double) -> Finding? {
    let script = ScenarioGenerator.script(seed: seed)
    let isProcessFailure = family == .crash || family == .hang
    let original = isProcessFailure ? nil : forkedViolation(script, family, seconds: seconds)
    guard isProcessFailure || original != nil else { return nil }
    // The same failure, not just the same family: the first violation of the family keeps
    // its shape (names and numbers aside), or the process still crashes or hangs.
    let isFailing: (FuzzScript) -> Bool = { candidate in
        let keys = forkedKeys(candidate, seconds: seconds)
        return keys.contains(original.map(key(of:)) ?? family.rawValue)
    }
    guard isFailing(script) else { return nil }
    let budget = isProcessFailure ? 200 : Shrinker.defaultBudget
    let shrunk = Shrinker.shrink(script, seenAt: original?.step, budget: budget, isFailing: isFailing)
    let violation =
        forkedViolation(shrunk, family, seconds: seconds)
        ?? Violation(family: family, step: 0, message: "the scenario \(family == .crash ? "crashes" : "hangs")")
    let standalone = Witness.standaloneText(shrunk, showing: violation)
    var finding = Finding(
        seed: seed, family: family, violation: violation, originalSteps: script.steps.count,
        steps: shrunk.steps.count, checked: shrunk.checkedText, standalone: standalone, shows: nil,
        plainFailure: nil, iosVersion: script.iosVersion)
    let plain = forked(seconds: seconds) {
        FuzzRun.runPlain(text: standalone, iosVersion: script.iosVersion, file: "shrunk.lua") ?? ""
    }
    switch plain {
    case .output(let text):
        finding.plainFailure = text.isEmpty ? nil : text
        let marker = family == .escapedError ? ScenarioGenerator.plantedMarker : "fuzz witness"
        finding.shows = isProcessFailure ? false : text.contains(marker)
    case .crashed:
        finding.plainFailure = "the process crashed"
        finding.shows = family == .crash
    case .hung:
        finding.plainFailure = "the process hung"
        finding.shows = family == .hang
    }
    return finding
}

/// The first violation of `family` that `script` shows, run in a forked copy.
func forkedViolation(_ script: FuzzScript, _ family: Family, seconds: Double) -> Violation? {
    let encoded = forked(seconds: seconds) {
        guard let violation = FuzzRun.run(script).first(family),
            let data = try? JSONEncoder().encode(violation)
        else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
    guard case .output(let text) = encoded else { return nil }
    return try? JSONDecoder().decode(Violation.self, from: Data(text.utf8))
}
