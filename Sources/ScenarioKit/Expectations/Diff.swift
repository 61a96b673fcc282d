/// Rendering an aligned comparison as a text diff in hunks.
///
/// Only the changes and a little context are shown, because an `expect` block can hold
/// hundreds of lines of which one differs; and white space a reader cannot see is drawn,
/// because "the same" lines that differ only in a trailing space are the worst to debug.
///
/// ```
///   A.viewWillDisappear(true)
/// - B.viewWillAppear(false)
/// + B.viewWillAppear(true)
///   B.didMove(toParent: A)
/// ```
public enum DiffRenderer {
    /// Renders hunks with `context` unchanged lines around each change.
    ///
    /// Lines are `"  "` + same, `"- "` + expected, `"+ "` + actual; hunks are separated by
    /// the line `"  ⋮"`. Trailing spaces and tabs of changed lines show as `␠` and `→`.
    /// The result has no final newline and is empty when nothing changed.
    ///
    /// At most `limit` lines are shown, then a line that counts the changed lines left: a
    /// block that meets a trace of a million lines it does not expect would otherwise print
    /// them all (issue 18).
    public static func render(_ lines: [DiffLine], context: Int = 3, limit: Int = longestDiff) -> String {
        var output: [String] = []
        var previous: Int?
        for index in visibleIndices(of: lines, context: max(0, context)) {
            if output.count >= limit {
                let left = lines[index...].count { !isSame($0) }
                if left > 0 { output.append("  ⋮ \(left) more changed line\(left == 1 ? "" : "s") not shown") }
                break
            }
            if let previous, index > previous + 1 { output.append("  ⋮") }
            output.append(text(of: lines[index]))
            previous = index
        }
        return output.joined(separator: "\n")
    }

    /// The most lines `render` shows by default.
    public static let longestDiff = 500

    /// The indices of changed lines and of the context lines around them, in order.
    static func visibleIndices(of lines: [DiffLine], context: Int) -> [Int] {
        var visible = Array(repeating: false, count: lines.count)
        for (index, line) in lines.enumerated() where !isSame(line) {
            let range = max(0, index - context)...min(lines.count - 1, index + context)
            for shown in range { visible[shown] = true }
        }
        return visible.indices.filter { visible[$0] }
    }

    /// One rendered line with its two-character marker.
    static func text(of line: DiffLine) -> String {
        switch line {
        case .same(let text): return "  " + text
        case .expected(let text): return "- " + showingTrailingWhiteSpace(text)
        case .actual(let text): return "+ " + showingTrailingWhiteSpace(text)
        }
    }

    /// The text with each trailing space drawn as `␠` and each trailing tab as `→`.
    static func showingTrailingWhiteSpace(_ text: String) -> String {
        let body = text.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        let tail = text.dropFirst(body.count).map { $0 == " " ? "␠" : "→" }
        return String(body) + tail.joined()
    }

    private static func isSame(_ line: DiffLine) -> Bool {
        if case .same = line { return true }
        return false
    }
}
