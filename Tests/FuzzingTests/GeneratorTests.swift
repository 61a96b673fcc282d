import Fuzzing
import Testing

/// The generator: reproducible from a seed, and its scripts always valid Lua that runs to
/// its end.
struct GeneratorTests {
    @Test func splitMixGivesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        // The reference implementation's first outputs for seed 0 (Vigna's splitmix64.c).
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func splitMixPicksWithinRanges() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            #expect((3...5).contains(random.int(in: 3...5)))
            let unit = random.unit()
            #expect(unit >= 0 && unit < 1)
            #expect([0, 1, 2].contains(random.weightedIndex([0, 5, 1])))
            #expect(random.weightedIndex([0, 5, 1]) != 0)
        }
    }

    @Test(arguments: [1, 2, 99, 12345, UInt64.max])
    func sameSeedSameScript(seed: UInt64) {
        let first = ScenarioGenerator.script(seed: seed)
        let second = ScenarioGenerator.script(seed: seed)
        #expect(first == second)
        #expect(first.checkedText == second.checkedText)
    }

    @Test func differentSeedsDifferentScripts() {
        let texts = Set((1...50).map { ScenarioGenerator.script(seed: $0).checkedText })
        #expect(texts.count == 50)
    }

    @Test func scriptsHaveTheAdvertisedShape() {
        for seed in UInt64(1)...200 {
            let script = ScenarioGenerator.script(seed: seed)
            // 15 to 70 operations, the final settle, and the set-up's one or two settles.
            #expect((17...73).contains(script.operationCount), "seed \(seed): \(script.operationCount) operations")
            #expect(script.steps.last?.kind == .settle)
            #expect(Set(script.steps.map(\.id)).count == script.steps.count)
        }
    }

    /// Every container kind, More tabs, gestures, presentations and callbacks come up.
    @Test func scriptsCoverTheAPI() {
        let text = (1...300).map { ScenarioGenerator.script(seed: $0).checkedText }.joined()
        for needle in [
            "NavigationController {", "TabBarController {", "SplitViewController {", "Window {",
            "moreNavigationController", "user.swipeBack", "user.swipeDown", ":update(", ":finish()", ":cancel()",
            "user.tapTab", "user.tapBack", "user.rotate", ":present(", ":dismiss(", ":transition(", ":addChild(",
            ":removeFromParent()", ":didMove(", ":willMove(nil)", ":show(", ":showDetailViewController(",
            ".isHidden = true", ".size = ", ".rootViewController = ", "advance(", "async(", "after(",
            "FUZZ-PLANTED", ".delegate = {", "beginAppearanceTransition", "popToRootViewController",
            "popToViewController", "setViewControllers", "selectedIndex",
        ] {
            #expect(text.contains(needle), "no script of seeds 1...300 uses \(needle)")
        }
    }

    /// The generated Lua runs to its end: no error escapes the steps but the engine's own.
    @Test func scriptsRunToTheirEnd() {
        for seed in UInt64(1)...60 {
            let outcome = FuzzRun.run(seed: seed)
            #expect(outcome.first(.scriptError) == nil, "seed \(seed): \(outcome.first(.scriptError)?.message ?? "")")
            #expect(outcome.counts.steps >= ScenarioGenerator.script(seed: seed).steps.count)
        }
    }
}
