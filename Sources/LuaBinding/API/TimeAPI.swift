import CLua
import HierarchyEngine

/// Time the script controls (SPEC §9.1), on the run loop's clock (BEHAVIOR.md M-4):
///
///     async(function() ... end)                 -- DispatchQueue.main.async: the next turn,
///                                               -- after this turn's commit (TIM-09)
///     after(0.3, function() ... end)            -- DispatchQueue.main.asyncAfter: at now() + 0.3
///     animate(0.25, function() ... end, function(finished) ... end)
///                                               -- UIView.animate: the block now, the
///                                               -- completion(true) 0.25 s later
///
/// A block that raises fails the scenario when control returns to the script, as an
/// override's error does (D-11).
let timeFunctions: [APIFunction] = [
    APIFunction(
        "after", parameters: "seconds: number, block: fun()",
        doc: "Runs `block` `seconds` of virtual time from now, as `DispatchQueue.main.asyncAfter` does."
    ) { call in
        let delay = try call.number(1)
        let block = try call.requiredFunction(2)
        try call.checkDelay(delay)
        call.session.world.runLoop.schedule(after: delay, block.completion)
        return 0
    },
    APIFunction(
        "animate", parameters: "duration: number, animations: fun(), completion: fun(finished: boolean)?",
        doc: "Runs `animations` at once and `completion(true)` `duration` seconds later, as `UIView.animate` does."
    ) { call in
        let session = call.session
        let duration = try call.number(1)
        let animations = try call.requiredFunction(2)
        let completion = try call.function(3)
        try call.checkDelay(duration)
        if let error = session.runProtected(
            pushFunction: { session.stack.pushReference(animations.reference) }, pushArguments: { _ in 0 })
        {
            throw error
        }
        // Inside an interactive transition's animateTransition, the interaction holds it (ICT-04).
        session.world.animate(duration: duration) {
            completion?.call { session in
                session.stack.push(true)
                return 1
            }
        }
        return 0
    },
    APIFunction(
        "async", parameters: "block: fun()",
        doc: "Runs `block` in the run loop's next turn, after this turn's commit, as `DispatchQueue.main.async` does."
    ) { call in
        let block = try call.requiredFunction(1)
        call.session.world.runLoop.schedule(after: 0, block.completion)
        return 0
    },
    APIFunction(
        "now", returns: "number", doc: "The virtual seconds since the scenario began.", virtualNow),
]

extension Call {
    /// The function at `position`, which must be there.
    func requiredFunction(_ position: Int) throws -> LuaFunction {
        guard let function = try function(position) else { throw fail(position, "function") }
        return function
    }
}

/// `now()` and the sandbox's `os.clock()`: the virtual seconds since the scenario began.
@Sendable func virtualNow(_ call: Call) -> Int32 {
    call.stack.push(call.session.world.runLoop.now)
    return 1
}
