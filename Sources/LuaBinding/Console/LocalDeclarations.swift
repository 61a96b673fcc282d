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
        let tokens = LuaLexer.tokens(of: bytes)
        guard !tokens.contains(where: { $0.flaw != nil }) else {
            (source, names, closedNames) = (chunk, [], [])
            return
        }
        var rewriter = Rewriter(bytes: bytes, tokens: tokens.filter { !$0.isComment })
        rewriter.rewriteTopLevelLocals()
        source = rewriter.edits.isEmpty ? chunk : Self.apply(rewriter.edits, to: bytes)
        names = rewriter.names
        closedNames = rewriter.closedNames
    }

    /// The bytes with each edit's range replaced by its text.
    ///
    /// The edits must be in source order and not overlap; the rewriter makes them so.
    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> String {
        String(
            decoding: splice(bytes, edits.map { (range: $0.range, text: Array($0.replacement.utf8)) }), as: UTF8.self)
    }
}

// MARK: - Tokens

extension LocalDeclarations {
    /// A token of the chunk, from ScenarioKit's `LuaLexer`, the lexer `--accept` reads
    /// scripts with. Strings and numbers are only places: the rewrite never looks inside
    /// them, which is what keeps `print("local x")` untouched.
    typealias Token = LuaToken

    /// A replacement of a byte range of the chunk (empty for an insertion).
    struct Edit {
        let range: Range<Int>
        let replacement: String
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
                if depth == 0 && matches(index, "local") { rewriteLocal(at: index) }
                depth += depthChange(at: tokens[index])
            }
        }

        /// How `token` changes the block depth: +1, -1 or 0.
        func depthChange(at token: Token) -> Int {
            guard token.kind == .name else { return 0 }
            switch token.text(in: bytes) {
            case "function", "do", "if", "repeat": return 1
            case "end", "until": return -1
            default: return 0
            }
        }

        /// Rewrites the `local` statement whose keyword is token `index`.
        mutating func rewriteLocal(at index: Int) {
            if matches(index + 1, "function") {
                rewriteLocalFunction(at: index)
            } else if let list = nameList(from: index + 1) {
                rewriteLocalNames(list, at: index)
            }
        }

        /// `local function f` becomes `__vcsandbox_local"f" function f`.
        mutating func rewriteLocalFunction(at index: Int) {
            guard let name = token(at: index + 2), name.isIdentifier(in: bytes) else { return }
            declare([name.text(in: bytes)], replacing: tokens[index])
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
            if !matches(list.end, "=") {
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
                guard let name = token(at: index), name.isIdentifier(in: bytes) else { return nil }
                list.names.append(name.text(in: bytes))
                index += 1
                if matches(index, "<") {
                    guard let attribute = attribute(at: index, after: name) else { return nil }
                    list.attributes.append(attribute)
                    index += 3
                }
                guard matches(index, ",") else { break }
                index += 1
            }
            list.end = index
            return list
        }

        /// The attribute `< Name >` at token `index`, just after the local's `name`.
        func attribute(at index: Int, after name: Token) -> Attribute? {
            guard let attribute = token(at: index + 1), attribute.isIdentifier(in: bytes),
                let closing = token(at: index + 2), closing.matches(">", in: bytes)
            else { return nil }
            return Attribute(name: attribute.text(in: bytes), range: name.range.upperBound..<closing.range.upperBound)
        }

        /// Records `names` and replaces the keyword `local` by the call that declares them.
        mutating func declare(_ declared: [String], replacing keyword: Token) {
            names += declared
            let call = LocalDeclarations.declaringFunction + "\"" + declared.joined(separator: ",") + "\""
            edits.append(Edit(range: keyword.range, replacement: call))
        }

        /// The line breaks among the bytes of `range`, so that removing them keeps line numbers.
        func lineBreaks(in range: Range<Int>) -> String {
            String(
                decoding: bytes[range].filter { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }, as: UTF8.self)
        }

        /// Token `index`, or nil past the end.
        func token(at index: Int) -> Token? {
            index < tokens.count ? tokens[index] : nil
        }

        /// Whether token `index` is the keyword or symbol `text`; false past the end.
        func matches(_ index: Int, _ text: String) -> Bool {
            token(at: index)?.matches(text, in: bytes) == true
        }
    }
}
