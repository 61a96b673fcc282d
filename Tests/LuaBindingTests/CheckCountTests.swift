import LuaBinding
import ScenarioKit
import Testing

/// The checks a scenario makes, counted by the binding (D-71): every call of `expect [[…]]`,
/// `expect.equal`, `expect.error` and `assert`, passing or not; and `assert` behaving exactly
/// as the base library's does, in the sandbox and under `--unsafe` alike.
@Suite("checks counted")
struct CheckCountTests {
    /// The checks of each scenario `source` runs as `test.lua`.
    private func checks(_ source: String, unsafe: Bool = false) -> [Int] {
        Session(unsafe: unsafe).runScript(source: source, file: "test.lua").map(\.checks)
    }

    @Test("a script that only prints, notes or settles makes no check")
    func nothing() {
        #expect(checks("") == [0])
        #expect(checks("print('x'); note('y'); settle()") == [0])
        #expect(checks("local ok = pcall(error, 'x')") == [0])
    }

    @Test("each kind of check counts once per call", arguments: [false, true])
    func eachKind(unsafe: Bool) {
        #expect(checks("expect [[ ]]", unsafe: unsafe) == [1])
        #expect(checks("expect.equal(1, 1); expect.equal('a', 'a')", unsafe: unsafe) == [2])
        #expect(checks("expect.error(function() error('x') end, 'x')", unsafe: unsafe) == [1])
        #expect(checks("assert(true); assert(1 == 1, 'one')", unsafe: unsafe) == [2])
        #expect(checks("for i = 1, 5 do assert(i > 0) end", unsafe: unsafe) == [5])
    }

    @Test("a check that fails counts too, caught or not")
    func failing() {
        #expect(checks("pcall(assert, false); pcall(expect.equal, 1, 2)") == [2])
        #expect(checks("expect.equal(1, 2)") == [1])
    }

    @Test("each declared scenario counts its own checks; the top level's are its own")
    func perScenario() {
        let source = """
            assert(true)
            scenario("none", function() print("x") end)
            scenario("two", function() assert(true); expect.equal(1, 1) end)
            """
        #expect(checks(source) == [0, 2])
    }

    @Test("assert returns every argument when its first is true", arguments: [false, true])
    func assertPasses(unsafe: Bool) {
        let source = """
            local a, b, c = assert(1, "two", nil)
            expect.equal({a, b, c}, {1, "two", nil})
            expect.equal(select("#", assert(true, nil, nil)), 3)
            """
        #expect(failure(of: source, in: Session(unsafe: unsafe)) == nil)
    }

    /// Each call and its message as Lua 5.4's `assert` gives it, the place aside.
    @Test(
        "a failing assert fails the scenario at its line",
        arguments: [
            ("assert(false, 'custom')", "custom"),
            ("assert(nil)", "assertion failed!"),
            ("assert()", "bad argument #1 to 'assert' (value expected)"),
        ])
    func assertFails(call: String, message: String) {
        for unsafe in [false, true] {
            let result = failure(of: "\n" + call, in: Session(unsafe: unsafe))
            #expect(result?.location == "test.lua:2", "unsafe: \(unsafe)")
            #expect(result?.message == message, "unsafe: \(unsafe)")
        }
    }

    /// The error values as Lua 5.4's `assert` raises them (lbaselib.c: `luaB_assert` calls
    /// `luaB_error` at level 1, which puts the caller's place before a string message; the
    /// caller of `pcall(assert, …)` is `pcall`, a C function, which has no place).
    @Test("assert's error values: a non-string as it is, a string after the caller's place", arguments: [false, true])
    func assertValues(unsafe: Bool) {
        let source = """
            local ok, e = pcall(assert, false, 42)
            expect.equal(e, 42)
            ok, e = pcall(assert, false, {1})
            expect.equal(type(e), "table")
            ok, e = pcall(assert, false, nil)
            expect.equal(e, nil)
            ok, e = pcall(assert, false)
            expect.equal(e, "assertion failed!")
            ok, e = pcall(function() assert(false, "inside") end)
            expect.equal(e, "test.lua:9: inside")
            ok, e = pcall(function() assert(false) end)
            expect.equal(e, "test.lua:11: assertion failed!")
            ok, e = pcall(function() assert() end)
            expect.equal(e, "test.lua:13: bad argument #1 to 'assert' (value expected)")
            """
        let result = failure(of: source, in: Session(unsafe: unsafe))
        #expect(result == nil, "\(text(result))")
    }

    @Test("a failing assert shows [C] assert in its traceback, as the library's does")
    func assertTraceback() throws {
        let result = try #require(failure(of: "assert(false, 'no')"))
        #expect(result.location == "test.lua:1")
        #expect(result.message == "no")
        #expect(result.details.contains("[C]: in function 'assert'"), "\(result.details)")
    }
}
