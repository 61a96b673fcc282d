import CLua
import HierarchyEngine

/// A Swift function that Lua calls through the shim's trampoline.
typealias Entry = vcs_Function

extension Session {
    /// Runs the body of a Swift function called from Lua, turning every Swift error and
    /// every error an override raised meanwhile into a return value for the trampoline, which
    /// raises it once this frame is gone (STYLE rule 2).
    ///
    /// A coroutine calling the API has its own stack: the session works on it until the
    /// call returns.
    static func enter(_ state: OpaquePointer?, _ body: (Session) throws -> Int32) -> Int32 {
        Unmanaged<Session>.fromOpaque(vcs_session(state!)!)._withUnsafeGuaranteedRef { session in
            guard session.stack.state != state else { return session.run(body) }
            let running = session.stack
            session.stack = Stack(state: state!)
            defer { session.stack = running }
            return session.run(body)
        }
    }

    private func run(_ body: (Session) throws -> Int32) -> Int32 {
        do {
            let results = try body(self)
            guard let pending = pendingError else { return results }
            pendingError = nil
            stack.push(pending.message)
            return VCS_RAISE
        } catch let error as RaisedError {
            pendingError = nil
            stack.push(error.message)
            return VCS_RAISE
        } catch {
            stack.push(luaMessage(for: error))
            return VCS_RAISE_WHERE
        }
    }

    /// Pushes a Lua function that runs `entry`, with the `upvalues` values on top of the stack.
    func pushEntry(_ entry: Entry, upvalues: Int32 = 0) {
        vcs_pushfunction(stack.state, entry, upvalues)
    }

    /// Sets global `name` to a function running `entry`.
    func setGlobal(_ name: String, _ entry: Entry) {
        pushEntry(entry)
        lua_setglobal(stack.state, name)
    }

    /// Calls a Lua function under the traceback handler. An error becomes the pending error,
    /// raised when control returns to Lua; the caller, the engine, goes on.
    func callProtected(pushFunction: () -> Void, pushArguments: (Session) -> Int32) {
        if let error = runProtected(pushFunction: pushFunction, pushArguments: pushArguments) { keep(error) }
    }

    /// Calls a Lua function that answers a question (a delegate's `shouldSelect`): a boolean
    /// or a string it returns, else nothing. An error is kept, as `callProtected` keeps it,
    /// and answers nothing.
    func callAnswering(pushFunction: () -> Void, pushArguments: (Session) -> Int32) -> DelegateAnswer {
        var answer = DelegateAnswer.nothing
        let error = runProtected(pushFunction: pushFunction, pushArguments: pushArguments, results: 1) {
            switch stack.type(at: -1) {
            case LUA_TBOOLEAN: answer = .bool(lua_toboolean(stack.state, -1) != 0)
            case LUA_TSTRING: answer = stack.string(at: -1).map(DelegateAnswer.string) ?? .nothing
            default: break
            }
        }
        if let error { keep(error) }
        return answer
    }

    /// Calls a Lua function under the traceback handler and returns its error, if any;
    /// on success `readResults` sees its `results` values on top of the stack.
    ///
    /// An error kept before the call belongs to the operation that is running (an override
    /// that raised earlier in it): it is set aside during the call, so that the API functions
    /// this one calls run in full rather than raise it, and put back afterwards (D-11).
    func runProtected(
        pushFunction: () -> Void, pushArguments: (Session) -> Int32, results: Int32 = 0, readResults: () -> Void = {}
    ) -> RaisedError? {
        if let refusal = refusal() { return refusal }
        let earlier = pendingError
        pendingError = nil
        callbackDepth += 1
        defer {
            callbackDepth -= 1
            if let earlier { pendingError = earlier }
        }
        let base = stack.top
        stack.pushReference(tracebackSlot)
        pushFunction()
        let count = pushArguments(self)
        let status = vcs_pcall(stack.state, count, results, base + 1)
        defer { stack.setTop(base) }
        guard status != LUA_OK else {
            readResults()
            return nil
        }
        return RaisedError(message: stack.string(at: -1) ?? "(error object is not a string)")
    }
}

/// The message handler for protected calls: adds a traceback unless the message has one,
/// as an error from an override already does when it is raised again.
let tracebackEntry: Entry = { state in
    let stack = Stack(state: state!)
    // A number is its text, as in lua.c (a number converts in place without metamethods).
    if stack.type(at: 1) == LUA_TNUMBER { _ = lua_tolstring(state, 1, nil) }
    guard let message = stack.string(at: 1) else {
        stack.push("(error object is a \(stack.typeName(at: 1)) value)")
        return 1
    }
    if message.contains("\nstack traceback:") { return 1 }
    luaL_traceback(state, state, message, 1)
    return 1
}
