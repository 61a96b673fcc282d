import CLua

/// The Lua state a session runs in, with the host block in its extra space (the session and
/// the limits' counters) and the registry slots the binding's own calls need.
///
/// It owns the state's lifetime: the state closes when the runtime goes. References that
/// outlive it (`LuaReference`) hold its `LuaStateBox` and stop touching the state once closed.
final class LuaRuntime {
    let stateBox: LuaStateBox
    /// The state's extra space: the session, the limits' counters.
    let host: UnsafeMutablePointer<vcs_Host>
    /// What the running scenario has spent, shared with the allocator and the count hook.
    let counters: UnsafeMutablePointer<vcs_Limits>
    /// Registry slot of the message handler that adds a traceback.
    var tracebackSlot: Int32 = LUA_NOREF
    /// Registry slot of the library's `tostring` as the state began: values are shown with
    /// it, never with a global a script replaced.
    var tostringSlot: Int32 = LUA_NOREF

    /// Makes a state with the standard library opened, `io` and `debug` only when
    /// `withIOAndDebug` (the sandbox would remove them: a state that never opens them starts
    /// sooner, issue 18); `hostBytes` reports the host's share of the memory cap to the count
    /// hook.
    init(hostBytes: @convention(c) (OpaquePointer?) -> Int, withIOAndDebug: Bool = true) {
        host = .allocate(capacity: 1)
        host.initialize(to: vcs_Host())
        counters = vcs_hostlimits(host)
        counters.pointee.host_bytes = hostBytes
        guard let state = vcs_newstate(host) else { fatalError("Lua could not allocate its state") }
        stateBox = LuaStateBox(state)
        var libraries: [(String, lua_CFunction)] = [
            ("_G", luaopen_base), ("package", luaopen_package), ("coroutine", luaopen_coroutine),
            ("table", luaopen_table), ("os", luaopen_os), ("string", luaopen_string), ("math", luaopen_math),
            ("utf8", luaopen_utf8),
        ]
        if withIOAndDebug { libraries += [("io", luaopen_io), ("debug", luaopen_debug)] }
        // As luaL_openlibs does: each library in package.loaded and as a global.
        for (name, open) in libraries {
            luaL_requiref(state, name, open, 1)
            lua_settop(state, -2)
        }
    }

    deinit {
        stateBox.close()
        host.deallocate()
    }

    /// The main thread's stack.
    var mainStack: Stack { Stack(state: stateBox.pointer) }

    /// Lets every Swift function Lua calls find `owner` in the state's extra space.
    func setOwner(_ owner: AnyObject) {
        host.pointee.session = Unmanaged.passUnretained(owner).toOpaque()
    }
}
