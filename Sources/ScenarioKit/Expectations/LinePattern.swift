/// One expected line, read once for matching against many trace lines (SPEC §5).
///
/// A block's lines meet every line of a long trace, so what does not depend on the trace
/// line — whether the pattern has a `*`, whether it leaves the arguments open, its bytes —
/// is worked out here once per line of the block, not again for every comparison.
///
/// ASCII trace lines (all the engine writes, and most notes) are decided on their bytes in
/// place; any other line is decided on characters, as Swift compares text, so that `*`
/// never stops inside a character and text that is canonically equal stays equal.
///
/// ```swift
/// let pattern = LinePattern("A.viewWill*")
/// pattern.matches("A.viewWillAppear(true)")   // true: no argument list, so any arguments
/// ```
struct LinePattern {
    /// The line as the block has it.
    let text: String
    private let bytes: [UInt8]
    private let hasWildcard: Bool
    private let isASCII: Bool
    private let ignoresArguments: Bool
    /// The characters of a pattern with a `*`, for the lines decided on characters.
    private let characters: [Character]

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        hasWildcard = bytes.contains(UInt8(ascii: "*"))
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        ignoresArguments = Self.ignoresArguments(text)
        characters = hasWildcard && !isASCII ? Array(text) : []
    }

    /// Whether the trace line `line` matches: all of it, or, for a pattern that leaves the
    /// arguments open, its text up to its first `(`.
    func matches(_ line: String) -> Bool {
        if isASCII, let answer = line.utf8.withContiguousStorageIfAvailable(matchesASCII), let answer {
            return answer
        }
        return matchesCharacters(line)
    }

    /// The answer for a line's bytes, or nil when the line is not ASCII.
    private func matchesASCII(_ line: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard line.allSatisfy({ $0 < 0x80 }) else { return nil }
        if matchesWhole(line[...]) { return true }
        guard ignoresArguments, let open = line.firstIndex(of: UInt8(ascii: "(")) else { return false }
        return matchesWhole(line[..<open])
    }

    private func matchesWhole(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        hasWildcard ? Self.glob(bytes, line, star: UInt8(ascii: "*")) : bytes.elementsEqual(line)
    }

    /// The answer on characters, for text that is not ASCII on one side or the other.
    private func matchesCharacters(_ line: String) -> Bool {
        if matchesWhole(line) { return true }
        guard ignoresArguments else { return false }
        return matchesWhole(String(line.prefix { $0 != "(" }))
    }

    private func matchesWhole(_ line: String) -> Bool {
        guard hasWildcard else { return text == line }
        return Self.glob(isASCII ? Array(text) : characters, Array(line), star: "*")
    }

    /// Whether `pattern` matches all of `text`, `*` standing for any run of characters.
    ///
    /// Most lines have no `*`: they compare as strings.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard pattern.utf8.contains(UInt8(ascii: "*")) else { return pattern == text }
        return glob(Array(pattern), Array(text), star: "*")
    }

    /// The glob scan: greedy, remembering the last `*` and retrying from one element further
    /// when the rest fails; linear for one `*`, never exponential.
    private static func glob<Pattern: RandomAccessCollection, Text: RandomAccessCollection>(
        _ pattern: Pattern, _ text: Text, star wildcard: Pattern.Element
    ) -> Bool
    where Pattern.Element == Text.Element, Pattern.Element: Equatable, Pattern.Index == Int, Text.Index == Int {
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
