import CLua
import HierarchyEngine
import ScenarioKit

/// How Lua reaches the members of handles: one metatable per kind whose `__index` and
/// `__newindex` look the key up in the kind's member table (name → property number, or name
/// → method function) with raw accesses only.
extension Session {
    /// Makes the metatables and member lookups of every kind.
    func installHandleKinds() {
        for kind in HandleKind.allCases {
            lookups.append(makeLookup(for: kind))
            metatables.append(makeMetatable(for: kind, lookup: lookups[kind.rawValue]))
        }
    }

    private func makeLookup(for kind: HandleKind) -> Int32 {
        let (properties, methods) = members.memberNames(of: kind)
        stack.newTable(fieldCount: Int32(properties.count + methods.count))
        for (number, name) in properties.enumerated() {
            stack.push(integer: number)
            stack.rawSet(-2, field: name)
        }
        for (number, name) in methods.enumerated() {
            stack.push(integer: kind.rawValue)
            stack.push(integer: number)
            pushEntry(methodEntry, upvalues: 2)
            stack.rawSet(-2, field: name)
        }
        return stack.reference()
    }


    private func makeMetatable(for kind: HandleKind, lookup: Int32) -> Int32 {
        stack.newTable(fieldCount: 5)
        for (field, entry) in [("__index", indexEntry), ("__newindex", newIndexEntry)] {
            stack.pushReference(lookup)
            pushEntry(entry, upvalues: 1)
            stack.rawSet(-2, field: field)
        }
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
        try handles.withObject(of: handle) { object in
            switch handle.kind {
            case .controller: try members.controller.read(number, of: unsafeDowncast(object, to: ViewController.self), in: self)
            case .view: try members.view.read(number, of: unsafeDowncast(object, to: View.self), in: self)
            case .window: try members.window.read(number, of: unsafeDowncast(object, to: Window.self), in: self)
            case .navigation:
                try members.navigation.read(number, of: unsafeDowncast(object, to: NavigationController.self), in: self)
            case .tabBar: try members.tabBar.read(number, of: unsafeDowncast(object, to: TabBarController.self), in: self)
            case .split: try members.split.read(number, of: unsafeDowncast(object, to: SplitViewController.self), in: self)
            case .gesture: try members.gesture.read(number, of: unsafeDowncast(object, to: InteractiveSwipe.self), in: self)
            case .presentationController:
                try members.presentationController.read(
                    number, of: unsafeDowncast(object, to: PresentationController.self), in: self)
            }
        }
    }

    /// Sets property `number` of `target`, whose handle is of `kind`, to the value at stack
    /// index 3. The kind was taken from the object's class when the handle was made.
    func set(property number: Int, of target: Target, kind: HandleKind) throws {
        switch (kind, target) {
        case (.navigation, .controller(let object)):
            try assign(members.navigation.properties[number], unsafeDowncast(object, to: NavigationController.self), target)
        case (.tabBar, .controller(let object)):
            try assign(members.tabBar.properties[number], unsafeDowncast(object, to: TabBarController.self), target)
        case (.split, .controller(let object)):
            try assign(members.split.properties[number], unsafeDowncast(object, to: SplitViewController.self), target)
        case (_, .controller(let object)): try assign(members.controller.properties[number], object, target)
        case (_, .view(let object)): try assign(members.view.properties[number], object, target)
        case (_, .window(let object)): try assign(members.window.properties[number], object, target)
        case (_, .gesture(let object)): try assign(members.gesture.properties[number], object, target)
        case (_, .presentationController(let object)):
            try assign(members.presentationController.properties[number], object, target)
        }
    }

    private func assign<Object>(_ property: Property<Object>, _ object: Object, _ target: Target) throws {
        guard let set = property.set else {
            throw ScriptError("\(target.text): '\(property.name)' is read-only")
        }
        try set(Call(session: self, object: object, name: property.name, first: 3, isAssignedValue: true))
    }

    /// Runs method `number` of `kind` on the handle at stack index 1.
    func call(method number: Int, of kind: HandleKind) throws -> Int32 {
        switch (kind, target(at: 1)) {
        case (.controller, .controller(let object)?): return try invoke(members.controller.methods[number], object)
        case (.view, .view(let object)?): return try invoke(members.view.methods[number], object)
        case (.view, .window(let object)?): return try invoke(members.view.methods[number], object as View)
        case (.window, .window(let object)?): return try invoke(members.window.methods[number], object)
        case (.navigation, .controller(let object as NavigationController)?):
            return try invoke(members.navigation.methods[number], object)
        case (.tabBar, .controller(let object as TabBarController)?): return try invoke(members.tabBar.methods[number], object)
        case (.split, .controller(let object as SplitViewController)?): return try invoke(members.split.methods[number], object)
        case (.gesture, .gesture(let object)?): return try invoke(members.gesture.methods[number], object)
        case (.presentationController, .presentationController(let object)?):
            return try invoke(members.presentationController.methods[number], object)
        default:
            if isStaleHandle(at: 1) { throw ScriptError(staleHandleMessage) }
            let name = members.memberNames(of: kind).methods[number]
            throw ArgumentError(position: 0, function: name, problem: "\(kind.typeName) expected, got \(stack.typeName(at: 1)); call it with ':'")
        }
    }

    private func invoke<Object>(_ method: Method<Object>, _ object: Object) throws -> Int32 {
        try method.run(Call(session: self, object: object, name: method.name, first: 2))
    }

    /// Remembers the last property read of each kind by the address of its name.
    ///
    /// Member names are keys of the lookup tables, so they stay alive, and short Lua strings
    /// are interned: while the name lives, no other string can have its address. A loop that
    /// reads one property skips the table lookup.
    /// Long strings (over 40 bytes, LUAI_MAXSHORTLEN) are not interned and are never cached.
    func remember(_ key: UnsafeRawPointer?, property number: Int, of kind: HandleKind) {
        guard stack.rawLength(2) <= 40 else { return }
        lastPropertyKey[kind.rawValue] = key
        lastProperty[kind.rawValue] = number
    }

    /// What `__index` does for a key that is no member: a controller's override, or an error.
    func indexFallback(_ target: Target) throws -> Int32 {
        guard let key = stack.string(at: 2) else {
            throw ScriptError("\(target.text) cannot be indexed with a \(stack.typeName(at: 2))")
        }
        if case .controller(let controller) = target, Callback.overridableNames.contains(key) {
            pushOverride(key, of: controller)
            return 1
        }
        throw unknownMember(key, of: target)
    }

    /// What `__newindex` does for a key that is no property: set an override, or an error.
    func newIndexFallback(_ target: Target) throws {
        guard let key = stack.string(at: 2) else {
            throw ScriptError("\(target.text) cannot be indexed with a \(stack.typeName(at: 2))")
        }
        guard case .controller(let controller) = target, Callback.overridableNames.contains(key) else {
            throw unknownMember(key, of: target)
        }
        try setOverride(key, of: controller, valueAt: 3)
    }

    func unknownMember(_ key: String, of target: Target) -> ScriptError {
        var names = members.names(of: target.kind)
        if target.isController { names += Callback.overridableNames }
        let hint = closestName(to: key, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return ScriptError("\(target.text) has no property '\(key)'\(hint)")
    }
}

let indexEntry: Entry = { state in
    Session.enter(state) { session in
        guard let handle = Handle.readSelf(session.stack), session.handles.isCurrent(handle) else {
            throw ScriptError(staleHandleMessage)
        }
        let key = lua_topointer(state, 2)
        if key == session.lastPropertyKey[handle.kind.rawValue] {
            try session.get(property: session.lastProperty[handle.kind.rawValue], of: handle)
            return 1
        }
        session.stack.pushValue(at: 2)
        switch lua_rawget(state, vcs_upvalueindex(2)) {
        case LUA_TFUNCTION: return 1
        case LUA_TNUMBER:
            let number = Int(lua_tointegerx(state, -1, nil))
            session.remember(key, property: number, of: handle.kind)
            // The value goes on top of the property number; Lua takes only the top one.
            try session.get(property: number, of: handle)
            return 1
        default:
            session.stack.pop()
            return try session.indexFallback(session.target(at: 1)!)
        }
    }
}

let newIndexEntry: Entry = { state in
    Session.enter(state) { session in
        guard let handle = Handle.readSelf(session.stack), let target = session.handles.target(of: handle) else {
            throw ScriptError(staleHandleMessage)
        }
        session.stack.pushValue(at: 2)
        let found = lua_rawget(state, vcs_upvalueindex(2))
        let number = session.stack.integer(at: -1)
        session.stack.pop()
        switch found {
        case LUA_TNUMBER: try session.set(property: number ?? 0, of: target, kind: handle.kind)
        case LUA_TFUNCTION:
            let key = session.stack.string(at: 2) ?? ""
            // `show` and its kin: methods a script may override.
            guard target.isController, Callback.overridableNames.contains(key) else {
                throw ScriptError("\(target.text): '\(key)' is a method and cannot be assigned")
            }
            try session.newIndexFallback(target)
        default: try session.newIndexFallback(target)
        }
        return 0
    }
}

let methodEntry: Entry = { state in
    Session.enter(state) { session in
        let kind = HandleKind(rawValue: Int(lua_tointegerx(state, vcs_upvalueindex(2), nil))) ?? .controller
        let number = Int(lua_tointegerx(state, vcs_upvalueindex(3), nil))
        return try session.call(method: number, of: kind)
    }
}

let toStringEntry: Entry = { state in
    Session.enter(state) { session in
        if let target = session.target(at: 1) {
            session.stack.push(target.text)
        } else {
            let kind = Handle.read(session.stack, at: 1)?.kind.typeName ?? "object"
            session.stack.push("\(kind) (from a world that no longer exists)")
        }
        return 1
    }
}
