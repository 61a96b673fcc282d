import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Black-box tests of `vcsandbox test` when a script ends the process that runs it (issue 17,
/// item 4; D-87): by a real crash, by `os.exit`, or by hanging where no time limit reaches.
/// The script is reported as failed, naming the signal and the scenario; every other script
/// is reported as usual, whatever `-j` is.
@Suite("vcsandbox test: a script that crashes its process")
struct CrashIsolationTests {
    /// Crashes the process for real, with no test hook: under `--unsafe`, `load` takes a
    /// binary chunk, and Lua 5.4 does not verify bytecode. The chunk's main function holds a
    /// single `LOADK 0 0` but no constant, so its constant array is a null pointer, which the
    /// instruction reads: SIGSEGV.
    static let crashingCode = """
        local function crash()
          -- The header of a chunk this Lua writes, then a function of our own.
          local header = string.dump(function() end):sub(1, 31)
          local body = "\\0"                   -- no upvalues
            .. "\\x80\\x80\\x80"                  -- no source; lines 0 and 0
            .. "\\0\\1\\2"                        -- no parameters, vararg, two registers
            .. "\\x81\\3\\0\\0\\0"                  -- one instruction: LOADK 0 0
            .. "\\x80\\x80\\x80"                  -- no constants, upvalues or functions
            .. "\\x80\\x80\\x80\\x80"               -- no debug information
          assert(load(header .. body, "corrupt", "b"))()
        end
        """

    static let passing = "expect.equal(1 + 1, 2)\n"

    /// Three scripts; the middle one crashes in its top level.
    static let suite = [
        "suite/a-first.lua": passing,
        "suite/b-crash.lua": crashingCode + "\ncrash()\n",
        "suite/c-last.lua": passing,
    ]

    static let crashMessage =
        #"crashed (SIGSEGV) while running scenario "b-crash"; the rest of the script did not run"#

    @Test(arguments: [[], ["-j", "1"], ["-j", "3"]])
    func crashFailsItsScriptAndTheOthersAreReported(jobs: [String]) throws {
        let result = try withTemporaryFolder(Self.suite) { folder in
            try runBinary(arguments: ["test", "suite", "--unsafe"] + jobs, in: folder, timeLimit: 120)
        }
        #expect(result.status == 1, "stderr: \(result.stderr.prefix(2000))")
        let lines = Outcome.lines(result.stdout)
        #expect(lines.first?.hasPrefix("✓ suite/a-first.lua: a-first (") == true, "stdout: \(result.stdout)")
        #expect(
            lines.dropFirst().first?.hasPrefix("✗ suite/b-crash.lua: b-crash (") == true, "stdout: \(result.stdout)")
        #expect(lines.dropFirst(2).first?.hasPrefix("✓ suite/c-last.lua: c-last (") == true, "stdout: \(result.stdout)")
        #expect(lines.contains("suite/b-crash.lua: " + Self.crashMessage), "stdout: \(result.stdout)")
        #expect(lines.contains("    next: vcsandbox run suite/b-crash.lua --unsafe"), "stdout: \(result.stdout)")
        #expect(lines.last == "2 passed, 1 failed")
    }

    @Test(arguments: BatchReportKind.allCases)
    func reportWithACrashIsTheSameWhateverTheJobs(kind: BatchReportKind) throws {
        let suite = Self.suite.merging(["suite/d-after.lua": Self.passing, "suite/e-more.lua": Self.passing]) { $1 }
        let (one, three) = try withTemporaryFolder(suite) { folder in
            let arguments = ["test", "suite", "--unsafe", "--reporter", kind.rawValue]
            return (
                try runBinary(arguments: arguments + ["-j", "1"], in: folder, timeLimit: 120),
                try runBinary(arguments: arguments + ["-j", "3"], in: folder, timeLimit: 120)
            )
        }
        #expect(one.status == 1 && three.status == 1, "stderr: \(one.stderr.prefix(2000))")
        let (first, count) = kind.withoutTimings(one.stdout)
        #expect(count == kind.timingCount(scenarios: 5, failed: 1, files: 5), "timings found in:\n\(one.stdout)")
        #expect(first == kind.withoutTimings(three.stdout).text)
        #expect(first.contains("crashed (SIGSEGV)"))
    }

    @Test func tapNamesTheCrashedScript() throws {
        let result = try withTemporaryFolder(Self.suite) { folder in
            try runBinary(arguments: ["test", "suite", "--unsafe", "--reporter", "tap"], in: folder, timeLimit: 120)
        }
        #expect(result.status == 1)
        let lines = Outcome.lines(result.stdout)
        #expect(lines.prefix(3) == ["TAP version 13", "1..3", "ok 1 - suite/a-first.lua: a-first"])
        #expect(lines.contains("not ok 2 - suite/b-crash.lua: b-crash"), "stdout: \(result.stdout)")
        #expect(lines.contains("  message: " + Self.crashMessage), "stdout: \(result.stdout)")
        #expect(lines.contains("ok 3 - suite/c-last.lua: c-last"))
        #expect(lines.last == "# 2 passed, 1 failed")
    }

    @Test func junitNamesTheCrashedScript() throws {
        let result = try withTemporaryFolder(Self.suite) { folder in
            try runBinary(arguments: ["test", "suite", "--unsafe", "--reporter", "junit"], in: folder, timeLimit: 120)
        }
        #expect(result.status == 1)
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let cases = try root.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        let crashed = try #require(
            cases.first { $0.attribute(forName: "classname")?.stringValue == "suite/b-crash.lua" })
        #expect(crashed.attribute(forName: "name")?.stringValue == "b-crash")
        let failure = try #require(crashed.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "suite/b-crash.lua: " + Self.crashMessage)
        let passed = cases.filter { $0.elements(forName: "failure").isEmpty }.compactMap {
            $0.attribute(forName: "classname")?.stringValue
        }
        #expect(passed == ["suite/a-first.lua", "suite/c-last.lua"])
    }

    /// A crash in a declared scenario names that scenario; its line is not known.
    @Test func crashInADeclaredScenarioNamesIt() throws {
        let scenarios = """
            scenario("one", function() expect.equal(1, 1) end)
            scenario("two", function() crash() end)
            scenario("three", function() expect.equal(1, 1) end)
            """
        let script = Self.crashingCode + "\n" + scenarios
        let result = try withTemporaryFolder(["suite/x.lua": script, "suite/y.lua": Self.passing]) { folder in
            try runBinary(arguments: ["test", "suite", "--unsafe", "--reporter", "tap"], in: folder, timeLimit: 120)
        }
        #expect(result.status == 1)
        let lines = Outcome.lines(result.stdout)
        #expect(lines.contains("not ok 1 - suite/x.lua: two"), "stdout: \(result.stdout)")
        let message = #"  message: crashed (SIGSEGV) while running scenario "two"; the rest of the script did not run"#
        #expect(lines.contains(message), "stdout: \(result.stdout)")
        #expect(lines.contains("ok 2 - suite/y.lua: y"))
    }

    /// `os.exit` under `--unsafe` ends the worker, not the batch.
    @Test func scriptThatExitsTheProcessFailsAlone() throws {
        let files = ["suite/a.lua": Self.passing, "suite/b.lua": "os.exit(3)\n", "suite/c.lua": Self.passing]
        let result = try withTemporaryFolder(files) { folder in
            try runBinary(arguments: ["test", "suite", "--unsafe", "-j", "1"], in: folder, timeLimit: 120)
        }
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let message =
            #"suite/b.lua: ended its process with exit status 3 while running scenario "b"; "#
            + "the rest of the script did not run"
        #expect(Outcome.lines(result.stdout).contains(message), "stdout: \(result.stdout)")
        #expect(Outcome.lines(result.stdout).last == "2 passed, 1 failed")
    }

    /// A crash is a failure, so `--fail-fast` starts nothing after it.
    @Test func crashStopsAFailFastRun() throws {
        let result = try withTemporaryFolder(Self.suite) { folder in
            try runBinary(
                arguments: ["test", "suite", "--unsafe", "-j", "1", "--fail-fast"], in: folder, timeLimit: 120)
        }
        #expect(result.status == 1)
        #expect(Outcome.lines(result.stdout).last == "1 passed, 1 failed", "stdout: \(result.stdout)")
        #expect(!result.stdout.contains("c-last"))
        #expect(result.stderr.contains("vcsandbox: --fail-fast: 1 script was not run after a failure"))
    }

    /// A scenario stuck inside a C function, where no time limit reaches, has its worker
    /// killed (D-45): the script that runs next, in a fresh worker, finds the stuck one's
    /// process gone. (A stuck thread, as before, would still be running in the same process.)
    @Test func stuckWorkerIsKilledAndItsScriptReported() throws {
        let hanging = """
            local stat = assert(io.open("/proc/self/stat"))
            local out = assert(io.open("stuck.pid", "w"))
            out:write(stat:read("n"))
            out:close()
            stat:close()
            print(string.find(string.rep("a", 30000), ".-.-.-.-.-.-b"))
            """
        let checking = """
            local pid = assert(io.open("stuck.pid")):read("a")
            expect.equal(io.open("/proc/" .. pid .. "/stat"), nil)
            """
        let files = ["suite/a-stuck.lua": hanging, "suite/b-check.lua": checking]
        // "timed out" proves the watchdog ended it; the time limit only guards against a hang.
        let result = try withTemporaryFolder(files) { folder in
            try runBinary(
                arguments: ["test", "suite", "--unsafe", "--timeout", "1", "-j", "1"], in: folder, timeLimit: 120)
        }
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let lines = Outcome.lines(result.stdout)
        let message =
            "suite/a-stuck.lua: timed out: the scenario was still running after 6 s, inside the engine or a Lua "
            + "library function where the time limit cannot stop it; the rest of the script did not run"
        #expect(lines.contains(message), "stdout: \(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("✓ suite/b-check.lua: b-check") }, "stdout: \(result.stdout)")
        #expect(lines.last == "1 passed, 1 failed")
    }

    /// `vcsandbox test` killed outright (a CI job's time limit) takes its workers with it,
    /// even one stuck where nothing reaches it: none is left running a core.
    @Test func killedBatchLeavesNoWorkerRunning() throws {
        let hanging = """
            local stat = assert(io.open("/proc/self/stat"))
            local pid = stat:read("n")
            stat:close()
            local out = assert(io.open("worker.pid.tmp", "w"))
            out:write(pid)
            out:close()
            assert(os.rename("worker.pid.tmp", "worker.pid"))
            print(string.find(string.rep("a", 30000), ".-.-.-.-.-.-b"))
            """
        try withTemporaryFolder(["stuck.lua": hanging]) { folder in
            let process = Process()
            process.executableURL = binary
            process.arguments = ["test", "stuck.lua", "--unsafe", "--timeout", "600"]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let pidFile = folder.appendingPathComponent("worker.pid").path
            try waitUntil("the worker wrote its id") { FileManager.default.fileExists(atPath: pidFile) }
            let worker = try String(contentsOfFile: pidFile, encoding: .utf8)
            #expect(Int32(worker) != process.processIdentifier, "the script ran in the process of `test` itself")
            kill(process.processIdentifier, SIGKILL)
            // Gone, or a zombie nobody reaps (the container's first process may not): not running.
            try waitUntil("worker \(worker) ended") {
                let stat = try? String(contentsOfFile: "/proc/\(worker)/stat", encoding: .utf8)
                return stat.map { $0.split(separator: ")").last?.split(separator: " ").first == "Z" } ?? true
            }
            process.waitUntilExit()
        }
    }

    @Test func workerCommandIsHiddenAndRefusedByHand() throws {
        let help = try withTemporaryFolder { try runBinary(arguments: ["--help"], in: $0) }
        #expect(help.status == 0)
        #expect(help.stdout.contains("test"))
        #expect(!help.stdout.contains("test-worker"))
        let byHand = try withTemporaryFolder { try runBinary(arguments: ["test-worker"], in: $0) }
        #expect(byHand.status == 2)
        #expect(byHand.stderr.contains("test-worker runs scripts for `vcsandbox test`, which starts it"))
    }
}

/// Checks `condition` every 50 ms until it holds; fails after two minutes, a guard against a
/// hang far above any machine's load, never a race.
private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw WaitedTooLong(what: what) }
        Thread.sleep(forTimeInterval: 0.05)
    }
}

private struct WaitedTooLong: Error, CustomStringConvertible {
    var what: String
    var description: String { "waited two minutes for this, in vain: \(what)" }
}
