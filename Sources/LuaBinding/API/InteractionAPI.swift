import CLua
import HierarchyEngine

/// `PercentDrivenInteractiveTransition()` (SPEC §9.2, ICT-04): an interaction controller a
/// delegate gives to drive a custom transition; the script is the finger.
///
///     local interaction = PercentDrivenInteractiveTransition()
///     nav.delegate = {
///       animationControllerFor = function(nav, operation, from, to) return slide end,
///       interactionControllerFor = function(nav, animator) return interaction end }
///     nav:popViewController(true)
///     settle()                       -- the pop has begun: will-callbacks, animateTransition
///     interaction:update(0.4)
///     interaction:cancel()           -- the animations run back over 0.4 of their time
///     settle()
enum InteractionKind: HandleKind {
    static let typeName = "PercentDrivenInteractiveTransition"
    static let members = interactionMembers
    static let constructors = [
        APIFunction(
            "PercentDrivenInteractiveTransition", parameters: "options: { completionSpeed: number? }?",
            returns: "PercentDrivenInteractiveTransition",
            doc: "Makes an interaction controller for a delegate to return; `completionSpeed` (above 0) defaults to 1."
        ) { call in
            let interaction = PercentDrivenInteractiveTransition()
            if !call.isMissing(1) {
                guard call.stack.type(at: call.index(1)) == LUA_TTABLE else { throw call.fail(1, "table or nothing") }
                try call.checkKeys(call.index(1), allowed: ["completionSpeed"])
                try call.checkField(call.index(1), "completionSpeed", LUA_TNUMBER, "a number")
                call.stack.rawGet(call.index(1), field: "completionSpeed")
                defer { call.stack.pop() }
                if let speed = call.stack.number(at: -1) { try interaction.setCompletionSpeed(speed) }
            }
            call.session.push(interaction)
            return 1
        }
    ]

    static func describe(_ interaction: PercentDrivenInteractiveTransition) -> String { interaction.state.rawValue }
}

/// The members of an interaction controller, sorted by name. `state` is the sandbox's own:
/// where the finger is (`idle` until a transition begins under it).
let interactionMembers = Members<PercentDrivenInteractiveTransition>(
    properties: [
        Property(
            name: "completionSpeed", type: "number",
            doc: "How fast the rest of the animation runs once the finger lifts: 2 takes half the time; above 0.",
            get: { object, call in call.stack.push(object.completionSpeed) },
            set: { object, call in try object.setCompletionSpeed(call.number(1)) }),
        Property(
            name: "duration", type: "number", doc: "The length in seconds of the transition it drives.",
            get: { object, call in call.stack.push(object.duration) }),
        Property(
            name: "percentComplete", type: "number", doc: "How far the finger has taken the transition, from 0 to 1.",
            get: { object, call in call.stack.push(object.percentComplete) }),
        Property(
            name: "state", type: "InteractionState",
            doc: "Where the finger is: `\"idle\"` until a transition begins under it, then as a gesture's `state`.",
            get: { object, call in call.stack.push(object.state.rawValue) }),
    ],
    methods: fingerMethods())

/// What a finger does, for the built-in gestures and the client's interactions alike (ICT-04):
/// `update(fraction)`, `finish()`, `cancel()`.
protocol FingerDriven: AnyObject {
    func update(_ fraction: Double) throws
    func finish() throws
    func cancel() throws
}

extension InteractiveSwipe: FingerDriven {}
extension PercentDrivenInteractiveTransition: FingerDriven {}

/// The finger's methods of a handle kind, sorted by name.
func fingerMethods<Object: FingerDriven & SendableMetatype>() -> [Method<Object>] {
    [
        Method(
            name: "cancel",
            doc: "Lifts the finger to cancel: the animations run back and the transition does not happen."
        ) { object, call in
            try object.cancel()
            return 0
        },
        Method(
            name: "finish", doc: "Lifts the finger to complete the transition: the animations run their remaining time."
        ) { object, call in
            try object.finish()
            return 0
        },
        Method(
            name: "update", required: 1, parameters: "fraction: number",
            doc: "Moves the finger to `fraction` of the way, from 0 to 1, while the transition is held."
        ) { object, call in
            try object.update(call.number(1))
            return 0
        },
    ]
}

extension LuaReference {
    /// Asks the function under `key` for an interaction controller: nil, or a
    /// `PercentDrivenInteractiveTransition()`.
    func askInteraction(_ key: String, pushArguments: (Session) -> Int32) -> PercentDrivenInteractiveTransition? {
        askObject(
            key, as: PercentDrivenInteractiveTransition.self, "a PercentDrivenInteractiveTransition()", pushArguments)
    }

    /// Asks the function under `key` for an object of class `T` (`what`, as the error names it)
    /// or nil; anything else is the script's error at the line that led to the call.
    func askObject<T: AnyObject>(
        _ key: String, as type: T.Type, _ what: String, _ pushArguments: (Session) -> Int32
    ) -> T? {
        var found: T?
        ask(key, pushArguments: pushArguments) { session, index in
            guard let given = session.object(at: index, as: T.self) else {
                return "\(key) must return \(what) or nil, got " + session.stack.typeName(at: index)
            }
            found = given
            return nil
        }
        return found
    }
}
