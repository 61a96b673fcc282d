import CLua
import Foundation
import HierarchyEngine

/// What one scenario may spend before it is stopped with a clear message (SPEC §8): the
/// rest of a batch runs on, and the process never crashes.
public struct Limits: Equatable, Sendable {
    /// Lua instructions per scenario; 0 for no budget.
    public var instructions: Int
    /// Bytes of Lua memory plus an estimate of the hierarchy's; 0 for no cap.
    public var memoryBytes: Int
    /// Calls from UIKit into Lua nested in one another (an override that pushes, whose
    /// pushed controller's override pushes, ...).
    public var callbackDepth: Int
    /// Wall-clock seconds per scenario; 0 for no limit.
    public var seconds: Double

    public init(instructions: Int, memoryBytes: Int, callbackDepth: Int, seconds: Double) {
        self.instructions = instructions
        self.memoryBytes = memoryBytes
        self.callbackDepth = callbackDepth
        self.seconds = seconds
    }

    /// Far above any real scenario (the shipped ones stay under a million instructions and
    /// a few MiB), low enough that an endless loop stops in about a second (D-38).
    public static let standard = Limits(
        instructions: 200_000_000, memoryBytes: 128 << 20, callbackDepth: 64, seconds: 10)

    /// An interactive session's: no instruction budget and no clock, since Ctrl-C stops an
    /// input that runs too long; the memory cap and the callback depth stay (D-46).
    public static let interactive = Limits(
        instructions: 0, memoryBytes: 128 << 20, callbackDepth: 64, seconds: 0)
}

/// The restricted environment of SPEC §8 and the allowance of each scenario.
extension Session {
    /// The seed `math.random` starts each scenario with; `math.randomseed()` uses it too.
    static let randomSeed = 20_011_001

    /// 2001-01-01 00:00:00 UTC, the moment `os.time()` reads at a scenario's start.
    static let epoch = 978_307_200

    /// Restricts the fresh state's globals: no `dofile`, `loadfile`, `io`, `debug`; `load`
    /// for text only; `os` reading the virtual clock; `require` reaching only modules in
    /// the script's folder.
    func restrictEnvironment() {
        let state = stack.state
        for name in ["dofile", "loadfile", "io", "debug"] {
            stack.pushNil()
            lua_setglobal(state, name)
        }
        lua_getglobal(state, "load")
        vcs_pushtextload(state)
        lua_setglobal(state, "load")
        lua_getglobal(state, "setmetatable")
        vcs_pushsetmetatablewithoutgc(state)
        lua_setglobal(state, "setmetatable")
        installVirtualOS()
        restrictPackages()
        vcs_pushglobaltable(state)
        explainRemoved(["debug", "dofile", "io", "loadfile"], prefix: "")
        lua_getglobal(state, "os")
        explainRemoved(["execute", "exit", "getenv", "remove", "rename", "setlocale", "tmpname"], prefix: "os.")
    }

    /// Gives the table on top (popped) a metatable whose `__index` raises a clear error for
    /// the removed `names`, and answers nil for any other missing key.
    private func explainRemoved(_ names: [String], prefix: String) {
        stack.newTable()  // t mt
        stack.newTable()  // t mt removed
        for name in names {
            stack.push(prefix + name)
            stack.rawSet(-2, field: name)
        }
        pushEntry(removedIndexEntry, upvalues: 1)  // t mt __index
        stack.rawSet(-2, field: "__index")
        lua_setmetatable(stack.state, -2)
        stack.pop()
    }

    /// `math.randomseed` that seeds with `randomSeed` when given nothing; the original is
    /// kept to seed each scenario.
    func installSeededRandom() {
        let state = stack.state
        lua_getglobal(state, "math")
        stack.rawGet(-1, field: "randomseed")
        stack.pushValue(at: -1)
        randomSeedSlot = stack.reference()
        stack.push(integer: Self.randomSeed)
        vcs_pushseededrandomseed(state)
        stack.rawSet(-2, field: "randomseed")
        stack.pop()
    }

    /// A table `os` with `clock`, `time`, `date` on the virtual clock, and `difftime`.
    private func installVirtualOS() {
        let state = stack.state
        lua_getglobal(state, "os")
        stack.newTable()
        stack.rawGet(-2, field: "difftime")
        stack.rawSet(-2, field: "difftime")
        vcs_replace(state, -2)
        stack.pushValue(at: -1)
        lua_setglobal(state, "os")
        setLoaded("os")
        install(bridge.functions[bridge.apiFunctionCount...])
    }

    /// `package` without `loadlib`, `cpath`, `searchpath`; `require` through the preload
    /// table and the script's folder only; the removed libraries gone from `package.loaded`.
    private func restrictPackages() {
        let state = stack.state
        for name in ["io", "debug"] {
            stack.pushNil()
            setLoaded(name)
        }
        lua_getglobal(state, "package")
        for name in ["loadlib", "cpath", "searchpath"] {
            stack.pushNil()
            stack.rawSet(-2, field: name)
        }
        stack.rawGet(-1, field: "searchers")
        stack.newTable()
        stack.rawGet(-2, index: 1)  // the preload searcher
        stack.rawSet(-2, index: 1)
        pushEntry(folderSearcherEntry)
        stack.rawSet(-2, index: 2)
        stack.rawSet(-3, field: "searchers")
        stack.pop(2)
    }

    /// `package.loaded[name] = top`, popping it.
    private func setLoaded(_ name: String) {
        lua_getfield(stack.state, vcs_registryindex(), LUA_LOADED_TABLE)
        vcs_insert(stack.state, -2)
        stack.rawSet(-2, field: name)
        stack.pop()
    }

    /// A registry reference to the global `name` as the fresh state has it, read raw.
    func libraryReference(_ name: String) -> Int32 {
        vcs_pushglobaltable(stack.state)
        stack.rawGet(-1, field: name)
        vcs_remove(stack.state, -2)
        return stack.reference()
    }

    /// Starts the script `file`: its folder is where `require` reads.
    func startScript(file: String) {
        endScript()
        script = ScriptState(file: file, currentFolder: FileManager.default.currentDirectoryPath, suites: suiteFolders)
        pointPackagePath()
    }

    /// Ends the running script: the scenarios it declared are let go, and the session is
    /// between scripts again.
    func endScript() {
        for scenario in script.declaredScenarios { stack.release(scenario.function) }
        script = ScriptState()
        pointPackagePath()
    }

    /// Points `package.path` at the script's folder, for `require` and for the reader.
    func pointPackagePath() {
        guard !isUnsafe else { return }
        // The library's own table, not the global a script may have replaced or guarded
        // with metamethods: nothing here may raise.
        lua_getfield(stack.state, vcs_registryindex(), LUA_LOADED_TABLE)
        if stack.rawGet(-1, field: "package") == LUA_TTABLE {
            // Concatenated by hand: the generic `joined` costs a start-up its first use of
            // the runtime's conformance tables (issue 18).
            var path = ""
            for folder in script.moduleFolders {
                path += (path.isEmpty ? "" : ";") + folder + "/?.lua;" + folder + "/?/init.lua"
            }
            stack.push(path)
            stack.rawSet(-2, field: "path")
        }
        stack.pop(2)
    }

    /// Gives the next scenario its allowance: nothing spent, the clock started, `math.random`
    /// seeded.
    func startAllowance() {
        startRun()
        seedRandom()
    }

    /// Seeds `math.random` with `randomSeed`.
    func seedRandom() {
        stack.pushReference(randomSeedSlot)
        stack.push(integer: Self.randomSeed)
        _ = vcs_pcall(stack.state, 1, 0, 0)
    }

    /// The error that stops a call from UIKit into Lua nested too deeply, or made after a
    /// limit tripped; nil when the call may run.
    func refusal() -> LuaError? {
        if let trip = limits.tripped { return LuaError(.limit, text: limits.message(for: trip)) }
        guard limits.refusesCall(atDepth: run.callbackDepth) else { return nil }
        return LuaError(.limit, location: location(), text: limits.depthMessage)
    }

    /// Counts text a script hands the engine (a name, a note, a printed line) against the
    /// memory cap at once: a few instructions can hand over megabytes, long before the hook
    /// looks again.
    ///
    /// A script that removed the count hook (`debug.sethook()` under `--unsafe`) removed the
    /// limits with it (D-40): nothing is charged against the cap then.
    func charge(_ bytes: Int) throws {
        run.chargedBytes += bytes
        let cap = limits.counters.pointee.memory_cap
        guard cap > 0, vcs_haslimits(stack.state) != 0, limits.counters.pointee.bytes + hostBytes > cap else { return }
        vcs_fullgc(stack.state)  // garbage does not count
        guard limits.counters.pointee.bytes + hostBytes > cap else { return }
        limits.counters.pointee.tripped = VCS_TRIP_MEMORY
        throw LuaError(.limit, location: location(), text: limits.message(for: VCS_TRIP_MEMORY))
    }

    /// An estimate of the memory the scenario's world and output hold: the limits count it
    /// with Lua's. Text a script hands the engine (names, notes) is charged as it arrives.
    /// Measured (issue 18): a bare controller holds 0.47 KiB, one with its view 0.75 KiB;
    /// each engine object (a controller, a view, a window) counts 512 bytes, so the estimate
    /// stays above what is held without charging a loaded controller four times its cost (it
    /// once counted 2 KiB per object). The trace counts the bytes its events take (16 each,
    /// with their side tables and its table of names, D-105).
    var hostBytes: Int {
        world.trace.bytesHeld + world.liveObjects.count * 512 + run.chargedBytes
    }
}

/// The host's share of the memory cap, asked by the count hook.
let hostBytesFunction: @convention(c) (OpaquePointer?) -> Int = { state in
    Session.from(state!).hostBytes
}

/// `require`'s searcher: a module `a.b` is `a/b.lua` or `a/b/init.lua` under the script's
/// folder, or else under a folder above it up to the current directory (a suite's shared
/// helpers, D-85); names are letters, digits, `_` and `-` between dots, so nothing outside
/// is reached by name, and a module that a symbolic link leads out of that folder is
/// refused with an error at the `require` (D-89).
let folderSearcherEntry: Entry = { state in
    Session.enter(state) { session in
        let name = try Call(session: session, name: "require", first: 1).string(1)
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
        guard allowed else {
            session.stack.push(
                "no module '\(name)': require reaches only modules beside the script and in the folders above it, "
                    + "up to the current one (names like a.b)")
            return 1
        }
        let relative = parts.joined(separator: "/")
        let candidates = session.script.moduleFolders.flatMap {
            ["\($0)/\(relative).lua", "\($0)/\(relative)/init.lua"]
        }
        guard let path = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            let top = session.script.moduleFolders.last ?? "."
            session.stack.push(
                candidates.map { "no file '\($0)'" }.joined(separator: "\n\t")
                    + "\n\t(require looks from the script's folder up to \(top): the folder given to vcsandbox test, "
                    + "or the current directory)")
            return 1
        }
        if let refusal = session.script.boundary.refusal(of: path) {
            throw LuaError(.runtime, location: session.scriptCallerLocation(), text: "require '\(name)': " + refusal)
        }
        guard luaL_loadfilex(session.stack.state, path, "t") == LUA_OK else {
            let problem = session.stack.string(at: -1) ?? "unknown error"
            throw LuaError(.runtime, text: "error loading module '\(name)' from file '\(path)':\n\t\(problem)")
        }
        session.stack.push(path)
        return 2
    }
}

/// `__index` of the sandbox's globals and `os`: a removed name is an error that says why.
let removedIndexEntry: Entry = { state in
    Session.enter(state) { session in
        guard session.stack.type(at: 2) == LUA_TSTRING else { return 0 }
        lua_pushvalue(session.stack.state, 2)
        guard lua_rawget(session.stack.state, vcs_upvalueindex(2)) == LUA_TSTRING,
            let name = session.stack.string(at: -1)
        else { return 0 }
        throw ScriptError(
            "\(name) is not available in the sandbox (README, \"The sandbox\"); vcsandbox --unsafe lifts it")
    }
}

/// The sandbox's `os.clock`, `os.date` and `os.time`, on the virtual clock.
let sandboxFunctions: [APIFunction] = [
    APIFunction("clock", in: "os", virtualNow),
    APIFunction("date", in: "os") { call in try osDate(call) },
    APIFunction("time", in: "os") { call in try osTime(call) },
]

/// `os.time([table])`: the virtual clock as seconds since 1970 (starting at 2001-01-01
/// UTC), or a UTC date table's time.
private func osTime(_ call: Call) throws -> Int32 {
    let session = call.session
    guard !call.isMissing(1) else {
        session.stack.push(integer: Session.epoch + Int(session.world.runLoop.now.rounded(.down)))
        return 1
    }
    guard session.stack.type(at: 1) == LUA_TTABLE else { throw call.fail(1, "table") }
    func field(_ key: String, _ fallback: Int?) throws -> Int {
        session.stack.rawGet(1, field: key)
        defer { session.stack.pop() }
        if session.stack.isNil(-1), let fallback { return fallback }
        guard let value = session.stack.integer(at: -1) else {
            throw ScriptError(
                session.stack.isNil(-1)
                    ? "field '\(key)' missing in date table" : "field '\(key)' is not an integer")
        }
        // Lua's own bound (a C int); it also keeps the arithmetic below from overflowing.
        guard (-Int(Int32.max)...Int(Int32.max)).contains(value) else {
            throw ScriptError("field '\(key)' is out-of-bound")
        }
        return value
    }
    let time = CivilTime(
        year: try field("year", nil), month: try field("month", nil), day: try field("day", nil),
        hour: try field("hour", 12), minute: try field("min", 0), second: try field("sec", 0))
    session.stack.push(integer: time.secondsSince1970)
    return 1
}

/// `os.date([format [, time]])`: as Lua's, always in UTC, `time` defaulting to the virtual
/// clock.
private func osDate(_ call: Call) throws -> Int32 {
    let session = call.session
    var format = call.isMissing(1) ? "%c" : try call.string(1)
    if format.hasPrefix("!") { format.removeFirst() }
    var seconds = Session.epoch + Int(session.world.runLoop.now.rounded(.down))
    if !call.isMissing(2) {
        guard let given = session.stack.integer(at: 2) else { throw call.fail(2, "integer") }
        seconds = given
    }
    var clock = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&clock, &parts) != nil else {
        throw ScriptError("date result cannot be represented")
    }
    if format.hasPrefix("*t") {
        session.pushDateTable(parts)
        return 1
    }
    if let bad = CivilTime.invalidConversion(in: format) {
        throw ArgumentError(position: 1, function: "date", problem: "invalid conversion specifier '\(bad)'")
    }
    guard let text = CivilTime.format(format, parts) else {
        throw ScriptError("os.date: the result would pass 1 MiB, or the format holds a NUL character")
    }
    session.stack.push(text)
    return 1
}

extension Session {
    func pushDateTable(_ parts: tm) {
        stack.newTable(fieldCount: 9)
        let fields: [(String, Int32)] = [
            ("year", parts.tm_year + 1900), ("month", parts.tm_mon + 1), ("day", parts.tm_mday),
            ("hour", parts.tm_hour), ("min", parts.tm_min), ("sec", parts.tm_sec),
            ("yday", parts.tm_yday + 1), ("wday", parts.tm_wday + 1),
        ]
        for (key, value) in fields {
            stack.push(integer: Int(value))
            stack.rawSet(-2, field: key)
        }
        stack.push(false)
        stack.rawSet(-2, field: "isdst")
    }
}

/// A UTC date and time, for the virtual `os.time` and `os.date`.
struct CivilTime {
    var year, month, day, hour, minute, second: Int

    /// Seconds since 1970-01-01 UTC; out-of-range fields carry over as `mktime` does.
    var secondsSince1970: Int {
        let months = year * 12 + (month - 1)
        let (normalYear, monthIndex) = (months.floorDivided(by: 12), months.floorModulo(12))
        let days = Self.daysSince1970(year: normalYear, month: monthIndex + 1) + day - 1
        return ((days * 24 + hour) * 60 + minute) * 60 + second
    }

    /// Days from 1970-01-01 to the first of a month (proleptic Gregorian calendar).
    static func daysSince1970(year: Int, month: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted.floorDivided(by: 400)
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The conversions C99's `strftime` defines, which Lua's `os.date` accepts.
    static let conversions = Set("aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%")
    static let modified: [Character: Set<Character>] = ["E": Set("cCxXyY"), "O": Set("deHImMSuUVwWy")]

    /// The first conversion of `format` that Lua's `os.date` would refuse, e.g. `%Q`.
    static func invalidConversion(in format: String) -> String? {
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { continue }
            guard let conversion = characters.next() else { return "%" }
            if conversions.contains(conversion) { continue }
            guard let allowed = modified[conversion] else { return "%\(conversion)" }
            guard let second = characters.next(), allowed.contains(second) else { return "%\(conversion)" }
        }
        return nil
    }

    /// `strftime` of the already validated `format` in the C locale.
    static func format(_ format: String, _ parts: tm) -> String? {
        guard !format.contains("\0") else { return nil }
        var parts = parts
        var size = 256
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            let written = strftime(&buffer, size, format, &parts)
            if written > 0 || format.isEmpty {
                return String(decoding: buffer.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            size *= 4
        }
        return nil
    }
}

extension Int {
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}
