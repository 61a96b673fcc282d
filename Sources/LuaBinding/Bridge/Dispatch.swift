import CLua
import HierarchyEngine
import ScenarioKit

/// How Lua reaches the members of handles: one metatable per kind whose `__index` and
/// `__newindex` look the key up in the kind's member table (name → property number, or name
/// → method function; names are learned as they are first asked) with raw accesses only.
/// `__index` looks the key up in C (`vcs_index`): a method is returned without entering
/// Swift, so a method call crosses into Swift once, for the call, and a property read enters
/// with its number found.
extension Session {
    /// Makes room for the metatables and member lookups of every kind, which are made when
    /// the first handle of the kind is (`metatable(forKindAt:)`): a script pays for the kinds
    /// it uses, and a short script starts sooner (issue 18).
    func installHandleKinds() {
        bridge.lookups = Array(repeating: LUA_NOREF, count: bridge.kinds.count)
        bridge.metatables = Array(repeating: LUA_NOREF, count: bridge.kinds.count)
    }

    /// The registry slot of the metatable of the kind at `position`, made on first use.
    func metatable(forKindAt position: Int) -> Int32 {
        if bridge.metatables[position] == LUA_NOREF {
            bridge.lookups[position] = makeLookup(for: bridge.kinds[position], at: position)
            bridge.metatables[position] = makeMetatable(
                for: bridge.kinds[position], at: position, lookup: bridge.lookups[position])
        }
        return bridge.metatables[position]
    }

    /// A kind's member table starts empty and learns each name as it is first asked
    /// (`learnMember`): making every name a Lua string for each session cost a tenth of a
    /// suite's run (issue 18).
    private func makeLookup(for kind: any HandleKind.Type, at position: Int) -> Int32 {
        stack.newTable()
        return stack.reference()
    }

    /// Writes to the member table of the running `__index` or `__newindex` (its upvalue 2)
    /// what it holds for the key at index 2 when that names a member of the kind at
    /// `position`, and pushes it: a property's number, or a method's function (made here,
    /// once per session, so that every read gives the same function). Pushes nil, and writes
    /// nothing, for any other key: only member names are kept. Returns the type pushed.
    func learnMember(kindAt position: Int) -> Int32 {
        guard stack.type(at: 2) == LUA_TSTRING, let key = stack.string(at: 2),
            let member = bridge.kinds[position].member(named: key)
        else {
            stack.pushNil()
            return LUA_TNIL
        }
        stack.pushValue(at: 2)
        switch member {
        case .property(let number): stack.push(integer: Self.tableValue(ofProperty: number, ofKindAt: position))
        case .method(let number): vcs_pushmethod(stack.state, methodEntry, Int32(position), Int32(number))
        }
        stack.pushValue(at: -1)
        vcs_insert(stack.state, -3)  // value key value
        lua_rawset(stack.state, vcs_upvalueindex(2))
        return stack.type(at: -1)
    }

    /// What a member table holds for property `number` of the kind at `position`: both, so
    /// that the property is never read from an object of another kind.
    static func tableValue(ofProperty number: Int, ofKindAt position: Int) -> Int { position << 16 | number }

    /// The kind's position and the property's number a member table's value stands for.
    static func property(fromTableValue value: Int) -> (kind: Int, number: Int) { (value >> 16, value & 0xFFFF) }

    /// The error for a handle under the metatable of another kind (`debug.setmetatable`,
    /// under --unsafe): its members are not that kind's.
    func strangerError(_ target: Target, kindAt position: Int) -> ScriptError {
        ScriptError("\(target.text) has the metatable of a \(bridge.kinds[position].typeName) handle")
    }

    private func makeMetatable(for kind: any HandleKind.Type, at position: Int, lookup: Int32) -> Int32 {
        stack.newTable(fieldCount: 5)
        stack.pushReference(lookup)
        stack.push(integer: position)
        vcs_pushindex(stack.state, indexEntry)
        stack.rawSet(-2, field: "__index")
        stack.pushReference(lookup)
        stack.push(integer: position)
        pushEntry(newIndexEntry, upvalues: 2)
        stack.rawSet(-2, field: "__newindex")
        pushEntry(toStringEntry)
        stack.rawSet(-2, field: "__tostring")
        stack.push(kind.typeName)
        stack.rawSet(-2, field: "__name")
        stack.push(kind.typeName)
        stack.rawSet(-2, field: "__metatable")
        return stack.reference()
    }

    /// Reads property `number` of the object of a current `handle` and pushes its value.
    func get(property number: Int, of handle: Handle) throws {
        try get(property: number, ofKindAt: Int(handle.kind), id: Int(handle.id))
    }

    /// Reads property `number` of object `id` of the current world, of the kind at `position`,
    /// and pushes its value.
    @inline(__always)
    func get(property number: Int, ofKindAt position: Int, id: Int) throws {
        guard handles.isCurrent(id: id) else { throw ScriptError(staleHandleMessage) }
        try handles.withObject(id: id) { object in
            try bridge.kinds[position].read(number, of: object, in: self)
        }
    }

    /// Sets property `number` of `target` to the value at stack index 3.
    func set(property number: Int, of target: Target) throws {
        try target.kind.assign(number, of: target.object, in: self)
    }

    /// Runs method `number` of the kind at `position` on the handle at stack index 1.
    func call(method number: Int, ofKindAt position: Int) throws -> Int32 {
        if let handle = Handle.read(stack, at: 1), handles.isCurrent(handle) {
            let ran = try handles.withObject(of: handle) { object -> Int32? in
                // A handle of the method's own kind, or of a narrower one (a window's handle
                // given to a view's method).
                let kind = bridge.kinds[position]
                guard Int(handle.kind) == position || kind.includes(type(of: object)) else { return nil }
                do {
                    return try kind.invoke(number, on: object, in: self)
                } catch let error as ArgumentError where error.position > 0 && isCalledWithDot() {
                    // `a.present(b, true)`: `b` became self, and `true` the first argument.
                    throw ScriptError("\(error); " + colonAdvice(kind.methodNames[number]))
                }
            }
            if let ran { return ran }
        }
        if isStaleHandle(at: 1) { throw ScriptError(staleHandleMessage) }
        let kind = bridge.kinds[position]
        let name = kind.methodNames[number]
        throw ArgumentError(
            position: 0, function: name,
            problem: "\(kind.typeName) expected, got \(stack.typeName(at: 1)); call it with ':'")
    }

    /// What `__index` does for a key that is no member: a controller's override or field of
    /// the script's own, or an error.
    func indexFallback(_ target: Target) throws -> Int32 {
        guard let key = stack.string(at: 2) else {
            throw ScriptError("\(target.text) cannot be indexed with a \(stack.typeName(at: 2))")
        }
        if target.kind.takesOverrides, let controller = target.object as? ViewController {
            if Callback.overridableNames.contains(key) {
                pushOverride(key, of: controller)
                return 1
            }
            if pushField(key, of: controller) { return 1 }
        }
        throw unknownMember(key, of: target)
    }

    /// What `__newindex` does for a key that is no property: set a controller's override or
    /// field of the script's own, or an error.
    func newIndexFallback(_ target: Target) throws {
        guard let key = stack.string(at: 2) else {
            throw ScriptError("\(target.text) cannot be indexed with a \(stack.typeName(at: 2))")
        }
        guard target.kind.takesOverrides, let controller = target.object as? ViewController else {
            throw unknownMember(key, of: target)
        }
        if Callback.overridableNames.contains(key) { return try setOverride(key, of: controller, valueAt: 3) }
        try assignField(key, of: controller, target, valueAt: 3)
    }
}

/// `__index` for a property of a current handle: `vcs_index` found its number and read the
/// handle's object and kind. The value goes on top of the property number; Lua takes only
/// the top one.
let propertyEntry: vcs_Property = { state, kind, id, value in
    Session.enter(state) { session in
        let (tableKind, number) = Session.property(fromTableValue: Int(value))
        guard tableKind == Int(kind) else {
            throw session.strangerError(session.target(at: 1)!, kindAt: tableKind)
        }
        try session.get(property: number, ofKindAt: Int(kind), id: Int(id))
        return 1
    }
}

/// `__index` for what `vcs_index` does not answer: a name not learned yet, a field of the
/// script's own, a stale handle or a stranger. It looked the key up in the member table and
/// left what it found at index 3.
let indexEntry: Entry = { state in
    Session.enter(state) { session in
        guard let handle = Handle.readSelf(session.stack), session.handles.isCurrent(handle) else {
            throw ScriptError(staleHandleMessage)
        }
        let kind = Int(lua_tointegerx(state, vcs_upvalueindex(3), nil))
        guard Int(handle.kind) == kind else { throw session.strangerError(session.target(at: 1)!, kindAt: kind) }
        var found = lua_type(state, 3)
        if found == LUA_TNIL {
            session.stack.setTop(2)
            found = session.learnMember(kindAt: kind)
        }
        switch found {
        case LUA_TFUNCTION:
            return 1
        case LUA_TNUMBER:
            // The value goes on top of the property number; Lua takes only the top one.
            let (_, number) = Session.property(fromTableValue: Int(lua_tointegerx(state, 3, nil)))
            try session.get(property: number, of: handle)
            return 1
        default:
            session.stack.setTop(2)
            return try session.indexFallback(session.target(at: 1)!)
        }
    }
}

let newIndexEntry: Entry = { state in
    Session.enter(state) { session in
        guard let handle = Handle.readSelf(session.stack), let target = session.handles.target(of: handle) else {
            throw ScriptError(staleHandleMessage)
        }
        let kind = Int(lua_tointegerx(state, vcs_upvalueindex(3), nil))
        guard target.kindPosition == kind else { throw session.strangerError(target, kindAt: kind) }
        session.stack.pushValue(at: 2)
        var found = lua_rawget(state, vcs_upvalueindex(2))
        if found == LUA_TNIL {
            session.stack.pop()
            found = session.learnMember(kindAt: kind)
        }
        let number = found == LUA_TNUMBER ? session.stack.integer(at: -1) : nil
        session.stack.pop()
        switch found {
        case LUA_TNUMBER: try session.set(property: Session.property(fromTableValue: number ?? 0).number, of: target)
        case LUA_TFUNCTION:
            let key = session.stack.string(at: 2) ?? ""
            // `show` and its kin: methods a script may override.
            guard target.kind.takesOverrides, Callback.overridableNames.contains(key) else {
                throw ScriptError("\(target.text): '\(key)' is a method and cannot be assigned")
            }
            try session.newIndexFallback(target)
        default: try session.newIndexFallback(target)
        }
        return 0
    }
}

let methodEntry: vcs_Method = { state, position, number in
    Session.enter(state) { session in try session.call(method: Int(number), ofKindAt: Int(position)) }
}

let toStringEntry: Entry = { state in
    Session.enter(state) { session in
        if let target = session.target(at: 1) {
            session.stack.push(target.text)
        } else {
            let kind = Handle.read(session.stack, at: 1).map(session.handles.typeName(of:)) ?? "object"
            session.stack.push("\(kind) (from a world that no longer exists)")
        }
        return 1
    }
}
