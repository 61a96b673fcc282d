import Foundation

/// One row of the closing table: a measure of issue 18, its goal, the figure, and whether
/// the figure meets the goal.
struct GoalRow {
    let measure: String
    let goal: String
    let measured: String
    let verdict: Verdict
}

/// Whether a figure meets its goal.
enum Verdict {
    case met
    case missed
    /// There is no figure to judge: what it needs is missing (busted, lua5.4), or a bound
    /// that does not decide.
    case unknown
    /// A figure without a goal, reported for the record.
    case reported
    /// The section could not measure: an error, printed on standard error.
    case failed

    init(_ met: Bool) {
        self = met ? .met : .missed
    }

    var word: String {
        switch self {
        case .met: "yes"
        case .missed: "NO"
        case .unknown: "?"
        case .reported: "-"
        case .failed: "FAILED"
        }
    }
}

/// Prints `rows` under `header` in columns padded to their widest cell, the columns in
/// `rightAligned` (figures) to the right.
///
/// ```
/// measure      goal    measured
/// -----------  ------  --------
/// start-up     ≤ 3×       9.8×
/// ```
func printTable(_ header: [String], _ rows: [[String]], rightAligned: Set<Int> = []) {
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
        let padded = cells.enumerated().map { column, cell in
            let padding = String(repeating: " ", count: widths[column] - cell.count)
            return rightAligned.contains(column) ? padding + cell : cell + padding
        }
        return "  " + padded.joined(separator: "  ").trimmingTrailingSpaces()
    }
    print(line(header))
    print(line(widths.map { String(repeating: "-", count: $0) }))
    for row in rows { print(line(row)) }
}

/// Prints the closing table: every goal of issue 18 with its figure from this run.
func printSummary(_ rows: [GoalRow]) {
    printHeading("Summary: the goals of issue 18")
    printTable(
        ["measure", "goal", "measured", "met?"], rows.map { [$0.measure, $0.goal, $0.measured, $0.verdict.word] })
    let goals = rows.filter { $0.verdict != .reported && $0.verdict != .failed }
    let met = goals.filter { $0.verdict == .met }.count
    let unknown = goals.filter { $0.verdict == .unknown }.count
    let failed = rows.filter { $0.verdict == .failed }.count
    print(
        "  \(met) of \(goals.count) goals met" + (unknown > 0 ? ", \(unknown) not measured" : "")
            + (failed > 0 ? "; \(failed) section(s) FAILED (see above)" : ""))
}

/// Prints a section's heading, a blank line before it.
func printHeading(_ title: String) {
    print("\n== \(title) " + String(repeating: "=", count: max(3, 88 - title.count)))
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `value` rounded to one decimal: `28.9`.
func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return String(rounded)
}

/// `value` to `digits` decimals: `format(0.0423, digits: 3)` is `0.042`.
func format(_ value: Double, digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}

/// A ratio as the tables show it: `2.9×`.
func ratio(_ value: Double) -> String {
    (value >= 100 ? String(Int(value.rounded())) : format(value, digits: value >= 10 ? 1 : 2)) + "×"
}

/// KiB as MiB with one decimal: `24.5 MiB`.
func mebibytes(_ kib: Int) -> String {
    format(Double(kib) / 1024) + " MiB"
}

/// An integer with thousands separated by commas: `1,000,008`.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
        let start = max(0, end - 3)
        return String(digits.dropFirst(start).prefix(end - start))
    }
    return (value < 0 ? "-" : "") + groups.joined(separator: ",")
}
