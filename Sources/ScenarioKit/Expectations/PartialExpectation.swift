/// `expect.none` and `expect.order` (SPEC §9.5): checks of some lines of the trace, where an
/// `expect [[…]]` block accounts for every line.
///
/// Both read the lines a block would compare (those recorded since the last block or
/// `trace.clear()`, in the compared categories) and leave them for it (D-76): a scenario can
/// check an absence or an order and still spell out the whole trace after. Patterns match
/// as in blocks (`*`, lines without arguments).
///
/// ```lua
/// expect.none "A.viewDidAppear"
/// expect.order [[ B.viewWillAppear ... A.viewDidDisappear ]]
/// ```
public enum PartialExpectation {
    /// A check that failed: what happened, in one sentence, and the lines for its diff.
    public struct Mismatch: Equatable, Sendable {
        public var message: String
        public var lines: [DiffLine]
    }

    /// A text that gives `expect.none` or `expect.order` nothing it can check.
    public struct EmptyCheck: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The patterns of `expect.none`: one per line, as a block's lines are read.
    ///
    /// - Throws: `EmptyCheck` for a text with no line, or with a `...`, which matches any
    ///   run of lines and so could never be absent.
    public static func absentPatterns(_ text: String) throws -> [String] {
        let entries = Expectation.parse(text)
        guard !entries.contains(.anyRun) else {
            throw EmptyCheck(
                description: "`...` matches any run of lines, so it cannot be absent; name the lines that must not "
                    + "appear, as in expect.none \"A.viewDidAppear\"")
        }
        guard !entries.isEmpty else {
            throw EmptyCheck(description: "no line to look for; give one, as in expect.none \"A.viewDidAppear\"")
        }
        return entries.map(\.text)
    }

    /// The patterns of `expect.order`, in order: each line of the block, cut at every `...`
    /// that stands between blanks, so that `B.viewWillAppear ... A.viewDidDisappear` is two.
    ///
    /// Any lines may come between two patterns anyway, so a `...` only separates them.
    ///
    /// - Throws: `EmptyCheck` for a text with no pattern.
    public static func orderedPatterns(_ text: String) throws -> [String] {
        let patterns = Expectation.parse(text).flatMap { $0 == .anyRun ? [] : pieces(of: $0.text) }
        guard !patterns.isEmpty else {
            throw EmptyCheck(
                description: "no line to look for; give the lines in the order they must come, "
                    + "as in expect.order [[ B.viewWillAppear ... A.viewDidDisappear ]]")
        }
        return patterns
    }

    /// Whether no line of `lines` matches any of `patterns`; the mismatch marks each line that
    /// does with `+`.
    public static func none(of patterns: [String], in lines: [String]) -> Mismatch? {
        let compiled = patterns.map(LinePattern.init)
        func match(_ line: String) -> String? { compiled.first { $0.matches(line) }?.text }
        let found = Set(lines.indices.filter { match(lines[$0]) != nil })
        guard let first = found.min(), let pattern = match(lines[first]) else { return nil }
        let more = found.count > 1 ? " (and \(found.count - 1) more such line\(found.count > 2 ? "s" : ""))" : ""
        return Mismatch(
            message: "the trace has \(quoted(lines[first])), which matches \(quoted(pattern))" + more,
            lines: lines.indices.map { found.contains($0) ? .actual(lines[$0]) : .same(lines[$0]) })
    }

    /// Whether `lines` has a line matching each pattern, in the patterns' order, with any
    /// lines between; each pattern takes the first matching line after the previous one's.
    public static func order(_ patterns: [String], in lines: [String]) -> Mismatch? {
        var previous: (pattern: String, line: Int)?
        for pattern in patterns {
            let next = previous.map { $0.line + 1 } ?? 0
            let compiled = LinePattern(pattern)
            guard let found = lines[next...].firstIndex(where: compiled.matches)
            else { return missing(pattern, in: lines, after: previous) }
            previous = (pattern, found)
        }
        return nil
    }

    /// The mismatch of a pattern no line matches after the line `previous` matched: it names
    /// both, says whether the trace has the line only before, and shows the pattern with `-`
    /// where it was looked for from.
    private static func missing(
        _ pattern: String, in lines: [String], after previous: (pattern: String, line: Int)?
    ) -> Mismatch {
        let next = previous.map { $0.line + 1 } ?? 0
        let diff = lines[..<next].map(DiffLine.same) + [.expected(pattern)] + lines[next...].map(DiffLine.same)
        guard let previous else {
            return Mismatch(message: "the trace has no line matching \(quoted(pattern))", lines: diff)
        }
        let before = lines[..<next].contains(where: LinePattern(pattern).matches)
        return Mismatch(
            message: "no line matching \(quoted(pattern)) comes after \(quoted(lines[previous.line])) "
                + "(matched by \(quoted(previous.pattern))); "
                + (before ? "the trace has one only before it" : "the trace has none"),
            lines: diff)
    }

    /// The patterns on one line of an `expect.order` block: the text between the `...` that
    /// stand alone (at either end or between blanks), trimmed, empty ones left out.
    static func pieces(of line: String) -> [String] {
        var pieces: [String] = []
        var start = line.startIndex
        for range in line.ranges(of: "...") where standsAlone(range, in: line) {
            pieces.append(Expectation.trimmed(line[start..<range.lowerBound]))
            start = range.upperBound
        }
        pieces.append(Expectation.trimmed(line[start...]))
        return pieces.filter { !$0.isEmpty }
    }

    /// Whether the text at `range` has a blank or an end of the line on either side.
    private static func standsAlone(_ range: Range<String.Index>, in line: String) -> Bool {
        let before = range.lowerBound == line.startIndex || line[line.index(before: range.lowerBound)].isWhitespace
        return before && (range.upperBound == line.endIndex || line[range.upperBound].isWhitespace)
    }

    private static func quoted(_ text: String) -> String { "\"" + text + "\"" }
}
