import Foundation
import Testing

/// `vcsandbox test --reporter tap` read by `prove` (TAP::Harness), TAP's reference consumer
/// (issue 16, D-75): every test is counted, the failures and the directives too, however
/// many YAMLish blocks come before them. And scenarios that were not run through the binary:
/// counted as skipped by every reporter, never failing the run.

/// Three failing scenarios (an expectation, an override's error, a runtime error), four
/// passing ones, one skipped and one to do, in the order the report gives them.
private let proveSuite = [
    "suite/a-pass.lua": """
    expect.equal(1 + 1, 2)
    """,
    "suite/b-fail.lua": """
    local p = Controller "P"
    Window { root = p }
    settle()
    print("about to compare")
    expect [[
      P.viewDidLoad()
      P.viewWillAppear(true)
      P.viewDidAppear(false)
    ]]
    """,
    "suite/c-boom.lua": """
    local p = Controller { "P", viewWillAppear = function(self) error("boom: \\"quoted\\"\\n\\tsecond line") end }
    Window { root = p }
    settle()
    """,
    "suite/d-print.lua": """
    print("a line: with # signs\\n\\n  and ---\\n...")
    assert(true)
    """,
    "suite/e-multi.lua": """
    scenario("first", function() expect.none "A.*" end)
    scenario("second # crashes", function() print("hi"); local missing = nil; print(missing.field) end)
    scenario("third", function() note "x"; expect.order "note: x" end)
    """,
    "suite/f-later.lua": """
    scenario.skip("later", function() error("never run") end)
    scenario.todo("some day", function() error("never run") end)
    """,
]

/// Whether `prove` is on the path.
private let proveIsInstalled: Bool = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/prove") }
}()

/// Runs `prove` in `folder` with `arguments`; its status and its standard output and error.
private func runProve(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["prove"] + arguments
    process.currentDirectoryURL = folder
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("vcsandbox test read by prove")
struct ProveTests {
    @Test(.enabled(if: proveIsInstalled, "prove (Perl's TAP::Harness) is not installed; Debian's perl has it"))
    func proveCountsEveryTestAndTheThreeFailures() throws {
        try withTemporaryFolder(proveSuite) { folder in
            let run = try runBinary(
                arguments: ["test", "suite", "--reporter", "tap", "--output", "report.tap", "-j", "2"], in: folder)
            #expect(run.status == 1, "stderr: \(run.stderr)")
            #expect(Outcome.lines(run.stderr).last == "4 passed, 3 failed, 2 skipped")
            let prove = try runProve(["-v", "-e", "cat", "report.tap"], in: folder)
            let report = try String(contentsOf: folder.appendingPathComponent("report.tap"), encoding: .utf8)
            let context = "prove said:\n\(prove.output)\nof the report:\n\(report)"
            #expect(prove.status == 1, "\(context)")
            #expect(!prove.output.contains("Parse errors"), "\(context)")
            #expect(!prove.output.contains("Bad plan"), "\(context)")
            #expect(prove.output.contains("Files=1, Tests=9,"), "\(context)")
            #expect(prove.output.contains("report.tap (Wstat: 0 Tests: 9 Failed: 3)"), "\(context)")
            #expect(prove.output.contains("  Failed tests:  2-3, 6\n"), "\(context)")
            #expect(prove.output.contains("(less 1 skipped subtest: 5 okay)"), "\(context)")
            #expect(prove.output.contains("\nok 8 - suite/f-later.lua: later # SKIP\n"), "\(context)")
            #expect(prove.output.contains("\nnot ok 9 - suite/f-later.lua: some day # TODO\n"), "\(context)")
            let points = Outcome.lines(prove.output).filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
            #expect(points.count == 9, "prove read every test point, in: \(context)")
        }
    }

    @Test func scenariosNotRunAreSkippedInEveryReportAndFailNothing() throws {
        let files = [
            "suite/a-pass.lua": proveSuite["suite/a-pass.lua"]!, "suite/f-later.lua": proveSuite["suite/f-later.lua"]!,
        ]
        try withTemporaryFolder(files) { folder in
            let human = try runBinary(arguments: ["test", "suite"], in: folder)
            #expect(human.status == 0, "stderr: \(human.stderr)")
            let lines = Outcome.lines(human.stdout).map { $0.replacing(/\ \((<1|\d+) ms\)$/, with: "") }
            #expect(
                lines == [
                    "✓ suite/a-pass.lua: a-pass", "○ suite/f-later.lua: later (skipped)",
                    "○ suite/f-later.lua: some day (to do)", "", "1 passed, 0 failed, 2 skipped",
                ])
            let tap = try runBinary(arguments: ["test", "suite", "--reporter", "tap"], in: folder)
            #expect(tap.status == 0)
            #expect(
                tap.stdout == """
                    TAP version 13
                    1..3
                    ok 1 - suite/a-pass.lua: a-pass
                    ok 2 - suite/f-later.lua: later # SKIP
                    not ok 3 - suite/f-later.lua: some day # TODO
                    # 1 passed, 0 failed, 2 skipped

                    """)
            let json = try runBinary(arguments: ["test", "suite", "--reporter", "json"], in: folder)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["skipped"] as? Int == 2)
            let statuses = (object["scenarios"] as? [[String: Any]])?.map { $0["status"] as? String }
            #expect(statuses == ["passed", "skipped", "todo"])
            let junit = try runBinary(arguments: ["test", "suite", "--reporter", "junit"], in: folder)
            #expect(
                junit.stdout.contains(
                    #"<testsuite name="suite/f-later.lua" tests="2" failures="0" errors="0" skipped="2""#))
            #expect(junit.stdout.contains("<skipped/>") && junit.stdout.contains(#"<skipped message="to do"/>"#))
            let run = try runBinary(arguments: ["run", "suite/f-later.lua", "--trace"], in: folder)
            #expect(run.status == 0)
            #expect(run.stdout == "-- later (skipped)\n-- some day (to do)\n")
        }
    }
}
