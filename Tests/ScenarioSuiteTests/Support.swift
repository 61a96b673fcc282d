import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit
import Testing

/// The package root: three levels up from this file (Tests/ScenarioSuiteTests/<file>).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One run of a shipped script: its path from the package root, as messages name it
/// (`scripts/containment/A-2-add-child-to-visible-parent.lua`), and the profile's iOS version.
struct ScriptRun: Sendable, CustomTestStringConvertible {
    let file: String
    let iosVersion: Int

    var testDescription: String { iosVersion == Profile().iosVersion ? file : "\(file) under iOS \(iosVersion)" }

    /// Every `*.lua` file under `scripts/`, sorted, each under the default profile; those
    /// under `scripts/profiles/` once more under iOS 12, as `make test` runs them (M-12).
    static let all: [ScriptRun] = {
        let files = shippedScripts()
        let defaults = files.map { ScriptRun(file: $0, iosVersion: Profile().iosVersion) }
        let older = files.filter { $0.hasPrefix("scripts/profiles/") }.map { ScriptRun(file: $0, iosVersion: 12) }
        return defaults + older
    }()

    /// The scripts under `scripts/`, as paths from the package root, sorted.
    private static func shippedScripts() -> [String] {
        let folder = packageRoot.appendingPathComponent("scripts").path
        let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return found.filter(ScriptDiscovery.isScript).map { "scripts/" + $0 }.sorted()
    }
}

/// Checks a session's worlds after every run-loop turn and keeps what broke, with the
/// scenario and the virtual time it broke at.
///
/// A broken state usually lasts, so each violation is kept once per scenario, at the turn
/// it was first seen, with the number of turns it was seen in.
final class InvariantWatch {
    private var scenario: String
    private var seen: [String: Int] = [:]
    private var order: [(key: String, time: Double)] = []

    /// Watches every world `session` makes from now on, and the one it has.
    init(_ session: Session, file: String) {
        scenario = Session.scenarioName(forFile: file)
        session.willRunScenario = { [unowned self] name in scenario = name }
        session.didMakeWorld = { [unowned self] world in watch(world) }
    }

    private func watch(_ world: World) {
        world.runLoop.turnDidEnd = { [unowned self, unowned world] in
            for violation in world.invariantViolations() { note(violation, at: world.runLoop.now) }
        }
    }

    private func note(_ violation: String, at time: Double) {
        let key = "scenario \"\(scenario)\": \(violation)"
        if seen[key] == nil { order.append((key, time)) }
        seen[key, default: 0] += 1
    }

    /// The violations seen, in the order they first appeared.
    var violations: [String] {
        order.map { key, time in
            let turns = seen[key] ?? 1
            return
                "\(key) (at \(formatNumber(time)) s of virtual time; seen after \(turns) turn\(turns == 1 ? "" : "s"))"
        }
    }
}
