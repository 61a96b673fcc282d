import ArgumentParser
import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

/// `vcsandbox test [PATH...]`: runs every `*.lua` scenario script under the paths, each
/// scenario a test case, and reports them; exit status 0 when all passed, 1 when any failed,
/// 2 for a usage or I/O error (SPEC §2).
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every scenario script under PATHs (default: scripts/).")

    @Argument(help: "Files or folders of scenario scripts.")
    var paths: [String] = ["scripts"]

    @Option(
        help: ArgumentHelp(
            "Run only the scenarios whose `file: name` contains PATTERN; repeat it to add patterns.",
            discussion: "Each pattern must select at least one scenario (outside --shard), else the run exits 2.",
            valueName: "pattern"))
    var filter: [String] = []

    @Option(
        help: ArgumentHelp(
            "Skip the scenarios whose `file: name` contains PATTERN; repeat it to add patterns.",
            valueName: "pattern"))
    var exclude: [String] = []

    @Flag(help: "List the scenarios that would run (`file: name`, one a line) without running them.")
    var list = false

    @Flag(help: "Start no script after one has failed; the scripts not run are counted.")
    var failFast = false

    @Flag(help: "Run the scripts in a random order; the report says the seed that replays it.")
    var shuffle = false

    @Option(help: "Shuffle with this seed (implies --shuffle): the same seed gives the same order.")
    var seed: UInt64?

    @Option(name: .customLong("repeat"), help: "Run the selection N times in a row (to find a flaky scenario).")
    var repetitions = 1

    @Option(
        name: [.customLong("jobs"), .customShort("j")], help: "Run scripts on N workers (default: the number of cores)."
    )
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "The report's format: human, tap, junit, json or html (one page, each failure's trace drawn).")
    var reporter: ReportFormat = .human

    @Option(help: "Write the report to FILE instead of standard output.")
    var output: String?

    @Flag(help: "Write each script's golden .trace file instead of comparing with it.")
    var record = false

    @Flag(help: "Rewrite failing inline expect [[…]] blocks with the actual trace.")
    var accept = false

    @Option(help: "Run only the I-th of N deterministic shards of the scripts (I/N, from 1/N).")
    var shard: Shard?

    // Unconditional, so that `--timeout -1` is read as a value and refused with the range.
    @Option(parsing: .unconditional, help: "Each scenario's wall-clock limit in seconds.")
    var timeout: Double = 10

    @OptionGroup var lua: SessionOptions

    /// Whether the suite's `.vcsandbox` defaults are already in these options.
    var hasDefaults = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if repetitions > 1, record || accept {
            throw ValidationError(
                "--repeat runs scripts more than once, so it cannot be given with --record or --accept")
        }
        try validateTimeout(timeout)
    }

    func run() throws {
        if !hasDefaults, let (file, defaults) = try suiteDefaults() {
            var withDefaults: Test
            do {
                withDefaults = try Test.parse(defaults + Test.commandLine)
            } catch {
                printError("vcsandbox: \(file): " + Test.message(for: error))
                throw ExitCode(2)
            }
            withDefaults.hasDefaults = true
            return try withDefaults.run()
        }
        var files = try discoverScripts(paths)
        if let shard { files = shard.select(files) }
        let scenarioFilter = ScenarioFilter(filter, excluding: exclude)
        if list { return try listScenarios(files, scenarioFilter) }
        if shuffle || seed != nil {
            let seed = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
            files = SeededOrder(seed: seed).shuffled(files)
            printError("vcsandbox: scripts shuffled with --seed \(seed)")
        }
        files = Array(repeating: files, count: repetitions).flatMap { $0 }
        var options = BatchOptions(
            filter: scenarioFilter, jobs: jobs, record: record, accept: accept, unsafe: lua.unsafe,
            limits: .standard(seconds: timeout), iosVersion: lua.ios)
        options.stopsAfterFailure = failFast
        options.suites = paths.filter { DiskListing().kind(at: $0) == .folder }
        options.drawsFailures = reporter.drawsFailures
        let reports: [ScriptReport]
        do {
            reports = try runBatch(files, options)
        } catch {
            printError("vcsandbox: \(error)")
            throw ExitCode(2)
        }
        for note in reports.flatMap(\.notes) { printError(note) }
        let notRun = reports.count { !$0.wasRun }
        if notRun > 0 {
            printError(
                "vcsandbox: --fail-fast: \(notRun) \(notRun == 1 ? "script was" : "scripts were") not run after a failure"
            )
        }
        let results = reports.flatMap(\.results)
        let offered = reports.flatMap(\.offered) + results.map(\.title)
        let unmatched = notRun > 0 ? [] : ScenarioFilter(filter).unmatched(by: offered)
        let unusedExclusions = notRun > 0 ? [] : ScenarioFilter(exclude).unmatched(by: offered)
        for pattern in unusedExclusions {
            printError("vcsandbox: note: --exclude \"\(pattern)\" matched no scenario")
        }
        let toTerminal = output == nil && isatty(STDOUT_FILENO) != 0
        let color = toTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let text = reporter.reporter(color: color).report(results)
        if let output {
            guard (try? writeReplacingOnlyRegularFiles(text, to: output)) != nil else {
                printError("vcsandbox: cannot write the report to \(output)")
                throw ExitCode(2)
            }
            printError(HumanReporter(color: false).totals(results))
        } else {
            print(text, terminator: "")
        }
        if !unmatched.isEmpty { try refuse(unmatched, files: files) }
        if reports.contains(where: { !$0.written.isEmpty }) { try failWritten() }
        if results.contains(where: \.failed) { throw ExitCode(1) }
    }

    /// The arguments of `vcsandbox test` as typed, after the subcommand's name.
    static var commandLine: [String] {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let start = arguments.firstIndex(of: "test") else { return arguments }
        return Array(arguments[(start + 1)...])
    }

    /// The options of the first `.vcsandbox` file in a folder among `paths`, or nil when
    /// there is none (a suite's defaults, which the command line's options follow).
    private func suiteDefaults() throws -> (file: String, arguments: [String])? {
        for path in paths {
            let file = (path.hasSuffix("/") ? path : path + "/") + SuiteDefaults.fileName
            if let refusal = FolderBoundary(folder: path, role: .suite).refusal(of: file) {
                printError("vcsandbox: refused: " + refusal)
                throw ExitCode(2)
            }
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            do {
                return (file, try SuiteDefaults.arguments(in: String(decoding: data, as: UTF8.self), file: file))
            } catch {
                printError("vcsandbox: \(error)")
                throw ExitCode(2)
            }
        }
        return nil
    }

    /// `--list`: each scenario that would run, `file: name`, without running any (a
    /// skipped or to-do one marked so). A script's top level runs (it is what declares the
    /// scenarios); no scenario does. A script whose top level fails is listed with its
    /// failure on standard error, and the listing exits 1.
    private func listScenarios(_ files: [String], _ filter: ScenarioFilter) throws {
        var listed: [String] = []
        var broken = false
        let suites = paths.filter { DiskListing().kind(at: $0) == .folder }
        for file in files {
            if let refusal = scriptRefusal(file, suites: suites) {
                printError("vcsandbox: \(file) cannot be listed: " + refusal)
                broken = true
                continue
            }
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let session = Session(profile: lua.profile, unsafe: lua.unsafe, limits: .standard(seconds: timeout))
            let declared = session.declaredScenarios(source: String(decoding: data, as: UTF8.self), file: file)
            if let failure = declared.failure {
                printError("vcsandbox: \(file) cannot be listed: \(failure.headline)")
                broken = true
            }
            for scenario in declared.scenarios where filter.selects("\(file): \(scenario.name)") {
                let mark = scenario.notRun.map { " (\($0.words))" } ?? ""
                print("\(file): \(scenario.name)".visibleLine + mark)
                listed.append("\(file): \(scenario.name)")
            }
        }
        let unmatched = filter.unmatched(by: listed)
        if !unmatched.isEmpty { try refuse(unmatched, files: files) }
        if broken { throw ExitCode(1) }
    }

    /// Fails a run that wrote files, as swift-snapshot-testing fails a recording run: what
    /// it wrote was not checked, so a CI job that carries the flag by mistake cannot stay
    /// green (D-72).
    private func failWritten() throws {
        let flags = [record ? "--record" : nil, accept ? "--accept" : nil].compactMap { $0 }.joined(separator: " and ")
        printError(
            "vcsandbox: \(flags) wrote files instead of checking them, so the run fails; re-run without \(flags)")
        throw ExitCode(1)
    }

    /// Says which `--filter` patterns selected nothing; exits 2, except under `--shard`,
    /// whose other shards may hold what they select (D-70).
    private func refuse(_ unmatched: [String], files: [String]) throws {
        let message = ScenarioFilter.message(unmatched: unmatched, files: files)
        guard shard == nil else {
            return printError("vcsandbox: note: in this shard, " + message)
        }
        printError("vcsandbox: " + message)
        throw ExitCode(2)
    }
}

extension ReportFormat: ExpressibleByArgument {}

/// `--shard I/N`, read by ScenarioKit's `Shard`.
extension Shard: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

/// The scripts at or under `paths`, as ScenarioKit's `ScriptDiscovery` finds them on the
/// disk; exit status 2 for a path that does not exist or holds no script.
func discoverScripts(_ paths: [String]) throws -> [String] {
    do {
        return try ScriptDiscovery.scripts(at: paths, in: DiskListing())
    } catch {
        printError("vcsandbox: \(error)")
        throw ExitCode(2)
    }
}

/// The disk as script discovery reads it, through `FileManager`.
struct DiskListing: ScriptListing {
    let currentFolder = FileManager.default.currentDirectoryPath

    func kind(at path: String) -> FileKind? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        return isFolder.boolValue ? .folder : .file
    }

    func subpaths(of folder: String) -> [String] {
        FileManager.default.subpaths(atPath: folder) ?? []
    }

    /// The absolute path with `.` and `..` resolved, read from the text alone.
    func identity(of path: String) -> String {
        PathText.identity(of: path, currentFolder: currentFolder)
    }
}

/// `--timeout`: positive, and at most a day (the watchdog measures it with a clock that a
/// larger number would overflow).
func validateTimeout(_ seconds: Double) throws {
    guard seconds > 0, seconds <= 86_400 else {
        throw ValidationError("--timeout must be a number of seconds above 0 and at most 86400")
    }
}
