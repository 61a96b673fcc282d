/// Wildcard matching of one expected line against one trace line.
///
/// Kept apart from `Expectation` because the glob loop is the only tricky part of
/// matching, and it is easier to trust when it stands alone.
enum LinePattern {
    /// Whether `pattern` matches all of `text`, `*` standing for any run of characters.
    ///
    /// A greedy scan that remembers the last `*` and retries from one character further
    /// when the rest fails; this is linear for one `*` and never exponential.
    ///
    /// Most lines have no `*`: they compare as strings. ASCII lines are scanned as bytes in
    /// place; only other text is split into characters, so that `*` never stops inside one.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard pattern.utf8.contains(UInt8(ascii: "*")) else { return pattern == text }
        if pattern.utf8.allSatisfy({ $0 < 0x80 }), text.utf8.allSatisfy({ $0 < 0x80 }) {
            let star = UInt8(ascii: "*")
            let inPlace = pattern.utf8.withContiguousStorageIfAvailable { pattern in
                text.utf8.withContiguousStorageIfAvailable { text in glob(pattern, text, star: star) }
            }
            if let result = inPlace ?? nil { return result }
            return glob(Array(pattern.utf8), Array(text.utf8), star: star)
        }
        return glob(Array(pattern), Array(text), star: "*")
    }

    /// The glob scan over any random-access elements.
    private static func glob<Elements: RandomAccessCollection>(
        _ pattern: Elements, _ text: Elements, star wildcard: Elements.Element
    )
        -> Bool where Elements.Element: Equatable, Elements.Index == Int
    {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == wildcard {
                star = (p, t)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == text[t] {
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
        return pattern[p...].allSatisfy { $0 == wildcard }
    }

    /// Whether a pattern leaves the arguments open: it has no `(` and is not a message line.
    ///
    /// Warnings and notes are free text, where a `(` means nothing special, so they are
    /// always compared whole.
    static func ignoresArguments(_ pattern: String) -> Bool {
        !pattern.contains("(") && !pattern.hasPrefix("warning:") && !pattern.hasPrefix("note:")
    }
}
