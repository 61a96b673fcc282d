import Foundation

/// `vcsandbox repl` end to end: a session of `pushes` animated push-and-pop pairs typed as
/// separate inputs (three per pair: make, push, pop; each settled, as every input is), read
/// from a file, as `vcsandbox repl < inputs` would. Reports inputs per second, start-up
/// included, and the peak memory; fails unless the session ends well and `:tree` shows the
/// stack back at its root.
///
/// ```
/// repl, 3003 inputs (1000 push+pop pairs): 92463 inputs/s, peak memory 23.6 MiB
/// ```
func replFigures(pushes: Int) throws -> String {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var inputs = [#"nav = NavigationController { "Nav", Controller "A" }"#, "w = Window { root = nav }"]
    for index in 0..<pushes {
        inputs += [
            #"local c\#(index) = Controller "C\#(index)""#, "nav:pushViewController(c\(index), true)",
            "nav:popViewController(true)",
        ]
    }
    inputs.append(":tree")
    let input = folder.appendingPathComponent("inputs").path
    let log = folder.appendingPathComponent("log").path
    try (inputs.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
    let binary = try siblingExecutable("vcsandbox")
    let runs = try (0..<3).map { _ in try runChild(binary, ["repl"], input: input, log: log) }
    let output = try String(contentsOfFile: log, encoding: .utf8)
    guard runs.allSatisfy({ $0.status == 0 }), output.hasSuffix("| | <Controller A, appeared>\n") else {
        throw BenchFailure("the REPL session did not end as expected:\n" + output.suffix(2_000))
    }
    let best = runs.min { $0.seconds < $1.seconds }!
    return
        "repl, \(inputs.count) inputs (\(pushes) push+pop pairs): \(Int(Double(inputs.count) / best.seconds)) inputs/s, "
        + "peak memory \(format(Double(runs.map(\.peakKiB).max()!) / 1024)) MiB"
}
