import Testing

@testable import ScenarioKit

/// Blocks with `...` are matched by a linear scan before any alignment table is built
/// (issue 18): the scan must agree with the alignment on every block, and a long trace must
/// match without a table in proportion to its length times the block's.
@Suite struct RunMatchTests {
    /// A small deterministic generator, so the cases are the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func theScanAgreesWithTheAlignmentOnEveryBlock() {
        var random = Generator(state: 17)
        let words = ["A.a()", "B.b()", "C.c()", "A.*", "*"]
        var checked = 0
        for _ in 0..<4_000 {
            let actual = (0..<random.next(7)).map { _ in ["A.a()", "B.b()", "C.c()"][random.next(3)] }
            let expected: [ExpectedLine] = (0..<(1 + random.next(6))).map { _ in
                random.next(3) == 0 ? .anyRun : .pattern(words[random.next(words.count)])
            }
            guard expected.contains(.anyRun) else { continue }
            let scanned = Expectation.firstGlobFailure(expected: expected, actual: actual) == nil
            let aligned = Alignment(expected: expected, actual: actual).comparison().matched
            #expect(scanned == aligned, "\(expected.map(\.text)) against \(actual)")
            checked += 1
        }
        #expect(checked > 1_000)
    }

    @Test func aLongTraceMatchesABlockOfManyRuns() {
        let actual = (0..<200_000).map { "C\($0 % 1000).viewDidLoad()" }
        var expected: [ExpectedLine] = [.pattern("C0.viewDidLoad()")]
        for index in stride(from: 5_000, to: 195_000, by: 5_000) {
            expected += [.anyRun, .pattern("C\(index % 1000 + 1).*")]
        }
        expected += [.anyRun, .pattern("C999.viewDidLoad()")]
        #expect(expected.count > 40)
        // (41 + 1) × 200,001 cells would pass the alignment's cap: only the scan can answer.
        #expect((expected.count + 1) * (actual.count + 1) > Expectation.largestAlignment)
        let comparison = Expectation.compare(expected: expected, actual: actual)
        #expect(comparison.matched)
        let failing = expected + [.pattern("D.nothing()")]
        let failed = Expectation.compare(expected: failing, actual: actual)
        #expect(!failed.matched)
        // The part after the last `...` (C999, then D.nothing()) does not fit the last two
        // lines: C999 is the trace's last line, so the diff, aligned about the tail, names
        // D.nothing() as missing at the end, as a table over the whole would.
        #expect(failed.firstDivergence == failing.count)
        #expect(failed.lines.filter(isChange) == [.expected("D.nothing()")])
    }
}
