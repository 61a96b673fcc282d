import CLua
import HierarchyEngine
import ScenarioKit

/// Custom transitions (SPEC §9.2, BEHAVIOR CUS): animators, the context they animate, a
/// presented controller's transitioning delegate, and the client's presentation controller.
///
///     local slide = Animator { "Slide", duration = 0.8,
///       animateTransition = function(self, ctx)
///         ctx.containerView:addSubview(ctx.toView)
///         after(ctx.duration, function() ctx:completeTransition(true) end)
///       end }
///     b.modalPresentationStyle = "custom"
///     b.transitioningDelegate = {
///       animationControllerForPresented = function(presented, presenting, source) return slide end,
///       presentationController = function(presented, presenting, source)
///         return PresentationController { shouldRemovePresentersView = true }
///       end }

/// The context a custom transition's animator is given (CUS-03).
enum TransitionContextKind: HandleKind {
    static let typeName = "TransitionContext"
    static let members = transitionContextMembers

    static func describe(_ context: TransitionContext) -> String { "\(context.from.name) → \(context.to.name)" }
}

/// The members of a transition context, sorted by name.
let transitionContextMembers = Members<TransitionContext>(
    properties: [
        Property(
            name: "containerView", type: "View?",
            doc: "The view the transition takes place in, where the animator puts `toView`; nil once it ended.",
            get: { object, call in call.session.push(object.containerView) }),
        Property(
            name: "duration", type: "number", doc: "The duration in seconds the animator gave when asked.",
            get: { object, call in call.stack.push(object.duration) }),
        Property(
            name: "from", type: "Controller", doc: "The outgoing controller.",
            get: { object, call in call.session.push(object.from) }),
        Property(
            name: "fromView", type: "View?",
            doc: "The outgoing controller's view, nil where UIKit gives none (a presenter whose view stays).",
            get: { object, call in call.session.push(object.fromView) }),
        Property(
            name: "isAnimated", type: "boolean",
            doc: "Whether the caller asked for animation; the animator runs either way.",
            get: { object, call in call.stack.push(object.isAnimated) }),
        Property(
            name: "isInteractive", type: "boolean",
            doc: "Whether a finger drives the transition now, until it lets go.",
            get: { object, call in call.stack.push(object.isInteractive) }),
        Property(
            name: "to", type: "Controller", doc: "The incoming controller.",
            get: { object, call in call.session.push(object.to) }),
        Property(
            name: "toView", type: "View?",
            doc: "The incoming controller's view, nil where UIKit gives none (a presenter whose view stays).",
            get: { object, call in call.session.push(object.toView) }),
        Property(
            name: "transitionWasCancelled", type: "boolean",
            doc: "Whether the transition was cancelled: from the finger's cancel on, for an interactive one.",
            get: { object, call in call.stack.push(object.transitionWasCancelled) }),
    ],
    methods: [
        Method(
            name: "completeTransition", required: 1, parameters: "didComplete: boolean",
            doc: "Ends the transition: completed, the did-callbacks follow; not, the controllers turn back."
        ) { object, call in
            object.completeTransition(try call.bool(1))
            return 0
        }
    ])

/// `vc.transitionCoordinator` (COO-01, COO-02): `animate(alongside, completion)`, each
/// block called with the coordinator; the flags of the transition it coordinates.
enum TransitionCoordinatorKind: HandleKind {
    static let typeName = "TransitionCoordinator"
    static let members = transitionCoordinatorMembers

    static func describe(_ coordinator: TransitionCoordinator) -> String {
        coordinator.isAnimated ? "animated" : "not animated"
    }
}

/// The members of a transition coordinator, sorted by name.
let transitionCoordinatorMembers = Members<TransitionCoordinator>(
    properties: [
        Property(
            name: "completionCurve", type: "string",
            doc: "The curve of the rest of an interactive transition: always `\"easeInOut\"` here.",
            get: { _, call in call.stack.push("easeInOut") }),
        Property(
            name: "completionVelocity", type: "number",
            doc: "The speed of the rest of an interactive transition: always 1 here.",
            get: { _, call in call.stack.push(1.0) }),
        Property(
            name: "initiallyInteractive", type: "boolean",
            doc: "Whether a finger drove the transition from its start; it never changes.",
            get: { object, call in call.stack.push(object.initiallyInteractive) }),
        Property(
            name: "isAnimated", type: "boolean", doc: "Whether the transition is animated.",
            get: { object, call in call.stack.push(object.isAnimated) }),
        Property(
            name: "isCancelled", type: "boolean",
            doc: "Whether the transition is cancelled: from a finger's cancel on, or as it ends unfinished.",
            get: { object, call in call.stack.push(object.isCancelled) }),
        Property(
            name: "isInteractive", type: "boolean",
            doc: "Whether a finger drives the transition now, until it lets go.",
            get: { object, call in call.stack.push(object.isInteractive) }),
        Property(
            name: "percentComplete", type: "number",
            doc: "How far the finger has taken an interactive transition, from 0 to 1.",
            get: { object, call in call.stack.push(object.percentComplete) }),
        Property(
            name: "transitionDuration", type: "number",
            doc: "The transition's length in seconds: its animation's, or the animator's once asked.",
            get: { object, call in call.stack.push(object.transitionDuration) }),
    ],
    methods: [
        Method(
            name: "animate",
            parameters:
                "alongside: fun(context: TransitionCoordinator)?, completion: fun(context: TransitionCoordinator)?",
            returns: "boolean",
            doc:
                "Queues blocks to run as the animation begins and after the transition; false, keeping none, once it ended."
        ) { object, call in
            let blocks = [try call.function(1), try call.function(2)].map { function in
                function.map { function in
                    { (coordinator: TransitionCoordinator) in
                        function.call { session in
                            session.push(coordinator)
                            return 1
                        }
                    }
                }
            }
            call.stack.push(object.animate(alongside: blocks[0], completion: blocks[1]))
            return 1
        },
        Method(
            name: "notifyWhenInteractionChanges", required: 1,
            parameters: "handler: fun(context: TransitionCoordinator)",
            doc: "Runs `handler` when the finger lets go of the transition, before any callback of a cancel."
        ) { object, call in
            let handler = try call.requiredFunction(1)
            object.notifyWhenInteractionChanges { coordinator in
                handler.call { session in
                    session.push(coordinator)
                    return 1
                }
            }
            return 0
        },
    ])

/// `Animator { … }` and `PresentationController { … }`: each checks its table and returns it,
/// so that any table of the same shape serves as well.
let transitionFunctions: [APIFunction] = [
    APIFunction(
        "Animator", parameters: "animator: Animator", returns: "Animator",
        doc: "Checks a transition's animator table (`animateTransition` required) and returns it."
    ) { call in
        try call.checkAnimatorTable(1)
        call.stack.pushValue(at: call.index(1))
        return 1
    },
    APIFunction(
        "PresentationController", parameters: "controller: CustomPresentationController",
        returns: "CustomPresentationController",
        doc: "Checks a table of presentation-controller callbacks for the `\"custom\"` style and returns it."
    ) { call in
        try call.checkPresentationControllerTable(1)
        call.stack.pushValue(at: call.index(1))
        return 1
    },
]

extension Call {
    /// An animator's table (SPEC §9.2): an optional name first, `animateTransition`, and the
    /// duration as `duration` or a `transitionDuration` function.
    func checkAnimatorTable(_ position: Int) throws {
        let table = index(position)
        guard stack.type(at: table) == LUA_TTABLE else { throw fail(position, "table") }
        try checkKeys(table, allowed: Self.animatorKeys)
        try checkField(table, 1, LUA_TSTRING, "a name (string)")
        try checkField(table, "name", LUA_TSTRING, "a string")
        try checkField(table, "animateTransition", LUA_TFUNCTION, "a function", required: true)
        try checkField(table, "animationEnded", LUA_TFUNCTION, "a function")
        try checkField(table, "transitionDuration", LUA_TFUNCTION, "a function")
        try checkField(table, "duration", LUA_TNUMBER, "a number")
        stack.rawGet(table, field: "duration")
        defer { stack.pop() }
        if let duration = stack.number(at: -1), !(duration.isFinite && duration >= 0) {
            throw ScriptError("Animator: duration must be a finite number of seconds, not negative")
        }
        if stack.rawGet(table, index: 1) == LUA_TSTRING {
            // Checked again when the table comes back from a delegate: the name is written then.
            let first = stack.string(at: -1)
            let named = stack.rawGet(table, field: "name") != LUA_TNIL ? stack.string(at: -1) : nil
            stack.pop()
            if let named, named != first { throw ScriptError("\(name): give the name first or as 'name', not both") }
            stack.rawSet(table, field: "name")  // the name first, as constructors take it
        } else {
            stack.pop()
        }
    }

    /// A presentation controller's table (SPEC §9.2): `shouldRemovePresentersView` and the
    /// callbacks it overrides.
    func checkPresentationControllerTable(_ position: Int) throws {
        let table = index(position)
        guard stack.type(at: table) == LUA_TTABLE else { throw fail(position, "table") }
        try checkKeys(table, allowed: Self.presentationControllerKeys)
        try checkField(table, "shouldRemovePresentersView", LUA_TBOOLEAN, "a boolean")
        for callback in PresentationControllerCallback.allCases {
            try checkField(table, callback.rawValue, LUA_TFUNCTION, "a function")
        }
    }

    static let animatorKeys = ["animateTransition", "animationEnded", "duration", "name", "transitionDuration"]
    static let presentationControllerKeys =
        ["shouldRemovePresentersView"] + PresentationControllerCallback.allCases.map(\.rawValue)

    /// Refuses a field the constructor does not know, as `Controller { … }` does: a misspelt
    /// `duraton` would otherwise leave the duration at 0 unseen.
    func checkKeys(_ table: Int32, allowed: [String]) throws {
        let (keys, others) = stack.stringKeys(of: table)
        if let other = others.first { throw ScriptError("\(name): a field's key must be a string, got a \(other)") }
        guard let unknown = keys.first(where: { !allowed.contains($0) }) else { return }
        let hint = closestName(to: unknown, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
        throw ScriptError("\(name): no field '\(unknown)'\(hint); it takes \(allowed.joined(separator: ", "))")
    }

    func checkField(
        _ table: Int32, _ key: String, _ type: Int32, _ what: String, required: Bool = false
    )
        throws
    {
        let found = stack.rawGet(table, field: key)
        stack.pop()
        if found == LUA_TNIL, !required { return }
        guard found == type else {
            throw ScriptError(
                "\(name): '\(key)' must be \(what), got \(found == LUA_TNIL ? "nil" : stack.typeName(ofType: found))")
        }
    }

    private func checkField(_ table: Int32, _ index: Int, _ type: Int32, _ what: String) throws {
        let found = stack.rawGet(table, index: index)
        stack.pop()
        guard found == LUA_TNIL || found == type else {
            throw ScriptError("\(name): its first item must be \(what), got \(stack.typeName(ofType: found))")
        }
    }

    /// A transitioning delegate table, or nil to remove it: functions under UIKit's method names.
    func transitioningDelegate(_ position: Int) throws -> LuaTransitioningDelegate? {
        let index = index(position)
        if stack.isNil(index) { return nil }
        guard stack.type(at: index) == LUA_TTABLE else { throw fail(position, "table of delegate functions") }
        let methods = TransitioningDelegateMethod.allCases.map(\.rawValue)
        try checkKeys(index, allowed: methods)
        for method in methods {
            try checkField(index, method, LUA_TFUNCTION, "a function")
        }
        return LuaTransitioningDelegate(session: session, index: index)
    }
}

/// A transitioning delegate given as a table of functions (CUS-01, CUS-02): each is called
/// with UIKit's arguments, and answers with an animator, a presentation controller's table,
/// or nil for UIKit's own.
final class LuaTransitioningDelegate: LuaReference, TransitioningDelegate {
    func implements(_ method: TransitioningDelegateMethod) -> Bool { holdsFunction(method.rawValue) }

    func animator(_ method: TransitioningDelegateMethod, arguments: [DelegateArgument]) -> TransitionAnimator? {
        askAnimator(method.rawValue) { session in session.push(arguments) }
    }

    func interaction(
        _ method: TransitioningDelegateMethod, arguments: [DelegateArgument]
    )
        -> PercentDrivenInteractiveTransition?
    {
        askInteraction(method.rawValue) { session in session.push(arguments) }
    }

    func presentationController(arguments: [DelegateArgument]) -> PresentationControllerOverrides? {
        var overrides: LuaPresentationController?
        ask(
            "presentationController", pushArguments: { session in session.push(arguments) },
            read: { session, index in
                guard session.stack.type(at: index) == LUA_TTABLE else {
                    return "presentationController must return a PresentationController { … } table or nil"
                }
                if let problem = session.problem(
                    ofAnswer: index, named: "presentationController", { try $0.checkPresentationControllerTable(1) })
                {
                    return problem
                }
                overrides = LuaPresentationController(session: session, index: index)
                return nil
            })
        return overrides
    }
}

extension LuaReference {
    /// Calls the function the table kept holds under `key` with what `pushArguments` pushes;
    /// `read` takes a non-nil result at the index it is given and returns what is wrong with
    /// it, kept as the script's error at the line that led to the call.
    func ask(_ key: String, pushArguments: (Session) -> Int32, read: (Session, Int32) -> String?) {
        guard !state.isClosed else { return }
        let session = Session.from(state.pointer)
        var problem: String?
        let error = session.runProtected(
            pushFunction: { pushField(key, on: session.stack) }, pushArguments: pushArguments, results: 1,
            readResults: {
                guard !session.stack.isNil(-1) else { return }
                problem = read(session, session.stack.top)
            })
        if let error { return session.keep(error) }
        if let problem { session.keep(session.placedError(problem)) }
    }

    /// Asks the function under `key` for an animator: nil, or a table that passes
    /// `Animator {}`'s checks (a transitioning delegate's, a navigation or tab bar delegate's).
    func askAnimator(_ key: String, pushArguments: (Session) -> Int32) -> LuaAnimator? {
        var animator: LuaAnimator?
        ask(key, pushArguments: pushArguments) { session, index in
            guard session.isAnimatorTable(at: index) else {
                return "\(key) must return an animator (a table with an animateTransition function) or nil"
            }
            if let problem = session.problem(ofAnswer: index, named: key, { try $0.checkAnimatorTable(1) }) {
                return problem
            }
            animator = LuaAnimator(session: session, index: index)
            return nil
        }
        return animator
    }
}

/// An animator given as a table (SPEC §9.2): `animateTransition(self, ctx)`, and
/// `transitionDuration(self, ctx)` or `duration`, and `animationEnded(self, completed)`.
final class LuaAnimator: LuaReference, TransitionAnimator {
    let name: String

    override init(session: Session, index: Int32) {
        name = session.animatorName(at: index)
        super.init(session: session, index: index)
    }

    func transitionDuration(using context: TransitionContext) -> Double {
        guard !state.isClosed else { return 0 }
        let session = Session.from(state.pointer)
        guard holdsFunction("transitionDuration") else {
            session.stack.pushReference(reference)
            session.stack.rawGet(-1, field: "duration")
            defer { session.stack.pop(2) }
            return session.stack.number(at: -1) ?? 0
        }
        var duration = 0.0
        let error = session.runProtected(
            pushFunction: { pushField("transitionDuration", on: session.stack) },
            pushArguments: { session in
                session.stack.pushReference(reference)
                session.push(context)
                return 2
            }, results: 1, readResults: { duration = session.stack.number(at: -1) ?? 0 })
        if let error { session.keep(error) }
        return duration
    }

    func animateTransition(using context: TransitionContext) {
        call("animateTransition") { session in
            session.push(context)
            return 1
        }
    }

    func animationEnded(_ transitionCompleted: Bool) {
        call("animationEnded") { session in
            session.stack.push(transitionCompleted)
            return 1
        }
    }

    /// Calls method `key` of the table, if it has one, with the table and what
    /// `pushArguments` pushes.
    private func call(_ key: String, _ pushArguments: (Session) -> Int32) {
        guard !state.isClosed else { return }
        guard holdsFunction(key) else { return }
        let session = Session.from(state.pointer)
        session.callProtected(
            pushFunction: { pushField(key, on: session.stack) },
            pushArguments: { session in
                session.stack.pushReference(reference)
                return 1 + pushArguments(session)
            })
    }

}

/// The client's presentation controller, given as a table (SPEC §9.2): its callbacks are
/// called with the presentation controller's handle, and `completed` for the `DidEnd` ones.
final class LuaPresentationController: LuaReference, PresentationControllerOverrides {
    var shouldRemovePresentersView: Bool {
        guard !state.isClosed else { return false }
        let stack = Stack(state: state.pointer)
        stack.pushReference(reference)
        defer { stack.pop(2) }
        stack.rawGet(-1, field: "shouldRemovePresentersView")
        return lua_toboolean(stack.state, -1) != 0
    }

    func implements(_ callback: PresentationControllerCallback) -> Bool { holdsFunction(callback.rawValue) }

    func call(_ callback: PresentationControllerCallback, on controller: PresentationController, completed: Bool?) {
        guard !state.isClosed else { return }
        let session = Session.from(state.pointer)
        session.callProtected(
            pushFunction: { pushField(callback.rawValue, on: session.stack) },
            pushArguments: { session in
                session.push(controller)
                guard let completed else { return 1 }
                session.stack.push(completed)
                return 2
            })
    }
}

extension Session {
    /// Pushes the values of a delegate call's arguments; returns how many.
    func push(_ arguments: [DelegateArgument]) -> Int32 {
        for argument in arguments {
            switch argument.value {
            case .controller(let controller): push(controller)
            case .bool(let flag): stack.push(flag)
            case .traits(let traits): push(traits)
            case .string(let text): stack.push(text)
            case .controllers(let controllers): pushList(controllers) { push($0) }
            case .animator(let animator):
                if let animator = animator as? LuaAnimator {
                    stack.pushReference(animator.reference)
                } else {
                    stack.pushNil()
                }
            }
        }
        return Int32(arguments.count)
    }

    /// What is wrong with a delegate's answer at `index`, as `check` finds it (the checks of
    /// the constructor the answer stands for), or nil.
    func problem(ofAnswer index: Int32, named name: String, _ check: (Call) throws -> Void) -> String? {
        do {
            try check(Call(session: self, name: name, first: lua_absindex(stack.state, index)))
            return nil
        } catch {
            return "\(name) returned a table that is not right: \(error)"
        }
    }

    /// Whether the value at `index` is an animator: a table with an `animateTransition` function.
    func isAnimatorTable(at index: Int32) -> Bool {
        guard stack.type(at: index) == LUA_TTABLE else { return false }
        defer { stack.pop() }
        return stack.rawGet(index, field: "animateTransition") == LUA_TFUNCTION
    }

    /// The trace's name for the animator table at `index`: its `name`, or else one given now
    /// and written in its `name` field (`Animator`, `Animator#2`, … in the order first seen).
    func animatorName(at index: Int32) -> String {
        let index = lua_absindex(stack.state, index)
        if stack.rawGet(index, field: "name") == LUA_TSTRING, let name = stack.string(at: -1) {
            stack.pop()
            return name
        }
        stack.pop()
        run.unnamedAnimators += 1
        let name = run.unnamedAnimators == 1 ? "Animator" : "Animator#\(run.unnamedAnimators)"
        stack.push(name)
        stack.rawSet(index, field: "name")
        return name
    }

    /// An error found outside any Lua frame of its own, placed at the script's line that is
    /// running (the call that led to it).
    func placedError(_ text: String) -> LuaError {
        luaL_where(stack.state, 1)
        var place = stack.string(at: -1) ?? ""
        stack.pop()
        if place.hasSuffix(": ") { place.removeLast(2) }
        return LuaError(.runtime, location: place.isEmpty ? nil : place, text: text)
    }
}
