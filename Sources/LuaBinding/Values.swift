import CLua
import HierarchyEngine

/// Comparing and showing Lua values for `expect.equal`, with raw accesses only.
extension Session {
    /// Whether the values at `a` and `b` are equal: raw equality, or tables with equal
    /// contents (handles compare by identity, since each object has one handle).
    func valuesEqual(_ a: Int32, _ b: Int32, depth: Int = 0) -> Bool {
        let a = lua_absindex(stack.state, a), b = lua_absindex(stack.state, b)
        if lua_rawequal(stack.state, a, b) != 0 { return true }
        guard stack.type(at: a) == LUA_TTABLE, stack.type(at: b) == LUA_TTABLE, depth < 16 else { return false }
        return tableContains(a, b, depth: depth) && tableContains(b, a, depth: depth)
    }

    /// Whether every key of table `a` is in table `b` with an equal value.
    private func tableContains(_ a: Int32, _ b: Int32, depth: Int) -> Bool {
        stack.pushNil()
        while lua_next(stack.state, a) != 0 {          // key value
            stack.pushValue(at: -2)                    // key value key
            lua_rawget(stack.state, b)                 // key value b[key]
            let same = valuesEqual(-2, -1, depth: depth + 1)
            stack.pop(2)                               // key
            if !same {
                stack.pop()
                return false
            }
        }
        return true
    }

    /// A readable form of the value at `index`: `"text"`, `3`, `A`, `{A, B}`, `{x = 1}`.
    func describeValue(at index: Int32, depth: Int = 0) -> String {
        let index = lua_absindex(stack.state, index)
        if let target = target(at: index) { return target.text }
        switch stack.type(at: index) {
        case LUA_TNIL, LUA_TNONE: return "nil"
        case LUA_TBOOLEAN: return lua_toboolean(stack.state, index) != 0 ? "true" : "false"
        case LUA_TSTRING: return "\"" + (stack.string(at: index) ?? "") + "\""
        case LUA_TNUMBER:
            if let integer = stack.integer(at: index) { return String(integer) }
            return String(stack.number(at: index) ?? 0)
        case LUA_TTABLE: return depth > 3 ? "{…}" : describeTable(at: index, depth: depth)
        default: return stack.typeName(at: index)
        }
    }

    private func describeTable(at index: Int32, depth: Int) -> String {
        let count = stack.rawLength(index)
        var parts: [String] = []
        for position in 0..<count {
            stack.rawGet(index, index: position + 1)
            parts.append(describeValue(at: -1, depth: depth + 1))
            stack.pop()
        }
        for key in stack.stringKeys(of: index).keys {
            stack.rawGet(index, field: key)
            parts.append(key + " = " + describeValue(at: -1, depth: depth + 1))
            stack.pop()
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
