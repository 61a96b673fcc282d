import CLua
import HierarchyEngine

/// The app's launch and its state restoration (SPEC §9.4; LIFE-01/02, RES-01…06).
///
///     local win = app.launch { storyboard = sb }           -- the initial controller, shown
///     vc.restorationIdentifier = "First"
///     local archive = app.preserveState()                  -- a string: the archive's text
///     local win = app.relaunch { storyboard = sb, restore = archive }   -- a fresh world
/// The options of `app.launch` and `app.relaunch` that place the window, as `Window { … }` has them.
let windowGeometryKeys = ["device", "orientation", "size", "traits"]

let launchFunctions: [APIFunction] = [
    // `app.launch { storyboard = sb, device = "iPad Pro 11-inch", orientation = "landscape" }`:
    // the window's geometry as `Window { … }` takes it (D-141).
    APIFunction(
        "launch", in: "app", named: "app.launch",
        parameters:
            "options: { storyboard: Storyboard, device: DeviceName?, orientation: Orientation?, size: number[]?, "
            + "traits: { horizontalSizeClass: SizeClass?, verticalSizeClass: SizeClass? }? }",
        returns: "Window",
        doc:
            "Launches the app from the storyboard's initial controller in a key, visible window and returns the window."
    ) { call in
        try call.session.checkOutsideCallbacks("app.launch", onlyAtTopLevel: true)
        let geometry = try call.session.launchGeometry(call)
        let storyboard = try call.session.launchOptions(call, allowed: ["storyboard"] + windowGeometryKeys).storyboard
        call.session.push(try call.session.world.launch(from: storyboard, configuring: geometry.apply(to:)))
        return 1
    },
    // `app.keyWindow()`: the key window, nil when there is none: after a relaunch whose
    // restoration raised an error, the way to the new world.
    APIFunction(
        "keyWindow", in: "app", named: "app.keyWindow", returns: "Window?",
        doc: "The key window, or nil; after a relaunch whose restoration raised, the way into the new world."
    ) { call in
        call.session.push(call.session.world.keyWindow)
        return 1
    },
    APIFunction(
        "preserveState", in: "app", named: "app.preserveState", returns: "string",
        doc: "Preserves the state of the controllers that have a restoration identifier; returns the archive as text."
    ) { call in
        let text = call.session.world.preserveState().text
        try call.session.charge(text.utf8.count)
        call.stack.push(text)
        return 1
    },
    // `app.relaunch { storyboard = sb, restore = archive }`: the window takes the geometry given,
    // else the key window's before the relaunch (a device stays the device it was).
    APIFunction(
        "relaunch", in: "app", named: "app.relaunch",
        parameters:
            "options: { storyboard: Storyboard, restore: string?, "
            + "classes: table<string, fun(path: string[], coder: Coder): Controller?>?, device: DeviceName?, "
            + "orientation: Orientation?, size: number[]?, "
            + "traits: { horizontalSizeClass: SizeClass?, verticalSizeClass: SizeClass? }? }",
        returns: "Window",
        doc:
            "Ends the app and launches it again in a fresh world, restoring the `restore` archive; returns the window (old handles go stale)."
    ) { call in
        try call.session.checkOutsideCallbacks("app.relaunch", onlyAtTopLevel: true)
        var geometry = try call.session.launchGeometry(call)
        if !geometry.isGiven, let window = call.session.world.keyWindow { geometry = WindowGeometry(of: window) }
        let options = try call.session.launchOptions(
            call, allowed: ["classes", "restore", "storyboard"] + windowGeometryKeys)
        let classes = try call.session.restorationClasses(call)
        call.session.push(
            try call.session.relaunch(
                from: options.storyboard, restoring: options.archive, classes: classes, geometry: geometry))
        return 1
    },
]

/// `Coder` handles: what `encodeRestorableState(self, coder)` and
/// `decodeRestorableState(self, coder)` receive (RES-01, RES-02; D-143).
///
///     encodeRestorableState = function(self, coder) coder:encode(self.row, "row") end,
///     decodeRestorableState = function(self, coder) self.row = coder:decode("row") end,
enum CoderKind: HandleKind {
    static let typeName = "Coder"
    static let members = coderMembers
    static func describe(_ coder: RestorationCoder) -> String { coder.decodes ? "decoding" : "encoding" }
}

/// The members of coder handles, sorted by name.
let coderMembers = Members<RestorationCoder>(
    properties: [
        Property(
            name: "keys", type: "string[]", doc: "The keys that hold a value, sorted.",
            get: { object, call in call.session.pushStrings(object.keys) })
    ],
    methods: [
        // `coder:containsValue(key)`: whether the key holds a value.
        Method(
            name: "containsValue", required: 1, parameters: "key: string", returns: "boolean",
            doc: "Whether `key` holds a value."
        ) { object, call in
            call.stack.push(object.decodeValue(forKey: try call.string(1)) != nil)
            return 1
        },
        // `coder:decode(key)`: the value kept under the key, or nil.
        Method(
            name: "decode", required: 1, parameters: "key: string", returns: "boolean|number|string|table?",
            doc: "The value kept under `key`, or nil."
        ) { object, call in
            call.session.push(restorable: object.decodeValue(forKey: try call.string(1)))
            return 1
        },
        // `coder:encode(value, key)`: keeps a plain value (nil removes the key).
        Method(
            name: "encode", required: 2, parameters: "value: boolean|number|string|table?, key: string",
            doc:
                "While encoding, keeps a plain value (a boolean, number, string or table of these) under `key`; nil removes it."
        ) { object, call in
            let key = try call.string(2)
            let value = try call.session.restorableValue(at: call.index(1), for: key)
            try object.encode(value, forKey: key)
            return 0
        },
    ])

/// `vc.restorationIdentifier`: only controllers with one are preserved (RES-01).
let restorationControllerMembers = Members<ViewController>(
    properties: [
        Property(
            name: "restorationIdentifier", type: "string?",
            doc: "The name state preservation saves the controller under; a controller without one is not preserved.",
            get: { object, call in
                guard let identifier = object.restorationIdentifier else { return call.stack.pushNil() }
                call.stack.push(identifier)
            },
            set: { object, call in
                object.restorationIdentifier = try call.optionalString(
                    1, replacing: object.restorationIdentifier?.utf8.count ?? 0)
            }),
        // `vc.restorationClass = "Name"`: the class `app.relaunch { classes = { Name = f } }` gives.
        Property(
            name: "restorationClass", type: "string?",
            doc: "The name of the restoration class (`app.relaunch`'s `classes`) that makes the controller again.",
            get: { object, call in
                guard let name = object.restorationClass else { return call.stack.pushNil() }
                call.stack.push(name)
            },
            set: { object, call in
                object.restorationClass = try call.optionalString(
                    1, replacing: object.restorationClass?.utf8.count ?? 0)
            }),
    ],
    methods: [])

extension Session {
    /// The options of `app.launch { … }` / `app.relaunch { … }`: the storyboard (required)
    /// and the archive to restore (its text), read and checked before anything changes.
    /// The window options of `app.launch { … }` or `app.relaunch { … }`, read first (they
    /// reset the stack to the table).
    fileprivate func launchGeometry(_ call: Call) throws -> WindowGeometry {
        guard stack.type(at: call.index(1)) == LUA_TTABLE else { return WindowGeometry(of: nil) }
        return try windowGeometry(stack.stringKeys(of: call.index(1)).keys, in: call.name)
    }

    fileprivate func launchOptions(
        _ call: Call, allowed: [String]
    ) throws -> (
        storyboard: Storyboard, archive: RestorationArchive?
    ) {
        let table = call.index(1)
        guard stack.type(at: table) == LUA_TTABLE else {
            throw ArgumentError(
                position: 1, function: call.name, problem: "table expected, got \(stack.typeName(at: table))")
        }
        let (keys, others) = stack.stringKeys(of: table)
        if let unknown = keys.first(where: { !allowed.contains($0) }) ?? others.first {
            throw ScriptError(
                "\(call.name) { … }: unknown option '\(unknown)'; valid options: \(allowed.joined(separator: ", "))")
        }
        stack.rawGet(table, field: "storyboard")
        defer { stack.pop() }
        guard let storyboard = object(at: -1, as: Storyboard.self) else {
            if isStaleHandle(at: -1) { throw ScriptError(staleHandleMessage) }
            throw ScriptError(
                "\(call.name) { storyboard = sb }: a Storyboard expected, got \(stack.typeName(at: -1)) "
                    + "(Storyboard.load(file) or Storyboard { … })")
        }
        guard allowed.contains("restore") else { return (storyboard, nil) }
        stack.rawGet(table, field: "restore")
        defer { stack.pop() }
        if stack.isNil(-1) { return (storyboard, nil) }
        guard let text = stack.string(at: -1) else {
            throw ScriptError(
                "\(call.name) { restore = archive }: the text app.preserveState() returned expected, got "
                    + stack.typeName(at: -1))
        }
        return (storyboard, try RestorationArchive(text: text))
    }

    /// `app.relaunch`: the app ends and starts again in a fresh world (D-143). Its handles go
    /// stale; the trace goes on, with the categories it compares; the storyboards the script
    /// opened are opened again in the new world with the classes given them; the app launches
    /// from `storyboard` there, restoring `archive`. Refused before any change when the
    /// storyboard cannot launch.
    func relaunch(
        from storyboard: Storyboard, restoring archive: RestorationArchive?, classes: [String: LuaFunction],
        geometry: WindowGeometry
    ) throws -> Window {
        try World(profile: profile).checkLaunch(from: storyboard)
        let old = storyboards
        replaceWorld(continuingTrace: true)
        var reopened: [ObjectIdentifier: Storyboard] = [:]
        let files = Dictionary(old.files.map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { first, _ in first })
        for previous in old.opened {
            let file = files[ObjectIdentifier(previous)]
            let again = try makeStoryboard(
                previous.definition, folder: file.map(ScriptState.folder(of:)) ?? script.folder,
                classes: old.classes[ObjectIdentifier(previous)] ?? StoryboardClasses())
            if let file { storyboards.files[file] = again }
            reopened[ObjectIdentifier(previous)] = again
        }
        guard let target = reopened[ObjectIdentifier(storyboard)] else {
            throw ScriptError("app.relaunch: the storyboard is not one this world opened")
        }
        return try world.launch(
            from: target, restoring: archive,
            restorationClasses: classes.mapValues { function in
                { [unowned self] path, coder in restoredController(function, path, coder) }
            }, configuring: geometry.apply(to:))
    }

    /// `app.relaunch { classes = { Name = function(path, coder) … end } }`: each restoration
    /// class's function, by name; checked before anything changes.
    fileprivate func restorationClasses(_ call: Call) throws -> [String: LuaFunction] {
        stack.rawGet(call.index(1), field: "classes")
        defer { stack.pop() }
        if stack.isNil(-1) { return [:] }
        let table = stack.top
        guard stack.type(at: table) == LUA_TTABLE else {
            throw ScriptError("app.relaunch { classes = … }: a table expected, got \(stack.typeName(at: table))")
        }
        let (names, others) = stack.stringKeys(of: table)
        var classes: [String: LuaFunction] = [:]
        for name in names {
            stack.rawGet(table, field: name)
            defer { stack.pop() }
            guard stack.type(at: -1) == LUA_TFUNCTION else {
                throw ScriptError(
                    "app.relaunch { classes = { \(name) = … } }: a function(path, coder) expected, got "
                        + stack.typeName(at: -1))
            }
            classes[name] = LuaFunction(session: self, index: stack.top)
        }
        if let other = others.first ?? (stack.rawLength(table) > 0 ? "number" : nil) {
            throw ScriptError("app.relaunch { classes = … }: keys are class names, not a \(other)")
        }
        return classes
    }

    /// Runs a restoration class's function with the restoration path (a list of identifiers)
    /// and the coder: the controller it returns, else nil (an error is the script's, kept).
    private func restoredController(
        _ function: LuaFunction, _ path: [String], _ coder: RestorationCoder
    )
        -> ViewController?
    {
        var controller: ViewController?
        var answered = true
        let error = runProtected(
            pushFunction: { stack.pushReference(function.reference) },
            pushArguments: { session in
                session.pushStrings(path)
                session.push(coder)
                return 2
            },
            results: 1,
            readResults: {
                controller = object(at: -1, as: ViewController.self)
                answered = controller != nil || stack.isNil(-1)
            })
        if let error {
            keep(error)
        } else if !answered {
            keep(placedError("a restoration class returns a Controller or nil"))
        }
        return controller
    }

    /// Pushes a restorable value, nil for none.
    fileprivate func push(restorable value: RestorableValue?) {
        // Each level takes three slots; a C function is promised only LUA_MINSTACK (the
        // nesting is bounded by `RestorableValue.deepestNesting`, so growing cannot fail
        // short of memory, where nil stands in).
        guard let value, lua_checkstack(stack.state, 4) != 0 else { return stack.pushNil() }
        switch value {
        case .bool(let flag): stack.push(flag)
        case .integer(let number): lua_pushinteger(stack.state, lua_Integer(number))
        case .number(let number): stack.push(number)
        case .string(let text): stack.push(text)
        case .table(let table):
            stack.newTable()
            for key in table.keys.sorted() {
                switch key {
                case .integer(let number): lua_pushinteger(stack.state, lua_Integer(number))
                case .string(let name): stack.push(name)
                }
                push(restorable: table[key])
                lua_rawset(stack.state, -3)
            }
        }
    }

    /// The plain value at `index` (nil for nil), charged against the memory cap; anything
    /// else — a function, a handle, a table that holds one or holds itself, or nests past
    /// `RestorableValue.deepestNesting` — is refused, naming `key`.
    fileprivate func restorableValue(at index: Int32, for key: String) throws -> RestorableValue? {
        var open: Set<UnsafeRawPointer> = []
        return try restorableValue(at: lua_absindex(stack.state, index), key: key, depth: 0, open: &open)
    }

    private func restorableValue(
        at index: Int32, key: String, depth: Int, open: inout Set<UnsafeRawPointer>
    ) throws
        -> RestorableValue?
    {
        switch stack.type(at: index) {
        case LUA_TNIL: return nil
        case LUA_TBOOLEAN: return .bool(lua_toboolean(stack.state, index) != 0)
        case LUA_TNUMBER:
            try charge(16)
            if lua_isinteger(stack.state, index) != 0 {
                return .integer(Int64(lua_tointegerx(stack.state, index, nil)))
            }
            return .number(stack.number(at: index)!)
        case LUA_TSTRING:
            let text = stack.string(at: index)!
            try charge(text.utf8.count + 16)
            return .string(text)
        case LUA_TTABLE:
            guard depth < RestorableValue.deepestNesting, lua_checkstack(stack.state, 4) != 0 else {
                throw notRestorable(key, "its tables nest more than \(RestorableValue.deepestNesting) deep")
            }
            let pointer = lua_topointer(stack.state, index)!
            guard open.insert(pointer).inserted else { throw notRestorable(key, "a table holds itself") }
            defer { open.remove(pointer) }
            var table: [RestorableKey: RestorableValue] = [:]
            stack.pushNil()
            while lua_next(stack.state, index) != 0 {
                defer { stack.pop() }
                let entry: RestorableKey
                if lua_isinteger(stack.state, -2) != 0 {
                    entry = .integer(Int64(lua_tointegerx(stack.state, -2, nil)))
                } else if let name = stack.string(at: -2) {
                    entry = .string(name)
                } else {
                    throw notRestorable(key, "a table key is a \(stack.typeName(at: -2)) (integers and strings only)")
                }
                try charge(32)
                table[entry] = try restorableValue(at: stack.top, key: key, depth: depth + 1, open: &open)
            }
            return .table(table)
        default:
            throw notRestorable(key, "it holds a \(stack.typeName(at: index))")
        }
    }

    private func notRestorable(_ key: String, _ problem: String) -> ScriptError {
        ScriptError(
            "coder:encode(value, \"\(key)\"): \(problem); a coder keeps plain values: nil, booleans, numbers, "
                + "strings and tables of these")
    }
}
