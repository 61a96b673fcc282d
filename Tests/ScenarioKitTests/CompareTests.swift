import Testing

@testable import ScenarioKit

@Suite struct CompareTests {
    /// Compares a block written as in a script with the given actual lines.
    func compare(_ block: String, _ actual: [String]) -> Comparison {
        Expectation.compare(expected: Expectation.parse(block), actual: actual)
    }

    /// A block splits into the same lines whether it takes the bytes' path (ASCII) or the
    /// Characters' (anything else).
    @Test func blockLinesSplitAsCharacterNewlinesDo() {
        let blocks = [
            "A.a()\nB.b(true)", "\n  A.a()\r\n\r\nB.b()\r\n", "A\u{0B}B\u{0C}C\rD\n", "", "\n\n", "A.a()\u{2028}B.b()",
            "é.a()\u{85}B.b()\nC", "-- note\n...\nA.a()",
        ]
        for block in blocks {
            #expect(
                Expectation.lines(of: block) == block.split(whereSeparator: \.isNewline), "\(block.debugDescription)")
        }
        #expect(Expectation.parse("A.a()\u{2028}B.b()").count == 2)
    }

    @Test func exactMatch() {
        let result = compare("A.a()\nB.b(true)", ["A.a()", "B.b(true)"])
        #expect(result.matched)
        #expect(result.firstDivergence == nil)
        #expect(result.lines == [.same("A.a()"), .same("B.b(true)")])
    }

    @Test func orderMatters() {
        #expect(!compare("A.a()\nB.b()", ["B.b()", "A.a()"]).matched)
    }

    @Test func mismatchShowsExpectedThenActual() {
        let result = compare("A.a()\nB.viewWillAppear(false)\nC.c()", ["A.a()", "B.viewWillAppear(true)", "C.c()"])
        #expect(!result.matched)
        #expect(result.firstDivergence == 2)
        #expect(
            result.lines == [
                .same("A.a()"), .expected("B.viewWillAppear(false)"), .actual("B.viewWillAppear(true)"), .same("C.c()"),
            ])
    }

    @Test func missingLine() {
        let result = compare("A.a()\nB.b()\nC.c()", ["A.a()", "C.c()"])
        #expect(result.lines == [.same("A.a()"), .expected("B.b()"), .same("C.c()")])
        #expect(result.firstDivergence == 2)
    }

    @Test func unexpectedLineInTheMiddle() {
        let result = compare("A.a()\nC.c()", ["A.a()", "B.b()", "C.c()"])
        #expect(result.lines == [.same("A.a()"), .actual("B.b()"), .same("C.c()")])
        #expect(result.firstDivergence == 2)
    }

    @Test func extraActualLinesAtTheEnd() {
        let result = compare("A.a()", ["A.a()", "B.b()", "C.c()"])
        #expect(!result.matched)
        #expect(result.firstDivergence == nil)
        #expect(result.lines == [.same("A.a()"), .actual("B.b()"), .actual("C.c()")])
    }

    @Test func emptyBlockAgainstEvents() {
        let result = compare("-- nothing\n", ["A.a()"])
        #expect(!result.matched)
        #expect(result.firstDivergence == nil)
        #expect(result.lines == [.actual("A.a()")])
    }

    @Test func emptyBlockAgainstNoEvents() {
        let result = compare("", [])
        #expect(result.matched)
        #expect(result.lines.isEmpty)
    }

    @Test func traceEndsEarly() {
        let result = compare("A.a()\nB.b()", ["A.a()"])
        #expect(result.lines == [.same("A.a()"), .expected("B.b()")])
        #expect(result.firstDivergence == 2)
    }

    @Test(arguments: [
        ("...\nC.c()", ["A.a()", "B.b()", "C.c()"]),
        ("...\nC.c()", ["C.c()"]),
        ("A.a()\n...\nC.c()", ["A.a()", "B.b()", "X.x()", "C.c()"]),
        ("A.a()\n...\nC.c()", ["A.a()", "C.c()"]),
        ("A.a()\n...", ["A.a()", "B.b()", "C.c()"]),
        ("A.a()\n...", ["A.a()"]),
        ("...", []),
        ("...\n...", ["A.a()"]),
    ])
    func anyRunMatches(block: String, actual: [String]) {
        let result = compare(block, actual)
        #expect(result.matched)
        #expect(result.lines == actual.map(DiffLine.same))
    }

    @Test func anyRunStillNeedsTheLinesAroundIt() {
        let result = compare("A.a()\n...\nC.c()", ["A.a()", "B.b()"])
        #expect(!result.matched)
        #expect(result.lines == [.same("A.a()"), .same("B.b()"), .expected("C.c()")])
        #expect(result.firstDivergence == 3)
    }

    @Test func aLineOutOfOrderBesideARunIsShownMoved() {
        let result = compare(
            "B.willMove(toParent: nil)\nA.viewWillAppear(true)\nB.viewWillDisappear(true)\n...",
            ["B.willMove(toParent: nil)", "A.viewDidLoad()", "B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
        #expect(
            result.lines == [
                .same("B.willMove(toParent: nil)"), .expected("A.viewWillAppear(true)"), .actual("A.viewDidLoad()"),
                .same("B.viewWillDisappear(true)"), .same("A.viewWillAppear(true)"),
            ])
    }

    @Test func anyRunDoesNotForgiveLinesBeforeIt() {
        let result = compare("A.a()\n...", ["X.x()", "A.a()", "B.b()"])
        #expect(!result.matched)
        #expect(result.firstDivergence == 1)
        // Two one-change alignments: the one that keeps the expected line matched wins, so the
        // diff says what is true, an unexpected line before it.
        #expect(result.lines == [.actual("X.x()"), .same("A.a()"), .same("B.b()")])
    }

    @Test func patternsUseMatchingRules() {
        #expect(
            compare("A.viewWillAppear\nwarning: Attempt *", ["A.viewWillAppear(true)", "warning: Attempt to x"]).matched
        )
    }

    @Test func alignmentMinimisesChanges() {
        let actual = ["A.a()", "B.b()", "C.c()", "D.d()", "E.e()"]
        let result = compare("A.a()\nC.c()\nD.d()\nE.e()\nF.f()", actual)
        let changes = result.lines.filter { if case .same = $0 { false } else { true } }
        #expect(changes == [.actual("B.b()"), .expected("F.f()")])
    }

    @Test func replacedBlockGroupsMinusBeforePlus() {
        let result = compare("A.a()\nB.b()", ["C.c()", "D.d()"])
        #expect(result.lines == [.expected("A.a()"), .expected("B.b()"), .actual("C.c()"), .actual("D.d()")])
        #expect(result.firstDivergence == 1)
    }
}

@Suite struct DescribeTests {
    func describe(_ block: String, _ actual: [String]) -> String {
        let expected = Expectation.parse(block)
        return Expectation.describe(Expectation.compare(expected: expected, actual: actual), expected: expected)
    }

    @Test func namesTheReplacedLine() {
        let text = describe("-- c\nA.a()\nB.viewWillAppear(false)", ["A.a()", "B.viewWillAppear(true)"])
        #expect(
            text
                == #"first difference at line 2 of the expected block: expected "B.viewWillAppear(false)", but the trace has "B.viewWillAppear(true)""#
        )
    }

    @Test func namesTheUnexpectedLine() {
        let text = describe("A.a()\nC.c()", ["A.a()", "B.b()", "C.c()"])
        #expect(
            text
                == #"first difference at line 2 of the expected block: the trace has an unexpected "B.b()" before "C.c()""#
        )
    }

    @Test func saysWhenTheTraceEnded() {
        let text = describe("A.a()\nB.b()", ["A.a()"])
        #expect(text == #"first difference at line 2 of the expected block: expected "B.b()", but the trace ended"#)
    }

    @Test func saysWhenALineIsMissing() {
        let text = describe("A.a()\nB.b()\nC.c()", ["A.a()", "C.c()"])
        #expect(
            text
                == #"first difference at line 2 of the expected block: expected "B.b()", which the trace does not have"#
        )
    }

    @Test func saysHowMuchLaterALineComes() {
        let swapped = describe("A.a()\nB.b()\nC.c()", ["A.a()", "C.c()", "B.b()"])
        let moved = describe("A.a()\nB.b()\nC.c()\nD.d()", ["A.a()", "C.c()", "D.d()", "B.b()"])
        #expect(
            [swapped, moved] == [
                #"first difference at line 2 of the expected block: expected "B.b()", which comes 1 line later in the trace"#,
                #"first difference at line 2 of the expected block: expected "B.b()", which comes 2 lines later in the trace"#,
            ])
    }

    @Test func saysHowMuchEarlierALineComes() {
        let text = describe("A.a()\nB.b()\nC.c()\nD.d()", ["A.a()", "D.d()", "B.b()", "C.c()"])
        #expect(
            text
                == #"first difference at line 2 of the expected block: the trace has "D.d()" 2 lines earlier than expected, before "B.b()""#
        )
    }

    @Test func countsExtraLines() {
        #expect(
            describe("A.a()", ["A.a()", "B.b()", "C.c()"])
                == #"the trace has 2 more lines than expected, starting with "B.b()""#)
        #expect(describe("", ["B.b()"]) == #"the trace has 1 more line than expected, starting with "B.b()""#)
    }

    @Test func saysWhenItMatches() {
        #expect(describe("A.a()", ["A.a()"]) == "the trace matches the expected block")
    }
}
