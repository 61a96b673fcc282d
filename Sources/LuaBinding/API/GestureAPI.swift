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
        Property(name: "fraction", get: { object, call in call.stack.push(object.fraction) }),
        Property(name: "state", get: { object, call in call.stack.push(object.state.rawValue) }),
    ],
    methods: fingerMethods())
