import CLua
import HierarchyEngine

/// The global functions of the Lua API: constructors (SPEC §3.1) and time (SPEC §3.5).
extension Session {
    /// Installs every global of the API into the fresh state.
    func installAPI() {
        pushEntry(tracebackEntry)
        tracebackSlot = stack.reference()
        installHandleKinds()
        for (name, entry) in globalFunctions { setGlobal(name, entry) }
        installExpectations()
        installPrint()
    }

    /// `Controller "A"` or `Controller { "A", property = value, callback = function ... }`.
    func makeController() throws {
        let (name, keys) = try constructorArguments("Controller")
        let controller = try world.makeController(named: name)
        for key in keys {
            stack.rawGet(1, field: key)
            defer { stack.pop() }
            try configure(controller, key, valueAt: stack.top)
        }
        push(controller)
    }

    /// Applies one field of a constructor table: a property, or an override.
    private func configure(_ controller: ViewController, _ key: String, valueAt index: Int32) throws {
        if let property = members.controller.properties.first(where: { $0.name == key }), let set = property.set {
            return try set(Call(session: self, object: controller, name: key, first: index, isValue: true))
        }
        if Callback.overridableNames.contains(key) { return try setOverride(key, of: controller, valueAt: index) }
        throw unknownMember(key, of: .controller(controller))
    }

    /// Reads `Kind "name"` or `Kind { "name", key = value }`: the name and the sorted keys.
    func constructorArguments(_ kind: String) throws -> (name: String?, keys: [String]) {
        switch stack.type(at: 1) {
        case LUA_TSTRING: return (stack.string(at: 1), [])
        case LUA_TNIL, LUA_TNONE: return (nil, [])
        case LUA_TTABLE: break
        default: throw ArgumentError(position: 1, function: kind, problem: "string or table expected, got \(stack.typeName(at: 1))")
        }
        let (keys, others) = stack.stringKeys(of: 1)
        guard others.isEmpty, stack.rawLength(1) <= 1 else {
            throw ScriptError("\(kind) { … }: only the name may come without a key, as in \(kind) { \"Name\", key = value }")
        }
        stack.rawGet(1, index: 1)
        defer { stack.pop() }
        guard stack.isNil(-1) || stack.type(at: -1) == LUA_TSTRING else {
            throw ScriptError("\(kind) { … }: the name must be a string, got \(stack.typeName(at: -1))")
        }
        return (stack.string(at: -1), keys)
    }

    /// `Window { root = vc, visible = false, name = "Main" }`: shown and key unless `visible = false`.
    func makeWindow() throws {
        guard stack.type(at: 1) == LUA_TTABLE || stack.isNil(1) else {
            throw ArgumentError(position: 1, function: "Window", problem: "table expected, got \(stack.typeName(at: 1))")
        }
        let options = stack.isNil(1) ? [] : stack.stringKeys(of: 1).keys
        let valid = ["name", "root", "visible"]
        if let unknown = options.first(where: { !valid.contains($0) }) {
            throw ScriptError("Window { … }: unknown option '\(unknown)'; valid options: \(valid.joined(separator: ", "))")
        }
        let name = try windowOption("name") { try $0.string(1) }
        let root = try windowOption("root") { try $0.controller(1) }
        let visible = try windowOption("visible") { try $0.bool(1) } ?? true
        let window = world.makeWindow(named: name)
        push(window)
        try window.setRootViewController(root)
        if visible { window.makeKeyAndVisible() }
    }

    /// Reads one option of the table at index 1 with `read`, which sees it at index 2.
    private func windowOption<T>(_ key: String, _ read: (Call<Session>) throws -> T) throws -> T? {
        stack.setTop(1)
        guard stack.type(at: 1) == LUA_TTABLE, stack.rawGet(1, field: key) != LUA_TNIL else { return nil }
        do {
            return try read(Call(session: self, object: self, name: key, first: 2, isValue: true))
        } catch {
            throw ScriptError("Window { … }: \(error)")
        }
    }
}

/// The global functions of the API, sorted by name (STYLE rule 5).
let globalFunctions: [(String, Entry)] = [
    ("Controller", controllerConstructor), ("View", viewConstructor), ("Window", windowConstructor),
    ("advance", advanceEntry), ("note", noteEntry), ("now", nowEntry), ("scenario", scenarioEntry),
    ("settle", settleEntry),
]

let controllerConstructor: Entry = { state in
    Session.enter(state) { session in
        try session.makeController()
        return 1
    }
}

let viewConstructor: Entry = { state in
    Session.enter(state) { session in
        let (name, keys) = try session.constructorArguments("View")
        guard keys.isEmpty else { throw ScriptError("View { … }: a view takes only a name") }
        session.push(session.world.makeView(named: name))
        return 1
    }
}

let windowConstructor: Entry = { state in
    Session.enter(state) { session in
        try session.makeWindow()
        return 1
    }
}

let settleEntry: Entry = { state in
    Session.enter(state) { session in
        try session.world.runLoop.settle()
        return 0
    }
}

let advanceEntry: Entry = { state in
    Session.enter(state) { session in
        let call = Call(session: session, object: session, name: "advance", first: 1)
        try session.world.runLoop.advance(by: call.number(1))
        return 0
    }
}

let nowEntry: Entry = { state in
    Session.enter(state) { session in
        session.stack.push(session.world.runLoop.now)
        return 1
    }
}

let noteEntry: Entry = { state in
    Session.enter(state) { session in
        let call = Call(session: session, object: session, name: "note", first: 1)
        session.world.note(try call.string(1))
        return 0
    }
}
