import CLua
import HierarchyEngine

/// `Segue` handles: what `prepare(self, segue, sender)`, an unwind action, `unwind` and a
/// custom segue's `perform(segue)` receive (SEG-05…17).
///
///     prepare = function(self, segue, sender)
///       if segue.identifier == "settings" then segue.destination.modalPresentationStyle = "fullScreen" end
///     end
enum SegueHandleKind: HandleKind {
    static let typeName = "Segue"
    static let members = segueMembers
    static func describe(_ segue: StoryboardSegue) -> String {
        (segue.identifier.map { "\"\($0)\"" } ?? "(no identifier)")
            + " \(segue.source.name) → \(segue.destination.name)"
    }
}

/// The members of segue handles, sorted by name.
let segueMembers = Members<StoryboardSegue>(
    properties: [
        Property(
            name: "destination", type: "Controller",
            doc: "The controller the segue leads to: made for it, or an unwind's destination.",
            get: { object, call in call.session.push(object.destination) }),
        Property(
            name: "identifier", type: "string?", doc: "The segue's identifier in the storyboard, or nil.",
            get: { object, call in
                guard let identifier = object.identifier else { return call.stack.pushNil() }
                call.stack.push(identifier)
            }),
        Property(
            name: "kind", type: "SegueKind", doc: "The segue's kind, as the storyboard writes it.",
            get: { object, call in call.stack.push(object.kind.rawValue) }),
        Property(
            name: "source", type: "Controller", doc: "The controller whose scene defines the segue.",
            get: { object, call in call.session.push(object.source) }),
    ],
    methods: [])

/// The storyboard members of every controller, sorted by name.
let storyboardControllerMembers = Members<ViewController>(
    properties: [
        Property(
            name: "storyboard", type: "Storyboard?",
            doc: "The storyboard the controller was instantiated from, or nil.",
            get: { object, call in call.session.push(object.storyboard) })
    ],
    methods: [
        // `vc:performSegue(identifier, sender)`: no shouldPerformSegue (SEG-06).
        Method(
            name: "performSegue", required: 1, parameters: "identifier: string, sender: any",
            doc: "Runs the segue with this identifier from the controller's scene, without asking shouldPerformSegue."
        ) { object, call in
            try object.performSegue(withIdentifier: call.string(1), sender: call.sender(2))
            return 0
        }
    ])

/// `user.trigger(vc, identifier)`: the control a segue starts from is touched (SEG-05).
let segueUserFunctions = [
    APIFunction(
        "trigger", in: "user", parameters: "vc: Controller, identifier: string",
        doc: "A control of `vc`'s scene fires the segue `identifier`: shouldPerformSegue is asked first."
    ) { call in
        let controller = try call.controller(1)
        let identifier = try call.string(2)
        _ = try controller.triggerableSegue(withIdentifier: identifier)
        try call.session.deliverTouch()
        try controller.userTriggerSegue(withIdentifier: identifier)
        return 0
    }
]

extension Call {
    /// A segue's sender: nil, a controller, or a string.
    func sender(_ position: Int) throws -> SegueSender {
        let index = index(position)
        switch stack.type(at: index) {
        case LUA_TNIL, LUA_TNONE: return .none
        case LUA_TSTRING: return .text(stack.string(at: index)!)
        default:
            guard let controller = session.object(at: index, as: ViewController.self) else {
                throw fail(position, "controller, string or nil")
            }
            return .controller(controller)
        }
    }
}

extension Session {
    /// Pushes a segue's sender as the script sees it: a user's touch is the string `control`.
    func push(_ sender: SegueSender) {
        switch sender {
        case .none: stack.pushNil()
        case .controller(let controller): push(controller)
        case .control: stack.push("control")
        case .text(let text): stack.push(text)
        }
    }
}

/// A script's storyboard methods (SPEC §9.3): `awakeFromNib(self)`,
/// `shouldPerformSegue(self, identifier, sender)`, `prepare(self, segue, sender)`, an unwind
/// action `name(self, segue)`, `canPerformUnwindSegueAction(self, action, from, sender)`,
/// `allowedChildrenForUnwinding(self, source)` returning a list, `unwind(self, segue, towards)`.
extension LuaOverrides {
    func implements(_ method: String, on controller: ViewController) -> Bool {
        names.contains(method)
    }

    func call(_ call: StoryboardCall, on controller: ViewController) -> StoryboardAnswer {
        let push = { (session: Session) -> Int32 in
            session.push(controller)
            return 1 + session.pushArguments(of: call)
        }
        let function = { self.session.pushOverride(call.method, of: controller) }
        switch call {
        case .shouldPerformSegue, .canPerformUnwindSegueAction:
            // Only a Boolean counts: an override that returns nothing leaves UIKit's answer.
            guard case .bool(let answer) = session.callAnswering(pushFunction: function, pushArguments: push) else {
                return .nothing
            }
            return .bool(answer)
        case .allowedChildrenForUnwinding:
            // A list of controllers, else the script's error at the line that led to the call
            // (and UIKit's default for the search).
            var children: [ViewController]?
            let error = session.runProtected(pushFunction: function, pushArguments: push, results: 1) {
                children = session.controllerList(atTop: ())
            }
            if let error { session.keep(error) }
            guard let children else {
                if error == nil {
                    session.keep(session.placedError("allowedChildrenForUnwinding must return a list of controllers"))
                }
                return .nothing
            }
            return .controllers(children)
        default:
            session.callProtected(pushFunction: function, pushArguments: push)
            return .nothing
        }
    }
}

extension Session {
    /// Pushes a storyboard call's arguments after `self`; returns how many.
    fileprivate func pushArguments(of call: StoryboardCall) -> Int32 {
        switch call {
        case .awakeFromNib: return 0
        case .shouldPerformSegue(let identifier, let sender):
            if let identifier { stack.push(identifier) } else { stack.pushNil() }
            push(sender)
            return 2
        case .prepare(let segue, let sender):
            push(segue)
            push(sender)
            return 2
        case .unwindAction(_, let segue):
            push(segue)
            return 1
        case .canPerformUnwindSegueAction(let selector, let source, let sender):
            stack.push(selector)
            push(source)
            push(sender)
            return 3
        case .allowedChildrenForUnwinding(let source):
            push(source.source)
            return 1
        case .unwind(let segue, let towards):
            push(segue)
            push(towards)
            return 2
        }
    }

    /// The list of controllers on top of the stack, or nil when it is something else.
    fileprivate func controllerList(atTop: Void) -> [ViewController]? {
        guard stack.type(at: -1) == LUA_TTABLE else { return nil }
        let list = stack.top
        var controllers: [ViewController] = []
        for position in 0..<stack.rawLength(list) {
            stack.rawGet(list, index: position + 1)
            defer { stack.pop() }
            guard let controller = object(at: -1, as: ViewController.self) else { return nil }
            controllers.append(controller)
        }
        return controllers
    }
}
