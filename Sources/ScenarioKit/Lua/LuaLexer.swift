/// A token of Lua 5.4 source: what it is, where its bytes lie, and the line it starts on.
///
/// A token keeps only its place in the UTF-8 bytes it came from; its text is read back from
/// them (`text(in:)`), so lexing a whole script allocates no string per token. A token Lua's
/// own lexer would stop at carries the reason as its `flaw`: the lexer never throws, and
/// each caller decides what a flaw means (the REPL's rewrite gives up, `--accept` skips it).
///
/// ```swift
/// let bytes = Array("x = [==[ ]] ]==] -- done".utf8)
/// LuaLexer.tokens(of: bytes).map(\.kind)  // [.name, .symbol, .longString(level: 2), .comment]
/// ```
public struct LuaToken: Equatable, Sendable {
    /// What a token is, as far as a scan of the source needs to know.
    public enum Kind: Equatable, Sendable {
        /// A name or a reserved word: `local`, `x1`, `_ENV`.
        case name
        /// A numeral: `3`, `.5`, `3e-2`, `0x1p4`.
        case number
        /// A quoted string with its quotes: `"a\"b"`, `'c'`.
        case string
        /// A long-bracket string with its brackets; `level` counts the `=` in them.
        case longString(level: Int)
        /// A short comment from its `--` to the end of its line, or a skipped `#!` first line.
        case comment
        /// A long comment from its `--` to its closing bracket; `level` counts the `=`.
        case longComment(level: Int)
        /// An operator or punctuation, the longest that matches (`...`, `==`, `(`); any other
        /// byte outside a token is a symbol of its own.
        case symbol
    }

    /// Why Lua's lexer would stop at a token, in the words of `llex.c`'s errors.
    public enum Flaw: Equatable, Sendable {
        /// "unfinished string": a line end or the end of the text before the closing quote.
        case unfinishedString
        /// "unfinished long string/comment": the text ends before the closing bracket.
        case unfinishedLongBracket
        /// "invalid long string delimiter": `[=` not followed by more `=` and a `[`.
        case invalidLongBracket
        /// "malformed number": a numeral touching a letter (`3x`).
        case malformedNumber
    }

    public var kind: Kind
    /// The token's bytes, delimiters included.
    public var range: Range<Int>
    /// The 1-based line the token starts on, counted as Lua counts (`\r\n` is one line end).
    public var line: Int
    /// Why the token is not one Lua would accept; nil for a sound token.
    public var flaw: Flaw?

    public init(kind: Kind, range: Range<Int>, line: Int, flaw: Flaw? = nil) {
        self.kind = kind
        self.range = range
        self.line = line
        self.flaw = flaw
    }

    /// The reserved words of Lua 5.4 (manual §3.1).
    public static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
        "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// Whether the token is a comment, short or long (a `#!` line included).
    public var isComment: Bool {
        switch kind {
        case .comment, .longComment: return true
        default: return false
        }
    }

    /// The token's text, delimiters included.
    public func text(in bytes: [UInt8]) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Whether this is the name, keyword or symbol `text` (never a string or comment that
    /// spells it).
    public func matches(_ text: String, in bytes: [UInt8]) -> Bool {
        (kind == .name || kind == .symbol) && bytes[range].elementsEqual(text.utf8)
    }

    /// Whether `text` is a Lua name that is not a reserved word: what may follow `local`.
    public static func isName(_ text: String) -> Bool {
        let tokens = LuaLexer.tokens(of: Array(text.utf8))
        return tokens.count == 1 && tokens[0].isIdentifier(in: Array(text.utf8))
            && tokens[0].range.count == text.utf8.count
    }

    /// Whether this is a name that is not a reserved word, as a variable's name must be.
    public func isIdentifier(in bytes: [UInt8]) -> Bool {
        kind == .name && !Self.keywords.contains(text(in: bytes))
    }

    /// The bytes between the brackets of a finished long string or long comment; nil for
    /// any other token.
    public var contentRange: Range<Int>? {
        guard flaw == nil else { return nil }
        switch kind {
        case .longString(let level): return (range.lowerBound + level + 2)..<(range.upperBound - level - 2)
        case .longComment(let level): return (range.lowerBound + level + 4)..<(range.upperBound - level - 2)
        default: return nil
        }
    }

    /// A finished long string's value as Lua builds it: one line end right after the opening
    /// bracket is dropped, and every line end (`\n`, `\r`, `\r\n`, `\n\r`) becomes `\n`.
    ///
    ///     // [[\r\nx\r\ny]]  has the value  "x\ny"
    public func longStringValue(in bytes: [UInt8]) -> String? {
        guard case .longString = kind, let content = contentRange else { return nil }
        var value: [UInt8] = []
        var index = content.lowerBound
        while index < content.upperBound {
            guard let next = LuaLexer.afterLineEnd(at: index, in: bytes, limit: content.upperBound) else {
                value.append(bytes[index])
                index += 1
                continue
            }
            if index != content.lowerBound { value.append(.lf) }
            index = next
        }
        return String(decoding: value, as: UTF8.self)
    }
}

/// A lexer for Lua 5.4 over UTF-8 bytes: the one both `--accept` (finding `expect [[…]]`
/// literals and their lines) and the REPL (finding top-level `local` statements) read
/// scripts with.
///
/// It follows `llex.c`, so that it splits text where Lua does: `endx` is one name, `>=` one
/// symbol, `--[=x` a short comment, `"a\z` line end `b"` one string, `0x1p-4` one numeral,
/// and it counts lines as Lua does, so a token's line is the line Lua reports for it. It
/// does not check the grammar, and it never stops: a token Lua would reject carries a
/// `flaw` and the lexer goes on after it (an unfinished quoted string ends before its line
/// end; an unfinished long bracket takes the rest of the text).
///
/// ```swift
/// var lexer = LuaLexer(Array("#!/usr/bin/env lua\nlocal s = 'a\\\nb'".utf8), skippingShebang: true)
/// while let token = lexer.next() { print(token.kind, token.line) }
/// // comment 1, name 2, name 2, symbol 2, string 2
/// lexer.lineStarts  // [0, 19, 33]
/// ```
public struct LuaLexer: Sequence, IteratorProtocol {
    /// The text being read.
    public let bytes: [UInt8]
    /// The offset of the next byte to read.
    public private(set) var position = 0
    /// The 1-based line of the next byte to read.
    public private(set) var line = 1
    /// `lineStarts[n - 1]` is the offset where line `n` starts, for every line read so far;
    /// once `next()` has returned nil, for every line of the text.
    public private(set) var lineStarts = [0]
    /// Whether the first line still has to be skipped as a `#!` line.
    private var shebangPending: Bool

    /// A lexer at the start of `bytes`. With `skippingShebang`, a first line starting with
    /// `#` is one comment token, as `lua` skips it in a script file (`luaL_loadfilex`); the
    /// REPL's inputs, like `load`, have no such line.
    public init(_ bytes: [UInt8], skippingShebang: Bool = false) {
        self.bytes = bytes
        shebangPending = skippingShebang && bytes.first == .hash
    }

    /// Every token of `bytes`, comments included, in order.
    public static func tokens(of bytes: [UInt8], skippingShebang: Bool = false) -> [LuaToken] {
        Array(LuaLexer(bytes, skippingShebang: skippingShebang))
    }

    /// The next token, or nil once only white space is left.
    public mutating func next() -> LuaToken? {
        if shebangPending { return shebang() }
        skipSpace()
        guard position < bytes.count else { return nil }
        let start = position
        let startLine = line
        let (kind, flaw) = scanToken()
        return LuaToken(kind: kind, range: start..<position, line: startLine, flaw: flaw)
    }

    /// The offset after the line end at `index`, or nil when no line end starts there; a
    /// `\r\n` or `\n\r` pair before `limit` is one line end.
    static func afterLineEnd(at index: Int, in bytes: [UInt8], limit: Int) -> Int? {
        let first = bytes[index]
        guard isLineEnd(first) else { return nil }
        let pair = index + 1 < limit && isLineEnd(bytes[index + 1]) && bytes[index + 1] != first
        return index + (pair ? 2 : 1)
    }
}

// MARK: - Tokens

extension LuaLexer {
    /// The symbols of more than one byte, longest first where one begins another.
    static let longSymbols: [[UInt8]] = ["...", "::", "<=", ">=", "==", "~=", "..", "<<", ">>", "//"].map {
        Array($0.utf8)
    }

    /// Moves past the token at `position` and says what it was.
    private mutating func scanToken() -> (LuaToken.Kind, LuaToken.Flaw?) {
        let first = bytes[position]
        if Self.isNameStart(first) {
            skip(while: Self.isNameCharacter)
            return (.name, nil)
        }
        if Self.isDigit(first) || (first == .dot && byte(at: position + 1).map(Self.isDigit) == true) {
            return (.number, scanNumber())
        }
        if first == .doubleQuote || first == .singleQuote { return (.string, scanQuoted()) }
        if first == .dash && byte(at: position + 1) == .dash { return scanComment() }
        if first == .open, let bracket = scanLongString() { return bracket }
        scanSymbol()
        return (.symbol, nil)
    }

    /// The first line, up to its line end, as a comment (`#!/usr/bin/env lua`).
    private mutating func shebang() -> LuaToken {
        shebangPending = false
        skip(while: { !Self.isLineEnd($0) })
        return LuaToken(kind: .comment, range: 0..<position, line: 1)
    }

    /// Skips a comment from its `--`: a long one when a long bracket opens right after,
    /// else up to (not including) the line end.
    private mutating func scanComment() -> (LuaToken.Kind, LuaToken.Flaw?) {
        position += 2
        guard let level = openingLevel(at: position) else {
            skip(while: { !Self.isLineEnd($0) })
            return (.comment, nil)
        }
        position += level + 2
        return (.longComment(level: level), finishLongBracket(level: level))
    }

    /// Reads a long string opening at `position`, or a `[` and `=`s that open none (Lua's
    /// "invalid long string delimiter"); nil for a `[` without `=`, an ordinary symbol.
    private mutating func scanLongString() -> (LuaToken.Kind, LuaToken.Flaw?)? {
        if let level = openingLevel(at: position) {
            position += level + 2
            return (.longString(level: level), finishLongBracket(level: level))
        }
        let equals = bytes[(position + 1)...].prefix { $0 == .equals }.count
        guard equals > 0 else { return nil }
        position += 1 + equals
        return (.symbol, .invalidLongBracket)
    }

    /// Moves past a long bracket's content and its closing bracket of `level`, counting the
    /// lines inside; `]]` closes only level 0, so `[==[ ]] ]==]` is one string.
    private mutating func finishLongBracket(level: Int) -> LuaToken.Flaw? {
        while position < bytes.count {
            if closes(level: level, at: position) {
                position += level + 2
                return nil
            }
            if Self.isLineEnd(bytes[position]) { passLineEnd() } else { position += 1 }
        }
        return .unfinishedLongBracket
    }

    /// Moves past a quoted string; an unescaped line end, or the end of the text, before the
    /// closing quote leaves it unfinished, and the lexer goes on at that line end.
    private mutating func scanQuoted() -> LuaToken.Flaw? {
        let quote = bytes[position]
        position += 1
        while let current = byte(at: position), !Self.isLineEnd(current) {
            position += 1
            if current == quote { return nil }
            if current == .backslash { skipEscape() }
        }
        return .unfinishedString
    }

    /// Moves past what follows a backslash where it matters for finding the string's end:
    /// an escaped line end (a pair counts as one), `\z` and the white space after it (line
    /// ends included), or the one byte after the backslash (`\"`, `\\`). The rest of
    /// `\x41`, `\u{41}` or `\065` is ordinary string text.
    private mutating func skipEscape() {
        guard let escaped = byte(at: position) else { return }
        if Self.isLineEnd(escaped) { return passLineEnd() }
        position += 1
        guard escaped == UInt8(ascii: "z") else { return }
        while let current = byte(at: position), Self.isSpace(current) {
            if Self.isLineEnd(current) { passLineEnd() } else { position += 1 }
        }
    }

    /// Moves past a numeral as `read_numeral` does: hex digits and dots, and an exponent
    /// mark (`e`, or `p` after `0x`) with an optional sign. A letter right after it is taken
    /// in, as Lua takes it, and makes the numeral malformed.
    private mutating func scanNumber() -> LuaToken.Flaw? {
        var exponentMarks: [UInt8] = [UInt8(ascii: "E"), UInt8(ascii: "e")]
        if bytes[position] == UInt8(ascii: "0"), let x = byte(at: position + 1), x | 0x20 == UInt8(ascii: "x") {
            position += 2
            exponentMarks = [UInt8(ascii: "P"), UInt8(ascii: "p")]
        }
        while let current = byte(at: position) {
            if exponentMarks.contains(current) {
                position += 1
                if byte(at: position) == .plus || byte(at: position) == .dash { position += 1 }
            } else if Self.isHexDigit(current) || current == .dot {
                position += 1
            } else {
                break
            }
        }
        guard let next = byte(at: position), Self.isNameStart(next) else { return nil }
        position += 1
        return .malformedNumber
    }

    /// Moves past the longest symbol that starts here, or one byte.
    private mutating func scanSymbol() {
        let symbol = Self.longSymbols.first { bytes[position...].starts(with: $0) }
        position += symbol?.count ?? 1
    }
}

// MARK: - Bytes

extension LuaLexer {
    /// Skips spaces, tabs, `\v`, `\f` and line ends, counting the lines.
    private mutating func skipSpace() {
        while let current = byte(at: position), Self.isSpace(current) {
            if Self.isLineEnd(current) { passLineEnd() } else { position += 1 }
        }
    }

    /// Moves past the line end at `position` and notes the line that starts after it.
    private mutating func passLineEnd() {
        position = Self.afterLineEnd(at: position, in: bytes, limit: bytes.count) ?? position + 1
        line += 1
        lineStarts.append(position)
    }

    /// The level of a long bracket (`[`, any number of `=`, `[`) opening at `index`, or nil.
    private func openingLevel(at index: Int) -> Int? {
        guard byte(at: index) == .open else { return nil }
        let level = bytes[(index + 1)...].prefix { $0 == .equals }.count
        return byte(at: index + level + 1) == .open ? level : nil
    }

    /// Whether a closing bracket of `level` (`]`, `level` times `=`, `]`) starts at `index`.
    private func closes(level: Int, at index: Int) -> Bool {
        guard bytes[index] == .close, byte(at: index + level + 1) == .close else { return false }
        return bytes[(index + 1)..<(index + level + 1)].allSatisfy { $0 == .equals }
    }

    private mutating func skip(while belongs: (UInt8) -> Bool) {
        while let current = byte(at: position), belongs(current) { position += 1 }
    }

    /// The byte at `index`, or nil past the end.
    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == .lf || byte == .cr
    }

    /// Whether `byte` is white space to C's `isspace`: space, tab, line ends, `\v`, `\f`.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == .space || (9...13).contains(byte)
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
}

/// The ASCII bytes the lexer looks for.
extension UInt8 {
    static let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    static let open = UInt8(ascii: "["), close = UInt8(ascii: "]"), equals = UInt8(ascii: "=")
    static let dash = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), dot = UInt8(ascii: ".")
    static let hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
    static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
}
