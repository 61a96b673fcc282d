import CLua
import HierarchyEngine

/// What a scenario may spend (`allowance`) and what it has spent (`counters`, which the
/// allocator and the count hook update in the state's host block), with the words for each
/// limit it runs into.
final class ScenarioLimits {
    let allowance: Limits
    let counters: UnsafeMutablePointer<vcs_Limits>

    init(allowance: Limits, counters: UnsafeMutablePointer<vcs_Limits>) {
        self.allowance = allowance
        self.counters = counters
    }

    /// Nothing spent, nothing tripped, the clock started: what each scenario, and each
    /// input of the REPL, begins with.
    func reset(collectingGarbageIn state: OpaquePointer) {
        // A full collection from here, with nothing of Lua's running, also clears the dead
        // part of the stack, where an aborted call's locals stay (a tripped memory bomb's
        // table) until a frame's registers, which a hook marks whole, cover them again.
        if allowance.memoryBytes > 0, counters.pointee.bytes > allowance.memoryBytes / 4 { vcs_fullgc(state) }
        vcs_resetlimits(state)
        counters.pointee.budget = Int64(allowance.instructions)
        counters.pointee.memory_cap = allowance.memoryBytes
        counters.pointee.deadline = allowance.seconds > 0 ? vcs_monotonic() + allowance.seconds : 0
    }

    /// The limit that tripped, if one did (`VCS_TRIP_…`).
    var tripped: Int32? {
        counters.pointee.tripped == VCS_TRIP_NONE ? nil : counters.pointee.tripped
    }

    /// Whether Ctrl-C stopped the running code.
    var wasInterrupted: Bool { counters.pointee.tripped == VCS_TRIP_INTERRUPT }

    /// The message of the limit a scenario ran into, if any: a refused allocation counts
    /// only when the error that ended the scenario is Lua's "not enough memory".
    func message(endingWith error: LuaError?) -> String? {
        let outOfMemory = error?.kind == .outOfMemory && counters.pointee.refusals > 0
        if let tripped { return message(for: tripped) }
        return outOfMemory ? message(for: VCS_TRIP_MEMORY) : nil
    }

    /// `file:line` of the script where the allocator refused memory, for an error that is
    /// Lua's "not enough memory": Lua runs no message handler for it, so the place is the
    /// one the allocator noted as it refused (D-91). Nil for any other error.
    func refusalPlace(endingWith error: LuaError?) -> String? {
        guard error?.kind == .outOfMemory, counters.pointee.refusals > 0 else { return nil }
        let place = withUnsafeBytes(of: counters.pointee.refused_at) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        return place.isEmpty ? nil : place
    }

    /// The text of each limit, as the scenario's failure states it.
    func message(for trip: Int32) -> String {
        switch trip {
        case VCS_TRIP_INSTRUCTIONS:
            return "instruction budget exceeded: the scenario ran more than \(allowance.instructions) Lua instructions"
        case VCS_TRIP_TIME:
            return "timed out: the scenario ran longer than \(Self.seconds(allowance.seconds))"
        case VCS_TRIP_MEMORY:
            return "memory cap exceeded: the scenario used more than \(allowance.memoryBytes >> 20) MiB"
        default:
            return "interrupted"
        }
    }

    /// What to do about the limit `trip`, when the command line can change it: the time
    /// limit is `--timeout`'s.
    func nextStep(for trip: Int32) -> String? {
        guard trip == VCS_TRIP_TIME else { return nil }
        return "give it longer with --timeout SECONDS (the limit is \(Self.seconds(allowance.seconds)))"
    }

    /// Whether a call from UIKit into Lua `depth` calls deep goes past the allowance.
    func refusesCall(atDepth depth: Int) -> Bool {
        allowance.callbackDepth > 0 && depth >= allowance.callbackDepth
    }

    var depthMessage: String {
        "callback depth limit exceeded: more than \(allowance.callbackDepth) "
            + "calls from UIKit into Lua nested in one another (an endless recursion through callbacks?)"
    }

    static func seconds(_ value: Double) -> String {
        formatNumber(value) + " s"
    }
}
