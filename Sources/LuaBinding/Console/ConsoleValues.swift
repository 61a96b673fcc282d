import CLua
import HierarchyEngine

/// How the REPL shows values: controllers with their appearance state, tables with their
/// contents, functions by where they were defined; never an address (STYLE rule 9).
///
///     > nav
///     <NavigationController Nav, appeared>
///     > { 1, "two", x = nav.topViewController }
///     {1, "two", x = <Controller A, appeared>}
extension Console {
    /// The text of a value the REPL shows: a string as it is (as `lua.c` prints it), any
    /// other value as `ValuePrinter` writes it.
    func displayText(at index: Int32) -> String {
        let stack = session.stack
        if stack.type(at: index) == LUA_TSTRING { return stack.string(at: index) ?? "" }
        var printer = ValuePrinter(session: session, tostring: session.runtime.tostringSlot)
        return printer.text(at: lua_absindex(stack.state, index), indent: 0)
    }
}

extension Session {
    /// A handle's label: `<NavigationController Nav, appeared>`, `<Window Main, key,
    /// visible>`, `<View A.view, in window Main>`.
    func label(of target: Target) -> String {
        target.kind.label(of: target.object)
    }
}

/// Writes a Lua value as readable text: `{1, 2, x = "y"}`, over several indented lines when
/// long; a cycle as `<cycle>`, tables deeper than `deepest` as `{…}`.
struct ValuePrinter {
    unowned let session: Session
    /// Registry slot of the library's `tostring`, for values with a `__tostring`.
    let tostring: Int32
    /// Tables on the path from the value shown to the one being written.
    private var path: Set<UnsafeRawPointer> = []
    /// The most entries of one table shown.
    static let mostEntries = 50
    /// The most keys of one table looked at: a huge table is not walked whole.
    static let mostKeysScanned = 10_000
    static let deepest = 5
    /// The widest a table is written on one line.
    static let widest = 72

    init(session: Session, tostring: Int32) {
        self.session = session
        self.tostring = tostring
    }

    private var stack: Stack { session.stack }

    /// The text of the value at absolute `index`, nested `indent` levels deep.
    mutating func text(at index: Int32, indent: Int) -> String {
        if let handle = Handle.read(stack, at: index) {
            guard let target = session.handles.target(of: handle) else {
                return "<\(session.handles.typeName(of: handle)) from a world that no longer exists>"
            }
            return session.label(of: target)
        }
        switch stack.type(at: index) {
        case LUA_TNIL, LUA_TNONE: return "nil"
        case LUA_TBOOLEAN: return lua_toboolean(stack.state, index) != 0 ? "true" : "false"
        case LUA_TNUMBER: return number(at: index)
        case LUA_TSTRING: return luaQuoted(stack.bytes(at: index))
        case LUA_TFUNCTION: return function(at: index)
        case LUA_TTABLE:
            if let shown = tostringIfDefined(at: index) { return nested(shown, indent: indent) }
            return table(at: index, indent: indent)
        default:
            return tostringIfDefined(at: index).map { nested($0, indent: indent) } ?? "<\(stack.typeName(at: index))>"
        }
    }

    /// Text of several lines indented to sit inside a table `indent` levels deep.
    private func nested(_ text: String, indent: Int) -> String {
        indent == 0 ? text : text.replacingOccurrences(of: "\n", with: "\n" + String(repeating: "  ", count: indent))
    }

    /// A number as Lua's `tostring` writes it (`3`, `0.5`, `1e+100`, `inf`).
    private func number(at index: Int32) -> String {
        if lua_isinteger(stack.state, index) != 0, let integer = stack.integer(at: index) { return String(integer) }
        return luaFloatText(stack.number(at: index) ?? 0)
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
    /// strings, then booleans; and how many other keys there are, which are only counted
    /// (keys of other types, whose only order is their addresses, and keys past
    /// `mostKeysScanned`, where the count stops).
    private func otherKeys(of index: Int32, sequenceLength: Int) -> ([TableKey], Int) {
        var keys: [TableKey] = []
        var unnamed = 0
        var scanned = 0
        stack.pushNil()
        while lua_next(stack.state, index) != 0 {
            stack.pop()
            scanned += 1
            if scanned > Self.mostKeysScanned {
                stack.pop()
                return (keys.sorted(), unnamed + 1)
            }
            if let key = TableKey(at: -1, in: stack) {
                if case .integer(let whole) = key, (1...max(1, sequenceLength)).contains(whole), sequenceLength > 0 {
                    continue
                }
                keys.append(key)
            } else {
                unnamed += 1
            }
        }
        return (keys.sorted(), unnamed)
    }

    /// The value's `__tostring` text when its metatable has one (a trace's lines, a
    /// script's own class), through the library's `tostring`, protected; nil otherwise or
    /// when it fails.
    private func tostringIfDefined(at index: Int32) -> String? {
        guard luaL_getmetafield(stack.state, index, "__tostring") != LUA_TNIL else { return nil }
        stack.pop()
        var text: String?
        let error = session.runProtected(
            pushFunction: { stack.pushReference(tostring) },
            pushArguments: { session in
                session.stack.pushValue(at: index)
                return 1
            }, results: 1,
            readResults: { text = stack.string(at: -1) })
        return error == nil ? text : nil
    }
}

/// A table key the printer can name and sort.
enum TableKey: Comparable {
    case integer(Int)
    case float(Double)
    /// A string's bytes, exactly: two keys that differ only in invalid UTF-8 stay two.
    case string([UInt8])
    case boolean(Bool)

    /// The key at `index`, or nil for a key of another type.
    init?(at index: Int32, in stack: Stack) {
        switch stack.type(at: index) {
        case LUA_TNUMBER:
            if lua_isinteger(stack.state, index) != 0, let value = stack.integer(at: index) {
                self = .integer(value)
            } else {
                self = .float(stack.number(at: index) ?? 0)
            }
        case LUA_TSTRING: self = .string(stack.bytes(at: index))
        case LUA_TBOOLEAN: self = .boolean(lua_toboolean(stack.state, index) != 0)
        default: return nil
        }
    }

    /// `name`, `["two words"]`, `[10]`, `[0.5]`, `[true]`.
    var text: String {
        switch self {
        case .integer(let value): return "[\(value)]"
        case .float(let value): return "[" + luaFloatText(value) + "]"
        case .string(let bytes):
            let name = String(decoding: bytes, as: UTF8.self)
            return isIdentifier(name) ? name : "[" + luaQuoted(bytes) + "]"
        case .boolean(let value): return "[\(value)]"
        }
    }

    func push(_ stack: Stack) {
        switch self {
        case .integer(let value): stack.push(integer: value)
        case .float(let value): stack.push(value)
        case .string(let bytes):
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(stack.state, $0.baseAddress, $0.count) }
            }
        case .boolean(let value): stack.push(value)
        }
    }

    static func < (lhs: TableKey, rhs: TableKey) -> Bool {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b
        case (.float(let a), .float(let b)): return a < b
        case (.integer(let a), .float(let b)): return Double(a) < b || (Double(a) == b)
        case (.float(let a), .integer(let b)): return a < Double(b)
        case (.string(let a), .string(let b)): return a.lexicographicallyPrecedes(b)
        case (.boolean(let a), .boolean(let b)): return !a && b
        default: return lhs.rank < rhs.rank
        }
    }

    private var rank: Int {
        switch self {
        case .integer, .float: return 0
        case .string: return 1
        case .boolean: return 2
        }
    }
}

/// A float as Lua's `tostring` writes it: `%.14g`, keeping `.0` on whole numbers.
func luaFloatText(_ value: Double) -> String {
    if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let text = String(format: "%.14g", value)
    return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
}

/// Bytes as a double-quoted Lua string that reads back as the same bytes: quotes,
/// backslashes and control characters escaped, bytes outside valid UTF-8 as `\ddd` (three
/// digits, so that a digit after one cannot join it).
func luaQuoted(_ bytes: [UInt8]) -> String {
    var result = "\""
    var position = 0
    while position < bytes.count {
        let byte = bytes[position]
        if byte >= 0x80, let length = validUTF8Length(bytes, at: position) {
            result += String(decoding: bytes[position..<position + length], as: UTF8.self)
            position += length
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): result += "\\\""
        case UInt8(ascii: "\\"): result += "\\\\"
        case UInt8(ascii: "\n"): result += "\\n"
        case UInt8(ascii: "\t"): result += "\\t"
        case UInt8(ascii: "\r"): result += "\\r"
        case 0x20..<0x7f: result.unicodeScalars.append(Unicode.Scalar(byte))
        default: result += "\\" + String(format: "%03d", Int(byte))
        }
        position += 1
    }
    return result + "\""
}

/// The length of the valid UTF-8 sequence of more than one byte that starts at `position`.
private func validUTF8Length(_ bytes: [UInt8], at position: Int) -> Int? {
    let lead = bytes[position]
    let length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0
    guard length > 0, position + length <= bytes.count else { return nil }
    let slice = bytes[position..<position + length]
    return String(validating: slice, as: UTF8.self) != nil ? length : nil
}

/// Whether `name` is a Lua name that is not a keyword.
func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    let valid = name.unicodeScalars.allSatisfy {
        $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
    return valid && !luaKeywords.contains(name)
}

/// The reserved words of Lua 5.4, which no name may be.
let luaKeywords = LocalDeclarations.Token.keywords
