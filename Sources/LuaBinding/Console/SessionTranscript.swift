/// The inputs that ran in one world of the REPL, as `:save` writes them: a scenario script
/// that replays them in order, settling as the session did, and checks after each the
/// trace it produced with an `expect` block.
///
///     local nav = NavigationController { "Nav", Controller "A" }
///     settle()
///     expect [[
///       Nav.viewDidLoad()
///       …
///     ]]
struct SessionTranscript {
    private struct Input {
        var source: String
        var isExpression: Bool
        /// Whether the expression gave a value, which `_` then held.
        var gaveValue: Bool
        /// Whether the expression is also a statement: a function call.
        var isCall: Bool
        var settles: Bool
        var trace: [String]
        /// Whether the input checked or cleared the trace itself (`expect…`, `trace.clear()`).
        var readsTheTrace: Bool
    }

    private var inputs: [Input] = []
    /// The script `:load` ran in this world before the inputs, which a saved script cannot
    /// replay.
    private(set) var loaded: String?

    init() {}

    /// A transcript of a world a script made (`:load`).
    init(loaded path: String) {
        loaded = path
    }

    var isEmpty: Bool { inputs.isEmpty }
    var count: Int { inputs.count }

    /// Keeps an input that ran without error, with the compared trace lines it produced.
    mutating func append(
        source: String, isExpression: Bool, gaveValue: Bool, isCall: Bool, settles: Bool, trace: [String],
        readsTheTrace: Bool
    ) {
        inputs.append(
            Input(
                source: source, isExpression: isExpression, gaveValue: gaveValue, isCall: isCall, settles: settles,
                trace: trace, readsTheTrace: readsTheTrace))
    }

    /// Whether the script adds `expect` blocks: only when no input checked or cleared the
    /// trace itself, since a block consumes what a later `expect` of the session's own would
    /// have compared, and the replay would differ.
    private var addsBlocks: Bool { !inputs.contains(where: \.readsTheTrace) }

    /// The scenario script.
    var script: String {
        var lines = [
            addsBlocks
                ? "-- Saved from a vcsandbox REPL session: each input, then the trace it produced."
                : "-- Saved from a vcsandbox REPL session, which checked the trace itself: its inputs, no blocks added."
        ]
        for input in inputs {
            lines.append("")
            // An expression keeps its value in `_`, as the REPL did, and is shown as the REPL
            // showed it unless it was a call, which the REPL typed to run, not to see.
            if input.isExpression, input.gaveValue {
                lines.append("_ = " + input.source)
                if !input.isCall { lines.append("print(_)") }
            } else {
                lines.append(input.source)
            }
            lines.append(input.settles ? "settle()" : "advance(0)")
            guard addsBlocks, !input.trace.isEmpty else { continue }
            lines.append("expect [[")
            lines += input.trace.map { "  " + $0 }
            lines.append("]]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
