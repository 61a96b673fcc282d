import ScenarioKit
import Testing

/// `--accept`'s rules over a script's blocks: what is rewritten, what fails instead, and
/// what the note says, judged from text alone.
@Suite struct ExpectAcceptanceTests {
    static let file = "scripts/a.lua"
    static let source = """
        local function check()
          expect [[ ]]
        end
        scenario("one", function()
          expect [[ ]]
          check()
        end)
        scenario("two", function()
          expect [[
            B.old()
          ]]
          check()
        end)

        """

    static func rewrite(_ line: Int, _ actual: [String], block: String = " ") -> BlockRewrite {
        BlockRewrite(line: line, block: block, actual: actual)
    }

    @Test func nothingFailingMeansNothingToDo() {
        let blocks = [ScenarioBlocks(matched: [Self.rewrite(2, ["A.a()"])]), ScenarioBlocks()]
        #expect(ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file) == FileVerdict(scenarios: 2))
    }

    @Test func failingBlocksAreRewrittenAndTheNoteCountsThem() throws {
        let blocks = [
            ScenarioBlocks(rewrites: [Self.rewrite(5, ["A.a()"])]),
            ScenarioBlocks(rewrites: [Self.rewrite(9, ["B.new()"], block: "    B.old()\n  ")]),
        ]
        let verdict = ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file)
        #expect(verdict.failures == [nil, nil])
        let write = try #require(verdict.write)
        #expect(write.path == Self.file)
        #expect(write.note == "accepted: rewrote 2 expect blocks in scripts/a.lua")
        #expect(write.text.contains("  expect [[\n    A.a()\n  ]]\n  check()"))
        #expect(write.text.contains("  expect [[\n    B.new()\n  ]]"))
        #expect(
            write.failuresIfUnwritten.map { $0?.message } == [
                "--accept could not write the script", "--accept could not write the script",
            ])
        #expect(write.marks.map { $0?.location } == ["scripts/a.lua:5", "scripts/a.lua:9"])
        #expect(write.marks.allSatisfy { $0?.kind == .accepted })
        #expect(
            write.marks[0]?.message
                == "accepted: rewrote its expect block at line 5 with the actual trace; an accepting run does not "
                + "check what it writes, so the scenario does not pass: re-run without --accept")
        #expect(
            write.marks[0]?.nextStep
                == "vcsandbox test scripts/a.lua   (checks the rewritten blocks; review the diff first)")
    }

    @Test func aScenarioWithSeveralRewrittenBlocksNamesTheirLines() throws {
        let blocks = [
            ScenarioBlocks(rewrites: [
                Self.rewrite(5, ["A.a()"]), Self.rewrite(9, ["B.new()"], block: "    B.old()\n  "),
            ])
        ]
        let write = try #require(ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file).write)
        #expect(write.marks[0]?.location == "scripts/a.lua:5")
        #expect(
            write.marks[0]?.message.hasPrefix("accepted: rewrote its 2 expect blocks at lines 5 and 9 with") == true)
    }

    @Test func oneBlockIsOneBlockInTheNote() throws {
        let blocks = [ScenarioBlocks(rewrites: [Self.rewrite(5, ["A.a()"])]), ScenarioBlocks()]
        let verdict = ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file)
        let write = try #require(verdict.write)
        #expect(write.note == "accepted: rewrote 1 expect block in scripts/a.lua")
        #expect(write.failuresIfUnwritten[1] == nil, "a scenario with nothing to rewrite does not hang on the write")
    }

    @Test func aBlockThatPassedOnAnotherRunIsLeftAloneAndFailsItsScenario() throws {
        // check() ran in both scenarios: it matched in "one", failed with other lines in "two".
        let blocks = [
            ScenarioBlocks(rewrites: [Self.rewrite(5, ["A.a()"])], matched: [Self.rewrite(2, ["C.c()"])]),
            ScenarioBlocks(rewrites: [Self.rewrite(2, ["C.other()"])]),
        ]
        let verdict = ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file)
        #expect(verdict.failures[0] == nil)
        let failure = try #require(verdict.failures[1])
        #expect(failure.location == "scripts/a.lua:2")
        #expect(failure.message.hasPrefix("this `expect` passed on one run and failed on another"))
        let write = try #require(verdict.write)
        #expect(write.note == "accepted: rewrote 1 expect block in scripts/a.lua")
        #expect(
            write.text.hasPrefix("local function check()\n  expect [[ ]]\nend\n"), "the helper's block is unchanged")
        #expect(write.marks.map { $0?.location } == ["scripts/a.lua:5", nil], "only a rewritten block marks")
    }

    @Test func aHelperReachedWithDifferentTracesFailsEveryScenarioThatRanIt() {
        let blocks = [
            ScenarioBlocks(rewrites: [Self.rewrite(2, ["C.one()"])]),
            ScenarioBlocks(rewrites: [Self.rewrite(2, ["C.two()"])]),
        ]
        let verdict = ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file)
        #expect(verdict.write == nil, "the script's text does not change")
        #expect(verdict.failures.map { $0?.location } == ["scripts/a.lua:2", "scripts/a.lua:2"])
        #expect(verdict.failures.allSatisfy { $0?.message.contains("ran 2 times with different traces") == true })
    }

    @Test func aBlockThatIsNotInTheSourceFailsAndTheOthersAreStillRewritten() throws {
        let blocks = [
            ScenarioBlocks(rewrites: [
                Self.rewrite(6, ["X.x()"], block: "built at run time"), Self.rewrite(5, ["A.a()"]),
            ])
        ]
        let verdict = ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file)
        #expect(verdict.failures[0]?.location == "scripts/a.lua:6")
        #expect(verdict.failures[0]?.message.contains("edit the block by hand") == true)
        #expect(try #require(verdict.write).note == "accepted: rewrote 1 expect block in scripts/a.lua")
    }

    @Test func aScenarioFailsWithItsFirstProblemInLineOrder() {
        let blocks = [
            ScenarioBlocks(rewrites: [Self.rewrite(6, ["X"], block: "?"), Self.rewrite(3, ["Y"], block: "?")])
        ]
        let verdict = ExpectAcceptance.judge(blocks, source: Self.source, file: Self.file)
        #expect(verdict.failures[0]?.location == "scripts/a.lua:3")
        #expect(verdict.write == nil)
    }
}
