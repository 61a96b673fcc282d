/// The report a person reads in a terminal after `vcsandbox test` (SPEC §2).
///
/// A line per scenario first, so progress is easy to scan; then each failure in full, so
/// the reader does not have to scroll back; then a plain last line that scripts can parse.
///
/// ```
/// ✓ scripts/nav/push.lua: push then pop (3 ms)
/// ✗ scripts/nav/pop.lua: pop to root (<1 ms)
/// ○ scripts/nav/pop.lua: pop in a sheet (to do)
///
/// ✗ scripts/nav/pop.lua: pop to root
/// scripts/nav/pop.lua:12: first difference at line 2 of the expected block: …
///       A.viewWillDisappear(true)
///     - B.viewDidAppear(true)
///
/// 1 passed, 1 failed, 1 skipped
/// ```
///
/// A scenario that was not run (`scenario.skip`, `scenario.todo`) shows `○` and why, and
/// the totals count it as skipped; the `, N skipped` part is left out when there is none.
/// Control characters from the script (in a name, a message, a printed line) are written
/// as Lua writes them, `\27` for ESC (`visibleText`, D-90), so only the report's own
/// colours reach the terminal.
public struct HumanReporter {
    private let color: Bool

    /// Makes a reporter that uses ANSI colours only when `color` is true.
    public init(color: Bool) {
        self.color = color
    }

    /// The whole report, ending with the line `N passed, N failed` (`, N skipped` may
    /// follow) and a newline.
    ///
    /// Results are shown in the order given; the caller sorts them so that the report
    /// does not depend on which worker finished first.
    public func report(_ results: [ScenarioResult]) -> String {
        var lines = results.map(summaryLine)
        lines.append("")
        for result in results where result.failed {
            lines += failureSection(result)
            lines.append("")
        }
        lines.append(totals(results))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `✓ title (12 ms)`, `✗ title (12 ms)`, `✎ title (12 ms)` (a run that wrote its files),
    /// or `○ title (skipped)` and `○ title (to do)`.
    func summaryLine(_ result: ScenarioResult) -> String {
        let note = result.notRun.map { "(\($0.words))" } ?? Self.duration(result.seconds)
        return mark(result) + " " + result.title.visibleLine + " " + paint(note, .dim)
    }

    /// The title, `location: message`, the indented details and the captured output.
    func failureSection(_ result: ScenarioResult) -> [String] {
        guard let failure = result.failure else { return [] }
        var lines = [mark(result) + " " + paint(result.title.visibleLine, .bold)]
        let headline = failure.headline
        lines += Self.lines(of: headline.visibleText)
        lines += Self.indented(failure.details.visibleText, by: 4)
        if let next = failure.nextStep { lines.append("    next: " + next.visibleText) }
        if !result.output.isEmpty {
            lines.append("    output:")
            lines += Self.indented(result.output.visibleText, by: 8)
        }
        return lines
    }

    /// The final plain line, never coloured so that scripts can read it: `N passed, N
    /// failed`, then `, N recorded` and `, N accepted` when a run wrote files (D-72).
    public func totals(_ results: [ScenarioResult]) -> String {
        results.totalsText
    }

    /// A wall-clock time in parentheses: `(<1 ms)` under a millisecond, else whole ms.
    static func duration(_ seconds: Double) -> String {
        let milliseconds = seconds * 1000
        guard milliseconds >= 1 else { return "(<1 ms)" }
        return "(\(Int(milliseconds.rounded())) ms)"
    }

    /// The lines of a text, without the empty line a final newline would add.
    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The lines of a text, each non-empty one indented by `width` spaces.
    static func indented(_ text: String, by width: Int) -> [String] {
        let margin = String(repeating: " ", count: width)
        return lines(of: text).map { $0.isEmpty ? $0 : margin + $0 }
    }

    /// `✓` passed, `✗` failed, `✎` written by `--record` or `--accept` (not checked).
    private func mark(_ result: ScenarioResult) -> String {
        switch result.status {
        case .passed: paint("✓", .green)
        case .failed: result.failureKind == .failed ? paint("✗", .red) : paint("✎", .yellow)
        case .skipped, .todo: paint("○", .yellow)
        }
    }

    /// The text wrapped in an ANSI style when colour is on.
    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m" + text + "\u{1B}[0m" : text
    }

    /// The ANSI select-graphic-rendition codes the report uses.
    private enum Style: Int {
        case bold = 1
        case dim = 2
        case red = 31
        case green = 32
        case yellow = 33
    }
}
