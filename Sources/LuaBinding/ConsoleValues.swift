import CLua
import HierarchyEngine

/// How the REPL shows values: controllers with their appearance state, tables with their
/// contents, functions by where they were defined; never an address (STYLE rule 9).
///
///     > nav
///     <NavigationController Nav, appeared>
///     > { 1, "two", x = nav.topViewController }
///     {1, "two", x = <Controller A, appeared>}
extension Session {
    /// The text of a value the REPL shows: a string as it is (as `lua.c` prints it), any
    /// other value as `ValuePrinter` writes it.
    func displayText(at index: Int32) -> String {
        if stack.type(at: index) == LUA_TSTRING { return stack.string(at: index) ?? "" }
        var printer = ValuePrinter(session: self)
        return printer.text(at: lua_absindex(stack.state, index), indent: 0)
    }

    /// A handle's label: `<NavigationController Nav, appeared>`, `<Window Main, key,
    /// visible>`, `<View A.view, in window Main>`.
    func label(of target: Target) -> String {
        switch target {
        case .controller(let controller): return "<\(target.text), \(controller.appearance.rawValue)>"
        case .window(let window):
            return "<\(target.text), " + (window.isKeyWindow ? "key, " : "") + (window.isHidden ? "hidden>" : "visible>")
        case .view(let view):
            guard let window = view.window else { return "<\(target.text), not in a window>" }
            return "<\(target.text), in window \(window.name)>"
        case .gesture, .presentationController: return "<\(target.text)>"
        }
    }
}

/// Writes a Lua value as readable text: `{1, 2, x = "y"}`, over several indented lines when
/// long; a cycle as `<cycle>`, tables deeper than `deepest` as `{…}`.
struct ValuePrinter {
    unowned let session: Session
    /// Tables on the path from the value shown to the one being written.
    private var path: Set<UnsafeRawPointer> = []
    /// The most entries of one table shown.
    static let mostEntries = 50
    static let deepest = 5
    /// The widest a table is written on one line.
    static let widest = 72

    init(session: Session) {
        self.session = session
    }

    private var stack: Stack { session.stack }

    /// The text of the value at absolute `index`, nested `indent` levels deep.
    mutating func text(at index: Int32, indent: Int) -> String {
        if let handle = Handle.read(stack, at: index) {
            guard let target = session.handles.target(of: handle) else {
                return "<\(handle.kind.typeName) from a world that no longer exists>"
            }
            return session.label(of: target)
        }
        switch stack.type(at: index) {
        case LUA_TNIL, LUA_TNONE: return "nil"
        case LUA_TBOOLEAN: return lua_toboolean(stack.state, index) != 0 ? "true" : "false"
        case LUA_TNUMBER: return number(at: index)
        case LUA_TSTRING: return quoted(stack.string(at: index) ?? "")
        case LUA_TFUNCTION: return function(at: index)
        case LUA_TTABLE:
            if let shown = session.tostringIfDefined(at: index) { return shown }
            return table(at: index, indent: indent)
        default:
            return session.tostringIfDefined(at: index) ?? "<\(stack.typeName(at: index))>"
        }
    }

    /// A number as Lua's `tostring` writes it (`3`, `0.5`, `1e+100`, `inf`).
    private func number(at index: Int32) -> String {
        if let integer = stack.integer(at: index), lua_isinteger(stack.state, index) != 0 { return String(integer) }
        let value = stack.number(at: index) ?? 0
        if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        // Lua writes floats with "%.14g" and keeps a ".0" on whole ones.
        let text = String(format: "%.14g", value)
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) ? text : text + ".0"
    }

    /// `<function stdin:3>` for a function of the session or a script, `<function builtin>`
    /// for the library's and the binding's own.
    private func function(at index: Int32) -> String {
        var record = lua_Debug()
        stack.pushValue(at: index)
        guard lua_getinfo(stack.state, ">S", &record) != 0, let source = record.source else { return "<function>" }
        let file = String(cString: source)
        guard record.linedefined > 0, file != "=vcsandbox", let first = file.first, first == "@" || first == "="
        else { return "<function builtin>" }
        return "<function \(file.dropFirst()):\(record.linedefined)>"
    }

    /// A string in double quotes, with Lua's escapes for what would not show.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f { result += "\\\(scalar.value)" } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A table with its contents: the sequence first, then the other keys sorted.
    private mutating func table(at index: Int32, indent: Int) -> String {
        guard let identity = lua_topointer(stack.state, index) else { return "{…}" }
        if path.contains(identity) { return "<cycle>" }
        if indent >= Self.deepest { return "{…}" }
        path.insert(identity)
        defer { path.remove(identity) }
        let (entries, more) = self.entries(of: index, indent: indent)
        var parts = entries
        if more > 0 { parts.append("… (\(more) more)") }
        if parts.isEmpty { return "{}" }
        let line = "{" + parts.joined(separator: ", ") + "}"
        if line.count + indent * 2 <= Self.widest, !line.contains("\n") { return line }
        let inner = String(repeating: "  ", count: indent + 1)
        return "{\n" + parts.map { inner + $0 + ",\n" }.joined() + String(repeating: "  ", count: indent) + "}"
    }

    /// The shown entries of the table at `index`, and how many more there are.
    private mutating func entries(of index: Int32, indent: Int) -> ([String], Int) {
        let length = stack.rawLength(index)
        var entries: [String] = []
        for position in 1...max(1, min(length, Self.mostEntries)) where length > 0 {
            stack.rawGet(index, index: position)
            entries.append(text(at: stack.top, indent: indent + 1))
            stack.pop()
        }
        let (keys, unnamed) = otherKeys(of: index, sequenceLength: length)
        let room = max(0, Self.mostEntries - entries.count)
        for key in keys.prefix(room) {
            key.push(stack)
            lua_rawget(stack.state, index)
            entries.append(key.text + " = " + text(at: stack.top, indent: indent + 1))
            stack.pop()
        }
        return (entries, max(0, length - Self.mostEntries) + max(0, keys.count - room) + unnamed)
    }

    /// The keys outside the sequence `1...sequenceLength`, in a stable order: numbers, then
    /// strings, then booleans; and how many keys of other types there are, which are only
    /// counted (their only order is their addresses).
    private func otherKeys(of index: Int32, sequenceLength: Int) -> ([TableKey], Int) {
        var keys: [TableKey] = []
        var unnamed = 0
        stack.pushNil()
        while lua_next(stack.state, index) != 0 {
            stack.pop()
            switch stack.type(at: -1) {
            case LUA_TNUMBER:
                let value = stack.number(at: -1) ?? 0
                if let whole = stack.integer(at: -1), (1...max(1, sequenceLength)).contains(whole), sequenceLength > 0 {
                    continue
                }
                keys.append(.number(value, lua_isinteger(stack.state, -1) != 0))
            case LUA_TSTRING: keys.append(.string(stack.string(at: -1) ?? ""))
            case LUA_TBOOLEAN: keys.append(.boolean(lua_toboolean(stack.state, -1) != 0))
            default: unnamed += 1
            }
        }
        return (keys.sorted(), unnamed)
    }
}

/// A table key the printer can name and sort.
enum TableKey: Comparable {
    case number(Double, Bool)
    case string(String)
    case boolean(Bool)

    /// `name`, `["two words"]`, `[10]`, `[true]`.
    var text: String {
        switch self {
        case .number(let value, let isInteger): return "[" + (isInteger ? String(Int(value)) : String(value)) + "]"
        case .string(let name): return isIdentifier(name) ? name : "[\"\(name)\"]"
        case .boolean(let value): return "[\(value)]"
        }
    }

    func push(_ stack: Stack) {
        switch self {
        case .number(let value, let isInteger):
            if isInteger { stack.push(integer: Int(value)) } else { stack.push(value) }
        case .string(let name): stack.push(name)
        case .boolean(let value): stack.push(value)
        }
    }

    static func < (lhs: TableKey, rhs: TableKey) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a, _), .number(let b, _)): return a < b
        case (.string(let a), .string(let b)): return a < b
        case (.boolean(let a), .boolean(let b)): return !a && b
        default: return lhs.rank < rhs.rank
        }
    }

    private var rank: Int {
        switch self {
        case .number: return 0
        case .string: return 1
        case .boolean: return 2
        }
    }
}

/// Whether `name` is a Lua name that is not a keyword.
func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    let valid = name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    return valid && !luaKeywords.contains(name)
}

let luaKeywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
]

extension Session {
    /// The value's `__tostring` text when its metatable has one (a trace's lines, a
    /// script's own class), called protected; nil otherwise or when it fails.
    func tostringIfDefined(at index: Int32) -> String? {
        let index = lua_absindex(stack.state, index)
        guard luaL_getmetafield(stack.state, index, "__tostring") != LUA_TNIL else { return nil }
        stack.pop()
        var text: String?
        let error = runProtected(
            pushFunction: { lua_getglobal(stack.state, "tostring") },
            pushArguments: { session in session.stack.pushValue(at: index); return 1 }, results: 1
        ) { text = stack.string(at: -1) }
        return error == nil ? text : nil
    }
}
