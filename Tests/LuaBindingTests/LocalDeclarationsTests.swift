import Testing

@testable import LuaBinding

/// The REPL's rewrite of top-level `local` statements into declarations in the session
/// scope: exact output text, the names reported, and line numbers that do not move.
@Suite("Top-level locals in the REPL")
struct LocalDeclarationsTests {
    /// The rewritten text of `chunk`.
    func rewritten(_ chunk: String) -> String {
        LocalDeclarations(rewriting: chunk).source
    }

    // MARK: Declarations

    @Test("a single local declares its name and assigns its value")
    func singleLocal() {
        let result = LocalDeclarations(rewriting: "local x = 1")
        #expect(result.source == #"__vcsandbox_local"x" x = 1"#)
        #expect(result.names == ["x"])
        #expect(result.closedNames == [])
    }

    @Test("several names with values are declared in one call, joined by commas")
    func severalNamesWithValues() {
        let result = LocalDeclarations(rewriting: "local a, b, c = 1, f()")
        #expect(result.source == #"__vcsandbox_local"a,b,c" a, b, c = 1, f()"#)
        #expect(result.names == ["a", "b", "c"])
    }

    @Test("a list without values gets = nil right after the names, before the next statement")
    func noValues() {
        #expect(rewritten("local a, b") == #"__vcsandbox_local"a,b" a, b = nil"#)
        #expect(rewritten("local a print(a)") == #"__vcsandbox_local"a" a = nil print(a)"#)
        #expect(rewritten("local a; print(a)") == #"__vcsandbox_local"a" a = nil; print(a)"#)
        #expect(rewritten("local a -- note") == #"__vcsandbox_local"a" a = nil -- note"#)
    }

    @Test("local function f declares f and keeps the function statement")
    func localFunction() {
        let result = LocalDeclarations(rewriting: "local function f(n) return n end")
        #expect(result.source == #"__vcsandbox_local"f" function f(n) return n end"#)
        #expect(result.names == ["f"])
    }

    @Test("<const> is removed, with the space before it")
    func constRemoved() {
        #expect(rewritten("local a <const>, b = 1, 2") == #"__vcsandbox_local"a,b" a, b = 1, 2"#)
        #expect(rewritten("local c<const> = 3") == #"__vcsandbox_local"c" c = 3"#)
        #expect(rewritten("local d < const >") == #"__vcsandbox_local"d" d = nil"#)
    }

    @Test("a statement with <close> stays a real local and is reported")
    func closeLeftAlone() {
        let chunk = "local a, h <close> = 1, handle"
        let result = LocalDeclarations(rewriting: chunk)
        #expect(result.source == chunk)
        #expect(result.names == [])
        #expect(result.closedNames == ["a", "h"])
    }

    @Test("an unknown attribute is left for Lua to report")
    func unknownAttributeLeftAlone() {
        let result = LocalDeclarations(rewriting: "local a <constant> = 1")
        #expect(result.source == "local a <constant> = 1")
        #expect(result.names == [])
        #expect(result.closedNames == [])
    }

    @Test(
        "a statement that is not a valid local is left for Lua to report",
        arguments: [
            "local", "local end = 1", "local function", "local 1 = 2", "local a <const>= 1", "local a < b",
        ])
    func invalidLocalLeftAlone(chunk: String) {
        let result = LocalDeclarations(rewriting: chunk)
        #expect(result.source == chunk)
        #expect(result.names == [])
    }

    @Test("names are reported in order of appearance across statements")
    func namesInOrder() {
        let result = LocalDeclarations(rewriting: "local a local function f() end local b, c = 1")
        #expect(result.names == ["a", "f", "b", "c"])
    }

    // MARK: Block depth

    @Test(
        "locals in function, do, if, while, for and repeat bodies are untouched",
        arguments: [
            "function f() local y = 1 end",
            "do local y = 1 end",
            "if c then local y = 1 elseif d then local z = 2 else local w end",
            "while c do local y = 1 end",
            "for i = 1, 3 do local y = i end",
            "for k, v in pairs(t) do local y = v end",
            "repeat local y = 1 until y",
            "t.f = function() local y = 1 end",
            "do do local y end local z end",
        ])
    func nestedLocalsUntouched(chunk: String) {
        let result = LocalDeclarations(rewriting: chunk)
        #expect(result.source == chunk)
        #expect(result.names == [])
    }

    @Test("the locals of a function in a local's value stay in the function")
    func functionInValue() {
        let chunk = "local t = { f = function() local y = 1 end }"
        #expect(rewritten(chunk) == #"__vcsandbox_local"t" t = { f = function() local y = 1 end }"#)
        let recursive = "local function f() local function g() end end"
        #expect(rewritten(recursive) == #"__vcsandbox_local"f" function f() local function g() end end"#)
    }

    @Test("a local after a block closes is at depth 0 again")
    func localAfterBlock() {
        #expect(
            rewritten("function f() local a = 1 end local b = 2")
                == #"function f() local a = 1 end __vcsandbox_local"b" b = 2"#)
        #expect(
            rewritten("repeat local a = 1 until a local b")
                == #"repeat local a = 1 until a __vcsandbox_local"b" b = nil"#)
        #expect(
            rewritten("for i = 1, 2 do if i then local a end end\nlocal b = 3")
                == "for i = 1, 2 do if i then local a end end\n" + #"__vcsandbox_local"b" b = 3"#)
    }

    // MARK: Several statements and lines

    @Test("several top-level locals on one line are all rewritten")
    func severalOnOneLine() {
        #expect(
            rewritten("local a = 1 local b = 2; local c")
                == #"__vcsandbox_local"a" a = 1 __vcsandbox_local"b" b = 2; __vcsandbox_local"c" c = nil"#)
    }

    @Test("locals across lines are rewritten and every line break stays where it was")
    func acrossLines() {
        let chunk = """
            local a = 1
            print(a)
            local b,
              c = 2, 3
            local d
            """
        let expected = """
            __vcsandbox_local"a" a = 1
            print(a)
            __vcsandbox_local"b,c" b,
              c = 2, 3
            __vcsandbox_local"d" d = nil
            """
        #expect(rewritten(chunk) == expected)
    }

    @Test("the rewritten text has as many lines as the input")
    func lineCountKept() {
        let chunk = """
            local a <const>,
              b <const> = 1,
              2
            local c
            function g()
              local d = 1
            end
            local e --[[ a
            comment ]] <const> = 3
            local s = "x\\
            y"
            """
        let expected = """
            __vcsandbox_local"a,b" a,
              b = 1,
              2
            __vcsandbox_local"c" c = nil
            function g()
              local d = 1
            end
            __vcsandbox_local"e" e
             = 3
            __vcsandbox_local"s" s = "x\\
            y"
            """
        let result = rewritten(chunk)
        #expect(result == expected)
        #expect(result.split(separator: "\n", omittingEmptySubsequences: false).count == 11)
    }

    @Test("carriage returns are kept, alone or in CRLF pairs")
    func carriageReturns() {
        #expect(
            rewritten("local a\r\nlocal b <const>\rx = 1")
                == "__vcsandbox_local\"a\" a = nil\r\n__vcsandbox_local\"b\" b = nil\rx = 1")
    }

    // MARK: Strings, comments and look-alikes

    @Test(
        "the word local in strings and comments is untouched",
        arguments: [
            #"print("local x")"#,
            #"print('local x')"#,
            #"print("say \"local x\" \\", 'it\'s local')"#,
            "-- local x",
            "x = [[ local x ]]",
            "x = [==[ ]] local x ]==]",
            "--[==[ local ]==]",
            "--[[\nlocal x\n]]",
            "--[=x local y",
            "s = \"a\\\nlocal b\"",
            "s = \"a\\z\n   local b\"",
        ])
    func stringsAndCommentsUntouched(chunk: String) {
        let result = LocalDeclarations(rewriting: chunk)
        #expect(result.source == chunk)
        #expect(result.names == [])
    }

    @Test("a local after strings and comments that mention local is rewritten")
    func localAfterStringsAndComments() {
        #expect(rewritten(#"local s = "local t" -- local u"#) == #"__vcsandbox_local"s" s = "local t" -- local u"#)
        #expect(rewritten(#"x = "\\" local y = 1"#) == #"x = "\\" __vcsandbox_local"y" y = 1"#)
        #expect(rewritten("--[==[ ]] ]==] local y") == #"--[==[ ]] ]==] __vcsandbox_local"y" y = nil"#)
    }

    @Test(
        "names that contain keywords are names",
        arguments: [
            "localx = 1", "local_ = 1", "x = endx", "do_it()", "functions = 1", "x = ifx",
        ])
    func keywordLookAlikesUntouched(chunk: String) {
        #expect(rewritten(chunk) == chunk)
    }

    @Test("names that contain keywords do not change the block depth")
    func keywordLookAlikesKeepDepth() {
        #expect(rewritten("endx = 1 local y = 2") == #"endx = 1 __vcsandbox_local"y" y = 2"#)
        #expect(rewritten("do_it() local y") == #"do_it() __vcsandbox_local"y" y = nil"#)
        #expect(rewritten("until_ = 1 do local y end") == "until_ = 1 do local y end")
    }

    @Test("numbers and multi-character symbols do not confuse the lexer")
    func numbersAndSymbols() {
        #expect(
            rewritten("local n = 0x1p4 + 1e-5 + .5 + 0xA.8p-1 + 3E+2 local m = n // 2 >> 1")
                == #"__vcsandbox_local"n" n = 0x1p4 + 1e-5 + .5 + 0xA.8p-1 + 3E+2 __vcsandbox_local"m" m = n // 2 >> 1"#
        )
        #expect(
            rewritten("::top:: local a = b ~= c and d <= e .. f ... ")
                == #"::top:: __vcsandbox_local"a" a = b ~= c and d <= e .. f ... "#)
    }

    // MARK: Text that does not tokenize

    @Test(
        "text that does not tokenize comes back unchanged with no names",
        arguments: [
            #"local s = "abc"#,
            "local s = 'abc\nlocal t = 1",
            "local s = [[abc",
            "--[[ local x",
            "local s = [=[ x ]]",
            "local x = [= 1",
            "local n = 3x",
        ])
    func untokenizableUnchanged(chunk: String) {
        let result = LocalDeclarations(rewriting: chunk)
        #expect(result.source == chunk)
        #expect(result.names == [])
        #expect(result.closedNames == [])
    }
}
