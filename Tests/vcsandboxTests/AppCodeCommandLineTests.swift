import Foundation
import Testing

/// Black-box tests of scripts written as app code reads (README "Writing scenarios as app
/// code", DECISIONS D-80 to D-84): fields of the script's own, `title`, a method called with
/// '.', and scenarios that do not share globals.
@Suite("vcsandbox with scripts written as app code")
struct AppCodeCommandLineTests {
    private func run(_ arguments: [String], _ files: [String: String]) throws -> Outcome {
        try withTemporaryFolder(files) { try runBinary(arguments: arguments, in: $0) }
    }

    @Test func fieldsAndTitleRun() throws {
        let script = """
            local list = Controller { "List", title = "Inbox", viewDidAppear = function(self) self.shown = self.shown + 1 end }
            list.shown = 0
            function list:describe() return self.title .. " shown " .. self.shown end
            Window { root = list }
            settle()
            print(list:describe())
            """
        let result = try run(["run", "list.lua"], ["list.lua": script])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Outcome.lines(result.stdout) == ["Inbox shown 1"])
    }

    @Test func misspeltCallbackFailsWithDidYouMean() throws {
        let script = """
            local a = Controller "A"
            a.viewDidApear = function(self) print("never") end
            """
        let result = try run(["run", "typo.lua"], ["typo.lua": script])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "typo.lua:2: Controller A has no property 'viewDidApear' (did you mean 'viewDidAppear'?); "
                    + "a field of your own needs a name further from UIKit's"), "stderr: \(result.stderr)")
    }

    @Test func dotCallSaysToCallWithColon() throws {
        let script = """
            local a, b = Controller "A", Controller "B"
            Window { root = a }
            a.present(b)
            """
        let result = try run(["run", "dot.lua"], ["dot.lua": script])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "dot.lua:3: 'present' was called with '.', so Controller B became its self and its arguments are "
                    + "missing; call it with ':' (a:present(…), not a.present(…))"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("nil modal view controller"))
    }

    @Test func scenariosDoNotShareGlobals() throws {
        let script = """
            count = 0
            function bump() count = count + 1; return count end
            scenario("first", function() expect.equal(bump(), 1) end)
            scenario("second", function() expect.equal(bump(), 1); expect.equal(made, nil); made = true end)
            scenario("third", function() expect.equal(made, nil) end)
            """
        let all = try run(["test", "isolation.lua"], ["isolation.lua": script])
        #expect(all.status == 0, "stdout: \(all.stdout)")
        #expect(Outcome.lines(all.stdout).last == "3 passed, 0 failed")
        let one = try run(["test", "isolation.lua", "--filter", "third"], ["isolation.lua": script])
        #expect(one.status == 0, "stdout: \(one.stdout)")
        #expect(Outcome.lines(one.stdout).last == "1 passed, 0 failed")
    }
}
