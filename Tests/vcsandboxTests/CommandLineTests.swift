import Foundation
import Testing

/// Black-box tests of the `vcsandbox` binary (SPEC.md §2 and §5): each test writes scripts to a
/// fresh folder, runs the real executable there, and checks exit status, stdout and stderr.

// MARK: - Scripts

/// Passes: a window's root controller appears without animation.
private let passingScript = """
    local p = Controller "P"
    local win = Window { root = p }
    settle()
    print("hello from the script")
    expect [[
      P.viewDidLoad()
      P.viewWillAppear(false)
      P.viewDidAppear(false)
    ]]
    """

/// Fails at the `expect` call on line 4; the difference is on line 6 of the file.
private let failingScript = """
    local p = Controller "P"
    local win = Window { root = p }
    settle()
    expect [[
      P.viewDidLoad()
      P.viewWillAppear(true)
      P.viewDidAppear(false)
    ]]
    """

/// A syntax error on line 3.
private let syntaxErrorScript = """
    -- a comment
    local p = Controller "P"
    local x = = 3
    """

/// An override on line 2 raises while the window (line 3) makes its root appear.
private let runtimeErrorScript = """
    -- a comment
    local p = Controller { "P", viewWillAppear = function(self) error("boom") end }
    local win = Window { root = p }
    settle()
    """

/// Two passing scenarios in one script.
private let twoScenariosScript = """
    scenario("first", function()
      local p = Controller "P"
      local win = Window { root = p }
      settle()
      expect [[
        P.viewDidLoad()
        P.viewWillAppear(false)
        P.viewDidAppear(false)
      ]]
    end)
    scenario("second", function()
      local q = Controller "Q"
      local win = Window { root = q }
      settle()
      expect [[
        Q.viewDidLoad()
        Q.viewWillAppear(false)
        Q.viewDidAppear(false)
      ]]
    end)
    """

/// Writes `files` to a fresh folder and runs the binary there.
private func run(
    _ arguments: [String], files: [String: String] = [:], stdin: String = ""
) throws
    -> Outcome
{
    try withTemporaryFolder(files) { try runBinary(arguments: arguments, stdin: stdin, in: $0) }
}

// MARK: - What a clone holds

/// The help, `:help` and the README cite only what a clone has: the README, the scenarios
/// and docs/, never the behaviour notes or the specification the project was built from
/// (issue 16, item 16).
@Suite("citations a clone can follow")
struct CitationTests {
    private static let unshipped = ["BEHAVIOR.md", "SPEC §", "SPEC.md"]

    @Test func helpAndTheReadmeCiteOnlyWhatShips() throws {
        var texts: [(String, String)] = []
        for arguments in [["--help"], ["run", "--help"], ["test", "--help"], ["repl", "--help"]] {
            texts.append((arguments.joined(separator: " "), try run(arguments).stdout))
        }
        texts.append((":help", try run(["repl"], stdin: ":help\n").stdout))
        texts.append(
            ("README.md", try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)))
        for (name, text) in texts {
            for citation in Self.unshipped {
                #expect(!text.contains(citation), "\(name) cites \(citation)")
            }
        }
    }
}

// MARK: - vcsandbox run

@Suite("vcsandbox run")
struct RunCommandTests {
    @Test func passingScriptExitsZeroAndPrintsItsOutput() throws {
        let result = try run(["run", "pass.lua"], files: ["pass.lua": passingScript])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Outcome.lines(result.stdout) == ["hello from the script"])
    }

    @Test func failingExpectationExitsOneWithLocationAndDiff() throws {
        let result = try run(["run", "fail.lua"], files: ["fail.lua": failingScript])
        #expect(result.status == 1)
        #expect(result.stderr.contains("fail.lua:4:"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("expectation failed"))
        let lines = Outcome.lines(result.stderr)
        #expect(lines.contains("- P.viewWillAppear(true)"), "stderr: \(result.stderr)")
        #expect(lines.contains("+ P.viewWillAppear(false)"), "stderr: \(result.stderr)")
    }

    /// Order is what the tool checks most: the headline says how far a line moved.
    @Test func reorderedLinesSayHowFarTheyMoved() throws {
        let script = """
            local a = Controller "A"
            Window { root = a }
            settle()
            expect [[
              A.viewDidLoad()
              A.viewDidAppear(false)
              A.viewWillAppear(false)
            ]]
            """
        let result = try run(["run", "swap.lua"], files: ["swap.lua": script])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                #"expected "A.viewDidAppear(false)", which comes 1 line later in the trace"#),
            "stderr: \(result.stderr)")
    }

    /// UIKit's console warnings reach standard error as they happen, as in Xcode's console,
    /// and a failing scenario shows those it had (issue 16, item 7).
    @Test func warningsGoToStandardErrorAsTheyHappen() throws {
        let script = """
            local a, b = Controller "A", Controller "B"
            a:present(b)
            settle()
            print("after the warning")
            """
        let warning = "warning: Attempt to present B on A (from A) whose view is not in the window hierarchy."
        let result = try run(["run", "warn.lua"], files: ["warn.lua": script])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Outcome.lines(result.stderr) == [warning])
        #expect(Outcome.lines(result.stdout) == ["after the warning"])
        let repl = try run(["repl"], stdin: "a, b = Controller 'A', Controller 'B'\na:present(b)\n")
        #expect(Outcome.lines(repl.stderr) == [warning], "stdout: \(repl.stdout)")
        let failing = try run(
            ["test", "warn.lua"], files: ["warn.lua": script + "\nexpect.equal(b.presentingViewController, a)\n"])
        #expect(failing.status == 1)
        #expect(
            failing.stdout.contains(
                "UIKit warned:\n      Attempt to present B on A (from A) whose view is not in the window hierarchy."),
            "stdout: \(failing.stdout)")
    }

    /// As `lua` reads a file: a `#!` first line and a UTF-8 byte-order mark are skipped, and
    /// every line keeps its number (issue 17, item 15).
    @Test func shebangAndByteOrderMarkAreSkipped() throws {
        let shebang = "#!/usr/bin/env vcsandbox run\nlocal x = nil\nprint(x.y)\n"
        let failing = try run(["run", "sb.lua"], files: ["sb.lua": shebang])
        #expect(failing.stderr.hasPrefix("sb.lua:3: attempt to index a nil value (local 'x')"), "\(failing.stderr)")
        let marked = try run(["test", "bom.lua"], files: ["bom.lua": "\u{FEFF}expect.equal(1, 1)\n"])
        #expect(marked.status == 0, "stdout: \(marked.stdout)")
    }

    @Test func syntaxErrorExitsOneWithLocation() throws {
        let result = try run(["run", "bad.lua"], files: ["bad.lua": syntaxErrorScript])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.lua:3:"), "stderr: \(result.stderr)")
    }

    @Test func runtimeErrorInOverrideExitsOneWithLocationAndTraceback() throws {
        let result = try run(["run", "boom.lua"], files: ["boom.lua": runtimeErrorScript])
        #expect(result.status == 1)
        #expect(result.stderr.contains("boom.lua:2: boom"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("stack traceback:"))
    }

    @Test func missingFileExitsTwoNamingIt() throws {
        let result = try run(["run", "no-such-script.lua"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-script.lua"), "stderr: \(result.stderr)")
    }

    @Test func aFolderExitsTwoSayingItIsOneAndNamingTheTestCommand() throws {
        let result = try run(["run", "suite"], files: ["suite/pass.lua": passingScript])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "vcsandbox: suite is a folder, and `vcsandbox run` runs one script; "
                + "to run every script under it: vcsandbox test suite\n")
    }

    @Test func allEventsWithoutTraceExitsTwoSayingItNeedsTrace() throws {
        let result = try run(["run", "pass.lua", "--all-events"], files: ["pass.lua": passingScript])
        #expect(result.status == 2)
        #expect(result.stdout == "", "the script must not run")
        #expect(
            Outcome.lines(result.stderr).first
                == "Error: --all-events chooses which events --trace, --diagram or --explain show, so it needs one "
                + "of them: vcsandbox run pass.lua --trace --all-events")
    }

    @Test func unknownOptionExitsTwo() throws {
        let result = try run(["run", "pass.lua", "--no-such-option"], files: ["pass.lua": passingScript])
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("--no-such-option"))
    }

    @Test func dashReadsTheScriptFromStandardInput() throws {
        let passed = try run(["run", "-"], stdin: passingScript)
        #expect(passed.status == 0, "stderr: \(passed.stderr)")
        #expect(Outcome.lines(passed.stdout) == ["hello from the script"])
        let failed = try run(["run", "-"], stdin: failingScript)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("expectation failed"), "stderr: \(failed.stderr)")
    }

    @Test func traceOptionPrintsComparedLinesAfterTheRun() throws {
        let result = try run(["run", "pass.lua", "--trace"], files: ["pass.lua": passingScript])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            Outcome.lines(result.stdout) == [
                "hello from the script",
                "P.viewDidLoad()",
                "P.viewWillAppear(false)",
                "P.viewDidAppear(false)",
            ])
    }

    @Test func allEventsOptionAddsLoadingAndLayoutLines() throws {
        let result = try run(
            ["run", "pass.lua", "--trace", "--all-events"], files: ["pass.lua": passingScript])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = Outcome.lines(result.stdout)
        #expect(lines.first == "hello from the script")
        #expect(lines.contains("P.loadView()"), "stdout: \(result.stdout)")
        #expect(lines.contains("P.viewWillLayoutSubviews()"), "stdout: \(result.stdout)")
        #expect(lines.contains("P.viewDidAppear(false)"))
    }
}

// MARK: - vcsandbox test

@Suite("vcsandbox test")
struct TestCommandTests {
    /// Scenario lines (`✓`/`✗` then `file: name`), each once, with the timing removed.
    private func scenarioLines(_ stdout: String) -> Set<String> {
        Set(
            Outcome.lines(stdout).filter { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }.map { line in
                line.range(of: " (").map { String(line[..<$0.lowerBound]) } ?? line
            })
    }

    @Test func mixedFolderReportsEveryScenarioAndExitsOne() throws {
        let files = [
            "suite/a-pass.lua": passingScript,
            "suite/b-fail.lua": failingScript,
            "suite/c-boom.lua": runtimeErrorScript,
            "suite/d-two.lua": twoScenariosScript,
        ]
        let result = try run(["test", "suite"], files: files)
        #expect(result.status == 1, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let lines = scenarioLines(result.stdout)
        #expect(lines.count == 5, "stdout: \(result.stdout)")
        let marks = [
            ("✓", "a-pass.lua"), ("✗", "b-fail.lua"), ("✗", "c-boom.lua"),
            ("✓", "d-two.lua: first"), ("✓", "d-two.lua: second"),
        ]
        for (mark, label) in marks {
            #expect(
                lines.contains { $0.hasPrefix("\(mark) ") && $0.contains(label) },
                "no \(mark) line for \(label) in: \(result.stdout)")
        }
        #expect(Outcome.lines(result.stdout).last == "3 passed, 2 failed")
    }

    @Test func allPassingFolderExitsZero() throws {
        let files = ["ok/one.lua": passingScript, "ok/two.lua": twoScenariosScript]
        let result = try run(["test", "ok"], files: files)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(scenarioLines(result.stdout).count == 3, "stdout: \(result.stdout)")
        #expect(!result.stdout.contains("✗"))
        #expect(Outcome.lines(result.stdout).last == "3 passed, 0 failed")
    }

    @Test func missingPathExitsTwo() throws {
        let result = try run(["test", "no-such-folder"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-folder"), "stderr: \(result.stderr)")
    }
}

// MARK: - Top level

@Suite("vcsandbox")
struct TopLevelTests {
    @Test func versionPrintsAVersionAndExitsZero() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        let version = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            version.range(
                of: #"^\d+\.\d+(\.\d+)? \(Lua 5\.4\.\d+; default profile iOS \d+\)$"#, options: .regularExpression)
                != nil,
            "the version, the Lua version and the default profile; stdout: \(result.stdout)")
    }

    @Test func diagramDrawsTheTraceEventsInOrder() throws {
        let script = packageRoot.appendingPathComponent("scripts/navigation/NAV-02-push-animated.lua").path
        let traced = try run(["run", script, "--trace"])
        let drawn = try run(["run", script, "--diagram", "mermaid"])
        #expect(drawn.status == 0)
        let traceLines = traced.stdout.split(separator: "\n").filter { !$0.hasPrefix("-- ") }
        let messages = drawn.stdout.split(separator: "\n").compactMap { line -> Substring? in
            guard line.contains("UIKit->>") || line.contains("Note over UIKit: "),
                let colon = line.firstIndex(of: ":")
            else { return nil }
            return line[line.index(colon, offsetBy: 2)...]
        }
        #expect(messages.count == traceLines.count)
        // Each message is its trace line without the receiver (`B.viewDidLoad()` → `viewDidLoad()`).
        for (message, line) in zip(messages, traceLines) {
            #expect(line.hasSuffix(message), "\(message) vs \(line)")
        }
    }

    /// The README's push example: the appearance order is NAV-02's, the did-callbacks wait for
    /// the 0.35 s D-144 chooses, the turns are marked, and the rules cited are listed.
    @Test func explainNamesTheRulesBehindEachLine() throws {
        let script = """
            local a, b = Controller "A", Controller "B"
            local nav = NavigationController { "Nav", a }
            Window { root = nav }
            settle(); trace.clear()
            nav:pushViewController(b)
            settle()
            """
        let lines = try explained(script)
        func why(_ event: String) -> String? {
            lines.first { $0.hasPrefix(event + " ") }.map {
                String($0.dropFirst(event.count)).trimmingCharacters(in: .whitespaces)
            }
        }
        for event in ["A.viewWillDisappear(true)", "B.viewWillAppear(true)"] {
            #expect(why(event)?.contains("NAV-02 observed") == true, "\(event): \(why(event) ?? "missing")")
            #expect(why(event)?.contains("D-144") == false)
        }
        for event in ["A.viewDidDisappear(true)", "B.viewDidAppear(true)"] {
            #expect(why(event)?.contains("NAV-02 observed · D-144 decision") == true, "\(event)")
        }
        #expect(why("B.viewDidLoad()")?.hasPrefix("LOAD-01 documented · LOAD-07 observed") == true)
        #expect(lines.contains("-- turn 3, 0.35 s"), "the animation's end is a later turn, 0.35 s on")
        #expect(lines.contains { $0.hasPrefix("D-144 (decision): ") && $0.contains("0.35 s") })
        #expect(lines.contains { $0.hasPrefix("NAV-02 (observed): ") })
    }

    /// What the script's own code does inside an override is the script's: a child it adds in
    /// `viewWillAppear` during a push is not explained by the push's rules.
    @Test func explainKeepsTheScriptsOwnCallsApartFromTheRuleThatCalledIt() throws {
        let script = """
            local child = Controller "Child"
            local b = Controller { "B", viewWillAppear = function(self)
              self:addChild(child)
              child:didMove(self)
            end }
            local nav = NavigationController { "Nav", Controller "A" }
            Window { root = nav }
            settle(); trace.clear()
            nav:pushViewController(b)
            settle()
            """
        let lines = try explained(script)
        let willMove = try #require(lines.first { $0.hasPrefix("Child.willMove(toParent: B)") })
        let didMove = try #require(lines.first { $0.hasPrefix("Child.didMove(toParent: B)") })
        #expect(willMove.hasSuffix("CON-04 documented · CON-01 documented"), "\(willMove)")
        #expect(didMove.hasSuffix("CON-04 documented"), "\(didMove)")
        #expect(lines.first { $0.hasPrefix("B.viewWillAppear(true)") }?.contains("NAV-02 observed") == true)
    }

    /// A swipe back begins by D-21 whatever its end; a finished one ends by NAV-13, a
    /// cancelled one turns back by NAV-12.
    @Test func explainTellsASwipesTwoEndsApart() throws {
        func lines(_ name: String) throws -> [String] {
            let script = packageRoot.appendingPathComponent("scripts/navigation/" + name).path
            let result = try run(["run", script, "--explain"])
            #expect(result.status == 0, "\(result.stderr)")
            // The script's first scenario only: later ones swipe again.
            let all = result.stdout.split(separator: "\n").map(String.init).dropFirst()
            return Array(all.prefix { !$0.hasPrefix("-- ") || $0.hasPrefix("-- turn ") })
        }
        let finished = try lines("NAV-13-swipe-back-finished.lua")
        let cancelled = try lines("NAV-12-swipe-back-cancelled.lua")
        for trace in [finished, cancelled] {
            #expect(trace.first { $0.hasPrefix("B.viewWillDisappear(true)") }?.hasSuffix("D-21 decision") == true)
        }
        #expect(finished.first { $0.hasPrefix("B.viewDidDisappear(true)") }?.hasSuffix("NAV-13 observed") == true)
        #expect(!finished.contains { $0.contains("NAV-12 observed") })
        #expect(cancelled.first { $0.hasPrefix("A.viewWillDisappear(true)") }?.hasSuffix("NAV-12 observed") == true)
        #expect(!cancelled.contains { $0.contains("NAV-13 observed") })
    }

    /// The lines `vcsandbox run --explain` prints for `script`, which must pass.
    private func explained(_ script: String) throws -> [String] {
        let result = try run(["run", "script.lua", "--explain"], files: ["script.lua": script])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func treePrintsTheHierarchyEachScenarioEndedWith() throws {
        let script = packageRoot.appendingPathComponent("scripts/navigation/NAV-02-push-animated.lua").path
        let text = try run(["run", script, "--tree", "text"])
        #expect(text.status == 0)
        #expect(
            text.stdout.hasPrefix(
                """
                -- the whole sequence, in order
                Window Window1: key, visible, 390x844
                | <NavigationController Nav, appeared>
                | | <Controller A, disappeared>
                | | <Controller B, appeared>

                """), "\(text.stdout)")
        let mermaid = try run(["run", script, "--tree", "mermaid"])
        #expect(mermaid.stdout.contains("flowchart TD\n    n1[\"Window Window1: key, visible, 390x844\"]"))
        let wrong = try run(["run", script, "--tree", "svg"])
        #expect(wrong.status == 2)
    }

    @Test func withoutSubcommandReadsAScriptFromStandardInput() throws {
        let result = try run([], stdin: passingScript)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Outcome.lines(result.stdout) == ["hello from the script"])
    }
}
