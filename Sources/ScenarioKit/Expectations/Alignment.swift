/// The cheapest alignment of an expected block with the actual trace lines.
///
/// A dynamic programme over (expected index, actual index): `cost(i, j)` is the price of
/// the cheapest alignment of `expected[i...]` with `actual[j...]`. A matched pattern costs
/// 0, a `...` absorbs actual lines at cost 0, and an unmatched line on either side costs an
/// edit (a missing one a little more, see `price(of:)`). The table is filled from the end so that the diff can then be read forwards,
/// taking at each point the first cheapest step in a fixed order of preference — match,
/// then `-`, then `+` — which keeps the output deterministic and puts each missing line
/// just before the line that replaced it.
///
/// It costs time and memory in proportion to the product of the two lengths: callers build
/// one only under `Expectation.largestAlignment` cells. Each pattern meets each line once,
/// as the table is filled.
struct Alignment {
    /// One move through the table.
    enum Step {
        /// The pattern at `i` matches the actual line at `j`.
        case match
        /// The `...` at `i` is done; move to the next expected entry.
        case finishRun
        /// The `...` at `i` takes the actual line at `j`.
        case absorb
        /// The expected line at `i` has no counterpart.
        case missing
        /// The actual line at `j` has no counterpart.
        case unexpected
    }

    /// A step with the expected and actual index it starts from.
    typealias Move = (step: Step, i: Int, j: Int)

    let expected: [ExpectedLine]
    let actual: [String]
    /// Whether pattern `i` matches line `j`, at `index(i, j)`; false for a `...`.
    private var matched: [Bool]
    private var costs: [Int]

    /// The alignment of a block, its patterns compiled here.
    init(expected: [ExpectedLine], actual: [String]) {
        self.init(expected: expected, patterns: Expectation.compiled(expected), actual: actual, work: MatchWork())
    }

    /// The alignment of a block whose patterns (nil for each `...`) are compiled already.
    init<Stop>(
        expected: [ExpectedLine], patterns: [LinePattern?], actual: [String], work: MatchWork<Stop>
    )
        throws(Stop)
    {
        self.expected = expected
        self.actual = actual
        let width = actual.count + 1
        work.fill((expected.count + 1) * width)
        matched = Array(repeating: false, count: expected.count * width)
        for (i, pattern) in patterns.enumerated() {
            guard let pattern else { continue }
            for j in actual.indices { matched[i * width + j] = try work.matches(pattern, actual[j]) }
        }
        costs = Array(repeating: 0, count: (expected.count + 1) * width)
        for i in (0...expected.count).reversed() {
            for j in (0...actual.count).reversed() {
                costs[index(i, j)] = best(i, j)?.cost ?? 0
            }
        }
    }

    /// The alignment read forwards as a comparison.
    func comparison() -> Comparison {
        Self.comparison(of: path(), expected: expected, actual: actual)
    }

    /// A path through a block and its trace read forwards as a comparison: the diff's
    /// lines, and the entry of the block (1-based) where the first edit stands, nil when
    /// it comes after the block's last entry.
    static func comparison(of path: [Move], expected: [ExpectedLine], actual: [String]) -> Comparison {
        var lines: [DiffLine] = []
        var divergence: Int?
        var diverged = false
        for (step, i, j) in path {
            if step == .missing || step == .unexpected, !diverged {
                diverged = true
                divergence = i < expected.count ? i + 1 : nil
            }
            switch step {
            case .match, .absorb: lines.append(.same(actual[j]))
            case .finishRun: break
            case .missing: lines.append(.expected(expected[i].text))
            case .unexpected: lines.append(.actual(actual[j]))
            }
        }
        return Comparison(matched: !diverged, lines: lines, firstDivergence: divergence)
    }

    /// The cheapest steps from the start to the end, each with the expected and actual
    /// index it starts from.
    func path() -> [Move] {
        var steps: [Move] = []
        var (i, j) = (0, 0)
        while let step = best(i, j)?.step {
            steps.append((step, i, j))
            (i, j) = next(after: step, i, j)
        }
        return steps
    }

    /// The cheapest step from `(i, j)` and the cost of the rest, or nil at the end.
    private func best(_ i: Int, _ j: Int) -> (step: Step, cost: Int)? {
        var best: (step: Step, cost: Int)?
        for step in candidates(i, j) {
            let (ni, nj) = next(after: step, i, j)
            let total = cost(ni, nj) + price(of: step)
            if let current = best, current.cost <= total { continue }
            best = (step, total)
        }
        return best
    }

    /// What a step adds to the cost: nothing for a match or a `...`; for an edit, a unit
    /// larger than any count of missing lines, and one more for a missing line. So the
    /// alignment has the fewest `-`/`+` lines, and of those the one that keeps the most
    /// expected lines: a line out of order beside a `...` is shown as moved, not the block's
    /// lines as missing and the `...` as taking the rest (the diff, the headline and
    /// `--accept` all read it).
    private func price(of step: Step) -> Int {
        let unit = expected.count + 1
        switch step {
        case .match, .finishRun, .absorb: return 0
        case .unexpected: return unit
        case .missing: return unit + 1
        }
    }

    /// The steps possible from `(i, j)`, in order of preference.
    private func candidates(_ i: Int, _ j: Int) -> [Step] {
        let hasActual = j < actual.count
        guard i < expected.count else { return hasActual ? [.unexpected] : [] }
        if expected[i] == .anyRun { return hasActual ? [.finishRun, .absorb] : [.finishRun] }
        guard hasActual else { return [.missing] }
        return matched[i * (actual.count + 1) + j] ? [.match, .missing, .unexpected] : [.missing, .unexpected]
    }

    /// Where a step leads.
    private func next(after step: Step, _ i: Int, _ j: Int) -> (Int, Int) {
        switch step {
        case .match: return (i + 1, j + 1)
        case .finishRun, .missing: return (i + 1, j)
        case .absorb, .unexpected: return (i, j + 1)
        }
    }

    private func cost(_ i: Int, _ j: Int) -> Int { costs[index(i, j)] }

    private func index(_ i: Int, _ j: Int) -> Int { i * (actual.count + 1) + j }
}
