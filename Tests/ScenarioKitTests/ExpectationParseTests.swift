import Testing

@testable import ScenarioKit

@Suite struct ExpectationParseTests {
    @Test func keepsOneEntryPerLineTrimmed() {
        let block = """

              B.viewDidLoad()
            \tA.viewWillDisappear(true)\t\u{20}
            """
        #expect(Expectation.parse(block) == [.pattern("B.viewDidLoad()"), .pattern("A.viewWillDisappear(true)")])
    }

    @Test func dropsBlankLinesAndComments() {
        let block = "\n  -- the push\nA.viewWillDisappear(true)\n   \n--B.viewDidLoad()\nB.viewWillAppear(true)\n"
        #expect(
            Expectation.parse(block) == [.pattern("A.viewWillDisappear(true)"), .pattern("B.viewWillAppear(true)")])
    }

    @Test func readsDotsAsAnyRunOnlyWhenAlone() {
        let block = "  ...  \n....\nA.x() ...\n"
        #expect(Expectation.parse(block) == [.anyRun, .pattern("...."), .pattern("A.x() ...")])
    }

    @Test func acceptsWindowsLineEndings() {
        #expect(Expectation.parse("A.a()\r\nB.b()\r\n") == [.pattern("A.a()"), .pattern("B.b()")])
    }

    @Test(arguments: ["", "   \n\t\n", "-- nothing happens\n"])
    func emptyBlockExpectsNothing(block: String) {
        #expect(Expectation.parse(block).isEmpty)
    }

    @Test func trimsEveryKindOfBlankAndKeepsTheTextBetween() {
        let block = "\t  A.a(x ,  y)\u{A0}\u{3000}\n\u{2003}B.b()\u{0B}\u{0C}\n \u{A0} \nC.c(é 漢 😀)  "
        #expect(Expectation.parse(block) == [.pattern("A.a(x ,  y)"), .pattern("B.b()"), .pattern("C.c(é 漢 😀)")])
    }

    @Test func showsEntriesAsTheBlockDoes() {
        #expect(ExpectedLine.anyRun.text == "...")
        #expect(ExpectedLine.pattern("A.b()").text == "A.b()")
    }
}
