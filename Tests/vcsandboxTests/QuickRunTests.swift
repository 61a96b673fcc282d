import Testing

@testable import vcsandbox

/// `vcsandbox run` parses its common forms without the argument parser (issue 18): whatever
/// the quick path accepts, the argument parser must read the same way, and whatever the
/// parser refuses, the quick path must leave to it (so the parser's message is shown).
@Suite("The quick parse of `vcsandbox run`")
struct QuickRunTests {
    static let accepted: [[String]] = [
        ["run", "a.lua"],
        ["run", "-"],
        ["run", "a.lua", "--trace"],
        ["run", "--trace", "a.lua", "--all-events"],
        ["run", "a.lua", "--unsafe", "--ios", "12", "--timeout", "2.5"],
        ["run", "--timeout", "600", "--ios", "26", "a b.lua"],
        ["run", "--ios", "8", "--unsafe", "-"],
    ]

    @Test("agrees with the argument parser on every form it accepts", arguments: accepted)
    func agreesWithTheParser(arguments: [String]) throws {
        let quick = try #require(ScriptRun.quick(arguments))
        let parsed = try Run.parse(Array(arguments.dropFirst()))
        #expect(quick == parsed.script)
    }

    static let leftToTheParser: [[String]] = [
        ["run"],
        ["run", "--help"],
        ["run", "-h"],
        ["run", "a.lua", "b.lua"],
        ["run", "a.lua", "--trace", "--trace"],
        ["run", "a.lua", "--all-events"],
        ["run", "a.lua", "--ios", "7"],
        ["run", "a.lua", "--ios", "twelve"],
        ["run", "a.lua", "--ios"],
        ["run", "a.lua", "--ios=12"],
        ["run", "a.lua", "--timeout", "0"],
        ["run", "a.lua", "--timeout", "nan"],
        ["run", "a.lua", "--timeout", "-1"],
        ["run", "a.lua", "--version"],
        ["run", "--", "a.lua"],
        ["run", "-x.lua"],
        ["test", "scripts"],
        ["repl"],
        [],
    ]

    @Test("leaves help, mistakes and every other command to the argument parser", arguments: leftToTheParser)
    func leavesTheRestToTheParser(arguments: [String]) {
        #expect(ScriptRun.quick(arguments) == nil)
    }
}
