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
        name: [.customLong("jobs"), .customShort("j")], help: "Run scripts on N workers (default: the number of cores)."
    )
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "The report's format: human, tap, junit or json.")
    var reporter: ReportFormat = .human

    @Option(help: "Write the report to FILE instead of standard output.")
    var output: String?

    @Flag(help: "Write each script's golden .trace file instead of comparing with it.")
    var record = false

    @Flag(help: "Rewrite failing inline expect [[…]] blocks with the actual trace.")
    var accept = false

    @Option(help: "Run only the I-th of N deterministic shards of the scripts (I/N, from 1/N).")
    var shard: Shard?

    @Option(help: "Each scenario's wall-clock limit in seconds.")
    var timeout: Double = 10

    @OptionGroup var lua: SessionOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        try validateTimeout(timeout)
    }

    func run() throws {
        var files = try discoverScripts(paths)
        if let shard { files = shard.select(files) }
        let options = BatchOptions(
            filter: ScenarioFilter(filter), jobs: jobs, record: record, accept: accept, unsafe: lua.unsafe,
            limits: .standard(seconds: timeout), iosVersion: lua.ios)
        let reports = runBatch(files, options)
        for note in reports.flatMap(\.notes) { printError(note) }
        let results = reports.flatMap(\.results)
        let unmatched = ScenarioFilter(filter).unmatched(by: results.map(\.title))
        let toTerminal = output == nil && isatty(STDOUT_FILENO) != 0
        let color = toTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let text = reporter.reporter(color: color).report(results)
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
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
    func kind(at path: String) -> FileKind? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        return isFolder.boolValue ? .folder : .file
    }

    func subpaths(of folder: String) -> [String] {
        FileManager.default.subpaths(atPath: folder) ?? []
    }

    /// The absolute path with `.` and `..` resolved.
    func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// `--timeout`: positive, and at most a day (the watchdog measures it with a clock that a
/// larger number would overflow).
func validateTimeout(_ seconds: Double) throws {
    guard seconds > 0, seconds <= 86_400 else {
        throw ValidationError("--timeout must be a number of seconds above 0 and at most 86400")
    }
}
