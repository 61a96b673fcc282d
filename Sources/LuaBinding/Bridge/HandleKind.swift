import HierarchyEngine

/// What Lua sees of one class of engine object: its type name, its members, its text, and
/// the global functions that make it. Each kind is a caseless enum of its own and one row
/// of `handleKinds` (a session may be given more); the bridge dispatches through the row,
/// so no code elsewhere names the kinds one by one.
///
///     enum GestureKind: HandleKind {
///         static let typeName = "Gesture"
///         static let members = gestureMembers
///         static func describe(_ gesture: InteractiveSwipe) -> String { … }
///     }
///
/// The kind is a type, not a value: the bridge keeps metatypes, which cost no reference
/// counting, and each kind's dispatch (`read`, `assign`, `invoke`) is compiled for its own
/// class.
protocol HandleKind: Sendable {
    associatedtype Object: AnyObject
    /// The name `tostring`, `type` errors and `__name` give: `NavigationController`.
    static var typeName: String { get }
    static var members: Members<Object> { get }
    /// Whether handles of this kind take overrides named after UIKit callbacks: the kinds of
    /// controller, whose `Object` is a `ViewController` (their extension says so).
    static var takesOverrides: Bool { get }
    /// The global functions that make objects of this kind (`Controller`, `Window`).
    static var constructors: [APIFunction] { get }
    /// What follows the type name in a handle's text: the object's name, or a gesture's state.
    static func describe(_ object: Object) -> String
    /// The REPL's label for an object whose text is given: `<Controller A, appeared>`.
    static func label(_ object: Object, text: String) -> String

    // The dispatch, given by the extension below; the object is known to be an `Object` (the
    // bridge checks it with `includes` when the handle is made or the method is called).

    /// Pushes property `number` of `object`.
    static func read(_ number: Int, of object: AnyObject, in session: Session) throws
    /// Sets property `number` of `object` to the value at stack index 3.
    static func assign(_ number: Int, of object: AnyObject, in session: Session) throws
    /// Runs method `number` on `object`; returns how many results it pushed.
    static func invoke(_ number: Int, on object: AnyObject, in session: Session) throws -> Int32
    /// Whether objects of `type` are of this kind (the class or a subclass of it).
    static func includes(_ type: AnyObject.Type) -> Bool
    /// The text `tostring` gives `object`: kind and name.
    static func text(of object: AnyObject) -> String
    /// The REPL's label for `object`.
    static func label(of object: AnyObject) -> String
}

extension HandleKind {
    static var takesOverrides: Bool { false }
    static var constructors: [APIFunction] { [] }
    static func label(_ object: Object, text: String) -> String { "<\(text)>" }

    static func read(_ number: Int, of object: AnyObject, in session: Session) throws {
        try members.read(number, of: unsafeDowncast(object, to: Object.self), in: session)
    }

    static func assign(_ number: Int, of object: AnyObject, in session: Session) throws {
        let property = members.properties[number]
        guard let set = property.set else { throw ScriptError("\(text(of: object)): '\(property.name)' is read-only") }
        try set(
            unsafeDowncast(object, to: Object.self),
            Call(session: session, name: property.name, first: 3, isAssignedValue: true))
    }

    static func invoke(_ number: Int, on object: AnyObject, in session: Session) throws -> Int32 {
        try members.methods.withUnsafeBufferPointer { methods in
            // `a.present(b)`: an argument short, since the first became self (D-82).
            let required = methods[number].required
            if required > 0, session.stack.top <= required { try refuseDotCall(number, on: object, in: session) }
            return try methods[number].run(
                unsafeDowncast(object, to: Object.self),
                Call(session: session, naming: .method(kind: Self.self, number: number), first: 2))
        }
    }

    /// Refuses a call of method `number` that lacks arguments when it was written with '.':
    /// its first argument became self. Out of line, to keep `invoke` short.
    @inline(never)
    static func refuseDotCall(_ number: Int, on object: AnyObject, in session: Session) throws {
        guard session.isCalledWithDot() else { return }
        throw session.selfLostError(members.methods[number].name, receiver: text(of: object))
    }

    static func includes(_ type: AnyObject.Type) -> Bool { type is Object.Type }

    static func text(of object: AnyObject) -> String {
        typeName + " " + describe(unsafeDowncast(object, to: Object.self))
    }

    static func label(of object: AnyObject) -> String {
        label(unsafeDowncast(object, to: Object.self), text: text(of: object))
    }

    /// The class the kind was made for.
    static var objectType: AnyObject.Type { Object.self }
    static var propertyNames: [String] { members.properties.map { $0.name } }
    static var methodNames: [String] { members.methods.map { $0.name } }
    /// The member called `name`, by its number among the properties or the methods; nil for
    /// a name that is no member.
    static func member(named name: String) -> Member? {
        if let number = members.properties.firstIndex(where: { $0.name == name }) { return .property(number) }
        return members.methods.firstIndex { $0.name == name }.map(Member.method)
    }

    /// Whether the kind has a property or method `name`.
    static func hasMember(named name: String) -> Bool { member(named: name) != nil }
    /// The properties a script may assign.
    static var settablePropertyNames: [String] { members.properties.filter { $0.set != nil }.map { $0.name } }
    /// Every member name, sorted, for suggestions and completion.
    static var names: [String] { (propertyNames + methodNames).sorted() }
}

extension RandomAccessCollection where Element == any HandleKind.Type, Index == Int {
    /// The position of the most specific kind that includes `type`: a window is a view, but
    /// its kind is `Window`. Nil for a class no kind includes.
    func position(of type: AnyObject.Type) -> Int? {
        let candidates = indices.filter { self[$0].includes(type) }
        return candidates.first { candidate in
            candidates.allSatisfy { self[$0].includes(self[candidate].objectType) }
        }
    }
}

/// A kind's member, by its number among the kind's properties or its methods.
enum Member: Equatable {
    case property(Int)
    case method(Int)
}

/// What a handle stands for: an engine object, its kind, and the kind's position in the
/// session's list of kinds (which the handle records).
struct Target {
    let object: AnyObject
    let kindPosition: Int
    let kind: any HandleKind.Type

    /// The text `tostring` gives: kind and name.
    var text: String { kind.text(of: object) }
}
