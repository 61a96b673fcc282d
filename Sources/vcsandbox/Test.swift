import ArgumentParser
import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

/// `vcsandbox test [PATH...]`: runs every `*.lua` scenario script under the paths and
/// reports each scenario; exit status 0 when all passed, 1 when any failed, 2 for bad paths.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run every scenario script under PATHs (default: scripts/).")

    @Argument(help: "Files or folders of scenario scripts.")
    var paths: [String] = ["scripts"]

    @Option(parsing: .unconditional, help: "The iOS behaviour profile, 8 to 26 (BEHAVIOR.md M-12).")
    var ios = 17

    func validate() throws {
        do { try Profile.validate(ios) } catch { throw ValidationError(String(describing: error)) }
    }

    func run() throws {
        let files = try discoverScripts(paths)
        var results: [ScenarioResult] = []
        for file in files {
            let source = try readScript(file)
            results += Session(profile: Profile(iosVersion: ios)).runScript(source: source, file: file).map(\.result)
        }
        let color = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        print(HumanReporter(color: color).report(results), terminator: "")
        if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
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
    guard !files.isEmpty else {
        printError("vcsandbox: no *.lua scenario scripts under \(paths.joined(separator: " "))")
        throw ExitCode(2)
    }
    return files
}
