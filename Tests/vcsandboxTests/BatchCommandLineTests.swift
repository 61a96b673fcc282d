import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Black-box tests of `vcsandbox test` (SPEC.md §2, §5, §6, §8): the four reports read back
/// with real parsers, the same report whatever `--jobs` is, the hostile scripts of
/// `Tests/fixtures/hostile`, the `--record` and `--accept` round trips, `--filter` and
/// `--shard`, and the sandbox seen from a script.

// MARK: - A small suite

/// Passes: a window's root controller appears without animation.
private let passingScript = """
    local p = Controller "P"
    Window { root = p }
    settle()
    expect [[
      P.viewDidLoad()
      P.viewWillAppear(false)
      P.viewDidAppear(false)
    ]]
    """

/// Prints, then fails at the `expect` on line 5: the second line differs.
private let failingScript = """
    local p = Controller "P"
    Window { root = p }
    settle()
    print("about to compare")
    expect [[
      P.viewDidLoad()
      P.viewWillAppear(true)
      P.viewDidAppear(false)
    ]]
    """

/// An override on line 2 raises while the window on line 3 makes its root appear.
private let crashingScript = """
    -- a comment
    local p = Controller { "P", viewWillAppear = function(self) error("boom") end }
    Window { root = p }
    settle()
    """

/// Passes, printing the characters every markup language escapes.
private let printingScript = """
    print("hello <&> \\"world\\" 'there'")
    expect.equal(1 + 1, 2)
    """

/// Three scenarios; the second prints, then raises a Lua runtime error on line 13.
private let multiScenarioScript = """
    scenario("first", function()
      local p = Controller "P"
      Window { root = p }
      settle()
      expect [[
        P.viewDidLoad()
        P.viewWillAppear(false)
        P.viewDidAppear(false)
      ]]
    end)
    scenario("second crashes", function()
      print("second says hi")
      local missing = nil
      print(missing.field)
    end)
    scenario("third", function()
      local q = Controller "Q"
      Window { root = q }
      settle()
      expect [[
        Q.viewDidLoad()
        Q.viewWillAppear(false)
        Q.viewDidAppear(false)
      ]]
    end)
    """

/// Five scripts under `suite/`: seven scenarios, four passing and three failing.
private let smallSuite = [
    "suite/a-pass.lua": passingScript,
    "suite/b-fail.lua": failingScript,
    "suite/c-boom.lua": crashingScript,
    "suite/d-print.lua": printingScript,
    "suite/e-multi.lua": multiScenarioScript,
]

/// The small suite's scenarios in report order, and whether each passes.
private let smallSuiteScenarios: [(title: String, passes: Bool)] = [
    ("suite/a-pass.lua: a-pass", true),
    ("suite/b-fail.lua: b-fail", false),
    ("suite/c-boom.lua: c-boom", false),
    ("suite/d-print.lua: d-print", true),
    ("suite/e-multi.lua: first", true),
    ("suite/e-multi.lua: second crashes", false),
    ("suite/e-multi.lua: third", true),
]

// MARK: - Running

/// Writes `files` to a fresh folder and runs the binary there.
private func runSuite(
    _ arguments: [String], files: [String: String], timeLimit: TimeInterval = 30
) throws -> Outcome {
    try withTemporaryFolder(files) { try runBinary(arguments: arguments, in: $0, timeLimit: timeLimit) }
}

/// A report that does not have the shape its format requires.
private struct MalformedReport: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Reading the JSON report

/// The JSON report, read with `JSONSerialization`.
private struct JSONReport {
    struct Scenario {
        var file: String
        var name: String
        var passed: Bool
        var seconds: Double
        var output: String
        var failure: Failure?
        var title: String { "\(file): \(name)" }
    }

    struct Failure {
        var location: String?
        var message: String
        var details: String
    }

    var passed: Int
    var failed: Int
    var scenarios: [Scenario]

    init(_ text: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let root = object as? [String: Any], let passed = root["passed"] as? Int,
            let failed = root["failed"] as? Int, let scenarios = root["scenarios"] as? [[String: Any]]
        else { throw MalformedReport("no passed, failed and scenarios at the top: \(text.prefix(300))") }
        self.passed = passed
        self.failed = failed
        self.scenarios = try scenarios.map(Self.scenario)
    }

    private static func scenario(_ object: [String: Any]) throws -> Scenario {
        guard let file = object["file"] as? String, let name = object["name"] as? String,
            let status = object["status"] as? String, ["passed", "failed"].contains(status),
            let seconds = (object["seconds"] as? NSNumber)?.doubleValue, seconds >= 0,
            let output = object["output"] as? String, let failure = object["failure"]
        else { throw MalformedReport("a scenario without file, name, status, seconds, output, failure: \(object)") }
        guard status == "passed" ? failure is NSNull : failure is [String: Any] else {
            throw MalformedReport("status \(status) with failure \(failure)")
        }
        return Scenario(
            file: file, name: name, passed: status == "passed", seconds: seconds, output: output,
            failure: try (failure as? [String: Any]).map(Self.failure))
    }

    private static func failure(_ object: [String: Any]) throws -> Failure {
        guard let message = object["message"] as? String, let details = object["details"] as? String,
            object["location"] is String || object["location"] is NSNull
        else { throw MalformedReport("a failure without location, message and details: \(object)") }
        return Failure(location: object["location"] as? String, message: message, details: details)
    }

    func scenario(_ title: String) throws -> Scenario {
        try #require(scenarios.first { $0.title == title }, "no scenario \(title) in \(scenarios.map(\.title))")
    }
}

// MARK: - Reading the TAP report

/// A TAP version 13 report, read strictly: the version line, the plan, test points numbered
/// from 1 with YAML blocks only after failing ones, `#` diagnostics, and nothing else.
private struct TAPReport {
    struct TestPoint {
        var ok: Bool
        var description: String
        /// The lines of its YAML block, without `---` and `...`.
        var yaml: [String]
    }

    var plan: Int
    var tests: [TestPoint] = []
    var lastLine: String

    init(_ text: String) throws {
        let lines = Outcome.lines(text)
        guard text.hasSuffix("\n"), lines.count >= 2, lines[0] == "TAP version 13" else {
            throw MalformedReport("a TAP 13 report starts with `TAP version 13`: \(text.prefix(200))")
        }
        guard lines[1].hasPrefix("1.."), let plan = Int(lines[1].dropFirst(3)) else {
            throw MalformedReport("no plan `1..N` on the second line: \(lines[1])")
        }
        self.plan = plan
        lastLine = lines[lines.count - 1]
        var index = 2
        while index < lines.count {
            index = try read(lines, at: index)
        }
        guard tests.count == plan else { throw MalformedReport("plan 1..\(plan) but \(tests.count) test points") }
    }

    /// Reads the line at `index` (and a YAML block after a test point); returns the next index.
    private mutating func read(_ lines: [String], at index: Int) throws -> Int {
        let line = lines[index]
        if line.hasPrefix("#") { return index + 1 }
        let ok = line.hasPrefix("ok ")
        guard ok || line.hasPrefix("not ok ") else { throw MalformedReport("not a TAP line: \(line)") }
        let rest = line.dropFirst(ok ? 3 : 7)
        let number = "\(tests.count + 1)"
        guard rest.hasPrefix(number + " - ") else {
            throw MalformedReport("test point \(tests.count + 1) numbered otherwise: \(line)")
        }
        var point = TestPoint(ok: ok, description: String(rest.dropFirst(number.count + 3)), yaml: [])
        var next = index + 1
        if next < lines.count, lines[next] == "  ---" {
            guard let end = lines[next...].firstIndex(of: "  ...") else { throw MalformedReport("an open YAML block") }
            point.yaml = Array(lines[(next + 1)..<end])
            guard point.yaml.allSatisfy({ $0.isEmpty || $0.hasPrefix("  ") }) else {
                throw MalformedReport("a YAML line less indented than its block: \(point.yaml)")
            }
            next = end + 1
        }
        tests.append(point)
        return next
    }

    var failedCount: Int { tests.count { !$0.ok } }
}

// MARK: - Reading the JUnit report

/// Whether `data` is well-formed XML by `XMLParser`, which (unlike `XMLDocument` on Linux)
/// rejects a broken document; the parser's error otherwise.
private func xmlProblem(_ data: Data) -> String? {
    let parser = XMLParser(data: data)
    let parsed = parser.parse()
    guard parsed, parser.parserError == nil else {
        return "XMLParser: \(parser.parserError.map { "\($0)" } ?? "parse() returned false")"
            + " at line \(parser.lineNumber)"
    }
    return nil
}

/// The value of an element's attribute.
private func attribute(_ name: String, of element: XMLElement) -> String? {
    element.attribute(forName: name)?.stringValue
}

// MARK: - Timings

/// The four report formats, each with the only part of its text that may change between
/// runs: the timings (SPEC §2).
enum BatchReportKind: String, CaseIterable, CustomTestStringConvertible {
    case human, tap, junit, json

    var testDescription: String { rawValue }

    /// The report with every timing replaced by `<t>`, and how many were replaced.
    ///
    /// human: the ` (N ms)` or ` (<1 ms)` ending a scenario line; JUnit: every `time="…"`;
    /// JSON: every `"seconds": …`; TAP: every `duration_ms:` line of a YAML block.
    func withoutTimings(_ report: String) -> (text: String, count: Int) {
        var count = 0
        let lines = Outcome.lines(report).map { line in
            guard self != .human || line.hasPrefix("✓ ") || line.hasPrefix("✗ ") else { return line }
            count += line.matches(of: timing).count
            return line.replacing(timing, with: replacement)
        }
        return (lines.joined(separator: "\n") + "\n", count)
    }

    /// A timing in one line of the report (for the human report, in a scenario's line).
    private var timing: Regex<Substring> {
        switch self {
        case .human: /\ \((?:<1|\d+)\ ms\)$/
        case .tap: /^\ \ duration_ms:\ \d+\.\d{3}$/
        case .junit: /\ time="\d+\.\d{6}"/
        case .json: /"seconds":\ \d+\.\d{6},$/
        }
    }

    private var replacement: String {
        switch self {
        case .human: " (<t>)"
        case .tap: "  duration_ms: <t>"
        case .junit: #" time="<t>""#
        case .json: #""seconds": <t>,"#
        }
    }

    /// How many timings a report of these results holds.
    func timingCount(scenarios: Int, failed: Int, files: Int) -> Int {
        switch self {
        case .human: scenarios
        case .tap: failed
        case .junit: scenarios + files + 1
        case .json: scenarios
        }
    }
}

// MARK: - Reporters

@Suite("vcsandbox test: reports")
struct BatchReportTests {
    @Test func junitReportParsesAsXMLWithTheRightCounts() throws {
        try withTemporaryFolder(smallSuite) { folder in
            let result = try runBinary(
                arguments: ["test", "suite", "--reporter", "junit", "--output", "report.xml"], in: folder)
            #expect(result.status == 1, "stderr: \(result.stderr)")
            #expect(result.stdout == "", "--output writes the report to the file only")
            #expect(Outcome.lines(result.stderr).last == "4 passed, 3 failed", "stderr: \(result.stderr)")
            let data = try Data(contentsOf: folder.appendingPathComponent("report.xml"))
            let problem = xmlProblem(data)
            try #require(problem == nil, "\(problem ?? "")\n\(String(decoding: data, as: UTF8.self))")
            try checkJUnit(try XMLDocument(data: data))
        }
    }

    private func checkJUnit(_ document: XMLDocument) throws {
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(attribute("tests", of: root) == "7")
        #expect(attribute("failures", of: root) == "3")
        #expect(attribute("errors", of: root) == "0")
        let suites = root.elements(forName: "testsuite")
        let expected: [(String, tests: Int, failures: Int)] = [
            ("suite/a-pass.lua", 1, 0), ("suite/b-fail.lua", 1, 1), ("suite/c-boom.lua", 1, 1),
            ("suite/d-print.lua", 1, 0), ("suite/e-multi.lua", 3, 1),
        ]
        #expect(suites.map { attribute("name", of: $0) ?? "?" } == expected.map(\.0))
        for (suite, (name, tests, failures)) in zip(suites, expected) {
            #expect(attribute("tests", of: suite) == "\(tests)", "testsuite \(name)")
            #expect(attribute("failures", of: suite) == "\(failures)", "testsuite \(name)")
            #expect(suite.elements(forName: "testcase").count == tests, "testsuite \(name)")
            #expect(suite.elements(forName: "testcase").count { !$0.elements(forName: "failure").isEmpty } == failures)
        }
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        let titles = cases.map { "\(attribute("classname", of: $0) ?? "?"): \(attribute("name", of: $0) ?? "?")" }
        #expect(titles == smallSuiteScenarios.map(\.title))
        #expect(cases.map { $0.elements(forName: "failure").isEmpty } == smallSuiteScenarios.map(\.passes))
        #expect(cases.map { attribute("file", of: $0) } == cases.map { attribute("classname", of: $0) })
        #expect(cases.map { attribute("line", of: $0) } == ["1", "1", "1", "1", "1", "11", "16"])
        for element in [root] + suites + cases {
            #expect(attribute("time", of: element).flatMap(Double.init) != nil, "time of \(element.name ?? "?")")
        }
        try checkJUnitFailures(cases)
    }

    private func checkJUnitFailures(_ cases: [XMLElement]) throws {
        let failed = try #require(cases[1].elements(forName: "failure").first)
        let message = try #require(attribute("message", of: failed))
        #expect(message.hasPrefix("suite/b-fail.lua:5: expectation failed"), "message: \(message)")
        let text = failed.stringValue ?? ""
        #expect(text.contains("- P.viewWillAppear(true)\n+ P.viewWillAppear(false)"), "failure text: \(text)")
        #expect(cases[1].elements(forName: "system-out").first?.stringValue == "about to compare\n")
        let crashed = try #require(cases[2].elements(forName: "failure").first)
        #expect(attribute("message", of: crashed) == "suite/c-boom.lua:2: boom")
        #expect(cases[3].elements(forName: "system-out").first?.stringValue == "hello <&> \"world\" 'there'\n")
        let runtime = try #require(cases[5].elements(forName: "failure").first)
        #expect(
            attribute("message", of: runtime)?.hasPrefix("suite/e-multi.lua:14: attempt to index a nil value") == true)
        #expect(cases[5].elements(forName: "system-out").first?.stringValue == "second says hi\n")
    }

    @Test func tapReportParsesAsTAP13() throws {
        let result = try runSuite(["test", "suite", "--reporter", "tap"], files: smallSuite)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let tap = try TAPReport(result.stdout)
        #expect(tap.plan == 7)
        #expect(tap.tests.map(\.description) == smallSuiteScenarios.map(\.title))
        #expect(tap.tests.map(\.ok) == smallSuiteScenarios.map(\.passes))
        #expect(tap.failedCount == 3)
        #expect(tap.lastLine == "# 4 passed, 3 failed")
        let failing = tap.tests[1].yaml
        #expect(failing.contains("  at: suite/b-fail.lua:5"), "YAML: \(failing)")
        #expect(
            failing.contains(
                #"  details: "  P.viewDidLoad()\n- P.viewWillAppear(true)\n+ P.viewWillAppear(false)\n  P.viewDidAppear(false)""#
            ), "a diff starting with a context line is quoted (D-75), in: \(failing)")
        #expect(failing.contains("  output: |"), "YAML: \(failing)")
        #expect(failing.contains("    about to compare"), "the captured output, in: \(failing)")
        #expect(tap.tests.allSatisfy { $0.ok == $0.yaml.isEmpty }, "a YAML block after each failure only")
    }

    @Test func jsonReportParsesWithCountsAndAnObjectPerScenario() throws {
        let result = try runSuite(["test", "suite", "--reporter", "json"], files: smallSuite)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let report = try JSONReport(result.stdout)
        #expect(report.passed == 4)
        #expect(report.failed == 3)
        #expect(report.scenarios.map(\.title) == smallSuiteScenarios.map(\.title))
        #expect(report.scenarios.map(\.passed) == smallSuiteScenarios.map(\.passes))
        let failing = try report.scenario("suite/b-fail.lua: b-fail")
        #expect(failing.failure?.location == "suite/b-fail.lua:5")
        #expect(failing.failure?.message.hasPrefix("expectation failed: first difference at line 2") == true)
        #expect(failing.failure?.details.contains("- P.viewWillAppear(true)\n+ P.viewWillAppear(false)") == true)
        #expect(failing.output == "about to compare\n")
        let crashed = try report.scenario("suite/c-boom.lua: c-boom")
        #expect(crashed.failure?.location == "suite/c-boom.lua:2")
        #expect(crashed.failure?.message == "boom")
        #expect(crashed.failure?.details.hasPrefix("stack traceback:") == true)
        #expect(try report.scenario("suite/d-print.lua: d-print").output == "hello <&> \"world\" 'there'\n")
    }

    @Test func humanReportEndsWithTotalsAndHasNoColourOffATerminal() throws {
        let result = try runSuite(["test", "suite"], files: smallSuite)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let lines = Outcome.lines(result.stdout)
        #expect(lines.last == "4 passed, 3 failed")
        #expect(!result.stdout.contains("\u{1B}"), "no ANSI escape when stdout is not a terminal")
        let summary = lines.prefix(7).map { $0.replacing(/\ \((<1|\d+) ms\)$/, with: "") }
        #expect(summary == smallSuiteScenarios.map { ($0.passes ? "✓ " : "✗ ") + $0.title })
    }

    /// `script` (util-linux) gives the binary a terminal for its standard output.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func humanReportIsColouredOnATerminalUnlessNoColorIsSet() throws {
        try withTemporaryFolder(smallSuite) { folder in
            let coloured = try runInTerminal("\(binary.path) test suite/a-pass.lua", noColor: false, in: folder)
            #expect(
                coloured.contains("\u{1B}[32m✓\u{1B}[0m suite/a-pass.lua: a-pass"),
                "output: \(coloured.debugDescription)")
            #expect(coloured.hasSuffix("\n1 passed, 0 failed\n"), "the totals stay plain: \(coloured.debugDescription)")
            let plain = try runInTerminal("\(binary.path) test suite/a-pass.lua", noColor: true, in: folder)
            #expect(!plain.contains("\u{1B}"), "NO_COLOR is honoured: \(plain.debugDescription)")
            #expect(plain.hasPrefix("✓ suite/a-pass.lua: a-pass"))
        }
    }

    /// Runs a shell command with a pseudo-terminal as its standard output; returns what it
    /// wrote there, with the terminal's `\r\n` line ends read back as `\n`.
    private func runInTerminal(_ command: String, noColor: Bool, in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColor ? "1" : nil
        process.environment = environment
        let output = folder.appendingPathComponent("terminal-output")
        try Data().write(to: output)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try String(contentsOf: output, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test func allPassingRunExitsZero() throws {
        let result = try runSuite(["test", "suite/a-pass.lua", "suite/d-print.lua"], files: smallSuite)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(Outcome.lines(result.stdout).last == "2 passed, 0 failed")
    }

    @Test(arguments: [
        (["--jobs", "0"], "--jobs"),
        (["-j", "0"], "--jobs"),
        (["--shard", "3/2"], "--shard"),
        (["--shard", "0/3"], "--shard"),
        (["--reporter", "xml"], "'human', 'tap', 'junit', 'json' or 'html'"),
        (["--timeout", "0"], "--timeout"),
        (["--timeout", "-1"], "--timeout must be a number of seconds above 0"),
        (["no-such-folder"], "no-such-folder"),
    ])
    func usageErrorExitsTwoNamingTheProblem(arguments: [String], named: String) throws {
        let result = try runSuite(["test", "suite"] + arguments, files: smallSuite)
        #expect(result.status == 2, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(result.stderr.contains(named), "stderr: \(result.stderr)")
        #expect(result.stdout == "", "no report after a usage error")
    }

    @Test func unwritableOutputExitsTwo() throws {
        let result = try runSuite(
            ["test", "suite/a-pass.lua", "--reporter", "junit", "--output", "no-such-folder/report.xml"],
            files: smallSuite)
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(
            result.stderr.contains("cannot write the report to no-such-folder/report.xml"), "stderr: \(result.stderr)")
    }
}

// MARK: - Failures in context

@Suite("vcsandbox test: failures")
struct BatchFailureTests {
    @Test func failureShowsItsCapturedOutputInTheHumanReport() throws {
        let result = try runSuite(["test", "suite"], files: smallSuite)
        let lines = Outcome.lines(result.stdout)
        let start = try #require(lines.firstIndex(of: "✗ suite/b-fail.lua: b-fail"), "stdout: \(result.stdout)")
        let section = Array(lines[start...].prefix { !$0.isEmpty })
        #expect(
            section == [
                "✗ suite/b-fail.lua: b-fail",
                "suite/b-fail.lua:5: expectation failed: first difference at line 2 of the expected block: "
                    + #"expected "P.viewWillAppear(true)", but the trace has "P.viewWillAppear(false)""#,
                "      P.viewDidLoad()",
                "    - P.viewWillAppear(true)",
                "    + P.viewWillAppear(false)",
                "      P.viewDidAppear(false)",
                "    next: vcsandbox test --accept suite/b-fail.lua   (takes the actual trace as expected; review the diff)",
                "    output:",
                "        about to compare",
            ])
        let crash = try #require(lines.firstIndex(of: "✗ suite/e-multi.lua: second crashes"))
        let crashSection = lines[crash...].prefix { !$0.isEmpty }
        #expect(
            crashSection.dropFirst().first?.hasPrefix("suite/e-multi.lua:14: attempt to index a nil value") == true,
            "section: \(crashSection)")
        #expect(crashSection.suffix(2) == ["    output:", "        second says hi"], "section: \(crashSection)")
        #expect(!lines.contains("✗ suite/d-print.lua: d-print"), "a passing scenario's output is not shown")
    }

    @Test func aFailedDeclaredScenarioShowsWhatTheTopLevelPrintedBeforeItsOwnOutput() throws {
        let script = """
            print("top level: helpers ready")
            scenario("passes", function() expect.equal(1, 1) end)
            scenario("fails", function()
              print("inside")
              expect.equal(1, 2)
            end)
            """
        let human = try runSuite(["test", "t.lua"], files: ["t.lua": script])
        #expect(human.status == 1)
        let lines = Outcome.lines(human.stdout)
        let start = try #require(lines.firstIndex(of: "✗ t.lua: fails"), "stdout: \(human.stdout)")
        #expect(
            Array(lines[start...].prefix { !$0.isEmpty }) == [
                "✗ t.lua: fails", "t.lua:5: expect.equal: the values differ", "    expected: 2", "      actual: 1",
                "    output:", "        top level: helpers ready", "        inside",
            ])
        let json = try JSONReport(
            try runSuite(["test", "t.lua", "--reporter", "json"], files: ["t.lua": script]).stdout)
        #expect(try json.scenario("t.lua: passes").output == "", "a passing scenario's output is its own")
        #expect(try json.scenario("t.lua: fails").output == "top level: helpers ready\ninside\n")
    }

    @Test func erroringScenarioDoesNotStopTheOthers() throws {
        let result = try runSuite(["test", "suite", "-j", "1", "--reporter", "json"], files: smallSuite)
        let report = try JSONReport(result.stdout)
        // c-boom's error stops neither the scripts after it nor, in e-multi, the third scenario.
        #expect(try report.scenario("suite/c-boom.lua: c-boom").passed == false)
        #expect(try report.scenario("suite/d-print.lua: d-print").passed)
        #expect(try report.scenario("suite/e-multi.lua: second crashes").passed == false)
        #expect(try report.scenario("suite/e-multi.lua: third").passed)
        #expect(report.scenarios.count == 7)
    }
}

// MARK: - Any number of jobs

@Suite("vcsandbox test: --jobs")
struct BatchJobsTests {
    /// The shipped suite (about 500 scenarios), once per reporter and job count.
    @Test(arguments: BatchReportKind.allCases)
    func shippedSuiteGivesTheSameReportWithOneOrFourJobs(kind: BatchReportKind) throws {
        let one = try runBinary(
            arguments: ["test", "scripts", "-j", "1", "--reporter", kind.rawValue], in: packageRoot)
        let four = try runBinary(
            arguments: ["test", "scripts", "-j", "4", "--reporter", kind.rawValue], in: packageRoot)
        #expect(one.status == four.status)
        #expect([0, 1].contains(one.status), "stderr: \(one.stderr)")
        let (first, firstCount) = kind.withoutTimings(one.stdout)
        let (second, secondCount) = kind.withoutTimings(four.stdout)
        #expect(firstCount == secondCount)
        #expect(firstCount > 0 || kind == .tap, "the \(kind) report holds timings to remove")
        #expect(first == second, "the reports differ:\n\(lineDifference(first, second))")
        let scenarioLines = Outcome.lines(one.stdout).count { $0.hasPrefix("✓ ") || $0.hasPrefix("ok ") }
        #expect(kind != .human || scenarioLines > 400, "about 500 scenarios: \(scenarioLines)")
    }

    /// The small suite has failures, so every reporter's failure layout (and TAP's
    /// `duration_ms`) is compared too.
    @Test(arguments: BatchReportKind.allCases)
    func suiteWithFailuresGivesTheSameReportWithOneOrFourJobs(kind: BatchReportKind) throws {
        try withTemporaryFolder(smallSuite) { folder in
            let one = try runBinary(arguments: ["test", "suite", "-j", "1", "--reporter", kind.rawValue], in: folder)
            let four = try runBinary(arguments: ["test", "suite", "-j", "4", "--reporter", kind.rawValue], in: folder)
            #expect(one.status == 1 && four.status == 1)
            let (first, count) = kind.withoutTimings(one.stdout)
            let (second, _) = kind.withoutTimings(four.stdout)
            #expect(count == kind.timingCount(scenarios: 7, failed: 3, files: 5), "timings found in:\n\(one.stdout)")
            #expect(first == second, "the reports differ:\n\(lineDifference(first, second))")
        }
    }
}

/// The lines that differ between two texts, `-` for the first and `+` for the second.
private func lineDifference(_ first: String, _ second: String) -> String {
    let changes = Outcome.lines(second).difference(from: Outcome.lines(first))
    return changes.prefix(20).map { change in
        switch change {
        case .remove(let offset, let line, _): "- \(offset + 1): \(line)"
        case .insert(let offset, let line, _): "+ \(offset + 1): \(line)"
        }
    }.joined(separator: "\n")
}

// MARK: - Options a test runner's users reach for

/// `--list`, `--exclude`, `--fail-fast`, `--shuffle`/`--seed`, `--repeat` and a suite's
/// `.vcsandbox` defaults (issue 16, item 15).
@Suite("vcsandbox test: runner options")
struct RunnerOptionTests {
    static let suite = [
        "suite/a.lua":
            "scenario('one', function() expect.equal(1, 1) end)\nscenario('two', function() expect.equal(2, 2) end)",
        "suite/b-fails.lua": "expect.equal(1, 2)",
        "suite/c.lua": "expect.equal(3, 3)",
        "suite/d.lua": "expect.equal(4, 4)",
    ]

    @Test func listShowsWhatWouldRunWithoutRunningIt() throws {
        let result = try runSuite(["test", "suite", "--list", "--exclude", "two"], files: Self.suite)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            Outcome.lines(result.stdout) == [
                "suite/a.lua: one", "suite/b-fails.lua: b-fails", "suite/c.lua: c", "suite/d.lua: d",
            ])
    }

    @Test func listMarksWhatWillNotRunAndReportsABrokenScript() throws {
        let files = [
            "l/ok.lua": "scenario('a', function() expect.equal(1, 1) end)\nscenario.skip('b', function() end)",
            "l/bad.lua": "scenario('x', function() end)\nerror('top')",
        ]
        let result = try runSuite(["test", "l", "--list"], files: files)
        #expect(result.status == 1)
        #expect(Outcome.lines(result.stdout) == ["l/bad.lua: x", "l/ok.lua: a", "l/ok.lua: b (skipped)"])
        #expect(result.stderr.contains("vcsandbox: l/bad.lua cannot be listed: l/bad.lua:2: top"))
    }

    @Test func excludeSkipsMatchingScenarios() throws {
        let result = try runSuite(["test", "suite", "--exclude", "b-fails", "--exclude", "one"], files: Self.suite)
        #expect(result.status == 0, "stdout: \(result.stdout)")
        #expect(Outcome.lines(result.stdout).last == "3 passed, 0 failed")
    }

    @Test func aFilterWhoseScenariosAreExcludedIsNoTypoAndAnUnusedExclusionIsNoted() throws {
        let excluded = try runSuite(["test", "suite", "--filter", "c.lua", "--exclude", "c.lua"], files: Self.suite)
        #expect(excluded.status == 0, "stderr: \(excluded.stderr)")
        #expect(!excluded.stderr.contains("matched no scenario"))
        let typo = try runSuite(["test", "suite", "--exclude", "zzz"], files: Self.suite)
        #expect(typo.stderr.contains(#"vcsandbox: note: --exclude "zzz" matched no scenario"#))
    }

    @Test func failFastStartsNoScriptAfterAFailure() throws {
        let result = try runSuite(["test", "suite", "--fail-fast", "-j", "1"], files: Self.suite)
        #expect(result.status == 1)
        #expect(Outcome.lines(result.stdout).last == "2 passed, 1 failed")
        #expect(result.stderr.contains("vcsandbox: --fail-fast: 2 scripts were not run after a failure"))
    }

    @Test func aSeedGivesTheSameOrderEveryTimeAndTheReportNamesIt() throws {
        let first = try runSuite(["test", "suite", "--seed", "11", "-j", "1"], files: Self.suite)
        let again = try runSuite(["test", "suite", "--seed", "11", "-j", "1"], files: Self.suite)
        let order = { (text: String) in Outcome.lines(text).filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") } }
        #expect(first.stderr.contains("vcsandbox: scripts shuffled with --seed 11"))
        #expect(
            order(BatchReportKind.human.withoutTimings(first.stdout).0)
                == order(BatchReportKind.human.withoutTimings(again.stdout).0))
        let shuffled = try runSuite(["test", "suite", "--shuffle"], files: Self.suite)
        #expect(shuffled.stderr.contains("vcsandbox: scripts shuffled with --seed "))
    }

    @Test func repeatRunsTheSelectionAgain() throws {
        let result = try runSuite(["test", "suite", "--repeat", "3", "--filter", "c.lua"], files: Self.suite)
        #expect(result.status == 0)
        #expect(Outcome.lines(result.stdout).last == "3 passed, 0 failed")
        let refused = try runSuite(["test", "suite", "--repeat", "2", "--accept"], files: Self.suite)
        #expect(refused.status == 2)
    }

    @Test func aSuitesDefaultsComeBeforeTheCommandLine() throws {
        var files = Self.suite
        files["suite/.vcsandbox"] = "# the suite's defaults\n--exclude b-fails   # known to fail\n"
        let result = try runSuite(["test", "suite"], files: files)
        #expect(result.status == 0, "stdout: \(result.stdout)")
        #expect(Outcome.lines(result.stdout).last == "4 passed, 0 failed")
        let narrowed = try runSuite(["test", "suite", "--exclude", "one"], files: files)
        #expect(Outcome.lines(narrowed.stdout).last == "3 passed, 0 failed")
        files["suite/.vcsandbox"] = "--filter \"unclosed\n"
        let broken = try runSuite(["test", "suite"], files: files)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("suite/.vcsandbox:1: the quote \" is not closed on its line"))
    }
}

// MARK: - Writing files

@Suite("vcsandbox test: what it writes")
struct WritingTests {
    /// Issue 17, item 16: `--output /dev/null` as root replaced the device with a regular
    /// file. A device node made for the test (`mknod`, which needs root) stays a device.
    @Test(.enabled(if: geteuid() == 0, "making a device node (mknod) needs root"))
    func outputToADeviceWritesThroughIt() throws {
        try withTemporaryFolder(["s/a.lua": "expect.equal(1, 1)"]) { folder in
            let device = folder.appendingPathComponent("null").path
            // Device 1:3, as /dev/null is (makedev(1, 3) in glibc's encoding).
            try #require(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod failed: \(errno)")
            let result = try runBinary(arguments: ["test", "s", "--output", device], in: folder)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            var status = stat()
            #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device was replaced")
        }
    }

    @Test func outputToARegularFileReplacesIt() throws {
        try withTemporaryFolder(["s/a.lua": "expect.equal(1, 1)", "report.txt": "old"]) { folder in
            let result = try runBinary(arguments: ["test", "s", "--output", "report.txt"], in: folder)
            #expect(result.status == 0)
            let text = try String(contentsOf: folder.appendingPathComponent("report.txt"), encoding: .utf8)
            #expect(text.hasPrefix("✓ s/a.lua: a"), "\(text)")
        }
    }
}

// MARK: - Shared helpers

@Suite("vcsandbox test: a suite's shared helpers")
struct SharedHelperTests {
    /// A helper under `_helpers/` is no scenario, and a script two folders down reaches it
    /// with `require` (D-85).
    @Test func helpersAreRequiredFromAboveAndNeverRunAsScenarios() throws {
        let helper = """
            return { pushed = function(nav, name)
              local c = Controller(name)
              nav:pushViewController(c, false)
              settle()
              return c
            end }
            """
        let script = """
            local helpers = require "_helpers.nav"
            local nav = NavigationController { "Nav", Controller "A" }
            Window { root = nav }
            settle()
            trace.clear()
            expect.equal(helpers.pushed(nav, "B"), nav.topViewController)
            """
        let result = try runSuite(
            ["test", "suite"], files: ["suite/_helpers/nav.lua": helper, "suite/deep/down/push.lua": script])
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(Outcome.lines(result.stdout).last == "1 passed, 0 failed", "stdout: \(result.stdout)")
        #expect(!result.stdout.contains("_helpers"))
    }

    /// The folder given to `test` is the suite, wherever the command runs from (D-85).
    @Test func theSuiteGivenIsWhereRequireLooksUpTo() throws {
        let files = [
            "suite/_helpers/nav.lua": "return { n = 1 }",
            "suite/nav/push.lua": "local h = require '_helpers.nav'\nexpect.equal(h.n, 1)",
            "elsewhere/README": "the command runs from here",
        ]
        try withTemporaryFolder(files) { folder in
            let result = try runBinary(
                arguments: ["test", "../suite"], in: folder.appendingPathComponent("elsewhere"))
            #expect(result.status == 0, "stdout: \(result.stdout)")
            let alone = try runBinary(arguments: ["test", "."], in: folder.appendingPathComponent("suite/nav"))
            #expect(alone.status == 1)
            #expect(alone.stdout.contains("(require looks from the script's folder up to .:"), "\(alone.stdout)")
        }
    }
}

// MARK: - Hostile scripts

@Suite("vcsandbox test: hostile scripts")
struct HostileScriptTests {
    static let folder = "Tests/fixtures/hostile"

    /// Each hostile script, the line its failure names, and what its message starts with.
    static let hostile: [(script: String, line: Int, message: String)] = [
        ("binary-chunk", 5, "attempt to load a binary chunk (mode is 't')"),
        ("callback-recursion", 8, "callback depth limit exceeded: more than 64 calls from UIKit into Lua"),
        ("dofile", 2, "dofile is not available in the sandbox (README, \"The sandbox\"); vcsandbox --unsafe lifts it"),
        ("endless-loop", 3, "instruction budget exceeded: the scenario ran more than 200000000 Lua instructions"),
        (
            "endless-loop-in-pcall", 5,
            "instruction budget exceeded: the scenario ran more than 200000000 Lua instructions"
        ),
        ("io-open", 2, "io is not available in the sandbox (README, \"The sandbox\"); vcsandbox --unsafe lifts it"),
        ("memory-bomb", 3, "memory cap exceeded: the scenario used more than 128 MiB"),
        (
            "os-execute", 2,
            "os.execute is not available in the sandbox (README, \"The sandbox\"); vcsandbox --unsafe lifts it"
        ),
        ("require-outside", 3, "module '../outside' not found"),
    ]

    static let good = [
        "good-navigation.lua: push without animation",
        "good-navigation.lua: a fresh world",
        "good-window-root.lua: good-window-root",
    ]

    /// With the default number of workers, and with one.
    @Test(arguments: [[], ["-j", "1"]])
    func hostileSuiteFailsEachHostileScriptClearlyAndPassesTheGoodOnes(jobs: [String]) throws {
        // The timeout is far above what the budget takes (about a second): the budget, which
        // counts work, must be what stops the endless loops, however busy the machine is.
        let result = try runBinary(
            arguments: ["test", Self.folder, "--timeout", "600", "--reporter", "json"] + jobs, in: packageRoot,
            timeLimit: 300)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let report = try JSONReport(result.stdout)
        #expect(report.passed == Self.good.count)
        #expect(report.failed == Self.hostile.count)
        for (script, line, message) in Self.hostile {
            let file = "\(Self.folder)/\(script).lua"
            let scenario = try report.scenario("\(file): \(script)")
            let failure = try #require(scenario.failure, "\(script) passed")
            #expect(failure.location == "\(file):\(line)", "\(script)")
            #expect(failure.message.hasPrefix(message), "\(script): \(failure.message)")
        }
        let require = try report.scenario("\(Self.folder)/require-outside.lua: require-outside")
        #expect(require.failure?.details.contains("require reaches only modules beside the script") == true)
        for title in Self.good {
            #expect(try report.scenario("\(Self.folder)/\(title)").passed, "\(title)")
        }
    }

    @Test func hostileSuiteGivesTheSameHumanReportWithAnyNumberOfJobs() throws {
        let one = try runBinary(
            arguments: ["test", Self.folder, "--timeout", "600", "-j", "1"], in: packageRoot, timeLimit: 300)
        let two = try runBinary(
            arguments: ["test", Self.folder, "--timeout", "600", "-j", "3"], in: packageRoot, timeLimit: 300)
        let (first, _) = BatchReportKind.human.withoutTimings(one.stdout)
        let (second, _) = BatchReportKind.human.withoutTimings(two.stdout)
        #expect(first == second, "the reports differ:\n\(lineDifference(first, second))")
        #expect(Outcome.lines(first).last == "3 passed, 9 failed")
        let headline =
            "\(Self.folder)/endless-loop.lua:3: instruction budget exceeded: "
            + "the scenario ran more than 200000000 Lua instructions"
        #expect(Outcome.lines(first).contains(headline), "stdout: \(first)")
    }

    @Test func shortTimeoutStopsAnEndlessLoopBeforeItsBudget() throws {
        let script = "\(Self.folder)/endless-loop.lua"
        // The message proves the clock stopped it; no assertion races the machine's speed.
        let result = try runBinary(
            arguments: ["test", script, "--timeout", "0.3", "--reporter", "json"], in: packageRoot, timeLimit: 120)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let failure = try #require(try JSONReport(result.stdout).scenario("\(script): endless-loop").failure)
        #expect(failure.message == "timed out: the scenario ran longer than 0.3 s")
        #expect(failure.location == "\(script):3")
    }

    /// `make test` runs `vcsandbox test scripts`, which must not reach the fixtures.
    @Test func shippedSuiteDoesNotHoldTheFixtures() throws {
        let result = try runBinary(arguments: ["test", "scripts", "--reporter", "tap"], in: packageRoot)
        #expect(!result.stdout.contains("hostile"))
    }
}

// MARK: - Limits the count hook cannot see

/// Scripts that get around the instruction hook (finalizers and message handlers run with
/// hooks off; a pattern match is one C call) or allocate through the host rather than Lua.
/// SPEC §8: "A scenario that loops forever, allocates without bound, or recurses without
/// end fails with a clear message …; the rest of the batch runs on, and the process never
/// crashes." SPEC §2: `--timeout` is the per-scenario wall-clock limit.
@Suite("vcsandbox test: limits outside Lua's hook")
struct HookEscapeTests {
    static let good = """
        expect.equal(1 + 1, 2)
        """

    /// Each script, and the start of an acceptable failure: timed out, or (for a finalizer)
    /// refused by the sandbox before it can run.
    @Test(arguments: [
        (
            "finalizer",
            """
            setmetatable({}, { __gc = function() while true do end end })
            collectgarbage()
            """, ["timed out", "__gc metamethods are not available in the sandbox"]
        ),
        (
            "message-handler",
            """
            xpcall(function() while true do end end, function(message) while true do end end)
            """, ["timed out"]
        ),
        (
            "pattern",
            """
            local subject = string.rep("a", 30000)
            print(string.find(subject, ".-.-.-.-.-.-b"))
            """, ["timed out"]
        ),
    ])
    func codeOutsideTheHookStillEndsWithinTheTimeout(name: String, script: String, messages: [String]) throws {
        try withTemporaryFolder(["escape/\(name).lua": script, "escape/z-good.lua": Self.good]) { folder in
            // "timed out" proves the clock stopped it; the time limit only guards against a
            // hang, far above any load, so nothing here races the machine's speed.
            let result = try runBinary(
                arguments: ["test", "escape", "--timeout", "1", "--reporter", "json"], in: folder, timeLimit: 120)
            #expect(result.status == 1, "status \(result.status); stderr: \(result.stderr.prefix(500))")
            guard let report = try? JSONReport(result.stdout) else { return }
            let failure = try #require(try report.scenario("escape/\(name).lua: \(name)").failure)
            #expect(messages.contains { failure.message.hasPrefix($0) }, "message: \(failure.message)")
            #expect(failure.location?.hasPrefix("escape/\(name).lua") == true, "location: \(failure.location ?? "nil")")
            #expect(try report.scenario("escape/z-good.lua: z-good").passed)
        }
    }

    /// Text handed to the engine: trace notes, captured `print` output, controller names
    /// (which every trace line repeats, so their length is bounded instead).
    @Test(arguments: [
        (
            "notes",
            """
            local big = string.rep("x", 100000)
            for i = 1, 2000 do note(big) end
            """, "memory cap exceeded"
        ),
        (
            "prints",
            """
            local big = string.rep("x", 100000)
            for i = 1, 2000 do print(big) end
            """, "memory cap exceeded"
        ),
        (
            "names",
            """
            local big = string.rep("x", 100000)
            local keep = {}
            for i = 1, 2000 do keep[i] = Controller(big .. i) end
            """, "a name may be at most 256 bytes long"
        ),
    ])
    func memoryTheHostHoldsCountsAgainstTheCap(name: String, script: String, message: String) throws {
        // 2,000 strings of 100 kB: 200 MB held by the engine, over the 128 MiB cap.
        let result = try runSuite(
            ["test", "\(name).lua", "good.lua"], files: ["\(name).lua": script, "good.lua": Self.good])
        #expect(result.status == 1, "stderr: \(result.stderr.prefix(500))")
        let lines = Outcome.lines(result.stdout)
        #expect(
            lines.contains { $0.hasPrefix("\(name).lua") && $0.contains(message) },
            "stdout: \(result.stdout.prefix(2000))")
        #expect(lines.last == "1 passed, 1 failed", "stdout ends: \(lines.suffix(3))")
    }

    /// A number too big for the engine's clock or calendar, and what the message names.
    @Test(arguments: [
        ("advance", "advance(1e300)", "advance()"),
        ("os-time", "print(os.time { year = math.maxinteger, month = 1, day = 1 })", "field 'year'"),
    ])
    func hugeArgumentFailsTheScenarioWithoutCrashing(name: String, script: String, message: String) throws {
        let result = try runSuite(
            ["test", "\(name).lua", "good.lua", "--reporter", "json"],
            files: ["\(name).lua": script, "good.lua": Self.good])
        #expect(result.status == 1, "status \(result.status); stderr: \(result.stderr.prefix(300))")
        guard let report = try? JSONReport(result.stdout) else { return }
        let failure = try #require(try report.scenario("\(name).lua: \(name)").failure)
        #expect(failure.location == "\(name).lua:1")
        #expect(failure.message.contains(message), "message: \(failure.message)")
        #expect(try report.scenario("good.lua: good").passed)
    }
}

// MARK: - --accept

/// A scenario authored with an empty block, one whose block is wrong (indented four
/// spaces), and one that passes; literals that look like blocks stand in a comment and a
/// string.
private let authoringScript = """
    -- Authoring with --accept: an empty block, and a wrong one indented four spaces.
    scenario("empty block", function()
      local p = Controller "P"
      Window { root = p }
      settle()
      expect [[ ]]
    end)

    scenario("wrong block", function()
        local nav = NavigationController { "Nav", Controller "A" }
        Window { root = nav }
        settle()
        trace.clear()
        nav:pushViewController(Controller "B", false)
        settle()
        expect [[
            B.willMove(toParent: Nav)
            -- a comment the rewrite replaces
            B.viewWillAppear(true)
        ]] -- "[[ not a block ]]"
        expect.equal(#nav.viewControllers, 2)
    end)

    scenario("right block", function()
      local text = "[[ a string, not a block ]]"
      expect [[
      ]]
    end)

    """

/// `authoringScript` after `--accept`.
private let acceptedScript = """
    -- Authoring with --accept: an empty block, and a wrong one indented four spaces.
    scenario("empty block", function()
      local p = Controller "P"
      Window { root = p }
      settle()
      expect [[
        P.viewDidLoad()
        P.viewWillAppear(false)
        P.viewDidAppear(false)
      ]]
    end)

    scenario("wrong block", function()
        local nav = NavigationController { "Nav", Controller "A" }
        Window { root = nav }
        settle()
        trace.clear()
        nav:pushViewController(Controller "B", false)
        settle()
        expect [[
            B.willMove(toParent: Nav)
            B.viewDidLoad()
            A.viewWillDisappear(false)
            B.viewWillAppear(false)
            A.viewDidDisappear(false)
            B.viewDidAppear(false)
            B.didMove(toParent: Nav)
        ]] -- "[[ not a block ]]"
        expect.equal(#nav.viewControllers, 2)
    end)

    scenario("right block", function()
      local text = "[[ a string, not a block ]]"
      expect [[
      ]]
    end)

    """

/// The script's lines with the content of every long-bracket literal (`[[…]]`, `[=[…]=]`)
/// replaced by `…`: what `--accept` must leave alone.
private func linesOutsideLongBrackets(_ source: String) -> [String] {
    Outcome.lines(source.replacing(/\[(=*)\[(?s:.*?)\]\1\]/) { match in "[\(match.1)[…]\(match.1)]" })
}

@Suite("vcsandbox test: --accept and --record")
struct AuthoringTests {
    @Test func acceptRewritesOnlyTheFailingBlocksThenTheRunPasses() throws {
        try withTemporaryFolder(["authoring/x.lua": authoringScript]) { folder in
            let script = folder.appendingPathComponent("authoring/x.lua")
            let failing = try runBinary(arguments: ["test", "authoring"], in: folder)
            #expect(failing.status == 1)
            #expect(Outcome.lines(failing.stdout).last == "1 passed, 2 failed", "stdout: \(failing.stdout)")

            // The run that rewrites fails, each rewritten scenario with its own mark (D-72).
            let accepted = try runBinary(arguments: ["test", "authoring", "--accept"], in: folder)
            #expect(accepted.status == 1, "stdout: \(accepted.stdout)\nstderr: \(accepted.stderr)")
            #expect(
                Outcome.lines(accepted.stderr) == [
                    "accepted: rewrote 2 expect blocks in authoring/x.lua",
                    "vcsandbox: --accept wrote files instead of checking them, so the run fails; "
                        + "re-run without --accept",
                ])
            let lines = Outcome.lines(accepted.stdout)
            #expect(lines.last == "1 passed, 0 failed, 2 accepted")
            #expect(
                lines.filter { $0.hasPrefix("✎ ") || $0.hasPrefix("✓ ") }.map { $0.prefix { $0 != "(" } } == [
                    "✎ authoring/x.lua: empty block ", "✎ authoring/x.lua: wrong block ",
                    "✓ authoring/x.lua: right block ", "✎ authoring/x.lua: empty block",
                    "✎ authoring/x.lua: wrong block",
                ])
            #expect(
                lines.contains(
                    "authoring/x.lua:6: accepted: rewrote its expect block at line 6 with the actual trace; an accepting "
                        + "run does not check what it writes, so the scenario does not pass: re-run without --accept"),
                "stdout: \(accepted.stdout)")
            #expect(
                lines.contains(
                    "    next: vcsandbox test authoring/x.lua   (checks the rewritten blocks; review the diff first)"))
            let rewritten = try String(contentsOf: script, encoding: .utf8)
            let outside = linesOutsideLongBrackets(rewritten).difference(
                from: linesOutsideLongBrackets(authoringScript))
            #expect(outside.isEmpty, "changed outside the expect blocks: \(Array(outside))")
            #expect(rewritten == acceptedScript, "the rewrite:\n\(lineDifference(acceptedScript, rewritten))")

            let passing = try runBinary(arguments: ["test", "authoring"], in: folder)
            #expect(passing.status == 0, "stdout: \(passing.stdout)")
            #expect(Outcome.lines(passing.stdout).last == "3 passed, 0 failed")
            let again = try runBinary(arguments: ["test", "authoring", "--accept"], in: folder)
            #expect(again.status == 0 && !again.stderr.contains("accepted"), "stderr: \(again.stderr)")
            #expect(try String(contentsOf: script, encoding: .utf8) == acceptedScript)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("authoring/x.trace").path))
        }
    }

    /// Two scenarios without an `expect`: a push, and a window's root.
    static let script = """
        scenario("push", function()
          local a = Controller "A"
          local nav = NavigationController { "Nav", a }
          Window { root = nav }
          settle()
          nav:pushViewController(Controller "B", false)
        end)

        scenario("alone", function()
          local p = Controller "P"
          Window { root = p }
        end)

        """

    /// What `--record` writes for `script`.
    static let golden = """
        -- vcsandbox golden trace for x.lua: written by `vcsandbox test --record`
        -- scenario: push
        A.willMove(toParent: Nav)
        A.didMove(toParent: Nav)
        Nav.viewDidLoad()
        Nav.viewWillAppear(false)
        A.viewDidLoad()
        A.viewWillAppear(false)
        Nav.viewDidAppear(false)
        A.viewDidAppear(false)
        B.willMove(toParent: Nav)
        B.viewDidLoad()
        A.viewWillDisappear(false)
        B.viewWillAppear(false)
        A.viewDidDisappear(false)
        B.viewDidAppear(false)
        B.didMove(toParent: Nav)

        -- scenario: alone
        P.viewDidLoad()
        P.viewWillAppear(false)
        P.viewDidAppear(false)

        """

    @Test func recordWritesTheGoldenTraceOnlyWhenAskedAndThenTheRunComparesWithIt() throws {
        try withTemporaryFolder(["rec/x.lua": Self.script]) { folder in
            let trace = folder.appendingPathComponent("rec/x.trace")
            // Without an expect or a golden trace, the scenarios check nothing: they fail.
            let plain = try runBinary(arguments: ["test", "rec", "--reporter", "json"], in: folder)
            #expect(plain.status == 1, "stdout: \(plain.stdout)")
            #expect(!FileManager.default.fileExists(atPath: trace.path), "a plain run created x.trace")
            let unchecked = try JSONReport(plain.stdout).scenarios.map(\.failure)
            #expect(unchecked.map { $0?.location } == ["rec/x.lua:1", "rec/x.lua:9"])
            #expect(unchecked.allSatisfy { $0?.message.hasPrefix("checked nothing: ") == true })

            // The run that records fails, each recorded scenario with its own mark (D-72).
            let recorded = try runBinary(arguments: ["test", "rec", "--record"], in: folder)
            #expect(recorded.status == 1)
            #expect(
                Outcome.lines(recorded.stderr) == [
                    "recorded: rec/x.trace",
                    "vcsandbox: --record wrote files instead of checking them, so the run fails; "
                        + "re-run without --record",
                ])
            #expect(Outcome.lines(recorded.stdout).last == "0 passed, 0 failed, 2 recorded")
            #expect(Outcome.lines(recorded.stdout).contains { $0.hasPrefix("✎ rec/x.lua: alone (") })
            #expect(
                Outcome.lines(recorded.stdout).contains(
                    "rec/x.trace:19: recorded: wrote its new section of the golden trace; a recording run compares "
                        + "nothing, so the scenario does not pass: re-run without --record"),
                "stdout: \(recorded.stdout)")
            #expect(try String(contentsOf: trace, encoding: .utf8) == Self.golden)
            let compared = try runBinary(arguments: ["test", "rec"], in: folder)
            #expect(compared.status == 0, "stdout: \(compared.stdout)")

            // Line 16 of x.trace is line 14 of the push section, whose header is line 2; the
            // failure points at the file's own line.
            try edit(trace, line: 16, from: "B.viewDidAppear(false)", to: "B.viewDidAppear(true)")
            let edited = try runBinary(arguments: ["test", "rec", "--reporter", "json"], in: folder)
            #expect(edited.status == 1)
            let failure = try #require(try JSONReport(edited.stdout).scenario("rec/x.lua: push").failure)
            #expect(failure.location == "rec/x.trace:16")
            #expect(
                failure.message.hasPrefix("the trace differs from the golden trace: first difference at line 14"),
                "message: \(failure.message)")
            #expect(
                failure.details.contains("- B.viewDidAppear(true)\n+ B.viewDidAppear(false)"),
                "diff: \(failure.details)")
            #expect(try JSONReport(edited.stdout).scenario("rec/x.lua: alone").passed)
        }
    }

    @Test func recordWithFilterRewritesOnlyTheSelectedSection() throws {
        try withTemporaryFolder(["rec/x.lua": Self.script, "rec/x.trace": Self.golden]) { folder in
            let trace = folder.appendingPathComponent("rec/x.trace")
            try edit(trace, line: 16, from: "B.viewDidAppear(false)", to: "B.viewDidAppear(true)")
            try edit(trace, line: 22, from: "P.viewDidAppear(false)", to: "P.viewDidAppear(true)")
            let recorded = try runBinary(arguments: ["test", "rec", "--record", "--filter", "alone"], in: folder)
            #expect(recorded.status == 1, "stdout: \(recorded.stdout)")
            #expect(Outcome.lines(recorded.stdout).last == "0 passed, 0 failed, 1 recorded")
            let lines = Outcome.lines(try String(contentsOf: trace, encoding: .utf8))
            #expect(
                lines
                    == Outcome.lines(
                        Self.golden.replacingOccurrences(
                            of: "B.viewDidAppear(false)", with: "B.viewDidAppear(true)")))
            let run = try runBinary(arguments: ["test", "rec", "--reporter", "json"], in: folder)
            let report = try JSONReport(run.stdout)
            #expect(try report.scenario("rec/x.lua: push").failure?.location == "rec/x.trace:16")
            #expect(try report.scenario("rec/x.lua: alone").passed)
        }
    }

    @Test func recordWritesAGoldenTraceOnlyForAScriptThatUsesOne() throws {
        let inline = """
            local p = Controller "P"
            Window { root = p }
            settle()
            expect.equal(p.appearance, "appeared")
            """
        let files = ["rec/inline.lua": inline, "rec/x.lua": Self.script]
        try withTemporaryFolder(files) { folder in
            let recorded = try runBinary(arguments: ["test", "rec", "--record"], in: folder)
            #expect(recorded.status == 1)
            #expect(Outcome.lines(recorded.stdout).last == "1 passed, 0 failed, 2 recorded")
            let exists = { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
            #expect(exists("rec/x.trace"), "a script without inline checks gets its golden trace")
            #expect(!exists("rec/inline.trace"), "a script that checks inline gets none")
            let again = try runBinary(arguments: ["test", "rec", "--record"], in: folder)
            #expect(again.status == 0, "nothing changed, nothing written: stderr \(again.stderr)")
            #expect(again.stderr == "")
            #expect(Outcome.lines(again.stdout).last == "3 passed, 0 failed")
        }
    }

    /// A block with `...`, `*` and a call without arguments, each still matching, beside a
    /// line that no longer does.
    static let wildcards = """
        local p = Controller "P"
        Window { root = p }
        settle()
        expect [[
          P.viewDidLoad()
          ...
          P.viewDidAppear(true)
        ]]
        local q = Controller "Q"
        p.view:addSubview(q.view)
        settle()
        expect [[
          Q.viewDid*
          Q.viewWillAppear
          Q.gone()
        ]]
        """

    @Test func acceptKeepsTheWildcardsThatStillMatch() throws {
        try withTemporaryFolder(["w.lua": Self.wildcards]) { folder in
            let accepted = try runBinary(arguments: ["test", "w.lua", "--accept"], in: folder)
            #expect(accepted.status == 1)
            let text = try String(contentsOf: folder.appendingPathComponent("w.lua"), encoding: .utf8)
            #expect(
                text
                    == Self.wildcards.replacingOccurrences(of: "P.viewDidAppear(true)", with: "P.viewDidAppear(false)")
                    .replacingOccurrences(of: "Q.gone()", with: "Q.viewDidAppear(false)"))
            let passing = try runBinary(arguments: ["test", "w.lua"], in: folder)
            #expect(passing.status == 0, "stdout: \(passing.stdout)")
        }
    }

    /// Replaces line `line` (1-based) of a file, which must read `old`.
    private func edit(_ file: URL, line: Int, from old: String, to new: String) throws {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        try #require(lines[line - 1] == old, "line \(line) reads \(lines[line - 1])")
        lines[line - 1] = new
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}

// MARK: - A scenario must check something

@Suite("vcsandbox test: a scenario must check something")
struct CheckRequirementCommandLineTests {
    /// An empty script, one that only prints and notes, one whose golden trace was never
    /// recorded, and three that check: with assert, with expect.error, with a golden trace.
    static let files = [
        "c/a-empty.lua": "",
        "c/b-talks.lua": "print(\"hello\")\nnote(\"a note\")\n",
        "c/c-golden-never-recorded.lua": "local p = Controller \"P\"\nWindow { root = p }\n",
        "c/d-asserts.lua": "assert(1 + 1 == 2)\n",
        "c/e-expects-an-error.lua": "expect.error(function() error(\"x\") end)\n",
        "c/f-golden.lua": "local p = Controller \"P\"\nWindow { root = p }\n",
        "c/f-golden.trace": "-- scenario: f-golden\nP.viewDidLoad()\nP.viewWillAppear(false)\nP.viewDidAppear(false)\n",
    ]

    @Test func scenariosThatCheckNothingFailAndSayHowToAddACheck() throws {
        let result = try runSuite(["test", "c", "--reporter", "json"], files: Self.files)
        #expect(result.status == 1, "stdout: \(result.stdout)")
        let report = try JSONReport(result.stdout)
        #expect(report.scenarios.map(\.passed) == [false, false, false, true, true, true])
        for name in ["a-empty", "b-talks", "c-golden-never-recorded"] {
            let failure = try #require(try report.scenario("c/\(name).lua: \(name)").failure)
            #expect(failure.location == "c/\(name).lua:1")
            #expect(
                failure.message
                    == "checked nothing: the scenario called no expect, expect.none, expect.order, expect.equal, expect.error or assert, "
                    + "and no golden trace was compared with it, so it could not fail")
        }
        let human = try runSuite(["test", "c/b-talks.lua"], files: Self.files)
        let lines = Outcome.lines(human.stdout)
        let start = try #require(lines.firstIndex(of: "✗ c/b-talks.lua: b-talks"), "stdout: \(human.stdout)")
        #expect(
            Array(lines[start...].prefix { !$0.isEmpty }) == [
                "✗ c/b-talks.lua: b-talks",
                "c/b-talks.lua:1: checked nothing: the scenario called no expect, expect.none, expect.order, "
                    + "expect.equal, expect.error or assert, and no golden trace was compared with it, so it could "
                    + "not fail",
                "    next: add `expect [[ ]]` where the trace should be checked, then vcsandbox test --accept "
                    + "c/b-talks.lua (writes the actual trace into the block; review the diff); or, in a script "
                    + "without inline checks, vcsandbox test --record c/b-talks.lua (writes the golden trace "
                    + "c/b-talks.trace)",
                "    output:",
                "        hello",
            ])
    }

    @Test func runDoesNotAskForACheck() throws {
        let result = try runSuite(["run", "c/b-talks.lua"], files: Self.files)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "hello\n")
    }
}

// MARK: - --filter and --shard

@Suite("vcsandbox test: --filter and --shard")
struct SelectionTests {
    @Test(arguments: [
        ("e-multi.lua: third", ["suite/e-multi.lua: third"], Int32(0)),
        ("second", ["suite/e-multi.lua: second crashes"], Int32(1)),
        ("d-print", ["suite/d-print.lua: d-print"], Int32(0)),
        ("suite/", smallSuiteScenarios.map(\.title), Int32(1)),
    ])
    func filterRunsOnlyMatchingScenarios(pattern: String, titles: [String], status: Int32) throws {
        let result = try runSuite(["test", "suite", "--filter", pattern, "--reporter", "json"], files: smallSuite)
        #expect(result.status == status, "stderr: \(result.stderr)")
        #expect(try JSONReport(result.stdout).scenarios.map(\.title) == titles)
    }

    @Test func repeatedFiltersAddTheirPatterns() throws {
        let result = try runSuite(
            ["test", "suite", "--filter", "a-pass", "--filter", "third", "--reporter", "json"], files: smallSuite)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            try JSONReport(result.stdout).scenarios.map(\.title) == [
                "suite/a-pass.lua: a-pass", "suite/e-multi.lua: third",
            ])
    }

    @Test func aFilterThatSelectsNothingExitsTwoAndNamesThePattern() throws {
        let result = try runSuite(["test", "suite", "--filter", "a-pass", "--filter", "e-mutli"], files: smallSuite)
        #expect(result.status == 2, "stdout: \(result.stdout)")
        #expect(result.stdout.hasPrefix("✓ suite/a-pass.lua: a-pass ("))
        #expect(result.stdout.hasSuffix("\n1 passed, 0 failed\n"))
        #expect(
            Outcome.lines(result.stderr) == [
                "vcsandbox: --filter \"e-mutli\" matched no scenario; a scenario runs when its `file: name` (as the "
                    + "report shows it) contains one of the patterns; did you mean \"e-multi\"?"
            ])
    }

    @Test func underAShardAFilterThatSelectsNothingThereIsANote() throws {
        let result = try runSuite(["test", "suite", "--filter", "a-pass", "--shard", "2/2"], files: smallSuite)
        #expect(result.status == 0, "stdout: \(result.stdout)")
        #expect(result.stdout == "\n0 passed, 0 failed\n")
        #expect(
            result.stderr
                == "vcsandbox: note: in this shard, --filter \"a-pass\" matched no scenario; a scenario runs when its "
                + "`file: name` (as the report shows it) contains one of the patterns\n")
    }

    @Test func threeShardsSplitTheShippedSuiteByScript() throws {
        func titles(_ extra: [String]) throws -> [String] {
            let result = try runBinary(arguments: ["test", "scripts", "--reporter", "json"] + extra, in: packageRoot)
            return try JSONReport(result.stdout).scenarios.map(\.title)
        }
        let all = try titles([])
        let shards = try (1...3).map { try titles(["--shard", "\($0)/3"]) }
        #expect(shards.allSatisfy { !$0.isEmpty })
        #expect(shards.map(\.count).reduce(0, +) == all.count, "the shards overlap or miss scenarios")
        #expect(Set(shards.joined()) == Set(all))
        let files = shards.map { Set($0.map { $0.prefix { $0 != ":" } }) }
        #expect(
            files[0].isDisjoint(with: files[1]) && files[0].isDisjoint(with: files[2])
                && files[1].isDisjoint(with: files[2]), "a script split across shards")
    }
}

// MARK: - Sandbox

@Suite("vcsandbox test: sandbox")
struct SandboxCommandLineTests {
    static let reader = """
        local file = assert(io.open("data.txt"))
        print(file:read("l"))
        file:close()
        """

    @Test func unsafeLetsIoOpenWorkAndTheSandboxRefusesIt() throws {
        let files = ["reader.lua": Self.reader, "data.txt": "file content\n"]
        let unsafe = try runSuite(["test", "reader.lua", "--unsafe", "--reporter", "json"], files: files)
        #expect(unsafe.status == 0, "stdout: \(unsafe.stdout)")
        #expect(try JSONReport(unsafe.stdout).scenario("reader.lua: reader").output == "file content\n")
        let sandboxed = try runSuite(["test", "reader.lua", "--reporter", "json"], files: files)
        #expect(sandboxed.status == 1)
        let failure = try JSONReport(sandboxed.stdout).scenario("reader.lua: reader").failure
        #expect(failure?.location == "reader.lua:1")
        #expect(
            failure?.message
                == "io is not available in the sandbox (README, \"The sandbox\"); vcsandbox --unsafe lifts it")
    }

    /// Each scenario prints three numbers, then checks the first is in range (a scenario
    /// must check something, D-71).
    static let random = """
        local function show(a, b, c)
          print(a, b, c)
          assert(a >= 1 and a <= 1000000)
        end
        scenario("one", function()
          show(math.random(1, 1000000), math.random(1, 1000000), math.random())
        end)
        scenario("two", function()
          show(math.random(1, 1000000), math.random(1, 1000000), math.random())
        end)
        scenario("reseeded", function()
          math.random(); math.random()
          math.randomseed()
          show(math.random(1, 1000000), math.random(1, 1000000), math.random())
        end)
        """

    @Test func mathRandomGivesTheSameNumbersInEveryScenarioAndRun() throws {
        func outputs() throws -> [String] {
            let result = try runSuite(["test", "random.lua", "--reporter", "json"], files: ["random.lua": Self.random])
            #expect(result.status == 0, "stdout: \(result.stdout)")
            return try JSONReport(result.stdout).scenarios.map(\.output)
        }
        let first = try outputs()
        let second = try outputs()
        #expect(first.count == 3)
        #expect(first == second, "two runs differ")
        #expect(Set(first).count == 1, "the scenarios differ: \(first)")
        #expect(first.first?.split(separator: "\t").count == 3, "three numbers: \(first)")
    }

    static let clock = """
        scenario("reads the virtual clock", function()
          expect.equal(os.time(), 978307200, "os.time() at the start")
          expect.equal(os.clock(), 0, "os.clock() at the start")
          advance(2.5)
          expect.equal(os.time(), 978307202, "os.time() after advance(2.5)")
          expect.equal(os.clock(), 2.5, "os.clock() after advance(2.5)")
          expect.equal(os.date("!%Y-%m-%d %H:%M:%S"), "2001-01-01 00:00:02")
          advance(3600)
          print(os.time())
        end)
        scenario("starts again", function()
          print(os.time())
          expect.equal(os.clock(), 0, "os.clock() in a new scenario")
        end)
        """

    @Test func osTimeReadsTheVirtualClock() throws {
        let result = try runSuite(["test", "clock.lua", "--reporter", "json"], files: ["clock.lua": Self.clock])
        #expect(result.status == 0, "stdout: \(result.stdout)")
        let report = try JSONReport(result.stdout)
        #expect(report.scenarios.map(\.output) == ["978310802\n", "978307200\n"])
    }

    @Test func requireLoadsAModuleBesideTheScript() throws {
        let files = [
            "lib/uses.lua": """
            local helper = require "helper"
            expect.equal(helper.twice(21), 42)
            print(helper.greeting)
            """,
            "lib/helper.lua": #"return { greeting = "hello from helper", twice = function(x) return 2 * x end }"#,
            "helper.lua": #"error("the helper in the working folder was loaded")"#,
        ]
        let result = try runSuite(["test", "lib/uses.lua", "--reporter", "json"], files: files)
        #expect(result.status == 0, "stdout: \(result.stdout)")
        #expect(try JSONReport(result.stdout).scenario("lib/uses.lua: uses").output == "hello from helper\n")
    }
}

// MARK: - Broken storyboards

@Suite("vcsandbox test: broken storyboards")
struct BrokenStoryboardBatchTests {
    static let folder = "Tests/fixtures/storyboards"

    /// Each script that loads a broken storyboard, and the error its failure must give: the
    /// script's line, then the storyboard's file and the line of its mistake.
    static let broken: [(script: String, message: String)] = [
        ("load-truncated", "broken/truncated.storyboard:120: not well-formed XML: the document ends inside"),
        ("load-missing-destination", "broken/missing-destination.storyboard:44: segue destination 'q87-G3-imM'"),
        ("load-unknown-relationship", "broken/unknown-relationship.storyboard:18: relationship 'supplementary"),
    ]

    @Test func eachBrokenStoryboardFailsItsScriptAtItsLineAndTheOthersStillRun() throws {
        let result = try runBinary(arguments: ["test", Self.folder, "--reporter", "json"], in: packageRoot)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let report = try JSONReport(result.stdout)
        #expect(report.passed == 1)
        #expect(report.failed == Self.broken.count)
        for (script, message) in Self.broken {
            let file = "\(Self.folder)/\(script).lua"
            let failure = try #require(try report.scenario("\(file): \(script)").failure, "\(script) passed")
            #expect(failure.location == "\(file):3", "\(script)")
            #expect(failure.message.hasPrefix("\(Self.folder)/\(message)"), "\(script): \(failure.message)")
        }
        #expect(try report.scenario("\(Self.folder)/good-storyboard.lua: good-storyboard").passed)
    }
}
