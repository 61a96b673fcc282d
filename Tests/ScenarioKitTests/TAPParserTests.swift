import Foundation
import Testing

@testable import ScenarioKit

/// The TAP report read by TAP::Parser, the Perl library behind `prove` and TAP's reference
/// consumer (D-75): every test counted, every directive seen, and every text of the YAMLish
/// diagnostics given back as the reporter wrote it. Skipped, saying so, where Perl or its
/// TAP::Parser is missing.
@Suite(.enabled(if: PerlTAPParser.isAvailable, "needs perl with TAP::Parser and JSON::PP (Debian's perl has both)"))
struct TAPParserTests {
    /// One line of text: the plain ones, the quoted ones, and every escape below U+0080.
    static let singleLines = [
        "timed out after 10 s", "scripts/b.lua:12", "a: b", "x #y", "true", "No", "12", "-dash", "'q'", "\"dq\"",
        "trailing ", " leading", "ends:", "#hash", "tab\there", "back\\slash \\\" quote \\n", "ctrl\u{1}\u{1F}\u{7F}",
        "é ünïcödé 😀", "|", ">", "~", "{}", "[]", "- item", "key: |", "...", "---",
    ]

    /// Text of several lines: in literal blocks, or quoted where a block cannot hold it.
    static let multipleLines = [
        "- B.b()\n+ B.c()", "  A.a()\n- B.b()\n", "a\n\nb\n\n", "first\n\tsecond", "first\n  \tsecond",
        "x\n   \ny", "x\n  ...\ny", "x\r\ny", "x\n--- \ny", "trailing space \nline", "stack traceback:\n\t[C]: in ?",
        "\nleading newline", "é\n😀\n", "one line\n", "one line\n\n\n",
    ]

    @Test func everyTextComesBackAsTheReporterMeantIt() throws {
        let texts = Self.singleLines + Self.multipleLines
        let results = texts.map { text in
            ScenarioResult(
                file: "s.lua", name: "n", failure: Failure(location: text, message: text, details: text), output: text)
        }
        let parsed = try PerlTAPParser.parse(TAPReporter().report(results))
        #expect(parsed.errors == [])
        try #require(parsed.tests.count == texts.count)
        for (test, text) in zip(parsed.tests, texts) {
            // Control characters come back as they were written out (D-90).
            let expected = Self.readBack(text.visibleText)
            #expect(test.yaml["message"] == expected, "message \(text.debugDescription)")
            #expect(test.yaml["at"] == expected, "at \(text.debugDescription)")
            #expect(test.yaml["details"] == expected, "details \(text.debugDescription)")
            #expect(test.yaml["output"] == expected, "output \(text.debugDescription)")
        }
    }

    /// A literal block comes back with one final newline; everything else exactly.
    static func readBack(_ text: String) -> String {
        guard TAPReporter.literalBlock(text) != nil else { return text }
        return String(text.reversed().drop { $0 == "\n" }.reversed()) + "\n"
    }

    @Test func literalBlocksAreUsedWhereTheyCanBe() {
        let report = TAPReporter().report(
            Self.multipleLines.map {
                ScenarioResult(file: "s.lua", name: "n", failure: Failure(location: nil, message: "m", details: $0))
            })
        // "x\r\ny" too, since its carriage return is written out as `\13` (D-90).
        #expect(report.components(separatedBy: "  details: |\n").count - 1 == 8)
    }

    /// Passing, failing, skipped and to-do scenarios, counted as TAP counts them.
    @Test func directivesAreCounted() throws {
        let failure = Failure(location: "a.lua:1", message: "expectation failed: x", details: "  A.a()\n- B.b()")
        let results = [
            ScenarioResult(file: "a.lua", name: "one"),
            ScenarioResult(file: "a.lua", name: "two # SKIP not really", failure: failure),
            ScenarioResult(file: "a.lua", name: "three", notRun: .skipped),
            ScenarioResult(file: "a.lua", name: "four", notRun: .todo),
            ScenarioResult(file: "a.lua", name: "five", failure: failure),
            ScenarioResult(file: "a.lua", name: "six"),
        ]
        let parsed = try PerlTAPParser.parse(TAPReporter().report(results))
        #expect(parsed.errors == [])
        #expect(parsed.tests.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(parsed.tests.map(\.directive) == ["", "", "SKIP", "TODO", "", ""])
        #expect(parsed.passed == [1, 3, 4, 6])
        #expect(parsed.failed == [2, 5])
        #expect(parsed.skipped == [3])
        #expect(parsed.todo == [4])
        #expect(parsed.tests[1].description == "- a.lua: two \\# SKIP not really")
        #expect(parsed.tests[1].yaml["details"] == "  A.a()\n- B.b()")
    }
}

/// Runs Perl's TAP::Parser over a report and gives back what it read, as JSON.
enum PerlTAPParser {
    struct Test {
        var number: Int
        var directive: String
        var description: String
        var yaml: [String: String]
    }

    struct Parsed {
        var tests: [Test]
        var errors: [String]
        var passed: [Int]
        var failed: [Int]
        var skipped: [Int]
        var todo: [Int]
    }

    /// Reads the TAP file named by its argument; prints one JSON object. Strings stay bytes
    /// (UTF-8) from the file to the output.
    static let script = #"""
        use strict; use warnings; use TAP::Parser; use JSON::PP;
        my $parser = TAP::Parser->new({ source => $ARGV[0] });
        my @tests;
        while (my $result = $parser->next) {
            if ($result->is_test) {
                push @tests, { number => $result->number + 0, directive => $result->directive,
                               description => $result->description, yaml => {} };
            } elsif ($result->is_yaml) {
                $tests[-1]{yaml} = $result->data;
            }
        }
        print JSON::PP->new->canonical->encode({
            tests => \@tests, errors => [$parser->parse_errors],
            passed => [map { $_ + 0 } $parser->passed], failed => [map { $_ + 0 } $parser->failed],
            skipped => [map { $_ + 0 } $parser->skipped], todo => [map { $_ + 0 } $parser->todo] });
        """#

    static let isAvailable: Bool = (try? perl(["-MTAP::Parser", "-MJSON::PP", "-e", "1"]).status) == 0

    static func parse(_ tap: String) throws -> Parsed {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.tap")
        try tap.write(to: file, atomically: true, encoding: .utf8)
        let (status, output) = try perl(["-e", script, file.path])
        try #require(status == 0, "perl failed: \(output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let tests = (object["tests"] as? [[String: Any]] ?? []).map { test in
            Test(
                number: test["number"] as? Int ?? 0, directive: test["directive"] as? String ?? "?",
                description: test["description"] as? String ?? "?",
                yaml: (test["yaml"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String })
        }
        func numbers(_ key: String) -> [Int] { object[key] as? [Int] ?? [] }
        return Parsed(
            tests: tests, errors: object["errors"] as? [String] ?? ["no errors list"], passed: numbers("passed"),
            failed: numbers("failed"), skipped: numbers("skipped"), todo: numbers("todo"))
    }

    /// Runs `perl` from the path with `arguments`; its status and standard output.
    static func perl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["perl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
