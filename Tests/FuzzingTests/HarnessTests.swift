import Fuzzing
import Testing

/// The checks, on hand-written checked scripts: what they flag and what they leave alone.
struct HarnessTests {
    /// A checked script of `steps` (code, kind), numbered from 1.
    private func run(_ steps: [(String, StepKind)], variables: [String]) -> SeedOutcome {
        let numbered = steps.enumerated().map { Step(id: $0.offset + 1, kind: $0.element.1, code: $0.element.0) }
        return FuzzRun.run(FuzzScript(seed: 0, iosVersion: 17, variables: variables, steps: numbered))
    }

    @Test func aSoundScenarioPasses() {
        let outcome = run(
            [
                ("A = Controller \"A\"", .setup), ("B = Controller \"B\"", .setup),
                ("N = NavigationController { \"N\", A }", .setup), ("W = Window { root = N }", .setup),
                ("settle()", .settle), ("N:pushViewController(B, true)", .operation), ("advance(0.1)", .operation),
                ("G = user.swipeBack(N); gesture(G)", .gesture), ("settle()", .settle), ("G:cancel()", .operation),
                ("settle()", .settle),
            ], variables: ["A", "B", "N", "W", "G"])
        #expect(outcome.violations.isEmpty, "\(outcome.violations)")
        #expect(outcome.counts.steps == 11)
    }

    /// Refusals that change nothing are counted, not flagged; a planted error is neither.
    @Test func refusalsAreCountedByKind() {
        let outcome = run(
            [
                ("A = Controller \"A\"", .setup), ("N = NavigationController { \"N\", A }", .setup),
                ("N:pushViewController(A, true)", .operation),  // UIKit's exception
                ("N:popToViewController(N, true)", .operation),  // UIKit's exception
                ("N:pushViewController(nil)", .operation),  // a usage error
                ("A.viewDidLoad = function(self) error(\"FUZZ-PLANTED A.viewDidLoad\") end", .setup),
                ("local _ = A.view", .operation),  // raises the planted error
            ], variables: ["A", "N"])
        #expect(outcome.violations.isEmpty, "\(outcome.violations)")
        #expect(outcome.counts.exceptions == 2)
        #expect(outcome.counts.usageErrors == 1)
        #expect(outcome.counts.planted == 1)
    }

    /// After settle() with a swipe held open, the transition it drives may run on; once let
    /// go and settled, nothing may.
    @Test func anOpenGestureMayHoldItsTransition() {
        let outcome = run(
            [
                ("A = Controller \"A\"", .setup), ("B = Controller \"B\"", .setup),
                ("N = NavigationController { \"N\", A, B }", .setup), ("W = Window { root = N }", .setup),
                ("settle()", .settle), ("G = user.swipeBack(N); gesture(G)", .gesture), ("G:update(0.5)", .operation),
                ("settle()", .settle), ("G:finish()", .operation), ("settle()", .settle),
            ], variables: ["A", "B", "N", "W", "G"])
        #expect(outcome.violations.isEmpty, "\(outcome.violations)")
    }

    @Test func errorsSortByTheirText() {
        #expect(Violation(family: .unchanged, step: 1, message: "C12 lists N3 2 times").shape == "# lists # # times")
        let seenInside = Violation(
            family: .callbackLinks, step: 1, message: "inside C3.didMove#4: Window2's root C1 has a parent\nmore")
        #expect(seenInside.shape == "#'s root # has a parent")
    }

    /// Every family a run checks has a summary for the report.
    @Test func familiesDescribeThemselves() {
        for family in Family.checked { #expect(!family.summary.isEmpty) }
        #expect(!Family.checked.contains(.planted))
    }
}
