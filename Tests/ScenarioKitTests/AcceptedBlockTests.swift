import Testing

@testable import ScenarioKit

/// What `--accept` writes in place of a failing block (D-73): the lines that still match,
/// as the author wrote them, and the actual lines nothing matched.
@Suite struct AcceptedBlockTests {
    func accepted(_ block: String, _ actual: [String]) -> [AcceptedLine]? {
        Expectation.accepted(Expectation.parse(block), actual: actual)
    }

    @Test func anEmptyBlockTakesTheActualLines() {
        #expect(accepted(" ", ["A.a()", "A.b()"]) == [.actual("A.a()"), .actual("A.b()")])
    }

    @Test func plainLinesThatMatchAreKeptAndTheOthersReplaced() {
        #expect(
            accepted("A.a()\nA.b(true)\nA.c()", ["A.a()", "A.b(false)", "A.c()"]) == [
                .kept("A.a()"), .actual("A.b(false)"), .kept("A.c()"),
            ])
    }

    @Test func starsAndCallsWithoutArgumentsThatStillMatchAreKept() {
        #expect(
            accepted("A.viewDid*\nA.viewWillAppear\nA.gone()", ["A.viewDidLoad()", "A.viewWillAppear(true)", "A.x()"])
                == [.kept("A.viewDid*"), .kept("A.viewWillAppear"), .actual("A.x()")])
    }

    @Test func aRunKeepsItsPlaceAndALineDroppedBesideItTakesTheLineTheRunTookNextToIt() {
        #expect(
            accepted("A.a()\n...\nA.z()", ["A.a()", "A.b()", "A.c()", "A.y()"]) == [
                .kept("A.a()"), .kept("..."), .actual("A.y()"),
            ])
        #expect(
            accepted("A.gone()\n...\nA.z()", ["A.x()", "A.b()", "A.z()"]) == [
                .actual("A.x()"), .kept("..."), .kept("A.z()"),
            ])
    }

    @Test func aRunThatTakesNothingIsKept() {
        #expect(
            accepted("A.a()\n...\nA.b(true)", ["A.a()", "A.b(false)"]) == [
                .kept("A.a()"), .kept("..."), .actual("A.b(false)"),
            ])
    }

    @Test func commentsAndBlankLinesAreNotKept() {
        #expect(accepted("-- why\n\nA.a()\nA.b()", ["A.a()"]) == [.kept("A.a()")])
    }

    /// Blocks and traces built from a few lines and wildcards: whatever the block, the
    /// accepted lines read back as a block that matches the trace.
    @Test(arguments: 0..<200)
    func theAcceptedBlockMatchesTheTrace(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let vocabulary = ["A.a()", "A.b()", "B.a()", "B.b(true)", "note: x"]
        let patterns = vocabulary + ["...", "A.*", "B.b", "*"]
        let block = (0..<random.next(below: 6)).map { _ in patterns[random.next(below: patterns.count)] }
        let actual = (0..<random.next(below: 7)).map { _ in vocabulary[random.next(below: vocabulary.count)] }
        let lines = try #require(accepted(block.joined(separator: "\n"), actual))
        let reread = Expectation.parse(lines.map(\.text).joined(separator: "\n"))
        #expect(
            Expectation.compare(expected: reread, actual: actual).matched, "block \(block), actual \(actual): \(lines)")
        let kept = lines.compactMap { if case .kept(let text) = $0 { text } else { nil } }
        #expect(kept.allSatisfy(block.contains), "kept lines come from the block")
    }

    @Test func aLongMiddleOfPlainLinesIsReplacedAndOneWithWildcardsIsRefused() {
        let actual = (0..<2100).map { "A.line\($0)()" }
        let plain = (0..<2100).map { "B.line\($0)()" }
        #expect(
            Expectation.accepted(plain.map(ExpectedLine.pattern), actual: actual) == actual.map(AcceptedLine.actual))
        let starred = plain + ["B.*"]
        #expect(Expectation.accepted(starred.map(ExpectedLine.pattern), actual: actual) == nil)
    }
}

/// A small deterministic generator (SplitMix64), so the property test is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
