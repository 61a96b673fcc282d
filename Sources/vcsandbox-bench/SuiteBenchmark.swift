import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `vcsandbox test` over a generated suite, timed end to end through the real release binary.
///
/// Every run is checked before it counts: exit status 0, and a JSON report whose `passed`
/// equals the scenarios generated. The rate keeps the best wall time of the runs (process
/// start and the report included); the memory keeps the highest peak, each the child's own.
///
/// ```
/// test suite of 1000 files (1150 scenarios), -j 1: 1234 scenarios/s, peak memory 45.2 MiB
/// ```
struct SuiteBenchmark {
    let suite: GeneratedSuite
    let binary: String
    /// The temporary folder: the scripts under `suite/`, the report, the child's output.
    let folder: URL

    private var scripts: URL { folder.appendingPathComponent("suite") }
    private var report: URL { folder.appendingPathComponent("report.json") }
    private var log: URL { folder.appendingPathComponent("output.txt") }

    /// The best wall time and the highest peak resident memory of `runs` checked runs.
    func measure(jobs: Int, runs: Int = 3) throws -> (seconds: Double, peakKiB: Int) {
        var best = (seconds: Double.infinity, peakKiB: 0)
        for _ in 0..<runs {
            let run = try checkedRun(jobs: jobs)
            best = (min(best.seconds, run.seconds), max(best.peakKiB, run.peakKiB))
        }
        return best
    }

    /// One run of `vcsandbox test <suite> --reporter json --output <report> -j jobs`, checked.
    private func checkedRun(jobs: Int) throws -> ChildRun {
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
        guard passed != suite.scenarioCount || failed != 0 else { return }
        let scenarios = object["scenarios"] as? [[String: Any]] ?? []
        let first = scenarios.first { $0["status"] as? String != "passed" }.map(Self.describe) ?? "none"
        throw BenchFailure(
            "expected \(suite.scenarioCount) passed, the report has \(passed) passed "
                + "and \(failed) failed; the first failure: \(first)")
    }

    /// `file: name: message` for a scenario object of the JSON report.
    private static func describe(_ scenario: [String: Any]) -> String {
        let failure = scenario["failure"] as? [String: Any]
        return "\(scenario["file"] ?? "?"): \(scenario["name"] ?? "?"): \(failure?["message"] ?? "?")\n"
            + "\(failure?["details"] ?? "")"
    }
}

/// Generates a suite of `fileCount` scripts in a fresh temporary folder, measures it with
/// `-j 1` and with `-j` the number of cores, deletes the folder, and returns a line of
/// figures for each.
///
/// Call it before anything else grows the bench: a child's peak memory can only be told
/// when it is above the memory the bench holds when it forks (see `runChild`). `vcsandbox` must be built in release
/// beside this executable (`make bench` does it). Any failure is printed to standard error
/// and ends the bench with status 1.
func suiteFigures(fileCount: Int) -> [String] {
    do {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = GeneratedSuite(fileCount: fileCount)
        try suite.write(to: folder.appendingPathComponent("suite"))
        let bench = SuiteBenchmark(suite: suite, binary: try siblingExecutable("vcsandbox"), folder: folder)
        return try Set([1, ProcessInfo.processInfo.activeProcessorCount]).sorted().map { jobs in
            let (seconds, peakKiB) = try bench.measure(jobs: jobs)
            let rate = Int(Double(suite.scenarioCount) / seconds)
            return "test suite of \(fileCount) files (\(suite.scenarioCount) scenarios), -j \(jobs): "
                + "\(rate) scenarios/s, peak memory \(format(Double(peakKiB) / 1024)) MiB"
        }
    } catch {
        FileHandle.standardError.write(Data("vcsandbox-bench: \(error)\n".utf8))
        exit(1)
    }
}

/// A new, empty folder of this process's own under the system's temporary folder.
func makeTemporaryFolder() throws -> URL {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("vcsandbox-bench.XXXXXX")
    var path = Array(template.path.utf8CString)
    guard mkdtemp(&path) != nil else {
        throw BenchFailure("cannot make a temporary folder: \(String(cString: strerror(errno)))")
    }
    let made = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return URL(fileURLWithPath: made, isDirectory: true)
}

/// The path of executable `name` in this executable's own folder (.build/release).
func siblingExecutable(_ name: String) throws -> String {
    let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let path = own.deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw BenchFailure(
            "no \(name) beside the bench at \(path): build it with "
                + "`swift build -c release --product \(name)` (`make bench` does)")
    }
    return path
}
