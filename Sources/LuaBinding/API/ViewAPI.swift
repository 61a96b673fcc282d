import CLua
import HierarchyEngine
import ScenarioKit

/// `View` handles (SPEC §3.2).
enum ViewKind: HandleKind {
    static let typeName = "View"
    static let members = viewMembers
    static let constructors = [
        // `View { "s", didMoveToWindow = function(self) … end }`: a name, and the view-level
        // callbacks it overrides (VIEW-01…04), each called with the view and, for the
        // `willMove` ones, the new superview or window (nil when leaving).
        APIFunction(
            "View",
            parameters:
                "options: string|{ [1]: string?, willMoveToSuperview: (fun(self: View, superview: View?))?, "
                + "didMoveToSuperview: (fun(self: View))?, willMoveToWindow: (fun(self: View, window: Window?))?, "
                + "didMoveToWindow: (fun(self: View))? }?",
            returns: "View",
            doc: "Makes a view: `View \"name\"`, or a table with the name first and the view callbacks it overrides."
        ) { call in
            let (name, _, keys) = try call.session.constructorArguments("View")
            let allowed = ViewCallback.allCases.map(\.rawValue)
            if let unknown = keys.first(where: { !allowed.contains($0) }) {
                let hint = closestName(to: unknown, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                throw ScriptError(
                    "View { … }: no field '\(unknown)'\(hint); a view takes a name and "
                        + allowed.joined(separator: ", "))
            }
            let view = call.session.world.makeView(named: name)
            if !keys.isEmpty {
                for key in keys { try call.checkField(call.index(1), key, LUA_TFUNCTION, "a function") }
                view.overrides = LuaViewOverrides(session: call.session, index: call.index(1))
            }
            call.session.push(view)
            return 1
        }
    ]

    static func describe(_ view: View) -> String { view.name }

    static func label(_ view: View, text: String) -> String {
        guard let window = view.window else { return "<\(text), not in a window>" }
        return "<\(text), in window \(window.name)>"
    }
}

/// `Window` handles: a view's members and a window's own (SPEC §3.2, APP-01, APP-02).
enum WindowKind: HandleKind {
    static let typeName = "Window"
    static let members =
        viewMembers.lifted { (window: Window) in window as View } + windowMembers + systemAppearanceWindowMembers
    static let constructors = [
        APIFunction(
            "Window", parameters: "options: WindowOptions?", returns: "Window",
            doc: "Makes a window, an iPhone in portrait unless told otherwise, shown and key unless `visible = false`."
        ) { call in
            try call.session.makeWindow()
            return 1
        }
    ]

    static func describe(_ window: Window) -> String { window.name }

    static func label(_ window: Window, text: String) -> String {
        "<\(text), " + (window.isKeyWindow ? "key, " : "") + (window.isHidden ? "hidden>" : "visible>")
    }
}

/// The members of `View` handles (SPEC §3.2), sorted by name. Windows have them too.
let viewMembers = Members<View>(
    properties: [
        viewCallbackProperty(.didMoveToSuperview),
        viewCallbackProperty(.didMoveToWindow),
        Property(
            name: "name", type: "string", doc: "The view's name in the trace.",
            get: { object, call in call.stack.push(object.name) }),
        Property(
            name: "subviews", type: "View[]", doc: "The views directly under this one, back to front.",
            get: { object, call in call.session.pushList(object.subviews) { call.session.push($0) } }),
        Property(
            name: "superview", type: "View?", doc: "The view this one is a subview of, or nil.",
            get: { object, call in call.session.push(object.superview) }),
        viewCallbackProperty(.willMoveToSuperview),
        viewCallbackProperty(.willMoveToWindow),
        Property(
            name: "window", type: "Window?", doc: "The window the view is in, or nil.",
            get: { object, call in call.session.push(object.window) }),
    ],
    methods: [
        Method(
            name: "addSubview", required: 1, parameters: "view: View",
            doc: "Puts `view` last (frontmost) among this view's subviews, taking it from its old superview."
        ) { object, call in
            try object.addSubview(call.view(1))
            return 0
        },
        Method(name: "removeFromSuperview", doc: "Takes the view out of its superview and window.") { object, call in
            object.removeFromSuperview()
            return 0
        },
    ])

/// The members only windows have (APP-01, APP-02), sorted by name.
let windowMembers = Members<Window>(
    properties: [
        Property(
            name: "device", type: "DeviceName?",
            doc: "The named device the window stands for, or nil for a size of its own.",
            get: { object, call in
                guard let device = object.device else { return call.stack.pushNil() }
                call.stack.push(device.name)
            }),
        Property(
            name: "isHidden", type: "boolean",
            doc: "Whether the window is hidden; hiding or showing it makes its controllers disappear or appear.",
            get: { object, call in call.stack.push(object.isHidden) },
            set: { object, call in object.setHidden(try call.bool(1)) }),
        Property(
            name: "isKeyWindow", type: "boolean", doc: "Whether the window is the key window.",
            get: { object, call in call.stack.push(object.isKeyWindow) }),
        Property(
            name: "orientation", type: "Orientation", doc: "Portrait or landscape, from the window's size.",
            get: { object, call in call.stack.push(object.orientation.rawValue) }),
        Property(
            name: "rootViewController", type: "Controller?",
            doc: "The controller whose view fills the window; setting it swaps the old root's view for the new one's.",
            get: { object, call in call.session.push(object.rootViewController) },
            set: { object, call in try object.setRootViewController(call.optionalController(1)) }),
        Property(
            name: "size", type: "number[]",
            doc: "`{ width, height }` in points; setting it resizes at runtime, the traits following the size.",
            get: { object, call in call.session.push(object.size) },
            // A resize at runtime (TRT-01): traits follow from the new size.
            set: { object, call in object.transition(to: try call.session.size(at: call.index(1))) }),
        Property(
            name: "traitCollection",
            type: "TraitCollection|{ horizontalSizeClass: SizeClass?, verticalSizeClass: SizeClass? }",
            doc: "The window's size classes; setting some changes them at runtime, those not given staying.",
            get: { object, call in call.session.push(object.traitCollection) },
            // A change of size classes at runtime: a class not given stays as it is.
            set: { object, call in
                let (horizontal, vertical) = try call.session.sizeClasses(at: call.index(1))
                let current = object.traitCollection
                object.transition(
                    to: object.size, horizontalSizeClass: horizontal ?? current.horizontalSizeClass,
                    verticalSizeClass: vertical ?? current.verticalSizeClass)
            }),
    ],
    methods: [
        Method(name: "makeKeyAndVisible", doc: "Shows the window and makes it the key window.") { object, call in
            object.makeKeyAndVisible()
            return 0
        }
    ])

/// A view callback as a property (`v.didMoveToWindow = function(self) … end`, D-124): read, it
/// gives the function or nil; assigned, it overrides the callback on a view made with
/// `View { … }` (a controller's root view records no view callbacks).
func viewCallbackProperty(_ callback: ViewCallback) -> Property<View> {
    Property(
        name: callback.rawValue, type: callback.luaType, doc: callback.luaDoc,
        get: { object, call in
            guard let overrides = object.overrides as? LuaViewOverrides else { return call.stack.pushNil() }
            overrides.pushField(callback.rawValue, on: call.stack)
        },
        set: { object, call in
            guard object.recordsMoves else {
                throw ScriptError(
                    "\(object.name) takes no view callbacks: only a view made with View { … } records them (D-124)")
            }
            let value = call.index(1)
            guard call.stack.isNil(value) || call.stack.type(at: value) == LUA_TFUNCTION else {
                throw call.fail(1, "function or nil")
            }
            let overrides: LuaViewOverrides
            if let existing = object.overrides as? LuaViewOverrides {
                overrides = existing
            } else {
                call.stack.newTable()
                overrides = LuaViewOverrides(session: call.session, index: call.stack.top)
                call.stack.pop()
                object.overrides = overrides
            }
            call.stack.pushReference(overrides.reference)
            call.stack.pushValue(at: value)
            call.stack.rawSet(-2, field: callback.rawValue)
            call.stack.pop()
        })
}

extension ViewCallback {
    /// The function a view callback property takes, as the editor definitions write it.
    fileprivate var luaType: String {
        switch self {
        case .willMoveToSuperview: "(fun(self: View, superview: View?))?"
        case .didMoveToSuperview, .didMoveToWindow: "(fun(self: View))?"
        case .willMoveToWindow: "(fun(self: View, window: Window?))?"
        }
    }

    fileprivate var luaDoc: String {
        switch self {
        case .willMoveToSuperview:
            "Override, on a view made with `View`: it is about to move under `superview` (nil: out of its superview)."
        case .didMoveToSuperview: "Override, on a view made with `View`: it moved to another superview, or out."
        case .willMoveToWindow:
            "Override, on a view made with `View`: it is about to enter `window` (nil: leave its window)."
        case .didMoveToWindow: "Override, on a view made with `View`: it entered a window or left one."
        }
    }
}

/// A view's overrides, given in its constructor's table: called with the view's handle and,
/// for `willMoveToSuperview`/`willMoveToWindow`, the view it goes under or the window.
final class LuaViewOverrides: LuaReference, ViewOverrides {
    func implements(_ callback: ViewCallback) -> Bool { holdsFunction(callback.rawValue) }

    func call(_ callback: ViewCallback, on view: View, argument: View?) {
        guard !state.isClosed else { return }
        let session = Session.from(state.pointer)
        session.callProtected(
            pushFunction: { pushField(callback.rawValue, on: session.stack) },
            pushArguments: { session in
                session.push(view)
                guard callback == .willMoveToSuperview || callback == .willMoveToWindow else { return 1 }
                session.push(argument)
                return 2
            })
    }
}
