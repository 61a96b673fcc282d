import Foundation
import LuaBinding
import ScenarioKit

// What `vcsandbox test` refuses to read for a script because it leads out of the script's
// folder (D-89): the script itself, when found in a folder given to `test`, and its golden
// trace. A script named on the command line is read wherever it is, since it was asked for.

/// Why the script `file` is not run: it was found in a folder given to `test` (one of
/// `suites`) and its real path lies outside that folder; nil when it may run.
func scriptRefusal(_ file: String, suites: [String]) -> String? {
    let boundary = FolderBoundary(script: file, suites: suites)
    guard boundary.role == .suite else { return nil }
    return boundary.refusal(of: file).map { "refused: " + $0 }
}

/// The report of a script that is refused: one failed scenario named after the file, whose
/// failure says why; the script is never read.
func refusedScriptReport(_ file: String, suites: [String]) -> ScriptReport? {
    guard let refusal = scriptRefusal(file, suites: suites) else { return nil }
    let failure = Failure(location: file, message: refusal)
    return ScriptReport(results: [
        ScenarioResult(file: file, name: Session.scenarioName(forFile: file), failure: failure)
    ])
}

/// The golden trace's verdict; the file is read (and written) only when it lies inside the
/// script's folder, else every passing scenario fails with the reason.
func judgeGoldenTrace(
    _ policy: GoldenFilePolicy, _ results: [ScenarioResult], traces: (Int) -> [String], suites: [String]
) -> FileVerdict {
    // Nothing at the path, not even a link: nothing to read or to refuse, and a file recorded
    // there lands in the script's own folder. Most scripts have no golden trace, and the
    // boundary's real paths cost a script in a suite more than a short run (issue 18).
    var status = stat()
    if lstat(policy.path, &status) != 0, errno == ENOENT {
        return policy.judge(results, traces: traces, existing: nil)
    }
    if let refusal = FolderBoundary(script: policy.script, suites: suites).refusal(of: policy.path) {
        return policy.refused("refused: " + refusal, results)
    }
    return policy.judge(results, traces: traces, existing: readText(atPath: policy.path))
}
