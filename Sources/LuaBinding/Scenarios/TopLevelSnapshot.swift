import CLua

/// A script's globals as they stood once its top level had run, put back before each
/// declared scenario, so that no scenario sees the globals an earlier one assigned (D-83).
///
///     total = 0
///     local shared = {}
///     scenario("a", function() total = total + 1; helper = print; shared.a = true end)
///     scenario("b", function()
///       expect.equal(total, 0)         -- the top level's value
///       expect.equal(helper, nil)      -- a global made by "a" is gone
///       expect.equal(shared.a, true)   -- a top-level local is the scenarios' own to share
///     end)
///
/// The global table stays the same table, and its pairs are put back: a function defined
/// at the top level reads the restored values whatever it captured, and `load`'s chunks
/// share them. Its metatable (the sandbox's, or a strict mode the script set) is put back
/// too, and so is the table of loaded modules, so a module first required by a scenario
/// is loaded again by the next. Variables are put back, not the tables they hold: a table's
/// contents (`string.x = …`, a global list a scenario appends to) stay as the last scenario
/// left them, and a top-level `local` is one variable its scenarios share.
///
/// One registry table holds the copies: `[1]` the globals' pairs, `[2]` their metatable,
/// `[3]` the loaded modules' pairs.
struct TopLevelSnapshot {
    private let slot: Int32

    /// Takes the snapshot of the state's globals and loaded modules.
    init(stack: Stack) {
        let state = stack.state
        stack.newTable(arrayCount: 3)  // snapshot
        vcs_pushglobaltable(state)  // snapshot G
        Self.pushCopy(stack)  // snapshot G copy
        stack.rawSet(-3, index: 1)
        if lua_getmetatable(state, -1) == 0 { stack.pushNil() }  // snapshot G mt
        stack.rawSet(-3, index: 2)
        stack.pop()
        lua_getfield(state, vcs_registryindex(), LUA_LOADED_TABLE)  // snapshot loaded
        Self.pushCopy(stack)
        stack.rawSet(-3, index: 3)
        stack.pop()
        slot = stack.reference()
    }

    /// Puts the globals, their metatable and the loaded modules back as they were.
    func restore(_ stack: Stack) {
        let state = stack.state
        stack.pushReference(slot)  // snapshot
        vcs_pushglobaltable(state)  // snapshot G
        stack.rawGet(-2, index: 1)  // snapshot G copy
        Self.restore(stack)  // snapshot G
        stack.rawGet(-2, index: 2)  // snapshot G mt (or nil)
        lua_setmetatable(state, -2)
        stack.pop()
        lua_getfield(state, vcs_registryindex(), LUA_LOADED_TABLE)  // snapshot loaded
        stack.rawGet(-2, index: 3)  // snapshot loaded copy
        Self.restore(stack)
        stack.pop(2)
    }

    /// Lets the snapshot go.
    func release(_ stack: Stack) {
        stack.release(slot)
    }

    /// Pushes a table with the pairs of the table on top, read raw.
    private static func pushCopy(_ stack: Stack) {
        let state = stack.state
        stack.newTable()  // t copy
        stack.pushNil()
        while lua_next(state, -3) != 0 {  // t copy k v
            stack.pushValue(at: -2)
            vcs_insert(state, -2)  // t copy k k v
            lua_rawset(state, -4)  // t copy k
        }
    }

    /// Gives the table below the top the pairs of the copy on top (popped), raw: keys the
    /// copy lacks are cleared, the others set.
    private static func restore(_ stack: Stack) {
        let state = stack.state
        stack.pushNil()  // t copy nil
        while lua_next(state, -3) != 0 {  // t copy k v
            stack.pop()
            stack.pushValue(at: -1)  // t copy k k
            if lua_rawget(state, -3) == LUA_TNIL {  // t copy k copy[k]: made since, cleared
                stack.pushValue(at: -2)
                stack.pushNil()
                lua_rawset(state, -6)  // clearing a field while traversing it is allowed
            }
            stack.pop()
        }
        stack.pushNil()
        while lua_next(state, -2) != 0 {  // t copy k v
            stack.pushValue(at: -2)
            vcs_insert(state, -2)  // t copy k k v
            lua_rawset(state, -5)  // t copy k
        }
        stack.pop()
    }
}
