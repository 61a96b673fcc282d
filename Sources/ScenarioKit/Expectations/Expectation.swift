/// One entry of an `expect [[…]]` block.
///
/// Entries are parsed once and compared many times, so the `...` marker gets its own case
/// rather than being recognised again on every comparison.
public enum ExpectedLine: Equatable, Sendable {
    /// The line `...`: any run of events, including none.
    case anyRun
    /// A trace line, possibly with `*` wildcards or without its argument list.
    case pattern(String)

    /// The text as the block shows it, e.g. `...` or `B.viewWillAppear(true)`.
    public var text: String {
        switch self {
        case .anyRun: return "..."
        case .pattern(let pattern): return pattern
        }
    }
}

/// Parsing and comparing expected trace blocks (SPEC §5).
///
/// The rules live here, free of Lua, so the binding, `--accept` and the tests share them:
///
/// ```lua
/// expect [[
///   B.viewDidLoad()
///   ...
///   warning: Attempt to present C on *
/// ]]
/// ```
public enum Expectation {
    /// Parses an `expect [[...]]` block into its entries, one per meaningful line.
    ///
    /// Blank lines and lines whose first non-blank characters are `--` are dropped, and
    /// surrounding white space is trimmed, so a block can be indented like the script
    /// around it; a line that is exactly `...` is `.anyRun`.
    public static func parse(_ block: String) -> [ExpectedLine] {
        lines(of: block).compactMap { raw in
            let line = trimmed(raw)
            if line.isEmpty || line.hasPrefix("--") { return nil }
            return line == "..." ? .anyRun : .pattern(line)
        }
    }

    /// The lines of a block, split where `Character.isNewline` says. An ASCII block is split
    /// on its bytes (\n, \v, \f, \r, the ASCII newlines), without the Character view's
    /// grapheme breaking, which cost a tenth of a suite's run (issue 18).
    static func lines(of block: String) -> [Substring] {
        guard block.utf8.allSatisfy({ $0 < 0x80 }) else { return block.split(whereSeparator: \.isNewline) }
        return block.utf8.split { (0x0A...0x0D).contains($0) }.map { Substring($0) }
    }

    /// Whether one pattern line matches one actual trace line (SPEC §5).
    ///
    /// `*` matches any run of characters within the line. A pattern with no argument list
    /// (no `(`) that is not a `warning:`/`note:` line also matches a line whose text up
    /// to its first `(` matches it, so `A.viewWillAppear` matches `A.viewWillAppear(true)`.
    /// Everything else must match the whole line. (A block compiles its patterns once, as
    /// `LinePattern`s; this reads the pattern anew on each call.)
    public static func matches(pattern: String, line: String) -> Bool {
        LinePattern(pattern).matches(line)
    }

    /// The compiled patterns of a block: one per entry, nil for each `...`.
    static func compiled(_ expected: [ExpectedLine]) -> [LinePattern?] {
        expected.map { line in
            guard case .pattern(let pattern) = line else { return nil }
            return LinePattern(pattern)
        }
    }

    /// Compares expected lines with actual lines: exactly, in order, `.anyRun` matching
    /// any run of actual lines including none.
    ///
    /// The alignment minimises the number of `-`/`+` lines so that the diff shows the
    /// smallest change that explains the mismatch (see `Alignment`).
    ///
    /// The alignment costs time and memory in proportion to the product of the two lengths,
    /// so it is built only for a failing block, and only under `largestAlignment` cells: a
    /// block with `...` is matched first by a scan (see `RunMatch`), and one without has the
    /// lines that match one to one at either end set aside first.
    public static func compare(expected: [ExpectedLine], actual: [String]) -> Comparison {
        compare(expected: expected, actual: actual, work: MatchWork())
    }

    /// `compare(expected:actual:)` that runs `check` every so often as it works, and ends
    /// with the error `check` throws: the binding checks the scenario's time limit there,
    /// which cannot stop Swift code otherwise.
    ///
    /// ```swift
    /// let comparison = try Expectation.compare(expected: block, actual: lines) { () throws(Timeout) in
    ///     if clock.isPastDeadline { throw Timeout() }
    /// }
    /// ```
    public static func compare<Stop: Error>(
        expected: [ExpectedLine], actual: [String], checking check: @escaping () throws(Stop) -> Void
    ) throws(Stop) -> Comparison {
        try compare(expected: expected, actual: actual, work: MatchWork(check: check))
    }

    /// The comparison, its work counted in `work`, with tables of at most `largestTable` cells.
    static func compare<Stop>(
        expected: [ExpectedLine], actual: [String], work: MatchWork<Stop>, largestTable: Int = largestAlignment
    ) throws(Stop) -> Comparison {
        let patterns = compiled(expected)
        if expected.contains(.anyRun) {
            return try compareWithRuns(
                expected: expected, patterns: patterns, actual: actual, work: work, largestTable: largestTable)
        }
        return try comparePlain(
            expected: expected, patterns: patterns, actual: actual, work: work, largestTable: largestTable)
    }

    /// A block without `...`: the lines that match one to one at either end are set aside,
    /// and the middle left is aligned, or, past the cap, shown removed, then added.
    private static func comparePlain<Stop>(
        expected: [ExpectedLine], patterns: [LinePattern?], actual: [String], work: MatchWork<Stop>, largestTable: Int
    ) throws(Stop) -> Comparison {
        func pairMatches(_ i: Int, _ j: Int) throws(Stop) -> Bool { try work.matches(patterns[i]!, actual[j]) }
        var head = 0
        while head < min(expected.count, actual.count), try pairMatches(head, head) { head += 1 }
        var tail = 0
        while tail < min(expected.count, actual.count) - head,
            try pairMatches(expected.count - 1 - tail, actual.count - 1 - tail)
        { tail += 1 }
        let middle = (expected: head..<(expected.count - tail), actual: head..<(actual.count - tail))
        let before = actual[..<head].map(DiffLine.same)
        let after = actual[(actual.count - tail)...].map(DiffLine.same)
        if middle.expected.isEmpty, middle.actual.isEmpty {
            return Comparison(matched: true, lines: before + after, firstDivergence: nil)
        }
        // A divergence past the middle's last expected line is at the first line of the tail.
        let pastMiddle = tail > 0 ? head + middle.expected.count + 1 : nil
        guard (middle.expected.count + 1) * (middle.actual.count + 1) <= largestTable else {
            let lines =
                expected[middle.expected].map { DiffLine.expected($0.text) }
                + actual[middle.actual].map(DiffLine.actual)
            return Comparison(
                matched: false, lines: before + lines + after,
                firstDivergence: middle.expected.isEmpty ? pastMiddle : head + 1)
        }
        let inner = try Alignment(
            expected: Array(expected[middle.expected]), patterns: Array(patterns[middle.expected]),
            actual: Array(actual[middle.actual]), work: work
        ).comparison()
        return Comparison(
            matched: false, lines: before + inner.lines + after,
            firstDivergence: inner.firstDivergence.map { $0 + head } ?? pastMiddle)
    }

    /// A block with `...`: matched first by a scan, as a glob over lines; only a block that
    /// does not match is aligned, for its diff: with one table when it fits under the cap,
    /// else part by part with small ones (issue 18).
    private static func compareWithRuns<Stop>(
        expected: [ExpectedLine], patterns: [LinePattern?], actual: [String], work: MatchWork<Stop>, largestTable: Int
    ) throws(Stop) -> Comparison {
        let scan = RunMatch(expected: expected, patterns: patterns, actual: actual, work: work)
        guard try scan.firstFailure() != nil else {
            return Comparison(matched: true, lines: actual.map(DiffLine.same), firstDivergence: nil)
        }
        guard (expected.count + 1) * (actual.count + 1) <= largestTable else {
            let path = try scan.recoveredPath(cells: largestTable)
            return Alignment.comparison(of: path, expected: expected, actual: actual)
        }
        return try Alignment(expected: expected, patterns: patterns, actual: actual, work: work).comparison()
    }

    /// Nil when the lines match the block, else the 1-based entry of the block where the
    /// scan failed (see `RunMatch.firstFailure`).
    static func firstGlobFailure(expected: [ExpectedLine], actual: [String]) -> Int? {
        RunMatch(expected: expected, patterns: compiled(expected), actual: actual, work: MatchWork()).firstFailure()
    }

    /// The most cells an alignment may fill (about 32 MB of table).
    static let largestAlignment = 4_000_000

    /// The headline of a failed comparison: where the trace first differs and how.
    ///
    /// It names the entry of the expected block (1-based, counting only the entries
    /// `parse` keeps) so the reader can find it without reading the whole diff, e.g.
    /// `first difference at line 3 of the expected block: expected "B.viewWillAppear(false)", but the trace has "B.viewWillAppear(true)"`.
    public static func describe(_ comparison: Comparison, expected: [ExpectedLine]) -> String {
        Divergence(comparison, expected: expected).description
    }

    /// The text without leading or trailing white space.
    ///
    /// Walks the Unicode scalars from each end, with a fast test for ASCII: trimming runs for
    /// every line of every expected block, and the generic reversed-character path cost
    /// thousands of instructions per character (issue 18).
    static func trimmed(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
            let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }
}

/// The outcome of comparing an expected block with the actual trace lines.
public struct Comparison: Equatable, Sendable {
    /// Whether every expected line found its actual line and nothing was left over.
    public var matched: Bool
    /// The aligned lines, in order, for the diff.
    public var lines: [DiffLine]
    /// 1-based index into the expected block of the first expected line that did not
    /// match, or nil when the expected block ran out first (actual has extra lines).
    public var firstDivergence: Int?

    public init(matched: Bool, lines: [DiffLine], firstDivergence: Int?) {
        self.matched = matched
        self.lines = lines
        self.firstDivergence = firstDivergence
    }
}

/// One line of an aligned comparison.
public enum DiffLine: Equatable, Sendable {
    /// An actual line that an expected line (or a `...`) accounts for.
    case same(String)
    /// An expected line with no actual counterpart; shown with `-`.
    case expected(String)
    /// An actual line no expected line accounts for; shown with `+`.
    case actual(String)
}
