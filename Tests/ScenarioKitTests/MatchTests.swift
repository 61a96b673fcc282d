import Testing

@testable import ScenarioKit

@Suite struct MatchTests {
    @Test(arguments: [
        ("A.viewWillAppear(true)", "A.viewWillAppear(true)"),
        ("A.viewWillAppear", "A.viewWillAppear(true)"),
        ("A.viewDidLoad", "A.viewDidLoad()"),
        ("Nav.delegate.willShow", "Nav.delegate.willShow(B, animated: true)"),
        ("A.view*", "A.viewWillAppear(true)"),
        ("*.viewWillAppear", "B.viewWillAppear(false)"),
        ("B.willMove(toParent: *)", "B.willMove(toParent: A)"),
        ("*(*)", "B.willMove(toParent: A)"),
        ("*", "anything at all"),
        ("A.*Will*(true)", "A.viewWillAppear(true)"),
        (
            "warning: Attempt to present C on *",
            "warning: Attempt to present C on A (from A) which is already presenting B."
        ),
        ("note: step (1)", "note: step (1)"),
    ])
    func matches(pattern: String, line: String) {
        #expect(Expectation.matches(pattern: pattern, line: line))
    }

    @Test(arguments: [
        ("A.viewWillAppear(true)", "A.viewWillAppear(false)"),
        ("A.viewWillAppear", "A.viewWillAppearing(true)"),
        ("A.viewWillAppear", "B.viewWillAppear(true)"),
        ("A.viewWillAppear()", "A.viewWillAppear(true)"),
        ("A.view*", "B.viewWillAppear(true)"),
        ("A.*Will*(true)", "A.viewDidAppear(true)"),
        ("*Disappear", "A.viewWillAppear(true)"),
        ("warning: Attempt to present C on", "warning: Attempt to present C on A (from A)"),
        ("warning: Attempt to present C on A", "warning: Attempt to present C on A (from A)"),
        ("note: step", "note: step (1)"),
        ("note: step", "note: step(1)"),
        ("warning: Unbalanced call", "warning: Unbalanced call(s) to begin/end appearance transitions"),
        ("B.viewDidLoad()", "B.viewDidLoad() "),
    ])
    func rejects(pattern: String, line: String) {
        #expect(!Expectation.matches(pattern: pattern, line: line))
    }

    @Test func starNeedsBacktracking() {
        #expect(LinePattern.matches("a*b*c", "aXbYbZc"))
        #expect(LinePattern.matches("*ab", "aab"))
        #expect(!LinePattern.matches("a*b*c", "aXbYbZ"))
        #expect(LinePattern.matches("**", ""))
        #expect(!LinePattern.matches("", "x"))
    }
}
