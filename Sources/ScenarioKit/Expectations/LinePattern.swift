/// Wildcard matching of one expected line against one trace line.
///
/// Kept apart from `Expectation` because the glob loop is the only tricky part of
/// matching, and it is easier to trust when it stands alone.
enum LinePattern {
    /// Whether `pattern` matches all of `text`, `*` standing for any run of characters.
    ///
    /// A greedy scan that remembers the last `*` and retries from one character further
    /// when the rest fails; this is linear for one `*` and never exponential.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        var p = 0
        var t = 0
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                star = (last.pattern, last.text + 1)
                p = last.pattern + 1
                t = last.text + 1
            } else {
                return false
            }
        }
        return pattern[p...].allSatisfy { $0 == "*" }
    }

    /// Whether a pattern leaves the arguments open: it has no `(` and is not a message line.
    ///
    /// Warnings and notes are free text, where a `(` means nothing special, so they are
    /// always compared whole.
    static func ignoresArguments(_ pattern: String) -> Bool {
        !pattern.contains("(") && !pattern.hasPrefix("warning:") && !pattern.hasPrefix("note:")
    }
}
