import HierarchyEngine

/// `Controller` handles: any controller that is no container (SPEC §3.2, §3.3).
enum ControllerKind: HandleKind {
    static let typeName = "Controller"
    static let members = controllerMembers
    static let constructors = [
        // `Controller "A"` or `Controller { "A", property = value, callback = function ... }`.
        APIFunction(
            "Controller", parameters: "spec: string|ControllerOptions|string[]?", returns: "Controller",
            doc:
                "Makes a controller: its name, or a table of its name, properties and overrides."
        ) { call in
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
        Property(
            name: "appearance", type: "Appearance",
            doc: "Where the controller is in its appearance cycle, as the callbacks so far have moved it.",
            get: { object, call in call.stack.push(object.appearance.rawValue) }),
        Property(
            name: "children", type: "Controller[]", doc: "The controller's children, in the order they were added.",
            get: { object, call in call.session.pushList(object.children) { call.session.push($0) } }),
        Property(
            name: "definesPresentationContext", type: "boolean",
            doc:
                "Whether a current-context presentation covers this controller (true for navigation controllers).",
            get: { object, call in call.stack.push(object.definesPresentationContext) },
            set: { object, call in object.definesPresentationContext = try call.bool(1) }),
        Property(
            name: "isMovingFromParent", type: "boolean",
            doc:
                "Whether the controller is disappearing because it leaves its parent.",
            get: { object, call in call.stack.push(object.isMovingFromParent) }),
        Property(
            name: "isMovingToParent", type: "boolean",
            doc: "Whether the controller is appearing because it joins a parent.",
            get: { object, call in call.stack.push(object.isMovingToParent) }),
        Property(
            name: "isViewLoaded", type: "boolean", doc: "Whether the controller's view has been loaded.",
            get: { object, call in call.stack.push(object.isViewLoaded) }),
        Property(
            name: "name", type: "string",
            doc: "The name the constructor gave, unique in its world: the controller's name in the trace.",
            get: { object, call in call.stack.push(object.name) }),
        Property(
            name: "navigationController", type: "NavigationController?",
            doc: "The nearest navigation controller among the controller and its ancestors, or nil.",
            get: { object, call in call.session.push(object.navigationController) }),
        Property(
            name: "parent", type: "Controller?", doc: "The controller's parent in a container, or nil.",
            get: { object, call in call.session.push(object.parent) }),
        Property(
            name: "shouldAutomaticallyForwardAppearanceMethods", type: "boolean",
            doc: "Whether the controller passes appearance callbacks on to its children itself (default true).",
            get: { object, call in call.stack.push(object.shouldAutomaticallyForwardAppearanceMethods) },
            set: { object, call in object.shouldAutomaticallyForwardAppearanceMethods = try call.bool(1) }),
        Property(
            name: "splitViewController", type: "SplitViewController?",
            doc: "The nearest split view controller among the controller and its ancestors, or nil.",
            get: { object, call in call.session.push(object.splitViewController) }),
        Property(
            name: "tabBarController", type: "TabBarController?",
            doc: "The nearest tab bar controller among the controller and its ancestors, or nil.",
            get: { object, call in call.session.push(object.tabBarController) }),
        Property(
            name: "title", type: "string?",
            doc: "UIKit's title of the controller, nil until set; the trace does not show it.",
            get: { object, call in
                guard let title = object.title else { return call.stack.pushNil() }
                call.stack.push(title)
            },
            // Only what a new title adds counts against the memory cap: the old one goes.
            set: { object, call in
                object.title = try call.optionalString(1, replacing: object.title?.utf8.count ?? 0)
            }),
        Property(
            name: "transitionCoordinator", type: "TransitionCoordinator?",
            doc: "The coordinator of the presentation, dismissal or animated push or pop under way, or nil.",
            get: { object, call in call.session.push(object.transitionCoordinator) }),
        Property(
            name: "view", type: "View", doc: "The controller's view, loaded first if it is not yet.",
            get: { object, call in call.session.push(object.view) }),
        Property(
            name: "viewIfLoaded", type: "View?",
            doc: "The controller's view if it is loaded, else nil (loads nothing).",
            get: { object, call in call.session.push(object.viewIfLoaded) }),
    ],
    methods: [
        Method(
            name: "addChild", required: 1, parameters: "child: Controller",
            doc:
                "Makes `child` a child of the controller and calls its willMove; its didMove is the caller's."
        ) { object, call in
            try object.addChild(call.controller(1))
            return 0
        },
        Method(
            name: "beginAppearanceTransition", required: 1, parameters: "isAppearing: boolean, animated: boolean?",
            doc: "Starts an appearance or disappearance of the controller by hand (its will-callback)."
        ) { object, call in
            object.clientBeginAppearanceTransition(try call.bool(1), animated: try call.bool(2, default: true))
            return 0
        },
        Method(
            name: "didMove", required: 1, parameters: "parent: Controller?",
            doc:
                "Tells the controller it has joined `parent` (nil: left its parent); the caller of addChild sends it."
        ) { object, call in
            object.didMove(toParent: try call.optionalController(1))
            return 0
        },
        Method(
            name: "endAppearanceTransition",
            doc: "Ends the appearance or disappearance begun with beginAppearanceTransition (its did-callback)."
        ) { object, call in
            object.clientEndAppearanceTransition()
            return 0
        },
        Method(name: "loadViewIfNeeded", doc: "Loads the controller's view if it is not loaded yet.") { object, call in
            object.loadViewIfNeeded()
            return 0
        },
        Method(
            name: "removeFromParent",
            doc:
                "Removes the controller from its parent and calls its didMove(nil); willMove(nil) before is the caller's."
        ) { object, call in
            object.removeFromParent()
            return 0
        },
        Method(
            name: "transition", required: 2,
            parameters: "from: Controller, to: Controller, duration: number?, completion: fun(finished: boolean)?",
            doc:
                "Swaps two children's views and appearance over `duration` seconds (default 0)."
        ) { object, call in
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
        Method(
            name: "willMove", required: 1, parameters: "parent: Controller?",
            doc: "Tells the controller it is about to join `parent` (nil: leave its parent); addChild calls it itself."
        ) { object, call in
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
