import ArgumentParser
import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

/// `vcsandbox test [PATH...]`: runs every `*.lua` scenario script under the paths, each
/// scenario a test case, and reports them; exit status 0 when all passed, 1 when any failed,
/// 2 for a usage or I/O error (SPEC §2).
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run every scenario script under PATHs (default: scripts/).")

    @Argument(help: "Files or folders of scenario scripts.")
    var paths: [String] = ["scripts"]

    @Option(help: "Run only the scenarios whose `file: name` contains PATTERN.")
    var filter: String?

    @Option(name: [.customLong("jobs"), .customShort("j")], help: "Run scripts on N workers (default: the number of cores).")
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
            filter: filter, jobs: jobs, record: record, accept: accept, unsafe: lua.unsafe, limits: .standard(seconds: timeout), iosVersion: lua.ios)
        let reports = runBatch(files, options)
        for note in reports.flatMap(\.notes) { printError(note) }
        let results = reports.flatMap(\.results)
        if results.isEmpty, let filter { printError("vcsandbox: no scenario matches --filter \(filter)") }
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
        if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

extension ReportFormat: ExpressibleByArgument {}

/// `--shard I/N`: the scripts whose position in the sorted list, counted from 0, leaves the
/// remainder I-1 when divided by N. A script's scenarios stay together, since they share
/// its top level (D-39).
struct Shard: ExpressibleByArgument {
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
              (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    func select(_ files: [String]) -> [String] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

/// The `.lua` files at or under `paths`, each folder's files sorted; exit status 2 for a
/// path that does not exist or holds no script.
func discoverScripts(_ paths: [String]) throws -> [String] {
    var files: [String] = []
    for path in paths {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            printError("vcsandbox: \(path): no such file or folder")
            throw ExitCode(2)
        }
        guard isFolder.boolValue else {
            files.append(path)
            continue
        }
        let found = (FileManager.default.subpaths(atPath: path) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
        files += found.map { (path.hasSuffix("/") ? path : path + "/") + $0 }
    }
    var seen = Set<String>()
    files = files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    guard !files.isEmpty else {
        printError("vcsandbox: no *.lua scenario scripts under \(paths.joined(separator: " "))")
        throw ExitCode(2)
    }
    return files
}

/// `--timeout`: positive, and at most a day (the watchdog measures it with a clock that a
/// larger number would overflow).
func validateTimeout(_ seconds: Double) throws {
    guard seconds > 0, seconds <= 86_400 else {
        throw ValidationError("--timeout must be a number of seconds above 0 and at most 86400")
    }
}
