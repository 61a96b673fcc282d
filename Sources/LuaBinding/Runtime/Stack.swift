import CLua

/// The Lua stack as Swift sees it: only calls that cannot raise a Lua error, so that no
/// `longjmp` ever crosses a Swift frame (STYLE rule 2). Raw accessors, never metamethods.
///
/// Pushing allocates, and an allocation failure would raise; the session's allocator never
/// refuses memory while a Swift frame is running, so these calls are safe here.
struct Stack {
    let state: OpaquePointer

    var top: Int32 { lua_gettop(state) }

    func type(at index: Int32) -> Int32 { lua_type(state, index) }

    func isNil(_ index: Int32) -> Bool { lua_type(state, index) <= LUA_TNIL }

    func pop(_ count: Int32 = 1) { vcs_pop(state, count) }

    func setTop(_ index: Int32) { lua_settop(state, index) }

    /// The string at `index`, only if it is a string (numbers are not converted in place).
    func string(at index: Int32) -> String? {
        guard lua_type(state, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(state, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// The bytes of the string at `index`, exactly (no UTF-8 repair); empty if it is none.
    func bytes(at index: Int32) -> [UInt8] {
        guard lua_type(state, index) == LUA_TSTRING else { return [] }
        var length = 0
        guard let bytes = lua_tolstring(state, index, &length) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    func number(at index: Int32) -> Double? {
        guard lua_type(state, index) == LUA_TNUMBER else { return nil }
        return vcs_tonumber(state, index)
    }

    func integer(at index: Int32) -> Int? {
        var isInteger: Int32 = 0
        let value = lua_tointegerx(state, index, &isInteger)
        return isInteger != 0 ? Int(value) : nil
    }

    func push(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(state, $0.baseAddress, $0.count) }
        }
    }

    func push(_ value: Bool) { lua_pushboolean(state, value ? 1 : 0) }

    func push(_ value: Double) { lua_pushnumber(state, value) }

    func push(integer value: Int) { lua_pushinteger(state, lua_Integer(value)) }

    func pushNil() { lua_pushnil(state) }

    func pushValue(at index: Int32) { lua_pushvalue(state, index) }

    func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        lua_createtable(state, arrayCount, fieldCount)
    }

    /// `t[i] = top`, raw, popping the value.
    func rawSet(_ table: Int32, index: Int) { lua_rawseti(state, table, lua_Integer(index)) }

    /// `t[key] = top`, raw, popping the value.
    func rawSet(_ table: Int32, field key: String) {
        let table = lua_absindex(state, table)
        push(key)
        lua_rotate(state, -2, 1)
        lua_rawset(state, table)
    }

    /// Pushes `t[i]`, raw; returns its type.
    @discardableResult
    func rawGet(_ table: Int32, index: Int) -> Int32 { lua_rawgeti(state, table, lua_Integer(index)) }

    /// Pushes `t[key]`, raw; returns its type.
    @discardableResult
    func rawGet(_ table: Int32, field key: String) -> Int32 {
        let table = lua_absindex(state, table)
        push(key)
        return lua_rawget(state, table)
    }

    func rawLength(_ index: Int32) -> Int { Int(lua_rawlen(state, index)) }

    /// The registry slot holding `value` (popped), for later `rawGet(registry, index:)`.
    func reference() -> Int32 { luaL_ref(state, vcs_registryindex()) }

    func release(_ reference: Int32) { luaL_unref(state, vcs_registryindex(), reference) }

    func pushReference(_ reference: Int32) { lua_rawgeti(state, vcs_registryindex(), lua_Integer(reference)) }

    /// The name of the value's type as an error message shows it (`Controller`, `string`).
    func typeName(at index: Int32) -> String {
        if let handle = Handle.read(self, at: index) { return Session.from(state).handles.typeName(of: handle) }
        return String(cString: lua_typename(state, lua_type(state, index)))
    }

    /// The name Lua gives a type (`string`, `nil`).
    func typeName(ofType type: Int32) -> String { String(cString: lua_typename(state, type)) }

    /// The keys of the table at `index` that are strings, sorted, so that applying them is
    /// deterministic. Also returns whether some key is not a string.
    func stringKeys(of index: Int32) -> (keys: [String], others: [String]) {
        let table = lua_absindex(state, index)
        var keys: [String] = []
        var others: [String] = []
        pushNil()
        while lua_next(state, table) != 0 {
            if let key = string(at: -2) {
                keys.append(key)
            } else if integer(at: -2) == nil {
                others.append(typeName(at: -2))
            }
            pop()
        }
        return (keys.sorted(), others)
    }
}
