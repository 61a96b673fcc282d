import Testing

@testable import ScenarioKit

@Suite("--shuffle and the suite's defaults")
struct RunOrderTests {
    @Test("the same seed gives the same order; another seed another; every item once")
    func seededShuffle() {
        let items = (1...20).map { "s\($0).lua" }
        let once = SeededOrder(seed: 7).shuffled(items)
        #expect(SeededOrder(seed: 7).shuffled(items) == once)
        #expect(SeededOrder(seed: 8).shuffled(items) != once)
        #expect(once != items)
        #expect(once.sorted() == items.sorted())
        #expect(SeededOrder(seed: 1).shuffled(["only"]) == ["only"])
    }

    @Test("the order is fixed by the seed alone, on any machine")
    func fixedSequence() {
        var generator = SplitMix64(state: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test(".vcsandbox splits as a shell does, with comments")
    func defaults() throws {
        let text = """
            # defaults of the suite
            --timeout 5   # seconds
            --exclude "slow tests/" --filter 'nav'
            --reporter\\ x

            """
        #expect(
            try SuiteDefaults.arguments(in: text, file: "s/.vcsandbox") == [
                "--timeout", "5", "--exclude", "slow tests/", "--filter", "nav", "--reporter x",
            ])
        #expect(throws: SuiteDefaultsError.unclosedQuote("s/.vcsandbox:2", "\"")) {
            try SuiteDefaults.arguments(in: "--ok\n--filter \"nav", file: "s/.vcsandbox")
        }
        #expect(
            SuiteDefaultsError.unclosedQuote("s/.vcsandbox:2", "\"").description
                == "s/.vcsandbox:2: the quote \" is not closed on its line")
    }
}
