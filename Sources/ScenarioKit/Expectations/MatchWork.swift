/// The work of one comparison of a block with the trace, counted: line comparisons and
/// alignment cells, with a check every `checkInterval` comparisons that may stop it.
///
/// Matching is a loop in Swift, where Lua's count hook cannot reach, so the time limit
/// would not stop it: the binding passes a check of the scenario's clock, which throws to
/// end the comparison (issue 18). The counts let tests bound the work without a clock.
///
/// ```swift
/// let work = MatchWork()   // never stops
/// _ = try Expectation.compare(expected: block, actual: lines, work: work)
/// #expect(work.comparisons <= 2 * block.count * lines.count)
/// ```
final class MatchWork<Stop: Error> {
    /// Line comparisons so far.
    private(set) var comparisons = 0
    /// Cells of alignment tables filled so far.
    private(set) var cells = 0
    private let check: () throws(Stop) -> Void

    /// How many comparisons run between two checks: a check reads a clock, a comparison
    /// costs tens of nanoseconds.
    static var checkInterval: Int { 4096 }

    init(check: @escaping () throws(Stop) -> Void) {
        self.check = check
    }

    /// Whether `line` matches `pattern`, counted; the check runs every `checkInterval` calls.
    func matches(_ pattern: LinePattern, _ line: String) throws(Stop) -> Bool {
        comparisons += 1
        if comparisons % Self.checkInterval == 0 { try check() }
        return pattern.matches(line)
    }

    /// Counts the cells of an alignment table about to be filled.
    func fill(_ count: Int) {
        cells += count
    }
}

extension MatchWork where Stop == Never {
    /// Work that is counted and never stopped.
    convenience init() {
        self.init {}
    }
}
