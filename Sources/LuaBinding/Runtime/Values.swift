import CLua
import HierarchyEngine

/// Comparing and showing Lua values for `expect.equal`, with raw accesses only (and a
/// value's own `__tostring`, called protected).
extension Session {
    /// Whether the values at `a` and `b` are equal: raw equality, or tables with equal
    /// contents (handles compare by identity, since each object has one handle).
    func valuesEqual(_ a: Int32, _ b: Int32, depth: Int = 0) -> Bool {
        let a = lua_absindex(stack.state, a)
        let b = lua_absindex(stack.state, b)
        if lua_rawequal(stack.state, a, b) != 0 { return true }
        guard stack.type(at: a) == LUA_TTABLE, stack.type(at: b) == LUA_TTABLE, depth < 16 else { return false }
        return tableContains(a, b, depth: depth) && tableContains(b, a, depth: depth)
    }

    /// Whether every key of table `a` is in table `b` with an equal value.
    private func tableContains(_ a: Int32, _ b: Int32, depth: Int) -> Bool {
        stack.pushNil()
        while lua_next(stack.state, a) != 0 {  // key value
            stack.pushValue(at: -2)  // key value key
            lua_rawget(stack.state, b)  // key value b[key]
            let same = valuesEqual(-2, -1, depth: depth + 1)
            stack.pop(2)  // key
            if !same {
                stack.pop()
                return false
            }
        }
        return true
    }

    /// A readable form of the value at `index`, as the REPL shows values inside a table:
    /// `"text"`, `3`, `<Controller A, appeared>`, `{1, 2, x = "y"}`.
    func describeValue(at index: Int32) -> String {
        var printer = ValuePrinter(session: self, tostring: runtime.tostringSlot)
        return printer.text(at: lua_absindex(stack.state, index), indent: 0)
    }
}
