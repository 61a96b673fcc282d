/// A suite's defaults for `vcsandbox test`: the `.vcsandbox` file in a folder the command
/// names holds options as they are typed on the command line, which come before the
/// command line's own (so the command line wins, and repeatable options add up).
///
///     # scripts/.vcsandbox
///     --timeout 5
///     --exclude "slow/"      # quotes as in a shell; a # starts a comment
public enum SuiteDefaults {
    /// The name of the file in a suite's folder.
    public static let fileName = ".vcsandbox"

    /// The arguments written in `text`, split as a shell splits words: blanks separate,
    /// single and double quotes group, a backslash escapes the next character, and `#` at
    /// the start of a word comments out the rest of the line.
    public static func arguments(in text: String, file: String) throws(SuiteDefaultsError) -> [String] {
        var words: [String] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, line) in lines.enumerated() {
            words += try self.words(in: line, at: file + ":\(offset + 1)")
        }
        return words
    }

    private static func words(in line: Substring, at place: String) throws(SuiteDefaultsError) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word = (word ?? "") + String(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
            } else if character == "\\" {
                escaped = true
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " || character == "\t" || character == "\r" {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "#", word == nil {
                break
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let quote { throw .unclosedQuote(place, quote) }
        if escaped { throw .danglingEscape(place) }
        if let word { words.append(word) }
        return words
    }
}

/// Why a `.vcsandbox` file could not be read; the place is `file:line`.
public enum SuiteDefaultsError: Error, Equatable, Sendable, CustomStringConvertible {
    case unclosedQuote(String, Character)
    case danglingEscape(String)

    public var description: String {
        switch self {
        case .unclosedQuote(let place, let quote): return "\(place): the quote \(quote) is not closed on its line"
        case .danglingEscape(let place): return "\(place): a backslash ends the line, with nothing to escape"
        }
    }
}
