import CLua
import HierarchyEngine

/// Comparing and showing Lua values for `expect.equal`, with raw accesses only (and a
/// value's own `__tostring`, called protected).
extension Session {
    /// Whether the values at `a` and `b` are equal: raw equality, or tables with equal
    /// contents (handles compare by identity, since each object has one handle), however
    /// deep, cycles included: a pair of tables met again while it is being compared is
    /// taken as equal, so two tables that refer to themselves alike are equal.
    ///
    /// Each level takes three stack slots, which it makes room for first; tables nested
    /// deeper than `deepestComparison` are an error, never a crash.
    func valuesEqual(_ a: Int32, _ b: Int32) throws -> Bool {
        var comparing = Set<TablePair>()
        return try valuesEqual(a, b, depth: 0, comparing: &comparing)
    }

    /// The deepest two tables are compared.
    static let deepestComparison = 500

    private func valuesEqual(_ a: Int32, _ b: Int32, depth: Int, comparing: inout Set<TablePair>) throws -> Bool {
        let a = lua_absindex(stack.state, a)
        let b = lua_absindex(stack.state, b)
        if lua_rawequal(stack.state, a, b) != 0 { return true }
        guard stack.type(at: a) == LUA_TTABLE, stack.type(at: b) == LUA_TTABLE else { return false }
        let pair = TablePair(first: lua_topointer(stack.state, a), second: lua_topointer(stack.state, b))
        if comparing.contains(pair) { return true }
        guard depth < Self.deepestComparison, lua_checkstack(stack.state, 4) != 0 else {
            throw ScriptError("expect.equal: the tables are nested more than \(Self.deepestComparison) deep to compare")
        }
        comparing.insert(pair)
        defer { comparing.remove(pair) }
        // Every pair of values compared once: `a`'s keys with their values in `b`, then only
        // that `b` has no key `a` lacks (comparing both ways would double the work per level).
        return try tableContains(a, b, depth: depth, comparing: &comparing) && hasNoOtherKeys(b, than: a)
    }

    /// Whether every key of table `b` is a key of table `a`.
    private func hasNoOtherKeys(_ b: Int32, than a: Int32) -> Bool {
        stack.pushNil()
        while lua_next(stack.state, b) != 0 {  // key value
            stack.pop()  // key
            stack.pushValue(at: -1)  // key key
            let missing = lua_rawget(stack.state, a) == LUA_TNIL  // key a[key]
            stack.pop()  // key
            if missing {
                stack.pop()
                return false
            }
        }
        return true
    }

    /// Whether every key of table `a` is in table `b` with an equal value.
    private func tableContains(_ a: Int32, _ b: Int32, depth: Int, comparing: inout Set<TablePair>) throws -> Bool {
        stack.pushNil()
        while lua_next(stack.state, a) != 0 {  // key value
            stack.pushValue(at: -2)  // key value key
            lua_rawget(stack.state, b)  // key value b[key]
            let same: Bool
            do {
                same = try valuesEqual(-2, -1, depth: depth + 1, comparing: &comparing)
            } catch {
                stack.pop(3)
                throw error
            }
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

/// Two tables being compared, by address, while they are.
struct TablePair: Hashable {
    let first: UnsafeRawPointer?
    let second: UnsafeRawPointer?
}
