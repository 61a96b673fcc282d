/// One failing `expect [[…]]` block to rewrite with what the trace actually held.
///
/// The runner knows only what Lua tells it: the line where the `expect` call starts and the
/// string the call received. `ExpectRewriter` finds the literal in the script from these two.
public struct BlockRewrite: Equatable, Sendable {
    /// 1-based line where the `expect` call expression starts, as Lua reports it.
    public var line: Int
    /// The string the `expect` call received, exactly (Lua's value of the literal).
    public var block: String
    /// The actual trace lines that should stand in the block.
    public var actual: [String]

    public init(line: Int, block: String, actual: [String]) {
        self.line = line
        self.block = block
        self.actual = actual
    }
}

/// `vcsandbox test --accept` (SPEC §6): writes the actual lines into failing inline blocks.
///
/// A scenario is authored by leaving its blocks empty, running once and reviewing the diff,
/// so the rewrite must change nothing but the literals themselves: every byte outside them
/// stays as it was, and the new lines are indented to fit the script. A block that cannot be
/// found, or that one `expect` in a helper reached with different traces, is left alone and
/// reported, because guessing would write a wrong expectation that then passes.
///
/// ```lua
///   expect [[ ]]
/// ```
/// becomes, with the actual lines `A.viewDidLoad()` and `A.viewWillAppear(false)`,
/// ```lua
///   expect [[
///     A.viewDidLoad()
///     A.viewWillAppear(false)
///   ]]
/// ```
public enum ExpectRewriter {
    /// Applies the rewrites to a script's text; returns the new text and one problem per
    /// block that could not be rewritten, in line order.
    ///
    /// A rewrite's literal is the first long-bracket string (`[[…]]`, `[=[…]=]`, …) that
    /// opens on the rewrite's line (the `expect` call's) and whose Lua value is the rewrite's block;
    /// strings and comments are skipped, so a `[[` inside them is never taken for a block.
    /// Several rewrites of one literal with the same actual lines are one rewrite.
    public static func apply(
        _ rewrites: [BlockRewrite], to source: String
    ) -> (source: String, problems: [RewriteProblem]) {
        let bytes = Array(source.utf8)
        let scan = LuaSourceScan(bytes)
        var (claims, problems) = claim(rewrites, scan: scan, bytes: bytes)
        var replacements: [(literal: LongString, text: [UInt8])] = []
        for (index, claimed) in claims.sorted(by: { $0.key < $1.key }) {
            let literal = scan.literals[index]
            let first = claimed[0]
            switch Problem.lines(for: claimed) {
            case .failure(let problem):
                problems.append(RewriteProblem(line: first.line, message: problem.message))
            case .success(let lines):
                let layout = BlockLayout(literal: literal, expectLine: first.line, scan: scan, bytes: bytes)
                replacements.append((literal, layout.text(for: lines)))
            }
        }
        let text = splice(bytes, replacements)
        return (String(decoding: text, as: UTF8.self), problems.sorted { $0.line < $1.line })
    }

    /// The rewrites grouped by the index of the literal each one names, and a problem for
    /// each rewrite whose literal is not in the source.
    private static func claim(
        _ rewrites: [BlockRewrite], scan: LuaSourceScan, bytes: [UInt8]
    )
        -> (claims: [Int: [BlockRewrite]], problems: [RewriteProblem])
    {
        var claims: [Int: [BlockRewrite]] = [:]
        var problems: [RewriteProblem] = []
        for rewrite in rewrites {
            if let index = scan.indexOfLiteral(valued: rewrite.block, from: rewrite.line, in: bytes) {
                claims[index, default: []].append(rewrite)
            } else {
                problems.append(RewriteProblem(line: rewrite.line, message: Problem.notFound))
            }
        }
        return (claims, problems)
    }

    /// The source with each literal's bytes replaced; `replacements` are in source order.
    private static func splice(_ bytes: [UInt8], _ replacements: [(literal: LongString, text: [UInt8])]) -> [UInt8] {
        ScenarioKit.splice(bytes, replacements.map { (range: $0.literal.start..<$0.literal.end, text: $0.text) })
    }
}

/// `bytes` with each range replaced by its text; the ranges are in order and do not overlap.
///
///     splice(Array("local x".utf8), [(range: 0..<5, text: Array("y =".utf8))])   // "y = x"
public func splice(_ bytes: [UInt8], _ edits: [(range: Range<Int>, text: [UInt8])]) -> [UInt8] {
    var result: [UInt8] = []
    var copied = 0
    for (range, text) in edits {
        result += bytes[copied..<range.lowerBound] + text
        copied = range.upperBound
    }
    return result + bytes[copied...]
}

// MARK: - Problems

/// A block `--accept` left unchanged, and why.
///
/// The line is the `expect` line the rewrite named, so the runner can fail that scenario
/// at `file:line`; the description reads `line 12: this \`expect\` ran 2 times …`.
public struct RewriteProblem: Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the `expect` call.
    public var line: Int
    /// What went wrong and what to do instead, without the line.
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}

/// The messages for rewrites that were not made; each says what to do instead.
private enum Problem {
    static let notFound =
        "the block this `expect` received is not a `[[…]]` literal opening on this line "
        + "(a string built at run time, or a script edited since the run?); nothing was changed there — "
        + "edit the block by hand, or run the test again"

    /// Why a block is left unchanged.
    struct Refusal: Error {
        var message: String
    }

    /// The lines the literal's rewrites write: the block's lines that still match, kept, and
    /// the actual lines nothing matched (`Expectation.accepted`); or why there are none.
    static func lines(for claimed: [BlockRewrite]) -> Result<[String], Refusal> {
        let first = claimed[0]
        if claimed.contains(where: { $0.actual != first.actual }) {
            return .failure(
                Refusal(
                    message: "this `expect` ran \(claimed.count) times with different traces "
                        + "(is it in a function called from several places?); its block was left unchanged — "
                        + "edit it by hand, or move the `expect` to the callers"))
        }
        guard let lines = Expectation.accepted(Expectation.parse(first.block), actual: first.actual) else {
            return .failure(Refusal(message: wildcardsTooLong))
        }
        for case .actual(let line) in lines where !readsBack(line) {
            return .failure(
                Refusal(
                    message: "the actual line \"\(line)\" would not read back as itself from an `expect` block "
                        + "(it is blank, has white space at an end, is a `--` comment or `...`, or spans lines); "
                        + "its block was left unchanged — edit it by hand"))
        }
        return .success(lines.map(\.text))
    }

    static let wildcardsTooLong =
        "this block holds `...`, `*` or calls without arguments, and it differs from the trace over too many lines "
        + "to align them, so --accept would lose them to literal lines; its block was left unchanged — "
        + "edit it by hand (the diff shows the actual lines)"

    /// Whether `Expectation.parse` reads the line back as exactly this line.
    private static func readsBack(_ line: String) -> Bool {
        Expectation.parse(line) == [.pattern(line)]
    }
}

// MARK: - Writing a block

/// How a rewritten literal is laid out: its bracket level, the indentation of its lines and
/// of its closing bracket, and the line end the script uses.
///
/// The lines take the indentation of the old block's first content line that starts a line
/// of its own; failing that, the `expect` line's plus two spaces. The closing bracket keeps
/// its indentation if it started its own line, else takes the `expect` line's.
private struct BlockLayout {
    let level: Int
    let contentIndent: [UInt8]
    let closeIndent: [UInt8]
    let newline: [UInt8]

    init(literal: LongString, expectLine: Int, scan: LuaSourceScan, bytes: [UInt8]) {
        let segments = Self.segments(of: bytes[literal.contentStart..<literal.contentEnd])
        let expectIndent = scan.indentation(ofLine: expectLine, in: bytes)
        let ownLines = segments.dropFirst()
        let firstContent = ownLines.first { !$0.allSatisfy(isBlank) }
        let last = ownLines.last.flatMap { $0.allSatisfy(isBlank) ? $0 : nil }
        level = literal.level
        contentIndent = firstContent.map { Array($0.prefix(while: isBlank)) } ?? expectIndent + Array("  ".utf8)
        closeIndent = last.map(Array.init) ?? expectIndent
        newline = Self.lineEnd(of: bytes)
    }

    /// The script's line end, judged by its first one: `\r\n` or else `\n`.
    private static func lineEnd(of bytes: [UInt8]) -> [UInt8] {
        guard let index = bytes.firstIndex(where: { $0 == .lf || $0 == .cr }) else { return [.lf] }
        return bytes[index...].starts(with: [.cr, .lf]) ? [.cr, .lf] : [.lf]
    }

    /// The literal's new bytes: brackets, a newline Lua drops, one indented line per actual
    /// line, then the closing bracket on its own line.
    func text(for lines: [String]) -> [UInt8] {
        var body = newline
        for line in lines { body += contentIndent + Array(line.utf8) + newline }
        body += closeIndent
        let safe = Self.contains(body, closingOfLevel: level) ? Self.smallestSafeLevel(for: body) : level
        let equals = [UInt8](repeating: .equals, count: safe)
        return [.open] + equals + [.open] + body + [.close] + equals + [.close]
    }

    /// The lowest level whose closing bracket does not occur in `body`.
    private static func smallestSafeLevel(for body: [UInt8]) -> Int {
        var level = 0
        while contains(body, closingOfLevel: level) { level += 1 }
        return level
    }

    private static func contains(_ body: [UInt8], closingOfLevel level: Int) -> Bool {
        let closing = [UInt8.close] + [UInt8](repeating: .equals, count: level) + [.close]
        guard body.count >= closing.count else { return false }
        return (0...(body.count - closing.count)).contains { body[$0..<($0 + closing.count)].elementsEqual(closing) }
    }

    /// The raw content's pieces between line ends; the first is the rest of the opening
    /// bracket's line. `\r` and `\n` both split, so `\r\n` leaves a blank piece, which the
    /// layout never looks at for indentation.
    private static func segments(of content: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        content.split(omittingEmptySubsequences: false) { $0 == .lf || $0 == .cr }
    }
}

private func isBlank(_ byte: UInt8) -> Bool {
    byte == .space || byte == .tab
}

// MARK: - Finding long strings

/// A long-bracket string literal in a script, by byte offsets into its UTF-8 text.
struct LongString: Equatable {
    /// The number of `=` in its brackets.
    var level: Int
    /// The offset of the opening `[`.
    var start: Int
    /// The offset just after the opening bracket.
    var contentStart: Int
    /// The offset of the closing `]`.
    var contentEnd: Int
    /// The offset just after the closing bracket.
    var end: Int
    /// The 1-based line of the opening bracket, counted as Lua counts.
    var line: Int

    /// The literal a finished long-string token is; nil for any other token.
    init?(_ token: LuaToken) {
        guard case .longString(let level) = token.kind, let content = token.contentRange else { return nil }
        self.init(
            level: level, start: token.range.lowerBound, contentStart: content.lowerBound,
            contentEnd: content.upperBound, end: token.range.upperBound, line: token.line)
    }

    init(level: Int, start: Int, contentStart: Int, contentEnd: Int, end: Int, line: Int) {
        (self.level, self.start, self.contentStart, self.contentEnd, self.end, self.line) =
            (level, start, contentStart, contentEnd, end, line)
    }
}

/// What `LuaLexer` found in a script that `--accept` needs: its tokens, its long strings in
/// order, and where each line starts.
///
/// The lexer skips comments and quoted strings with their escapes, so a `[[` inside them is
/// never taken for a block, and it counts lines as Lua does (`\r\n` and `\n\r` are one line
/// end), so a literal's line agrees with the line Lua reports for the `expect` call.
struct LuaSourceScan {
    var tokens: [LuaToken] = []
    var literals: [LongString] = []
    /// `lineStarts[n - 1]` is the offset where line `n` starts.
    var lineStarts: [Int] = [0]

    /// Lexes a whole script; a `#!` first line is skipped, as `lua` skips it.
    init(_ bytes: [UInt8]) {
        var lexer = LuaLexer(bytes, skippingShebang: true)
        while let token = lexer.next() { tokens.append(token) }
        literals = tokens.compactMap(LongString.init)
        lineStarts = lexer.lineStarts
    }

    /// The first literal opening on `line` whose Lua value is `value`.
    func indexOfLiteral(valued value: String, from line: Int, in bytes: [UInt8]) -> Int? {
        // The call's own argument opens on the call's line, or on a later one when that line
        // ends with the call's `(`; any other later literal with the same value belongs to
        // another call (`expect ""` failing before an empty `expect [[ ]]`).
        let onLine = literals.indices.filter { literals[$0].line == line }
        let candidates =
            !onLine.isEmpty || !endsWithParenthesis(line: line, in: bytes)
            ? onLine : Array(literals.indices.first { literals[$0].line > line }.map { [$0] } ?? [])
        return candidates.first { Self.value(of: literals[$0], in: bytes) == value }
    }

    /// Whether the last token that starts on `line` is `(`; a comment after it is a token too.
    func endsWithParenthesis(line: Int, in bytes: [UInt8]) -> Bool {
        tokens.last { $0.line == line }?.matches("(", in: bytes) == true
    }

    /// The literal's value as Lua builds it (`LuaToken.longStringValue(in:)`).
    static func value(of literal: LongString, in bytes: [UInt8]) -> String {
        let token = LuaToken(
            kind: .longString(level: literal.level), range: literal.start..<literal.end, line: literal.line)
        return token.longStringValue(in: bytes) ?? ""
    }

    /// The spaces and tabs that start line `line`; empty for a line the scan did not see.
    func indentation(ofLine line: Int, in bytes: [UInt8]) -> [UInt8] {
        guard lineStarts.indices.contains(line - 1) else { return [] }
        return Array(bytes[lineStarts[line - 1]...].prefix(while: isBlank))
    }
}

/// The name the tests read scripts by: `LuaSourceScanner.scan(bytes)` is `LuaSourceScan(bytes)`.
enum LuaSourceScanner {
    static func scan(_ bytes: [UInt8]) -> LuaSourceScan {
        LuaSourceScan(bytes)
    }
}
