/// What `vcsandbox test` does with the golden trace beside a script (SPEC §6): compare the
/// scenarios with it, or record it.
///
/// A plain run compares each passing scenario with its section, and never creates a
/// missing file: a script without a `.trace` is checked by its `expect` blocks alone.
/// `--record` writes the compared traces of the scenarios that passed. A failed scenario
/// keeps the section it had, since its trace stopped early; only a run of the whole script
/// (no `--filter`) in which every scenario passed makes the file hold exactly its
/// scenarios, so re-recording a subset changes only those sections in the diff. A script
/// whose top level failed records nothing, and neither does a file that cannot be read,
/// since its other sections would be lost. Only a script that uses a golden trace gets
/// one: it has one already, or checks nothing inline; and a scenario whose section is new
/// or changed is marked `recorded`, not passed, so a recording run never ends green (D-72).
///
/// ```swift
/// let policy = GoldenFilePolicy(script: "scripts/a.lua", mode: .record(whole: true, checksInline: false))
/// let verdict = policy.judge(results, traces: { outcomes[$0].comparedLines }, existing: text)
/// verdict.write?.path  // "scripts/a.trace", when the text changes
/// ```
public struct GoldenFilePolicy: Equatable, Sendable {
    /// Whether a run compares with the golden trace or records it.
    public enum Mode: Equatable, Sendable {
        /// Compare the passing scenarios with their sections when the file exists.
        case compare
        /// Write the passing scenarios' traces (`--record`); `whole` when every scenario of
        /// the script was selected (no `--filter`), `checksInline` when any scenario run made
        /// a check of its own (an `expect…` or `assert` call): a script that has no golden
        /// trace yet then gets none (D-72).
        case record(whole: Bool, checksInline: Bool)
    }

    /// The script's path, as given on the command line.
    public var script: String
    public var mode: Mode

    public init(script: String, mode: Mode) {
        self.script = script
        self.mode = mode
    }

    /// The golden trace's path: `foo.trace` beside `foo.lua`.
    public var path: String { GoldenTrace.path(forScript: script) }

    /// Judges a script's run against its golden trace.
    ///
    /// - Parameters:
    ///   - results: the scenarios' results so far, in order (after `--accept`, which may
    ///     have failed some).
    ///   - traces: scenario `index`'s whole compared trace; asked only for the scenarios the
    ///     policy reads, since building a trace's lines costs time.
    ///   - existing: the golden file's text, or nil when there is none.
    public func judge(_ results: [ScenarioResult], traces: (Int) -> [String], existing: String?) -> FileVerdict {
        switch mode {
        case .compare: return compare(results, traces: traces, existing: existing)
        case .record(let whole, let checksInline):
            return record(results, whole: whole, checksInline: checksInline, traces: traces, existing: existing)
        }
    }
}

// MARK: - Refusing

extension GoldenFilePolicy {
    /// The verdict when the golden trace may not be read or written (it leads out of the
    /// folder the script's files must stay in, D-89): every scenario that passed fails with
    /// `reason`, since it cannot be compared or recorded, and nothing is written.
    public func refused(_ reason: String, _ results: [ScenarioResult]) -> FileVerdict {
        FileVerdict(failures: results.map { $0.passed ? Failure(location: path, message: reason) : nil })
    }
}

// MARK: - Comparing

extension GoldenFilePolicy {
    /// Each passing scenario against its section; nothing to judge without a file.
    private func compare(_ results: [ScenarioResult], traces: (Int) -> [String], existing: String?) -> FileVerdict {
        var verdict = FileVerdict(scenarios: results.count)
        guard let existing else { return verdict }
        let passing = results.indices.filter { results[$0].passed }
        for index in passing { verdict.checked[index] = true }
        let recorded = passing.map { GoldenTrace.Section(name: results[$0].name, lines: traces($0)) }
        for (index, failure) in zip(passing, GoldenTrace.compare(recorded, withFile: existing, at: path)) {
            verdict.failures[index] = failure
        }
        return verdict
    }
}

// MARK: - Recording

extension GoldenFilePolicy {
    /// The name the runner gives a script's failing top level.
    static let topLevelName = "(top level)"

    /// Records the passing scenarios' sections, for a script that uses a golden trace: one
    /// that has one, or whose scenarios check nothing inline (D-72).
    private func record(
        _ results: [ScenarioResult], whole: Bool, checksInline: Bool, traces: (Int) -> [String], existing: String?
    ) -> FileVerdict {
        var verdict = FileVerdict(scenarios: results.count)
        guard Self.canRecord(results), existing != nil || !checksInline else { return verdict }
        let replacesAll = whole && results.allSatisfy(\.passed)
        var old: GoldenTrace?
        do {
            old = try existing.map(GoldenTrace.parse)
        } catch  where !replacesAll {
            return unreadable(error, results)
        } catch {}
        var golden = replacesAll ? GoldenTrace() : old ?? GoldenTrace()
        let sections = recordedSections(results, traces: traces, failing: &verdict.failures)
        for (index, _) in sections { verdict.checked[index] = true }
        golden.merge(sections.map(\.section))
        let text = golden.render(scriptName: Self.fileName(of: script))
        guard !sections.isEmpty, text != existing else { return verdict }
        verdict.write = FileWrite(
            path: path, text: text, note: "recorded: \(path)",
            failuresIfUnwritten: results.map { _ in
                Failure(location: path, message: "--record could not write the golden trace")
            },
            marks: marks(sections, count: results.count, old: old, written: try? GoldenTrace.parse(text)))
        return verdict
    }

    /// The mark of each scenario whose section is new or changed: the run wrote what it
    /// should have compared, so the scenario is not a pass (D-72).
    private func marks(
        _ sections: [(index: Int, section: GoldenTrace.Section)], count: Int, old: GoldenTrace?, written: GoldenTrace?
    ) -> [Failure?] {
        var marks = [Failure?](repeating: nil, count: count)
        for (index, section) in sections where old?.section(named: section.name) != section {
            let line = written?.section(named: section.name)?.headerLine ?? 1
            let change = old?.section(named: section.name) == nil ? "new" : "changed"
            marks[index] = Failure(
                location: "\(path):\(line)",
                message: "recorded: wrote its \(change) section of the golden trace; a recording run compares "
                    + "nothing, so the scenario does not pass: re-run without --record",
                nextStep:
                    "vcsandbox test \(shellQuoted(script))   (compares with the recorded trace; review its diff first)",
                kind: .recorded)
        }
        return marks
    }

    /// Whether a run can be recorded: it ran something, its top level did not fail, and a
    /// script of one scenario passed it.
    private static func canRecord(_ results: [ScenarioResult]) -> Bool {
        guard let first = results.first, !results.contains(where: { $0.name == topLevelName }) else { return false }
        return results.count > 1 || first.passed
    }

    /// The sections of the passing scenarios, each with its scenario's index; a scenario
    /// whose trace a golden file cannot hold fails instead, in `failures`.
    private func recordedSections(
        _ results: [ScenarioResult], traces: (Int) -> [String], failing failures: inout [Failure?]
    ) -> [(index: Int, section: GoldenTrace.Section)] {
        var sections: [(index: Int, section: GoldenTrace.Section)] = []
        for index in results.indices where results[index].passed {
            let lines = traces(index)
            guard GoldenTrace.canHoldName(results[index].name) else {
                failures[index] = Failure(
                    location: path,
                    message: "the golden trace cannot hold the scenario's name \"\(results[index].name)\" (a line "
                        + "break or a control character in it); rename the scenario, or compare with an expect block")
                continue
            }
            if let bad = lines.first(where: { !GoldenTrace.canHold($0) }) {
                failures[index] = Failure(
                    location: path,
                    message: "the golden trace cannot hold the line \"\(bad)\" (a line break, or white "
                        + "space at either end, in a note or a name); compare it with an expect block instead")
                continue
            }
            sections.append((index, GoldenTrace.Section(name: results[index].name, lines: lines)))
        }
        return sections
    }

    /// Every passing scenario fails at the line where the existing file could not be read.
    private func unreadable(_ error: any Error, _ results: [ScenarioResult]) -> FileVerdict {
        let line = (error as? GoldenTraceError)?.line ?? 1
        let failure = Failure(
            location: "\(path):\(line)", message: "\(error); the other sections would be lost, so nothing was recorded")
        return FileVerdict(failures: results.map { $0.passed ? failure : nil })
    }

    private static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
