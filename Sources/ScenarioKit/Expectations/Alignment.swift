/// The cheapest alignment of an expected block with the actual trace lines.
///
/// A dynamic programme over (expected index, actual index): `cost(i, j)` is the price of
/// the cheapest alignment of `expected[i...]` with `actual[j...]`. A matched pattern costs
/// 0, a `...` absorbs actual lines at cost 0, and an unmatched line on either side costs an
/// edit (a missing one a little more, see `price(of:)`). The table is filled from the end so that the diff can then be read forwards,
/// taking at each point the first cheapest step in a fixed order of preference — match,
/// then `-`, then `+` — which keeps the output deterministic and puts each missing line
/// just before the line that replaced it. Blocks are small, so O(n·m) is fine.
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

    let expected: [ExpectedLine]
    let actual: [String]
    private var costs: [Int]

    init(expected: [ExpectedLine], actual: [String]) {
        self.expected = expected
        self.actual = actual
        costs = Array(repeating: 0, count: (expected.count + 1) * (actual.count + 1))
        for i in (0...expected.count).reversed() {
            for j in (0...actual.count).reversed() {
                costs[index(i, j)] = best(i, j)?.cost ?? 0
            }
        }
    }

    /// The alignment read forwards as a comparison.
    func comparison() -> Comparison {
        var lines: [DiffLine] = []
        var divergence: Int?
        var diverged = false
        for (step, i, j) in path() {
            if step == .missing || step == .unexpected, !diverged {
                diverged = true
                divergence = i < expected.count ? i + 1 : nil
            }
            if let line = line(for: step, i, j) { lines.append(line) }
        }
        return Comparison(matched: cost(0, 0) == 0, lines: lines, firstDivergence: divergence)
    }

    /// The cheapest steps from the start to the end, each with the expected and actual
    /// index it starts from.
    func path() -> [(step: Step, i: Int, j: Int)] {
        var steps: [(step: Step, i: Int, j: Int)] = []
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
        switch expected[i] {
        case .anyRun:
            return hasActual ? [.finishRun, .absorb] : [.finishRun]
        case .pattern(let pattern):
            guard hasActual else { return [.missing] }
            let match = Expectation.matches(pattern: pattern, line: actual[j])
            return match ? [.match, .missing, .unexpected] : [.missing, .unexpected]
        }
    }

    /// Where a step leads.
    private func next(after step: Step, _ i: Int, _ j: Int) -> (Int, Int) {
        switch step {
        case .match: return (i + 1, j + 1)
        case .finishRun, .missing: return (i + 1, j)
        case .absorb, .unexpected: return (i, j + 1)
        }
    }

    /// The diff line a step shows, if any.
    private func line(for step: Step, _ i: Int, _ j: Int) -> DiffLine? {
        switch step {
        case .match, .absorb: return .same(actual[j])
        case .finishRun: return nil
        case .missing: return .expected(expected[i].text)
        case .unexpected: return .actual(actual[j])
        }
    }

    private func cost(_ i: Int, _ j: Int) -> Int { costs[index(i, j)] }

    private func index(_ i: Int, _ j: Int) -> Int { i * (actual.count + 1) + j }
}
