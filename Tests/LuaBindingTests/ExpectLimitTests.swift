import LuaBinding
import Testing

/// Matching an `expect` block is Swift work, which Lua's count hook cannot stop: the
/// comparison checks the scenario's clock itself (issue 18).
@Suite struct ExpectLimitTests {
    @Test("a block still being matched past the time limit stops with timed out, at its expect")
    func matchingPastTheTimeLimit() {
        // The deadline has passed long before the block is matched, but the script runs too
        // few instructions (under 1,000) for the count hook to look: only the comparison's own
        // check, after 4,096 comparisons, can stop it.
        let session = Session(limits: Limits(instructions: 0, memoryBytes: 32 << 20, callbackDepth: 8, seconds: 1e-6))
        let result = failure(
            of: """
                for i = 1, 150 do note "x" end
                expect("...\\n" .. string.rep("*\\n", 40) .. "note: never\\n...")
                """, in: session)
        #expect(result?.message.hasPrefix("timed out: the scenario ran longer than") == true, "\(text(result))")
        #expect(result?.location == "test.lua:2", "\(text(result))")
    }

    @Test("the same block within the time limit fails as a mismatch")
    func matchingWithinTheTimeLimit() {
        let result = failure(
            of: """
                for i = 1, 150 do note "x" end
                expect("...\\n" .. string.rep("*\\n", 40) .. "note: never\\n...")
                """)
        #expect(
            result?.message == "expectation failed: first difference at line 42 of the expected block: "
                + "expected \"note: never\", which the trace does not have", "\(text(result))")
    }
}
