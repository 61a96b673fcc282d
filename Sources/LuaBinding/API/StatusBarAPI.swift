import CLua
import HierarchyEngine
import ScenarioKit

/// The status bar and its kin in Lua (SB-03…08, SPEC §9.4): each preference and `childFor…`
/// is a property that takes a plain value or an override function (`function(self) return
/// "lightContent" end`), which replaces the value as a subclass's override would; nil goes
/// back to UIKit's default. Read, it gives what UIKit would get.
///
///     a.preferredStatusBarStyle = "lightContent"
///     box.childForStatusBarStyle = function(self) return self.children[1] end
///     nav:setNavigationBarHidden(true, false)
///     print(win.statusBarStyle, win.isStatusBarHidden)
///     child.preferredContentSize = {320, 480}   -- Parent.preferredContentSizeDidChange(forChildContentContainer: Child)

/// The system appearance members of every controller, sorted by name; `controllerMembers`
/// takes them in.
let systemAppearanceControllerMembers = Members<ViewController>(
    properties: SystemAppearanceAspect.allCases.flatMap { [childProperty($0), preferenceProperty($0)] }
        + [
            Property(
                name: "modalPresentationCapturesStatusBarAppearance", type: "boolean",
                doc:
                    "Whether, presented short of full screen, the controller takes the status bar over from its presenter.",
                get: { object, call in call.stack.push(object.modalPresentationCapturesStatusBarAppearance) },
                set: { object, call in object.modalPresentationCapturesStatusBarAppearance = try call.bool(1) }),
            Property(
                name: "preferredContentSize", type: "number[]",
                doc:
                    "`{ width, height }` the controller would like; a change tells its parent or presentation controller.",
                get: { object, call in call.session.push(object.preferredContentSize) },
                set: { object, call in object.setPreferredContentSize(try call.session.contentSize(at: call.index(1))) }
            ),
        ],
    methods: [
        Method(
            name: "setNeedsStatusBarAppearanceUpdate",
            doc: "Has the window ask again, at once, for the status bar's style and whether it is hidden."
        ) { object, _ in
            object.setNeedsStatusBarAppearanceUpdate()
            return 0
        },
        Method(
            name: "setNeedsUpdateOfHomeIndicatorAutoHidden",
            doc: "Has the window ask again, at once, whether the home indicator may hide."
        ) { object, _ in
            object.setNeedsUpdateOfHomeIndicatorAutoHidden()
            return 0
        },
        Method(
            name: "setNeedsUpdateOfScreenEdgesDeferringSystemGestures",
            doc: "Has the window ask again, at once, which screen edges defer the system's gestures."
        ) { object, _ in
            object.setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
            return 0
        },
    ])

/// `childForStatusBarStyle` and its kin: a controller, nil, or a function answering one.
private func childProperty(_ aspect: SystemAppearanceAspect) -> Property<ViewController> {
    Property(
        name: aspect.childName, type: "Controller|(fun(self: Controller): Controller?)?", doc: aspect.childDoc,
        get: { object, call in call.session.push(object.childProperty(deciding: aspect)) },
        set: { object, call in
            guard try !call.session.tookOverride(aspect.childName, of: object, call) else {
                return object.setChild(nil, deciding: aspect)
            }
            let child = try call.optionalController(1)
            try call.session.dropOverride(aspect.childName, of: object)
            object.setChild(child, deciding: aspect)
        })
}

/// `preferredStatusBarStyle` and its kin: a value, nil, or a function answering one.
private func preferenceProperty(_ aspect: SystemAppearanceAspect) -> Property<ViewController> {
    Property(
        name: aspect.preferenceName, type: "\(aspect.luaType)|(fun(self: Controller): \(aspect.luaType))?",
        doc: aspect.preferenceDoc,
        get: { object, call in call.session.push(object.preferenceProperty(aspect)) },
        set: { object, call in
            guard try !call.session.tookOverride(aspect.preferenceName, of: object, call) else {
                return object.setPreference(nil, for: aspect)
            }
            let preference = call.isMissing(1) ? nil : try call.session.preference(aspect, at: call.index(1))
            try call.session.dropOverride(aspect.preferenceName, of: object)
            object.setPreference(preference, for: aspect)
        })
}

/// The members only navigation controllers have for their bar (SB-04), sorted by name.
let navigationBarMembers = Members<NavigationController>(
    properties: [
        Property(
            name: "isNavigationBarHidden", type: "boolean",
            doc: "Whether the navigation bar is hidden; setting it hides or shows the bar without animation.",
            get: { object, call in call.stack.push(object.isNavigationBarHidden) },
            set: { object, call in object.setNavigationBarHidden(try call.bool(1), animated: false) }),
        Property(
            name: "navigationBar", type: "NavigationBar", doc: "The navigation controller's bar.",
            get: { object, call in call.session.push(object.navigationBar) }),
    ],
    methods: [
        Method(
            name: "setNavigationBarHidden", required: 1, parameters: "hidden: boolean, animated: boolean?",
            doc: "Hides or shows the navigation bar, animated unless `animated` is false."
        ) { object, call in
            object.setNavigationBarHidden(try call.bool(1), animated: try call.bool(2, default: true))
            return 0
        }
    ])

/// `nav.navigationBar`: its style and whether it is hidden (SB-04).
enum NavigationBarKind: HandleKind {
    static let typeName = "NavigationBar"
    static let members = Members<NavigationBar>(
        properties: [
            Property(
                name: "barStyle", type: "BarStyle",
                doc: "The bar's style; while the bar shows, `\"black\"` asks for light status bar content.",
                get: { object, call in call.stack.push(object.barStyle.rawValue) },
                set: { object, call in object.barStyle = try call.choice(1, "barStyle") }),
            Property(
                name: "isHidden", type: "boolean", doc: "Whether the bar is hidden (`isNavigationBarHidden`).",
                get: { object, call in call.stack.push(object.isHidden) }),
        ],
        methods: [])

    static func describe(_ bar: NavigationBar) -> String { bar.name }
}

/// What a window resolved (SB-03, SB-07), sorted by name; `WindowKind` takes them in.
let systemAppearanceWindowMembers = Members<Window>(
    properties: [
        Property(
            name: "isHomeIndicatorAutoHidden", type: "boolean",
            doc: "Whether the home indicator may hide, as the window last resolved it from its controllers.",
            get: { object, call in call.stack.push(object.systemAppearance.homeIndicatorAutoHidden) }),
        Property(
            name: "isStatusBarHidden", type: "boolean",
            doc: "Whether the status bar is hidden, as the window last resolved it from its controllers.",
            get: { object, call in call.stack.push(object.systemAppearance.isStatusBarHidden) }
        ),
        Property(
            name: "screenEdgesDeferringSystemGestures", type: "RectEdge[]",
            doc: "The edges whose system gestures wait for the app's, as the window last resolved them.",
            get: { object, call in
                call.session.pushList(object.systemAppearance.screenEdgesDeferringSystemGestures.names) {
                    call.stack.push($0)
                }
            }),
        Property(
            name: "statusBarStyle", type: "StatusBarStyle",
            doc: "The status bar's style, as the window last resolved it from its controllers.",
            get: { object, call in call.stack.push(object.systemAppearance.statusBarStyle.rawValue) }),
    ],
    methods: [])

extension SystemAppearanceAspect {
    /// The Lua type of the preference's value, as the editor definitions write it.
    fileprivate var luaType: String {
        switch self {
        case .statusBarStyle: "StatusBarStyle"
        case .statusBarHidden, .homeIndicatorAutoHidden: "boolean"
        case .screenEdgesDeferringSystemGestures: "RectEdge[]"
        }
    }

    /// What the preference says: a value, a function of `self` answering one, or nil for UIKit's default.
    fileprivate var preferenceDoc: String {
        let answer = ", or a function of `self` answering it; nil for UIKit's default."
        return switch self {
        case .statusBarStyle: "The status bar style the controller asks for" + answer
        case .statusBarHidden: "Whether the controller wants the status bar hidden" + answer
        case .homeIndicatorAutoHidden: "Whether the controller lets the home indicator hide" + answer
        case .screenEdgesDeferringSystemGestures:
            "The screen edges whose system gestures should wait for the app's (`{\"all\"}` for every one)" + answer
        }
    }

    /// What the `childFor…` property says.
    fileprivate var childDoc: String {
        let question =
            switch self {
            case .statusBarStyle: "the status bar style"
            case .statusBarHidden: "whether the status bar is hidden"
            case .homeIndicatorAutoHidden: "whether the home indicator hides"
            case .screenEdgesDeferringSystemGestures: "the screen edges deferring system gestures"
            }
        return "The child that decides \(question) instead, or a function of `self` answering it; nil for none."
    }
}

extension Session {
    /// Takes the value being assigned to `name` as an override when it is a function;
    /// returns whether it did.
    fileprivate func tookOverride(_ name: String, of controller: ViewController, _ call: Call) throws -> Bool {
        let index = call.index(1)
        guard stack.type(at: index) == LUA_TFUNCTION else { return false }
        try setOverride(name, of: controller, valueAt: index)
        return true
    }

    /// Drops the override `name` of `controller`, if any: a value (or nil) assigned replaces
    /// it, once the value has been found good.
    fileprivate func dropOverride(_ name: String, of controller: ViewController) throws {
        guard (controller.overrides as? LuaOverrides)?.names.contains(name) == true else { return }
        stack.pushNil()
        defer { stack.pop() }
        try setOverride(name, of: controller, valueAt: -1)
    }

    /// Pushes a preference as Lua reads it: a style's name, a Boolean, a list of edge names.
    func push(_ preference: SystemAppearancePreference) {
        switch preference {
        case .style(let style): stack.push(style.rawValue)
        case .bool(let value): stack.push(value)
        case .edges(let edges): pushList(edges.names) { stack.push($0) }
        }
    }

    /// Reads the preference for `aspect` at `index`; the error names the property.
    func preference(_ aspect: SystemAppearanceAspect, at index: Int32) throws -> SystemAppearancePreference {
        let name = aspect.preferenceName
        switch aspect {
        case .statusBarStyle:
            let text = stack.type(at: index) == LUA_TSTRING ? stack.string(at: index) : nil
            guard let style = text.flatMap(StatusBarStyle.init(rawValue:)) else {
                let valid = StatusBarStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                let hint = text.flatMap { closestName(to: $0, among: StatusBarStyle.allCases.map(\.rawValue)) }
                throw ScriptError(
                    "\(name) must be one of \(valid)\(hint.map { " (did you mean \"\($0)\"?)" } ?? ""), got "
                        + (text.map { "\"\($0)\"" } ?? stack.typeName(at: index)))
            }
            return .style(style)
        case .statusBarHidden, .homeIndicatorAutoHidden:
            guard stack.type(at: index) == LUA_TBOOLEAN else {
                throw ScriptError("\(name) must be a boolean, got \(stack.typeName(at: index))")
            }
            return .bool(lua_toboolean(stack.state, index) != 0)
        case .screenEdgesDeferringSystemGestures:
            return .edges(try edges(at: index, name))
        }
    }

    /// Reads a list of edge names (`{"bottom", "top"}`, `{"all"}`, `{}`) at `index`.
    private func edges(at index: Int32, _ name: String) throws -> RectEdges {
        let valid = RectEdges.named.map(\.name) + ["all"]
        let usage = "\(name) must be a list of edges from \(valid.joined(separator: ", ")), as in {\"bottom\"}"
        guard stack.type(at: index) == LUA_TTABLE else { throw ScriptError(usage) }
        var edges: RectEdges = []
        for item in 0..<stack.rawLength(index) {
            stack.rawGet(index, index: item + 1)
            defer { stack.pop() }
            let text = stack.type(at: -1) == LUA_TSTRING ? stack.string(at: -1) : nil
            if text == "all" {
                edges.formUnion(.all)
            } else if let edge = RectEdges.named.first(where: { $0.name == text })?.edge {
                edges.formUnion(edge)
            } else {
                throw ScriptError(usage + ", got " + (text.map { "\"\($0)\"" } ?? stack.typeName(at: -1)))
            }
        }
        return edges
    }

    /// Reads `preferredContentSize = {w, h}` at `index`: two finite numbers, zero or more.
    func contentSize(at index: Int32) throws -> Size {
        let usage = "preferredContentSize must be a list of two numbers, zero or more, as in {320, 480}"
        guard stack.type(at: index) == LUA_TTABLE, stack.rawLength(index) == 2 else { throw ScriptError(usage) }
        var numbers: [Double] = []
        for item in 1...2 {
            stack.rawGet(index, index: item)
            defer { stack.pop() }
            guard let number = stack.number(at: -1), number.isFinite, number >= 0 else { throw ScriptError(usage) }
            numbers.append(number)
        }
        return Size(width: numbers[0], height: numbers[1])
    }
}

/// A script's override functions of the system appearance properties: each is called with
/// `self` and answers a value of the property's kind; anything else is the script's error at
/// the line that led to the question, and UIKit's default stands.
extension LuaOverrides: SystemAppearanceOverrides {
    func answer(_ name: String, on controller: ViewController) -> SystemAppearanceAnswer? {
        let aspects = SystemAppearanceAspect.allCases
        guard let aspect = aspects.first(where: { $0.childName == name || $0.preferenceName == name }) else {
            return nil
        }
        var answer: SystemAppearanceAnswer?
        var problem: String?
        let error = session.runProtected(
            pushFunction: { session.pushOverride(name, of: controller) },
            pushArguments: { session in
                session.push(controller)
                return 1
            }, results: 1,
            readResults: {
                do {
                    answer = try session.answer(aspect, isChild: aspect.childName == name)
                } catch {
                    problem = "\(name) of \(controller.name) answered wrongly: \(error)"
                }
            })
        if let error { session.keep(error) } else if let problem { session.keep(session.placedError(problem)) }
        return answer
    }
}

extension Session {
    /// The answer on top of the stack: a controller or nil for a `childFor…`, else a preference.
    fileprivate func answer(_ aspect: SystemAppearanceAspect, isChild: Bool) throws -> SystemAppearanceAnswer {
        guard isChild else { return .preference(try preference(aspect, at: stack.top)) }
        if stack.isNil(-1) { return .child(nil) }
        guard let child = object(at: -1, as: ViewController.self) else {
            throw ScriptError("a controller or nil expected, got \(stack.typeName(at: -1))")
        }
        return .child(child)
    }
}
