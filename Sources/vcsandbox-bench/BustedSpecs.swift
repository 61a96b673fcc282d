import Foundation

/// A generated suite that `vcsandbox test` runs as scripts and busted runs as specs doing
/// the same work, file for file and scenario for scenario (issue 18).
protocol ComparedSuite {
    var fileCount: Int { get }
    /// The scenarios the suite holds: the `it` blocks of its specs too.
    var scenarioCount: Int { get }
    /// What the scripts do and what the busted specs do, for the printed labels.
    var scriptWork: String { get }
    var specWork: String { get }
    /// Writes the scripts for `vcsandbox test` under `folder`.
    func write(to folder: URL) throws
    /// Writes the busted specs under `folder`, each at its script's path with `_spec`
    /// before `.lua` (busted's default pattern).
    func writeSpecs(to folder: URL) throws
}

/// The text of busted spec files: one `describe` per file, named after the script it
/// stands for, and one `it` per scenario.
///
/// ```
/// describe("push-pop/0002.lua", function()
///   it("push then pop, animated: true", function()
///     …
///   end)
/// end)
/// ```
enum BustedSpec {
    /// A spec file: `prelude` at the top, then a `describe` named `name` holding `tests`.
    static func file(
        describing name: String, tests: [(name: String, body: [String])], prelude: [String] = []
    )
        -> String
    {
        let its = tests.flatMap { test in
            ["  it(\(luaString(test.name)), function()"] + test.body.map { "    " + $0 } + ["  end)"]
        }
        return luaText(prelude + ["describe(\(luaString(name)), function()"] + its + ["end)"])
    }

    /// `path` with `_spec` before its `.lua`: `push-pop/0002_spec.lua`.
    static func path(for path: String) -> String {
        String(path.dropLast(".lua".count)) + "_spec.lua"
    }
}

extension GeneratedSuite: ComparedSuite {
    var scriptWork: String { "push/pop, present/dismiss, tab switches, children added; 1 or 2 expect blocks each" }

    var specWork: String {
        "no simulation: each stack modelled as a Lua table, the same trace lines built as strings, "
            + "compared with the expected lists by assert.are.same"
    }

    /// Writes a spec for every script: the simulator's work done in plain Lua.
    ///
    /// Each `it` models the controllers on screen as a stack (a Lua table), applies each
    /// step's change to it, builds every trace line the step's `expect` block holds as a
    /// string (receiver and call concatenated) into a table, compares that table with the
    /// block's list with `assert.are.same`, and ends by checking the stack's height with
    /// `assert.is_true`. It does no simulation: it is what a test of the same trace costs
    /// without one.
    func writeSpecs(to folder: URL) throws {
        for index in 0..<fileCount {
            try writeFile(Self.spec(index), in: folder, at: BustedSpec.path(for: Self.path(index)))
        }
    }

    /// The spec of file `index`: one `it` per scenario of the script, named as in the script.
    static func spec(_ index: Int) -> String {
        let count = scenarioCount(inFile: index)
        let tests = (0..<count).map { part in
            let shape = ScenarioShape(index + part)
            let name = count > 1 ? "\(part + 1): \(shape.title)" : shape.title
            return (name: name, body: body(of: shape.scenario(tag: index + 1)))
        }
        let event = "local function event(trace, receiver, call) trace[#trace + 1] = receiver .. \".\" .. call end"
        return BustedSpec.file(describing: path(index), tests: tests, prelude: [event])
    }

    /// The Lua lines that model `scenario`: its stack's changes and its blocks' trace lines.
    private static func body(of scenario: GeneratedScenario) -> [String] {
        var height = scenario.startingStack.count
        let names = scenario.startingStack.map(luaString).joined(separator: ", ")
        var lines = ["local stack, trace = {\(names.isEmpty ? "" : " \(names) ")}, {}"]
        for block in scenario.blocks {
            lines += Array(repeating: "stack[#stack] = nil", count: block.removed)
            lines += block.added.map { "stack[#stack + 1] = \(luaString($0))" }
            lines += block.events.map(eventLine)
            lines += ["assert.are.same({"] + block.events.map { "  \(luaString($0))," } + ["}, trace)", "trace = {}"]
            height += block.added.count - block.removed
        }
        return lines + ["assert.is_true(#stack == \(height))"]
    }

    /// `event(trace, "B", "viewDidLoad()")` for the trace line `B.viewDidLoad()`.
    private static func eventLine(_ line: String) -> String {
        let dot = line.firstIndex(of: ".")!
        let (receiver, call) = (String(line[..<dot]), String(line[line.index(after: dot)...]))
        return "event(trace, \(luaString(receiver)), \(luaString(call)))"
    }
}
