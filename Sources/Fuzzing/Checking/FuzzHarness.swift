import HierarchyEngine
import LuaBinding

/// The checks of a fuzzed scenario, installed into its session as the Lua table `fuzz` that
/// the checked script calls around each step (FuzzScript.checkedPrelude):
///
///     fuzz.before(n, kind)       -- a step starts: keep the state as it was
///     fuzz.after(n, ok, err)     -- it ended: an error must have changed nothing; links hold;
///                                -- after settle(), nothing runs or hangs half-way
///     fuzz.inside(site)          -- from inside a callback: the links hold there too
///     fuzz.gesture(g)            -- a gesture began: while a finger holds it, settle() may
///                                -- leave its transition running
///     fuzz.rebase()              -- the step ended the turn itself: the state now is its baseline
///
/// and at the end of every run-loop turn (`RunLoop.turnDidEnd`), the visibility invariants.
/// Each distinct violation is kept once, at the step it was first seen in.
public final class FuzzHarness {
    public private(set) var violations: [Violation] = []
    public private(set) var counts = StepCounts()
    /// A test's own check, run after every top-level step (family `planted`).
    let plantedCheck: ((World) -> String?)?
    private var seen: Set<String> = []
    private var baselines: [Baseline] = []
    /// The gestures and interactions begun, whose fingers may still hold a transition.
    private var gestures: [AnyObject] = []
    /// The top-level step running, or the last one that ran.
    private var currentStep = 0
    /// Set once the hierarchy loops: every call from the script then stops it.
    private var loop: String?
    /// Set once the script took a controller's appearance over (a step of kind
    /// `appearance`): from then on it may leave any controller in any state (CON-08), and
    /// the checks of what shows (visibility, on-screen, mid-appearance) stand down.
    private(set) var appearanceTakenOver = false

    /// The state before a step, and whether a turn has ended since it was taken.
    private struct Baseline {
        let id: Int
        let kind: StepKind
        var text: String
        var turnEnded = false
        var rebased = false
        /// Whether the client's code ran an operation of its own inside the step (from an
        /// override, a delegate, a block): its changes are the client's, not the step's.
        var ranNestedStep = false
    }

    /// The most violations one scenario keeps.
    static let keptViolations = 40

    public init(plantedCheck: ((World) -> String?)? = nil) {
        self.plantedCheck = plantedCheck
    }

    /// Installs the `fuzz` table into `session` and watches the turns of its worlds.
    public func install(into session: Session) {
        session.installHostFunction("before", in: "fuzz") { [unowned self] call in
            try stopIfLooping(call.session.world)
            return before(call)
        }
        session.installHostFunction("after", in: "fuzz") { [unowned self] call in
            try stopIfLooping(call.session.world)
            return after(call)
        }
        session.installHostFunction("inside", in: "fuzz") { [unowned self] call in
            try stopIfLooping(call.session.world)
            return inside(call)
        }
        session.installHostFunction("gesture", in: "fuzz") { [unowned self] call in
            try stopIfLooping(call.session.world)
            noteEscapedError(call)
            if case .object(let object) = call[0],
                object is InteractiveSwipe || object is PercentDrivenInteractiveTransition
            {
                gestures.append(object)
            }
            return .none
        }
        session.installHostFunction("rebase", in: "fuzz") { [unowned self] call in
            try stopIfLooping(call.session.world)
            noteEscapedError(call)
            if !baselines.isEmpty {
                baselines[baselines.count - 1].text = call.session.world.stateText
                baselines[baselines.count - 1].rebased = true
            }
            return .none
        }
        session.didMakeWorld = { [unowned self] world in
            lifeCounters.append(world.liveObjects)
            world.runLoop.turnDidEnd = { [unowned self, unowned world] in turnEnded(world) }
        }
    }

    /// The counters of the engine objects alive in each world the session made: they
    /// outlive their worlds, so that `checkNothingOutlived` can read them once the session
    /// is gone.
    private var lifeCounters: [LiveObjects] = []

    /// After the session is gone: every world it made, and every object in them, must be
    /// gone too (issue 17, item 11). The gestures this harness kept go first.
    func checkNothingOutlived() {
        gestures = []
        let alive = lifeCounters.reduce(0) { $0 + $1.count }
        guard alive > 0 else { return }
        record(.leak, "\(alive) engine objects (worlds, controllers, views) outlived the session that made them")
    }

    /// Keeps `message` under `family`, once per scenario.
    func record(_ family: Family, _ message: String, step: Int? = nil) {
        guard violations.count < Self.keptViolations, seen.insert("\(family.rawValue): \(message)").inserted else {
            return
        }
        violations.append(Violation(family: family, step: step ?? currentStep, message: message))
    }

    // MARK: The host functions

    private func before(_ call: HostCall) -> HostValue {
        noteEscapedError(call)
        let id = Int(call[0].number ?? 0)
        let kind = call[1].string.flatMap(StepKind.init(rawValue:)) ?? .operation
        if baselines.isEmpty {
            currentStep = id
        } else {
            counts.nested += 1
            for index in baselines.indices { baselines[index].ranNestedStep = true }
        }
        counts.steps += 1
        if kind == .appearance { appearanceTakenOver = true }
        baselines.append(Baseline(id: id, kind: kind, text: call.session.world.stateText))
        return .none
    }

    private func after(_ call: HostCall) -> HostValue {
        noteEscapedError(call)
        guard let baseline = baselines.popLast() else { return .none }
        let world = call.session.world
        if !call[1].isTrue, let message = call[2].string { judgeError(message, baseline: baseline, world: world) }
        guard baselines.isEmpty else {
            checkLinks(world, family: .callbackLinks, place: "after step \(baseline.id), inside a callback")
            return .none
        }
        checkLinks(world)
        if baseline.kind == .settle { checkSettled(world, openGestureCount: openGestures(gestures).count) }
        if let planted = plantedCheck?(world) { record(.planted, planted) }
        return .none
    }

    private func inside(_ call: HostCall) -> HostValue {
        noteEscapedError(call)
        let site = call[0].string ?? "?"
        checkLinks(call.session.world, family: .callbackLinks, place: "inside \(site)")
        return .none
    }

    /// A kept error seen as Lua calls in is one the call that ran its override did not raise.
    private func noteEscapedError(_ call: HostCall) {
        guard let kept = call.takeKeptError() else { return }
        record(
            .escapedError,
            "an error kept from a callback reached the script outside the call that ran it, "
                + "at fuzz.\(call.name) after step \(currentStep): \(kept)")
    }

    /// Stops the scenario (with an error no `pcall` of the script sees first, since `step`
    /// calls the harness outside its own) once the hierarchy loops: the engine's next walk up
    /// the parents or down the views would never end.
    private func stopIfLooping(_ world: World) throws {
        if loop == nil, let (family, found) = Self.cycle(in: world) {
            loop = found
            record(family, found)
        }
        if let loop { throw FuzzAbort(reason: loop) }
    }

    private func turnEnded(_ world: World) {
        for index in baselines.indices { baselines[index].turnEnded = true }
        if loop == nil, let (family, found) = Self.cycle(in: world) {
            loop = found
            record(family, found)
        }
        guard loop == nil, !appearanceTakenOver else { return }
        for violation in world.invariantViolations(.visibility) where !Self.isClientDriven(violation, world) {
            record(.visibility, "at the end of a turn at \(world.runLoop.now) s: \(violation)")
        }
    }

    // MARK: Errors

    /// Sorts a step's error and holds the engine's refusals to changing nothing. A planted
    /// error (or the callback depth limit) comes from an override, which does not undo the
    /// operation that ran it; a step that let a turn end on its own (a gesture without
    /// `rebase`), or in which the client's code ran operations of its own (a delegate asked
    /// before the refusal), cannot be compared either.
    private func judgeError(_ message: String, baseline: Baseline, world: World) {
        switch ErrorClass(message) {
        case .planted: counts.planted += 1
        case .script: counts.usageErrors += 1
        case .depthLimit: counts.limits += 1
        case .limit:
            counts.limits += 1
            record(.hang, "step \(baseline.id) ran into a limit: \(message)")
        case .exception, .usage:
            if ErrorClass(message) == .exception { counts.exceptions += 1 } else { counts.usageErrors += 1 }
            guard baseline.rebased || !baseline.turnEnded, !baseline.ranNestedStep else { return }
            let after = world.stateText
            guard after != baseline.text else { return }
            record(
                .unchanged,
                "step \(baseline.id) raised \"\(message)\" but changed the state:\n"
                    + Self.difference(from: baseline.text, to: after),
                step: baseline.id)
        }
    }

    /// The lines of state that differ, old ones marked `-`, new ones `+`.
    static func difference(from old: String, to new: String) -> String {
        let oldLines = old.split(separator: "\n")
        let newLines = new.split(separator: "\n")
        let removed = oldLines.filter { !newLines.contains($0) }.map { "  - " + $0 }
        let added = newLines.filter { !oldLines.contains($0) }.map { "  + " + $0 }
        return (removed + added).prefix(12).joined(separator: "\n")
    }
}

/// How many steps ran and how their errors sorted.
public struct StepCounts: Sendable, Codable, Equatable {
    /// Steps run, top-level and nested.
    public var steps = 0
    /// Steps run from inside callbacks.
    public var nested = 0
    /// Steps that raised a UIKit exception.
    public var exceptions = 0
    /// Steps that raised any other error of the engine or the binding (a usage error).
    public var usageErrors = 0
    /// Steps that raised an error planted in an override.
    public var planted = 0
    /// Steps stopped by a limit (the callback depth, or worse).
    public var limits = 0

    public init() {}

    public static func + (lhs: StepCounts, rhs: StepCounts) -> StepCounts {
        var sum = lhs
        sum.steps += rhs.steps
        sum.nested += rhs.nested
        sum.exceptions += rhs.exceptions
        sum.usageErrors += rhs.usageErrors
        sum.planted += rhs.planted
        sum.limits += rhs.limits
        return sum
    }

    /// Steps that raised, for whatever reason.
    public var raised: Int { exceptions + usageErrors + planted + limits }
}

/// What kind of error a step raised, from its message.
enum ErrorClass: Equatable {
    /// An error an override raised on purpose.
    case planted
    /// Lua's own error about a local the shrinker left unassigned (`attempt to index a nil
    /// value`): the script's, raised between the getters of a step, so not held to anything.
    case script
    case depthLimit, limit, exception, usage

    init(_ message: String) {
        if message.contains(ScenarioGenerator.plantedMarker) {
            self = .planted
        } else if message.contains("attempt to index a nil value") || message.contains("attempt to call a nil value") {
            self = .script
        } else if message.contains("callback depth limit exceeded") {
            self = .depthLimit
        } else if Self.limitWords.contains(where: message.contains) {
            self = .limit
        } else if message.contains("Exception: ") || message.contains("UIViewControllerHierarchyInconsistency") {
            self = .exception
        } else {
            self = .usage
        }
    }

    static let limitWords = [
        "instruction budget exceeded", "timed out:", "memory cap exceeded", "the run loop was still busy",
    ]
}
