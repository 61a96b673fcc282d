// `@preconcurrency`: the bench line-buffers `stdout`, a C global, from its one thread.
@preconcurrency import Foundation

/// `make bench`: the side-by-side measurement of issue 18, printed as figures and ratios
/// from one run, then a table of every goal with its figure and whether it is met.
///
/// The sections run in this order: a generated suite of 1,000 pure-Lua files, then one with
/// simulator work, each under `vcsandbox test -j 1` beside busted on equivalent specs
/// (`SuiteComparison.swift`); `vcsandbox run` start-up beside `lua5.4`
/// (`StartupBenchmark.swift`); the scaling table (`ScalingBenchmark.swift`); a 40-line
/// `...` block over 10⁶ events (`WildcardBlockBenchmark.swift`); the REPL
/// (`ReplBenchmark.swift`); then, in this process, the bridge and the engine
/// (`EngineBenchmark.swift`). Everything that runs a child comes before what grows this
/// process: a child's peak memory can only be told above the memory the bench holds when it
/// forks (see `runChild`).
///
/// `vcsandbox-bench engine` prints only the engine's figures, quickly, without child
/// processes, so that it can also run under callgrind (`vcsandbox-bench events`: only the
/// events per second; `vcsandbox-bench bridge`: only the bridge's figures); `vcsandbox-bench event-bytes` prints
/// the bytes per recorded event, measured in its own fresh process; `vcsandbox-bench
/// write-suites DIR` writes the generated suites of sections 1 and 2 there, for profiling.
///
/// A section that fails prints why and shows as FAILED in the table; the others still run,
/// and the bench then exits with status 1.

/// Runs one section under `title`: its rows, or on failure the reason, printed, and a FAILED row.
func section(_ title: String, _ measure: () throws -> [GoalRow]) -> [GoalRow] {
    printHeading(title)
    let clock = ContinuousClock()
    let start = clock.now
    defer { print("  (\(format(seconds(clock.now - start))) s)") }
    do {
        return try measure()
    } catch {
        print("  FAILED: \(error)")
        let name = title.split(separator: ":").first.map(String.init) ?? title
        return [GoalRow(measure: name, goal: "runs", measured: "see above", verdict: .failed)]
    }
}

/// The bench's first lines: when, where, and how busy the machine was.
func printPreamble() {
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
    print("vcsandbox-bench (issue 18), \(Date().formatted(.iso8601))")
    print(
        "\(ProcessInfo.processInfo.activeProcessorCount) cores, load average "
            + (load?.joined(separator: " ") ?? "unknown") + "; release builds; wall times unless said")
}

switch CommandLine.arguments.dropFirst().first {
case "engine":
    print("engine events recorded per second:   \(Int(try eventsPerSecond()))")
    print("navigation push+pop round trips/s:   \(Int(try navigationRoundTripsPerSecond()))")
    print("present+dismiss round trips/s:       \(Int(try presentationRoundTripsPerSecond()))")
    exit(0)
case "events":
    // Only the events-per-second figure, for `perf stat` and callgrind.
    print("engine events recorded per second:   \(Int(try eventsPerSecond()))")
    exit(0)
case "bridge":
    // Only the bridge's figures (section 7).
    _ = BridgeBenchmark().measure()
    exit(0)
case "event-bytes":
    print(try bytesPerEvent(events: 1_000_000))
    exit(0)
case "write-suites":
    // The two generated suites of sections 1 and 2, kept for profiling: `write-suites DIR`.
    let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst(2).first ?? "bench-suites")
    try PureLuaSuite(fileCount: 1_000).write(to: folder.appendingPathComponent("pure-lua"))
    try GeneratedSuite(fileCount: 1_000).write(to: folder.appendingPathComponent("simulator"))
    print("wrote \(folder.path)/pure-lua and \(folder.path)/simulator")
    exit(0)
case nil:
    break
default:
    // `--help` and anything unknown: what the bench takes, rather than a full run unasked.
    print(
        """
        usage: vcsandbox-bench [engine | events | bridge | event-bytes | write-suites DIR]
          (no argument)  the whole bench of issue 18 and its table of goals (make bench)
          engine         the engine's events per second and round trips, in this process
          events         only the events per second (for perf stat and callgrind)
          bridge         only the bridge's figures: a property read and a method call beside string.len
          event-bytes    the bytes per recorded event, in a fresh process
          write-suites   the generated suites of sections 1 and 2, written to DIR for profiling
        """)
    exit(["--help", "-h", "help"].contains(CommandLine.arguments[1]) ? 0 : 2)
}

setvbuf(stdout, nil, _IOLBF, 0)
printPreamble()
let binary = try siblingExecutable("vcsandbox")
let folder = try makeTemporaryFolder()
let busted = BustedRunner.find()
if busted == nil { print("busted or lua5.4 is not installed: the busted rows are skipped") }
var rows: [GoalRow] = []

rows += section("1. 1,000 pure-Lua files: vcsandbox test -j 1 against busted") {
    let comparison = SuiteComparison(suite: PureLuaSuite(fileCount: 1_000), binary: binary, busted: busted)
    return [try comparison.measure(measureName: "1,000 pure-Lua files vs busted, -j 1")]
}
rows += section("2. 1,000 files with simulator work: vcsandbox test -j 1 against busted modelling it") {
    var comparison = SuiteComparison(suite: GeneratedSuite(fileCount: 1_000), binary: binary, busted: busted)
    comparison.alsoJobs = [ProcessInfo.processInfo.activeProcessorCount].filter { $0 > 1 }
    return [try comparison.measure(measureName: "1,000 simulator files vs busted model, -j 1")]
}
rows += section("3. Start-up: vcsandbox run EMPTY.lua against lua5.4 EMPTY.lua") {
    try StartupBenchmark(binary: binary, folder: folder).measure()
}
rows += section("4. Scaling: time per item and peak memory at N = 10³, 10⁴, 10⁵") {
    try ScalingBenchmark(binary: binary, folder: folder).measure()
}
rows += section("5. One 40-line `...` expect block over 10⁶ events, through vcsandbox run") {
    [try WildcardBlockBenchmark(binary: binary, folder: folder).measure()]
}
rows += section("6. The REPL, fed from a file") {
    print("  " + (try replFigures(pushes: 1_000)))
    return []
}
rows += section("7. The bridge, in this process") {
    BridgeBenchmark().measure()
}
rows += section("8. The engine, in this process (bytes per event in a fresh one)") {
    try engineFigures(folder: folder)
}
printSummary(rows)
try? FileManager.default.removeItem(at: folder)
exit(rows.contains { $0.verdict == .failed } ? 1 : 0)
