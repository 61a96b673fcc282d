import CLua
import HierarchyEngine

/// Swift functions a host program adds to a session's Lua globals: the way a tool built on
/// the binding (the fuzzer's checks, Sources/Fuzzing) lets its scripts call back into it,
/// without being part of the API scripts see under `vcsandbox`.
///
///     session.installHostFunction("probe", in: "tool") { call in
///         .string("\(call.arguments.count) arguments")
///     }
///     -- Lua: print(tool.probe(1, "a"))    --> 2 arguments
///
/// The function runs as every API function does (`Session.enter`): an error it throws
/// becomes a Lua error at the caller's line, and an error an override kept meanwhile is
/// raised when it returns, unless the function took it (`HostCall.takeKeptError`).
public struct HostCall {
    public let session: Session
    /// The function's name, as installed.
    public let name: String
    /// The arguments, first to last.
    public let arguments: [HostValue]

    /// The message of the error an override raised and the binding keeps to raise when
    /// control returns to Lua, if one is kept; taking it means it is not raised.
    ///
    /// Every return to Lua raises what is kept, so a kept error seen at the start of a call
    /// from Lua is one that the call which ran the override failed to deliver.
    public func takeKeptError() -> String? {
        session.run.takePendingError()?.message
    }

    /// The argument at `position` (0-based), or `.none` past the last.
    public subscript(position: Int) -> HostValue {
        position < arguments.count ? arguments[position] : .none
    }
}

/// A Lua value as a host function sees it: the simple values, and the engine object behind
/// a handle.
public enum HostValue {
    case none
    case bool(Bool)
    case number(Double)
    case string(String)
    /// The engine object behind a handle of the current world (a controller, a view, a
    /// gesture).
    case object(AnyObject)
    /// Any other value, by its Lua type name (a table, a function, a stale handle).
    case other(String)

    /// The text of a string, nil for anything else.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number, nil for anything else.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// Lua's truth: anything but nil and false.
    public var isTrue: Bool {
        switch self {
        case .none, .bool(false): return false
        default: return true
        }
    }
}

/// One installed host function.
struct HostFunction {
    let name: String
    let body: (HostCall) throws -> HostValue
}

extension Session {
    /// Installs `body` as the global function `name`, or as the field `name` of the global
    /// table `table` (made if missing). It returns one value to Lua; `.object` is pushed as
    /// the object's handle. Installed functions last as long as the session.
    public func installHostFunction(
        _ name: String, in table: String? = nil, _ body: @escaping (HostCall) throws -> HostValue
    ) {
        hostFunctions.append(HostFunction(name: name, body: body))
        stack.push(integer: hostFunctions.count - 1)
        pushEntry(hostEntry, upvalues: 1)
        guard let table else { return lua_setglobal(stack.state, name) }
        if lua_getglobal(stack.state, table) != LUA_TTABLE {
            stack.pop()
            stack.newTable()
            stack.pushValue(at: -1)
            lua_setglobal(stack.state, table)
        }  // f t
        vcs_insert(stack.state, -2)  // t f
        stack.rawSet(-2, field: name)  // t
        stack.pop()
    }

    /// The Lua value at `index` as a host function sees it.
    fileprivate func hostValue(at index: Int32) -> HostValue {
        switch stack.type(at: index) {
        case LUA_TNIL, LUA_TNONE: return .none
        case LUA_TBOOLEAN: return .bool(lua_toboolean(stack.state, index) != 0)
        case LUA_TNUMBER: return stack.number(at: index).map(HostValue.number) ?? .other("number")
        case LUA_TSTRING: return stack.string(at: index).map(HostValue.string) ?? .other("string")
        default:
            if let target = target(at: index) { return .object(target.object) }
            return .other(stack.typeName(at: index))
        }
    }

    fileprivate func pushHostValue(_ value: HostValue) {
        switch value {
        case .none, .other: stack.pushNil()
        case .bool(let flag): stack.push(flag)
        case .number(let number): stack.push(number)
        case .string(let text): stack.push(text)
        case .object(let object): push(object)
        }
    }
}

/// Runs the host function whose position in the session's list is the upvalue.
private let hostEntry: Entry = { state in
    Session.enter(state) { session in
        let function = session.hostFunctions[Int(lua_tointegerx(state, vcs_upvalueindex(2), nil))]
        let count = session.stack.top
        let arguments = count < 1 ? [] : (1...count).map { session.hostValue(at: $0) }
        let result = try function.body(HostCall(session: session, name: function.name, arguments: arguments))
        session.stack.setTop(0)
        session.pushHostValue(result)
        return 1
    }
}
