import Testing

@testable import ScenarioKit

@Suite struct HumanReporterTests {
    let passing = ScenarioResult(file: "scripts/a.lua", name: "push", seconds: 0.0123)
    let failing = ScenarioResult(
        file: "scripts/b.lua", name: "pop",
        failure: Failure(
            location: "scripts/b.lua:12", message: "first difference at line 2", details: "  A.a()\n- B.b()\n"),
        output: "hello\nworld\n", seconds: 0.0004)

    @Test func plainReportInFull() {
        let report = HumanReporter(color: false).report([passing, failing])
        #expect(
            report == """
                ✓ scripts/a.lua: push (12 ms)
                ✗ scripts/b.lua: pop (<1 ms)

                ✗ scripts/b.lua: pop
                scripts/b.lua:12: first difference at line 2
                      A.a()
                    - B.b()
                    output:
                        hello
                        world

                1 passed, 1 failed

                """)
    }

    @Test func endsWithTheTotalsLine() {
        let report = HumanReporter(color: true).report([passing, failing, passing])
        #expect(report.hasSuffix("\n2 passed, 1 failed\n"))
        #expect(HumanReporter(color: false).report([]) == "\n0 passed, 0 failed\n")
    }

    @Test func failureWithoutLocationOrOutput() {
        let result = ScenarioResult(
            file: "s.lua", name: "n", failure: Failure(location: nil, message: "timed out after 10 s"))
        let report = HumanReporter(color: false).report([result])
        #expect(report == "✗ s.lua: n (<1 ms)\n\n✗ s.lua: n\ntimed out after 10 s\n\n0 passed, 1 failed\n")
    }

    @Test func passedScenariosHaveNoFailureSection() {
        let report = HumanReporter(color: false).report([passing])
        #expect(report == "✓ scripts/a.lua: push (12 ms)\n\n1 passed, 0 failed\n")
    }

    @Test func colourOnlyWhenAsked() {
        let plain = HumanReporter(color: false).report([passing, failing])
        let coloured = HumanReporter(color: true).report([passing, failing])
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("\u{1B}[32m✓\u{1B}[0m scripts/a.lua: push \u{1B}[2m(12 ms)\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[31m✗\u{1B}[0m"))
        let last = coloured.split(separator: "\n").last.map(String.init)
        #expect(last == "1 passed, 1 failed")
    }

    @Test(arguments: [
        (0.0, "(<1 ms)"), (0.000999, "(<1 ms)"), (0.001, "(1 ms)"), (0.0126, "(13 ms)"), (2.5, "(2500 ms)"),
    ])
    func durations(seconds: Double, text: String) {
        #expect(HumanReporter.duration(seconds) == text)
    }

    @Test func resultBasics() {
        #expect(passing.passed)
        #expect(!failing.passed)
        #expect(failing.title == "scripts/b.lua: pop")
        #expect([passing.status, failing.status, skipped.status, todo.status] == [.passed, .failed, .skipped, .todo])
        #expect(!skipped.passed && !skipped.failed && !todo.passed && !todo.failed)
    }

    let skipped = ScenarioResult(file: "scripts/c.lua", name: "later", notRun: .skipped)
    let todo = ScenarioResult(file: "scripts/c.lua", name: "some day", notRun: .todo)

    /// A scenario that was not run is neither passed nor failed: it shows why, with no time
    /// and no failure section, and the totals end with the count of those not run.
    @Test func scenariosNotRunAreCountedAsSkipped() {
        let report = HumanReporter(color: false).report([passing, skipped, failing, todo])
        #expect(
            report == """
                ✓ scripts/a.lua: push (12 ms)
                ○ scripts/c.lua: later (skipped)
                ✗ scripts/b.lua: pop (<1 ms)
                ○ scripts/c.lua: some day (to do)

                ✗ scripts/b.lua: pop
                scripts/b.lua:12: first difference at line 2
                      A.a()
                    - B.b()
                    output:
                        hello
                        world

                1 passed, 1 failed, 2 skipped

                """)
        #expect(HumanReporter(color: false).totals([todo]) == "0 passed, 0 failed, 1 skipped")
        let coloured = HumanReporter(color: true).report([skipped])
        #expect(coloured.hasPrefix("\u{1B}[33m○\u{1B}[0m scripts/c.lua: later \u{1B}[2m(skipped)\u{1B}[0m\n"))
        #expect(coloured.hasSuffix("\n0 passed, 0 failed, 1 skipped\n"))
    }
}
