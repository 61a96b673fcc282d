/// A block with `...` against the trace, as a glob over lines: matched without a table,
/// and, for the diff of one that fails over a long trace, aligned part by part with small
/// tables (issue 18).
///
/// The `...` entries cut the block into parts, runs of patterns each of which must meet a
/// run of consecutive trace lines: the first part (the head, perhaps empty) the first
/// lines, the last (the tail) the last lines, every part between somewhere after the one
/// before it.
///
/// ```
/// A.viewDidLoad()          head: the first line
/// ...
/// A.viewWillAppear(*)      a middle part: two lines in a row, anywhere after the head
/// A.viewDidAppear(*)
/// ...
/// note: done               tail: the last line
/// ```
///
/// The work is at most one comparison per pattern per trace line for each pass: a middle
/// part is tried at each start in turn, and each try stops at its first line that differs.
struct RunMatch<Stop: Error> {
    let expected: [ExpectedLine]
    let patterns: [LinePattern?]
    let actual: [String]
    let work: MatchWork<Stop>
    /// The parts, as ranges of entries: the head, the middle parts that have a pattern, and
    /// the tail. The entries between two parts are all `...`.
    let parts: [Range<Int>]

    /// Where a part stands in the trace: found whole at a start, or else the start where
    /// the most of its first lines match (the earliest of those).
    private enum Place {
        case found(Int)
        case closest(Int)
    }

    init(expected: [ExpectedLine], patterns: [LinePattern?], actual: [String], work: MatchWork<Stop>) {
        self.expected = expected
        self.patterns = patterns
        self.actual = actual
        self.work = work
        let runs = expected.indices.filter { expected[$0] == .anyRun }
        var parts = [0..<(runs.first ?? expected.count)]
        for (run, next) in zip(runs, runs.dropFirst() + [expected.count]) where run + 1 < next || next == expected.count
        {
            parts.append((run + 1)..<next)
        }
        self.parts = parts
    }

    /// Nil when the trace matches the block, else the entry of the block (1-based) where
    /// the scan failed: the head's or the tail's first line that differs, or the first line
    /// of a middle part found nowhere after the part before it.
    ///
    /// Each middle part is taken at its earliest place after the one before, and that is
    /// never wrong: if the block matches with the parts at places p₁ < p₂ < …, the scan's
    /// places g₁ ≤ p₁, g₂ ≤ p₂, … by induction — g₁ is the earliest place of the first part
    /// at all, and with g ≤ p for a part, the next part's place p′ lies after the part's end
    /// at p and so after its end at g, where the scan looks for the next part from, finding
    /// it at p′ or before. So each part ends no later than in any match, leaving at least as
    /// much room for the rest, and the scan finds a match whenever there is one. No
    /// backtracking is needed: the work is one pass over the trace per middle part, each
    /// start costing at most the part's length in comparisons.
    func firstFailure() throws(Stop) -> Int? {
        let head = parts[0]
        let tail = parts[parts.count - 1]
        if let offset = try mismatch(head, at: 0) { return head.lowerBound + offset + 1 }
        let tailStart = max(head.count, actual.count - tail.count)
        if let offset = try mismatch(tail, at: tailStart) { return tail.lowerBound + offset + 1 }
        var next = head.count
        for part in parts.dropFirst().dropLast() {
            guard case .found(let start) = try place(part, from: next, end: tailStart) else {
                return part.lowerBound + 1
            }
            next = start + part.count
        }
        return nil
    }

    /// The offset in `part` of its first pattern that does not match the trace from
    /// `start` (a line past the end never matches), or nil when the whole part does.
    private func mismatch(_ part: Range<Int>, at start: Int) throws(Stop) -> Int? {
        for offset in 0..<part.count {
            let line = start + offset
            guard line < actual.count, let pattern = patterns[part.lowerBound + offset],
                try work.matches(pattern, actual[line])
            else { return offset }
        }
        return nil
    }

    /// The earliest start from `from` where `part` matches whole before `end`, or else the
    /// earliest start where the most of its first lines match.
    private func place(_ part: Range<Int>, from: Int, end: Int) throws(Stop) -> Place {
        var closest = (start: from, matched: 0)
        var start = from
        while start + part.count <= end {
            guard let matched = try mismatch(part, at: start) else { return .found(start) }
            if matched > closest.matched { closest = (start, matched) }
            start += 1
        }
        return .closest(closest.start)
    }
}

extension RunMatch {
    /// A path through the whole block and trace for the diff of a block that does not
    /// match, at a cost bounded as the scan's: each part is found where the scan finds it,
    /// or else aligned with a small table over a few lines from its closest place, and the
    /// `...` between parts take the rest. The tables together fill at most `cells` cells; a
    /// part that would need more is shown missing where it would start.
    ///
    /// It is not always the cheapest alignment of the whole (which `Alignment` finds with a
    /// table as large as the block times the trace), but it is a true one: every line of the
    /// trace once, in order, and every entry of the block once.
    func recoveredPath(cells: Int) throws(Stop) -> [Alignment.Move] {
        var path = Path(cellsLeft: cells)
        for (index, part) in parts.enumerated() {
            let isTail = index == parts.count - 1
            let runs = index == 0 ? 0..<0 : parts[index - 1].upperBound..<part.lowerBound
            let end = isTail ? actual.count : max(path.position, actual.count - parts[parts.count - 1].count)
            switch try placeForDiff(part, index: index, from: path.position, end: end) {
            case .found(let start):
                path.takeRuns(runs, upTo: start, finishing: true)
                path.takeMatches(part, from: start)
            case .closest(let start):
                // A few lines from the closest place, enough for each line of the part to be
                // missing or to have an extra line before it; the tail's run to the end.
                let reach = 2 * part.count + 2
                let lines = isTail ? max(path.position, end - reach)..<end : start..<min(end, start + reach)
                try align(part, runs: runs, lines: lines, into: &path, isHead: index == 0, isTail: isTail)
            }
        }
        return path.moves
    }

    /// Where the diff places a part: the head at the trace's start, the tail at its end, a
    /// middle part as the scan does.
    private func placeForDiff(_ part: Range<Int>, index: Int, from: Int, end: Int) throws(Stop) -> Place {
        if index == 0 { return try mismatch(part, at: 0) == nil ? .found(0) : .closest(0) }
        if index < parts.count - 1 { return try place(part, from: from, end: end) }
        let start = actual.count - part.count
        guard start >= from, try mismatch(part, at: start) == nil else { return .closest(from) }
        return .found(start)
    }

    /// Aligns `part` with the trace `lines` by a small table, with a `...` before it (but
    /// for the head) that carries on the runs before, and one after it (but for the tail)
    /// that the next runs carry on; or, past the cells left, shows the part missing.
    private func align(
        _ part: Range<Int>, runs: Range<Int>, lines: Range<Int>, into path: inout Path, isHead: Bool, isTail: Bool
    ) throws(Stop) {
        let lead = isHead ? 0 : 1
        let local = (isHead ? [] : [ExpectedLine.anyRun]) + expected[part] + (isTail ? [] : [.anyRun])
        let localPatterns = (isHead ? [] : [nil]) + patterns[part] + (isTail ? [] : [nil])
        guard (local.count + 1) * (lines.count + 1) <= path.cellsLeft else {
            let at = isTail ? actual.count : lines.lowerBound
            path.takeRuns(runs, upTo: at, finishing: true)
            path.takeMissing(part, at: at)
            return
        }
        path.cellsLeft -= (local.count + 1) * (lines.count + 1)
        path.takeRuns(runs, upTo: lines.lowerBound, finishing: false)
        let alignment = try Alignment(
            expected: local, patterns: localPatterns, actual: Array(actual[lines]), work: work)
        for (step, i, j) in alignment.path() {
            let entry = i - lead
            if !isTail, entry == part.count { break }  // the `...` after the part: the next runs' lines
            let global = i < lead ? runs.upperBound - 1 : part.lowerBound + entry
            path.moves.append((step, global, lines.lowerBound + j))
            path.position = lines.lowerBound + j + (step == .match || step == .absorb || step == .unexpected ? 1 : 0)
        }
    }

    /// A path being built, part by part.
    private struct Path {
        var cellsLeft: Int
        var moves: [Alignment.Move] = []
        /// The first trace line the path has not taken.
        var position = 0

        /// The `...` entries `runs` take the lines up to `end`, the last of them all; each is
        /// finished, but for the last when `finishing` is false (a table goes on with it).
        mutating func takeRuns(_ runs: Range<Int>, upTo end: Int, finishing: Bool) {
            guard let last = runs.last else { return }
            for run in runs.dropLast() { moves.append((.finishRun, run, position)) }
            for line in position..<max(position, end) { moves.append((.absorb, last, line)) }
            position = max(position, end)
            if finishing { moves.append((.finishRun, last, position)) }
        }

        mutating func takeMatches(_ part: Range<Int>, from start: Int) {
            for (offset, entry) in part.enumerated() { moves.append((.match, entry, start + offset)) }
            position = start + part.count
        }

        mutating func takeMissing(_ part: Range<Int>, at line: Int) {
            for entry in part { moves.append((.missing, entry, line)) }
        }
    }
}
