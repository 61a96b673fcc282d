import Foundation
import Testing

/// The REPL at a real terminal (SPEC §7): the built binary on a pseudo-terminal, typed at
/// like a user, with line editing, completion, history, Ctrl-C and Ctrl-D.
///
/// Each test types only when a person could: after the echo or the printed value, the next
/// prompt, and the line editor blocked reading keys in raw mode, so no keystroke races the
/// program. A failed wait shows all the output received, stripped and raw.
@Suite("REPL at a terminal", .serialized)
struct ReplTerminalTests {
    @Test("The session opens with a banner line and the prompt; an expression prints its value")
    func expressionPrintsItsValue() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            #expect(!session.banner.isEmpty, "no banner line before the first prompt")
            try session.expect("1 + 2", prints: ["3"])
        }
    }

    @Test("A statement cut short continues on the >> prompt")
    func cutShortStatementContinues() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            try session.defineTwice()
            try session.expect("twice(21)", prints: ["42"])
        }
    }

    @Test("Locals survive from line to line")
    func localsSurvive() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            _ = try session.evaluate("local k = 5")
            try session.expect("k * 2", prints: ["10"])
        }
    }

    @Test("A controller prints its type, title and appearance state")
    func controllersPrintReadably() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            try session.showNavigation()
            try session.expect("nav", prints: ["<NavigationController Nav, appeared>"])
        }
    }

    @Test("Tab completes a controller's property, and the completed line runs")
    func tabCompletesProperties() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            try session.showNavigation()
            try session.type("nav.top")
            try session.terminal.send("\t")
            _ = try session.terminal.waitFor("ViewController")
            try session.expectEnter(prints: ["<Controller A, appeared>"])
        }
    }

    @Test("Tab lists the candidates in columns that fit the terminal's width")
    func completionListFitsTheTerminal() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder, columns: 60)
            try session.showNavigation()
            try session.type("nav:p")
            try session.terminal.send("\t")
            let listed = try session.terminal.waitFor("> nav:p")
            let lines = listed.split(separator: "\n").map { String($0).trimmingTrailingWhitespace() }.filter {
                !$0.isEmpty
            }
            // Down each column, then across, as `ls` does; two columns fit 60 characters.
            #expect(
                Array(lines.prefix(3)) == [
                    "performSegue             popViewController",
                    "popToRootViewController  present",
                    "popToViewController      pushViewController",
                ], "\(listed.debugDescription)")
        }
    }

    @Test(":tree nests the window, the navigation controller and its stack with | ")
    func treeNestsTheHierarchy() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            try session.showNavigation()
            _ = try session.evaluate(#"nav:pushViewController(Controller "B", false)"#)
            let tree = try session.evaluate(":tree").map { $0.trimmingTrailingWhitespace() }
            let expected = [
                "| <NavigationController Nav, appeared>",
                "| | <Controller A, disappeared>",
                "| | <Controller B, appeared>",
            ]
            let text = tree.joined(separator: "\n")
            let window = try #require(tree.firstIndex { $0.hasPrefix("Window") }, "no Window line:\n\(text)")
            let positions = try expected.map { line in
                try #require(tree.firstIndex(of: line), "no line \"\(line)\" in :tree:\n\(text)")
            }
            let order = [window] + positions
            #expect(order == order.sorted(), "the window, Nav, A and B out of order:\n\(text)")
        }
    }

    @Test("Ctrl-C interrupts a running chunk and the prompt returns")
    func controlCInterruptsARunningChunk() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            // The input says when its loop runs: the Ctrl-C follows that, however loaded the
            // machine, never a guessed delay.
            try session.type("print('looping') while true do end")
            try session.terminal.send("\r")
            _ = try session.terminal.waitFor("looping\n")
            try session.terminal.send("\u{3}")
            _ = try session.terminal.waitFor("interrupted")
            _ = try session.waitForPrompt()
            try session.expect("1 + 1", prints: ["2"])
        }
    }

    @Test("Ctrl-C at the prompt discards the line being typed")
    func controlCDiscardsTheTypedLine() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            try session.type("this is not lua")
            try session.terminal.send("\u{3}")
            _ = try session.waitForPrompt()
            try session.expect("2 + 2", prints: ["4"])
        }
    }

    @Test("Ctrl-D on an empty line leaves with status 0")
    func controlDLeaves() throws {
        try withTemporaryFolder { folder in
            let session = try ReplSession(in: folder)
            #expect(try session.leave() == 0)
        }
    }

    @Test("History is saved to $VCSANDBOX_HISTORY and recalled with the up arrow next time")
    func historyPersists() throws {
        try withTemporaryFolder { folder in
            let first = try ReplSession(in: folder)
            try first.expect("1 + 2", prints: ["3"])
            try first.defineTwice()
            try first.expect("twice(21)", prints: ["42"])
            try first.expect("40 + 2.5", prints: ["42.5"])
            #expect(try first.leave() == 0)

            let saved = try ReplSession.history(in: folder)
            for line in ["1 + 2", "twice(21)", "40 + 2.5"] {
                #expect(saved.contains(line), "\"\(line)\" not in the history file: \(saved)")
            }

            let second = try ReplSession(in: folder)
            try second.terminal.send("\u{1b}[A")
            _ = try second.terminal.waitFor("40 + 2.5")
            try second.expectEnter(prints: ["42.5"])
            #expect(try second.leave() == 0)
        }
    }

    @Test("The history file's escapes are decoded: \\040 is a space, \\\\ a backslash")
    func historyEscapesDecode() {
        #expect(ReplSession.decodeOctalEscapes(#"1\040+\0402 "a\\b" \04"#) == #"1 + 2 "a\b" \04"#)
    }
}

/// `vcsandbox repl` on a pseudo-terminal in a folder, its history in `history` there.
private struct ReplSession {
    /// The main prompt at the start of a line; the continuation prompt `>> ` never matches it.
    static let prompt = "\n> "
    static let continuation = "\n>> "

    let terminal: PseudoTerminal
    /// The text printed before the first prompt.
    let banner: String

    /// Starts the REPL on a terminal `columns` wide and waits for its first prompt.
    init(in folder: URL, columns: UInt16 = 80) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "no binary at \(binary.path); run `swift build` first")
        terminal = try PseudoTerminal(
            executable: binary.path, arguments: ["repl"], directory: folder,
            environment: ["VCSANDBOX_HISTORY": folder.appendingPathComponent("history").path], columns: columns)
        let opening = try terminal.waitFor(Self.prompt)
        try Self.waitForKeys(on: terminal)
        banner = String(opening.dropLast(Self.prompt.count)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits for `prompt` and for the line editor to wait for keys, and returns the output
    /// up to the prompt.
    ///
    /// libedit shows its prompt a moment before it switches the terminal to raw mode; keys
    /// typed in that moment would be echoed twice, and a Ctrl-C or Ctrl-D there lost.
    func waitForPrompt(_ prompt: String = prompt) throws -> String {
        let output = try terminal.waitFor(prompt)
        try Self.waitForKeys(on: terminal)
        return output
    }

    /// Waits until the line editor is in raw mode and blocked reading the next key, as it is
    /// whenever a person presses one.
    static func waitForKeys(on terminal: PseudoTerminal) throws {
        try terminal.waitForRawMode()
        try terminal.waitUntilReading()
    }

    /// Types `line`, without Enter, and waits for its echo and for the editor to wait again.
    func type(_ line: String) throws {
        try terminal.send(line)
        _ = try terminal.waitFor(line)
        try Self.waitForKeys(on: terminal)
    }

    /// Types `line` and Enter, and returns the lines printed before the next main prompt.
    func evaluate(_ line: String) throws -> [String] {
        try type(line)
        return try enter()
    }

    /// Types `line` and Enter, and records an issue unless exactly `expected` is printed.
    func expect(
        _ line: String, prints expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try type(line)
        try expectEnter(prints: expected, sourceLocation: sourceLocation)
    }

    /// Presses Enter, and records an issue unless exactly `expected` is printed; the issue
    /// shows the whole session, stripped and as received.
    func expectEnter(
        prints expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let printed = try enter()
        #expect(
            printed == expected,
            """
            the session so far:
            \(terminal.transcript)
            as received:
            \(terminal.rawTranscript)
            """, sourceLocation: sourceLocation)
    }

    /// Presses Enter on the line typed so far, and returns the lines printed before the
    /// next main prompt (the terminal's newline after the typed line is not one of them).
    func enter() throws -> [String] {
        try terminal.send("\r")
        let output = try waitForPrompt().dropLast(Self.prompt.count)
        return output.isEmpty ? [] : output.dropFirst().components(separatedBy: "\n")
    }

    /// Types a line that leaves a statement unfinished, and waits for the `>> ` prompt.
    func continueWith(_ line: String) throws {
        try type(line)
        try terminal.send("\r")
        _ = try waitForPrompt(Self.continuation)
    }

    /// Defines `twice` over three lines, the first two continued on `>> `.
    func defineTwice() throws {
        try continueWith("function twice(x)")
        try continueWith("  return x * 2")
        try expect("end", prints: [])
    }

    /// Makes `nav`, a navigation controller with `A` on its stack, the root of window `w`.
    func showNavigation() throws {
        _ = try evaluate(#"nav = NavigationController { "Nav", Controller "A" }"#)
        _ = try evaluate("w = Window { root = nav }")
    }

    /// Types Ctrl-D on the empty line and returns the exit status.
    func leave() throws -> Int32 {
        try terminal.send("\u{4}")
        return try terminal.waitForExit()
    }

    /// The lines of the history file in `folder`, libedit's `\040`-style escapes decoded.
    static func history(in folder: URL) throws -> [String] {
        let file = folder.appendingPathComponent("history")
        try #require(
            FileManager.default.fileExists(atPath: file.path),
            "no history file at \(file.path): the REPL should write $VCSANDBOX_HISTORY")
        return decodeOctalEscapes(try String(contentsOf: file, encoding: .utf8))
            .components(separatedBy: "\n")
    }

    /// Decodes `\ooo` octal escapes and `\\`, as libedit's history file (strvis) writes them.
    static func decodeOctalEscapes(_ text: String) -> String {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            let digits = rest.prefix(3)
            if byte == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ (48...55).contains($0) }) {
                bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - 48) })
                rest = rest.dropFirst(3)
            } else if byte == UInt8(ascii: "\\"), rest.first == UInt8(ascii: "\\") {
                bytes.append(rest.removeFirst())
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// The string without spaces and tabs at its end.
    fileprivate func trimmingTrailingWhitespace() -> String {
        String(reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
