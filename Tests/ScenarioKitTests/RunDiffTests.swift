import Testing

@testable import ScenarioKit

/// Whether a diff line is a change (`-` or `+`).
func isChange(_ line: DiffLine) -> Bool {
    if case .same = line { return false }
    return true
}

/// A block with `...` over a trace too long for one alignment table (issue 18): it matches,
/// or fails with a short diff near its difference, in work that grows as the trace times
/// the block — counted here in comparisons and cells, never timed.
///
/// Debug builds compare slowly, so the traces here are a few thousand lines, over a cap of
/// `largestTable` cells in place of `Expectation.largestAlignment` (`RunMatchTests` keeps the real
/// cap).
@Suite struct RunDiffTests {
    static let largestTable = 20_000

    /// A trace like a scenario's loop: four lifecycle lines per turn, a note every
    /// `markEvery` turns, and a last note.
    static func loopTrace(turns: Int, markEvery: Int) -> [String] {
        var lines: [String] = []
        for turn in 1...turns {
            lines += ["C.viewWillAppear(false)", "C.viewDidAppear(false)", "C.viewWillDisappear(false)"]
            lines.append("C.viewDidDisappear(false)")
            if turn % markEvery == 0 { lines.append("note: mark \(turn / markEvery)") }
        }
        return lines + ["note: end"]
    }

    /// A 40-line block for `loopTrace(turns:markEvery:)` with four marks and a tail, each
    /// part a cycle with wildcards and a mark; `wrongMark` spells the fourth mark wrong.
    static func loopBlock(wrongMark: Bool = false) -> [ExpectedLine] {
        var lines = ["C.viewWillAppear(false)", "C.viewDidAppear(false)", "C.viewWillDisappear(false)"]
        lines += ["C.viewDidDisappear(false)", "C.viewWillAppear(false)"]
        for mark in 1...4 {
            lines += ["...", "C.viewWill*(false)", "C.viewDidAppear", "C.viewWillDisappear(false)"]
            lines += [
                "C.viewDidDisappear(false)", "note: mark \(wrongMark && mark == 4 ? 9 : mark)", "C.viewWillAppear(*)",
            ]
        }
        lines += ["...", "C.viewWillAppear(false)", "C.viewDidAppear(false)", "C.viewWillDisappear(false)"]
        lines += ["C.viewDidDisappear(false)", "note: mark 5", "note: end"]
        return Expectation.parse(lines.joined(separator: "\n"))
    }

    @Test func aLongTraceMatchesInOnePassWithoutATable() {
        let actual = Self.loopTrace(turns: 1_000, markEvery: 200)
        let expected = Self.loopBlock()
        #expect(expected.count == 40)
        #expect((expected.count + 1) * (actual.count + 1) > Self.largestTable)
        let work = MatchWork()
        #expect(
            Expectation.compare(expected: expected, actual: actual, work: work, largestTable: Self.largestTable).matched
        )
        // Each middle part is tried at each start once, each try costing at most its length.
        #expect(work.comparisons <= (actual.count + 1) * expected.count)
        #expect(work.cells == 0)
    }

    @Test func aFailingBlockOverALongTraceShowsItsDifferenceInAFewLines() {
        let actual = Self.loopTrace(turns: 1_000, markEvery: 200)
        let expected = Self.loopBlock(wrongMark: true)
        let work = MatchWork()
        let comparison = Expectation.compare(
            expected: expected, actual: actual, work: work, largestTable: Self.largestTable)
        #expect(!comparison.matched)
        #expect(comparison.lines.filter(isChange) == [.expected("note: mark 9")])
        #expect(comparison.firstDivergence == 32)
        #expect(
            Expectation.describe(comparison, expected: expected)
                == "first difference at line 32 of the expected block: expected \"note: mark 9\", "
                + "which the trace does not have")
        #expect(DiffRenderer.render(comparison.lines).split(separator: "\n").count == 7)
        // The scan, then the diff's pass part by part: each at most one comparison per
        // pattern and line; the diff's small tables stay far under the cap.
        #expect(work.comparisons <= 2 * (actual.count + 1) * expected.count)
        #expect(work.cells <= 1_000)
    }

    /// A middle part whose lines but the last match everywhere: the worst case of the scan,
    /// still one comparison per pattern and line.
    @Test func aPartThatNearlyMatchesEverywhereCostsTheTraceTimesItsLength() {
        let actual = Array(repeating: "A.a()", count: 2_000) + ["A.z()"]
        let part = Array(repeating: ExpectedLine.pattern("A.*"), count: 39) + [.pattern("A.b()")]
        let expected = [.anyRun] + part + [.anyRun]
        let work = MatchWork()
        let comparison = Expectation.compare(
            expected: expected, actual: actual, work: work, largestTable: Self.largestTable)
        #expect(!comparison.matched)
        #expect(comparison.lines.filter(isChange).count == 1)
        #expect(work.comparisons <= 2 * (actual.count + 1) * expected.count)
        #expect(work.comparisons >= actual.count * (part.count - 1))
    }

    @Test func aMissingHeadAndAnExtraTailAreShownWhereTheyAre() {
        let actual = ["A.start()"] + Self.loopTrace(turns: 600, markEvery: 200) + ["A.extra()"]
        let expected = Expectation.parse("A.begin()\n...\nnote: mark 2\n...\nnote: end")
        let comparison = Expectation.compare(
            expected: expected, actual: actual, work: MatchWork(), largestTable: Self.largestTable)
        // A.start() goes to the `...` after the head: a missing line costs less than a changed one.
        #expect(comparison.lines.filter(isChange) == [.expected("A.begin()"), .actual("A.extra()")])
        #expect(comparison.firstDivergence == 1)
        #expect(comparison.lines.count == actual.count + 1)
    }

    /// Small blocks and traces: the part-by-part path is a true alignment — every trace line
    /// once and in order, every entry once, every match a match — with no edit exactly when
    /// the scan matches; also when no table may be filled at all.
    @Test(arguments: [Expectation.largestAlignment, 0])
    func thePathPartByPartIsATrueAlignment(cells: Int) {
        var random = RunMatchTests.Generator(state: 29)
        let words = ["A.a()", "B.b()", "C.c()", "A.*", "*", "A.a"]
        var checked = 0
        for _ in 0..<4_000 {
            let actual = (0..<random.next(9)).map { _ in ["A.a()", "B.b()", "C.c()", "A.a(true)"][random.next(4)] }
            let expected: [ExpectedLine] = (0..<(1 + random.next(7))).map { _ in
                random.next(3) == 0 ? .anyRun : .pattern(words[random.next(words.count)])
            }
            guard expected.contains(.anyRun) else { continue }
            let scan = RunMatch(
                expected: expected, patterns: Expectation.compiled(expected), actual: actual, work: MatchWork())
            let path = scan.recoveredPath(cells: cells)
            let problem = Self.problem(with: path, expected: expected, actual: actual)
            #expect(problem == nil, "\(expected.map(\.text)) against \(actual): \(path)")
            let edits = path.filter { $0.step == .missing || $0.step == .unexpected }
            #expect(edits.isEmpty == (scan.firstFailure() == nil), "\(expected.map(\.text)) against \(actual)")
            checked += 1
        }
        #expect(checked > 1_000)
    }

    /// What makes `path` no alignment of the block with the trace, or nil.
    static func problem(with path: [Alignment.Move], expected: [ExpectedLine], actual: [String]) -> String? {
        var line = 0
        var entry = 0
        for (step, i, j) in path {
            switch step {
            case .match, .absorb, .unexpected:
                guard j == line else { return "line \(j) taken out of order" }
                line += 1
            case .missing, .finishRun:
                guard j == line else { return "entry \(i) at line \(j), not \(line)" }
            }
            switch step {
            case .match:
                guard i == entry, Expectation.matches(pattern: expected[i].text, line: actual[j]) else {
                    return "entry \(i) does not match line \(j)"
                }
                entry += 1
            case .missing:
                guard i == entry, expected[i] != .anyRun else { return "entry \(i) missing out of order" }
                entry += 1
            case .absorb, .finishRun:
                guard i == entry, expected[i] == .anyRun else { return "`...` \(i) out of order" }
                if step == .finishRun { entry += 1 }
            case .unexpected:
                guard entry == expected.count || expected[entry] != .anyRun else { return "a `...` left line \(j)" }
            }
        }
        return line == actual.count && entry == expected.count ? nil : "the path ends early"
    }

    /// The accepted block of a failing `...` block over a long trace comes from the same
    /// path: it matches the trace and keeps the block's wildcards.
    @Test func aLongFailingBlockIsAcceptedPartByPart() throws {
        let actual = Self.loopTrace(turns: 1_000, markEvery: 200)
        let block = Self.loopBlock(wrongMark: true)
        let lines = try #require(Expectation.accepted(block, actual: actual, largestTable: Self.largestTable))
        #expect(lines.count == 39)
        #expect(lines.filter { $0 == .kept("...") }.count == 5)
        #expect(lines.contains(.kept("C.viewWill*(false)")))
        let reread = Expectation.parse(lines.map(\.text).joined(separator: "\n"))
        #expect(Expectation.compare(expected: reread, actual: actual).matched)
    }

    /// The check runs every `checkInterval` comparisons and ends the comparison with its error.
    @Test func theCheckStopsTheComparison() {
        struct Stopped: Error {}
        let actual = Array(repeating: "A.a()", count: 2_000)
        let expected =
            [.anyRun] + Array(repeating: ExpectedLine.pattern("A.*"), count: 39) + [.pattern("A.b()"), .anyRun]
        var checks = 0
        let work = MatchWork { () throws(Stopped) in
            checks += 1
            if checks == 3 { throw Stopped() }
        }
        #expect(throws: Stopped.self) { try Expectation.compare(expected: expected, actual: actual, work: work) }
        #expect(checks == 3)
        #expect(work.comparisons == 3 * MatchWork<Stopped>.checkInterval)
        var unchecked = 0
        _ = Expectation.compare(expected: expected, actual: Array(actual.prefix(20))) { unchecked += 1 }
        #expect(unchecked == 0, "under checkInterval comparisons, no check")
    }
}
