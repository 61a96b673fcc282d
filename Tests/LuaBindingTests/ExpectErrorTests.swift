import LuaBinding
import ScenarioKit
import Testing

/// `expect.error(fn, text)`: the error must contain the text; `expect.error(fn)` takes any
/// error; an empty text is refused, since every message contains it and it would check
/// nothing (issue 14's defect; docs/DECISIONS.md D-58).
@Suite("expect.error")
struct ExpectErrorTests {
    @Test("an empty expected text fails at its line and says how to check what was meant")
    func emptyTextRefused() {
        let result = failure(
            of: """
                -- line 1: a comment
                expect.error(function() error("anything") end, "")
                """)
        #expect(result?.location == "test.lua:2")
        #expect(result?.message == "expect.error: the expected text is empty, which every error contains")
        #expect(result?.details.contains("expect.error(fn) to accept any error") == true)
    }

    @Test("a text the error contains passes; one it does not contain fails with the error shown")
    func containedText() {
        #expect(failure(of: #"expect.error(function() error("boom here") end, "boom")"#) == nil)
        let result = failure(of: #"expect.error(function() error("boom here") end, "bang")"#)
        #expect(result?.message == #"expect.error: the error does not contain "bang""#)
        #expect(result?.details.contains("boom here") == true)
    }

    @Test("without a text any error passes, and a function that does not raise fails")
    func anyError() {
        #expect(failure(of: #"expect.error(function() error("x") end)"#) == nil)
        let result = failure(of: "expect.error(function() end)")
        #expect(result?.message == "expect.error: the function returned without raising an error")
    }
}
