import CLua
import HierarchyEngine

/// The global functions of the Lua API: constructors (SPEC §3.1) and time (SPEC §3.5, §9.1).
extension Session {
    /// Installs every global of the API into the fresh state.
    func installAPI() {
        pushEntry(tracebackEntry)
        runtime.tracebackSlot = stack.reference()
        installHandleKinds()
        install(bridge.functions[..<bridge.apiFunctionCount])
        // The behaviour profile (`--ios`), for scenarios whose trace differs by version (M-12).
        stack.push(integer: profile.iosVersion)
        lua_setglobal(stack.state, "ios")
        installTraceLines()
        installPrint()
    }

    /// Applies the keyed fields of the constructor table at index 1, in sorted order.
    func configure<Kind: ViewController>(
        _ controller: Kind, _ keys: [String], _ properties: [Property<Kind>]
    )
        throws
    {
        for key in keys {
            stack.rawGet(1, field: key)
            defer { stack.pop() }
            try configure(controller, key, valueAt: stack.top, properties)
        }
    }

    /// Applies one field of a constructor table: a property, or an override.
    private func configure<Kind: ViewController>(
        _ controller: Kind, _ key: String, valueAt index: Int32, _ properties: [Property<Kind>]
    ) throws {
        if let property = properties.first(where: { $0.name == key }), let set = property.set {
            return try set(controller, Call(session: self, name: key, first: index, isAssignedValue: true))
        }
        if Callback.overridableNames.contains(key) { return try setOverride(key, of: controller, valueAt: index) }
        throw unknownMember(key, of: target(of: controller)!, in: .constructor)
    }

    /// Reads `Kind "name"` or `Kind { "name", key = value }`: the name, and the sorted keys.
    /// A container's constructor (`takesControllers`) also takes the controllers that follow
    /// the name, as in `NavigationController { "Nav", a, b }`.
    func constructorArguments(
        _ kind: String, takesControllers: Bool = false
    ) throws
        -> (name: String?, controllers: [ViewController], keys: [String])
    {
        switch stack.type(at: 1) {
        case LUA_TSTRING:
            let name = stack.string(at: 1)
            try checkName(name, kind)
            return (name, [], [])
        case LUA_TNIL, LUA_TNONE: return (nil, [], [])
        case LUA_TTABLE: break
        default:
            throw ArgumentError(
                position: 1, function: kind, problem: "string or table expected, got \(stack.typeName(at: 1))")
        }
        let (keys, others) = stack.stringKeys(of: 1)
        let count = stack.rawLength(1)
        guard others.isEmpty, takesControllers || count <= 1 else {
            throw ScriptError(
                takesControllers
                    ? "\(kind) { … }: keys must be names, as in \(kind) { \"Name\", a, delegate = d }"
                    : "\(kind) { … }: only the name may come without a key, as in \(kind) { \"Name\", key = value }")
        }
        var name: String?
        var controllers: [ViewController] = []
        for item in stride(from: 1, through: count, by: 1) {
            stack.rawGet(1, index: item)
            defer { stack.pop() }
            if item == 1, stack.type(at: -1) == LUA_TSTRING {
                name = stack.string(at: -1)
            } else if !takesControllers {
                throw ScriptError("\(kind) { … }: the name must be a string, got \(stack.typeName(at: -1))")
            } else if let controller = object(at: -1, as: ViewController.self) {
                controllers.append(controller)
            } else {
                if isStaleHandle(at: -1) { throw ScriptError(staleHandleMessage) }
                throw ScriptError(
                    "\(kind) { … }: item \(item) should be a controller, got \(stack.typeName(at: -1)); "
                        + "the name comes first, then the controllers")
            }
        }
        try checkName(name, kind)
        return (name, controllers, keys)
    }

    /// The longest name an object may have: every trace line repeats it.
    static let longestName = 256

    /// Refuses a name longer than `longestName` bytes, and counts it against the memory cap.
    private func checkName(_ name: String?, _ kind: String) throws {
        guard let name else { return }
        guard name.utf8.count <= Self.longestName else {
            throw ScriptError("\(kind): a name may be at most \(Self.longestName) bytes long, got \(name.utf8.count)")
        }
        try charge(name.utf8.count)
    }

    /// The keys `Window { … }` takes (the editor definitions' `WindowOptions` declares them).
    static let windowOptions = ["device", "name", "orientation", "root", "size", "traits", "visible"]

    /// `Window { root = vc, visible = false, name = "Main", size = {w, h}, traits = {…} }`:
    /// shown and key unless `visible = false`; an iPhone in portrait unless `size` or
    /// `traits` say otherwise (traits not given follow from the size). `device = "iPhone 15 Pro"`
    /// and `orientation = "landscape"` give a named device's size and size classes (D-133).
    func makeWindow() throws {
        guard stack.type(at: 1) == LUA_TTABLE || stack.isNil(1) else {
            throw ArgumentError(
                position: 1, function: "Window", problem: "table expected, got \(stack.typeName(at: 1))")
        }
        let options = stack.isNil(1) ? [] : stack.stringKeys(of: 1).keys
        let valid = Self.windowOptions
        if let unknown = options.first(where: { !valid.contains($0) }) {
            throw ScriptError(
                "Window { … }: unknown option '\(unknown)'; valid options: \(valid.joined(separator: ", "))")
        }
        let name = try windowOption("name") { try $0.string(1) }
        let root = try windowOption("root") { try $0.controller(1) }
        let visible = try windowOption("visible") { try $0.bool(1) } ?? true
        let geometry = try windowGeometry(options)
        // A root the window would refuse is refused before the window exists: a failed
        // constructor changes nothing (issue 17).
        try root?.checkCanBeRoot(of: nil)
        let window = world.makeWindow(named: name)
        try geometry.apply(to: window)
        push(window)
        try window.setRootViewController(root)
        if visible { window.makeKeyAndVisible() }
    }

    /// The geometry options of the table at index 1 (`device`, `orientation`, `size`,
    /// `traits`), checked; `options` are the table's keys. Shared by `Window { … }` and
    /// `app.launch { … }` / `app.relaunch { … }`.
    func windowGeometry(_ options: [String], in label: String = "Window") throws -> WindowGeometry {
        let size = try windowOption("size", in: label) { try $0.session.size(at: $0.index(1)) }
        let traits = try windowOption("traits", in: label) { try $0.session.sizeClasses(at: $0.index(1)) }
        let device = try windowOption("device", in: label) { try $0.string(1) }
        let orientation = try windowOption("orientation", in: label) {
            try $0.choice(1, "device orientation") as Orientation
        }
        if device != nil, options.contains("size") || options.contains("traits") {
            throw ScriptError(
                "\(label) { … }: a device has its own size and traits; give device or size/traits, not both")
        }
        if let device, Device.named(device) == nil { throw UsageError(.unknownDevice(device)) }
        return WindowGeometry(device: device, orientation: orientation, size: size, traits: traits)
    }

    /// Reads one option of the table at index 1 with `read`, which sees it at index 2.
    private func windowOption<T>(_ key: String, in label: String = "Window", _ read: (Call) throws -> T) throws -> T? {
        stack.setTop(1)
        guard stack.type(at: 1) == LUA_TTABLE, stack.rawGet(1, field: key) != LUA_TNIL else { return nil }
        do {
            return try read(Call(session: self, name: key, first: 2, isAssignedValue: true))
        } catch {
            throw ScriptError("\(label) { … }: \(error)")
        }
    }
}

/// `settle()`, `advance(s)` and `note(text)` (SPEC §3.5, §9.1).
let runLoopFunctions: [APIFunction] = [
    APIFunction(
        "advance", parameters: "seconds: number",
        doc: "Moves virtual time forward by `seconds`, running what falls due on the way."
    ) { call in
        try call.session.checkOutsideCallbacks("advance()")
        try call.session.world.runLoop.advance(by: call.number(1))
        return 0
    },
    APIFunction(
        "note", parameters: "text: string",
        doc: "Records `text` in the trace as a note line, to mark a point between events."
    ) { call in
        let text = try call.string(1)
        try call.session.charge(text.utf8.count)
        call.session.world.note(text)
        return 0
    },
    APIFunction(
        "settle",
        doc: "Ends the turn and runs the run loop until nothing is pending: transitions, animations, queued blocks."
    ) { call in
        try call.session.checkOutsideCallbacks("settle()")
        try call.session.world.runLoop.settle()
        return 0
    },
]

extension Session {
    /// Refuses to run the run loop from code UIKit called (an override, a delegate, a
    /// completion, an `async` block): the turn that called it is still under way, and a turn
    /// run inside it would see transitions half begun (D-61). Code the run loop runs is
    /// inside it; code an API call runs is one protected call deeper than the script's own,
    /// which runs at depth 1 (its chunk or scenario).
    func checkOutsideCallbacks(_ what: String, onlyAtTopLevel: Bool = false) throws {
        guard world.runLoop.isRunning || run.callbackDepth > 1 else { return }
        // async and after blocks run inside a turn too: what must end the world's turns
        // (a launch) has only the script's own level to run at.
        let advice =
            onlyAtTopLevel
            ? "call it at the script's top level (after settle()), not from a block the run loop runs"
            : "use async(fn) or after(s, fn) to run code in a later turn"
        throw ScriptError(
            "\(what) cannot run inside a callback from UIKit (an override, a delegate, a completion or an "
                + "async block): the turn that called it is still under way; \(advice)")
    }
}

/// Where a window is: a named device held one way, or a size with size classes (D-133).
struct WindowGeometry {
    var device: String?
    var orientation: Orientation?
    var size: Size?
    var traits: (horizontal: SizeClass?, vertical: SizeClass?)?

    /// Whether the options gave anything.
    var isGiven: Bool { device != nil || orientation != nil || size != nil || traits != nil }

    /// The geometry `window` has now: its device and orientation, or its size and traits;
    /// none for no window.
    init(of window: Window?) {
        guard let window else { return }
        if let device = window.device {
            self.device = device.name
            orientation = window.orientation
        } else {
            size = window.size
            traits = (window.traitCollection.horizontalSizeClass, window.traitCollection.verticalSizeClass)
        }
    }

    init(device: String?, orientation: Orientation?, size: Size?, traits: (SizeClass?, SizeClass?)?) {
        self.device = device
        self.orientation = orientation
        self.size = size
        self.traits = traits.map { (horizontal: $0.0, vertical: $0.1) }
    }

    /// Gives `window` this geometry (an iPhone upright when nothing was given).
    func apply(to window: Window) throws {
        if let device {
            return try window.configure(deviceNamed: device, orientation: orientation ?? .portrait)
        }
        let size = size ?? .phonePortrait
        let turned = orientation != nil && orientation != (size.width > size.height ? .landscape : .portrait)
        window.configure(
            size: turned ? size.rotated : size, horizontalSizeClass: traits?.horizontal,
            verticalSizeClass: traits?.vertical)
    }
}
