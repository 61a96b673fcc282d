import CLua
import HierarchyEngine
import ScenarioKit

/// One Lua state bound to the engine: the globals of the Lua API, the current world, and
/// what a running scenario has produced (its failure, its output, its pending error).
///
/// The session lives in the state's extra space, so every Swift function Lua calls finds it
/// without a lookup. Only one thread uses a session.
public final class Session {
    /// The stack of the thread that is running: the main thread's, or a coroutine's while
    /// it calls the API (see `enter`).
    var stack: Stack
    let stateBox: LuaStateBox
    /// The state's extra space: this session and the limits.
    let host: UnsafeMutablePointer<vcs_Host>
    /// What the running scenario has spent, shared with the allocator and the hook.
    let limits: UnsafeMutablePointer<vcs_Limits>
    /// What each scenario may spend.
    public let allowance: Limits
    /// Whether the standard library is left whole (`--unsafe`).
    public let isUnsafe: Bool
    /// The folder `require` reads modules from: the running script's.
    var scriptFolder = "."
    /// Registry slot of the original `math.randomseed`.
    var randomSeedSlot: Int32 = LUA_NOREF
    /// Calls from the engine into Lua in progress, nested in one another.
    var callbackDepth = 0
    /// Bytes of text the running scenario handed the engine (names, notes), for the cap.
    var chargedBytes = 0
    let handles = HandleTable()
    /// Registry slots of the metatables, by `HandleKind.rawValue`.
    var metatables: [Int32] = []
    /// Registry slots of the member lookup tables, by `HandleKind.rawValue`.
    var lookups: [Int32] = []
    /// Registry slot of the table of override tables, by controller name.
    var overridesSlot: Int32 = LUA_NOREF
    /// Registry slot of the message handler that adds a traceback.
    var tracebackSlot: Int32 = LUA_NOREF
    /// Registry slot of the library's `tostring` as the state began: values are shown with
    /// it, never with a global a script replaced.
    var tostringSlot: Int32 = LUA_NOREF
    /// The kinds of handle, by the position a handle records.
    let kinds = ContiguousArray(handleKinds)
    /// Registry slot of the metatable of the lists `trace.lines()` returns.
    var linesMetatableSlot: Int32 = LUA_NOREF
    /// A one-entry cache per kind of the last property read (see `remember`).
    var lastPropertyKey: [UnsafeRawPointer?] = Array(repeating: nil, count: handleKinds.count)
    var lastProperty: [Int] = Array(repeating: 0, count: handleKinds.count)

    public let profile: Profile
    public private(set) var world: World
    /// The categories `expect` compares.
    var filter = CategoryFilter.default
    /// The first error raised in an override since control last left Lua.
    var pendingError: RaisedError?
    /// The expectation that failed in the running scenario.
    var expectationFailure: Failure?
    /// `print` output of the running scenario.
    var output = ""
    /// Called with each line a script prints, as it prints it.
    public var printHandler: ((String) -> Void)?
    /// Called with a scenario's name as it starts (the batch runner's watchdog).
    public var willRunScenario: ((String) -> Void)?
    /// Called with each world the session makes, once it exists: the world a script's top
    /// level runs in, then the fresh one of each declared scenario (`resetWorld`).
    ///
    /// Setting it calls it at once with the current world, so that a caller who sets it
    /// after `init` misses none; tests install their `RunLoop.turnDidEnd` checks here.
    ///
    ///     session.didMakeWorld = { world in world.runLoop.turnDidEnd = { … } }
    public var didMakeWorld: ((World) -> Void)? {
        didSet { didMakeWorld?(world) }
    }
    var declaredScenarios: [(name: String, function: Int32)] = []
    /// `--accept`: a failing `expect [[…]]` block in the script is noted for rewriting
    /// instead of failing the scenario.
    public var isAccepting = false
    /// The blocks of the running scenario to rewrite (`isAccepting`).
    var rewrites: [BlockRewrite] = []
    /// The blocks of the running scenario that matched (`isAccepting`).
    var matchedBlocks: [BlockRewrite] = []
    /// The script being run, as `runScript` was given it.
    var scriptFile = ""
    /// Set once the declared scenarios start running: no more may be declared.
    var isRunningScenarios = false

    /// Makes a Lua state with the VCSandbox API and the restricted standard library of
    /// SPEC §8, or the whole of it when `unsafe`; each scenario gets `limits`.
    public init(profile: Profile = Profile(), unsafe: Bool = false, limits allowance: Limits = .standard) {
        self.profile = profile
        self.allowance = allowance
        isUnsafe = unsafe
        world = World(profile: profile)
        host = .allocate(capacity: 1)
        host.initialize(to: vcs_Host())
        limits = vcs_hostlimits(host)
        limits.pointee.host_bytes = hostBytesFunction
        guard let state = vcs_newstate(host) else { fatalError("Lua could not allocate its state") }
        stack = Stack(state: state)
        stateBox = LuaStateBox(state)
        host.pointee.session = Unmanaged.passUnretained(self).toOpaque()
        luaL_openlibs(state)
        tostringSlot = libraryReference("tostring")
        installAPI()
        installSeededRandom()
        if !unsafe { restrictEnvironment() }
        handles.reset(stack)
        resetOverrides()
    }

    deinit {
        stateBox.close()
        host.deallocate()
    }

    /// The session a Swift function called from Lua belongs to.
    static func from(_ state: OpaquePointer) -> Session {
        Unmanaged<Session>.fromOpaque(vcs_session(state)!).takeUnretainedValue()
    }

    /// Replaces the world with a fresh one: handles to the old world's objects stop
    /// resolving, and its overrides are dropped. `didMakeWorld` hears of the new world last.
    public func resetWorld() {
        world = World(profile: profile)
        handles.reset(stack)
        resetOverrides()
        filter = .default
        pendingError = nil
        expectationFailure = nil
        didMakeWorld?(world)
    }

    private func resetOverrides() {
        if overridesSlot != LUA_NOREF { stack.release(overridesSlot) }
        stack.newTable()
        overridesSlot = stack.reference()
    }

    /// Keeps the first error an override raised, to be raised when control returns to Lua.
    func keep(_ error: RaisedError) {
        if pendingError == nil { pendingError = error }
    }

    /// Pushes the Lua value for an engine object (its handle), or nil.
    func push(_ object: AnyObject?) {
        guard let object else { return stack.pushNil() }
        handles.push(object, stack, metatables: metatables)
    }

    /// The handle's view of `object`: its kind and text.
    func target(of object: AnyObject) -> Target {
        handles.target(of: object)
    }

    /// The object of class `T` behind the handle at `index`, or nil.
    func object<T: AnyObject>(at index: Int32, as type: T.Type) -> T? {
        target(at: index)?.object as? T
    }

    /// The object behind the handle at `index`, or why there is none.
    func target(at index: Int32) -> Target? {
        guard let handle = Handle.read(stack, at: index) else { return nil }
        return handles.target(of: handle)
    }

    /// Whether the value at `index` is a handle whose world is gone.
    func isStaleHandle(at index: Int32) -> Bool {
        guard let handle = Handle.read(stack, at: index) else { return false }
        return handles.target(of: handle) == nil
    }
}
