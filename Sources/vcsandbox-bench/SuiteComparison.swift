import Foundation

/// A generated suite under `vcsandbox test -j 1` beside busted on specs that do the same
/// work, file for file (issue 18: busted's time over ours, at least 3×).
///
/// The runs alternate, ours then busted's, `runs` times, so that both meet the same load on a
/// busy machine; each side keeps its best wall time (process start and report included) and
/// its highest peak memory. `alsoJobs` adds runs of ours on more workers, for the record.
///
/// ```
///   runner                 best time  scenarios/s  peak memory
///   vcsandbox test -j 1      0.781 s         1280     24.1 MiB
///   busted (lua5.4)          2.257 s          443     30.0 MiB
///   busted / vcsandbox -j 1: 2.89× (goal ≥ 3×)
/// ```
struct SuiteComparison {
    let suite: any ComparedSuite
    let binary: String
    /// busted, or nil when it is not installed (its rows are skipped).
    let busted: BustedRunner?
    var runs = 3
    var alsoJobs: [Int] = []

    /// Writes the suite and its specs to a temporary folder, runs both, prints the figures,
    /// and returns the goal's row.
    func measure(measureName: String) throws -> GoalRow {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (scripts, specs) = (folder.appendingPathComponent("scripts"), folder.appendingPathComponent("specs"))
        try suite.write(to: scripts)
        try suite.writeSpecs(to: specs)
        let ours = SuiteBenchmark(scripts: scripts, scenarioCount: suite.scenarioCount, binary: binary, folder: folder)
        let (single, theirs) = try alternate(ours, specs: specs, log: folder.appendingPathComponent("busted.txt"))
        var rows = [figures("vcsandbox test -j 1", single)]
        for jobs in alsoJobs { rows.append(figures("vcsandbox test -j \(jobs)", try best(of: ours, jobs: jobs))) }
        if busted != nil { rows.append(figures("busted (lua5.4)", theirs)) }
        print(
            "  scripts: \(grouped(suite.fileCount)) files, \(grouped(suite.scenarioCount)) scenarios: \(suite.scriptWork)"
        )
        print("  specs:   one describe per file, one it per scenario: \(suite.specWork)")
        printTable(["runner", "best time", "scenarios/s", "peak memory"], rows, rightAligned: [1, 2, 3])
        return verdict(measureName, ours: single, theirs: theirs)
    }

    /// `runs` checked runs of ours on one worker, each followed by one of busted's when there is busted.
    private func alternate(
        _ ours: SuiteBenchmark, specs: URL, log: URL
    ) throws -> (ours: BestOfRuns, theirs: BestOfRuns) {
        var (single, theirs) = (BestOfRuns(), BestOfRuns())
        for _ in 0..<runs {
            single.add(try ours.checkedRun(jobs: 1))
            if let busted { theirs.add(try busted.checkedRun(specs: specs, count: suite.scenarioCount, log: log)) }
        }
        return (single, theirs)
    }

    /// The best of `runs` checked runs of ours on `jobs` workers.
    private func best(of ours: SuiteBenchmark, jobs: Int) throws -> BestOfRuns {
        var best = BestOfRuns()
        for _ in 0..<runs { best.add(try ours.checkedRun(jobs: jobs)) }
        return best
    }

    private func figures(_ runner: String, _ best: BestOfRuns) -> [String] {
        let rate = Int(Double(suite.scenarioCount) / best.seconds)
        return [runner, format(best.seconds, digits: 3) + " s", "\(rate)", mebibytes(best.peakKiB)]
    }

    /// Prints the ratio and returns the goal's row: busted's time over ours, at least 3×.
    private func verdict(_ measureName: String, ours: BestOfRuns, theirs: BestOfRuns) -> GoalRow {
        guard busted != nil else {
            print("  busted is not installed: its rows are skipped (`make bench` installs lua-busted when it can)")
            return GoalRow(measure: measureName, goal: "≥ 3× busted", measured: "no busted", verdict: .unknown)
        }
        let value = theirs.seconds / ours.seconds
        print("  busted / vcsandbox -j 1: \(ratio(value)) (goal ≥ 3×)")
        return GoalRow(measure: measureName, goal: "≥ 3× busted", measured: ratio(value), verdict: Verdict(value >= 3))
    }
}
