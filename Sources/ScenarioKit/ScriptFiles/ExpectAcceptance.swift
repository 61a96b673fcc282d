/// One scenario's `expect` blocks as `--accept` sees them: the failing ones, each with the
/// lines to write into it, and the ones that matched.
public struct ScenarioBlocks: Equatable, Sendable {
    /// The failing blocks, with the actual lines.
    public var rewrites: [BlockRewrite]
    /// The blocks that matched, with the lines they matched.
    public var matched: [BlockRewrite]

    public init(rewrites: [BlockRewrite] = [], matched: [BlockRewrite] = []) {
        self.rewrites = rewrites
        self.matched = matched
    }
}

/// The rules of `vcsandbox test --accept` (SPEC §6): which failing blocks of a script are
/// rewritten with the actual lines, and which scenarios fail instead.
///
/// A block is rewritten only when every run of it failed with the same lines: one that
/// passed on one run and failed on another (an `expect` in a loop or a helper) is left
/// alone, as is one `ExpectRewriter` cannot place; each of these fails every scenario that
/// ran it, at the `expect`'s line, because a guessed block would then pass wrongly. The
/// script is written only when its text changes.
///
/// ```swift
/// let verdict = ExpectAcceptance.judge(blocks, source: text, file: "scripts/a.lua")
/// verdict.write?.note  // "accepted: rewrote 2 expect blocks in scripts/a.lua"
/// ```
public enum ExpectAcceptance {
    /// Judges a script's blocks, one `ScenarioBlocks` per scenario in order, against the
    /// script's text; `file` names the script in failures and in the note.
    public static func judge(_ scenarios: [ScenarioBlocks], source: String, file: String) -> FileVerdict {
        let (rewrites, mixed) = separateMixed(scenarios.flatMap(\.rewrites), matched: scenarios.flatMap(\.matched))
        guard !rewrites.isEmpty || !mixed.isEmpty else { return FileVerdict(scenarios: scenarios.count) }
        let (rewritten, unplaced) = ExpectRewriter.apply(rewrites, to: source)
        let problems = unplaced + mixed
        var verdict = FileVerdict(failures: scenarios.map { failure(of: $0, among: problems, file: file) })
        guard rewritten != source else { return verdict }
        let lines = Set(rewrites.map(\.line)).subtracting(problems.map(\.line))
        verdict.write = FileWrite(
            path: file, text: rewritten,
            note: "accepted: rewrote \(lines.count) expect block\(lines.count == 1 ? "" : "s") in \(file)",
            failuresIfUnwritten: scenarios.map {
                $0.rewrites.isEmpty ? nil : Failure(location: file, message: "--accept could not write the script")
            },
            marks: scenarios.map { mark(of: $0, rewritten: lines, file: file) })
        return verdict
    }

    /// The mark of a scenario whose blocks were rewritten: the run wrote what it should have
    /// checked, so the scenario is not a pass (D-72).
    private static func mark(of scenario: ScenarioBlocks, rewritten: Set<Int>, file: String) -> Failure? {
        let lines = Array(Set(scenario.rewrites.map(\.line)).intersection(rewritten)).sorted()
        guard let first = lines.first else { return nil }
        let blocks =
            lines.count == 1
            ? "its expect block at line \(first)"
            : "its \(lines.count) expect blocks at lines "
                + lines.dropLast().map(String.init).joined(separator: ", ") + " and \(lines.last!)"
        return Failure(
            location: "\(file):\(first)",
            message: "accepted: rewrote \(blocks) with the actual trace; an accepting run does not check what it "
                + "writes, so the scenario does not pass: re-run without --accept",
            nextStep: "vcsandbox test \(shellQuoted(file))   (checks the rewritten blocks; review the diff first)",
            kind: .accepted)
    }

    /// The rewrites of blocks that never matched, and a problem for each rewrite of a block
    /// that also matched on another run, with other lines.
    private static func separateMixed(
        _ rewrites: [BlockRewrite], matched: [BlockRewrite]
    )
        -> (rewrites: [BlockRewrite], mixed: [RewriteProblem])
    {
        var kept: [BlockRewrite] = []
        var mixed: [RewriteProblem] = []
        for rewrite in rewrites {
            guard matched.contains(where: { $0.line == rewrite.line && $0.actual != rewrite.actual }) else {
                kept.append(rewrite)
                continue
            }
            mixed.append(
                RewriteProblem(
                    line: rewrite.line,
                    message: "this `expect` passed on one run and failed on another "
                        + "(in a loop or a function called from several places); its block was left unchanged"))
        }
        return (kept, mixed)
    }

    /// The first problem at a line where the scenario has a rewrite, as its failure.
    private static func failure(of scenario: ScenarioBlocks, among problems: [RewriteProblem], file: String) -> Failure?
    {
        let problem = problems.first { problem in scenario.rewrites.contains { $0.line == problem.line } }
        return problem.map { Failure(location: "\(file):\($0.line)", message: $0.message) }
    }
}
