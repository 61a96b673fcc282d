import Testing

@testable import ScenarioKit

/// The compared trace of a push onto a shown navigation controller.
private let pushTrace = [
    "B.willMove(toParent: Nav)", "B.viewDidLoad()", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
    "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(toParent: Nav)",
]

/// `expect.none` and `expect.order` without Lua (SPEC §9.5, D-76): what their texts hold,
/// when they pass, and what a failure says and shows.
@Suite struct PartialExpectationTests {
    // MARK: Reading the texts

    @Test(arguments: [
        ("B.viewWillAppear ... A.viewDidDisappear", ["B.viewWillAppear", "A.viewDidDisappear"]),
        ("... A", ["A"]), ("A ...", ["A"]), ("A\t...\tB", ["A", "B"]), ("A ... ... B", ["A", "B"]),
        ("note: loading... done", ["note: loading... done"]), ("a .... b", ["a .... b"]), ("...x y", ["...x y"]),
        ("warning: Attempt to present C on *", ["warning: Attempt to present C on *"]),
    ])
    func anOrderLineIsCutAtEveryDotsThatStandAlone(line: String, pieces: [String]) {
        #expect(PartialExpectation.pieces(of: line) == pieces)
    }

    @Test func orderedPatternsComeFromEveryLineInOrder() throws {
        let text = """
              B.willMove   -- not a comment: part of the line
              -- a comment
              ...
              B.viewWillAppear ... A.viewDidDisappear

              B.didMove(toParent: Nav)
            """
        #expect(
            try PartialExpectation.orderedPatterns(text) == [
                "B.willMove   -- not a comment: part of the line", "B.viewWillAppear", "A.viewDidDisappear",
                "B.didMove(toParent: Nav)",
            ])
    }

    @Test(arguments: ["", "  \n ", "...", "-- only a comment", " ... ... "])
    func anOrderWithNoLineIsRefused(text: String) {
        #expect(throws: PartialExpectation.EmptyCheck.self) { try PartialExpectation.orderedPatterns(text) }
    }

    @Test func absentPatternsAreTheLinesOfTheText() throws {
        #expect(try PartialExpectation.absentPatterns("A.viewDidAppear") == ["A.viewDidAppear"])
        #expect(
            try PartialExpectation.absentPatterns("\n  A.viewDidAppear\n  -- c\n  warning: *\n") == [
                "A.viewDidAppear", "warning: *",
            ])
    }

    @Test func anAbsenceOfNothingOrOfAnyRunIsRefused() {
        #expect {
            try PartialExpectation.absentPatterns("")
        } throws: { error in
            "\(error)" == #"no line to look for; give one, as in expect.none "A.viewDidAppear""#
        }
        #expect {
            try PartialExpectation.absentPatterns("A.viewDidAppear\n...")
        } throws: { error in
            "\(error)".hasPrefix("`...` matches any run of lines, so it cannot be absent")
        }
    }

    // MARK: expect.none

    @Test(arguments: ["A.viewDidAppear", "Nav.*", "warning: *", "B.viewDidLoad(true)", "B.viewDidAppear(false)"])
    func noneOfLinesTheTraceDoesNotHavePasses(pattern: String) {
        #expect(PartialExpectation.none(of: [pattern], in: pushTrace) == nil)
    }

    @Test func noneFailsAtTheFirstMatchAndMarksEveryMatch() throws {
        let mismatch = try #require(PartialExpectation.none(of: ["Q.x", "B.view*Appear"], in: pushTrace))
        #expect(
            mismatch.message
                == #"the trace has "B.viewWillAppear(true)", which matches "B.view*Appear" (and 1 more such line)"#)
        #expect(
            mismatch.lines == [
                .same(pushTrace[0]), .same(pushTrace[1]), .same(pushTrace[2]), .actual(pushTrace[3]),
                .same(pushTrace[4]),
                .actual(pushTrace[5]), .same(pushTrace[6]),
            ])
        let one = try #require(PartialExpectation.none(of: ["B.viewDidLoad"], in: pushTrace))
        #expect(one.message == #"the trace has "B.viewDidLoad()", which matches "B.viewDidLoad""#)
        let three = try #require(PartialExpectation.none(of: ["B.*"], in: pushTrace))
        #expect(three.message.hasSuffix("(and 4 more such lines)"))
    }

    @Test func noneOfAnythingInAnEmptyTracePasses() {
        #expect(PartialExpectation.none(of: ["*"], in: []) == nil)
    }

    // MARK: expect.order

    @Test(arguments: [
        ["B.viewWillAppear", "A.viewDidDisappear"], ["B.willMove", "B.didMove(toParent: Nav)"], ["A.*", "A.*"],
        ["B.willMove(toParent: Nav)", "B.viewDidLoad()", "A.viewWillDisappear(true)"], pushTrace,
        ["B.*", "B.*", "B.*"],
    ])
    func linesInTheirOrderPassWithAnyLinesBetween(patterns: [String]) {
        #expect(PartialExpectation.order(patterns, in: pushTrace) == nil)
    }

    @Test func aLineOnlyBeforeItsPredecessorFails() throws {
        let mismatch = try #require(
            PartialExpectation.order(["A.viewDidDisappear", "B.viewWillAppear"], in: pushTrace))
        #expect(
            mismatch.message
                == #"no line matching "B.viewWillAppear" comes after "A.viewDidDisappear(true)" (matched by "A.viewDidDisappear"); the trace has one only before it"#
        )
        #expect(
            mismatch.lines == pushTrace.prefix(5).map(DiffLine.same) + [.expected("B.viewWillAppear")]
                + pushTrace.suffix(2).map(DiffLine.same))
    }

    @Test func aLineMissingAfterItsPredecessorFails() throws {
        let mismatch = try #require(PartialExpectation.order(["B.viewDidAppear", "Nav.viewDidAppear"], in: pushTrace))
        #expect(
            mismatch.message
                == #"no line matching "Nav.viewDidAppear" comes after "B.viewDidAppear(true)" (matched by "B.viewDidAppear"); the trace has none"#
        )
        #expect(mismatch.lines.firstIndex(of: .expected("Nav.viewDidAppear")) == 6)
    }

    @Test func aFirstLineMissingFailsBeforeTheWholeTrace() throws {
        let mismatch = try #require(PartialExpectation.order(["Nav.viewDidAppear", "B.viewDidLoad"], in: pushTrace))
        #expect(mismatch.message == #"the trace has no line matching "Nav.viewDidAppear""#)
        #expect(mismatch.lines == [.expected("Nav.viewDidAppear")] + pushTrace.map(DiffLine.same))
        #expect(PartialExpectation.order(["A.x"], in: [])?.lines == [.expected("A.x")])
    }

    @Test func oneLineServesOnePattern() {
        #expect(PartialExpectation.order(["B.viewDidLoad", "B.viewDidLoad"], in: pushTrace) != nil)
        #expect(PartialExpectation.order(["A.x", "A.x"], in: ["A.x()", "B.y()", "A.x()"]) == nil)
    }
}
