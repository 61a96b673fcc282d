import Foundation
import Testing

/// Black-box tests of `vcsandbox repl` with standard input from a file (SPEC §7): one input
/// per line, no prompts, the values on stdout, errors on stderr. The terminal itself (line
/// editing, completion, Ctrl-C, history) is tested on a pseudo-terminal in ReplTerminalTests.
@Suite("vcsandbox repl from a pipe")
struct ReplCommandLineTests {
    @Test("inputs show their values; locals, multi-line statements and commands work")
    func session() throws {
        let input = """
            1 + 2
            local k = 5
            k * 2
            function twice(x)
              return x * 2
            end
            twice(21)
            nav = NavigationController { "Nav", Controller "A" }
            w = Window { root = nav }
            nav
            nav:pushViewController(Controller "B", false)
            :tree
            """
        let outcome = try withTemporaryFolder { try runBinary(arguments: ["repl"], stdin: input + "\n", in: $0) }
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "")
        #expect(
            Outcome.lines(outcome.stdout) == [
                "3", "10", "42", "<NavigationController Nav, appeared>",
                "Window Window1: key, visible, 390x844",
                "| <NavigationController Nav, appeared>",
                "| | <Controller A, disappeared>",
                "| | <Controller B, appeared>",
            ])
    }

    @Test("_ holds the last value and =expr shows one (issue 16, item 17)")
    func lastValueAndEquals() throws {
        let input = "nav = NavigationController { 'Nav', Controller 'A' }\n=nav.topViewController.name\n_ .. '!'\n"
        let outcome = try withTemporaryFolder { try runBinary(arguments: ["repl"], stdin: input, in: $0) }
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(Outcome.lines(outcome.stdout) == ["A", "A!"])
    }

    @Test(":save writes the world's inputs as a scenario that replays them and passes")
    func saveWritesAScenario() throws {
        let input = """
            local nav = NavigationController { "Nav", Controller "A" }
            Window { root = nav }
            nav:pushViewController(Controller "B")
            nav.topViewController.name
            :save saved.lua
            """
        try withTemporaryFolder { folder in
            let outcome = try runBinary(arguments: ["repl"], stdin: input + "\n", in: folder)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            #expect(Outcome.lines(outcome.stdout).last?.hasPrefix("(saved 4 inputs to saved.lua") == true)
            let script = try String(contentsOf: folder.appendingPathComponent("saved.lua"), encoding: .utf8)
            #expect(script.contains("expect [[\n  B.willMove(toParent: Nav)"), "\(script)")
            let replay = try runBinary(arguments: ["run", "saved.lua"], in: folder)
            #expect(replay.status == 0, "stderr: \(replay.stderr)\n\(script)")
            #expect(Outcome.lines(replay.stdout) == ["B"])
        }
    }

    @Test(
        ":save keeps `_` as the session had it, adds no block to a session that checked the trace itself, and refuses a loaded world"
    )
    func saveReplaysFaithfully() throws {
        let input = """
            a = Controller "A"
            =a.name
            note "x"
            print(_)
            expect.order [[ note: x ]]
            :save kept.lua
            :load world.lua
            :save refused.lua
            """
        try withTemporaryFolder(["world.lua": "Window { root = Controller 'W' }\nsettle()\n"]) { folder in
            let outcome = try runBinary(arguments: ["repl"], stdin: input + "\n", in: folder)
            #expect(outcome.stderr.contains("cannot save: this world began with :load world.lua"), "\(outcome.stderr)")
            let script = try String(contentsOf: folder.appendingPathComponent("kept.lua"), encoding: .utf8)
            #expect(!script.contains("expect [["), "\(script)")
            let replay = try runBinary(arguments: ["run", "kept.lua"], in: folder)
            #expect(replay.status == 0, "stderr: \(replay.stderr)\n\(script)")
            #expect(Outcome.lines(replay.stdout) == ["A", "A"])
        }
    }

    @Test("a second :load of the same world gives its controllers' names to the new world")
    func secondLoadRebindsNames() throws {
        let world = "scenario('w', function() Window { root = Controller 'Home' }; settle(); expect.equal(1, 1) end)\n"
        try withTemporaryFolder(["world.lua": world]) { folder in
            let outcome = try runBinary(
                arguments: ["repl"], stdin: ":load world.lua\n:load world.lua\nHome.appearance\n", in: folder)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            #expect(Outcome.lines(outcome.stdout).last == "appeared")
        }
    }

    @Test("after :load, the loaded world's controllers are reached by name")
    func loadedControllersByName() throws {
        let script = """
            local nav = NavigationController { "Nav", Controller "Home" }
            Window { root = nav }
            settle()
            """
        try withTemporaryFolder(["world.lua": script]) { folder in
            let outcome = try runBinary(
                arguments: ["repl"], stdin: ":load world.lua\nHome.appearance\nNav\n", in: folder)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            #expect(
                Outcome.lines(outcome.stdout) == [
                    "✓ world", "(controllers by name: Home, Nav)", "appeared", "<NavigationController Nav, appeared>",
                ])
        }
    }

    @Test("an error goes to stderr with its traceback, the session goes on, and the exit status is 1")
    func errors() throws {
        let input = "error('boom')\nprint('still here')\n"
        let outcome = try withTemporaryFolder { try runBinary(arguments: ["repl"], stdin: input, in: $0) }
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "still here\n")
        #expect(outcome.stderr.hasPrefix("stdin:1: boom\nstack traceback:"))
    }

    @Test("a statement left unfinished at the end of the input is an error")
    func unfinished() throws {
        let outcome = try withTemporaryFolder { try runBinary(arguments: ["repl"], stdin: "function f()\n", in: $0) }
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "stdin: unfinished statement at the end of the input\n")
    }

    @Test("--load runs a script first, in the session")
    func load() throws {
        let script = """
            shared = Controller "Root"
            Window { root = shared }
            """
        let outcome = try withTemporaryFolder(["setup.lua": script]) { folder in
            try runBinary(
                arguments: ["repl", "--load", "setup.lua"], stdin: "shared\n:quit\nprint('not reached')\n", in: folder)
        }
        #expect(outcome.status == 0)
        #expect(
            Outcome.lines(outcome.stdout) == ["✓ setup", "(controllers by name: Root)", "<Controller Root, appeared>"])
    }

    @Test("the sandbox holds in the REPL; --unsafe lifts it")
    func sandbox() throws {
        let safe = try withTemporaryFolder { try runBinary(arguments: ["repl"], stdin: "io.write('x')\n", in: $0) }
        #expect(safe.status == 1)
        #expect(safe.stderr.contains("io is not available in the sandbox"))
        let unsafe = try withTemporaryFolder {
            try runBinary(arguments: ["repl", "--unsafe"], stdin: "type(io)\n", in: $0)
        }
        #expect(unsafe.stdout == "table\n")
    }

    @Test("bare vcsandbox with a pipe still runs the script it reads")
    func bareWithPipe() throws {
        let outcome = try withTemporaryFolder { try runBinary(arguments: [], stdin: "print(1 + 2)\n", in: $0) }
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "3\n")
    }

    @Test("repl takes --ios and refuses a bad one with status 2")
    func options() throws {
        let outcome = try withTemporaryFolder {
            try runBinary(arguments: ["repl", "--ios", "12"], stdin: "ios\n", in: $0)
        }
        #expect(outcome.stdout == "12\n")
        let bad = try withTemporaryFolder { try runBinary(arguments: ["repl", "--ios", "3"], stdin: "", in: $0) }
        #expect(bad.status == 2)
    }
}
