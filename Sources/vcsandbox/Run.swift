import ArgumentParser
import Foundation
import HierarchyEngine
import LuaBinding
import ScenarioKit

/// `vcsandbox run FILE|-`: runs one script, printing what it prints; exit status 1 when an
/// expectation or the script fails, 2 when the file cannot be read.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run one scenario script.")

    @Argument(help: "The script to run, or - for standard input.")
    var file: String

    @Flag(
        help: "Print each scenario's trace after the run: every event since it began or since its last trace.clear().")
    var trace = false

    @Flag(
        name: .customLong("all-events"),
        help: "With --trace, --diagram or --explain, take every category (loading, layout, view and release too).")
    var allEvents = false

    @Option(
        help: ArgumentHelp(
            "Print each scenario's trace as a sequence diagram: mermaid (text for GitHub Markdown) or svg "
                + "(one drawing, the scenarios one above the other).",
            valueName: "format"))
    var diagram: DiagramFormat?

    @Option(
        help: ArgumentHelp(
            "Print the hierarchy each scenario's world ended with: text (as the REPL's :tree) or mermaid (a flowchart).",
            valueName: "form"))
    var tree: HierarchyForm?

    @Flag(
        help: ArgumentHelp(
            "Print each scenario's trace with the rules that produced each line and how sure each rule is "
                + "(docs/RULES.md), marking the run-loop turns and virtual time."))
    var explain = false

    @OptionGroup var lua: SessionOptions

    // Unconditional, so that `--timeout -1` is read as a value and refused with the range.
    @Option(parsing: .unconditional, help: "Each scenario's wall-clock limit in seconds.")
    var timeout: Double = 10

    func validate() throws {
        try validateTimeout(timeout)
        guard !allEvents || trace || diagram != nil || explain else {
            throw ValidationError(
                "--all-events chooses which events --trace, --diagram or --explain show, so it needs one of them: "
                    + "vcsandbox run \(shellQuoted(file)) --trace --all-events")
        }
    }

    /// The run these arguments ask for.
    var script: ScriptRun {
        ScriptRun(
            file: file, trace: trace, allEvents: allEvents, ios: lua.ios, unsafe: lua.unsafe, timeout: timeout,
            diagram: diagram, tree: tree, explain: explain)
    }

    func run() throws { try script.run() }
}

/// One `vcsandbox run`, its arguments parsed and checked: by `Run`, or by `ScriptRun.quick`
/// for the common forms, without the argument parser's cost at start-up (issue 18).
struct ScriptRun: Equatable {
    var file: String
    var trace = false
    var allEvents = false
    var ios = 17
    var unsafe = false
    var timeout = 10.0
    var diagram: DiagramFormat?
    var tree: HierarchyForm?
    var explain = false

    /// Runs the script on a worker thread, watched as `test` watches its workers (D-45).
    func run() throws {
        let source = try readScript(file)
        let patience = Limits.patience(after: timeout)
        let status = runWatched(patience: patience) { beat in runScript(source, beat: beat) }
        guard let status else {
            printError("\(file): " + stuckMessage(after: patience))
            throw ExitCode(1)
        }
        if status != 0 { throw ExitCode(status) }
    }

    private func runScript(_ source: String, beat: @escaping (String) -> Void) -> Int32 {
        let session = Session(profile: Profile(iosVersion: ios), unsafe: unsafe, limits: .standard(seconds: timeout))
        // A drawing or a hierarchy is a document on standard output: what the script prints
        // goes to standard error then, so that `--diagram svg > trace.svg` stays an SVG file.
        let printsAside = diagram != nil || tree != nil
        session.printHandler = { text in
            if printsAside { printError(text) } else { printVisible(text) }
        }
        // What the script printed before the warning comes first, as on a terminal, even when
        // standard output is a file or a pipe.
        session.warningHandler = { text in
            fflush(nil)
            printError("warning: " + text)
        }
        session.willRunScenario = beat
        session.keepsHierarchy = tree
        session.explainsTraces = true
        let outcomes = session.runScript(source: source, file: file == "-" ? "stdin" : file)
        if trace { printTraces(outcomes) }
        if explain { printExplanations(outcomes) }
        if let diagram { printDiagrams(outcomes, as: diagram) }
        if tree != nil { printHierarchies(outcomes) }
        let failed = outcomes.filter(\.result.failed)
        for outcome in failed { printError(describe(outcome.result, named: outcomes.count > 1)) }
        return failed.isEmpty ? 0 : 1
    }

    private func printTraces(_ outcomes: [ScenarioOutcome]) {
        for outcome in outcomes {
            let notRun = outcome.result.notRun.map { " (\($0.words))" } ?? ""
            if outcomes.count > 1 { print("-- \(outcome.result.name.visibleLine)" + notRun) }
            let filter = allEvents ? CategoryFilter.all : outcome.filter
            for line in filter.lines(of: outcome.events) { print(line.visibleLine) }
        }
    }

    /// Each scenario's trace with the rules behind each line, after its name when the script
    /// has several.
    private func printExplanations(_ outcomes: [ScenarioOutcome]) {
        for outcome in outcomes {
            if outcomes.count > 1 { print("-- \(outcome.result.name.visibleLine)") }
            let filter = allEvents ? CategoryFilter.all : outcome.filter
            let text = TraceExplanation.text(of: outcome.events, marks: outcome.marks ?? [], filter: filter)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                print(String(line).visibleLine)
            }
        }
    }

    /// The hierarchy each scenario ended with, after its name when the script has several.
    private func printHierarchies(_ outcomes: [ScenarioOutcome]) {
        for outcome in outcomes {
            guard let hierarchy = outcome.hierarchy else { continue }
            if outcomes.count > 1 { print((tree == .mermaid ? "%% " : "-- ") + outcome.result.name.visibleLine) }
            print(hierarchy, terminator: "")
        }
    }

    /// Each scenario's trace as a diagram, titled with the scenario's name, one after another.
    private func printDiagrams(_ outcomes: [ScenarioOutcome], as format: DiagramFormat) {
        let diagrams = outcomes.map { outcome in
            (title: Optional(outcome.result.name.visibleLine), diagram: outcome.diagram(allEvents: allEvents))
        }
        switch format {
        case .mermaid:
            print(diagrams.map { $0.diagram.mermaid(title: $0.title) }.joined(separator: "\n"), terminator: "")
        case .svg:
            // One document: the scenarios' diagrams one above the other.
            print(SequenceDiagram.svgDocument(diagrams), terminator: "")
        }
    }

    /// A failure as `file:line: message`, then its diff or traceback; with the scenario's
    /// name first when the script has several.
    private func describe(_ result: ScenarioResult, named: Bool) -> String {
        guard let failure = result.failure else { return "" }
        var text = failure.headline
        if named { text = "[\(result.name.visibleLine)] " + text }
        if !failure.details.isEmpty { text += "\n" + failure.details }
        if let next = failure.nextStep { text += "\nnext: " + next }
        return text
    }
}

/// The text of a script file, or of standard input for `-`; exit status 2 when unreadable.
func readScript(_ path: String) throws -> String {
    if path == "-" {
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        printError(
            "vcsandbox: \(path) is a folder, and `vcsandbox run` runs one script; "
                + "to run every script under it: vcsandbox test \(shellQuoted(path))")
        throw ExitCode(2)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read as a file" : "no such file"
        printError("vcsandbox: cannot read \(path): \(reason)")
        throw ExitCode(2)
    }
    return String(decoding: data, as: UTF8.self)
}

/// The formats `--diagram` draws in.
enum DiagramFormat: String, ExpressibleByArgument, CaseIterable {
    case mermaid, svg
}

extension HierarchyForm: ExpressibleByArgument {}
