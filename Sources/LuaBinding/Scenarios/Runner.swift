import CLua
import HierarchyEngine
import ScenarioKit

/// One scenario's result together with the trace its world recorded.
public struct ScenarioOutcome {
    public var result: ScenarioResult
    public var events: TraceEvents
    /// The categories the scenario compared when it ended.
    public var filter: CategoryFilter
    /// The checks the scenario made inline: calls of `expect [[…]]`, `expect.equal`,
    /// `expect.error` and `assert`, passing or not.
    public var checks = 0
    /// The failing `expect` blocks to rewrite, when the session accepts (`--accept`).
    public var rewrites: [BlockRewrite] = []
    /// The `expect` blocks that matched, when the session accepts.
    public var matchedBlocks: [BlockRewrite] = []
    /// What the script's top level printed before a declared scenario ran; empty for a
    /// script that is its own scenario. A report shows it with the scenario's failure.
    public var topLevelOutput = ""
    /// The hierarchy the scenario's world ended with, when the session keeps it (`--tree`).
    public var hierarchy: String?
    /// When and why each event happened, when the session keeps the timeline (`--explain`).
    public var marks: [Timeline.Mark]?

    /// The scenario's whole compared trace: what a golden `.trace` file holds.
    public var comparedLines: [String] { filter.lines(of: events) }

    /// The scenario's trace as a sequence diagram: the categories it compared, or every one
    /// with `allEvents` (`vcsandbox run --diagram … --all-events`).
    /// With the timeline, the turns and their virtual time are marked (issue 22); at most
    /// `limit` steps are drawn.
    public func diagram(allEvents: Bool = false, limit: Int = .max) -> SequenceDiagram {
        let filter = allEvents ? CategoryFilter.all : filter
        return SequenceDiagram(events: events, marks: marks, where: filter.includes, limit: limit)
    }
}

/// Running scripts: a script is one scenario, or declares several with `scenario(name, fn)`,
/// each run in a fresh world (SPEC §5); those declared with `scenario.skip` or
/// `scenario.todo` are reported without being run. A script's end settles implicitly.
extension Session {
    /// Runs a script's text; `file` names it in messages (`file:line:`) and in results.
    ///
    /// Only the scenarios whose names `selecting` accepts run and are returned (a script
    /// without declared scenarios runs in full, and is returned if its name is accepted).
    /// A failing top level is returned as `(top level)` when anything of the script is.
    public func runScript(
        source: String, file: String, selecting: (String) -> Bool = { _ in true }
    ) -> [ScenarioOutcome] {
        let name = Self.scenarioName(forFile: file)
        startScript(file: file)
        defer { endScript() }
        if let error = load(Self.readable(source), chunkName: "@" + file) {
            guard selecting(name) else { return [] }
            return [
                ScenarioOutcome(
                    result: ScenarioResult(file: file, name: name, line: 1, failure: failure(from: error)),
                    events: TraceEvents(),
                    filter: filter)
            ]
        }
        let chunk = stack.reference()
        defer { stack.release(chunk) }
        let main = runScenario(file: file, name: name, line: 1) { $0.stack.pushReference(chunk) }
        guard !script.declaredScenarios.isEmpty else { return selecting(name) ? [main] : [] }
        return runDeclaredScenarios(file: file, after: main, selecting: selecting)
    }

    /// A script file's text as `lua` reads a file (`luaL_loadfilex`): without a UTF-8
    /// byte-order mark, and with a first line starting with `#` (a `#!` line) emptied, its
    /// line break kept so that every line keeps its number (issue 17, item 15).
    static func readable(_ source: String) -> String {
        var text = source.hasPrefix("\u{FEFF}") ? String(source.dropFirst()) : source
        if text.hasPrefix("#") { text = String(text.drop { $0 != "\n" && $0 != "\r\n" }) }
        return text
    }

    /// The scenarios a script declares, found by running its top level and none of them
    /// (`vcsandbox test --list`); a script that declares none is one scenario, named after
    /// its file. `failure` says why the script could not be read or its top level failed.
    public func declaredScenarios(
        source: String, file: String
    )
        -> (scenarios: [(name: String, notRun: ScenarioResult.NotRun?)], failure: Failure?)
    {
        let name = Self.scenarioName(forFile: file)
        startScript(file: file)
        defer { endScript() }
        if let error = load(Self.readable(source), chunkName: "@" + file) { return ([], failure(from: error)) }
        let chunk = stack.reference()
        defer { stack.release(chunk) }
        let main = runScenario(file: file, name: name, line: 1) { $0.stack.pushReference(chunk) }
        guard !script.declaredScenarios.isEmpty else { return ([(name, nil)], nil) }
        return (script.declaredScenarios.map { ($0.name, $0.notRun) }, main.result.failure)
    }

    private func runDeclaredScenarios(
        file: String, after main: ScenarioOutcome, selecting: (String) -> Bool
    ) -> [ScenarioOutcome] {
        var outcomes: [ScenarioOutcome] = []
        let selected = script.declaredScenarios.filter { selecting($0.name) }
        if !main.result.passed, !selected.isEmpty || selecting("(top level)") {
            var failed = main
            failed.result.name = "(top level)"
            outcomes.append(failed)
        }
        script.isRunningScenarios = true
        guard !selected.isEmpty else { return outcomes }
        // Each scenario starts from the top level as it was, not as the last one left it (D-83).
        let topLevel = TopLevelSnapshot(stack: stack)
        defer { topLevel.release(stack) }
        for scenario in selected {
            // Ctrl-C in the REPL's :load stops the script, not only its running scenario.
            if limits.wasInterrupted { break }
            if let notRun = scenario.notRun {
                let result = ScenarioResult(file: file, name: scenario.name, line: scenario.line, notRun: notRun)
                outcomes.append(ScenarioOutcome(result: result, events: TraceEvents(), filter: .default))
                continue
            }
            resetWorld()
            topLevel.restore(stack)
            var outcome = runScenario(file: file, name: scenario.name, line: scenario.line) {
                $0.stack.pushReference(scenario.function)
            }
            outcome.topLevelOutput = main.result.output
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// Runs the function `pushFunction` pushes as one scenario of the current world, then
    /// settles the world; collects its failure, output and timing. `line` is where the
    /// script declares the scenario.
    func runScenario(file: String, name: String, line: Int?, pushFunction: (Session) -> Void) -> ScenarioOutcome {
        willRunScenario?(name)
        let clock = ContinuousClock()
        let start = clock.now
        startAllowance()
        var error = runProtected(pushFunction: { pushFunction(self) }, pushArguments: { _ in 0 })
        if error == nil { error = settleAtEnd() }
        var found = run.expectationFailure ?? error.map(failure(from:))
        if let limit = limits.message(endingWith: error) {
            found = Failure(
                location: found?.location ?? limits.refusalPlace(endingWith: error) ?? file, message: limit,
                details: found?.details ?? "",
                nextStep: limits.tripped.flatMap(limits.nextStep(for:)))
        }
        if let failure = found { found = withWarnings(failure) }
        let elapsed = clock.now - start
        let seconds = elapsed / .seconds(1)
        var outcome = ScenarioOutcome(
            result: ScenarioResult(
                file: file, name: name, line: line, failure: found, output: Self.shown(run.output), seconds: seconds),
            events: world.trace.events, filter: filter, checks: run.checks, rewrites: run.rewrites,
            matchedBlocks: run.matchedBlocks)
        outcome.hierarchy = keepsHierarchy.map(hierarchy(as:))
        outcome.marks = world.trace.timeline?.marks
        return outcome
    }

    /// `failure` with the warnings UIKit logged in the scenario after its details: what a
    /// developer reads in Xcode's console beside a failing test, often its cause.
    private func withWarnings(_ failure: Failure) -> Failure {
        let warnings = world.trace.events.filter { $0.category == .warning }.map { $0.name }
        guard !warnings.isEmpty else { return failure }
        var failure = failure
        let section = "UIKit warned:\n" + warnings.map { "  " + $0 }.joined(separator: "\n")
        failure.details = failure.details.isEmpty ? section : failure.details + "\n" + section
        return failure
    }

    /// The implicit `settle()` at a script's end, and any error an override raised in it.
    private func settleAtEnd() -> LuaError? {
        do {
            try world.runLoop.settle()
        } catch {
            return LuaError(.host, text: luaMessage(for: error))
        }
        return run.takePendingError()
    }

    /// The most of a scenario's `print` output a result keeps: a report shows it whole.
    static let shownOutputBytes = 64 << 10

    /// The output as a result keeps it: whole up to `shownOutputBytes`, else its beginning
    /// and a line saying how much there was.
    static func shown(_ output: String) -> String {
        let bytes = output.utf8.count
        guard bytes > shownOutputBytes else { return output }
        let head = String(decoding: output.utf8.prefix(shownOutputBytes), as: UTF8.self)
        return head + "\n… (the output was \(bytes) bytes; the first \(shownOutputBytes) are shown)\n"
    }

    /// A failure from a Lua error: its place, its message's first line, and the rest with
    /// the traceback as details. An error raised without a place, or inside the binding's
    /// own Lua (`print`, chunk `vcsandbox`), is placed at the innermost line of the script.
    func failure(from error: LuaError) -> Failure {
        let lines = error.text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        var details = lines.count > 1 ? String(lines[1]) : ""
        if !error.traceback.isEmpty { details += (details.isEmpty ? "" : "\n") + error.traceback }
        var location = error.location
        if location == nil || location!.hasPrefix("vcsandbox:") { location = error.scriptLocation ?? location }
        return Failure(location: location, message: String(lines[0]), details: String(details.drop { $0 == "\n" }))
    }

    /// A script's name without its folder and `.lua`: the name of its only scenario.
    public static func scenarioName(forFile file: String) -> String {
        let base = file.utf8.split(separator: UInt8(ascii: "/")).last.map { String(Substring($0)) } ?? file
        return base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
    }
}

/// The forms `--tree` and `:tree` draw a hierarchy in.
public enum HierarchyForm: String, CaseIterable, Sendable {
    /// `hierarchyText`'s indented lines.
    case text
    /// A Mermaid flowchart (`hierarchyMermaid`).
    case mermaid
}

extension Session {
    /// The world's hierarchy in `form`, each controller labelled as the REPL labels it.
    public func hierarchy(as form: HierarchyForm) -> String {
        let describe = { (controller: ViewController) in
            self.target(of: controller).map(self.label(of:)) ?? "<\(controller.name)>"
        }
        switch form {
        case .text: return world.hierarchyText(describe: describe)
        case .mermaid: return world.hierarchyMermaid(describe: describe)
        }
    }
}
