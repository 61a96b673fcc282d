import Foundation
import Fuzzing

/// The failures of a run, grouped: by family, then by the shape of the first violation of
/// that family in each seed (names and numbers replaced), most seeds first.
struct FailureGroups {
    struct Group {
        var family: Family
        var shape: String
        var seeds: [UInt64]
        var example: Violation
    }

    var groups: [Group] = []

    init(_ outcomes: [SeedOutcome]) {
        var index: [String: Int] = [:]
        for outcome in outcomes {
            for family in outcome.families {
                let violation = outcome.first(family)!
                let key = family.rawValue + "\u{0}" + violation.shape
                if let position = index[key] {
                    groups[position].seeds.append(outcome.seed)
                } else {
                    index[key] = groups.count
                    groups.append(
                        Group(family: family, shape: violation.shape, seeds: [outcome.seed], example: violation))
                }
            }
        }
        groups.sort { ($0.family, -$0.seeds.count, $0.seeds[0]) < ($1.family, -$1.seeds.count, $1.seeds[0]) }
    }

    /// The seeds to shrink: the first `perGroup` seeds of each group, at most `total` in
    /// all, taken a family at a time so that every family is served before any gets a second.
    func representatives(perGroup: Int, total: Int) -> [(UInt64, Family)] {
        var queues: [[(UInt64, Family)]] = Family.allCases.map { family in
            let mine = groups.filter { $0.family == family }
            return (0..<perGroup).flatMap { round in
                mine.filter { round < $0.seeds.count }.map { ($0.seeds[round], family) }
            }
        }
        var chosen: [(UInt64, Family)] = []
        while chosen.count < total, queues.contains(where: { !$0.isEmpty }) {
            for index in queues.indices where !queues[index].isEmpty && chosen.count < total {
                let next = queues[index].removeFirst()
                if !chosen.contains(where: { $0 == next }) { chosen.append(next) }
            }
        }
        return chosen
    }
}

/// The summary `run` prints: what was checked, how much ran, what failed.
struct Summary {
    var outcomes: [SeedOutcome]
    var seconds: Double
    var jobs: Int
    var findings: [Finding]
    var folder: String?

    var text: String {
        var lines: [String] = []
        let first = outcomes.map(\.seed).min() ?? 0
        let last = outcomes.map(\.seed).max() ?? 0
        lines.append(
            "vcsandbox-fuzz: \(outcomes.count) seeds (\(first) to \(last)) on \(jobs) jobs in \(format(seconds)) s")
        lines.append("")
        lines.append("Families checked:")
        for family in Family.checked { lines.append("  \(pad(family.rawValue, 15)) \(family.summary)") }
        lines.append("")
        lines += operationLines
        lines.append("")
        lines += failureLines
        if !findings.isEmpty {
            lines.append("")
            lines += findingLines
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var operationLines: [String] {
        let counts = outcomes.reduce(StepCounts()) { $0 + $1.counts }
        return [
            "Operations: \(counts.steps) steps ran, \(counts.nested) of them from inside callbacks; "
                + "\(counts.raised) raised: \(counts.exceptions) UIKit exceptions, \(counts.usageErrors) usage errors, "
                + "\(counts.planted) errors planted in callbacks, \(counts.limits) stopped by a limit."
        ]
    }

    private var failureLines: [String] {
        let failing = outcomes.filter { !$0.violations.isEmpty }
        guard !failing.isEmpty else { return ["No failure: every family held in every seed."] }
        var lines = ["Seeds with failures: \(failing.count) of \(outcomes.count)."]
        let groups = FailureGroups(outcomes).groups
        for family in Family.allCases {
            let seeds = Set(outcomes.filter { $0.families.contains(family) }.map(\.seed))
            guard !seeds.isEmpty else { continue }
            lines.append("  \(family.rawValue): \(seeds.count) seeds")
            for group in groups where group.family == family {
                let examples = group.seeds.prefix(5).map(String.init).joined(separator: ", ")
                let shape = group.shape.split(separator: "\n").first.map(String.init) ?? ""
                lines.append("    \(group.seeds.count) × \(shape.prefix(160))  (seeds \(examples))")
            }
        }
        return lines
    }

    private var findingLines: [String] {
        var lines = ["Shrunk scripts" + (folder.map { " (written to \($0))" } ?? "") + ":"]
        for finding in findings {
            let shows: String
            switch finding.shows {
            case true?: shows = "`vcsandbox run` shows it"
            case false?: shows = "`vcsandbox run` does not show it; `vcsandbox-fuzz replay` does"
            case nil: shows = "run it to see the \(finding.family.rawValue)"
            }
            lines.append("")
            lines.append(
                "--- \(finding.family.rawValue), seed \(finding.seed): \(finding.steps) steps "
                    + "(from \(finding.originalSteps)); \(shows)")
            if let folder { lines.append("--- \(folder)/\(Self.fileName(finding))") }
            lines.append(finding.standalone)
        }
        return lines
    }

    static func fileName(_ finding: Finding) -> String {
        "\(finding.family.rawValue)-seed\(finding.seed).lua"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
