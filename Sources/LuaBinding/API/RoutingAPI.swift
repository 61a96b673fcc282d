import CLua
import HierarchyEngine

/// The routing methods every controller has (SPEC §3.3 "routing", BEHAVIOR.md SHOW-01..03),
/// sorted by name; `controllerMembers` takes them in.
///
///     a:show(b)                                  -- Nav pushes B when A is in Nav
///     a:showDetailViewController(b, a)
///     a:targetViewController("show")             -- Nav, or nil
let routingMethods: [Method<ViewController>] = [
    Method(
        name: "show", required: 1, parameters: "vc: Controller, sender: Controller?",
        doc:
            "Shows `vc` through the nearest parent that overrides show (a navigation controller pushes), else the root presents it."
    ) { object, call in
        try object.show(call.controller(1), sender: call.optionalController(2))
        return 0
    },
    Method(
        name: "showDetailViewController", required: 1, parameters: "vc: Controller, sender: Controller?",
        doc:
            "Shows `vc` as the detail through the nearest parent that overrides it (a split view), else the root presents it."
    ) { object, call in
        try object.showDetailViewController(call.controller(1), sender: call.optionalController(2))
        return 0
    },
    Method(
        name: "targetViewController", required: 1, parameters: "action: ShowAction, sender: Controller?",
        returns: "Controller?",
        doc: "The nearest controller up the parents that overrides `action` and can perform it, or nil."
    ) { object, call in
        let action = try call.action(1)
        call.session.push(object.targetViewController(forAction: action, sender: try call.optionalController(2)))
        return 1
    },
]

extension Call {
    /// An action by its Lua method name (`"show"`, `"showDetailViewController"`).
    func action(_ position: Int) throws -> Action {
        let name = try string(position)
        guard let action = Action(rawValue: name) else {
            let valid = Action.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ArgumentError(
                position: position, function: self.name, problem: "unknown action \"\(name)\"; the actions are \(valid)"
            )
        }
        return action
    }
}

/// A script's overrides of the routing methods: `show` and `showDetailViewController` run
/// in place of UIKit's; `canPerformAction(self, action, sender)` answers with a boolean.
extension LuaOverrides {
    func overrides(_ action: Action, on controller: ViewController) -> Bool {
        names.contains(action.rawValue)
    }

    func perform(
        _ action: Action, showing shown: ViewController, sender: ViewController?, on controller: ViewController
    ) {
        session.callProtected(
            pushFunction: { session.pushOverride(action.rawValue, of: controller) },
            pushArguments: { session in
                session.push(controller)
                session.push(shown)
                session.push(sender)
                return 3
            })
    }

    func overridesCanPerformAction(on controller: ViewController) -> Bool {
        names.contains("canPerformAction")
    }

    /// The override's answer: false only when it returns false, as a script that returns
    /// nothing has not opted out.
    func canPerform(_ action: Action, sender: ViewController?, on controller: ViewController) -> Bool {
        let answer = session.callAnswering(
            pushFunction: { session.pushOverride("canPerformAction", of: controller) },
            pushArguments: { session in
                session.push(controller)
                session.stack.push(action.rawValue)
                session.push(sender)
                return 3
            })
        return answer != .bool(false)
    }
}
