import Foundation
import Testing

/// Black-box tests of the behaviour profile on the command line (SPEC §2, BEHAVIOR.md M-12):
/// `--ios` on `run` and `test`, the `ios` global, and the shipped `scripts/profiles` folder,
/// which must pass under every profile.

/// Writes `files` to a fresh folder and runs the built binary there with `arguments`.
private func run(_ arguments: [String], files: [String: String]) throws -> Outcome {
    try withTemporaryFolder(files) { try runBinary(arguments: arguments, in: $0) }
}

private func lines(_ text: String) -> [String] { Outcome.lines(text) }

/// Prints the default style and the profile.
private let styleScript = """
    print(Controller "B".modalPresentationStyle)
    print(ios)
    """

/// A presents B with its default style: the presenter's callbacks tell the style apart
/// (table 8.1).
private let presentScript = """
    local a, b = Controller "A", Controller "B"
    Window { root = a }
    settle()
    trace.clear()
    a:present(b)
    settle()
    """

/// Holds only under iOS 12: the default style is fullScreen there (PRE-16).
private let twelveOnlyScript = """
    expect.equal(ios, 12)
    expect.equal(Controller "B".modalPresentationStyle, "fullScreen")
    """

/// Holds under every profile, branching on `ios` as scripts/profiles do.
private let everyProfileScript = """
    local a, b = Controller "A", Controller "B"
    Window { root = a }
    settle()
    trace.clear()
    a:present(b)
    settle()
    if ios >= 13 then
      expect [[
        B.viewDidLoad()
        B.viewWillAppear(true)
        B.viewDidAppear(true)
      ]]
    else
      expect [[
        B.viewDidLoad()
        A.viewWillDisappear(true)
        B.viewWillAppear(true)
        B.traitCollectionDidChange(nil)
        B.viewDidAppear(true)
        A.viewDidDisappear(true)
      ]]
    end
    """

@Suite("vcsandbox --ios")
struct PresentationCommandLineTests {
    // MARK: run

    @Test func runUnderIOS12ChangesTheDefaultStyleAndTheIosGlobal() throws {
        let twelve = try run(["run", "--ios", "12", "style.lua"], files: ["style.lua": styleScript])
        #expect(twelve.status == 0, "stderr: \(twelve.stderr)")
        #expect(lines(twelve.stdout) == ["fullScreen", "12"])
        #expect(twelve.stderr.isEmpty)
        let modern = try run(["run", "style.lua"], files: ["style.lua": styleScript])
        #expect(modern.status == 0, "stderr: \(modern.stderr)")
        #expect(lines(modern.stdout) == ["pageSheet", "17"])
        let seventeen = try run(["run", "style.lua", "--ios", "17"], files: ["style.lua": styleScript])
        #expect(lines(seventeen.stdout) == ["pageSheet", "17"], "17 is the default (M-12)")
    }

    @Test func runUnderIOS12TracesThePresenterCallbacksOfAFullScreenDefault() throws {
        let twelve = try run(["run", "present.lua", "--trace", "--ios", "12"], files: ["present.lua": presentScript])
        #expect(twelve.status == 0, "stderr: \(twelve.stderr)")
        #expect(
            lines(twelve.stdout) == [
                "B.viewDidLoad()", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                "B.traitCollectionDidChange(nil)",
                "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
            ])
        let modern = try run(["run", "present.lua", "--trace"], files: ["present.lua": presentScript])
        #expect(modern.status == 0, "stderr: \(modern.stderr)")
        #expect(lines(modern.stdout) == ["B.viewDidLoad()", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
    }

    // MARK: test

    @Test func testUnderIOS12RunsEveryScriptInThatProfile() throws {
        let files = ["suite/twelve.lua": twelveOnlyScript, "suite/every.lua": everyProfileScript]
        let twelve = try run(["test", "--ios", "12", "suite"], files: files)
        #expect(twelve.status == 0, "stdout: \(twelve.stdout)\nstderr: \(twelve.stderr)")
        #expect(lines(twelve.stdout).last == "2 passed, 0 failed", "stdout: \(twelve.stdout)")
        let modern = try run(["test", "suite"], files: files)
        #expect(modern.status == 1, "twelve.lua fails under the default profile")
        #expect(lines(modern.stdout).last == "1 passed, 1 failed", "stdout: \(modern.stdout)")
        #expect(modern.stdout.contains("suite/twelve.lua"))
    }

    // MARK: Bad values

    @Test(arguments: [["run", "style.lua"], ["test", "style.lua"]])
    func aValueThatIsNoNumberIsAUsageError(_ command: [String]) throws {
        for value in ["abc", "12.5", ""] {
            let result = try run(command + ["--ios", value], files: ["style.lua": styleScript])
            #expect(result.status == 2, "--ios '\(value)': stdout: \(result.stdout) stderr: \(result.stderr)")
            #expect(result.stdout.isEmpty, "nothing runs")
            let first = lines(result.stderr).first ?? ""
            #expect(first == "Error: The value '\(value)' is invalid for '--ios <ios>'", "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test(arguments: ["run", "test"], ["0", "-3", "1000"])
    func aNumberThatIsNoIOSVersionIsAUsageError(_ command: String, _ value: String) throws {
        let result = try run([command, "style.lua", "--ios", value], files: ["style.lua": styleScript])
        #expect(result.status == 2 && result.stdout.isEmpty, "nothing runs; stdout: \(result.stdout)")
        #expect(
            result.stderr.contains("'\(value)'") && result.stderr.contains("--ios"),
            "the message names the value and the option; stderr: \(result.stderr)")
    }

    // MARK: The shipped profile scenarios

    @Test(
        "scripts/profiles passes under iOS 12 and under the default profile (M-12, Makefile `make test`)",
        .enabled(if: profileScripts().count > 0, "scripts/profiles holds no scenario yet"))
    func shippedProfilesPassUnderBothProfiles() throws {
        let scripts = profileScripts()
        for options in [["--ios", "12"], [], ["--ios", "17"]] {
            let result = try runBinary(arguments: ["test", "scripts/profiles"] + options, in: packageRoot)
            #expect(result.status == 0, "options \(options):\n\(result.stdout)\n\(result.stderr)")
            let summary = lines(result.stdout).last ?? ""
            #expect(summary.hasSuffix(" passed, 0 failed"), "options \(options): \(summary)")
            #expect(!summary.hasPrefix("0 passed"), "options \(options): \(summary)")
            for script in scripts {
                #expect(result.stdout.contains("scripts/profiles/\(script)"), "options \(options): \(script) ran")
            }
        }
    }
}

/// The scenario scripts shipped under scripts/profiles, by name.
private func profileScripts() -> [String] {
    let folder = packageRoot.appendingPathComponent("scripts/profiles").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".lua") }
        .sorted()
}
