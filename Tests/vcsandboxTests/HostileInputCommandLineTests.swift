import Foundation
import Testing

/// Issue 17, items 13 and 14, through the binary: what `test` reads for a script stays in
/// the folder it was given (D-89), whatever the report, and no control character from a
/// script reaches the terminal raw (D-90). The symbolic links are made in each test's
/// temporary folder.
@Suite("vcsandbox: hostile input")
struct HostileInputCommandLineTests {
    /// Runs `arguments` in a temporary folder holding `files` and the symbolic links
    /// `links` (path → target), with `outside/` beside the suite.
    func run(
        _ arguments: [String], files: [String: String], links: [String: String] = [:], stdin: String = "",
        _ check: (Outcome, URL) throws -> Void = { _, _ in }
    ) throws -> Outcome {
        try withTemporaryFolder(files) { folder in
            for (link, target) in links {
                try FileManager.default.createSymbolicLink(
                    atPath: folder.appendingPathComponent(link).path, withDestinationPath: target)
            }
            let outcome = try runBinary(arguments: arguments, stdin: stdin, in: folder)
            try check(outcome, folder)
            return outcome
        }
    }

    // MARK: - Item 13: the suite's folder

    /// What no report may show: the content of the files outside the suite.
    static let secret = "TOPSECRET"
    static let outsideFiles = [
        "outside/o.lua": "print('\(secret) ran from outside')\nexpect.equal(1, 1)",
        "outside/passwd": "root:x:0:0:\(secret):/root:/bin/bash\n",
        "outside/evil.lua": "print('\(secret) module')\nreturn 1",
    ]

    @Test("a script a link leads out of the suite fails, named with where it leads, and never runs")
    func aScriptLinkedOutIsRefused() throws {
        var files = Self.outsideFiles
        files["suite/good.lua"] = "expect.equal(1, 1)"
        let outcome = try run(["test", "suite"], files: files, links: ["suite/link.lua": "../outside/o.lua"])
        #expect(outcome.status == 1)
        let lines = Outcome.lines(outcome.stdout)
        #expect(lines.contains { $0.hasPrefix("✗ suite/link.lua: link") }, "\(outcome.stdout)")
        #expect(lines.contains { $0.hasPrefix("✓ suite/good.lua: good") }, "\(outcome.stdout)")
        #expect(
            outcome.stdout.contains(
                "suite/link.lua: refused: suite/link.lua leads outside suite, the folder given to vcsandbox test, to /"),
            "\(outcome.stdout)")
        #expect(outcome.stdout.contains("/outside/o.lua; vcsandbox reads and writes no file outside that folder"))
        #expect(!outcome.stdout.contains(Self.secret) && !outcome.stderr.contains(Self.secret))
        let listed = try run(["test", "suite", "--list"], files: files, links: ["suite/link.lua": "../outside/o.lua"])
        #expect(listed.status == 1)
        #expect(Outcome.lines(listed.stdout) == ["suite/good.lua: good"])
        #expect(listed.stderr.contains("vcsandbox: suite/link.lua cannot be listed: refused: suite/link.lua leads"))
    }

    @Test("a link that stays inside the suite is followed")
    func aLinkInsideIsFine() throws {
        let files = [
            "suite/real/a.lua": "local h = require '_lib.h'\nexpect.equal(h, 2)", "suite/_lib/real.lua": "return 2",
        ]
        let whole = try run(
            ["test", "suite"], files: files, links: ["suite/real/b.lua": "a.lua", "suite/_lib/h.lua": "real.lua"])
        #expect(whole.status == 0, "\(whole.stdout)")
        #expect(Outcome.lines(whole.stdout).last == "2 passed, 0 failed")
    }

    @Test(
        "a golden trace linked out of the suite is refused, and its content appears in no report",
        arguments: ["human", "tap", "junit", "json", "html"])
    func aGoldenTraceLinkedOutIsRefused(reporter: String) throws {
        var files = Self.outsideFiles
        files["suite/a.lua"] = "scenario('one', function() Window { root = Controller 'A' } end)"
        let links = ["suite/a.trace": "../outside/passwd"]
        let outcome = try run(["test", "suite", "--reporter", reporter], files: files, links: links)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("refused: suite/a.trace leads outside suite"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains(Self.secret) && !outcome.stderr.contains(Self.secret), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("root:x"))
    }

    @Test("--record writes nothing through a golden trace linked out of the suite")
    func recordDoesNotWriteOut() throws {
        var files = Self.outsideFiles
        files["suite/a.lua"] = "scenario('one', function() Window { root = Controller 'A' } end)"
        _ = try run(["test", "suite", "--record"], files: files, links: ["suite/a.trace": "../outside/passwd"]) {
            outcome, folder in
            #expect(outcome.status == 1)
            #expect(outcome.stdout.contains("refused: suite/a.trace leads outside suite"), "\(outcome.stdout)")
            let passwd = try String(contentsOf: folder.appendingPathComponent("outside/passwd"), encoding: .utf8)
            #expect(passwd == Self.outsideFiles["outside/passwd"])
        }
    }

    @Test("a golden file that is no trace is reported by line, never quoted")
    func aForeignGoldenFileIsNotQuoted() throws {
        let script = "scenario('one', function() Window { root = Controller 'A' } end)"
        let binary = try run(
            ["test", "suite", "--reporter", "tap"],
            files: ["suite/a.lua": script, "suite/a.trace": "-- scenario: one\n\u{1}\u{0}\(Self.secret)\n"])
        #expect(binary.status == 1)
        #expect(binary.stdout.contains("not a golden trace: line 2 holds a control character"), "\(binary.stdout)")
        #expect(!binary.stdout.contains(Self.secret))
        let text = try run(["test", "suite"], files: ["suite/a.lua": script, "suite/a.trace": "\(Self.secret)\n"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("suite/a.trace:1: not a golden trace: it has no `-- scenario: NAME` header"))
        #expect(!text.stdout.contains(Self.secret))
    }

    @Test("require of a module linked out of the suite fails at the require line; the module never runs")
    func requireLinkedOutIsRefused() throws {
        var files = Self.outsideFiles
        files["suite/deep/r.lua"] = "local ok = true\nlocal m = require '_lib.evil'\nexpect.equal(m, 1)"
        let outcome = try run(["test", "suite"], files: files, links: ["suite/_lib": "../outside"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "suite/deep/r.lua:2: require '_lib.evil': suite/_lib/evil.lua leads outside suite, the folder given to "
            ),
            "\(outcome.stdout)")
        #expect(!outcome.stdout.contains(Self.secret) && !outcome.stderr.contains(Self.secret))
    }

    @Test("a suite's .vcsandbox linked out of it is refused before anything runs")
    func defaultsLinkedOutAreRefused() throws {
        var files = Self.outsideFiles
        files["suite/a.lua"] = "expect.equal(1, 1)"
        let outcome = try run(["test", "suite"], files: files, links: ["suite/.vcsandbox": "../outside/passwd"])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains("vcsandbox: refused: suite/.vcsandbox leads outside suite"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains(Self.secret))
    }

    // MARK: - Writing through (issue 17, item 16, for :save too)

    /// What `:save` writes for one input.
    static let saveInput = "a = Controller 'A'\n:save target\n"

    @Test("--output and :save through a symbolic link write the whole file it leads to, and keep the link")
    func writingThroughALink() throws {
        let long = String(repeating: "an old, longer text\n", count: 200)
        let files = ["s/a.lua": "expect.equal(1, 1)", "real.txt": long]
        for arguments in [["test", "s", "--output", "target"], ["repl"]] {
            _ = try run(arguments, files: files, links: ["target": "real.txt"], stdin: Self.saveInput) {
                outcome, folder in
                #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
                let link = folder.appendingPathComponent("target").path
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.txt")
                let text = try String(contentsOf: folder.appendingPathComponent("real.txt"), encoding: .utf8)
                #expect(!text.contains("an old, longer text"), "\(arguments): the old text was left behind")
                #expect(
                    text.hasPrefix(arguments[0] == "test" ? "✓ s/a.lua: a" : "-- Saved from a vcsandbox REPL session"),
                    "\(text)")
            }
        }
    }

    /// A device node made for the test (`mknod`, which needs root) stays a device.
    @Test(.enabled(if: geteuid() == 0, "making a device node (mknod) needs root"))
    func saveToADeviceWritesThroughIt() throws {
        try withTemporaryFolder { folder in
            let device = folder.appendingPathComponent("target").path
            // Device 1:3, as /dev/null is (makedev(1, 3) in glibc's encoding).
            try #require(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod failed: \(errno)")
            let outcome = try runBinary(arguments: ["repl"], stdin: Self.saveInput, in: folder)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            #expect(outcome.stdout.contains("(saved 1 inputs to target"), "\(outcome.stdout)")
            var status = stat()
            #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device was replaced")
        }
    }

    // MARK: - Item 14: control characters

    static let controlScript = """
        scenario("esc \\27[2J name\\0tail", function()
          local a = Controller "A\\27[31m\\0B"
          Window { root = a }
          settle()
          print("printed \\27]0;title\\7 and \\0 tail é 中 😀")
          error("before\\0after, the whole message \\1\\127 é")
        end)
        scenario("second", function() expect.equal(1, 1) end)
        """

    /// No control character but a line feed (a tab may stay in output laid out in lines).
    static func holdsNoRawControl(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }
    }

    @Test("test: the human and TAP reports write control characters as Lua does, the whole message after a NUL")
    func testReports() throws {
        for reporter in ["human", "tap"] {
            let outcome = try run(["test", "s.lua", "--reporter", reporter], files: ["s.lua": Self.controlScript])
            #expect(outcome.status == 1)
            #expect(Self.holdsNoRawControl(outcome.stdout), "\(reporter): \(outcome.stdout.debugDescription)")
            let backslash = reporter == "tap" ? #"\\"# : #"\"#
            let name = ["esc ", "27[2J name", "0tail"].joined(separator: backslash)
            #expect(outcome.stdout.contains("s.lua: " + name), "\(reporter): \(outcome.stdout)")
            #expect(outcome.stdout.contains(#"before\0after, the whole message \1\127 é"#), "\(outcome.stdout)")
            #expect(outcome.stdout.contains(#"printed \27]0;title\7 and \0 tail é 中 😀"#), "\(outcome.stdout)")
        }
    }

    @Test("run: the trace, the printed lines and the error write control characters as Lua does")
    func runOutput() throws {
        let outcome = try run(["run", "s.lua", "--trace"], files: ["s.lua": Self.controlScript])
        #expect(outcome.status == 1)
        #expect(Self.holdsNoRawControl(outcome.stdout) && Self.holdsNoRawControl(outcome.stderr))
        #expect(outcome.stdout.contains(#"printed \27]0;title\7 and \0 tail é 中 😀"#), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#"A\27[31m\0B.viewDidAppear(false)"#), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#"-- esc \27[2J name\0tail"#), "\(outcome.stdout)")
        #expect(
            outcome.stderr.contains(#"[esc \27[2J name\0tail] s.lua:6: before\0after, the whole message \1\127 é"#),
            "\(outcome.stderr)")
    }

    @Test("repl: values, printed lines and errors write control characters as Lua does")
    func replOutput() throws {
        let input = "print('a\\27[2Jb')\n'v\\0w'\nerror('e\\0f')\n"
        let outcome = try run(["repl"], files: [:], stdin: input)
        #expect(Self.holdsNoRawControl(outcome.stdout) && Self.holdsNoRawControl(outcome.stderr))
        #expect(Outcome.lines(outcome.stdout) == [#"a\27[2Jb"#, #"v\0w"#])
        #expect(outcome.stderr.hasPrefix(#"stdin:1: e\0f"#), "\(outcome.stderr)")
    }
}
