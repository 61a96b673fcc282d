import Foundation
import Testing

@testable import ScenarioKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Results the reporter tests share: plain ones, and one whose every text is hostile.
private enum ReportSamples {
    static let passing = ScenarioResult(file: "scripts/a.lua", name: "push", seconds: 0.0123)
    static let failing = ScenarioResult(
        file: "scripts/b.lua", name: "pop", line: 9,
        failure: Failure(
            location: "scripts/b.lua:12", message: "first difference at line 2", details: "  A.a()\n- B.b()\n"),
        output: "hello\nworld\n", seconds: 0.0004)
    /// Markup, quotes, a CDATA end, a directive sign, a backslash, a control character.
    static let nasty = "<tag> & \"double\" 'single' ]]> # not a directive \\ \u{1} end"
    static let hostile = ScenarioResult(
        file: "scripts/a.lua", name: nasty + "\nsecond line",
        failure: Failure(location: "scripts/a.lua:3", message: nasty, details: "  ]]>\n- <x>\t&amp;\r\n+ \u{1}\n"),
        output: nasty + "\n", seconds: 0.25)
    static let unlocated = ScenarioResult(
        file: "scripts/c.lua", name: "times out", failure: Failure(location: nil, message: "timed out after 10 s"),
        seconds: 10)

    /// Three files, interleaved: a, b, a, c.
    static let mixed = [passing, failing, hostile, unlocated]

    /// Declared with `scenario.skip` and `scenario.todo`: not run.
    static let skipped = ScenarioResult(file: "scripts/b.lua", name: "later", notRun: .skipped)
    static let todo = ScenarioResult(file: "scripts/c.lua", name: "some # day", notRun: .todo)

    /// The same results with other timings, as a run on more workers would give.
    static func retimed(_ results: [ScenarioResult], by factor: Double) -> [ScenarioResult] {
        results.map {
            var copy = $0
            copy.seconds = $0.seconds * factor + 0.0001
            return copy
        }
    }
}

// MARK: - Reporter and ReportFormat

@Suite struct ReportFormatTests {
    @Test func namesAreTheCommandLineValues() {
        #expect(ReportFormat.allCases.map(\.rawValue) == ["human", "tap", "junit", "json", "html"])
        #expect(ReportFormat(rawValue: "xml") == nil)
    }

    @Test func eachFormatMakesItsReporter() {
        #expect(ReportFormat.human.reporter(color: false) is HumanReporter)
        #expect(ReportFormat.tap.reporter(color: true) is TAPReporter)
        #expect(ReportFormat.junit.reporter(color: true) is JUnitReporter)
        #expect(ReportFormat.json.reporter(color: true) is JSONReporter)
        #expect(ReportFormat.html.reporter(color: true) is HTMLReporter)
    }

    @Test("only the HTML report asks the run to keep each failure's trace")
    func onlyHTMLDrawsFailures() {
        #expect(ReportFormat.allCases.filter(\.drawsFailures) == [.html])
    }

    @Test func humanReporterThroughTheProtocol() {
        let results = ReportSamples.mixed
        #expect(ReportFormat.human.reporter(color: true).report(results) == HumanReporter(color: true).report(results))
        #expect(
            ReportFormat.human.reporter(color: false).report(results) == HumanReporter(color: false).report(results))
    }

    @Test(arguments: [
        (0.0, 6, "0.000000"), (0.0004, 6, "0.000400"), (0.0123, 6, "0.012300"), (1e-9, 6, "0.000000"),
        (0.0000005, 6, "0.000001"), (2.5, 3, "2.500"), (1234.5678, 2, "1234.57"), (7.6, 0, "8"),
        (-1, 3, "0.000"), (Double.nan, 3, "0.000"), (Double.infinity, 1, "0.0"),
    ])
    func fixedDecimals(value: Double, places: Int, text: String) {
        #expect(FixedDecimal.text(value, places: places) == text)
    }

    /// Reports must not depend on how long scenarios took once the timing fields are gone.
    @Test(arguments: ReportFormat.allCases)
    func timingsOnlyChangeTimingFields(format: ReportFormat) {
        let reporter = format.reporter(color: false)
        let first = reporter.report(ReportSamples.mixed)
        let second = reporter.report(ReportSamples.retimed(ReportSamples.mixed, by: 7))
        #expect(first != second, "the samples' timings should show somewhere")
        #expect(withoutTimings(first) == withoutTimings(second))
        #expect(withoutTimings(first) != first, "the stripper should have found timing fields")
    }

    @Test func timingStripperKeepsEverythingElse() {
        let report = JSONReporter().report([ReportSamples.passing])
        let other = JSONReporter().report([ScenarioResult(file: "scripts/a.lua", name: "pull", seconds: 0.0123)])
        #expect(withoutTimings(report) != withoutTimings(other))
    }
}

/// A report with every timing value blanked: JUnit `time`, JSON `seconds`, TAP
/// `duration_ms`, the human `(12 ms)`, and HTML's `(&lt;1 ms)` and `0.015 s in all`.
private func withoutTimings(_ report: String) -> String {
    let patterns = [
        (#" time="[0-9.]*""#, #" time="""#),
        (#""seconds": [0-9.]+"#, #""seconds": _"#),
        (#"duration_ms: [0-9.]+"#, "duration_ms: _"),
        (#"\((<1|&lt;1|[0-9]+) ms\)"#, "(_ ms)"),
        (#"[0-9.]+ s in all"#, "_ s in all"),
    ]
    var text = report
    for (pattern, replacement) in patterns {
        text = text.replacing(try! Regex(pattern), with: replacement)
    }
    return text
}

// MARK: - JUnit

@Suite struct JUnitReporterTests {
    #if canImport(FoundationXML) || canImport(Darwin)
        /// The report as a tree, after a strict check that it is well-formed XML.
        ///
        /// The check uses `XMLParser`, which stops at the first error: on Linux `XMLDocument`
        /// parses in libxml2's recovery mode and accepts broken documents without throwing.
        /// `parse()` may even return true after an error, so `parserError` is checked too.
        func parse(_ results: [ScenarioResult]) throws -> XMLElement {
            let report = JUnitReporter().report(results)
            try #require(wellFormed(report), "the JUnit report is not well-formed XML:\n\(report)")
            let document = try XMLDocument(xmlString: report, options: [])
            return try #require(document.rootElement())
        }

        func wellFormed(_ xml: String) -> Bool {
            let parser = XMLParser(data: Data(xml.utf8))
            return parser.parse() && parser.parserError == nil
        }

        @Test func wellFormednessCheckIsStrict() {
            #expect(wellFormed(#"<?xml version="1.0" encoding="UTF-8"?>\#n<a b="&#10;&lt;">]]&gt; &amp; &#13;</a>"#))
            #expect(!wellFormed(#"<a b="<"/>"#))
            #expect(!wellFormed("<a>\u{1}</a>"))
            #expect(!wellFormed("<a>]]></a>"))
            #expect(!wellFormed("<a>&nbsp;</a>"))
            #expect(!wellFormed("<a>\u{FFFE}</a>"))
            #expect(!wellFormed("<a><b></a>"))
        }

        func attribute(_ name: String, of element: XMLElement) -> String? {
            element.attribute(forName: name)?.stringValue
        }

        func children(_ name: String, of element: XMLElement) -> [XMLElement] {
            element.elements(forName: name)
        }

        @Test func parsesWithTotalsOnTheRoot() throws {
            let root = try parse(ReportSamples.mixed)
            #expect(root.name == "testsuites")
            #expect(attribute("name", of: root) == "vcsandbox")
            #expect(attribute("tests", of: root) == "4")
            #expect(attribute("failures", of: root) == "3")
            #expect(attribute("errors", of: root) == "0")
            #expect(attribute("time", of: root) == "10.262700")
        }

        @Test func oneSuitePerFileInOrderOfFirstAppearance() throws {
            let suites = children("testsuite", of: try parse(ReportSamples.mixed))
            #expect(suites.map { attribute("name", of: $0) } == ["scripts/a.lua", "scripts/b.lua", "scripts/c.lua"])
            #expect(suites.map { attribute("tests", of: $0) } == ["2", "1", "1"])
            #expect(suites.map { attribute("failures", of: $0) } == ["1", "1", "1"])
            #expect(suites.map { attribute("errors", of: $0) } == ["0", "0", "0"])
            #expect(suites.map { attribute("skipped", of: $0) } == ["0", "0", "0"])
            let names = suites.map { children("testcase", of: $0).map { attribute("name", of: $0) ?? "?" } }
            #expect(
                names == [
                    ["push", ReportSamples.hostile.name.visibleText], ["pop"],
                    ["times out"],
                ])
            let classes = suites.flatMap { children("testcase", of: $0).map { attribute("classname", of: $0) } }
            #expect(classes == ["scripts/a.lua", "scripts/a.lua", "scripts/b.lua", "scripts/c.lua"])
        }

        @Test func failureHoldsMessageAndDiffOnly() throws {
            let suites = children(
                "testsuite", of: try parse([ReportSamples.passing, ReportSamples.failing, ReportSamples.unlocated]))
            let cases = suites.flatMap { children("testcase", of: $0) }
            try #require(cases.count == 3)
            #expect(children("failure", of: cases[0]).isEmpty)
            #expect(children("system-out", of: cases[0]).isEmpty)
            let failure = try #require(children("failure", of: cases[1]).first)
            #expect(attribute("message", of: failure) == "scripts/b.lua:12: first difference at line 2")
            #expect(attribute("type", of: failure) == "failure")
            #expect(failure.stringValue == "first difference at line 2\n  A.a()\n- B.b()\n")
            #expect(children("system-out", of: cases[1]).first?.stringValue == "hello\nworld\n")
            let timeout = try #require(children("failure", of: cases[2]).first)
            #expect(attribute("message", of: timeout) == "timed out after 10 s")
            #expect(timeout.stringValue == "timed out after 10 s")
        }

        @Test func hostileTextSurvivesTheRoundTrip() throws {
            let visible = ReportSamples.nasty.replacingOccurrences(of: "\u{1}", with: "\\1")
            let suite = try #require(children("testsuite", of: try parse([ReportSamples.hostile])).first)
            let testCase = try #require(children("testcase", of: suite).first)
            #expect(attribute("name", of: testCase) == visible + "\nsecond line")
            let failure = try #require(children("failure", of: testCase).first)
            #expect(attribute("message", of: failure) == "scripts/a.lua:3: " + visible)
            #expect(failure.stringValue == visible + "\n  ]]>\n- <x>\t&amp;\\13\n+ \\1\n")
            #expect(children("system-out", of: testCase).first?.stringValue == visible + "\n")
        }

        @Test func everyForbiddenCharacterIsReplaced() throws {
            let controls =
                String(String.UnicodeScalarView((UInt32(0)..<0x20).compactMap(Unicode.Scalar.init)))
                + "\u{FFFE}\u{FFFF}"
            let result = ScenarioResult(
                file: controls, name: controls,
                failure: Failure(location: controls, message: controls, details: controls), output: controls)
            let root = try parse([result])
            let testCase = try #require(
                children("testsuite", of: root).first.flatMap { children("testcase", of: $0).first })
            let name = try #require(attribute("name", of: testCase))
            #expect(name.unicodeScalars.allSatisfy { $0.value >= 0x20 || [0x09, 0x0A].contains($0.value) })
            #expect(name.hasPrefix(#"\0\1\2"#) && name.contains(#"\13"#) && name.contains(#"\31"#))
            #expect(name.contains("\u{FFFD}"))
            #expect(name.contains("\t") && name.contains("\n") && !name.contains("\r"))
        }
    #endif

    @Test func fullSample() {
        #expect(
            JUnitReporter().report([ReportSamples.passing, ReportSamples.failing]) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="vcsandbox" tests="2" failures="1" errors="0" time="0.012700">
                  <testsuite name="scripts/a.lua" tests="1" failures="0" errors="0" skipped="0" time="0.012300">
                    <testcase classname="scripts/a.lua" name="push" file="scripts/a.lua" time="0.012300"/>
                  </testsuite>
                  <testsuite name="scripts/b.lua" tests="1" failures="1" errors="0" skipped="0" time="0.000400">
                    <testcase classname="scripts/b.lua" name="pop" file="scripts/b.lua" line="9" time="0.000400">
                      <failure message="scripts/b.lua:12: first difference at line 2" type="failure">first difference at line 2
                  A.a()
                - B.b()
                </failure>
                      <system-out>hello
                world
                </system-out>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func scenariosNotRunHoldASkippedElement() {
        let results = [ReportSamples.passing, ReportSamples.skipped, ReportSamples.todo]
        #expect(
            JUnitReporter().report(results) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="vcsandbox" tests="3" failures="0" errors="0" time="0.012300">
                  <testsuite name="scripts/a.lua" tests="1" failures="0" errors="0" skipped="0" time="0.012300">
                    <testcase classname="scripts/a.lua" name="push" file="scripts/a.lua" time="0.012300"/>
                  </testsuite>
                  <testsuite name="scripts/b.lua" tests="1" failures="0" errors="0" skipped="1" time="0.000000">
                    <testcase classname="scripts/b.lua" name="later" file="scripts/b.lua" time="0.000000">
                      <skipped/>
                    </testcase>
                  </testsuite>
                  <testsuite name="scripts/c.lua" tests="1" failures="0" errors="0" skipped="1" time="0.000000">
                    <testcase classname="scripts/c.lua" name="some # day" file="scripts/c.lua" time="0.000000">
                      <skipped message="to do"/>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func emptyRunIsAnEmptyRoot() {
        #expect(
            JUnitReporter().report([]) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="vcsandbox" tests="0" failures="0" errors="0" time="0.000000">
                </testsuites>

                """)
    }

    @Test func timesHaveSixDecimals() throws {
        let results = [0, 1e-9, 0.0004, 3, 12345.6789].map { ScenarioResult(file: "t.lua", name: "\($0)", seconds: $0) }
        let report = JUnitReporter().report(results)
        let times = report.matches(of: try Regex(#"time="([^"]*)""#)).compactMap {
            $0.output[1].substring.map(String.init)
        }
        #expect(times.count == 7)
        #expect(times.allSatisfy { $0.wholeMatch(of: try! Regex(#"[0-9]+\.[0-9]{6}"#)) != nil })
        #expect(times.suffix(5) == ["0.000000", "0.000000", "0.000400", "3.000000", "12345.678900"])
    }

    @Test func escapingOfEachMarkupCharacter() {
        #expect(
            JUnitReporter.escaped(#"a&b<c>d"e'f]]>"#, inAttribute: false) == "a&amp;b&lt;c&gt;d&quot;e&apos;f]]&gt;")
        #expect(JUnitReporter.escaped("a\tb\nc\rd", inAttribute: true) == #"a&#9;b&#10;c\13d"#)
        #expect(JUnitReporter.escaped("a\tb\nc\rd", inAttribute: false) == "a\tb\nc\\13d")
        #expect(JUnitReporter.escaped("\u{0}\u{1B}\u{7F}\u{9B}é", inAttribute: false) == #"\0\27\127\194\155é"#)
    }
}

// MARK: - TAP

@Suite struct TAPReporterTests {
    @Test func fullSample() {
        #expect(
            TAPReporter().report([ReportSamples.passing, ReportSamples.failing, ReportSamples.unlocated]) == """
                TAP version 13
                1..3
                ok 1 - scripts/a.lua: push
                not ok 2 - scripts/b.lua: pop
                  ---
                  message: first difference at line 2
                  at: scripts/b.lua:12
                  details: "  A.a()\\n- B.b()\\n"
                  output: |
                    hello
                    world
                  duration_ms: 0.400
                  ...
                not ok 3 - scripts/c.lua: times out
                  ---
                  message: timed out after 10 s
                  duration_ms: 10000.000
                  ...
                # 1 passed, 2 failed

                """)
    }

    @Test func emptyRunHasAnEmptyPlan() throws {
        let report = TAPReporter().report([])
        #expect(report == "TAP version 13\n1..0\n# 0 passed, 0 failed\n")
        #expect(try TAPDocument(parsing: report).plan == 0)
    }

    @Test func parsesAsTAP13() throws {
        let results = ReportSamples.mixed + [ReportSamples.passing]
        let document = try TAPDocument(parsing: TAPReporter().report(results))
        #expect(document.plan == 5)
        #expect(document.tests.map(\.ok) == [true, false, false, false, true])
        #expect(document.tests.map(\.description) == results.map { $0.title.visibleLine })
        #expect(document.tests.allSatisfy { $0.directive == nil })
        #expect(document.tests.map { $0.diagnostics == nil } == [true, false, false, false, true])
        #expect(document.lastLine == "# 2 passed, 3 failed")
    }

    @Test func diagnosticsGiveBackTheFailure() throws {
        let document = try TAPDocument(parsing: TAPReporter().report(ReportSamples.mixed))
        for (test, result) in zip(document.tests, ReportSamples.mixed) where !result.passed {
            let yaml = try #require(test.diagnostics)
            #expect(yaml["message"] == result.failure?.message.visibleText)
            #expect(yaml["at"] == result.failure?.location?.visibleText)
            #expect(yaml["details"] == (result.failure?.details).flatMap { $0.isEmpty ? nil : $0.visibleText })
            #expect(yaml["output"] == (result.output.isEmpty ? nil : result.output.visibleText))
            #expect(yaml["duration_ms"] == FixedDecimal.text(result.seconds * 1000, places: 3))
        }
    }

    @Test func titlesCannotHoldDirectivesOrLineBreaks() throws {
        let result = ScenarioResult(file: "s.lua", name: "a # SKIP b\\# c\r\nd\u{2028}e")
        let report = TAPReporter().report([result])
        #expect(report.contains(##"ok 1 - s.lua: a \# SKIP b\\\# c\\13\\10d e"##))
        let test = try #require(try TAPDocument(parsing: report).tests.first)
        #expect(test.ok)
        #expect(test.directive == nil)
        #expect(test.description == ##"s.lua: a # SKIP b\# c\13\10d e"##)
    }

    /// Text of several lines, or of one that ends with a newline, is a literal block `|`,
    /// which gives it back with one final newline, when its first line starts with no blank
    /// and no line starts with a tab.
    @Test(arguments: [
        ("- B.b()\n+ B.c()", "- B.b()\n+ B.c()\n"), ("two\nlines\n\n\n", "two\nlines\n"),
        ("a\n\nb\n", "a\n\nb\n"), ("first\n  indented\n- dash\n", "first\n  indented\n- dash\n"),
        ("trailing space \nx", "trailing space \nx\n"), ("tab\tinside\nx\t", "tab\tinside\nx\t\n"),
        ("x\n   \ny", "x\n   \ny\n"), ("#hash\n- key: value", "#hash\n- key: value\n"),
        ("one line\n", "one line\n"), ("one line\n\n", "one line\n"),
    ])
    func literalBlocks(text: String, readBack: String) throws {
        let result = ScenarioResult(
            file: "s.lua", name: "n", failure: Failure(location: nil, message: "m", details: text))
        let report = TAPReporter().report([result])
        #expect(report.contains("  details: |\n"))
        #expect(try TAPDocument(parsing: report).tests.first?.diagnostics?["details"] == readBack)
    }

    /// Text a literal block cannot give back is one double-quoted line, given back exactly.
    @Test(arguments: [
        "", "\n", "\n\n", "  ...\n", "---", "sep\u{2028}",
        "  indented first\n- x", "\ttab first\nx", "a\n\tb", "a\n  \tb", "a\n  ...\nb", "a\n--- \nb",
        "\n\nafter blanks", "a: b", "a #b", "true", "No", "12", "-dash", "'q'", "\"dq\"", "trailing ",
        " leading", "ends:", "#hash", "tab\there", "|", ">", "~", "{}", "[]", "é",
    ])
    func quotedWhenNoBlockOrPlainScalarCanHoldIt(text: String) throws {
        let result = ScenarioResult(
            file: "s.lua", name: "n", failure: Failure(location: nil, message: text, details: text))
        let report = TAPReporter().report([result])
        #expect(report.contains("  message: \""))
        #expect(report.contains("  details: \"") == !text.isEmpty)
        let diagnostics = try TAPDocument(parsing: report).tests.first?.diagnostics
        #expect(diagnostics?["message"] == text)
        #expect(diagnostics?["details"] == (text.isEmpty ? nil : text))
    }

    /// Control characters are written out as Lua writes them (D-90), so the YAMLish holds
    /// none: a carriage return no longer forces quotes, and no reader gives one back.
    @Test(arguments: [
        ("carriage\r\nreturn", #"carriage\13"# + "\nreturn\n"), ("bell\u{7}", #"bell\7"#),
        ("nel\u{85}", #"nel\194\133"#), ("esc\u{1B}[2J", #"esc\27[2J"#), ("nul\u{0}1", #"nul\0001"#),
    ])
    func controlCharactersAreWrittenOut(text: String, readBack: String) throws {
        let result = ScenarioResult(
            file: "s.lua", name: "n", failure: Failure(location: nil, message: "m", details: text))
        let report = TAPReporter().report([result])
        #expect(!report.unicodeScalars.contains { VisibleText.isControl($0) && $0 != "\n" })
        #expect(try TAPDocument(parsing: report).tests.first?.diagnostics?["details"] == readBack)
    }

    /// One line that YAML and TAP::Parser both read as the same string is written plain.
    @Test(arguments: [
        "timed out after 10 s", "scripts/b.lua:12", "/tmp/a b.lua:3", "boom", "a#b", "a:b", "x Ünï 😀 (x)", "nul",
        "back\\slash \\\" quote",
    ])
    func plainWhenItReadsBackAsItself(text: String) throws {
        let result = ScenarioResult(file: "s.lua", name: "n", failure: Failure(location: text, message: text))
        let report = TAPReporter().report([result])
        #expect(report.contains("  message: \(text)\n  at: \(text)\n"))
        let diagnostics = try TAPDocument(parsing: report).tests.first?.diagnostics
        #expect(diagnostics?["message"] == text)
        #expect(diagnostics?["at"] == text)
    }

    /// A scenario that was not run carries a directive, TAP's own way of saying it did not
    /// fail, and no diagnostics; the totals count it as skipped.
    @Test func scenariosNotRunCarryDirectives() throws {
        let results = [ReportSamples.passing, ReportSamples.skipped, ReportSamples.failing, ReportSamples.todo]
        let report = TAPReporter().report(results)
        #expect(report.contains("\nok 2 - scripts/b.lua: later # SKIP\nnot ok 3 - scripts/b.lua: pop\n"))
        #expect(report.hasSuffix("\nnot ok 4 - scripts/c.lua: some \\# day # TODO\n# 1 passed, 1 failed, 2 skipped\n"))
        let document = try TAPDocument(parsing: report)
        #expect(document.tests.map(\.directive) == [nil, " SKIP", nil, " TODO"])
        #expect(document.tests.map { $0.diagnostics == nil } == [true, true, false, true])
        #expect(document.tests[3].description == "scripts/c.lua: some # day")
    }

    @Test func passingTestsCarryNoTiming() {
        let results = [ReportSamples.passing, ReportSamples.passing]
        #expect(TAPReporter().report(results) == TAPReporter().report(ReportSamples.retimed(results, by: 50)))
        #expect(!TAPReporter().report(results).contains("duration"))
    }

    @Test func parserRejectsMalformedReports() {
        let good = TAPReporter().report([ReportSamples.passing, ReportSamples.failing])
        let broken = [
            good.replacingOccurrences(of: "TAP version 13", with: "TAP version 12"),
            good.replacingOccurrences(of: "1..2", with: "1..3"),
            good.replacingOccurrences(of: "not ok 2", with: "not ok 3"),
            good.replacingOccurrences(of: "  ...\n", with: ""),
            good.replacingOccurrences(of: "output: |", with: "output: |-"),
            good.replacingOccurrences(of: "    hello\n", with: "      hello\n"),
            good.replacingOccurrences(of: "    hello\n", with: "\thello\n"),
            good.replacingOccurrences(of: "    hello\n", with: "    hello\n\n"),
            good.replacingOccurrences(of: "# 1 passed", with: "# 2 passed"),
            good.replacingOccurrences(of: "ok 1 - scripts", with: "ok 1 scripts"),
            good.replacingOccurrences(of: "hello", with: "hel\rlo"),
            good.replacingOccurrences(of: "hello", with: "hel\u{7}lo"),
        ]
        for text in broken {
            #expect(throws: TAPDocument.Problem.self) { try TAPDocument(parsing: text) }
        }
        #expect(throws: Never.self) { try TAPDocument(parsing: good) }
    }
}

// MARK: - JSON

@Suite struct JSONReporterTests {
    func parse(_ results: [ScenarioResult]) throws -> [String: Any] {
        let data = Data(JSONReporter().report(results).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func fullSample() {
        #expect(
            JSONReporter().report([ReportSamples.passing, ReportSamples.failing]) == #"""
                {
                  "passed": 1,
                  "failed": 1,
                  "skipped": 0,
                  "scenarios": [
                    {
                      "file": "scripts/a.lua",
                      "name": "push",
                      "status": "passed",
                      "seconds": 0.012300,
                      "output": "",
                      "failure": null
                    },
                    {
                      "file": "scripts/b.lua",
                      "name": "pop",
                      "status": "failed",
                      "seconds": 0.000400,
                      "output": "hello\nworld\n",
                      "failure": {
                        "location": "scripts/b.lua:12",
                        "message": "first difference at line 2",
                        "details": "  A.a()\n- B.b()\n"
                      }
                    }
                  ]
                }

                """#)
    }

    @Test func emptyRun() throws {
        #expect(
            JSONReporter().report([])
                == "{\n  \"passed\": 0,\n  \"failed\": 0,\n  \"skipped\": 0,\n  \"scenarios\": []\n}\n")
        let object = try parse([])
        #expect((object["scenarios"] as? [Any])?.isEmpty == true)
    }

    @Test func parsesWithCountsAndFields() throws {
        let object = try parse(ReportSamples.mixed)
        #expect(object["passed"] as? Int == 1)
        #expect(object["failed"] as? Int == 3)
        #expect(object["skipped"] as? Int == 0)
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(scenarios.count == ReportSamples.mixed.count)
        for (scenario, result) in zip(scenarios, ReportSamples.mixed) {
            #expect(scenario["file"] as? String == result.file)
            #expect(scenario["name"] as? String == result.name)
            #expect(scenario["status"] as? String == (result.passed ? "passed" : "failed"))
            #expect(abs((scenario["seconds"] as? Double ?? -1) - result.seconds) < 1e-6)
            #expect(scenario["output"] as? String == result.output)
            if let failure = result.failure {
                let object = try #require(scenario["failure"] as? [String: Any])
                #expect(object["location"] as? String == failure.location)
                #expect((object["location"] is NSNull) == (failure.location == nil))
                #expect(object["message"] as? String == failure.message)
                #expect(object["details"] as? String == failure.details)
            } else {
                #expect(scenario["failure"] is NSNull)
            }
        }
    }

    @Test func keysComeInAFixedOrder() {
        let report = JSONReporter().report([ReportSamples.failing])
        let keys = [
            "passed", "failed", "skipped", "scenarios", "file", "name", "status", "seconds", "output", "failure",
            "location", "message", "details",
        ]
        let positions = keys.compactMap { report.range(of: "\"\($0)\": ")?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
    }

    @Test func everyControlCharacterIsEscaped() throws {
        let controls =
            String(String.UnicodeScalarView((UInt32(0)..<0x20).compactMap(Unicode.Scalar.init))) + "\"\\\u{2028}/é😀"
        let report = JSONReporter().report([ScenarioResult(file: "f", name: controls)])
        #expect(report.contains(#""\u0000\u0001"#))
        #expect(report.contains(#"\b\t\n\u000b\f\r"#))
        #expect(report.contains(#"\u001f\"\\\u2028/é😀""#))
        let scenarios = try #require(
            try parse([ScenarioResult(file: "f", name: controls)])["scenarios"] as? [[String: Any]])
        #expect(scenarios.first?["name"] as? String == controls)
    }

    @Test func scenariosNotRunHaveTheirStatusAndCount() throws {
        let results = [ReportSamples.passing, ReportSamples.skipped, ReportSamples.failing, ReportSamples.todo]
        let object = try parse(results)
        #expect(object["passed"] as? Int == 1)
        #expect(object["failed"] as? Int == 1)
        #expect(object["skipped"] as? Int == 2)
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["status"] as? String } == ["passed", "skipped", "failed", "todo"])
        #expect(scenarios[1]["failure"] is NSNull && scenarios[3]["failure"] is NSNull)
    }

    @Test func secondsNeverUseAnExponent() {
        let report = JSONReporter().report([ScenarioResult(file: "f", name: "n", seconds: 1e-7)])
        #expect(report.contains("\"seconds\": 0.000000,"))
        #expect(!report.contains("e-"))
    }
}

// MARK: - A TAP 13 reader

/// A strict reader of TAP version 13 as the TAP reporter writes it, to check its output.
///
/// It checks the version line, the plan before the tests, numbers counting up from 1, the
/// number of tests against the plan, the totals comment at the end, and that each YAML
/// block directly follows a test line and decodes (literal blocks with their indentation
/// and chomping indicators, double-quoted scalars with escapes, plain scalars).
struct TAPDocument {
    struct TestPoint {
        var ok: Bool
        var number: Int
        var description: String
        var directive: String?
        var diagnostics: [String: String]?
    }

    struct Problem: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    var plan = 0
    var tests: [TestPoint] = []
    var lastLine = ""

    init(parsing text: String) throws {
        guard text.hasSuffix("\n") else { throw Problem(line: 0, reason: "no final newline") }
        guard !text.unicodeScalars.contains(where: Self.isOtherLineBreak) else {
            throw Problem(line: 0, reason: "a line break other than LF, which readers may split at")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard lines.first == "TAP version 13" else { throw Problem(line: 1, reason: "no version line") }
        guard lines.count > 1, let plan = Self.plan(lines[1]) else { throw Problem(line: 2, reason: "no plan") }
        self.plan = plan
        var index = 2
        while index < lines.count {
            index = try readLine(lines, at: index)
        }
        try checkTotals(lines)
    }

    /// Reads the line at `index` (and its YAML block); returns the index of the next line.
    mutating func readLine(_ lines: [String], at index: Int) throws -> Int {
        let line = lines[index]
        if line.hasPrefix("#") { return index + 1 }
        guard var test = try Self.testPoint(line, lineNumber: index + 1) else {
            throw Problem(line: index + 1, reason: "not a TAP line: \(line)")
        }
        guard test.number == tests.count + 1 else { throw Problem(line: index + 1, reason: "test out of sequence") }
        var next = index + 1
        if next < lines.count, lines[next] == "  ---" {
            guard let end = lines[next...].firstIndex(of: "  ...") else {
                throw Problem(line: next + 1, reason: "YAML block without end")
            }
            test.diagnostics = try YAMLBlock.decode(Array(lines[(next + 1)..<end]), firstLine: next + 2)
            next = end + 1
        }
        tests.append(test)
        return next
    }

    /// Checks the plan against the tests and the final `# N passed, N failed`.
    mutating func checkTotals(_ lines: [String]) throws {
        guard tests.count == plan else {
            throw Problem(line: lines.count, reason: "\(tests.count) tests, plan \(plan)")
        }
        lastLine = lines.last ?? ""
        let passed = tests.count { $0.ok && $0.directive == nil }
        let failed = tests.count { !$0.ok && $0.directive == nil }
        let skipped = tests.count - passed - failed
        let totals = "# \(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
        guard lastLine == totals else {
            throw Problem(line: lines.count, reason: "bad totals: \(lastLine)")
        }
    }

    /// CR, VT, FF, NEL and the Unicode line and paragraph separators.
    static func isOtherLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        [0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    /// The N of `1..N`.
    static func plan(_ line: String) -> Int? {
        guard line.hasPrefix("1..") else { return nil }
        return Int(line.dropFirst(3))
    }

    /// `ok N - description # directive` or its `not ok` form; nil for other lines.
    static func testPoint(_ line: String, lineNumber: Int) throws -> TestPoint? {
        let ok = line.hasPrefix("ok ")
        guard ok || line.hasPrefix("not ok ") else { return nil }
        let rest = line.dropFirst(ok ? 3 : 7)
        let digits = rest.prefix(while: \.isNumber)
        guard let number = Int(digits), rest.dropFirst(digits.count).hasPrefix(" - ") else {
            throw Problem(line: lineNumber, reason: "expected a number and ' - '")
        }
        let (description, directive) = unescaped(rest.dropFirst(digits.count + 3))
        return TestPoint(ok: ok, number: number, description: description, directive: directive)
    }

    /// The description with `\\` and `\#` undone, and what follows an unescaped `#`.
    static func unescaped(_ text: Substring) -> (String, String?) {
        var description = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "#" {
                return (description.trimmingCharacters(in: .whitespaces), String(text[index...]))
            }
            if character == "\\", index < text.endIndex {
                description.append(text[index])
                index = text.index(after: index)
            } else {
                description.append(character)
            }
        }
        return (description, nil)
    }
}

/// The subset of YAML a TAP diagnostics block uses: one mapping of keys at indent 2.
private enum YAMLBlock {
    /// The keys and decoded values of the lines between `  ---` and `  ...`.
    static func decode(_ lines: [String], firstLine: Int) throws -> [String: String] {
        var values: [String: String] = [:]
        var index = 0
        if let bad = lines.firstIndex(where: { !$0.unicodeScalars.allSatisfy(isPrintable) }) {
            throw TAPDocument.Problem(line: firstLine + bad, reason: "a character YAML does not allow")
        }
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let colon = line.range(of: ": ") else {
                throw TAPDocument.Problem(line: firstLine + index, reason: "not a YAML key: \(line)")
            }
            let key = String(line[line.index(line.startIndex, offsetBy: 2)..<colon.lowerBound])
            let value = String(line[colon.upperBound...])
            guard values[key] == nil else {
                throw TAPDocument.Problem(line: firstLine + index, reason: "duplicate \(key)")
            }
            if value.hasPrefix("|") {
                let (text, used) = try literal(header: value, lines: lines[(index + 1)...], line: firstLine + index)
                values[key] = text
                index += 1 + used
            } else {
                values[key] = try scalar(value, line: firstLine + index)
                index += 1
            }
        }
        return values
    }

    /// YAML's printable set, which leaves out most control characters.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x85: true
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// A literal block after a `key: |` line, read as TAP::Parser's reader reads it; returns
    /// its text and how many lines it used.
    ///
    /// The header is `|` alone; the block's indentation is its first line's leading blanks
    /// (a tab counts as one), and it ends at the first line with fewer; a line's blanks past
    /// the indentation come back as spaces. A tab among a line's leading blanks, or a first
    /// line that starts with more blanks than the block's two, would not come back as it was
    /// written, so they are refused here.
    static func literal(header: String, lines: ArraySlice<String>, line: Int) throws -> (String, Int) {
        guard header == "|" else { throw TAPDocument.Problem(line: line, reason: "bad block header \(header)") }
        func blanks(_ text: String) -> Int { text.prefix { $0 == " " || $0 == "\t" }.count }
        guard let first = lines.first, blanks(first) == 4, first.count > 4 else {
            throw TAPDocument.Problem(line: line, reason: "a block's first line must be indented by four, then text")
        }
        let body = Array(lines.prefix { blanks($0) >= 4 })
        var content: [String] = []
        for text in body {
            guard !text.prefix(blanks(text)).contains("\t") else {
                throw TAPDocument.Problem(line: line, reason: "a tab in a block line's indentation")
            }
            content.append(String(text.dropFirst(4)))
        }
        return (chomped(content, nil), body.count)
    }

    /// The lines joined as YAML's `-` (strip), clip (default) or `+` (keep) chomping says.
    static func chomped(_ lines: [String], _ chomping: Character?) -> String {
        let kept = lines.map { $0 + "\n" }.joined()
        var trimmed = lines
        while trimmed.last == "" { trimmed.removeLast() }
        switch chomping {
        case "+": return kept
        case "-": return trimmed.joined(separator: "\n")
        default: return trimmed.isEmpty ? "" : trimmed.joined(separator: "\n") + "\n"
        }
    }

    /// A double-quoted scalar with its escapes, or a plain one taken as it is.
    static func scalar(_ value: String, line: Int) throws -> String {
        guard value.hasPrefix("\"") else {
            guard !value.isEmpty, !value.contains(": "), !value.hasPrefix("#") else {
                throw TAPDocument.Problem(line: line, reason: "bad plain scalar \(value)")
            }
            return value
        }
        let scalars = Array(value.unicodeScalars)
        var result = ""
        var index = 1
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"" where index == scalars.count: return result
            case "\"": throw TAPDocument.Problem(line: line, reason: "text after a string")
            case "\\": result.unicodeScalars.append(try escape(scalars, at: &index, line: line))
            default: result.unicodeScalars.append(scalar)
            }
        }
        throw TAPDocument.Problem(line: line, reason: "unterminated string")
    }

    /// The character a YAML escape sequence stands for, the backslash already read.
    static func escape(_ scalars: [Unicode.Scalar], at index: inout Int, line: Int) throws -> Unicode.Scalar {
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "n": "\n", "r": "\r", "t": "\t", "0": "\0", "\"": "\"", "\\": "\\",
        ]
        guard index < scalars.count else { throw TAPDocument.Problem(line: line, reason: "lone backslash") }
        let letter = scalars[index]
        index += 1
        if let plain = simple[letter] { return plain }
        let width = letter == "x" ? 2 : letter == "u" ? 4 : 0
        let digits = String(String.UnicodeScalarView(scalars[index..<min(index + width, scalars.count)]))
        index += width
        guard width > 0, digits.count == width, let value = UInt32(digits, radix: 16),
            let decoded = Unicode.Scalar(value)
        else {
            throw TAPDocument.Problem(line: line, reason: "bad escape \\\(letter)\(digits)")
        }
        return decoded
    }
}
