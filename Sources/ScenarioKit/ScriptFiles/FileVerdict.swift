/// What a policy over a script's files decided after its run: the failures it finds, and
/// the file it wants written, if any.
///
/// The policies (`GoldenFilePolicy`, `ExpectAcceptance`) decide from text and results
/// alone; the command line reads the files before and writes the verdict's file after. So
/// every decision is tested without a disk, and the executable applies any verdict the
/// same way:
///
///     results.failPassing(verdict.failures)
///     if let write = verdict.write {
///         // write write.text to write.path; then print write.note,
///         // or, when it cannot be written: results.failPassing(write.failuresIfUnwritten)
///     }
public struct FileVerdict: Equatable, Sendable {
    /// One entry per scenario, in order: the failure the policy found, or nil.
    public var failures: [Failure?]
    /// The file to write; nil when the file stays as it is.
    public var write: FileWrite?
    /// One entry per scenario, in order: whether the policy checked it (compared, or
    /// recorded, its golden section), which counts as a check the scenario made (D-71).
    public var checked: [Bool]

    public init(failures: [Failure?], write: FileWrite? = nil, checked: [Bool]? = nil) {
        self.failures = failures
        self.write = write
        self.checked = checked ?? failures.map { _ in false }
    }

    /// A verdict that finds nothing and writes nothing, for `count` scenarios.
    public init(scenarios count: Int) {
        self.init(failures: Array(repeating: nil, count: count))
    }
}

/// A file a policy wants written: its whole new text, and what to say either way.
public struct FileWrite: Equatable, Sendable {
    /// The path to write, as the script's path was given (`scripts/a.trace`).
    public var path: String
    /// The file's whole new text.
    public var text: String
    /// The line for standard error once it is written: `recorded: scripts/a.trace`.
    public var note: String
    /// One entry per scenario, in order: its failure when the file cannot be written.
    public var failuresIfUnwritten: [Failure?]
    /// One entry per scenario, in order: its mark once the file is written (`recorded`,
    /// `accepted`): a run that wrote what it should have checked does not pass (D-72).
    public var marks: [Failure?]

    public init(path: String, text: String, note: String, failuresIfUnwritten: [Failure?], marks: [Failure?]) {
        self.path = path
        self.text = text
        self.note = note
        self.failuresIfUnwritten = failuresIfUnwritten
        self.marks = marks
    }
}

extension Array where Element == ScenarioResult {
    /// Gives each scenario that still passes the failure at its index, if there is one.
    ///
    /// A scenario that failed already keeps its failure: the first reason is the one worth
    /// reading, and a later policy's (a golden trace's, a write's) follows from it.
    public mutating func failPassing(_ failures: [Failure?]) {
        for (index, failure) in zip(indices, failures) where self[index].passed {
            self[index].failure = failure
        }
    }
}
