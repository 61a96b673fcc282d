import HierarchyEngine

/// `Controller` handles: any controller that is no container (SPEC §3.2, §3.3).
enum ControllerKind: HandleKind {
    static let typeName = "Controller"
    static let members = controllerMembers
    static let constructors = [
        // `Controller "A"` or `Controller { "A", property = value, callback = function ... }`.
        APIFunction("Controller") { call in
            let session = call.session
            let (name, _, keys) = try session.constructorArguments("Controller")
            let controller = try session.world.makeController(named: name)
            try session.configure(controller, keys, controllerMembers.properties)
            session.push(controller)
            return 1
        }
    ]
}

/// Every kind of controller: it takes overrides, its text is its name, and the REPL labels
/// it with its appearance: `<NavigationController Nav, appeared>`.
extension HandleKind where Object: ViewController {
    static var takesOverrides: Bool { true }
    static func describe(_ controller: Object) -> String { controller.name }
    static func label(_ controller: Object, text: String) -> String { "<\(text), \(controller.appearance.rawValue)>" }
}

/// The members of `Controller` handles: loading, containment, appearance state,
/// presentation and routing (SPEC §3.2, §3.3).
let controllerMembers =
    coreControllerMembers
    + Members(properties: presentationProperties, methods: presentationMethods)
    + Members(properties: [], methods: routingMethods)
    + storyboardControllerMembers
    + traitMembers
    + bottomBarControllerMembers
    + systemAppearanceControllerMembers
    + restorationControllerMembers

/// Loading, containment and appearance state, sorted by name.
private let coreControllerMembers = Members<ViewController>(
    properties: [
        Property(name: "appearance", get: { object, call in call.stack.push(object.appearance.rawValue) }),
        Property(
            name: "children", get: { object, call in call.session.pushList(object.children) { call.session.push($0) } }),
        Property(
            name: "definesPresentationContext",
            get: { object, call in call.stack.push(object.definesPresentationContext) },
            set: { object, call in object.definesPresentationContext = try call.bool(1) }),
        Property(name: "isMovingFromParent", get: { object, call in call.stack.push(object.isMovingFromParent) }),
        Property(name: "isMovingToParent", get: { object, call in call.stack.push(object.isMovingToParent) }),
        Property(name: "isViewLoaded", get: { object, call in call.stack.push(object.isViewLoaded) }),
        Property(name: "name", get: { object, call in call.stack.push(object.name) }),
        Property(name: "navigationController", get: { object, call in call.session.push(object.navigationController) }),
        Property(name: "parent", get: { object, call in call.session.push(object.parent) }),
        Property(
            name: "shouldAutomaticallyForwardAppearanceMethods",
            get: { object, call in call.stack.push(object.shouldAutomaticallyForwardAppearanceMethods) },
            set: { object, call in object.shouldAutomaticallyForwardAppearanceMethods = try call.bool(1) }),
        Property(name: "splitViewController", get: { object, call in call.session.push(object.splitViewController) }),
        Property(name: "tabBarController", get: { object, call in call.session.push(object.tabBarController) }),
        Property(
            name: "title",
            get: { object, call in
                guard let title = object.title else { return call.stack.pushNil() }
                call.stack.push(title)
            },
            // Only what a new title adds counts against the memory cap: the old one goes.
            set: { object, call in
                object.title = try call.optionalString(1, replacing: object.title?.utf8.count ?? 0)
            }),
        Property(
            name: "transitionCoordinator", get: { object, call in call.session.push(object.transitionCoordinator) }),
        Property(name: "view", get: { object, call in call.session.push(object.view) }),
        Property(name: "viewIfLoaded", get: { object, call in call.session.push(object.viewIfLoaded) }),
    ],
    methods: [
        Method(name: "addChild", required: 1) { object, call in
            try object.addChild(call.controller(1))
            return 0
        },
        Method(name: "beginAppearanceTransition", required: 1) { object, call in
            object.clientBeginAppearanceTransition(try call.bool(1), animated: try call.bool(2, default: true))
            return 0
        },
        Method(name: "didMove", required: 1) { object, call in
            object.didMove(toParent: try call.optionalController(1))
            return 0
        },
        Method(name: "endAppearanceTransition") { object, call in
            object.clientEndAppearanceTransition()
            return 0
        },
        Method(name: "loadViewIfNeeded") { object, call in
            object.loadViewIfNeeded()
            return 0
        },
        Method(name: "removeFromParent") { object, call in
            object.removeFromParent()
            return 0
        },
        Method(name: "transition", required: 2) { object, call in
            let completion = try call.function(4)
            try object.transition(
                from: call.controller(1), to: call.controller(2), duration: call.number(3, default: 0),
                completion: completion.map { function in
                    { finished in
                        function.call {
                            $0.stack.push(finished)
                            return 1
                        }
                    }
                })
            return 0
        },
        Method(name: "willMove", required: 1) { object, call in
            object.willMove(toParent: try call.optionalController(1))
            return 0
        },
    ])

extension Session {
    /// Pushes a Lua list (1-based, as Lua lists are) of `items`, each pushed by `pushItem`.
    func pushList<Item>(_ items: [Item], _ pushItem: (Item) -> Void) {
        stack.newTable(arrayCount: Int32(items.count))
        for (offset, item) in items.enumerated() {
            pushItem(item)
            stack.rawSet(-2, index: offset + 1)
        }
    }
}
