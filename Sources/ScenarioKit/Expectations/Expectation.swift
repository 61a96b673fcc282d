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
        block.split(whereSeparator: \.isNewline).compactMap { raw in
            let line = trimmed(raw)
            if line.isEmpty || line.hasPrefix("--") { return nil }
            return line == "..." ? .anyRun : .pattern(line)
        }
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

    /// Compares expected lines with actual lines: exactly, in order, `.anyRun` matching
    /// any run of actual lines including none.
    ///
    /// The alignment minimises the number of `-`/`+` lines so that the diff shows the
    /// smallest change that explains the mismatch (see `Alignment`).
    ///
    /// The alignment costs time and memory in proportion to the product of the two lengths,
    /// so lines that match one to one at either end are set aside first (when the block has
    /// no `...`); a middle still too large to align is shown as removed, then added.
    public static func compare(expected: [ExpectedLine], actual: [String]) -> Comparison {
        if expected.contains(.anyRun) { return compareWithRuns(expected: expected, actual: actual) }
        func pairMatches(_ i: Int, _ j: Int) -> Bool { matches(pattern: expected[i].text, line: actual[j]) }
        var head = 0
        while head < min(expected.count, actual.count), pairMatches(head, head) { head += 1 }
        var tail = 0
        while tail < min(expected.count, actual.count) - head,
            pairMatches(expected.count - 1 - tail, actual.count - 1 - tail)
        { tail += 1 }
        let middleExpected = Array(expected[head..<(expected.count - tail)])
        let middleActual = Array(actual[head..<(actual.count - tail)])
        let before = actual[..<head].map(DiffLine.same)
        let after = actual[(actual.count - tail)...].map(DiffLine.same)
        if middleExpected.isEmpty, middleActual.isEmpty {
            return Comparison(matched: true, lines: before + after, firstDivergence: nil)
        }
        // A divergence past the middle's last expected line is at the first line of the tail.
        let pastMiddle = tail > 0 ? head + middleExpected.count + 1 : nil
        guard (middleExpected.count + 1) * (middleActual.count + 1) <= largestAlignment else {
            let middle = middleExpected.map { DiffLine.expected($0.text) } + middleActual.map(DiffLine.actual)
            return Comparison(
                matched: false, lines: before + middle + after,
                firstDivergence: middleExpected.isEmpty ? pastMiddle : head + 1)
        }
        let inner = Alignment(expected: middleExpected, actual: middleActual).comparison()
        return Comparison(
            matched: false, lines: before + inner.lines + after,
            firstDivergence: inner.firstDivergence.map { $0 + head } ?? pastMiddle)
    }

    /// A block with `...`: matched first by a linear scan, as a glob over lines; only a block
    /// that does not match fills the alignment's table, for its diff, and only under the
    /// same cap as any other block (issue 18).
    private static func compareWithRuns(expected: [ExpectedLine], actual: [String]) -> Comparison {
        guard let failed = firstGlobFailure(expected: expected, actual: actual) else {
            return Comparison(matched: true, lines: actual.map(DiffLine.same), firstDivergence: nil)
        }
        guard (expected.count + 1) * (actual.count + 1) <= largestAlignment else {
            let lines =
                expected.filter { $0 != .anyRun }.map { DiffLine.expected($0.text) } + actual.map(DiffLine.actual)
            return Comparison(matched: false, lines: lines, firstDivergence: failed)
        }
        return Alignment(expected: expected, actual: actual).comparison()
    }

    /// Matches the lines against the block, each `...` taking any run of lines: the part
    /// before the first `...` matches the first lines, the part after the last one the last
    /// lines, and each part between at its leftmost place after the one before (the leftmost
    /// place leaves the most room for the rest, so taking it is never wrong). Returns nil on
    /// a match, else the 1-based entry of the block where the scan failed.
    static func firstGlobFailure(expected: [ExpectedLine], actual: [String]) -> Int? {
        // Each part: its patterns and the entry index of its first pattern.
        var parts: [(patterns: [String], first: Int)] = [([], 0)]
        for (index, line) in expected.enumerated() {
            if case .pattern(let pattern) = line {
                parts[parts.count - 1].patterns.append(pattern)
            } else {
                parts.append(([], index + 1))
            }
        }
        let head = parts[0]
        let tail: (patterns: [String], first: Int) = parts.count > 1 ? parts[parts.count - 1] : ([], expected.count)
        /// The offset of the first pattern of `part` that does not match from `start`, if any.
        func mismatch(_ part: [String], at start: Int) -> Int? {
            part.indices.first { offset in
                start + offset >= actual.count || !matches(pattern: part[offset], line: actual[start + offset])
            }
        }
        if let offset = mismatch(head.patterns, at: 0) { return head.first + offset + 1 }
        let tailStart = max(head.patterns.count, actual.count - tail.patterns.count)
        if let offset = mismatch(tail.patterns, at: tailStart) { return tail.first + offset + 1 }
        var next = head.patterns.count
        for part in parts.dropFirst().dropLast() where !part.patterns.isEmpty {
            var start = next
            while start + part.patterns.count <= tailStart, mismatch(part.patterns, at: start) != nil { start += 1 }
            guard start + part.patterns.count <= tailStart else { return part.first + 1 }
            next = start + part.patterns.count
        }
        return nil
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
