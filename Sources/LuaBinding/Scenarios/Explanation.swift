import HierarchyEngine
import ScenarioKit

/// `trace.explain()` (issue 22): the trace since its last clear, as `trace.lines()` compares
/// it, each line with the rules that produced it and how sure they are, the turns and the
/// virtual time marked (`TraceExplanation`).
let explainFunctions: [APIFunction] = [
    APIFunction(
        "explain", in: "trace", named: "trace.explain", returns: "string",
        doc: "The trace since its last clear with the rules behind each line and how sure each is (docs/RULES.md)."
    ) { call in
        let session = call.session
        let trace = session.world.trace
        guard session.explainsTraces, let timeline = trace.timeline else {
            let file = session.script.file.isEmpty ? "FILE" : shellQuoted(session.script.file)
            throw ScriptError(
                "trace.explain() answers under `vcsandbox run` and in the REPL, which keep the trace's timeline "
                    + "(`vcsandbox test` does not, to stay fast): vcsandbox run \(file) --explain")
        }
        session.stack.push(TraceExplanation.text(of: trace.events, marks: timeline.marks, filter: session.filter))
        return 1
    }
]
