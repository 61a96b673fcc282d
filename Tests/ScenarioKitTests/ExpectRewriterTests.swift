import Testing

@testable import ScenarioKit

@Suite struct ExpectRewriterTests {
    static let loadAndAppear = ["A.viewDidLoad()", "A.viewWillAppear(false)"]

    /// Applies the rewrites, requiring that none of them is reported as a problem.
    func rewritten(_ source: String, _ rewrites: [BlockRewrite]) -> String {
        let result = ExpectRewriter.apply(rewrites, to: source)
        #expect(result.problems == [])
        return result.source
    }

    @Test func fillsAnEmptyBlock() {
        let source = "scenario(\"a\", function()\n  expect [[ ]]\nend)\n"
        let result = rewritten(source, [BlockRewrite(line: 2, block: " ", actual: Self.loadAndAppear)])
        #expect(
            result == """
                scenario("a", function()
                  expect [[
                    A.viewDidLoad()
                    A.viewWillAppear(false)
                  ]]
                end)

                """)
    }

    @Test func fillsABlockHoldingOnlyALineEnd() {
        let source = "\texpect [[\n]]\n"
        let result = rewritten(source, [BlockRewrite(line: 1, block: "", actual: ["A.x()"])])
        #expect(result == "\texpect [[\n\t  A.x()\n]]\n")
    }

    @Test func replacesAnIndentedBlockKeepingItsIndentation() {
        let source = """
            do
                expect [[
                      B.viewDidLoad()
                      -- a comment
                      B.viewWillAppear(true)
                   ]]
            end
            """
        let block = "          B.viewDidLoad()\n          -- a comment\n          B.viewWillAppear(true)\n       "
        let result = rewritten(
            source, [BlockRewrite(line: 2, block: block, actual: ["B.viewDidLoad()", "B.viewDidAppear(true)"])])
        #expect(
            result == """
                do
                    expect [[
                          B.viewDidLoad()
                          B.viewDidAppear(true)
                       ]]
                end
                """)
    }

    @Test func keepsTheWildcardsThatStillMatch() {
        let source = """
            expect [[
              A.viewDidLoad()
              ...
              A.viewDidAppear(true)
              A.viewWill*
            ]]
            """
        let block = "  A.viewDidLoad()\n  ...\n  A.viewDidAppear(true)\n  A.viewWill*\n"
        let actual = [
            "A.viewDidLoad()", "A.viewWillAppear(false)", "A.viewDidAppear(false)", "A.viewWillDisappear(false)",
        ]
        #expect(
            rewritten(source, [BlockRewrite(line: 1, block: block, actual: actual)]) == """
                expect [[
                  A.viewDidLoad()
                  ...
                  A.viewDidAppear(false)
                  A.viewWill*
                ]]
                """)
    }

    @Test func refusesABlockWhoseWildcardsItCannotAlign() {
        let expected = (0..<2100).map { "B.line\($0)()" } + ["B.*"]
        let source = "expect [[\n" + expected.joined(separator: "\n") + "\n]]\n"
        let actual = (0..<2100).map { "A.line\($0)()" }
        let result = ExpectRewriter.apply(
            [BlockRewrite(line: 1, block: expected.joined(separator: "\n") + "\n", actual: actual)], to: source)
        #expect(result.source == source)
        #expect(
            result.problems == [
                RewriteProblem(
                    line: 1,
                    message: "this block holds `...`, `*` or calls without arguments, and it differs from the trace "
                        + "over too many lines to align them, so --accept would lose them to literal lines; its block "
                        + "was left unchanged — edit it by hand (the diff shows the actual lines)")
            ])
    }

    @Test func keepsTabIndentation() {
        let source = "\tscenario(\"t\", function()\n\t\texpect [[\n\t\t\tA.x()\n\t\t]]\n\tend)\n"
        let result = rewritten(source, [BlockRewrite(line: 2, block: "\t\t\tA.x()\n\t\t", actual: ["A.y()", "A.z()"])])
        #expect(result == "\tscenario(\"t\", function()\n\t\texpect [[\n\t\t\tA.y()\n\t\t\tA.z()\n\t\t]]\n\tend)\n")
    }

    @Test func indentsFromTheFirstContentLineThatStartsALine() {
        let source = "  expect [[ A.x()\n        B.y()\n  C.z()]]\n"
        let result = rewritten(
            source, [BlockRewrite(line: 1, block: " A.x()\n        B.y()\n  C.z()", actual: ["D.w()"])])
        #expect(result == "  expect [[\n        D.w()\n  ]]\n")
    }

    @Test func emptyActualLeavesAnEmptyBlock() {
        let source = "  expect [[\n    A.x()\n  ]]\n"
        let result = rewritten(source, [BlockRewrite(line: 1, block: "    A.x()\n  ", actual: [])])
        #expect(result == "  expect [[\n  ]]\n")
        let literal = Self.literals(in: result)[0]
        #expect(Expectation.parse(literal.value).isEmpty)
    }

    @Test func keepsTheBracketLevel() {
        let source = "expect [==[\n  A.x()\n]==]\n"
        let result = rewritten(source, [BlockRewrite(line: 1, block: "  A.x()\n", actual: ["A.y()"])])
        #expect(result == "expect [==[\n  A.y()\n]==]\n")
    }

    @Test func raisesTheLevelWhenANewLineHoldsTheClosingBracket() {
        let source = "expect [[ ]]\n"
        let result = rewritten(source, [BlockRewrite(line: 1, block: " ", actual: ["note: t[a[1]]", "note: ]=]"])])
        #expect(result == "expect [==[\n  note: t[a[1]]\n  note: ]=]\n]==]\n")
    }

    @Test func lowersTheLevelOnlyWhenTheOldOneIsUnsafe() {
        let source = "expect [=[ ]=]\n"
        let result = rewritten(source, [BlockRewrite(line: 1, block: " ", actual: ["note: a]=]b"])])
        #expect(result == "expect [[\n  note: a]=]b\n]]\n")
        let untouched = rewritten(source, [BlockRewrite(line: 1, block: " ", actual: ["note: a]]b"])])
        #expect(untouched == "expect [=[\n  note: a]]b\n]=]\n")
    }

    @Test(arguments: [
        "-- expect [[ ]]\nexpect [[ ]]\n",
        "--[==[ [[ ]] ]==] expect [[ ]]\n",
        "--[[ [=[ ]]\nexpect [[ ]]\n",
        "local s = \"[[ ]]\" expect [[ ]]\n",
        "local s = '\\'[[ ]]' expect [[ ]]\n",
        "local s = \"\\\"[[ ]]\\\\\" expect [[ ]]\n",
        "local s = [==[ [[ ]] ]==] expect [[ ]]\n",
    ])
    func skipsBracketsInCommentsAndStrings(source: String) {
        // Lua reports the line where the `expect` call starts.
        let line =
            source.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("expect [[ ]]") && !$0.hasPrefix("-- expect") }! + 1
        let result = rewritten(source, [BlockRewrite(line: line, block: " ", actual: ["A.x()"])])
        #expect(result.hasSuffix("expect [[\n  A.x()\n]]\n"))
        let prefix = source.dropLast("expect [[ ]]\n".count)
        #expect(result == prefix + "expect [[\n  A.x()\n]]\n")
    }

    @Test func countsLinesInsideStringsAndCommentsAsLuaDoes() {
        let source = "local s = 'a\\\n[[ ]]'\n--[[\n]] expect [[ ]]\n"
        let result = rewritten(source, [BlockRewrite(line: 4, block: " ", actual: ["A.x()"])])
        #expect(result == "local s = 'a\\\n[[ ]]'\n--[[\n]] expect [[\n  A.x()\n]]\n")
    }

    @Test func findsTheLiteralOfACallSpanningLines() {
        let source = "  expect(\n    [[ ]]\n  )\n"
        let result = rewritten(source, [BlockRewrite(line: 1, block: " ", actual: ["A.x()"])])
        #expect(result == "  expect(\n    [[\n    A.x()\n  ]]\n  )\n")
    }

    @Test func leavesALaterCallsBlockAlone() {
        // `expect ""` on line 1 failed; the empty block on line 2 belongs to another call.
        let source = "expect \"\"\nexpect [[]]\n"
        let result = ExpectRewriter.apply([BlockRewrite(line: 1, block: "", actual: ["A.x()"])], to: source)
        #expect(result.source == source)
        #expect(result.problems.map(\.line) == [1])
    }

    @Test func rewritesTwoExpectsOnConsecutiveLines() {
        let source = "  expect [[ ]]\n  expect [[ ]]\n  expect [[ ]]\n"
        let result = rewritten(
            source,
            [
                BlockRewrite(line: 3, block: " ", actual: ["C.c()"]),
                BlockRewrite(line: 2, block: " ", actual: ["B.b()"]),
            ])
        #expect(result == "  expect [[ ]]\n  expect [[\n    B.b()\n  ]]\n  expect [[\n    C.c()\n  ]]\n")
    }

    @Test func mergesIdenticalRewritesOfOneLiteral() {
        let source = "local function check()\n  expect [[ ]]\nend\ncheck()\ncheck()\n"
        let rewrite = BlockRewrite(line: 2, block: " ", actual: ["A.x()"])
        let result = rewritten(source, [rewrite, rewrite])
        #expect(result == "local function check()\n  expect [[\n    A.x()\n  ]]\nend\ncheck()\ncheck()\n")
    }

    @Test func reportsConflictingRewritesAndLeavesTheLiteralAlone() {
        let source = "local function check()\n  expect [[ ]]\nend\nexpect [[ ]]\n"
        let result = ExpectRewriter.apply(
            [
                BlockRewrite(line: 2, block: " ", actual: ["A.x()"]),
                BlockRewrite(line: 4, block: " ", actual: ["B.y()"]),
                BlockRewrite(line: 2, block: " ", actual: ["A.z()"]),
            ], to: source)
        #expect(result.source == "local function check()\n  expect [[ ]]\nend\nexpect [[\n  B.y()\n]]\n")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.line == 2)
        #expect(result.problems.first?.message.contains("ran 2 times with different traces") == true)
        #expect(result.problems.first?.description.hasPrefix("line 2: this `expect` ran") == true)
    }

    @Test func reportsABlockThatIsNotInTheSource() {
        let source = "expect [[ ]]\nexpect(\"A.x()\")\n"
        let result = ExpectRewriter.apply(
            [
                BlockRewrite(line: 2, block: "A.x()", actual: ["A.y()"]),
                BlockRewrite(line: 2, block: " ", actual: ["A.y()"]),
            ], to: source)
        #expect(result.source == source)
        #expect(result.problems.count == 2)
        #expect(result.problems.map(\.line) == [2, 2])
        #expect(result.problems.allSatisfy { $0.message.contains("edit the block by hand") })
    }

    @Test(arguments: ["", "  A.x()", "A.x() ", "-- A.x()", "...", "A.x()\nB.y()"])
    func reportsActualLinesThatWouldNotReadBack(line: String) {
        let source = "expect [[ ]]\n"
        let result = ExpectRewriter.apply([BlockRewrite(line: 1, block: " ", actual: ["A.ok()", line])], to: source)
        #expect(result.source == source)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.line == 1)
        #expect(result.problems.first?.message.hasPrefix("the actual line") == true)
    }

    @Test func keepsWindowsLineEnds() {
        let source = "scenario(\"a\", function()\r\n  expect [[\r\n    A.x()\r\n  ]]\r\nend)\r\n"
        let result = rewritten(source, [BlockRewrite(line: 2, block: "    A.x()\n  ", actual: Self.loadAndAppear)])
        #expect(
            result
                == "scenario(\"a\", function()\r\n  expect [[\r\n    A.viewDidLoad()\r\n    A.viewWillAppear(false)\r\n  ]]\r\nend)\r\n"
        )
    }

    @Test func readsLiteralValuesAsLuaDoes() {
        let values = Self.literals(in: "a = [[\r\nx\r\ny\n\rz\rw]] b = [=[\n]]]=] c = [[\n\n]]").map(\.value)
        #expect(values == ["x\ny\nz\nw", "]]", "\n"])
    }

    // MARK: - Properties

    static let script = """
        -- a [[ decoy ]] in a comment
        local decoy = "[[ ]]"
        scenario("first", function()
          expect [[ ]]
          local nav = UINavigationController(A)
        \texpect [[
        \t  A.viewDidLoad()
        \t]]  expect [=[ ]=]
        end)

        scenario("second", function()
            expect [==[
                -- old
            ]==]
        end) -- trailing [[ comment
        """

    static let scriptRewrites = [
        BlockRewrite(line: 4, block: " ", actual: ["A.viewDidLoad()", "A.viewWillAppear(false)"]),
        BlockRewrite(line: 6, block: "\t  A.viewDidLoad()\n\t", actual: ["note: [[x]]", "A.viewDidAppear(true)"]),
        BlockRewrite(line: 8, block: " ", actual: []),
        BlockRewrite(
            line: 12, block: "        -- old\n    ", actual: ["warning: Attempt to present C on *", "B.a(]==])"]),
    ]

    @Test func rewrittenBlocksReadBackAsTheActualLines() throws {
        let result = rewritten(Self.script, Self.scriptRewrites)
        let literals = Self.literals(in: result)
        let originals = Self.literals(in: Self.script)
        #expect(literals.count == originals.count)
        for rewrite in Self.scriptRewrites {
            let index = originals.firstIndex { $0.line >= rewrite.line && $0.value == rewrite.block }
            let literal = try #require(index.map { literals[$0] })
            #expect(Expectation.parse(literal.value) == rewrite.actual.map(ExpectedLine.pattern))
        }
    }

    @Test func textOutsideTheLiteralsIsUnchanged() {
        let result = rewritten(Self.script, Self.scriptRewrites)
        #expect(result != Self.script)
        #expect(Self.gaps(in: result) == Self.gaps(in: Self.script))
    }

    @Test func untouchedLiteralsAreUnchanged() {
        let result = rewritten(Self.script, [Self.scriptRewrites[1]])
        let before = Self.literals(in: Self.script).map(\.text)
        let after = Self.literals(in: result).map(\.text)
        #expect(after.count == before.count)
        #expect(zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset) == [1])
    }

    // MARK: - Helpers

    /// Every long string of a script: its line, its Lua value and its text with brackets.
    static func literals(in source: String) -> [(line: Int, value: String, text: String)] {
        let bytes = Array(source.utf8)
        return LuaSourceScanner.scan(bytes).literals.map { literal in
            (
                literal.line, LuaSourceScan.value(of: literal, in: bytes),
                String(decoding: bytes[literal.start..<literal.end], as: UTF8.self)
            )
        }
    }

    /// The text between the long strings of a script, in order.
    static func gaps(in source: String) -> [String] {
        let bytes = Array(source.utf8)
        var gaps: [String] = []
        var start = 0
        for literal in LuaSourceScanner.scan(bytes).literals {
            gaps.append(String(decoding: bytes[start..<literal.start], as: UTF8.self))
            start = literal.end
        }
        return gaps + [String(decoding: bytes[start...], as: UTF8.self)]
    }
}
