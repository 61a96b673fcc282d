import CLua
import HierarchyEngine

/// A function of the Lua API that belongs to no handle: a constructor, `settle`,
/// `user.tapBack`, `expect.equal`. Each is a row of a table; one trampoline runs them all,
/// as `methodEntry` runs every member method.
///
///     APIFunction("settle") { call in try call.session.settleFromScript(); return 0 }
///     APIFunction("tapBack", in: "user") { call in … }
struct APIFunction: Sendable {
    /// The global table that holds it, or nil for a global function.
    let table: String?
    /// Its key in that table, or its global name. A key starting with `__` goes into the
    /// table's metatable: `expect`'s `__call` makes `expect [[…]]` work.
    let key: String
    /// The name errors give it: `bad argument #1 to 'tapBack'`.
    let name: String
    /// Stack index of its first argument: 1, or 2 for a `__call` (the table comes first).
    let first: Int32
    let run: @Sendable (Call<Session>) throws -> Int32

    init(
        _ key: String, in table: String? = nil, named name: String? = nil,
        _ run: @escaping @Sendable (Call<Session>) throws -> Int32
    ) {
        self.table = table
        self.key = key
        self.name = name ?? key
        first = key == "__call" ? 2 : 1
        self.run = run
    }
}

extension Session {
    /// Installs `functions` (a slice of the bridge's, whose positions the trampoline finds
    /// them by) as globals
    /// and fields of global tables, making the tables that do not exist yet.
    func install(_ functions: ArraySlice<APIFunction>) {
        for position in functions.indices {
            let function = functions[position]
            stack.push(integer: position)
            pushEntry(apiEntry, upvalues: 1)
            guard let table = function.table else {
                lua_setglobal(stack.state, function.key)
                continue
            }
            if lua_getglobal(stack.state, table) != LUA_TTABLE {
                stack.pop()
                stack.newTable()
                stack.pushValue(at: -1)
                lua_setglobal(stack.state, table)
            }  // f t
            if function.key.hasPrefix("__") {
                if lua_getmetatable(stack.state, -1) == 0 {
                    stack.newTable()
                    stack.pushValue(at: -1)
                    lua_setmetatable(stack.state, -3)
                }  // f t mt
                vcs_remove(stack.state, -2)  // f mt
            }
            vcs_insert(stack.state, -2)  // t f
            stack.rawSet(-2, field: function.key)  // t
            stack.pop()
        }
    }
}

/// Runs the API function whose position in the session's list is the upvalue.
let apiEntry: Entry = { state in
    Session.enter(state) { session in
        let function = session.bridge.functions[Int(lua_tointegerx(state, vcs_upvalueindex(2), nil))]
        return try function.run(Call(session: session, object: session, name: function.name, first: function.first))
    }
}
