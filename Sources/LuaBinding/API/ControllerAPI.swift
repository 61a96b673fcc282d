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

/// Loading, containment and appearance state, sorted by name.
private let coreControllerMembers = Members<ViewController>(
    properties: [
        Property(name: "appearance", get: { $0.stack.push($0.object.appearance.rawValue) }),
        Property(
            name: "children", get: { call in call.session.pushList(call.object.children) { call.session.push($0) } }),
        Property(
            name: "definesPresentationContext", get: { $0.stack.push($0.object.definesPresentationContext) },
            set: { $0.object.definesPresentationContext = try $0.bool(1) }),
        Property(name: "isMovingFromParent", get: { $0.stack.push($0.object.isMovingFromParent) }),
        Property(name: "isMovingToParent", get: { $0.stack.push($0.object.isMovingToParent) }),
        Property(name: "isViewLoaded", get: { $0.stack.push($0.object.isViewLoaded) }),
        Property(name: "name", get: { $0.stack.push($0.object.name) }),
        Property(name: "navigationController", get: { $0.session.push($0.object.navigationController) }),
        Property(name: "parent", get: { $0.session.push($0.object.parent) }),
        Property(
            name: "shouldAutomaticallyForwardAppearanceMethods",
            get: { $0.stack.push($0.object.shouldAutomaticallyForwardAppearanceMethods) },
            set: { $0.object.shouldAutomaticallyForwardAppearanceMethods = try $0.bool(1) }),
        Property(name: "splitViewController", get: { $0.session.push($0.object.splitViewController) }),
        Property(name: "tabBarController", get: { $0.session.push($0.object.tabBarController) }),
        Property(
            name: "title",
            get: { call in
                guard let title = call.object.title else { return call.stack.pushNil() }
                call.stack.push(title)
            },
            // Only what a new title adds counts against the memory cap: the old one goes.
            set: { call in
                call.object.title = try call.optionalString(1, replacing: call.object.title?.utf8.count ?? 0)
            }),
        Property(name: "view", get: { $0.session.push($0.object.view) }),
        Property(name: "viewIfLoaded", get: { $0.session.push($0.object.viewIfLoaded) }),
    ],
    methods: [
        Method(name: "addChild", required: 1) { call in
            try call.object.addChild(call.controller(1))
            return 0
        },
        Method(name: "beginAppearanceTransition", required: 1) { call in
            call.object.clientBeginAppearanceTransition(try call.bool(1), animated: try call.bool(2, default: true))
            return 0
        },
        Method(name: "didMove", required: 1) { call in
            call.object.didMove(toParent: try call.optionalController(1))
            return 0
        },
        Method(name: "endAppearanceTransition") { call in
            call.object.clientEndAppearanceTransition()
            return 0
        },
        Method(name: "loadViewIfNeeded") { call in
            call.object.loadViewIfNeeded()
            return 0
        },
        Method(name: "removeFromParent") { call in
            call.object.removeFromParent()
            return 0
        },
        Method(name: "transition", required: 2) { call in
            let completion = try call.function(4)
            try call.object.transition(
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
        Method(name: "willMove", required: 1) { call in
            call.object.willMove(toParent: try call.optionalController(1))
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
