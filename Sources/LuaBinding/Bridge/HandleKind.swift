import HierarchyEngine

/// What Lua sees of one class of engine object: its type name, its members, its text, and
/// the global functions that make it. Each kind is one row of `handleKinds` (a session may
/// be given more); the bridge dispatches through the row, so no code elsewhere names the
/// kinds one by one.
///
///     let gestureKind = HandleKind(typeName: "Gesture", InteractiveSwipe.self, members: gestureMembers,
///                                  describe: { "\($0.gesture)(\($0.subject.name)), \($0.state.rawValue)" })
final class HandleKind: Sendable {
    /// The name `tostring`, `type` errors and `__name` give: `NavigationController`.
    let typeName: String
    let propertyNames: [String]
    let methodNames: [String]
    /// Whether handles of this kind take overrides named after UIKit callbacks (controllers).
    let takesOverrides: Bool
    /// The class the kind was made for.
    let objectType: AnyObject.Type
    /// The global functions that make objects of this kind (`Controller`, `Window`).
    let constructors: [APIFunction]
    /// Whether objects of `type` are of this kind (the class or a subclass of it).
    let includes: @Sendable (AnyObject.Type) -> Bool
    /// What follows the type name in a handle's text: the object's name, or a gesture's state.
    let describe: @Sendable (AnyObject) -> String
    /// The REPL's label for an object whose text is given: `<Controller A, appeared>`.
    let label: @Sendable (AnyObject, String) -> String
    /// Pushes property `number` of an object of this kind.
    let read: @Sendable (Int, AnyObject, Session) throws -> Void
    /// Sets property `number` of an object of this kind to the value at stack index 3.
    let assign: @Sendable (Int, AnyObject, Session) throws -> Void
    /// Runs method `number` on an object of this kind; returns how many results it pushed.
    let invoke: @Sendable (Int, AnyObject, Session) throws -> Int32

    /// A kind for objects of class `Object` with `members`.
    ///
    /// The object handed to `read`, `assign` and `invoke` is known to be an `Object`: the
    /// bridge checks it with `includes` when the handle is made or the method is called.
    init<Object: AnyObject>(
        typeName: String, _ type: Object.Type, members: Members<Object>, takesOverrides: Bool = false,
        constructors: [APIFunction] = [], describe: @escaping @Sendable (Object) -> String,
        label: (@Sendable (Object, String) -> String)? = nil
    ) {
        self.typeName = typeName
        (propertyNames, methodNames) = members.split
        self.takesOverrides = takesOverrides
        self.constructors = constructors
        objectType = type
        includes = { $0 is Object.Type }
        self.describe = { describe(unsafeDowncast($0, to: Object.self)) }
        self.label = { object, text in label?(unsafeDowncast(object, to: Object.self), text) ?? "<\(text)>" }
        read = { number, object, session in try members.read(number, of: unsafeDowncast(object, to: Object.self), in: session) }
        assign = { number, object, session in
            let property = members.properties[number]
            guard let set = property.set else {
                throw ScriptError("\(typeName) \(describe(unsafeDowncast(object, to: Object.self))): '\(property.name)' is read-only")
            }
            try set(Call(session: session, object: unsafeDowncast(object, to: Object.self), name: property.name, first: 3,
                         isAssignedValue: true))
        }
        invoke = { number, object, session in
            let method = members.methods[number]
            return try method.run(Call(session: session, object: unsafeDowncast(object, to: Object.self), name: method.name, first: 2))
        }
    }

    /// Every member name, sorted, for suggestions and completion.
    var names: [String] { (propertyNames + methodNames).sorted() }
}

extension RandomAccessCollection where Element == HandleKind, Index == Int {
    /// The position of the most specific kind that includes `type`: a window is a view, but
    /// its kind is `Window`. Nil for a class no kind includes.
    func position(of type: AnyObject.Type) -> Int? {
        let candidates = indices.filter { self[$0].includes(type) }
        return candidates.first { candidate in
            candidates.allSatisfy { self[$0].includes(self[candidate].objectType) }
        }
    }
}

/// What a handle stands for: an engine object, its kind, and the kind's position in the
/// session's list of kinds (which the handle records).
struct Target {
    let object: AnyObject
    let kindPosition: Int
    let kind: HandleKind

    /// The text `tostring` gives: kind and name.
    var text: String { kind.typeName + " " + kind.describe(object) }
}
