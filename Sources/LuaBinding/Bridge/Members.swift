import CLua
import HierarchyEngine

/// The arguments of one call from Lua into a member, with the conversions that name the
/// member and argument when they fail (`luaL_argerror`'s shape).
///
/// A call lives only while Lua waits for the Swift function, during which the session is
/// certainly alive, so it holds it without reference counting. A member's object is not part
/// of the call: it is the member's first parameter, borrowed for the call, so that reaching
/// it costs no retain and release (issue 18).
struct Call {
    unowned(unsafe) let session: Session
    /// Where the member's name comes from: read only for a message.
    let naming: CallNaming
    /// Stack index of the first argument after `self` (2 for a method, 3 for a setter's value).
    let first: Int32
    /// Whether the argument is a value being assigned, which errors name differently.
    var isAssignedValue = false

    init(session: Session, name: String, first: Int32, isAssignedValue: Bool = false) {
        self.init(session: session, naming: .text(name), first: first, isAssignedValue: isAssignedValue)
    }

    init(session: Session, naming: CallNaming, first: Int32, isAssignedValue: Bool = false) {
        self.session = session
        self.naming = naming
        self.first = first
        self.isAssignedValue = isAssignedValue
    }

    /// The member's name, as error messages show it.
    var name: String { naming.name }

    var stack: Stack { session.stack }

    func index(_ position: Int) -> Int32 { first + Int32(position) - 1 }

    func isMissing(_ position: Int) -> Bool { stack.isNil(index(position)) }

    func fail(_ position: Int, _ expected: String) -> Error {
        let index = index(position)
        if session.isStaleHandle(at: index) { return ScriptError(staleHandleMessage) }
        let got = stack.isNil(index) && index > stack.top ? "no value" : stack.typeName(at: index)
        guard !isAssignedValue else { return ScriptError("bad value for '\(name)' (\(expected) expected, got \(got))") }
        return ArgumentError(position: position, function: name, problem: "\(expected) expected, got \(got)")
    }

    func controller(_ position: Int) throws -> ViewController {
        guard let controller = session.object(at: index(position), as: ViewController.self) else {
            throw fail(position, "Controller")
        }
        return controller
    }

    /// A controller, or nil for a missing or nil argument.
    func optionalController(_ position: Int) throws -> ViewController? {
        isMissing(position) ? nil : try controller(position)
    }

    func view(_ position: Int) throws -> View {
        guard let view = session.object(at: index(position), as: View.self) else { throw fail(position, "View") }
        return view
    }

    func bool(_ position: Int, default value: Bool? = nil) throws -> Bool {
        let index = index(position)
        if let value, stack.isNil(index) { return value }
        guard stack.type(at: index) == LUA_TBOOLEAN else { throw fail(position, "boolean") }
        return lua_toboolean(stack.state, index) != 0
    }

    func number(_ position: Int, default value: Double? = nil) throws -> Double {
        let index = index(position)
        if let value, stack.isNil(index) { return value }
        guard let number = stack.number(at: index) else { throw fail(position, "number") }
        return number
    }

    func string(_ position: Int) throws -> String {
        guard let text = stack.string(at: index(position)) else { throw fail(position, "string") }
        return text
    }

    /// A string, or nil for a missing or nil argument; the engine keeps it, so it is charged
    /// against the memory cap as it arrives.
    func optionalString(_ position: Int, replacing replaced: Int = 0) throws -> String? {
        guard !isMissing(position) else { return nil }
        let text = try string(position)
        try session.charge(max(0, text.utf8.count - replaced))
        return text
    }

    /// A registry reference to the function argument, or nil when it is missing.
    func function(_ position: Int) throws -> LuaFunction? {
        let index = index(position)
        if stack.isNil(index) { return nil }
        guard stack.type(at: index) == LUA_TFUNCTION else { throw fail(position, "function") }
        return LuaFunction(session: session, index: index)
    }
}

/// Where a call's name comes from: a text, or a method of a kind, whose name is looked up
/// only when a message needs it, so that a method call copies no string (issue 18).
enum CallNaming {
    case text(String)
    case method(kind: any HandleKind.Type, number: Int)

    var name: String {
        switch self {
        case .text(let name): name
        case .method(let kind, let number): kind.methodNames[number]
        }
    }
}

let staleHandleMessage =
    "this object belongs to a world that no longer exists (the script's top level or an earlier scenario, "
    + "each with a world of its own, before :reset, or before app.relaunch); make it again in the current scenario (a storyboard too: "
    + "Storyboard.load inside the scenario)"

/// A property: a getter that pushes one value of its object, and a setter that gives its
/// object the value at `call.first`.
struct Property<Object: AnyObject>: Sendable {
    let name: String
    /// Its Lua type, as the editor definitions write it (`boolean`, `Controller?`, an
    /// enumeration's alias), and a line saying what it is (`vcsandbox types`, issue 22).
    var type = ""
    var doc = ""
    let get: @Sendable (Object, Call) throws -> Void
    var set: (@Sendable (Object, Call) throws -> Void)? = nil
}

/// A method of its object: the arguments follow `self`; returns how many results it pushed.
struct Method<Object: AnyObject>: Sendable {
    let name: String
    /// The arguments every call gives after `self` (UIKit's parameters without a default, and
    /// the parent of `willMove`/`didMove`): a call written `a.present(b)` gives one fewer, its
    /// first argument having become `self`, and is told to use ':' (D-82).
    var required = 0
    /// Its parameters after `self` and its results, as the editor definitions write them
    /// (`vc: Controller, animated: boolean?`; `Controller?`), and a line saying what it does.
    var parameters = ""
    var returns = ""
    var doc = ""
    let run: @Sendable (Object, Call) throws -> Int32
}

/// One kind's members, looked up by name; methods and properties share one namespace.
struct Members<Object: AnyObject>: Sendable {
    let properties: [Property<Object>]
    let methods: [Method<Object>]

    /// The same members seen from a subclass's objects (a window's view members).
    func lifted<Sub: AnyObject>(_ cast: @escaping @Sendable (Sub) -> Object) -> Members<Sub> {
        Members<Sub>(
            properties: properties.map { Self.lift($0, cast) },
            methods: methods.map { method in
                Method<Sub>(
                    name: method.name, required: method.required, parameters: method.parameters,
                    returns: method.returns, doc: method.doc,
                    run: { (object: Sub, call: Call) throws -> Int32 in try method.run(cast(object), call) })
            })
    }

    private static func lift<Sub: AnyObject>(
        _ property: Property<Object>, _ cast: @escaping @Sendable (Sub) -> Object
    )
        -> Property<Sub>
    {
        let get: @Sendable (Sub, Call) throws -> Void = { object, call in try property.get(cast(object), call) }
        guard let set = property.set else {
            return Property<Sub>(name: property.name, type: property.type, doc: property.doc, get: get)
        }
        return Property<Sub>(
            name: property.name, type: property.type, doc: property.doc, get: get,
            set: { object, call in try set(cast(object), call) })
    }

    /// Runs the getter of property `number`, which pushes the value.
    @inline(__always)
    func read(_ number: Int, of object: Object, in session: Session) throws {
        try properties.withUnsafeBufferPointer { properties in
            // A getter takes no arguments, so no message ever shows the call's name.
            try properties[number].get(object, Call(session: session, name: "", first: 3, isAssignedValue: true))
        }
    }

    static func + (lhs: Members, rhs: Members) -> Members {
        Members(properties: lhs.properties + rhs.properties, methods: lhs.methods + rhs.methods)
    }
}

/// A Lua value kept in the registry, released when the last Swift reference goes.
///
/// It holds the state, not the session, so that it may outlive a closed state harmlessly.
class LuaReference {
    let state: LuaStateBox
    let reference: Int32

    init(session: Session, index: Int32) {
        state = session.runtime.stateBox
        session.stack.pushValue(at: index)
        reference = session.stack.reference()
    }

    deinit {
        guard !state.isClosed else { return }
        Stack(state: state.pointer).release(reference)
    }

    /// Whether the table kept holds a function under `key` (a delegate's method).
    func holdsFunction(_ key: String) -> Bool {
        guard !state.isClosed else { return false }
        let stack = Stack(state: state.pointer)
        stack.pushReference(reference)
        defer { stack.pop(2) }
        return stack.rawGet(-1, field: key) == LUA_TFUNCTION
    }

    /// Pushes the value the table kept holds under `key`.
    func pushField(_ key: String, on stack: Stack) {
        stack.pushReference(reference)
        stack.rawGet(-1, field: key)
        vcs_remove(stack.state, -2)
    }
}

/// A Lua function kept for a later call (a completion handler).
final class LuaFunction: LuaReference {
    /// The function as a completion handler that takes no arguments.
    var completion: () -> Void { { self.call { _ in 0 } } }

    /// Calls the function with the values `pushArguments` pushes; an error is kept as the
    /// session's pending error and raised when control returns to the script.
    func call(_ pushArguments: (Session) -> Int32) {
        guard !state.isClosed else { return }
        let session = Session.from(state.pointer)
        session.callProtected(pushFunction: { session.stack.pushReference(reference) }, pushArguments: pushArguments)
    }
}

/// The Lua state of a session, with whether it has been closed.
final class LuaStateBox {
    let pointer: OpaquePointer
    private(set) var isClosed = false

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        lua_close(pointer)
    }
}
