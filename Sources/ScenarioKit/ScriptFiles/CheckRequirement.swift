/// The rule that a scenario passes only when it checked something (D-71).
///
/// An empty script, one that only prints or notes, and one whose golden trace was never
/// recorded all ran without an error, yet none of them could have failed: reporting them
/// as passed would hide that nothing is tested. A scenario has checked something when it
/// called `expect [[…]]`, `expect.equal`, `expect.error` or `assert` (the binding counts the
/// calls, passing or not), or when the golden trace policy compared or recorded its section.
///
/// ```swift
/// let verdict = CheckRequirement.judge(results, checks: outcomes.map(\.checks), golden: golden.checked)
/// verdict.failures[0]?.message  // "checked nothing: …" for a scenario that made no check
/// ```
public enum CheckRequirement {
    /// Fails each passing scenario that made no check and whose golden section was not
    /// compared; `checks` and `golden` hold one entry per scenario, in order.
    public static func judge(_ results: [ScenarioResult], checks: [Int], golden: [Bool]) -> FileVerdict {
        FileVerdict(
            failures: results.indices.map { index in
                let checked = checks[index] > 0 || golden[index]
                return results[index].passed && !checked ? failure(of: results[index]) : nil
            })
    }

    /// What a scenario that checked nothing reads: what happened, and the two ways to add
    /// a check, each with its command.
    static func failure(of result: ScenarioResult) -> Failure {
        let script = shellQuoted(result.file)
        let trace = shellQuoted(GoldenTrace.path(forScript: result.file))
        return Failure(
            location: result.line.map { "\(result.file):\($0)" } ?? result.file,
            message:
                "checked nothing: the scenario called no expect, expect.none, expect.order, expect.equal, expect.error or assert, "
                + "and no golden trace was compared with it, so it could not fail",
            nextStep: "add `expect [[ ]]` where the trace should be checked, then vcsandbox test --accept \(script) "
                + "(writes the actual trace into the block; review the diff); or, in a script without inline checks, "
                + "vcsandbox test --record \(script) (writes the golden trace \(trace))")
    }
}
