import Testing

@testable import ScenarioKit

/// A scenario passes only when it checked something (D-71), judged from counts alone.
@Suite struct CheckRequirementTests {
    static let passed = ScenarioResult(file: "scripts/x.lua", name: "x", line: 1)
    static let declared = ScenarioResult(file: "scripts/x.lua", name: "push", line: 12)
    static let failed = ScenarioResult(
        file: "scripts/x.lua", name: "crash", line: 3, failure: Failure(location: "scripts/x.lua:4", message: "boom"))

    @Test func aScenarioWithAnInlineCheckOrAGoldenSectionPasses() {
        let verdict = CheckRequirement.judge([Self.passed, Self.declared], checks: [1, 0], golden: [false, true])
        #expect(verdict == FileVerdict(failures: [nil, nil]))
    }

    @Test func aPassingScenarioThatCheckedNothingFailsAtItsDeclaration() throws {
        let verdict = CheckRequirement.judge([Self.passed, Self.declared], checks: [0, 0], golden: [false, false])
        #expect(verdict.write == nil)
        #expect(verdict.failures.map { $0?.location } == ["scripts/x.lua:1", "scripts/x.lua:12"])
        let failure = try #require(verdict.failures[1])
        #expect(
            failure.message
                == "checked nothing: the scenario called no expect, expect.none, expect.order, expect.equal, expect.error or assert, "
                + "and no golden trace was compared with it, so it could not fail")
        #expect(failure.details == "")
        #expect(
            failure.nextStep
                == "add `expect [[ ]]` where the trace should be checked, then vcsandbox test --accept scripts/x.lua "
                + "(writes the actual trace into the block; review the diff); or, in a script without inline checks, "
                + "vcsandbox test --record scripts/x.lua (writes the golden trace scripts/x.trace)")
    }

    @Test func aFailedScenarioKeepsItsOwnFailure() {
        let verdict = CheckRequirement.judge([Self.failed], checks: [0], golden: [false])
        #expect(verdict.failures == [nil])
    }

    @Test func withoutALineTheFailureNamesTheScriptAndQuotesItForTheShell() throws {
        let result = ScenarioResult(file: "my scripts/a.lua", name: "a")
        let failure = try #require(CheckRequirement.judge([result], checks: [0], golden: [false]).failures[0])
        #expect(failure.location == "my scripts/a.lua")
        #expect(failure.nextStep?.contains("vcsandbox test --accept 'my scripts/a.lua' (") == true)
        #expect(failure.nextStep?.hasSuffix("(writes the golden trace 'my scripts/a.trace')") == true)
    }
}
