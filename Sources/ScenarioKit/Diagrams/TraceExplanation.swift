import HierarchyEngine

/// A trace with the provenance of each line (`vcsandbox run --explain`, `trace.explain()`,
/// issue 22): the turn and virtual time each run of events began at, and after each event
/// the rules that were at work as the engine recorded it, most specific first, each with how
/// sure it is. The rules cited follow, once each, with what they say and their source.
///
///     -- turn 2, 0 s
///     A.viewWillDisappear(true)    NAV-02 observed · D-19 decision
///     ...
///     -- turn 3, 0.35 s
///     A.viewDidDisappear(true)     NAV-02 observed · D-144 decision
///
///     NAV-02 (observed): A push: … Source: five independent third-party logs …
public enum TraceExplanation {
    /// The explanation of `events` (each with its mark, in order) that `filter` keeps.
    public static func text(
        of events: some Sequence<TraceEvent>, marks: [Timeline.Mark], filter: CategoryFilter
    ) -> String {
        var rows: [(line: String, why: String)] = []
        var cited: [Rule] = []
        var turn: Int?
        for (event, mark) in zip(events, marks) where filter.includes(event) {
            if mark.turn != turn {
                turn = mark.turn
                rows.append(("-- turn \(mark.turn), \(seconds(mark.microseconds))", ""))
            }
            // A note is the script's, wherever it was written (an override's note runs inside
            // a transition, which is not why it is there).
            let causes = event.category == .note ? [] : Array(mark.causes.reversed())
            for cause in causes where !cited.contains(cause) { cited.append(cause) }
            rows.append((event.text, causes.isEmpty ? fallback(for: event) : words(causes)))
        }
        let width = min(72, rows.filter { !$0.why.isEmpty }.map(\.line.count).max() ?? 0)
        var text = rows.map { row in
            guard !row.why.isEmpty else { return row.line }
            let padding = String(repeating: " ", count: max(2, width + 2 - row.line.count))
            return row.line + padding + row.why
        }.joined(separator: "\n")
        if !cited.isEmpty {
            text += "\n\nrules cited (docs/RULES.md):\n"
            text += cited.map { "\($0.id) (\($0.certainty.rawValue)): \($0.summary) Source: \($0.source)." }
                .joined(separator: "\n")
        }
        return text + "\n"
    }

    private static func words(_ causes: [Rule]) -> String {
        causes.map { "\($0.id) \($0.certainty.rawValue)" }.joined(separator: " · ")
    }

    /// What stands for a rule where the engine named none: the script's own lines, UIKit's
    /// warnings, and the rest.
    private static func fallback(for event: TraceEvent) -> String {
        switch event.category {
        case .note: "the script's note()"
        case .warning: "UIKit's console warning, as UIKit logs it"
        default: "no rule recorded"
        }
    }

    /// `0 s`, `0.35 s`, `1.5 s`: virtual time without trailing zeros.
    static func seconds(_ microseconds: Int64) -> String {
        let whole = microseconds / 1_000_000
        var fraction = String(microseconds % 1_000_000)
        guard fraction != "0" else { return "\(whole) s" }
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction) s"
    }
}
