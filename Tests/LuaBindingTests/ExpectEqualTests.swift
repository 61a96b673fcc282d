import LuaBinding
import ScenarioKit
import Testing

/// What `expect.equal` shows when values differ: every key, strings quoted so that they read
/// back, controllers with their state — the REPL's way of showing values (D-49).
@Suite("expect.equal")
struct ExpectEqualTests {
    @Test("differing tables show every key, and controllers show their state")
    func details() {
        let result = failure(
            of: """
                local a = Controller "A"
                expect.equal({[5] = 1, name = "x\\ny", a}, {[6] = 1, name = "x\\ny", a}, "tables")
                """)
        #expect(result?.message == "expect.equal: tables")
        #expect(
            result?.details == """
                expected: {<Controller A, disappeared>, [6] = 1, name = "x\\ny"}
                  actual: {<Controller A, disappeared>, [5] = 1, name = "x\\ny"}
                """)
    }
}

/// Tables of any depth, and tables that refer to themselves (issue 17, item 1): compared in
/// time linear in their size, on a stack made room for, never a crash.
@Suite("expect.equal on deep and cyclic tables")
struct ExpectEqualDepthTests {
    private let nest =
        "local function nest(n) local t = {} local top = t for i = 1, n do t.next = {x = i} t = t.next end return top end\n"

    @Test("equal tables nested 12 to 499 deep are equal; a difference at the bottom is found")
    func deepTables() {
        let found = failure(
            of: nest + """
                for _, n in ipairs { 12, 16, 17, 100, 499 } do expect.equal(nest(n), nest(n)) end
                local a, b = nest(300), nest(300)
                local t = b for i = 1, 299 do t = t.next end
                t.x = "changed"
                local ok = pcall(function() assert(not rawequal(a, b)) end)
                assert(ok)
                """)
        #expect(found == nil, "\(text(found))")
        let differs = failure(
            of: nest + """
                local a, b = nest(300), nest(300)
                local t = b for i = 1, 300 do t = t.next end
                t.x = "changed"
                expect.equal(a, b)
                """)
        #expect(differs?.message == "expect.equal: the values differ", "\(text(differs))")
    }

    @Test("tables that refer to themselves alike are equal, and unlike are not")
    func cycles() {
        let found = failure(
            of: """
                local a, b = { x = 1 }, { x = 1 }
                a.self, b.self = a, b
                a.list, b.list = { a, b }, { b, a }
                expect.equal(a, b)
                """)
        #expect(found == nil, "\(text(found))")
        let differs = failure(of: "local c, d = { x = 1 }, { x = 2 }\nc.me, d.me = c, d\nexpect.equal(c, d)")
        #expect(differs?.message == "expect.equal: the values differ")
    }

    @Test("tables nested past the deepest comparison are an error, not a crash")
    func tooDeep() {
        let found = failure(of: nest + "expect.equal(nest(20000), nest(20000))")
        #expect(
            found?.message == "expect.equal: the tables are nested more than 500 deep to compare", "\(text(found))")
    }
}
