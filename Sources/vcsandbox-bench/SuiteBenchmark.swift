import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vcsandbox test` over a generated suite, timed end to end through the real release binary.
///
/// Every run is checked before it counts: exit status 0, and a JSON report whose `passed`
/// equals the scenarios generated. A figure keeps the best wall time of the runs (process
/// start and the report included) and the highest peak memory, each the child's own.
///
/// ```
/// vcsandbox test -j 1   0.312 s   3686 scenarios/s   peak 24.5 MiB
/// ```
struct SuiteBenchmark {
    /// The folder of scripts and how many scenarios they hold.
    let scripts: URL
    let scenarioCount: Int
    let binary: String
    /// The temporary folder: the report, the child's output.
    let folder: URL

    private var report: URL { folder.appendingPathComponent("report.json") }
    private var log: URL { folder.appendingPathComponent("output.txt") }

    /// One run of `vcsandbox test <scripts> --reporter json --output <report> -j jobs`, checked.
    func checkedRun(jobs: Int) throws -> ChildRun {
        try? FileManager.default.removeItem(at: report)
        let arguments = ["test", scripts.path, "--reporter", "json", "--output", report.path, "-j", "\(jobs)"]
        let run = try runChild(binary, arguments, log: log.path)
        if run.status != 0 {
            try checkReport()  // names the first failing scenario, when there is a report
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw BenchFailure("`vcsandbox \(arguments.joined(separator: " "))` exited with \(run.status):\n\(output)")
        }
        try checkReport()
        return run
    }

    /// Throws unless the JSON report says every generated scenario passed.
    private func checkReport() throws {
        guard let data = try? Data(contentsOf: report),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let passed = object["passed"] as? Int, let failed = object["failed"] as? Int
        else { throw BenchFailure("\(report.path) is missing or is not a JSON report") }
        guard passed != scenarioCount || failed != 0 else { return }
        let scenarios = object["scenarios"] as? [[String: Any]] ?? []
        let first = scenarios.first { $0["status"] as? String != "passed" }.map(Self.describe) ?? "none"
        throw BenchFailure(
            "expected \(scenarioCount) passed, the report has \(passed) passed "
                + "and \(failed) failed; the first failure: \(first)")
    }

    /// `file: name: message` for a scenario object of the JSON report.
    private static func describe(_ scenario: [String: Any]) -> String {
        let failure = scenario["failure"] as? [String: Any]
        return "\(scenario["file"] ?? "?"): \(scenario["name"] ?? "?"): \(failure?["message"] ?? "?")\n"
            + "\(failure?["details"] ?? "")"
    }
}

/// busted over a folder of specs, run by `lua5.4` (whatever `lua` the system points to),
/// each run checked: exit status 0 and a summary counting every `it` a success.
///
/// ```
/// 1150 successes / 0 failures / 0 errors / 0 pending : 2.311506 seconds
/// ```
struct BustedRunner {
    let lua: String
    let busted: String

    /// The runner when both `lua5.4` and `busted` are installed; nil otherwise (`make bench`
    /// installs them when it can).
    static func find() -> BustedRunner? {
        guard let lua = executableInPath("lua5.4"), let busted = executableInPath("busted") else { return nil }
        return BustedRunner(lua: lua, busted: busted)
    }

    /// One run of `lua5.4 busted <specs>`, its output in `log`, checked to pass `count` tests.
    func checkedRun(specs: URL, count: Int, log: URL) throws -> ChildRun {
        let run = try runChild(lua, [busted, specs.path], log: log.path)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard run.status == 0, output.contains("\(count) successes / 0 failures / 0 errors") else {
            throw BenchFailure(
                "busted on \(specs.path) exited with \(run.status), expected \(count) successes:\n"
                    + output.suffix(2_000))
        }
        return run
    }
}
