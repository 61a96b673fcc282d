import CLua
import HierarchyEngine

/// The gestures `user.swipeBack` and `user.swipeDown` return (SPEC §3.4).
enum GestureKind: HandleKind {
    static let typeName = "Gesture"
    static let members = gestureMembers

    static func describe(_ gesture: InteractiveSwipe) -> String {
        "\(gesture.gesture.luaName)(\(gesture.subject.name)), \(gesture.state.rawValue)"
    }
}

/// The members of the gestures `user.swipeBack` and `user.swipeDown` return (SPEC §3.4),
/// sorted by name.
let gestureMembers = Members<InteractiveSwipe>(
    properties: [
        Property(
            name: "fraction", type: "number", doc: "How far the finger has taken the transition, from 0 to 1.",
            get: { object, call in call.stack.push(object.fraction) }),
        Property(
            name: "state", type: "InteractionState",
            doc:
                "Where the finger is: `\"began\"`, `\"changed\"`, then finishing or cancelling to `\"finished\"` or `\"cancelled\"`.",
            get: { object, call in call.stack.push(object.state.rawValue) }),
    ],
    methods: fingerMethods())
