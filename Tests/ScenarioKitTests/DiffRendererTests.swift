import Testing

@testable import ScenarioKit

@Suite struct DiffRendererTests {
    /// `count` unchanged lines named `L1`, `L2`, … starting at `first`.
    func same(_ first: Int, _ count: Int) -> [DiffLine] {
        (first..<first + count).map { .same("L\($0)") }
    }

    @Test func marksEachKindOfLine() {
        let text = DiffRenderer.render([.same("A.a()"), .expected("B.b(false)"), .actual("B.b(true)")])
        #expect(text == "  A.a()\n- B.b(false)\n+ B.b(true)")
    }

    @Test func keepsOnlyContextAroundAChange() {
        let lines = same(1, 5) + [.actual("X")] + same(6, 5)
        let text = DiffRenderer.render(lines, context: 2)
        #expect(text == "  L4\n  L5\n+ X\n  L6\n  L7")
    }

    @Test func separatesDistantHunks() {
        let lines = [DiffLine.expected("X")] + same(1, 6) + [.actual("Y")]
        let text = DiffRenderer.render(lines, context: 2)
        #expect(text == "- X\n  L1\n  L2\n  ⋮\n  L5\n  L6\n+ Y")
    }

    @Test func joinsHunksWhoseContextTouches() {
        let lines = [DiffLine.expected("X")] + same(1, 4) + [.actual("Y")]
        let text = DiffRenderer.render(lines, context: 2)
        #expect(!text.contains("⋮"))
        #expect(text.split(separator: "\n").count == 6)
    }

    @Test func defaultContextIsThree() {
        let lines = same(1, 5) + [.actual("X")]
        #expect(DiffRenderer.render(lines) == "  L3\n  L4\n  L5\n+ X")
    }

    @Test func nothingToShowWithoutChanges() {
        #expect(DiffRenderer.render(same(1, 3)) == "")
        #expect(DiffRenderer.render([]) == "")
    }

    @Test func showsTrailingWhiteSpaceOfChangedLines() {
        let text = DiffRenderer.render([.same("kept "), .expected("note: a b"), .actual("note: a b \t ")])
        #expect(text == "  kept \n- note: a b\n+ note: a b␠→␠")
    }

    @Test func rendersAComparison() {
        let expected = Expectation.parse("A.a()\nB.viewWillAppear(false)")
        let comparison = Expectation.compare(expected: expected, actual: ["A.a()", "B.viewWillAppear(true)"])
        #expect(DiffRenderer.render(comparison.lines) == "  A.a()\n- B.viewWillAppear(false)\n+ B.viewWillAppear(true)")
    }

    @Test func showsAtMostTheLimitThenCountsTheChangesLeft() {
        let lines = same(1, 2) + (1...10).map { DiffLine.actual("X\($0)") } + same(3, 5)
        #expect(
            DiffRenderer.render(lines, limit: 6)
                == "  L1\n  L2\n+ X1\n+ X2\n+ X3\n+ X4\n  ⋮ 6 more changed lines not shown")
        #expect(DiffRenderer.render(lines, limit: 11).hasSuffix("+ X9\n  ⋮ 1 more changed line not shown"))
        // Only context is left past the limit: nothing to count.
        #expect(DiffRenderer.render(lines, limit: 13) == DiffRenderer.render(lines, limit: 12) + "\n  L3")
        #expect(DiffRenderer.render(lines, limit: 12).hasSuffix("+ X10"))
        let long = [DiffLine.expected("A.a()")] + (0..<1_000_000).map { DiffLine.actual("B.b(\($0))") }
        #expect(DiffRenderer.render(long).split(separator: "\n").count == DiffRenderer.longestDiff + 1)
    }
}
