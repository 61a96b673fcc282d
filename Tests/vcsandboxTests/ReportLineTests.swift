import Foundation
import HierarchyEngine
import ScenarioKit
import Testing

@testable import vcsandbox

/// The worker's lines (issue 18): a report or a job read back is the one written, whatever
/// its text holds, and a damaged line is refused rather than misread.
@Suite("The lines between a worker and vcsandbox test")
struct ReportLineTests {
    /// Text with everything the format escapes, and more.
    static let awkward = "a\\b\nc\u{1F}d \\n é 🚀 \"quoted\" -"

    static var report: ScriptReport {
        let failure = Failure(
            location: "x.lua:3", message: awkward, details: "diff\n- a\n+ b", nextStep: "vcsandbox test --accept x.lua",
            kind: .accepted)
        return ScriptReport(
            results: [
                ScenarioResult(
                    file: "x.lua", name: awkward, line: 12, failure: failure, output: "printed\n", seconds: 0.1 + 0.2,
                    diagram: SequenceDiagram(steps: [
                        .message(to: "B", text: awkward), .note("m"), .message(to: "A\u{1F}", text: ""), .note(""),
                        .boundary("turn 3 · 0.35 s"),
                    ])),
                ScenarioResult(file: "x.lua", name: "", line: nil, failure: nil, output: "", seconds: 0, notRun: .todo),
                ScenarioResult(
                    file: "-", name: "+", failure: Failure(location: nil, message: ""), seconds: 1e-300,
                    notRun: .skipped),
            ],
            notes: [awkward, ""], written: ["a.trace"], marks: [nil, failure, nil], wasRun: false, offered: ["x.lua: a"]
        )
    }

    /// The report as JSON with sorted keys: equal reports give equal bytes.
    private func json(_ report: ScriptReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(report)
    }

    @Test("a report read back is the one written, field for field")
    func reportRoundTrips() throws {
        let line = ReportLine.encode(Self.report)
        #expect(!line.contains(0x0A))
        let read = try #require(ReportLine.decode(line))
        #expect(try json(read) == json(Self.report))
        #expect(read.results == Self.report.results)
        #expect(read.marks == Self.report.marks)
    }

    @Test("the format knows every field of a report, a result and a failure")
    func everyFieldIsWritten() {
        // A field added to one of these must be added to ReportLine too: this count fails first.
        #expect(Mirror(reflecting: Self.report).children.count == 6)
        #expect(Mirror(reflecting: Self.report.results[0]).children.count == 8)
        #expect(Mirror(reflecting: Self.report.results[0].failure!).children.count == 5)
    }

    @Test("a job is a file, whatever its name")
    func jobRoundTrips() {
        #expect(ReportLine.decodeJob(ReportLine.encode(job: Self.awkward)) == Self.awkward)
        #expect(ReportLine.decodeJob(ReportLine.encode(job: "scripts/a.lua")) == "scripts/a.lua")
    }

    @Test("a cut, padded or garbled line is refused")
    func damagedLinesAreRefused() {
        let line = ReportLine.encode(Self.report)
        #expect(ReportLine.decode(line.dropLast()) == nil)
        #expect(ReportLine.decode(line + [0x41, ReportLine.separator]) == nil)
        #expect(ReportLine.decode(Array("{\"results\":[]}".utf8)) == nil)
        #expect(ReportLine.decode([UInt8]()) == nil)
        #expect(ReportLine.decodeJob(Array("a\\qb\u{1F}".utf8)) == nil)
    }
}

/// docs/RULES.md is `vcsandbox rules`: the engine's catalogue of the rules `--explain` cites.
@Suite("the rules' catalogue")
struct RulesCatalogueTests {
    @Test func docsRulesIsTheEnginesTable() throws {
        let shipped = try String(contentsOf: packageRoot.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
        #expect(shipped == Rule.catalogueMarkdown, "docs/RULES.md is out of date: vcsandbox rules > docs/RULES.md")
    }
}
