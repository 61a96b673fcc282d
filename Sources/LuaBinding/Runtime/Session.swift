import CLua
import HierarchyEngine
import ScenarioKit

/// A Lua state bound to the engine, running scripts: the parts, each with one job, and the
/// running scenario.
///
/// - `runtime`: the Lua state and its host block;
/// - `bridge`: the kinds of handle, the API's functions, the handles and overrides;
/// - `limits`: what a scenario may spend and what it has spent;
/// - `world` and `filter`: the hierarchy the scenario runs in, and the categories its trace
///   compares, replaced together (`resetWorld`);
/// - `run`: what the running scenario produced (output, failure, pending error), replaced
///   whole as each run starts (`startRun`).
///
/// The session lives in the state's extra space, so every Swift function Lua calls finds it
/// without a lookup. Only one thread uses a session.
public final class Session {
    /// The stack of the thread that is running: the main thread's, or a coroutine's while
    /// it calls the API (see `enter`).
    var stack: Stack
    let runtime: LuaRuntime
    let bridge: Bridge
    /// The bridge's handles, held here too: every property read goes through them, and a
    /// stored reference costs no retain on that path.
    let handles: HandleTable
    let limits: ScenarioLimits
    /// Whether the standard library is left whole (`--unsafe`).
    public let isUnsafe: Bool
    /// Registry slot of the original `math.randomseed`.
    var randomSeedSlot: Int32 = LUA_NOREF
    /// Registry slot of the metatable of the lists `trace.lines()` returns.
    var linesMetatableSlot: Int32 = LUA_NOREF

    public let profile: Profile
    public private(set) var world: World
    /// Whether the session ends each world it drops (`World.end()`, D-103): the arena rule
    /// that keeps a cycle the script's code made from outliving its scenario. The fuzzer
    /// turns it off, so that its leak check still finds the cycles the engine itself makes.
    public var endsDroppedWorlds = true
    /// The categories `expect` compares; each world starts with the default.
    var filter = CategoryFilter.default
    /// The storyboards the world opened, and the classes the script gave them.
    var storyboards = StoryboardRegistry()
    /// What the running scenario, or REPL input, has produced so far.
    var run = ScenarioRun()
    /// Called with each line a script prints, as it prints it.
    public var printHandler: ((String) -> Void)?
    /// Called with each warning UIKit would log, as it is logged, in every world the session
    /// makes (`vcsandbox run` and the REPL print them to standard error).
    public var warningHandler: ((String) -> Void)? {
        didSet { world.warningHandler = warningHandler }
    }
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
    /// `--accept`: a failing `expect [[…]]` block in the script is noted for rewriting
    /// instead of failing the scenario.
    public var isAccepting = false
    /// `--tree`: each scenario's outcome keeps the hierarchy its world ended with.
    public var keepsHierarchy: HierarchyForm?
    /// Whether each world's trace keeps its timeline (when and why each event happened):
    /// what `--explain`, `--diagram` and `trace.explain()` read. Set before the script runs.
    public var keepsTimeline = false {
        didSet { if keepsTimeline { world.trace.keepTimeline(runLoop: world.runLoop) } }
    }
    /// Whether `trace.explain()` answers: `vcsandbox run` and the REPL, not `vcsandbox test`,
    /// whatever its reporter (the HTML report keeps the timeline for its drawings only), so
    /// that a scenario passes or fails alike under every reporter.
    public var explainsTraces = false {
        didSet { if explainsTraces { keepsTimeline = true } }
    }
    /// The script being run, and what it declared; the empty script between scripts.
    var script = ScriptState()
    /// The folders of the suites the scripts come from (those `vcsandbox test` was given):
    /// `require` looks up to the first that holds the script (D-85).
    public var suiteFolders: [String] = []
    /// The Swift functions a host installed as Lua globals (`installHostFunction`), by the
    /// position their Lua closures carry.
    var hostFunctions: [HostFunction] = []

    /// Makes a Lua state with the VCSandbox API and the restricted standard library of
    /// SPEC §8, or the whole of it when `unsafe`; each scenario gets `limits`.
    public convenience init(profile: Profile = Profile(), unsafe: Bool = false, limits allowance: Limits = .standard) {
        self.init(profile: profile, unsafe: unsafe, limits: allowance, kinds: handleKinds)
    }

    /// The same, with the kinds of handle given: `handleKinds`, and any a test adds.
    init(profile: Profile, unsafe: Bool, limits allowance: Limits, kinds: [any HandleKind.Type]) {
        self.profile = profile
        isUnsafe = unsafe
        world = World(profile: profile)
        runtime = LuaRuntime(hostBytes: hostBytesFunction, withIOAndDebug: unsafe)
        stack = runtime.mainStack
        bridge = Bridge(kinds: kinds)
        handles = bridge.handles
        limits = ScenarioLimits(allowance: allowance, counters: runtime.counters)
        runtime.setOwner(self)
        runtime.host.pointee.read = propertyEntry
        runtime.host.pointee.method = methodEntry
        runtime.tostringSlot = libraryReference("tostring")
        installAPI()
        installSeededRandom()
        if !unsafe { restrictEnvironment() }
        pointPackagePath()
        bridge.startWorld(stack)
    }

    deinit {
        // The state closes first, while every part of the session is alive: a finalizer
        // (`--unsafe` allows `__gc`) may still call the API as it closes.
        runtime.stateBox.close()
        if endsDroppedWorlds { world.end() }
    }

    /// What each scenario may spend.
    public var allowance: Limits { limits.allowance }

    /// The session a Swift function called from Lua belongs to.
    static func from(_ state: OpaquePointer) -> Session {
        Unmanaged<Session>.fromOpaque(vcs_session(state)!).takeUnretainedValue()
    }

    /// Replaces the world with a fresh one, with the default categories: handles to the old
    /// world's objects stop resolving, and its overrides are dropped. `didMakeWorld` hears
    /// of the new world last.
    public func resetWorld() {
        replaceWorld(continuingTrace: false)
    }

    /// Replaces the world as `resetWorld` does; with `continuingTrace` (`app.relaunch`) the
    /// new world records into the old one's trace and the categories compared stay.
    func replaceWorld(continuingTrace: Bool) {
        if endsDroppedWorlds { world.end() }
        world = World(profile: profile, trace: continuingTrace ? world.trace : Trace())
        if keepsTimeline { world.trace.keepTimeline(runLoop: world.runLoop) }
        world.warningHandler = warningHandler
        if !continuingTrace { filter = .default }
        storyboards = StoryboardRegistry()
        bridge.startWorld(stack)
        didMakeWorld?(world)
    }

    /// Starts a run of script code (a scenario, or a REPL input) with a clean slate and a
    /// fresh allowance.
    func startRun() {
        run = ScenarioRun()
        limits.reset(collectingGarbageIn: stack.state)
    }

    /// Keeps the first error an override raised, to be raised when control returns to Lua.
    func keep(_ error: LuaError) {
        run.keep(error)
    }

    /// Pushes the Lua value for an engine object (its handle), or nil.
    func push(_ object: AnyObject?) {
        guard let object else { return stack.pushNil() }
        handles.push(object, stack) { metatable(forKindAt: $0) }
    }

    /// The handle's view of `object`: its kind and text (nil for a class no kind includes).
    func target(of object: AnyObject) -> Target? {
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
