import Foundation
import HierarchyEngine
import LuaBinding

/// `make bench`: the cost of crossing the Lua–Swift bridge beside a native Lua C function,
/// and the engine's events recorded per second, measured in one release-built process.
///
/// Each Lua figure is the time of a loop doing the operation minus the time of the same
/// loop doing nothing, divided by the iteration count; the best of five runs is kept.
///
/// `vcsandbox-bench engine` prints only the engine's figures, quickly, without child
/// processes, so that it can also run under callgrind.
///
/// Last, the scenarios per second and the peak memory of the release `vcsandbox` binary
/// running a generated suite of 1,000 small scenario files (`SuiteBenchmark.swift`), and its
/// REPL's inputs per second over a piped session of 3,003 inputs (`ReplBenchmark.swift`).

let iterations = 5_000_000

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The best wall time of five runs of `body` in a fresh session.
func bestTime(_ body: String) -> Double {
    let source = """
        local vc = Controller "A"
        vc:loadViewIfNeeded()
        local s = "abc"
        local t = setmetatable({}, { __index = rawget })
        local x
        for i = 1, \(iterations) do \(body) end
        """
    var best = Double.infinity
    for _ in 0..<5 {
        let session = Session()
        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = session.runScript(source: source, file: "bench.lua")
        let elapsed = seconds(clock.now - start)
        if let failure = outcomes.first?.result.failure { fatalError("benchmark script failed: \(failure.message)") }
        best = min(best, elapsed)
    }
    return best
}

/// Nanoseconds one operation adds to an empty loop iteration.
func nanoseconds(_ body: String, baseline: Double) -> Double {
    (bestTime(body) - baseline) / Double(iterations) * 1e9
}

/// Events the engine records per second while a parent with two children appears and
/// disappears through begin/end appearance transitions.
func eventsPerSecond() throws -> Double {
    let world = World()
    let parent = try world.makeController(named: "P")
    for name in ["C1", "C2"] {
        let child = try world.makeController(named: name)
        try parent.addChild(child)
        try parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }
    let rounds = 200_000
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<rounds {
        parent.beginAppearanceTransition(true, animated: false)
        parent.endAppearanceTransition()
        parent.beginAppearanceTransition(false, animated: false)
        parent.endAppearanceTransition()
    }
    let elapsed = seconds(clock.now - start)
    return Double(world.trace.events.count) / elapsed
}

/// Animated push-and-pop round trips per second on a shown navigation controller, each
/// through its whole transition in virtual time (two transitions, 16 trace events).
func navigationRoundTripsPerSecond() throws -> Double {
    let world = World()
    let nav = try world.make(NavigationController.self, named: "Nav")
    let b = try world.makeController(named: "B")
    try nav.setViewControllers([world.makeController(named: "A")], animated: false)
    let window = world.makeWindow()
    try window.setRootViewController(nav)
    window.makeKeyAndVisible()
    try world.runLoop.settle()
    return try roundTripsPerSecond {
        try nav.pushViewController(b, animated: true)
        try world.runLoop.settle()
        try nav.popViewController(animated: true)
        try world.runLoop.settle()
    }
}

// `vcsandbox test` end to end, with -j 1 and -j the number of cores: measured first, while
// the bench is still small (a child's peak memory can only be told above the memory the
// bench holds when it forks), and printed last.
if CommandLine.arguments.dropFirst().first == "engine" {
    print("engine events recorded per second:   \(Int(try eventsPerSecond()))")
    print("navigation push+pop round trips/s:   \(Int(try navigationRoundTripsPerSecond()))")
    print("present+dismiss round trips/s:       \(Int(try presentationRoundTripsPerSecond()))")
    exit(0)
}

let suiteLines = suiteFigures(fileCount: 1_000)
let replLine = replFigures(pushes: 1_000)

let baseline = bestTime("")
let native = nanoseconds("x = string.len(s)", baseline: baseline)
let floor = nanoseconds("x = t.missing", baseline: baseline)
let property = nanoseconds("x = vc.isViewLoaded", baseline: baseline)
let method = nanoseconds("vc:loadViewIfNeeded()", baseline: baseline)

/// Animated full-screen present-and-dismiss round trips per second from a shown window's
/// root, each two whole transitions in virtual time with the presenter's callbacks.
func presentationRoundTripsPerSecond() throws -> Double {
    let world = World()
    let a = try world.makeController(named: "A")
    let b = try world.makeController(named: "B")
    b.modalPresentationStyle = .fullScreen
    let window = world.makeWindow()
    try window.setRootViewController(a)
    window.makeKeyAndVisible()
    try world.runLoop.settle()
    return try roundTripsPerSecond {
        try a.present(b, animated: true)
        try world.runLoop.settle()
        b.dismiss(animated: true)
        try world.runLoop.settle()
    }
}

/// How many times per second `round` runs, over 50,000 rounds.
func roundTripsPerSecond(_ round: () throws -> Void) throws -> Double {
    let rounds = 50_000
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<rounds { try round() }
    return Double(rounds) / seconds(clock.now - start)
}

func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return String(rounded)
}

print("iterations per loop:                 \(iterations) (best of 5)")
print("native C function, string.len(s):    \(format(native)) ns")
print("native C __index, rawget (the floor): \(format(floor)) ns   (\(format(floor / native))× native)")
print("bridged property read, vc.isViewLoaded: \(format(property)) ns   (\(format(property / native))× native)")
print("bridged method call, vc:loadViewIfNeeded(): \(format(method)) ns   (\(format(method / native))× native)")
print("engine events recorded per second:   \(Int(try eventsPerSecond()))")
print("navigation push+pop round trips/s:   \(Int(try navigationRoundTripsPerSecond()))")
print("present+dismiss round trips/s:       \(Int(try presentationRoundTripsPerSecond()))")
for line in suiteLines { print(line) }
print(replLine)
