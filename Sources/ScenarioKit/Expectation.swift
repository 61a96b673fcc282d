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
    /// Everything else must match the whole line.
    public static func matches(pattern: String, line: String) -> Bool {
        if LinePattern.matches(pattern, line) { return true }
        guard LinePattern.ignoresArguments(pattern) else { return false }
        return LinePattern.matches(pattern, String(line.prefix { $0 != "(" }))
    }

    /// Compares expected lines with actual lines: exactly, in order, `.anyRun` matching
    /// any run of actual lines including none.
    ///
    /// The alignment minimises the number of `-`/`+` lines so that the diff shows the
    /// smallest change that explains the mismatch (see `Alignment`).
    public static func compare(expected: [ExpectedLine], actual: [String]) -> Comparison {
        Alignment(expected: expected, actual: actual).comparison()
    }

    /// The headline of a failed comparison: where the trace first differs and how.
    ///
    /// It names the entry of the expected block (1-based, counting only the entries
    /// `parse` keeps) so the reader can find it without reading the whole diff, e.g.
    /// `first difference at line 3 of the expected block: expected "B.viewWillAppear(false)", but the trace has "B.viewWillAppear(true)"`.
    public static func describe(_ comparison: Comparison, expected: [ExpectedLine]) -> String {
        Divergence(comparison, expected: expected).description
    }

    /// The text without leading or trailing white space.
    static func trimmed(_ text: Substring) -> String {
        let start = text.drop(while: \.isWhitespace)
        return String(start.reversed().drop(while: \.isWhitespace).reversed())
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
