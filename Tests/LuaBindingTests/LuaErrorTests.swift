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
