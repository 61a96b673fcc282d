import ArgumentParser
import Foundation
import HierarchyEngine
import LuaBinding

/// `vcsandbox repl [--load FILE]`: an interactive session (SPEC §7). At a terminal it
/// edits lines with libedit and keeps their history; with standard input from a pipe or a
/// file it reads the same inputs without prompts.
///
///     $ vcsandbox repl
///     > nav = NavigationController { "Nav", Controller "A" }
///     > w = Window { root = nav }
///     > nav.top<Tab>
///     > nav.topViewController
///     <Controller A, appeared>
struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "An interactive session: Lua with the API, line editing, history and completion.",
        discussion: """
            History is kept in $VCSANDBOX_HISTORY, or ~/.vcsandbox_history (an empty \
            VCSANDBOX_HISTORY keeps none). Type :help in the session for its commands.
            """)

    @Option(help: "A script to run in the session before the first prompt.")
    var load: String?

    @OptionGroup var lua: SessionOptions

    func run() throws {
        let console = Console(profile: lua.profile, unsafe: lua.unsafe)
        console.printHandler = { line in
            printVisible(line)
            fflush(nil)
        }
        // As Xcode's console shows UIKit's warnings: as they come, on standard error.
        console.warningHandler = { text in
            fflush(nil)
            printError("warning: " + text)
        }
        var failed = false
        if let load { failed = !show(console.submit(":load " + load)) }
        if isatty(STDIN_FILENO) != 0 {
            converse(with: console)
        } else if !readInputs(into: console) {
            failed = true
        }
        if failed { throw ExitCode(1) }
    }

    /// The session at a terminal: prompts, line editing, history, Ctrl-C and Ctrl-D.
    private func converse(with console: Console) {
        setlocale(LC_CTYPE, "")
        // Letters beyond ASCII need a UTF-8 locale; a bare environment has none.
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        console.catchInterrupts()
        defer { console.releaseInterrupts() }
        print(
            "VCSandbox \(VCSandbox.number), \(luaVersion), iOS \(lua.ios) profile. :help for help, Ctrl-D to leave."
        )
        let editor = LineEditor(historyFile: Self.historyFile())
        editor.isInterrupted = { console.isInterruptPending }
        editor.complete = { line in
            let completion = console.complete(line)
            return (completion.start, completion.candidates, completion.isPaths)
        }
        while true {
            editor.prompt = console.isContinuing ? ">> " : "> "
            // A Ctrl-C after the last input ended, before the prompt reads: drop the line.
            let input = console.takeInterrupt() ? .interrupted : editor.readLine()
            switch input {
            case .end:
                print()
                return
            case .interrupted:
                _ = console.takeInterrupt()
                console.cancelInput()
                print("^C")
            case .line(let line):
                editor.remember(line)
                let reply = console.submit(line)
                if reply == .quit { return }
                if console.wasInterrupted { print() }  // after the terminal's ^C
                show(reply)
            }
        }
    }

    /// The session from a pipe or a file: each line an input, no prompts; false when an
    /// input failed or the last statement was left unfinished.
    private func readInputs(into console: Console) -> Bool {
        var succeeded = true
        while let line = readLine(strippingNewline: true) {
            let reply = console.submit(line)
            if reply == .quit { return succeeded }
            if !show(reply) { succeeded = false }
        }
        guard !console.isContinuing else {
            printError("stdin: unfinished statement at the end of the input")
            return false
        }
        return succeeded
    }

    /// The history file: $VCSANDBOX_HISTORY (none when empty), else ~/.vcsandbox_history.
    static func historyFile() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["VCSANDBOX_HISTORY"] { return path.isEmpty ? nil : path }
        return environment["HOME"].map { $0 + "/.vcsandbox_history" }
    }
}

/// Shows a console's reply; false for an error.
@discardableResult
private func show(_ reply: Console.Reply) -> Bool {
    switch reply {
    case .output(let text):
        if !text.isEmpty { printVisible(text) }
    case .error(let text):
        fflush(nil)
        printError(text)
        return false
    case .incomplete, .quit:
        break
    }
    fflush(nil)
    return true
}
