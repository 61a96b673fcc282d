/// The first place where a comparison went wrong, as one sentence for the failure headline.
///
/// The diff shows everything; the headline answers "where do I look?" in words, naming
/// the entry of the expected block and the line the trace had instead.
struct Divergence: CustomStringConvertible {
    let comparison: Comparison
    let expected: [ExpectedLine]

    init(_ comparison: Comparison, expected: [ExpectedLine]) {
        self.comparison = comparison
        self.expected = expected
    }

    var description: String {
        guard let start = comparison.lines.firstIndex(where: isChange) else {
            return comparison.matched ? "the trace matches the expected block" : "the trace differs"
        }
        let run = comparison.lines[start...].prefix(while: isChange)
        guard let entry = comparison.firstDivergence else {
            return extraLines(comparison.lines.count - start, first: firstActual(in: run))
        }
        return "first difference at line \(entry) of the expected block: "
            + difference(in: run, entry: entry, atEnd: start + run.count == comparison.lines.count)
    }

    /// What the changed run says about the expected entry `entry`.
    private func difference(in run: ArraySlice<DiffLine>, entry: Int, atEnd: Bool) -> String {
        let missing = firstExpected(in: run)
        let found = firstActual(in: run)
        let wanted = quoted(missing ?? text(ofEntry: entry))
        let start = run.startIndex
        if let found, missing != nil { return "expected \(wanted), but the trace has \(quoted(found))" }
        if let found {
            // An entry the block expects further down, which the trace has already.
            if let distance = distance(from: start, to: .expected(found)) {
                return "the trace has \(quoted(found)) \(lines(distance)) earlier than expected, before \(wanted)"
            }
            return "the trace has an unexpected \(quoted(found)) before \(wanted)"
        }
        if atEnd { return "expected \(wanted), but the trace ended" }
        if let missing, let distance = distance(from: start, to: .actual(missing)) {
            return "expected \(wanted), which comes \(lines(distance)) later in the trace"
        }
        return "expected \(wanted), which the trace does not have"
    }

    /// How many lines of the trace lie between the diff line at `start` and the first `line`
    /// after it: how far an entry out of order is from its place. Nil when there is none.
    private func distance(from start: Int, to line: DiffLine) -> Int? {
        guard let end = comparison.lines[(start + 1)...].firstIndex(of: line) else { return nil }
        return comparison.lines[(start + 1)..<end].count { line in
            if case .expected = line { return false }
            return true
        }
    }

    private func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }

    /// The headline when every expected entry matched and the trace went on.
    private func extraLines(_ count: Int, first: String?) -> String {
        let noun = count == 1 ? "line" : "lines"
        let head = "the trace has \(count) more \(noun) than expected"
        return first.map { head + ", starting with \(quoted($0))" } ?? head
    }

    /// The text of a 1-based entry, empty if the comparison came from another block.
    private func text(ofEntry entry: Int) -> String {
        expected.indices.contains(entry - 1) ? expected[entry - 1].text : ""
    }

    private func firstExpected(in run: ArraySlice<DiffLine>) -> String? {
        run.lazy.compactMap { line -> String? in
            if case .expected(let text) = line { return text }
            return nil
        }.first
    }

    private func firstActual(in run: ArraySlice<DiffLine>) -> String? {
        run.lazy.compactMap { line -> String? in
            if case .actual(let text) = line { return text }
            return nil
        }.first
    }

    private func isChange(_ line: DiffLine) -> Bool {
        if case .same = line { return false }
        return true
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }
}
