import Foundation
import Testing

/// Black-box tests of `vcsandbox run` with navigation controllers: the real binary, a script
/// written to a fresh folder, and its exit status, stdout and stderr.

/// A push onto a shown navigation controller with a delegate (NAV-02).
private let pushScript = """
    local a, b = Controller "A", Controller "B"
    local nav = NavigationController { "Nav", a }
    local win = Window { root = nav }
    settle()
    nav.delegate = { willShow = function() end, didShow = function() end }
    nav:pushViewController(b)
    settle()
    """

/// Pushes a controller already on the stack on line 5 (NAV-09).
private let refusedPushScript = """
    local a = Controller "A"
    local nav = NavigationController { "Nav", a }
    local win = Window { root = nav }
    settle()
    nav:pushViewController(a)
    """

/// Writes `script` as `name` in a fresh folder and runs `vcsandbox run name` plus `options` there.
private func run(_ name: String, _ script: String, options: [String] = []) throws -> Outcome {
    try withTemporaryFolder([name: script]) { folder in
        try runBinary(arguments: ["run", name] + options, in: folder)
    }
}

private func lines(_ text: String) -> [String] { Outcome.lines(text) }

@Suite("vcsandbox run with a navigation controller")
struct NavigationCommandLineTests {
    @Test func pushPrintsTheNAV02OrderWithTrace() throws {
        let result = try run("push.lua", pushScript, options: ["--trace"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let nav02 = [
            "B.willMove(toParent: Nav)",
            "B.viewDidLoad()",
            "A.viewWillDisappear(true)",
            "B.viewWillAppear(true)",
            "Nav.delegate.willShow(B, animated: true)",
            "A.viewDidDisappear(true)",
            "B.viewDidAppear(true)",
            "B.didMove(toParent: Nav)",
            "Nav.delegate.didShow(B, animated: true)",
        ]
        #expect(Array(lines(result.stdout).suffix(nav02.count)) == nav02, "stdout:\n\(result.stdout)")
    }

    @Test func refusedPushExitsNonZeroWithTheExceptionAndTheLine() throws {
        let result = try run("refuse.lua", refusedPushScript)
        #expect(result.status != 0)
        let first = lines(result.stderr).first ?? ""
        let location = "refuse.lua:5: "
        #expect(first.hasPrefix(location), "stderr: \(result.stderr)")
        #expect(first.dropFirst(location.count).hasPrefix("NSInvalidArgumentException: "), "stderr: \(result.stderr)")
        #expect(first.contains("pushing the same view controller instance (A)"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "a refusal is a script error, not a Swift crash")
    }
}
