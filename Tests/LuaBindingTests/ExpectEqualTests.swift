import LuaBinding
import ScenarioKit
import Testing

/// What `expect.equal` shows when values differ: every key, strings quoted so that they read
/// back, controllers with their state — the REPL's way of showing values (D-49).
@Suite("expect.equal")
struct ExpectEqualTests {
    @Test("differing tables show every key, and controllers show their state")
    func details() {
        let result = failure(
            of: """
                local a = Controller "A"
                expect.equal({[5] = 1, name = "x\\ny", a}, {[6] = 1, name = "x\\ny", a}, "tables")
                """)
        #expect(result?.message == "expect.equal: tables")
        #expect(
            result?.details == """
                expected: {<Controller A, disappeared>, [6] = 1, name = "x\\ny"}
                  actual: {<Controller A, disappeared>, [5] = 1, name = "x\\ny"}
                """)
    }
}
