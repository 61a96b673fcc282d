import Foundation

/// The start-up of `vcsandbox run` on an empty script beside `lua5.4` on the same file
/// (issue 18: at most 3×).
///
/// `runs` runs of each, alternating, so that both meet the same load; every run is a fresh
/// process, timed from `fork` to its end. The best and the median are printed, the goal
/// judged on the best (the least disturbed by a busy machine). When valgrind is installed,
/// each is also counted in instructions under callgrind, which no load can disturb.
///
/// ```
///   program                  best    median  instructions
///   vcsandbox run EMPTY.lua  9.81 ms  11.20 ms   36,819,689
///   lua5.4 EMPTY.lua         0.98 ms   1.20 ms    1,001,034
/// ```
struct StartupBenchmark {
    let binary: String
    let folder: URL
    var runs = 50

    private var script: String { folder.appendingPathComponent("empty.lua").path }
    private var log: String { folder.appendingPathComponent("startup.txt").path }

    /// Measures both, prints the figures and returns the goal rows (wall time, and
    /// instructions when callgrind could count them).
    func measure() throws -> [GoalRow] {
        try "".write(toFile: script, atomically: true, encoding: .utf8)
        guard let lua = executableInPath("lua5.4") else {
            print("  lua5.4 is not installed: the comparison is skipped (`make bench` installs it when it can)")
            let row = GoalRow(measure: Self.measureName, goal: "≤ 3×", measured: "no lua5.4", verdict: .unknown)
            return [row]
        }
        let commands = [
            Command(label: "vcsandbox run EMPTY.lua", executable: binary, arguments: ["run", script]),
            Command(label: "lua5.4 EMPTY.lua", executable: lua, arguments: [script]),
        ]
        var times: [[Double]] = [[], []]
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() { times[index].append(try timedRun(command)) }
        }
        let counts = try commands.map(instructions)
        let rows = commands.indices.map { index in
            [
                commands[index].label, milliseconds(times[index].min()!), milliseconds(median(times[index])),
                counts[index].map(grouped) ?? "-",
            ]
        }
        print("  \(runs) runs of each, alternating; wall time per run, fork to exit")
        printTable(["program", "best", "median", "instructions"], rows, rightAligned: [1, 2, 3])
        return verdicts(wall: times[0].min()! / times[1].min()!, instructions: counts)
    }

    /// A program to start, as the table names it.
    private struct Command {
        let label: String
        let executable: String
        let arguments: [String]
    }

    private static let measureName = "vcsandbox run start-up vs lua5.4"

    /// Prints the ratios and returns the rows: the wall time's, and the instructions' if counted.
    private func verdicts(wall: Double, instructions counts: [Int?]) -> [GoalRow] {
        print("  vcsandbox / lua5.4, best wall time: \(ratio(wall)) (goal ≤ 3×)")
        var rows = [
            GoalRow(measure: Self.measureName, goal: "≤ 3×", measured: ratio(wall), verdict: Verdict(wall <= 3))
        ]
        if let ours = counts[0], let theirs = counts[1] {
            let value = Double(ours) / Double(theirs)
            print("  vcsandbox / lua5.4, instructions: \(ratio(value))")
            rows.append(
                GoalRow(
                    measure: "start-up in instructions (callgrind)", goal: "≤ 3×", measured: ratio(value),
                    verdict: Verdict(value <= 3)))
        } else {
            print("  valgrind is not installed: no instruction counts")
        }
        return rows
    }

    /// The wall time of one checked run, without measuring its memory.
    private func timedRun(_ command: Command) throws -> Double {
        let run = try runChild(command.executable, command.arguments, ChildOptions(log: log, measuresMemory: false))
        guard run.status == 0 else { throw BenchFailure("`\(command.label)` exited with \(run.status)") }
        return run.seconds
    }

    /// The instructions a run executes, as callgrind counts them; nil without valgrind.
    private func instructions(_ command: Command) throws -> Int? {
        guard let valgrind = executableInPath("valgrind") else { return nil }
        let options = ["--tool=callgrind", "--callgrind-out-file=/dev/null", command.executable]
        _ = try runChild(valgrind, options + command.arguments, ChildOptions(log: log, measuresMemory: false))
        let output = try String(contentsOfFile: log, encoding: .utf8)
        // callgrind's closing summary: "==1234== Collected : 36819689".
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let count = Int(line.split(separator: " ").last ?? "")
        else {
            throw BenchFailure(
                "callgrind printed no instruction count for `\(command.label)`:\n\(output.suffix(1_000))")
        }
        return count
    }
}

/// The median of `values` (the mean of the middle two when their count is even).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Seconds as milliseconds with two decimals: `9.81 ms`.
func milliseconds(_ seconds: Double) -> String {
    format(seconds * 1_000, digits: 2) + " ms"
}
