import Fuzzing
import HierarchyEngine
import Testing

/// The shrinker: delta debugging down to what the failure needs, and the standalone script
/// that shows it.
struct ShrinkerTests {
    @Test func minimizeKeepsOnlyWhatTheFailureNeeds() {
        let items = Array(0..<100)
        #expect(Shrinker.minimize(items) { $0.contains(42) } == [42])
        #expect(Shrinker.minimize(items) { $0.contains(3) && $0.contains(77) } == [3, 77])
        // Order is kept, and a failure needing three apart items keeps exactly those.
        #expect(Shrinker.minimize(items) { [5, 50, 95].allSatisfy($0.contains) } == [5, 50, 95])
    }

    @Test func minimizeStopsAtItsBudget() {
        var tests = 0
        _ = Shrinker.minimize(Array(0..<100), budget: 10) { list in
            tests += 1
            return list.contains(1)
        }
        #expect(tests == 10)
    }

    /// A check planted for the test fails once C3 has appeared: the shrunk script keeps only
    /// what makes C3 appear, and every one of its steps is needed (1-minimal).
    @Test func shrinksAPlantedFailureToAMinimalScript() throws {
        let planted: (World) -> String? = { world in
            world.controller(named: "C3")?.appearance == .appeared ? "C3 appeared" : nil
        }
        let seed = try #require(
            (UInt64(1)...200).first {
                FuzzRun.run(ScenarioGenerator.script(seed: $0), plantedCheck: planted).families
                    .contains(.planted)
            })
        let script = ScenarioGenerator.script(seed: seed)
        let shrunk = Shrinker.shrink(script, keeping: .planted, plantedCheck: planted)
        let fails = { (candidate: FuzzScript) in
            FuzzRun.run(candidate, plantedCheck: planted).families.contains(.planted)
        }
        #expect(fails(shrunk))
        // A handful: making C3, what holds it, a window, the operation that shows it, a settle
        // (the first seed that plants it needs seven since issue 21's operations joined).
        #expect(shrunk.steps.count <= 8, "seed \(seed) shrank to \(shrunk.steps.count) steps:\n\(shrunk.checkedText)")
        #expect(shrunk.steps.count < script.steps.count / 3)
        #expect(shrunk.steps.contains { $0.code.contains("C3 = Controller") })
        // Each step but the kept final settle is needed.
        for index in shrunk.steps.indices.dropLast() {
            var fewer = shrunk.steps
            fewer.remove(at: index)
            #expect(!fails(shrunk.keeping(fewer)), "step \(shrunk.steps[index].id) is not needed")
        }
    }

    /// A standalone script is valid Lua for every family's witness, and runs under a plain
    /// session (as `vcsandbox run`) without an error of its own.
    @Test(arguments: Family.allCases)
    func standaloneScriptsRunWithoutTheFuzzer(family: Family) {
        for seed in UInt64(1)...5 {
            let script = ScenarioGenerator.script(seed: seed)
            let step = script.steps[script.steps.count / 2].id
            let violation = Violation(family: family, step: step, message: "inside block#1: probe")
            let text = Witness.standaloneText(script, showing: violation)
            let failure = FuzzRun.runPlain(text: text, iosVersion: script.iosVersion, file: "standalone.lua")
            let isWitness = failure?.contains("fuzz witness (\(family.rawValue))") ?? true
            let isKeptError = failure?.contains(ScenarioGenerator.plantedMarker) ?? false
            #expect(isWitness || isKeptError, "seed \(seed), \(family.rawValue): \(failure ?? "")")
        }
    }

    /// A witness speaks only of a broken hierarchy: on a sound one, every family's stays silent.
    @Test func witnessesStaySilentOnASoundHierarchy() {
        let steps = [
            Step(id: 1, kind: .setup, code: "C1 = Controller \"C1\""),
            Step(id: 2, kind: .setup, code: "N1 = NavigationController { \"N1\", C1 }"),
            Step(id: 3, kind: .setup, code: "W1 = Window { root = N1 }"),
            Step(id: 4, kind: .settle, code: "settle()"),
        ]
        let script = FuzzScript(seed: 0, iosVersion: 17, variables: ["C1", "N1", "W1"], steps: steps)
        for family in Family.allCases {
            let text = Witness.standaloneText(script, showing: Violation(family: family, step: 4, message: "probe"))
            #expect(FuzzRun.runPlain(text: text, iosVersion: 17, file: "sound.lua") == nil, "\(family.rawValue)")
        }
    }
}
