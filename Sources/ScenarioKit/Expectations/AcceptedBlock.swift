/// One line of the block `--accept` writes in place of a failing one.
public enum AcceptedLine: Equatable, Sendable {
    /// An expected line that still matches, kept as the author wrote it: `...`, a line with
    /// `*`, a call without its arguments, or a plain line.
    case kept(String)
    /// An actual trace line that no expected line accounts for, written as it is.
    case actual(String)

    /// The line as the block shows it.
    public var text: String {
        switch self {
        case .kept(let text), .actual(let text): return text
        }
    }
}

extension Expectation {
    /// The lines a failing block becomes under `--accept` (D-73), or nil when it cannot be
    /// rewritten without losing a wildcard.
    ///
    /// The block is aligned with the actual lines as `compare` aligns them: every expected
    /// line that matched keeps its own text (so `...` and `*` survive wherever they still
    /// match), an expected line that matched nothing is dropped, and an actual line nothing
    /// matched is added as it is. The result matches the actual lines, by the same alignment.
    /// A block too long to align is replaced by the actual lines when it holds only plain
    /// lines, and refused (nil) when it holds a wildcard that would be lost.
    ///
    /// ```swift
    /// accepted(parse("A.a()\n...\nA.z()"), actual: ["A.a()", "A.b()", "A.y()"])
    /// // [.kept("A.a()"), .kept("...")]: A.z() is gone, `...` takes A.b() and A.y()
    /// ```
    public static func accepted(_ expected: [ExpectedLine], actual: [String]) -> [AcceptedLine]? {
        accepted(expected, actual: actual, largestTable: largestAlignment)
    }

    /// `accepted(_:actual:)` with tables of at most `largestTable` cells.
    static func accepted(_ expected: [ExpectedLine], actual: [String], largestTable: Int) -> [AcceptedLine]? {
        let patterns = compiled(expected)
        guard !expected.contains(.anyRun) else {
            return acceptedWithRuns(expected, patterns: patterns, actual: actual, largestTable: largestTable)
        }
        var head = 0
        while head < min(expected.count, actual.count), patterns[head]!.matches(actual[head]) { head += 1 }
        var tail = 0
        while tail < min(expected.count, actual.count) - head,
            patterns[expected.count - 1 - tail]!.matches(actual[actual.count - 1 - tail])
        {
            tail += 1
        }
        let middleExpected = Array(expected[head..<(expected.count - tail)])
        let middleActual = Array(actual[head..<(actual.count - tail)])
        let middle: [AcceptedLine]
        if (middleExpected.count + 1) * (middleActual.count + 1) <= largestTable {
            let alignment = Alignment(
                expected: middleExpected, patterns: Array(patterns[head..<(expected.count - tail)]),
                actual: middleActual, work: MatchWork())
            middle = merged(alignment.path(), middleExpected, actual: middleActual)
        } else {
            guard middleExpected.allSatisfy(isPlain) else { return nil }
            middle = middleActual.map(AcceptedLine.actual)
        }
        let kept = { (lines: ArraySlice<ExpectedLine>) in lines.map { AcceptedLine.kept($0.text) } }
        return kept(expected.prefix(head)) + middle + kept(expected.suffix(tail))
    }

    /// A block with `...` aligned as `compare` aligns it: with one table under the cap, else
    /// part by part (see `RunMatch.recoveredPath`).
    private static func acceptedWithRuns(
        _ expected: [ExpectedLine], patterns: [LinePattern?], actual: [String], largestTable: Int
    ) -> [AcceptedLine] {
        let work = MatchWork()
        guard (expected.count + 1) * (actual.count + 1) <= largestTable else {
            let scan = RunMatch(expected: expected, patterns: patterns, actual: actual, work: work)
            return merged(scan.recoveredPath(cells: largestTable), expected, actual: actual)
        }
        let alignment = Alignment(expected: expected, patterns: patterns, actual: actual, work: work)
        return merged(alignment.path(), expected, actual: actual)
    }

    /// One entry of a merged block before it is written out.
    private enum Piece {
        case line(AcceptedLine)
        /// A `...` with the actual lines it takes (their indices: a `...` may take millions).
        case run(Range<Int>)
        /// An expected line that matched nothing.
        case dropped
    }

    /// The accepted lines read from an alignment's path: a `...` once, however many actual
    /// lines it takes (none included).
    private static func merged(
        _ path: [Alignment.Move], _ expected: [ExpectedLine], actual: [String]
    )
        -> [AcceptedLine]
    {
        var pieces: [Piece] = []
        var lastRun: Int?
        for (step, i, j) in path {
            switch step {
            case .match: pieces.append(.line(.kept(expected[i].text)))
            case .absorb, .finishRun:
                if lastRun != i { pieces.append(.run(j..<j)) }
                lastRun = i
                guard step == .absorb, case .run(let taken) = pieces.last else { continue }
                pieces[pieces.count - 1] = .run(taken.lowerBound..<(j + 1))
            case .missing: pieces.append(.dropped)
            case .unexpected: pieces.append(.line(.actual(actual[j])))
            }
        }
        return replacingDropped(pieces, actual: actual)
    }

    /// The pieces written out, each dropped line beside a `...` replaced by the actual line
    /// next to it that the `...` took: `A ... Z` meeting `A B Y` becomes `A ... Y`, not the
    /// `A ...` the cheapest alignment gives, so the block keeps the line its author pinned.
    private static func replacingDropped(_ pieces: [Piece], actual: [String]) -> [AcceptedLine] {
        var pieces = pieces
        for index in pieces.indices {
            guard case .dropped = pieces[index] else { continue }
            if index > 0, case .run(let taken) = pieces[index - 1], let last = taken.last {
                pieces[index - 1] = .run(taken.dropLast())
                pieces[index] = .line(.actual(actual[last]))
            } else if index + 1 < pieces.count, case .run(let taken) = pieces[index + 1], let first = taken.first {
                pieces[index + 1] = .run(taken.dropFirst())
                pieces[index] = .line(.actual(actual[first]))
            }
        }
        return pieces.compactMap { piece in
            switch piece {
            case .line(let line): return line
            case .run: return .kept("...")
            case .dropped: return nil
            }
        }
    }

    /// Whether an expected line matches only the line it is: no `...`, no `*`, and an
    /// argument list (or a message line).
    static func isPlain(_ line: ExpectedLine) -> Bool {
        guard case .pattern(let pattern) = line else { return false }
        return !pattern.contains("*") && !LinePattern.ignoresArguments(pattern)
    }
}
