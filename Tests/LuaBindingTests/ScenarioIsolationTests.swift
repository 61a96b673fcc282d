import Foundation
import LuaBinding
import Testing

/// Each declared scenario starts from the top level's globals, not the last scenario's (D-83).
@Suite("Scenario isolation")
struct ScenarioIsolationTests {
    /// Runs `source` as `test.lua` and returns every scenario's failure text, by name.
    private func failures(of source: String, selecting: @escaping (String) -> Bool = { _ in true }) -> [String: String]
    {
        let outcomes = Session().runScript(source: source, file: "test.lua", selecting: selecting)
        return Dictionary(uniqueKeysWithValues: outcomes.map { ($0.result.name, text($0.result.failure)) })
    }

    @Test("a global a scenario assigns or makes is the top level's again in the next")
    func globals() {
        let source = """
            total = 0
            settings = { animated = true }
            function readTotal() return total end
            scenario("first", function()
              total = total + 1
              settings = nil
              made = "first"
              expect.equal(readTotal(), 1)
            end)
            scenario("second", function()
              expect.equal(total, 0)
              expect.equal(readTotal(), 0, "a top-level function reads the restored global")
              expect.equal(settings.animated, true)
              expect.equal(made, nil)
              expect.equal(rawget(_G, "made"), nil)
              expect.equal(load("return total")(), 0, "load's chunks see the same globals")
            end)
            """
        #expect(failures(of: source) == ["first": "passed", "second": "passed"])
    }

    @Test("a scenario's result does not depend on the scenarios run before it")
    func selection() {
        let source = """
            seen = {}
            count = 0
            scenario("first", function() count = count + 1; expect.equal(count, 1) end)
            scenario("second", function() count = count + 1; expect.equal(count, 1) end)
            """
        #expect(failures(of: source) == ["first": "passed", "second": "passed"])
        #expect(failures(of: source, selecting: { $0 == "second" }) == ["second": "passed"])
    }

    @Test("the globals' metatable and the sandbox's messages come back")
    func metatable() {
        let source = """
            scenario("strict", function()
              setmetatable(_G, { __index = function(_, key) error("undeclared " .. key) end })
              expect.error(function() return undeclared end, "undeclared undeclared")
            end)
            scenario("after", function()
              expect.equal(undeclared, nil)
              expect.error(function() return io end, "io")
            end)
            """
        #expect(failures(of: source) == ["strict": "passed", "after": "passed"])
    }

    @Test("top-level locals and the contents of tables are shared, as documented")
    func sharedLocalsAndTables() {
        let source = """
            local draws = 0
            list = {}
            scenario("first", function() draws = draws + 1; list[#list + 1] = "first" end)
            scenario("second", function()
              expect.equal(draws, 1, "a top-level local is one variable the scenarios share")
              expect.equal(list[1], "first", "the table a global holds is the same table")
            end)
            """
        #expect(failures(of: source) == ["first": "passed", "second": "passed"])
    }

    @Test("a module a scenario requires is loaded again by the next, with its globals")
    func modules() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "helperLoads = (helperLoads or 0) + 1\nfunction helper() return 'help' end\n"
            .write(to: folder.appendingPathComponent("helpers.lua"), atomically: true, encoding: .utf8)
        let source = """
            scenario("first", function() require "helpers"; expect.equal(helper(), "help") end)
            scenario("second", function()
              expect.equal(helper, nil)
              require "helpers"
              expect.equal(helper(), "help")
              expect.equal(helperLoads, 1)
            end)
            """
        let outcomes = Session().runScript(source: source, file: folder.appendingPathComponent("test.lua").path)
        #expect(outcomes.map { text($0.result.failure) } == ["passed", "passed"])
    }
}
