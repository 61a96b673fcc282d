import CLua
import HierarchyEngine

/// A delegate given as a Lua table of functions (SPEC §3.3). A method exists when the table
/// holds a function under its name at the time of the call; it is called with the owner
/// first, and a question's answer is `true` to allow; `adaptivePresentationStyle` answers
/// with a style's name.
final class LuaDelegate: LuaReference, Delegate {
    func implements(_ method: DelegateMethod) -> Bool { holdsFunction(method.rawValue) }

    func call(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> DelegateAnswer {
        guard !state.isClosed else { return .nothing }
        let session = Session.from(state.pointer)
        return session.callAnswering(
            pushFunction: { pushField(method.rawValue, on: session.stack) },
            pushArguments: { session in
                session.push(owner)
                return 1 + session.push(arguments)
            })
    }

    func animator(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> TransitionAnimator? {
        askAnimator(method.rawValue) { session in
            session.push(owner)
            return 1 + session.push(arguments)
        }
    }

    func controller(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> ViewController? {
        askObject(method.rawValue, as: ViewController.self, "a controller") { session in
            session.push(owner)
            return 1 + session.push(arguments)
        }
    }

    func interaction(
        _ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]
    )
        -> PercentDrivenInteractiveTransition?
    {
        askInteraction(method.rawValue) { session in
            session.push(owner)
            return 1 + session.push(arguments)
        }
    }
}
