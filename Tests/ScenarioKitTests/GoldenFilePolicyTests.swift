import ScenarioKit
import Testing

/// `vcsandbox test`'s golden-trace rules, judged from text alone: compare (a missing file,
/// a mismatch) and record (whole or partial runs, merging, what is never written).
@Suite struct GoldenFilePolicyTests {
    static let script = "scripts/x.lua"
    static let compare = GoldenFilePolicy(script: script, mode: .compare)
    static let recordWhole = GoldenFilePolicy(script: script, mode: .record(whole: true, checksInline: false))
    static let recordSome = GoldenFilePolicy(script: script, mode: .record(whole: false, checksInline: false))
    /// `--record` for a script whose scenarios check inline (an `expect…` or `assert`).
    static let recordInline = GoldenFilePolicy(script: script, mode: .record(whole: true, checksInline: true))

    static let file = """
        -- vcsandbox golden trace for x.lua: written by `vcsandbox test --record`
        -- scenario: push
        A.viewDidLoad()
        A.viewWillAppear(false)

        -- scenario: pop
        B.viewDidDisappear(true)

        """

    static func passed(_ name: String) -> ScenarioResult {
        ScenarioResult(file: script, name: name)
    }

    static func failed(_ name: String) -> ScenarioResult {
        ScenarioResult(file: script, name: name, failure: Failure(location: "scripts/x.lua:3", message: "boom"))
    }

    /// The golden text for sections given as (name, lines).
    static func golden(_ sections: [(String, [String])]) -> String {
        GoldenTrace(sections: sections.map { GoldenTrace.Section(name: $0.0, lines: $0.1) }).render(scriptName: "x.lua")
    }

    @Test func theFileStandsBesideTheScript() {
        #expect(Self.compare.path == "scripts/x.trace")
    }

    // MARK: - Compare

    @Test func withoutAFileNothingIsComparedOrWritten() {
        var asked: [Int] = []
        let verdict = Self.compare.judge(
            [Self.passed("push")],
            traces: {
                asked.append($0)
                return ["A.x()"]
            }, existing: nil)
        #expect(verdict == FileVerdict(scenarios: 1))
        #expect(asked.isEmpty, "no trace is built when there is nothing to compare it with")
    }

    @Test func matchingScenariosPassAreCheckedAndFailedOnesAreNotAsked() {
        var asked: [Int] = []
        let traces = [["A.viewDidLoad()", "A.viewWillAppear(false)"], ["B.viewDidDisappear(true)"], []]
        let results = [Self.passed("push"), Self.passed("pop"), Self.failed("crash")]
        let verdict = Self.compare.judge(
            results,
            traces: {
                asked.append($0)
                return traces[$0]
            }, existing: Self.file)
        #expect(verdict == FileVerdict(failures: [nil, nil, nil], checked: [true, true, false]))
        #expect(asked == [0, 1])
    }

    @Test func aMismatchFailsAtItsLineOfTheFileWithTheRecordCommand() throws {
        let results = [Self.passed("push"), Self.passed("pop")]
        let traces = [["A.viewDidLoad()", "A.viewWillAppear(true)"], ["B.viewDidDisappear(true)"]]
        let verdict = Self.compare.judge(results, traces: { traces[$0] }, existing: Self.file)
        #expect(verdict.write == nil, "a plain run never writes")
        #expect(verdict.checked == [true, true], "a mismatch is a check that failed")
        #expect(verdict.failures[1] == nil)
        let failure = try #require(verdict.failures[0])
        #expect(failure.location == "scripts/x.trace:4")
        #expect(failure.message.hasPrefix("the trace differs from the golden trace"))
        #expect(failure.nextStep?.hasPrefix("vcsandbox test --record scripts/x.lua") == true)
    }

    /// A scenario declared with `scenario.skip` or `scenario.todo` ran nothing: it is never
    /// compared, never fails, and keeps its section when the others are recorded, even in a
    /// run of the whole script.
    @Test func scenariosNotRunAreNeitherComparedNorRecorded() throws {
        let results = [
            Self.passed("push"), ScenarioResult(file: Self.script, name: "pop", notRun: .skipped),
            ScenarioResult(file: Self.script, name: "later", notRun: .todo),
        ]
        var asked: [Int] = []
        let traces = [["A.viewDidLoad()", "A.viewWillAppear(false)"], [], []]
        let compared = Self.compare.judge(
            results,
            traces: {
                asked.append($0)
                return traces[$0]
            }, existing: Self.file)
        #expect(compared == FileVerdict(failures: [nil, nil, nil], checked: [true, false, false]))
        #expect(asked == [0])
        let recorded = Self.recordWhole.judge(results, traces: { _ in ["A.x()"] }, existing: Self.file)
        let write = try #require(recorded.write)
        #expect(write.text == Self.golden([("push", ["A.x()"]), ("pop", ["B.viewDidDisappear(true)"])]))
        #expect(recorded.failures == [nil, nil, nil])
    }

    @Test func aScenarioWithoutASectionFails() throws {
        let verdict = Self.compare.judge([Self.passed("new")], traces: { _ in [] }, existing: Self.file)
        let failure = try #require(verdict.failures[0])
        #expect(failure.location == "scripts/x.trace")
        #expect(failure.message.contains("has no section \"new\""))
    }

    // MARK: - Record

    @Test func recordingWithoutAFileWritesEveryPassingScenario() throws {
        let results = [Self.passed("push"), Self.passed("pop")]
        let traces = [["A.viewDidLoad()", "A.viewWillAppear(false)"], ["B.viewDidDisappear(true)"]]
        let verdict = Self.recordWhole.judge(results, traces: { traces[$0] }, existing: nil)
        let write = try #require(verdict.write)
        #expect(write.path == "scripts/x.trace")
        #expect(write.text == Self.file)
        #expect(write.note == "recorded: scripts/x.trace")
        #expect(verdict.failures == [nil, nil])
        #expect(verdict.checked == [true, true])
        #expect(
            write.failuresIfUnwritten.map { $0?.message }
                == Array(repeating: "--record could not write the golden trace", count: 2))
        #expect(write.failuresIfUnwritten.allSatisfy { $0?.location == "scripts/x.trace" })
        #expect(write.marks.map { $0?.location } == ["scripts/x.trace:2", "scripts/x.trace:6"])
        #expect(write.marks.allSatisfy { $0?.kind == .recorded })
        let mark = try #require(write.marks[0])
        #expect(
            mark.message
                == "recorded: wrote its new section of the golden trace; a recording run compares nothing, "
                + "so the scenario does not pass: re-run without --record")
        #expect(
            mark.nextStep == "vcsandbox test scripts/x.lua   (compares with the recorded trace; review its diff first)")
    }

    @Test func aScriptThatChecksInlineGetsNoNewGoldenTraceButKeepsTheOneItHas() throws {
        let results = [Self.passed("push"), Self.passed("pop")]
        let traces = [["A.viewDidLoad()", "A.viewWillAppear(true)"], ["B.viewDidDisappear(true)"]]
        let none = Self.recordInline.judge(results, traces: { traces[$0] }, existing: nil)
        #expect(none == FileVerdict(scenarios: 2), "no golden file beside a script that checks inline")
        let kept = Self.recordInline.judge(results, traces: { traces[$0] }, existing: Self.file)
        let write = try #require(kept.write, "a golden file it has is recorded")
        #expect(write.text == Self.file.replacingOccurrences(of: "(false)", with: "(true)"))
        #expect(write.marks.map { $0?.location } == ["scripts/x.trace:2", nil], "only the changed section")
        #expect(write.marks[0]?.message.hasPrefix("recorded: wrote its changed section of the golden trace") == true)
    }

    @Test func anUnchangedTraceIsNotWrittenAgain() {
        let traces = [["A.viewDidLoad()", "A.viewWillAppear(false)"], ["B.viewDidDisappear(true)"]]
        let verdict = Self.recordWhole.judge(
            [Self.passed("push"), Self.passed("pop")], traces: { traces[$0] }, existing: Self.file)
        #expect(
            verdict == FileVerdict(failures: [nil, nil], checked: [true, true]), "an unchanged section is a check")
    }

    @Test func recordingASubsetReplacesItsSectionsInPlaceAndKeepsTheOthers() throws {
        let existing = Self.golden([("a", ["A.a()"]), ("b", ["B.b()"]), ("c", ["C.c()"])])
        let verdict = Self.recordSome.judge(
            [Self.passed("b"), Self.passed("d")], traces: { [["B.new()"], ["D.d()"]][$0] }, existing: existing)
        let write = try #require(verdict.write)
        #expect(write.text == Self.golden([("a", ["A.a()"]), ("b", ["B.new()"]), ("c", ["C.c()"]), ("d", ["D.d()"])]))
        #expect(write.marks.map { $0?.location } == ["scripts/x.trace:5", "scripts/x.trace:11"])
        #expect(write.marks.map { $0?.message.contains("its changed section") } == [true, false])
    }

    @Test func aWholeRunThatPassesDropsSectionsOfScenariosThatAreGone() throws {
        let existing = Self.golden([("old", ["O.o()"]), ("a", ["A.a()"])])
        let verdict = Self.recordWhole.judge([Self.passed("a")], traces: { _ in ["A.b()"] }, existing: existing)
        #expect(try #require(verdict.write).text == Self.golden([("a", ["A.b()"])]))
        let unreadable = "-- scenario: a\n-- scenario: a\n"
        #expect(
            Self.recordWhole.judge([Self.passed("a")], traces: { _ in [] }, existing: unreadable).write != nil,
            "a whole passing run does not need the old file")
        let stale = Self.golden([("old", ["O.o()"]), ("a", ["A.b()"])])
        let dropped = try #require(
            Self.recordWhole.judge([Self.passed("a")], traces: { _ in ["A.b()"] }, existing: stale).write)
        #expect(dropped.text == Self.golden([("a", ["A.b()"])]))
        #expect(dropped.marks == [nil], "its own section is unchanged")
    }

    @Test func aWholeRunWithAFailureKeepsTheFailedScenariosSection() throws {
        let existing = Self.golden([("a", ["A.a()"]), ("b", ["B.b()"])])
        var asked: [Int] = []
        let verdict = Self.recordWhole.judge(
            [Self.passed("a"), Self.failed("b")],
            traces: {
                asked.append($0)
                return ["A.new()"]
            }, existing: existing)
        #expect(try #require(verdict.write).text == Self.golden([("a", ["A.new()"]), ("b", ["B.b()"])]))
        #expect(asked == [0])
    }

    @Test(arguments: [
        [failed("(top level)"), passed("a")],
        [failed("x")],
        [],
    ])
    func aFailedTopLevelOrALoneFailedScenarioRecordsNothing(results: [ScenarioResult]) {
        let verdict = Self.recordWhole.judge(results, traces: { _ in ["A.a()"] }, existing: nil)
        #expect(verdict == FileVerdict(scenarios: results.count))
    }

    @Test func onlyFailedScenariosWriteNothing() {
        let verdict = Self.recordSome.judge([Self.failed("a"), Self.failed("b")], traces: { _ in [] }, existing: nil)
        #expect(verdict == FileVerdict(scenarios: 2))
    }

    @Test func aFileThatCannotBeReadIsNotOverwrittenByAPartialRecord() {
        let existing = "-- scenario: a\nA.a()\n-- scenario: a\n"
        let verdict = Self.recordSome.judge(
            [Self.passed("a"), Self.failed("b")], traces: { _ in [] }, existing: existing)
        #expect(verdict.write == nil)
        #expect(verdict.failures[1] == nil, "a failed scenario keeps its own failure")
        #expect(verdict.failures[0]?.location == "scripts/x.trace:3")
        #expect(
            verdict.failures[0]?.message.hasSuffix("; the other sections would be lost, so nothing was recorded")
                == true)
    }

    @Test func aLineTheFileCannotHoldFailsItsScenarioAndTheOthersAreRecorded() throws {
        let traces = [["note: trailing "], ["B.b()"]]
        let verdict = Self.recordWhole.judge(
            [Self.passed("a"), Self.passed("b")], traces: { traces[$0] }, existing: nil)
        #expect(
            verdict.failures[0]?.message.hasPrefix("the golden trace cannot hold the line \"note: trailing \"") == true)
        #expect(verdict.failures[1] == nil)
        #expect(try #require(verdict.write).text == Self.golden([("b", ["B.b()"])]))
    }

    /// D-90: a name the header cannot give back fails its scenario; the others are recorded.
    @Test func aNameTheFileCannotHoldFailsItsScenario() throws {
        let verdict = Self.recordWhole.judge(
            [Self.passed("a\u{1B}[2J"), Self.passed("b")], traces: { _ in ["B.b()"] }, existing: nil)
        #expect(verdict.failures[0]?.message.hasPrefix("the golden trace cannot hold the scenario's name") == true)
        #expect(verdict.failures[1] == nil)
        #expect(try #require(verdict.write).text == Self.golden([("b", ["B.b()"])]))
    }

    /// D-89: a golden trace that leads out of the script's folder is neither compared nor
    /// written; every scenario that still passes fails with the reason.
    @Test(arguments: [compare, recordWhole])
    func aRefusedFileFailsThePassingScenariosAndWritesNothing(policy: GoldenFilePolicy) {
        let verdict = policy.refused("refused: x.trace leads outside", [Self.passed("a"), Self.failed("b")])
        #expect(verdict.write == nil)
        #expect(
            verdict.failures == [Failure(location: "scripts/x.trace", message: "refused: x.trace leads outside"), nil])
        #expect(verdict.checked == [false, false])
    }

    // MARK: - Applying a verdict

    @Test func aVerdictFailsOnlyScenariosThatStillPass() {
        var results = [Self.passed("a"), Self.failed("b"), Self.passed("c")]
        let late = Failure(location: nil, message: "late")
        results.failPassing([late, late, nil])
        #expect(results.map { $0.failure?.message } == ["late", "boom", nil])
    }
}
