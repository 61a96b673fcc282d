import ScenarioKit

/// One REPL input with its top-level `local` statements rewritten to declare their names in
/// the session scope, so that they outlive the input.
///
/// The REPL compiles each input as its own chunk, so a real `local` would vanish once the
/// input has run. Instead the chunk runs with a proxy `_ENV` whose metatable keeps the names
/// handed to `__vcsandbox_local`, and every `local` statement at block depth 0 becomes that
/// declaration followed by an assignment. Only the keyword `local`, the attributes and a
/// missing `= nil` change: every other byte and every line break stays where it was, so the
/// line numbers of error messages match what was typed. Locals inside a block (a function,
/// `do`, `while`, `for`, `if` or `repeat` body) stay real locals, and so does a statement with
/// a `<close>` attribute, since only a real local is closed when the chunk ends. Text that
/// does not tokenize is returned as it is: Lua reports the error when it compiles it.
///
/// ```lua
/// local a <const>, b = 1, 2      -- __vcsandbox_local"a,b" a, b = 1, 2
/// local c print(c)               -- __vcsandbox_local"c" c = nil print(c)
/// local function f() end         -- __vcsandbox_local"f" function f() end
/// local h <close> = handle       -- unchanged; closedNames == ["h"]
/// ```
struct LocalDeclarations {
    /// The chunk text with its top-level locals declared in the session scope.
    let source: String
    /// The names declared, in order of appearance (for `local function f` too).
    let names: [String]
    /// Names of top-level locals left as real locals because of `<close>`.
    let closedNames: [String]

    /// The global function the rewritten chunk calls with the declared names, joined by
    /// commas in a string literal: `__vcsandbox_local"a,b"`.
    static let declaringFunction = "__vcsandbox_local"

    /// Rewrites the top-level `local` statements of `chunk`.
    ///
    /// A chunk that does not tokenize (an unfinished string or long comment) comes back
    /// unchanged with no names, since Lua will reject it with its own message anyway.
    ///
    /// ```swift
    /// LocalDeclarations(rewriting: "local x = 1").source  // __vcsandbox_local"x" x = 1
    /// ```
    init(rewriting chunk: String) {
        let bytes = Array(chunk.utf8)
        var lexer = Lexer(bytes: bytes)
        guard let tokens = try? lexer.tokens() else {
            (source, names, closedNames) = (chunk, [], [])
            return
        }
        var rewriter = Rewriter(bytes: bytes, tokens: tokens)
        rewriter.rewriteTopLevelLocals()
        source = rewriter.edits.isEmpty ? chunk : Self.apply(rewriter.edits, to: bytes)
        names = rewriter.names
        closedNames = rewriter.closedNames
    }

    /// The bytes with each edit's range replaced by its text.
    ///
    /// The edits must be in source order and not overlap; the rewriter makes them so.
    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> String {
        String(decoding: splice(bytes, edits.map { (range: $0.range, text: Array($0.replacement.utf8)) }), as: UTF8.self)
    }
}

// MARK: - Tokens

extension LocalDeclarations {
    /// A token of Lua 5.4: its kind, where it lies in the chunk's UTF-8 bytes, and its text.
    ///
    /// Strings and numbers keep only their place: the rewrite never looks inside them, which
    /// is what keeps `print("local x")` untouched.
    struct Token {
        enum Kind { case name, string, number, symbol }
        let kind: Kind
        let range: Range<Int>
        /// The text of a name or symbol; empty for strings and numbers.
        let text: String

        /// Whether this is the keyword or symbol `text` (never a string that spells it).
        func matches(_ text: String) -> Bool {
            (kind == .name || kind == .symbol) && self.text == text
        }

        /// Whether this is a name that is not a reserved word, as a local's name must be.
        var isIdentifier: Bool { kind == .name && !Self.keywords.contains(text) }

        /// The reserved words of Lua 5.4 (manual §3.1).
        static let keywords: Set<String> = [
            "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
            "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
        ]
    }

    /// The chunk does not tokenize: an unfinished string, long string or long comment, a
    /// malformed number or an invalid long string delimiter.
    struct Untokenizable: Error {}

    /// A replacement of a byte range of the chunk (empty for an insertion).
    struct Edit {
        let range: Range<Int>
        let replacement: String
    }
}

// MARK: - Lexer

extension LocalDeclarations {
    /// A Lua 5.4 lexer over UTF-8 bytes, keeping only what block depth and `local` statements
    /// need: whitespace and comments are skipped, strings and numbers are opaque.
    ///
    /// It follows `llex.c`, so that it splits text where Lua does: `endx` is one name, `>=`
    /// one symbol, `--[=x` a short comment, `"a\z` newline `b"` one string. Anything that
    /// `llex.c` rejects outright throws `Untokenizable`.
    ///
    /// ```swift
    /// var lexer = LocalDeclarations.Lexer(bytes: Array("x = [[a]] -- c".utf8))
    /// try lexer.tokens().map(\.kind)  // [.name, .symbol, .string]
    /// ```
    struct Lexer {
        let bytes: [UInt8]
        var position = 0

        /// The symbols of more than one character, longest first where one begins another.
        static let longSymbols = ["...", "::", "<=", ">=", "==", "~=", "..", "<<", ">>", "//"]

        /// Every token of the chunk, in order.
        mutating func tokens() throws -> [Token] {
            var tokens: [Token] = []
            while let token = try next() { tokens.append(token) }
            return tokens
        }

        /// The next token, or nil at the end of the chunk.
        mutating func next() throws -> Token? {
            try skipSpaceAndComments()
            guard let first = byte(at: position) else { return nil }
            let start = position
            let kind = try scan(first)
            let hasText = kind == .name || kind == .symbol
            let text = hasText ? String(decoding: bytes[start..<position], as: UTF8.self) : ""
            return Token(kind: kind, range: start..<position, text: text)
        }

        /// Moves past the token that starts with `first` and says what kind it was.
        mutating func scan(_ first: UInt8) throws -> Token.Kind {
            if Self.isNameStart(first) {
                skip(while: Self.isNameCharacter)
                return .name
            }
            if Self.isDigit(first) || (isAt(".") && byte(at: position + 1).map(Self.isDigit) == true) {
                try skipNumber()
                return .number
            }
            if isAt("\"") || isAt("'") {
                try skipShortString()
                return .string
            }
            if let level = openingLevel() {
                try skipLongBracket(level: level)
                return .string
            }
            if isAt("[=") { throw Untokenizable() }  // "invalid long string delimiter"
            skipSymbol()
            return .symbol
        }

        /// Skips whitespace, line breaks and comments, short and long.
        mutating func skipSpaceAndComments() throws {
            while let current = byte(at: position) {
                if Self.isSpace(current) {
                    position += 1
                } else if isAt("--") {
                    position += 2
                    try skipComment()
                } else {
                    return
                }
            }
        }

        /// Skips a comment whose `--` is behind: a long one if a long bracket opens here,
        /// else to the end of the line (the line break itself stays for the next token).
        mutating func skipComment() throws {
            if let level = openingLevel() {
                try skipLongBracket(level: level)
            } else {
                skip(while: { !Self.isLineBreak($0) })
            }
        }

        /// The level of the long bracket (`[[`, `[==[`) that opens here, if one does.
        func openingLevel() -> Int? {
            guard isAt("[") else { return nil }
            var end = position + 1
            while byte(at: end) == UInt8(ascii: "=") { end += 1 }
            return byte(at: end) == UInt8(ascii: "[") ? end - position - 1 : nil
        }

        /// Skips a long string or comment opening here, up to its closing bracket of the
        /// same level: `[==[ ]] ]==]` is one string.
        mutating func skipLongBracket(level: Int) throws {
            position += level + 2
            let closing = "]" + String(repeating: "=", count: level) + "]"
            while position < bytes.count {
                if isAt(closing) {
                    position += closing.utf8.count
                    return
                }
                position += 1
            }
            throw Untokenizable()  // "unfinished long string/comment"
        }

        /// Skips a quoted string; an unescaped line break or the end of the chunk before the
        /// closing quote means it is unfinished.
        mutating func skipShortString() throws {
            let quote = bytes[position]
            position += 1
            while true {
                guard let current = byte(at: position), !Self.isLineBreak(current) else {
                    throw Untokenizable()  // "unfinished string"
                }
                position += 1
                if current == quote { return }
                if current == UInt8(ascii: "\\") { try skipEscape() }
            }
        }

        /// Skips what follows a backslash in a string where it matters for finding the end:
        /// `\z` and the whitespace after it, an escaped line break (`\r\n` counts as one),
        /// or the one character after the backslash (`\"`, `\\`). The rest of `\x41`,
        /// `\u{41}` or `\065` is ordinary string text.
        mutating func skipEscape() throws {
            guard let escaped = byte(at: position) else { throw Untokenizable() }
            position += 1
            if escaped == UInt8(ascii: "z") {
                skip(while: Self.isSpace)
            } else if Self.isLineBreak(escaped), let next = byte(at: position),
                      Self.isLineBreak(next), next != escaped {
                position += 1
            }
        }

        /// Skips a numeral as `read_numeral` does: hex digits and dots, and an exponent mark
        /// (`e`, or `p` after `0x`) with an optional sign, so `1e-5` and `0x1p4` are one token.
        mutating func skipNumber() throws {
            var exponentMarks = "Ee"
            if isAt("0x") || isAt("0X") {
                position += 2
                exponentMarks = "Pp"
            }
            while let current = byte(at: position) {
                if exponentMarks.utf8.contains(current) {
                    position += isAt("+", offset: 1) || isAt("-", offset: 1) ? 2 : 1
                } else if Self.isHexDigit(current) || current == UInt8(ascii: ".") {
                    position += 1
                } else {
                    break
                }
            }
            if let next = byte(at: position), Self.isNameStart(next) { throw Untokenizable() }
        }

        /// Skips the longest symbol that starts here; any other byte is a symbol of its own.
        mutating func skipSymbol() {
            position += Self.longSymbols.first(where: { isAt($0) })?.utf8.count ?? 1
        }

        /// Moves past the bytes that satisfy `belongs`.
        mutating func skip(while belongs: (UInt8) -> Bool) {
            while let current = byte(at: position), belongs(current) { position += 1 }
        }

        /// The byte at `index`, or nil past the end.
        func byte(at index: Int) -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        /// Whether the bytes `offset` past the position spell `text`.
        func isAt(_ text: String, offset: Int = 0) -> Bool {
            let start = position + offset
            let end = start + text.utf8.count
            return end <= bytes.count && bytes[start..<end].elementsEqual(text.utf8)
        }

        static func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }

        /// Whether a name may start with `byte`: an ASCII letter or `_`, as in Lua's C locale.
        static func isNameStart(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
        }

        static func isNameCharacter(_ byte: UInt8) -> Bool {
            isNameStart(byte) || isDigit(byte)
        }

        static func isLineBreak(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }

        /// Whether `byte` is whitespace to C's `isspace`: space, tab, line breaks, `\v`, `\f`.
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || (9...13).contains(byte)
        }
    }
}

// MARK: - Rewriter

extension LocalDeclarations {
    /// The names of one `local` statement, their attributes, and where the list ends.
    struct NameList {
        var names: [String] = []
        var attributes: [Attribute] = []
        /// The index of the first token after the list: `=` when there are values.
        var end = 0
    }

    /// One `<name>` attribute, with the bytes it takes from the end of the local's name to
    /// its `>`, which the rewrite removes.
    struct Attribute {
        let name: String
        let range: Range<Int>
    }

    /// Walks the tokens keeping the block depth, and turns each `local` statement at depth 0
    /// into edits of the chunk.
    ///
    /// Depth follows the keywords: `function`, `do`, `if` and `repeat` open a block, `end`
    /// and `until` close one; `while` and `for` open theirs through `do`, and `then`,
    /// `else` and `elseif` stay inside the `if`. A statement Lua would reject (a keyword as
    /// a name, an unknown attribute) is left for Lua to report.
    ///
    /// ```lua
    /// local t = { f = function() local y end }  -- t is declared, y stays a local of f
    /// ```
    struct Rewriter {
        let bytes: [UInt8]
        let tokens: [Token]
        /// The edits so far, in source order.
        var edits: [Edit] = []
        var names: [String] = []
        var closedNames: [String] = []

        /// Rewrites every top-level `local` statement of the chunk.
        mutating func rewriteTopLevelLocals() {
            var depth = 0
            for index in tokens.indices {
                if depth == 0 && tokens[index].matches("local") { rewriteLocal(at: index) }
                depth += Self.depthChange(at: tokens[index])
            }
        }

        /// How `token` changes the block depth: +1, -1 or 0.
        static func depthChange(at token: Token) -> Int {
            guard token.kind == .name else { return 0 }
            switch token.text {
            case "function", "do", "if", "repeat": return 1
            case "end", "until": return -1
            default: return 0
            }
        }

        /// Rewrites the `local` statement whose keyword is token `index`.
        mutating func rewriteLocal(at index: Int) {
            if token(at: index + 1)?.matches("function") == true {
                rewriteLocalFunction(at: index)
            } else if let list = nameList(from: index + 1) {
                rewriteLocalNames(list, at: index)
            }
        }

        /// `local function f` becomes `__vcsandbox_local"f" function f`.
        mutating func rewriteLocalFunction(at index: Int) {
            guard let name = token(at: index + 2), name.isIdentifier else { return }
            declare([name.text], replacing: tokens[index])
        }

        /// `local a <const>, b` becomes `__vcsandbox_local"a,b" a, b = nil`: the keyword is
        /// replaced, attributes removed (keeping their line breaks), and `= nil` added after
        /// the list when it has no values. A list with `<close>` is only reported.
        mutating func rewriteLocalNames(_ list: NameList, at index: Int) {
            let attributes = Set(list.attributes.map(\.name))
            guard attributes.isSubset(of: ["const", "close"]) else { return }
            if attributes.contains("close") {
                closedNames += list.names
                return
            }
            declare(list.names, replacing: tokens[index])
            for attribute in list.attributes {
                edits.append(Edit(range: attribute.range, replacement: lineBreaks(in: attribute.range)))
            }
            if token(at: list.end)?.matches("=") != true {
                let end = tokens[list.end - 1].range.upperBound
                edits.append(Edit(range: end..<end, replacement: " = nil"))
            }
        }

        /// The names and attributes of the list starting at token `start`
        /// (`Name [attrib] {',' Name [attrib]}`), or nil if it is not a valid one.
        func nameList(from start: Int) -> NameList? {
            var list = NameList()
            var index = start
            while true {
                guard let name = token(at: index), name.isIdentifier else { return nil }
                list.names.append(name.text)
                index += 1
                if token(at: index)?.matches("<") == true {
                    guard let attribute = attribute(at: index, after: name) else { return nil }
                    list.attributes.append(attribute)
                    index += 3
                }
                guard token(at: index)?.matches(",") == true else { break }
                index += 1
            }
            list.end = index
            return list
        }

        /// The attribute `< Name >` at token `index`, just after the local's `name`.
        func attribute(at index: Int, after name: Token) -> Attribute? {
            guard let attribute = token(at: index + 1), attribute.isIdentifier,
                  let closing = token(at: index + 2), closing.matches(">") else { return nil }
            return Attribute(name: attribute.text, range: name.range.upperBound..<closing.range.upperBound)
        }

        /// Records `names` and replaces the keyword `local` by the call that declares them.
        mutating func declare(_ declared: [String], replacing keyword: Token) {
            names += declared
            let call = LocalDeclarations.declaringFunction + "\"" + declared.joined(separator: ",") + "\""
            edits.append(Edit(range: keyword.range, replacement: call))
        }

        /// The line breaks among the bytes of `range`, so that removing them keeps line numbers.
        func lineBreaks(in range: Range<Int>) -> String {
            String(decoding: bytes[range].filter(Lexer.isLineBreak), as: UTF8.self)
        }

        /// Token `index`, or nil past the end.
        func token(at index: Int) -> Token? {
            index < tokens.count ? tokens[index] : nil
        }
    }
}
