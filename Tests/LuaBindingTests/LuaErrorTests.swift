import ScenarioKit
import Testing

@testable import LuaBinding

/// Errors are taken apart where Swift catches them (issue 15): the load status says what a
/// syntax error is, the frames say where a runtime error happened, and nobody parses the
/// text again.
@Suite("Lua errors, taken apart where they are caught")
struct LuaErrorTests {
    @Test("a chunk cut short is an incomplete syntax error; a wrong one is not, and names its line")
    func syntaxErrors() throws {
        let session = Session()
        let cut = try #require(session.load("if x then\n  y = 1", chunkName: "=stdin"))
        #expect(cut.kind == .syntax(isIncomplete: true))
        let wrong = try #require(session.load("x = 1\ny = = 2", chunkName: "=stdin"))
        #expect(wrong.kind == .syntax(isIncomplete: false))
        #expect(wrong.location == "stdin:2")
        #expect(wrong.text == "unexpected symbol near '='")
        #expect(session.load("return 1", chunkName: "=stdin") == nil)
        session.stack.pop()
    }

    @Test("a runtime error's place is the frame it names, even in a file whose name looks like a place")
    func placeFromTheFrames() throws {
        let file = "odd:1: name.lua"
        let outcome = try #require(Session().runScript(source: "local t\nt.x = 1\n", file: file).first)
        let failure = try #require(outcome.result.failure)
        #expect(failure.location == "odd:1: name.lua:2")
        #expect(failure.message == "attempt to index a nil value (local 't')")
        #expect(failure.details.hasPrefix("stack traceback:"))
    }

    @Test("an override's error reaching the script keeps its own traceback, and only that one")
    func overrideErrorHasOneTraceback() throws {
        let source = """
            local a = Controller { "A", viewDidLoad = function(self) error("from the override") end }
            a:loadViewIfNeeded()
            """
        let failure = try #require(Session().runScript(source: source, file: "test.lua").first?.result.failure)
        #expect(failure.location == "test.lua:1")
        #expect(failure.message == "from the override")
        #expect(failure.details.components(separatedBy: "stack traceback:").count == 2, "\(failure.details)")
        #expect(failure.details.contains("test.lua:2: in main chunk"))
    }

    @Test("an error with no place is placed at the script's innermost line")
    func noPlaceTakesTheScriptLine() throws {
        let source = """
            local function deep() error({}) end
            deep()
            """
        let failure = try #require(Session().runScript(source: source, file: "test.lua").first?.result.failure)
        #expect(failure.message == "(error object is a table value)")
        #expect(failure.location == "test.lua:1")
    }
}

/// What the review of issue 15 found, kept from coming back.
@Suite("Lua errors raised again, nested, or with long places")
struct LuaErrorEdgeTests {
    private func failure(_ source: String, file: String = "test.lua") throws -> Failure {
        try #require(Session().runScript(source: source, file: file).first?.result.failure)
    }

    @Test("an error caught and raised again as it is keeps the place it names")
    func levelZeroRaiseKeepsItsPlace() throws {
        let found = try failure(
            """
            local ok, e = pcall(function() error("boom") end)
            local unused = 0
            error(e, 0)
            """)
        #expect(found.location == "test.lua:1")
        #expect(found.message == "boom")
    }

    @Test("an override's error caught and raised again gets no second traceback")
    func noSecondTraceback() throws {
        for raise in ["error(e, 0)", "error(e)"] {
            let found = try failure(
                """
                local a = Controller { "A", viewDidLoad = function(self) error("from the override") end }
                local ok, e = pcall(function() a:loadViewIfNeeded() end)
                \(raise)
                """)
            let text = found.message + "\n" + found.details
            #expect(text.components(separatedBy: "stack traceback:").count == 2, "\(raise): \(text)")
        }
    }

    @Test("an error while an outer one unwinds (a __close calling the API) leaves the outer's place")
    func nestedProtectedCallKeepsTheOuterError() throws {
        let found = try failure(
            """
            local b = Controller { "B", viewDidLoad = function() error("inner") end }
            local function f()
              local x <close> = setmetatable({}, { __close = function() pcall(b.loadViewIfNeeded, b) end })
              error("outer")
            end
            f()
            """)
        #expect(found.location == "test.lua:4")
        #expect(found.message == "outer")
    }

    @Test("a limit's error keeps its place and words however long the script's path")
    func limitErrorWithALongPath() throws {
        let file = "/a/folder/whose/path/runs/well/past/the/sixty/bytes/lua/keeps/recursion.lua"
        let source = """
            local made = 0
            local function make()
              made = made + 1
              return Controller { "C" .. made, viewDidLoad = function(self)
                make():loadViewIfNeeded()
              end }
            end
            make():loadViewIfNeeded()
            """
        let found = try failure(source, file: file)
        #expect(found.location == file + ":5", "\(found)")
        #expect(found.message.hasPrefix("callback depth limit exceeded"), "\(found.message)")
    }

    @Test("errors have the kind of what raised them")
    func kinds() throws {
        let session = Session(limits: Limits(instructions: 0, memoryBytes: 0, callbackDepth: 2, seconds: 0))
        func kind(_ source: String) throws -> LuaError.Kind {
            let error = session.runProtected(
                pushFunction: { _ = session.load(source, chunkName: "=test") }, pushArguments: { _ in 0 })
            return try #require(error).kind
        }
        #expect(try kind("error('x')") == .runtime)
        #expect(
            try kind(
                """
                local function deeper(self) Controller(tostring(math.random())):loadViewIfNeeded() end
                Controller { "P", viewDidLoad = function(self)
                  Controller { "Q", viewDidLoad = function(self) Controller { "S", viewDidLoad = deeper }:loadViewIfNeeded() end }:loadViewIfNeeded()
                end }:loadViewIfNeeded()
                """) == .limit)
    }
}
