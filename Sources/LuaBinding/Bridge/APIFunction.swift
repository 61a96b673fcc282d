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
    /// Its parameters and results as the editor definitions write them, and a line saying
    /// what it does (`vcsandbox types`, issue 22; `Method` has the same).
    let parameters: String
    let returns: String
    let doc: String
    let run: @Sendable (Call) throws -> Int32

    init(
        _ key: String, in table: String? = nil, named name: String? = nil, parameters: String = "",
        returns: String = "", doc: String = "", _ run: @escaping @Sendable (Call) throws -> Int32
    ) {
        self.table = table
        self.key = key
        self.name = name ?? key
        self.parameters = parameters
        self.returns = returns
        self.doc = doc
        first = key == "__call" ? 2 : 1
        self.run = run
    }
}

extension Session {
    /// Installs `functions` (a slice of the bridge's, whose positions the trampoline finds
    /// them by) as globals and fields of global tables, making the tables that do not exist
    /// yet. Every function shares one box for `apiEntry`, and a run of functions of the same
    /// table finds it once: a session installs them all as it starts (issue 18).
    func install(_ functions: ArraySlice<APIFunction>) {
        let state = stack.state
        vcs_pushbox(state, apiEntry)
        let box = stack.top
        var tableName: String?  // the table at box + 1, if any
        for position in functions.indices {
            let function = functions[position]
            stack.pushValue(at: box)
            stack.push(integer: position)
            vcs_pushboxedfunction(state, 1)  // f
            guard let table = function.table else {
                lua_setglobal(state, function.key)
                continue
            }
            if table != tableName {
                if tableName != nil { vcs_remove(state, box + 1) }  // f
                if lua_getglobal(state, table) != LUA_TTABLE {
                    stack.pop()
                    stack.newTable()
                    stack.pushValue(at: -1)
                    lua_setglobal(state, table)
                }  // f t
                vcs_insert(state, box + 1)  // t f
                tableName = table
            }
            if function.key.utf8.starts(with: "__".utf8) {
                if lua_getmetatable(state, box + 1) == 0 {
                    stack.newTable()
                    stack.pushValue(at: -1)
                    lua_setmetatable(state, box + 1)
                }  // t f mt
                vcs_insert(state, -2)  // t mt f
                stack.rawSet(-2, field: function.key)  // t mt
                stack.pop()
            } else {
                stack.rawSet(box + 1, field: function.key)  // t
            }
        }
        stack.setTop(box - 1)
    }
}

/// Runs the API function whose position in the session's list is the upvalue.
let apiEntry: Entry = { state in
    Session.enter(state) { session in
        let function = session.bridge.functions[Int(lua_tointegerx(state, vcs_upvalueindex(2), nil))]
        return try function.run(Call(session: session, name: function.name, first: function.first))
    }
}
