import ArgumentParser
import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

/// The `vcsandbox` command: run one script, or test many (SPEC §2).
@main
struct VCSandbox: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcsandbox",
        abstract: "A headless model of UIKit's view-controller hierarchy, driven by Lua scenario scripts.",
        discussion: """
            Without a subcommand, vcsandbox starts an interactive session (repl) at a terminal, and \
            otherwise runs the script read from standard input.

              vcsandbox run scripts/containment/A-2-add-child-to-visible-parent.lua --trace
              vcsandbox test scripts
            """,
        version: "\(number) (\(luaVersion); default profile iOS \(Profile().iosVersion))",
        subcommands: [
            Run.self, Test.self, Repl.self, StoryboardCommand.self, TypesCommand.self, RulesCommand.self,
            TestWorker.self,
        ])

    /// The release's number, which `make dist` names its tarball after.
    static let number = "0.1.0"

    func run() throws {
        guard isatty(STDIN_FILENO) == 0 else {
            return try Repl.parse([]).run()
        }
        let command = try Run.parse(["-"])
        try command.run()
    }

    /// Parses and runs the command; usage errors exit with status 2, as SPEC §2 says.
    static func main() {
        if let script = ScriptRun.quick(Array(CommandLine.arguments.dropFirst())) {
            do {
                try script.run()
            } catch let code as ExitCode {
                Foundation.exit(code.rawValue)
            } catch {
                exit(withError: error)
            }
            return
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Writes a line to standard error, its control characters written out (`visibleText`,
/// D-90): a message may quote a script's names, errors or file names.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.visibleText + "\n").utf8))
}

/// Writes a line of a script's text to standard output, its control characters written
/// out (`visibleText`, D-90): what `run` prints for a script, and the REPL's answers.
func printVisible(_ text: String) {
    print(text.visibleText)
}
