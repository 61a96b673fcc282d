import ScenarioKit
import Testing

/// The one Lua lexer: token kinds and extents as `llex.c` splits them, lines as Lua counts
/// them, and flaws for what Lua would reject, without stopping.
@Suite struct LuaLexerTests {
    typealias Kind = LuaToken.Kind

    /// Each token of `source` as its kind and text.
    static func tokens(_ source: String, shebang: Bool = false) -> [(kind: Kind, text: String)] {
        let bytes = Array(source.utf8)
        return LuaLexer.tokens(of: bytes, skippingShebang: shebang).map { ($0.kind, $0.text(in: bytes)) }
    }

    static func kinds(_ source: String) -> [Kind] {
        tokens(source).map(\.kind)
    }

    static func texts(_ source: String) -> [String] {
        tokens(source).map(\.text)
    }

    // MARK: - Long brackets

    @Test(arguments: [
        ("[[a]]", 0), ("[=[a]]]=]", 1), ("[==[ ]] ]=] ]==]", 2), ("[====[\n]===]\n]====]", 4),
    ])
    func aLongStringClosesOnlyAtItsOwnLevel(source: String, level: Int) {
        let all = Self.tokens(source + " x")
        #expect(all.map(\.kind) == [.longString(level: level), .name])
        #expect(all.first?.text == source)
    }

    @Test func aLongStringsContentAndValue() throws {
        let bytes = Array("s = [==[\r\nx\r\ny\n\rz\rw]==]".utf8)
        let token = try #require(LuaLexer.tokens(of: bytes).last)
        let content = try #require(token.contentRange)
        #expect(String(decoding: bytes[content], as: UTF8.self) == "\r\nx\r\ny\n\rz\rw")
        #expect(token.longStringValue(in: bytes) == "x\ny\nz\nw")
    }

    @Test func aBracketWithoutEqualsIsASymbol() {
        #expect(Self.kinds("t[ [=[ x ]=] ]") == [.name, .symbol, .longString(level: 1), .symbol])
        #expect(Self.texts("a[b]") == ["a", "[", "b", "]"])
    }

    // MARK: - Comments

    @Test func shortAndLongComments() {
        let all = Self.tokens("a -- b [[ c\n--[==[ x ]] \n ]==] d --[=x y\n--")
        #expect(all.map(\.kind) == [.name, .comment, .longComment(level: 2), .name, .comment, .comment])
        #expect(all.map(\.text) == ["a", "-- b [[ c", "--[==[ x ]] \n ]==]", "d", "--[=x y", "--"])
    }

    @Test func aLongCommentsContentLeavesOutItsDashesAndBrackets() throws {
        let bytes = Array("--[=[ note ]=]".utf8)
        let token = try #require(LuaLexer.tokens(of: bytes).first)
        #expect(token.isComment)
        #expect(String(decoding: bytes[try #require(token.contentRange)], as: UTF8.self) == " note ")
        #expect(token.longStringValue(in: bytes) == nil, "a comment has no value")
    }

    @Test func aMinusIsNotAComment() {
        #expect(Self.texts("a - -b") == ["a", "-", "-", "b"])
    }

    // MARK: - Quoted strings and escapes

    @Test(arguments: [
        #""a\"b""#, #"'it\'s'"#, #""\\""#, #""\x41\u{42}\065""#, "\"a\\\nb\"", "\"a\\\r\nb\"", "\"a\\z\n   b\"",
        "'[[ -- ]]'",
    ])
    func aQuotedStringIsOneTokenUpToItsClosingQuote(string: String) {
        let all = Self.tokens(string + " x")
        #expect(all.map(\.kind) == [.string, .name])
        #expect(all.first?.text == string)
    }

    @Test func escapedLineEndsCountAsLines() {
        let bytes = Array("s = 'a\\\r\nb\\z \n\n c' t".utf8)
        let lines = LuaLexer.tokens(of: bytes).map(\.line)
        #expect(lines == [1, 1, 1, 4])
    }

    // MARK: - Numbers

    @Test(arguments: ["3", "3.0", ".5", "3e-2", "3E+2", "1e5", "0x1p4", "0x1P-4", "0xA.8p-1", "0xff", "0x1e5"])
    func aNumeralIsOneToken(numeral: String) {
        let all = Self.tokens(numeral + "+x")
        #expect(all.map(\.kind) == [.number, .symbol, .name])
        #expect(all.first?.text == numeral)
    }

    @Test func dotsAfterANameOrNumberAreSymbols() {
        #expect(Self.texts("a..b ... c.d") == ["a", "..", "b", "...", "c", ".", "d"])
        #expect(Self.kinds("1 ..2") == [.number, .symbol, .number])
    }

    // MARK: - Names and symbols

    @Test func namesThatContainKeywordsAreOneName() {
        #expect(Self.texts("endx local_ do_it _ENV x1") == ["endx", "local_", "do_it", "_ENV", "x1"])
        let bytes = Array("local endx".utf8)
        #expect(LuaLexer.tokens(of: bytes).map { $0.isIdentifier(in: bytes) } == [false, true])
    }

    @Test func theLongestSymbolWins() {
        #expect(
            Self.texts("a>=b//c>>d::e~=f==g<=h<<i") == [
                "a", ">=", "b", "//", "c", ">>", "d", "::", "e", "~=", "f", "==", "g", "<=", "h", "<<", "i",
            ])
        #expect(Self.texts("#t ~ x") == ["#", "t", "~", "x"])
    }

    @Test func matchesNamesAndSymbolsButNeverStrings() {
        let bytes = Array("local 'local' (".utf8)
        let tokens = LuaLexer.tokens(of: bytes)
        #expect(tokens.map { $0.matches("local", in: bytes) } == [true, false, false])
        #expect(tokens[2].matches("(", in: bytes))
    }

    // MARK: - Shebang

    @Test func aShebangLineIsACommentOnlyWhenAsked() {
        let script = "#!/usr/bin/env lua\nx = 1"
        #expect(Self.kinds(script).prefix(2) == [.symbol, .symbol], "`#` is the length operator in a chunk")
        let skipped = Self.tokens(script, shebang: true)
        #expect(skipped.map(\.kind) == [.comment, .name, .symbol, .number])
        #expect(skipped.first?.text == "#!/usr/bin/env lua")
        #expect(Self.tokens(" #!x", shebang: true).first?.kind == .symbol, "only a first byte `#` starts one")
    }

    // MARK: - Lines

    @Test func linesAreCountedAsLuaCountsThem() {
        var lexer = LuaLexer(Array("a\r\nb\n\rc\rd\ne\n\nf".utf8))
        var lines: [Int] = []
        while let token = lexer.next() { lines.append(token.line) }
        #expect(lines == [1, 2, 3, 4, 5, 7])
        #expect(lexer.lineStarts == [0, 3, 6, 8, 10, 12, 13])
    }

    @Test func linesInsideLongBracketsAndTheDocumentedExample() {
        let bytes = Array("#!/usr/bin/env lua\nlocal s = 'a\\\nb'".utf8)
        var lexer = LuaLexer(bytes, skippingShebang: true)
        var seen: [(Kind, Int)] = []
        while let token = lexer.next() { seen.append((token.kind, token.line)) }
        #expect(seen.map(\.0) == [.comment, .name, .name, .symbol, .string])
        #expect(seen.map(\.1) == [1, 2, 2, 2, 2])
        #expect(lexer.lineStarts == [0, 19, 33])
        #expect(LuaLexer.tokens(of: Array("--[[\n\n]] x".utf8)).map(\.line) == [1, 3])
    }

    // MARK: - Flaws

    @Test(arguments: [
        ("s = \"abc", LuaToken.Flaw.unfinishedString, "\"abc"),
        ("s = 'abc\\", .unfinishedString, "'abc\\"),
        ("s = [[abc", .unfinishedLongBracket, "[[abc"),
        ("s = [==[ ]=] ]]", .unfinishedLongBracket, "[==[ ]=] ]]"),
        ("s = --[[ abc", .unfinishedLongBracket, "--[[ abc"),
        ("s = [= 1", .invalidLongBracket, "[="),
        ("s = 3x", .malformedNumber, "3x"),
    ])
    func whatLuaRejectsCarriesAFlaw(source: String, flaw: LuaToken.Flaw, text: String) throws {
        let bytes = Array(source.utf8)
        let flawed = LuaLexer.tokens(of: bytes).filter { $0.flaw != nil }
        #expect(flawed.map(\.flaw) == [flaw])
        #expect(try #require(flawed.first).text(in: bytes) == text)
        #expect(flawed.first?.contentRange == nil)
    }

    @Test func theLexerGoesOnAfterAnUnfinishedString() {
        let all = Self.tokens("s = 'abc\nlocal [[x]]")
        #expect(all.map(\.kind) == [.name, .symbol, .string, .name, .longString(level: 0)])
        #expect(all[2].text == "'abc")
        #expect(Self.tokens("[= 1").map(\.kind) == [.symbol, .number])
    }

    @Test func anEmptyTextOrWhiteSpaceHasNoToken() {
        #expect(Self.tokens("").isEmpty)
        #expect(Self.tokens(" \t\u{0B}\u{0C}\r\n").isEmpty)
    }
}
