import Testing

@testable import ScenarioKit

@Suite struct GoldenCompareTests {
    typealias Section = GoldenTrace.Section

    static let file = "-- comment\n-- scenario: push\nA.viewDidLoad()\nA.viewWillAppear(false)\n\n-- scenario: empty\n"

    @Test func theGoldenFileStandsBesideTheScript() {
        #expect(GoldenTrace.path(forScript: "scripts/a/foo.lua") == "scripts/a/foo.trace")
        #expect(GoldenTrace.path(forScript: "foo") == "foo.trace")
    }

    @Test func matchingSectionsPass() {
        let recorded = [
            Section(name: "empty", lines: []),
            Section(name: "push", lines: ["A.viewDidLoad()", "A.viewWillAppear(false)"]),
        ]
        #expect(GoldenTrace.compare(recorded, withFile: Self.file, at: "x.trace") == [nil, nil])
    }

    @Test func aDifferenceFailsAtTheGoldenFilesOwnLineWithADiff() throws {
        let recorded = [Section(name: "push", lines: ["A.viewDidLoad()", "A.viewWillAppear(true)"])]
        let failure = try #require(GoldenTrace.compare(recorded, withFile: Self.file, at: "x.trace")[0])
        #expect(failure.location == "x.trace:4", "the line of A.viewWillAppear(false) in the file")
        #expect(failure.message.hasPrefix("the trace differs from the golden trace: first difference at line 2"))
        #expect(failure.details.contains("+ A.viewWillAppear(true)"))
        #expect(failure.nextStep?.hasPrefix("vcsandbox test --record x.lua") == true, "the command that re-records it")
    }

    @Test func theNextStepQuotesAPathTheShellWouldSplit() {
        #expect(shellQuoted("scripts/a-b.lua") == "scripts/a-b.lua")
        #expect(shellQuoted("my scripts/it's.lua") == #"'my scripts/it'\''s.lua'"#)
        #expect(GoldenTrace.recordCommand(forTrace: "a b.trace").hasPrefix("vcsandbox test --record 'a b.lua'"))
    }

    @Test func recordedLinesAreNotPatterns() throws {
        let file = "-- scenario: s\nA.*\n"
        let failure = try #require(
            GoldenTrace.compare([Section(name: "s", lines: ["A.x()"])], withFile: file, at: "x.trace")[0])
        #expect(failure.location == "x.trace:2")
    }

    @Test func blankLinesInsideASectionCountInTheFilesLineNumbers() throws {
        let file = "-- scenario: s\nA.a()\n\n\nA.b()\nA.c()\n"
        let recorded = [Section(name: "s", lines: ["A.a()", "A.x()", "A.c()"])]
        let failure = try #require(GoldenTrace.compare(recorded, withFile: file, at: "x.trace")[0])
        #expect(failure.location == "x.trace:5")
    }

    @Test func aTraceThatGoesOnFailsAtTheSectionsLastLineAndAnEmptySectionAtItsHeader() throws {
        let longer = [Section(name: "push", lines: ["A.viewDidLoad()", "A.viewWillAppear(false)", "A.more()"])]
        #expect(GoldenTrace.compare(longer, withFile: Self.file, at: "x.trace")[0]?.location == "x.trace:4")
        let nonEmpty = [Section(name: "empty", lines: ["A.more()"])]
        #expect(GoldenTrace.compare(nonEmpty, withFile: Self.file, at: "x.trace")[0]?.location == "x.trace:6")
    }

    @Test func aMissingSectionSaysHowToAddIt() throws {
        let failure = try #require(
            GoldenTrace.compare([Section(name: "new", lines: [])], withFile: Self.file, at: "x.trace")[0])
        #expect(failure.location == "x.trace")
        #expect(failure.message.contains("`vcsandbox test --record` adds it"))
    }

    @Test func anUnreadableFileFailsEverySectionAtItsLine() {
        let recorded = [Section(name: "a", lines: []), Section(name: "b", lines: [])]
        let failures = GoldenTrace.compare(recorded, withFile: "-- scenario: a\n-- scenario: a\n", at: "x.trace")
        #expect(failures.map { $0?.location } == ["x.trace:2", "x.trace:2"])
    }
}
