import Foundation
import HierarchyEngine
import LuaBinding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cost of crossing the Lua–Swift bridge beside a native Lua C function, measured in
/// this release-built process (issue 18: a property read at most 1.2× `string.len`, a
/// method call at most 1.5×).
///
/// Each figure is the time of a loop doing the operation minus the time of the same loop
/// doing nothing, divided by the iteration count. The loops run in the sandbox, count hook
/// included, as every script does. Times are this thread's CPU time, which a busy machine's
/// other processes do not add to (though they still slow it, through the caches and the
/// core's other thread); the five loops run in turn, eleven short rounds, and each keeps its
/// best round, so that a slow spell of the machine falls on all of them alike and each loop
/// has many chances to meet a quiet one.
struct BridgeBenchmark {
    var iterations = 2_000_000
    var rounds = 11

    /// Measures, prints the figures, and returns the two goal rows.
    func measure() -> [GoalRow] {
        let bodies = ["", "x = string.len(s)", "x = t.missing", "x = vc.isViewLoaded", "vc:loadViewIfNeeded()"]
        var best = Array(repeating: Double.infinity, count: bodies.count)
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() { best[index] = min(best[index], time(body)) }
        }
        let perIteration = best.map { ($0 - best[0]) / Double(iterations) * 1e9 }
        let (native, floor, property, method) = (perIteration[1], perIteration[2], perIteration[3], perIteration[4])
        print(
            "  \(grouped(iterations)) iterations per loop, CPU time, best of \(rounds) rounds, the empty loop subtracted"
        )
        let rows = [
            ["native C function, string.len(s)", format(native) + " ns", ratio(1)],
            ["native C __index, rawget (the floor)", format(floor) + " ns", ratio(floor / native)],
            ["bridged property read, vc.isViewLoaded", format(property) + " ns", ratio(property / native)],
            ["bridged method call, vc:loadViewIfNeeded()", format(method) + " ns", ratio(method / native)],
        ]
        printTable(["operation", "time", "vs string.len"], rows, rightAligned: [1, 2])
        return [
            GoalRow(
                measure: "bridged property read vs string.len", goal: "≤ 1.2×", measured: ratio(property / native),
                verdict: Verdict(property / native <= 1.2)),
            GoalRow(
                measure: "bridged method call vs string.len", goal: "≤ 1.5×", measured: ratio(method / native),
                verdict: Verdict(method / native <= 1.5)),
        ]
    }

    /// The CPU time of one run of `body` in a loop, in a fresh session.
    private func time(_ body: String) -> Double {
        let source = """
            local vc = Controller "A"
            vc:loadViewIfNeeded()
            local s = "abc"
            local t = setmetatable({}, { __index = rawget })
            local x
            for i = 1, \(iterations) do \(body) end
            """
        let session = Session()
        let start = threadCPUSeconds()
        let outcomes = session.runScript(source: source, file: "bench.lua")
        let elapsed = threadCPUSeconds() - start
        if let failure = outcomes.first?.result.failure {
            fatalError("benchmark script failed: \(failure.message)")
        }
        return elapsed
    }
}

/// The CPU time this thread has used, in seconds.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A world holding a parent with two children, ready to appear and disappear by hand: each
/// round of `appearAndDisappear` records 12 lifecycle events.
struct AppearingParent {
    let world = World()
    let parent: ViewController

    init() throws {
        parent = try world.makeController(named: "P")
        for name in ["C1", "C2"] {
            let child = try world.makeController(named: name)
            try parent.addChild(child)
            try parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
        }
    }

    /// `rounds` times: appears, then disappears, through begin/end appearance transitions.
    func appearAndDisappear(rounds: Int) {
        for _ in 0..<rounds {
            parent.beginAppearanceTransition(true, animated: false)
            parent.endAppearanceTransition()
            parent.beginAppearanceTransition(false, animated: false)
            parent.endAppearanceTransition()
        }
    }
}

/// Events the engine records per second while a parent with two children appears and
/// disappears through begin/end appearance transitions (issue 18: at least 10⁷): the best of
/// three fresh worlds, each recording 5.2 million events, as the bridge's figures are the
/// best of five (a busy machine only ever slows a run down).
func eventsPerSecond() throws -> Double {
    var best = 0.0
    for _ in 0..<3 {
        let scene = try AppearingParent()
        let clock = ContinuousClock()
        let start = clock.now
        scene.appearAndDisappear(rounds: 200_000)
        let elapsed = seconds(clock.now - start)
        best = max(best, Double(scene.world.trace.events.count) / elapsed)
    }
    return best
}

/// The bytes one recorded event holds: the growth of this process's resident memory while a
/// world records `events` of them (the trace's array and whatever each event allocates).
///
/// Meant for a fresh process (`vcsandbox-bench event-bytes`): memory an earlier part freed
/// would be reused and hide the growth.
func bytesPerEvent(events: Int) throws -> Double {
    let scene = try AppearingParent()
    let before = try residentBytes()
    let recorded = scene.world.trace.events.count
    scene.appearAndDisappear(rounds: events / 12)
    let grown = try residentBytes() - before
    return Double(grown) / Double(scene.world.trace.events.count - recorded)
}

/// This process's resident memory in bytes, from `/proc/self/statm` (its second field, in pages).
private func residentBytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else {
        throw BenchFailure("cannot read /proc/self/statm: \(statm)")
    }
    return pages * sysconf(Int32(_SC_PAGESIZE))
}

/// Runs `vcsandbox-bench event-bytes` in a fresh process and reads its one figure.
func bytesPerEventInChild(folder: URL) throws -> Double {
    let log = folder.appendingPathComponent("event-bytes.txt").path
    let options = ChildOptions(log: log, measuresMemory: false)  // it measures itself
    let run = try runChild(try siblingExecutable("vcsandbox-bench"), ["event-bytes"], options)
    let output = try String(contentsOfFile: log, encoding: .utf8)
    guard run.status == 0, let value = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw BenchFailure("`vcsandbox-bench event-bytes` failed (\(run.status)):\n\(output)")
    }
    return value
}

/// Animated push-and-pop round trips per second on a shown navigation controller, each
/// through its whole transition in virtual time (two transitions, 16 trace events).
func navigationRoundTripsPerSecond() throws -> Double {
    let world = World()
    let nav = try world.make(NavigationController.self, named: "Nav")
    let b = try world.makeController(named: "B")
    try nav.setViewControllers([world.makeController(named: "A")], animated: false)
    try show(nav, in: world)
    return try roundTripsPerSecond {
        try nav.pushViewController(b, animated: true)
        try world.runLoop.settle()
        try nav.popViewController(animated: true)
        try world.runLoop.settle()
    }
}

/// Makes `root` the root of a new key window and settles its appearance.
private func show(_ root: ViewController, in world: World) throws {
    let window = world.makeWindow()
    try window.setRootViewController(root)
    window.makeKeyAndVisible()
    try world.runLoop.settle()
}

/// Animated full-screen present-and-dismiss round trips per second from a shown window's
/// root, each two whole transitions in virtual time with the presenter's callbacks.
func presentationRoundTripsPerSecond() throws -> Double {
    let world = World()
    let a = try world.makeController(named: "A")
    let b = try world.makeController(named: "B")
    b.modalPresentationStyle = .fullScreen
    try show(a, in: world)
    return try roundTripsPerSecond {
        try a.present(b, animated: true)
        try world.runLoop.settle()
        b.dismiss(animated: true)
        try world.runLoop.settle()
    }
}

/// How many times per second `round` runs, over 50,000 rounds.
private func roundTripsPerSecond(_ round: () throws -> Void) throws -> Double {
    let rounds = 50_000
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<rounds { try round() }
    return Double(rounds) / seconds(clock.now - start)
}

/// The engine's figures: events per second and bytes per event (the goals' rows), and the
/// round trips per second, for the record.
func engineFigures(folder: URL) throws -> [GoalRow] {
    let rate = try eventsPerSecond()
    let bytes = try bytesPerEventInChild(folder: folder)
    print("  engine events recorded per second:   \(grouped(Int(rate)))   (goal ≥ 10,000,000)")
    print("  bytes per recorded event:            \(format(bytes))   (resident growth over 10⁶ events, fresh process)")
    print("  navigation push+pop round trips/s:   \(grouped(Int(try navigationRoundTripsPerSecond())))")
    print("  present+dismiss round trips/s:       \(grouped(Int(try presentationRoundTripsPerSecond())))")
    return [
        GoalRow(
            measure: "engine events recorded per second", goal: "≥ 10⁷", measured: grouped(Int(rate)),
            verdict: Verdict(rate >= 1e7)),
        GoalRow(measure: "bytes per recorded event", goal: "none set", measured: format(bytes), verdict: .reported),
    ]
}
