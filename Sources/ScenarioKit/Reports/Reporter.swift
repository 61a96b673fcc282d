/// A layout for the results of `vcsandbox test`: turns them into one text (SPEC §2).
///
/// A reporter is a pure function of the results, in the order given: it reads no clock and
/// no environment, so the caller sorts the results once and every format is deterministic
/// apart from the timing fields it chooses to show.
///
/// ```
/// $ vcsandbox test scripts/nav --reporter tap
/// TAP version 13
/// 1..1
/// ok 1 - scripts/nav/push.lua: push then pop
/// # 1 passed, 0 failed
/// ```
public protocol Reporter {
    /// The whole report, ending with a newline.
    func report(_ results: [ScenarioResult]) -> String
}

extension HumanReporter: Reporter {}

/// The values of `vcsandbox test --reporter`, each naming one report layout.
///
/// The raw values are the spellings on the command line, and `allCases` lists them in the
/// order a usage message should show them.
///
/// ```
/// $ vcsandbox test --reporter junit --output report.xml
/// ```
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Lines with ✓ and ✗ for a person at a terminal (`HumanReporter`).
    case human
    /// Test Anything Protocol, version 13 (`TAPReporter`).
    case tap
    /// JUnit XML for CI test reports (`JUnitReporter`).
    case junit
    /// One JSON document for other programs (`JSONReporter`).
    case json
    /// One self-contained page for a browser, each failure's trace drawn (`HTMLReporter`).
    case html

    /// The reporter for this format; only the human one uses `color`, the others are files.
    public func reporter(color: Bool) -> any Reporter {
        switch self {
        case .human: HumanReporter(color: color)
        case .tap: TAPReporter()
        case .junit: JUnitReporter()
        case .json: JSONReporter()
        case .html: HTMLReporter()
        }
    }

    /// Whether the report draws the trace of each failed scenario, which the run must then
    /// keep in its results (`ScenarioResult.diagram`).
    public var drawsFailures: Bool { self == .html }
}

extension Array where Element == ScenarioResult {
    /// How many of the results passed.
    var passedCount: Int { count(where: \.passed) }

    /// How many of the results failed a check, raised or ran into a limit.
    var failedCount: Int { count(where: { $0.failureKind == .failed }) }

    /// How many of the results did not pass for a failure of any kind: a failed check, or a
    /// run that wrote the scenario's files (`recorded`, `accepted`). What JUnit's `failures`
    /// and JSON's `failed` count, so that a recording run is never green there (D-72).
    var notPassedCount: Int { count(where: \.failed) }

    /// How many of the results were not run (skipped or to do).
    var skippedCount: Int { count(where: { !$0.failed && $0.notRun != nil }) }

    /// `N passed, N failed`, then `, N recorded` and `, N accepted` when a run wrote files
    /// (D-72), and `, N skipped` when any was not run (D-78): every report's totals.
    var totalsText: String {
        totals.map { "\($0.count) \($0.name)" }.joined(separator: ", ")
    }

    /// The parts of `totalsText`, each a count and its name: `passed` and `failed` always,
    /// `recorded`, `accepted` and `skipped` only when there are any.
    var totals: [(count: Int, name: String)] {
        let written = [Failure.Kind.recorded, .accepted].map { kind in
            (count: count(where: { $0.failureKind == kind }), name: kind.rawValue)
        }
        let optional = written + [(count: skippedCount, name: "skipped")]
        return [(passedCount, "passed"), (failedCount, "failed")] + optional.filter { $0.count > 0 }
    }

    /// The results grouped by file, files in the order of their first result: a JUnit
    /// suite, or a section of the HTML report.
    var byFile: [(file: String, results: [ScenarioResult])] {
        var groups: [(file: String, results: [ScenarioResult])] = []
        var position: [String: Int] = [:]
        for result in self {
            if let index = position[result.file] {
                groups[index].results.append(result)
            } else {
                position[result.file] = groups.count
                groups.append((result.file, [result]))
            }
        }
        return groups
    }

    /// The sum of the wall-clock times, added in order so that it is reproducible.
    var totalSeconds: Double { reduce(0) { $0 + $1.seconds } }
}

/// Numbers with a fixed count of decimals, written without Foundation or a locale.
///
/// Reports must not change with the machine's language settings (no decimal comma) nor
/// switch to exponent notation for tiny times, which `Double.description` does.
enum FixedDecimal {
    /// `value` rounded to `places` decimals, e.g. `text(0.0004, places: 6) == "0.000400"`.
    ///
    /// Negative, infinite and NaN values, which no duration should be, are written as zero.
    static func text(_ value: Double, places: Int) -> String {
        let places = Swift.max(0, Swift.min(places, 9))
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = value.isFinite && value > 0 ? (value * Double(scale)).rounded() : 0
        let units = Int(Swift.min(scaled, 9e15))
        let whole = String(units / scale)
        guard places > 0 else { return whole }
        let fraction = String(units % scale)
        return whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
