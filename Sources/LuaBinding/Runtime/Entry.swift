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
            // Read before taking: every call from Lua passes here, and taking writes.
            guard run.hasPendingError, let pending = run.takePendingError() else { return results }
            return raise(pending)
        } catch {
            // An override that raised during the call (in the turn a gesture ends first)
            // belongs to this call too, and came first: it is the error raised, and nothing
            // is left to surface at the next call, outside the script's `pcall` (issue 17,
            // item 9).
            if run.hasPendingError, let pending = run.takePendingError() { return raise(pending) }
            if let error = error as? LuaError { return raise(error) }
            stack.push(luaMessage(for: error))
            return VCS_RAISE_WHERE
        }
    }

    /// Pushes `error`'s message for the trampoline to raise as it is, and remembers the
    /// error: the message handler that meets the message again starts from it.
    private func raise(_ error: LuaError) -> Int32 {
        _ = run.takePendingError()
        stack.push(error.message)
        run.raised.noteRaised(error)
        return VCS_RAISE
    }

    /// Pushes a Lua function that runs `entry`, with the `upvalues` values on top of the stack.
    func pushEntry(_ entry: Entry, upvalues: Int32 = 0) {
        vcs_pushfunction(stack.state, entry, upvalues)
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
    ) -> LuaError? {
        if let refusal = refusal() { return refusal }
        let earlier = run.takePendingError()
        // A protected call may run while an outer one unwinds (a `__close` handler calling the
        // API): the outer call's caught error waits for it.
        let outerCaught = run.caught
        run.caught = nil
        run.callbackDepth += 1
        defer {
            run.callbackDepth -= 1
            run.putBack(earlier)
            run.caught = outerCaught
        }
        let base = stack.top
        stack.pushReference(runtime.tracebackSlot)
        pushFunction()
        let count = pushArguments(self)
        // The script's code is its own, whatever rule the engine followed as it called it
        // (issue 22): every call from the engine into Lua comes through here.
        let status = world.trace.asClient { vcs_pcall(stack.state, count, results, base + 1) }
        defer { stack.setTop(base) }
        guard status != LUA_OK else {
            readResults()
            return nil
        }
        return caughtError(status: status)
    }

    /// The error a protected call under the message handler ended with, its value on top:
    /// the one the handler took apart, when the value is still its message.
    private func caughtError(status: Int32) -> LuaError {
        let value = stack.string(at: -1) ?? "(error object is not a string)"
        if var caught = run.caught, caught.message == value {
            if status == LUA_ERRMEM {
                caught.kind = .outOfMemory
            } else if limits.tripped != nil {
                caught.kind = .limit
            }
            return caught
        }
        return LuaError(status == LUA_ERRMEM ? .outOfMemory : .runtime, text: value)
    }

    /// Takes apart the error whose value is at stack index 1, in the message handler, while
    /// the frames that raised it are still there (D-66).
    ///
    /// An error the host raised whole keeps its parts; any other's place is the frame its
    /// message starts with, or else the running script's own line it names (an error caught
    /// and raised again with `error(e, 0)`). It gets Lua's traceback unless it is not a
    /// string or already ends with a traceback the handler gave.
    func takeApart(_ value: String?, on stack: Stack) -> LuaError {
        let frames = Self.frames(on: stack)
        let message = value ?? "(error object is a \(stack.typeName(at: 1)) value)"
        var error = run.raised.error(withMessage: message) ?? placed(message, frames: frames)
        error.scriptLocation = error.scriptLocation ?? frames.first { $0.source == "@" + script.file }?.location
        if value != nil, error.traceback.isEmpty, !run.raised.endsWithTraceback(message) {
            luaL_traceback(stack.state, stack.state, nil, 1)
            error.traceback = stack.string(at: -1) ?? ""
            stack.pop()
            run.raised.noteTraceback(error.traceback)
        }
        return error
    }

    /// A runtime error whose place is the first of `frames` its message starts with, or
    /// else a line of the running script its message starts with.
    private func placed(_ message: String, frames: [(location: String, source: String)]) -> LuaError {
        var error = LuaError(.runtime, text: message)
        let scriptPlace = Self.shortSource(of: "@" + script.file) + ":"
        if let frame = frames.first(where: { message.hasPrefix($0.location + ": ") }) {
            error.location = frame.location
        } else if message.hasPrefix(scriptPlace) {
            let line = message.dropFirst(scriptPlace.count).prefix { $0.isASCII && $0.isNumber }
            if !line.isEmpty, message.dropFirst(scriptPlace.count + line.count).hasPrefix(": ") {
                error.location = scriptPlace + line
            }
        }
        if let location = error.location { error.text = String(message.dropFirst(location.count + 2)) }
        return error
    }

    /// `short_src:currentline` and the source of each Lua frame on `stack`, innermost first.
    private static func frames(on stack: Stack) -> [(location: String, source: String)] {
        var frames: [(location: String, source: String)] = []
        var record = lua_Debug()
        var level: Int32 = 1
        while frames.count < 200, lua_getstack(stack.state, level, &record) != 0 {
            level += 1
            guard lua_getinfo(stack.state, "Sl", &record) != 0, record.currentline > 0 else { continue }
            let shortSource = withUnsafeBytes(of: record.short_src) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            frames.append(("\(shortSource):\(record.currentline)", record.source.map { String(cString: $0) } ?? ""))
        }
        return frames
    }
}

/// The message handler for protected calls: takes the error apart while its frames are
/// there and gives the message its traceback (see `takeApart`).
let tracebackEntry: Entry = { state in
    let session = Session.from(state!)
    let stack = Stack(state: state!)
    // A number is its text, as in lua.c (a number converts in place without metamethods).
    if stack.type(at: 1) == LUA_TNUMBER { _ = lua_tolstring(state, 1, nil) }
    let caught = session.takeApart(stack.string(at: 1), on: stack)
    session.run.caught = caught
    stack.push(caught.message)
    return 1
}

extension Session {
    /// Compiles `source` as the chunk `chunkName` (`@file`, or `=stdin`) and leaves the
    /// function on the stack; or returns why it does not compile, leaving nothing.
    func load(_ source: String, chunkName: String) -> LuaError? {
        let status = source.withCString { vcs_loadbuffer(stack.state, $0, source.utf8.count, chunkName, "t") }
        guard status != LUA_OK else { return nil }
        let message = stack.string(at: -1) ?? "the chunk could not be loaded"
        stack.pop()
        guard status == LUA_ERRSYNTAX else { return LuaError(.outOfMemory, text: message) }
        // Lua's only sign that the text ended before the statement did: its lexer names the
        // end `<eof>` as the token it met (lua.c's REPL reads the same sign).
        var error = LuaError(.syntax(isIncomplete: message.hasSuffix("<eof>")), text: message)
        let source = Self.shortSource(of: chunkName)
        let afterSource = message.hasPrefix(source + ":") ? message.dropFirst(source.count + 1) : ""
        let line = afterSource.prefix { $0.isASCII && $0.isNumber }
        if !line.isEmpty, afterSource.dropFirst(line.count).hasPrefix(": ") {
            error.location = source + ":" + line
            error.text = String(afterSource.dropFirst(line.count + 2))
        }
        return error
    }

    /// The chunk's name as Lua's messages give it (`luaO_chunkid`'s `short_src`): a file
    /// name, its end after `...` when longer than the 59 bytes Lua keeps.
    static func shortSource(of chunkName: String) -> String {
        let name = chunkName.dropFirst()
        let room = 59
        guard name.utf8.count > room else { return String(name) }
        if chunkName.hasPrefix("@") { return "..." + String(decoding: name.utf8.suffix(room - 3), as: UTF8.self) }
        return String(decoding: name.utf8.prefix(room), as: UTF8.self)
    }
}
