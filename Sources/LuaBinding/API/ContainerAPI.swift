import CLua
import HierarchyEngine

/// `NavigationController` handles: a controller's members and the navigation stack's.
enum NavigationKind: HandleKind {
    static let typeName = "NavigationController"
    static let members =
        controllerMembers.lifted { (navigation: NavigationController) in navigation as ViewController }
        + navigationMembers + navigationBarMembers
    // `NavigationController { "Nav", a, b }`: the name, then the stack, bottom first.
    static let constructors = [containerConstructor { try $0.setViewControllers($1, animated: false) }]
}

/// `TabBarController` handles: a controller's members and the tabs'.
enum TabBarKind: HandleKind {
    static let typeName = "TabBarController"
    static let members =
        controllerMembers.lifted { (tabs: TabBarController) in tabs as ViewController } + tabBarMembers
        + tabBarHidingMembers
    // `TabBarController { "Tabs", a, b }`: the name, then the tabs in order.
    static let constructors = [containerConstructor { try $0.setViewControllers($1, animated: false) }]
}

extension HandleKind where Object: ViewController {
    /// The constructor of a container whose children follow its name, as in
    /// `NavigationController { "Nav", a, b, delegate = d }`: `setChildren` installs them.
    static func containerConstructor(
        _ setChildren: @escaping @Sendable (Object, [ViewController]) throws -> Void
    ) -> APIFunction {
        APIFunction(
            typeName, parameters: "spec: string|" + typeName + "Options|(string|Controller)[]", returns: typeName,
            doc: "Makes a " + typeName
                + " named by the string or the table's first item, its children following the name."
        ) { call in
            let session = call.session
            let (name, controllers, keys) = try session.constructorArguments(typeName, takesControllers: true)
            let container = try session.world.make(Object.self, named: name)
            try setChildren(container, controllers)
            try session.configure(container, keys, members.properties)
            session.push(container)
            return 1
        }
    }
}

/// `SplitViewController` handles: a controller's members and the columns'.
enum SplitKind: HandleKind {
    static let typeName = "SplitViewController"
    static let members =
        controllerMembers.lifted { (split: SplitViewController) in split as ViewController } + splitMembers
    static let constructors = [
        APIFunction(
            "SplitViewController", parameters: "spec: SplitViewControllerOptions", returns: "SplitViewController",
            doc:
                "Makes a split view controller: its name, `primary` (required), `secondary` and properties."
        ) { call in
            try call.session.makeSplitViewController()
            return 1
        }
    ]
}

extension Session {
    /// `SplitViewController { "Split", primary = m, secondary = d, delegate = {…} }`.
    func makeSplitViewController() throws {
        let (name, _, keys) = try constructorArguments("SplitViewController")
        let split = try world.make(SplitViewController.self, named: name)
        let columns = try ["primary", "secondary"].compactMap { key -> ViewController? in
            stack.rawGet(1, field: key)
            defer { stack.pop() }
            if stack.isNil(-1) { return nil }
            guard let controller = object(at: -1, as: ViewController.self) else {
                if isStaleHandle(at: -1) { throw ScriptError(staleHandleMessage) }
                throw ScriptError(
                    "SplitViewController { … }: '\(key)' should be a controller, got \(stack.typeName(at: -1))")
            }
            return controller
        }
        guard keys.contains("primary") else {
            throw ScriptError(
                "SplitViewController { … } needs a primary, as in SplitViewController { \"Split\", primary = m, secondary = d }"
            )
        }
        if !keys.contains("secondary") || columns.count == 2 { try split.setViewControllers(columns) }
        try configure(split, keys.filter { $0 != "primary" && $0 != "secondary" }, SplitKind.members.properties)
        push(split)
    }
}

/// The members only navigation controllers have (SPEC §3.3, BEHAVIOR.md NAV), sorted by name.
let navigationMembers = Members<NavigationController>(
    properties: [
        Property(
            name: "delegate", type: "NavigationControllerDelegate?",
            doc: "The table of functions told of each shown controller and asked for animators, or nil.",
            get: { object, call in call.session.push(object.delegate) },
            set: { object, call in
                object.delegate = try call.delegate(1, of: navigationDelegateProtocol)
            }),
        Property(
            name: "topViewController", type: "Controller?",
            doc: "The controller on top of the stack, or nil when it is empty.",
            get: { object, call in call.session.push(object.topViewController) }),
        Property(
            name: "viewControllers", type: "Controller[]",
            doc: "The stack, bottom first; assigning it replaces the stack without animation.",
            get: { object, call in call.session.pushList(object.viewControllers) { call.session.push($0) } },
            set: { object, call in try object.setViewControllers(call.controllerList(1), animated: false) }),
        Property(
            name: "visibleViewController", type: "Controller?",
            doc: "What the navigation controller shows: a controller it presented, else the top one, or nil.",
            get: { object, call in call.session.push(object.visibleViewController) }),
    ],
    methods: [
        Method(
            name: "popToRootViewController", parameters: "animated: boolean?", returns: "Controller[]?",
            doc: "Pops every controller above the root; returns them bottom to top, or nil when there were none."
        ) { object, call in
            let popped = try object.popToRootViewController(animated: call.bool(1, default: true))
            call.session.pushList(popped)
            return 1
        },
        Method(
            name: "popToViewController", required: 1, parameters: "vc: Controller, animated: boolean?",
            returns: "Controller[]?",
            doc: "Pops the controllers above `vc`; returns them bottom to top, or nil when there were none."
        ) { object, call in
            let popped = try object.popToViewController(call.controller(1), animated: call.bool(2, default: true))
            call.session.pushList(popped)
            return 1
        },
        Method(
            name: "popViewController", parameters: "animated: boolean?", returns: "Controller?",
            doc: "Pops the top controller; returns it, or nil when only the root is left."
        ) { object, call in
            call.session.push(try object.popViewController(animated: call.bool(1, default: true)))
            return 1
        },
        Method(
            name: "pushViewController", required: 1, parameters: "vc: Controller, animated: boolean?",
            doc: "Pushes `vc` onto the stack; the transition starts in the turn's layout pass."
        ) { object, call in
            try object.pushViewController(call.controller(1), animated: call.bool(2, default: true))
            return 0
        },
        Method(
            name: "setViewControllers", required: 1, parameters: "list: Controller[], animated: boolean?",
            doc:
                "Replaces the stack with `list`, bottom first, in one transition to the new top (none if it stays)."
        ) { object, call in
            try object.setViewControllers(call.controllerList(1), animated: call.bool(2, default: true))
            return 0
        },
    ])

/// The members only tab bar controllers have (SPEC §3.3, BEHAVIOR.md TAB), sorted by name.
/// Indices are 1-based, as Lua lists are.
let tabBarMembers = Members<TabBarController>(
    properties: [
        Property(
            name: "delegate", type: "TabBarControllerDelegate?",
            doc: "The table of functions asked whether a tapped tab may be selected and for animators, or nil.",
            get: { object, call in call.session.push(object.delegate) },
            set: { object, call in
                object.delegate = try call.delegate(1, of: tabBarDelegateProtocol)
            }),
        Property(
            name: "moreNavigationController", type: "NavigationController",
            doc: "The navigation controller behind the More tab, never one of `viewControllers`, made on first use.",
            get: { object, call in call.session.push(try object.moreNavigationController()) }),
        Property(
            name: "selectedIndex", type: "integer",
            doc: "The selected tab's 1-based index (nil with no tabs); assigning it selects that tab.",
            get: { object, call in
                guard let index = object.selectedIndex else { return call.stack.pushNil() }
                call.stack.push(integer: index + 1)
            },
            set: { object, call in
                try object.select(
                    index: call.position(1, "selectedIndex", of: object, count: object.viewControllers.count))
            }),
        Property(
            name: "selectedViewController", type: "Controller",
            doc: "The selected tab's controller (nil with no tabs); assigning one of the tabs selects it.",
            get: { object, call in call.session.push(object.selectedViewController) },
            set: { object, call in try object.select(call.controller(1)) }),
        Property(
            name: "viewControllers", type: "Controller[]",
            doc: "The tabs' controllers, in order; assigning replaces them.",
            get: { object, call in call.session.pushList(object.viewControllers) { call.session.push($0) } },
            set: { object, call in try object.setViewControllers(call.controllerList(1), animated: false) }),
    ],
    methods: [
        Method(
            name: "setViewControllers", required: 1, parameters: "list: Controller[], animated: boolean?",
            doc: "Replaces the tabs with `list`, in order."
        ) { object, call in
            try object.setViewControllers(call.controllerList(1), animated: call.bool(2, default: true))
            return 0
        }
    ])

/// The members only split view controllers have (SPEC §3.3 "split view", BEHAVIOR.md
/// SHOW-04, SHOW-05), sorted by name.
let splitMembers = Members<SplitViewController>(
    properties: [
        Property(
            name: "delegate", type: "SplitViewControllerDelegate?",
            doc: "The table of functions that may collapse the secondary or show controllers themselves, or nil.",
            get: { object, call in call.session.push(object.delegate) },
            set: { object, call in
                object.delegate = try call.delegate(1, of: splitDelegateProtocol)
            }),
        Property(
            name: "isCollapsed", type: "boolean",
            doc: "Whether the split view shows its primary column only, as in a compact-width window.",
            get: { object, call in call.stack.push(object.isCollapsed) }),
        Property(
            name: "viewControllers", type: "Controller[]",
            doc: "The columns' controllers, primary first; assigning replaces them.",
            get: { object, call in call.session.pushList(object.viewControllers) { call.session.push($0) } },
            set: { object, call in try object.setViewControllers(call.controllerList(1)) }),
    ],
    methods: [])

extension Call {
    /// A Lua list of controllers, as `viewControllers` takes.
    func controllerList(_ position: Int) throws -> [ViewController] {
        let index = index(position)
        guard stack.type(at: index) == LUA_TTABLE else { throw fail(position, "list of controllers") }
        var list: [ViewController] = []
        for item in stride(from: 1, through: stack.rawLength(index), by: 1) {
            stack.rawGet(index, index: item)
            defer { stack.pop() }
            guard let controller = session.object(at: -1, as: ViewController.self) else {
                if session.isStaleHandle(at: -1) { throw ScriptError(staleHandleMessage) }
                let problem = "list of controllers expected, item \(item) is a \(stack.typeName(at: -1))"
                if isAssignedValue { throw ScriptError("bad value for '\(name)' (\(problem))") }
                throw ArgumentError(position: position, function: name, problem: problem)
            }
            list.append(controller)
        }
        return list
    }

    /// A 1-based Lua index into `owner`'s list of `count` items, as a 0-based one; out of
    /// range is an error naming the valid range (SPEC §3.3).
    func position(_ position: Int, _ what: String, of owner: ViewController, count: Int) throws -> Int {
        let value = try integer(position)
        guard value >= 1, value <= count else {
            throw ScriptError(TabBarController.outOfRangeMessage(what, String(value), owner: owner.name, count: count))
        }
        return value - 1
    }

    /// A whole number, as an index is.
    func integer(_ position: Int) throws -> Int {
        guard let value = stack.integer(at: index(position)) else { throw fail(position, "integer") }
        return value
    }

    /// A delegate table, or nil to remove the delegate. Its keys must be among the methods
    /// of UIKit's protocol, each a function: a misspelt one would otherwise leave UIKit's
    /// default at work unseen, as `Controller { … }` refuses a misspelt override. The editor
    /// definitions declare the same protocol (`LuaProtocol`).
    func delegate(_ position: Int, of protocol: LuaProtocol) throws -> LuaDelegate? {
        let methods = `protocol`.methods
        let index = index(position)
        if stack.isNil(index) { return nil }
        guard stack.type(at: index) == LUA_TTABLE else { throw fail(position, "table of delegate functions") }
        let names = methods.map(\.rawValue)
        try checkKeys(index, allowed: names)
        for name in names { try checkField(index, name, LUA_TFUNCTION, "a function") }
        return LuaDelegate(session: session, index: index)
    }
}

extension Session {
    /// Pushes a list of controllers, or nil for none (what UIKit's pop methods return).
    func pushList(_ controllers: [ViewController]?) {
        guard let controllers else { return stack.pushNil() }
        pushList(controllers) { push($0) }
    }

    /// Pushes the table a script set as a delegate, or nil.
    func push(_ delegate: Delegate?) {
        guard let delegate = delegate as? LuaDelegate else { return stack.pushNil() }
        stack.pushReference(delegate.reference)
    }

    /// Pushes the table a script set as a transitioning delegate, or nil.
    func push(_ delegate: TransitioningDelegate?) {
        guard let delegate = delegate as? LuaTransitioningDelegate else { return stack.pushNil() }
        stack.pushReference(delegate.reference)
    }
}
