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
        /// Whether the expression is also a statement: a function call.
        var isCall: Bool
        var settles: Bool
        var trace: [String]
    }

    private var inputs: [Input] = []
    /// The script `:load` ran in this world before the inputs, which a saved script cannot
    /// replay.
    private var loaded: String?

    init() {}

    /// A transcript of a world a script made (`:load`).
    init(loaded path: String) {
        loaded = path
    }

    var isEmpty: Bool { inputs.isEmpty }
    var count: Int { inputs.count }

    /// Keeps an input that ran without error, with the compared trace lines it produced.
    mutating func append(source: String, isExpression: Bool, isCall: Bool, settles: Bool, trace: [String]) {
        inputs.append(
            Input(source: source, isExpression: isExpression, isCall: isCall, settles: settles, trace: trace))
    }

    /// The scenario script.
    var script: String {
        var lines = ["-- Saved from a vcsandbox REPL session: each input, then the trace it produced."]
        if let loaded {
            lines.append("-- The world began with `:load \(loaded)`, which this script does not replay.")
        }
        for input in inputs {
            lines.append("")
            // An expression keeps its value in `_`, as the REPL did, and is shown as the REPL
            // showed it unless it was a call, which the REPL typed to run, not to see.
            if input.isExpression {
                lines.append("_ = " + input.source)
                if !input.isCall { lines.append("print(_)") }
            } else {
                lines.append(input.source)
            }
            lines.append(input.settles ? "settle()" : "advance(0)")
            guard !input.trace.isEmpty else { continue }
            lines.append("expect [[")
            lines += input.trace.map { "  " + $0 }
            lines.append("]]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
