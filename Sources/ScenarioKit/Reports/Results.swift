/// Why a scenario failed: where, what happened, and the evidence.
///
/// Kept as plain text so every reporter (human, TAP, JUnit, JSON) can lay it out its own
/// way without knowing whether it came from an expectation, a Lua error or a timeout.
public struct Failure: Equatable, Sendable, Codable {
    /// `file:line`, e.g. `scripts/a.lua:12`; nil when unknown.
    public var location: String?
    /// One paragraph: what happened.
    public var message: String
    /// The diff or a traceback; may be empty.
    public var details: String
    /// The command that takes the next step, when there is one (STYLE rule 10): the
    /// `--accept` that rewrites a failing `expect`, the `--record` that re-records a golden
    /// trace.
    public var nextStep: String?
    /// Whether a check or an error failed the scenario, or the run wrote what it should
    /// have checked (D-72).
    public var kind: Kind

    /// Why a scenario is not a pass: the human report gives each its own mark.
    public enum Kind: String, CaseIterable, Sendable, Codable {
        /// A check failed, or the script raised an error or reached a limit.
        case failed
        /// `--record` wrote the scenario's golden section instead of comparing with it.
        case recorded
        /// `--accept` rewrote the scenario's failing `expect` blocks instead of failing.
        case accepted
    }

    public init(
        location: String?, message: String, details: String = "", nextStep: String? = nil, kind: Kind = .failed
    ) {
        self.location = location
        self.message = message
        self.details = details
        self.nextStep = nextStep
        self.kind = kind
    }

    /// `location: message`, or the message alone when the place is unknown.
    public var headline: String {
        location.map { $0 + ": " + message } ?? message
    }
}

/// The outcome of running one scenario, or of declaring one that does not run.
///
/// Results are values, and Codable, so that a worker process can hand them back to
/// `vcsandbox test` and the report can be built once every scenario is done, in a
/// deterministic order. A scenario declared with `scenario.skip` or `scenario.todo` is not
/// run and never counts as passed (D-78):
///
/// ```swift
/// ScenarioResult(file: "a.lua", name: "later", notRun: .todo).status  // .todo
/// ```
public struct ScenarioResult: Equatable, Sendable, Codable {
    /// What became of a scenario, as every report names it.
    public enum Status: String, Sendable {
        case passed, failed, skipped, todo
    }

    /// Why a declared scenario was not run.
    public enum NotRun: String, Sendable, Codable {
        /// `scenario.skip(name, fn)`.
        case skipped
        /// `scenario.todo(name, fn)`: written down, not working yet.
        case todo

        /// How a report says it: `skipped` or `to do`.
        public var words: String { self == .todo ? "to do" : "skipped" }
    }

    /// The script's path as given, e.g. `scripts/containment/A-2.lua`.
    public var file: String
    /// The scenario's name.
    public var name: String
    /// The 1-based line of the script that declares the scenario: its `scenario(name, fn)`
    /// call, or 1 for a script that is its own scenario; nil when unknown (a scenario given
    /// up on before it reported its line, or declared from another file).
    public var line: Int?
    /// Why it failed; nil when it passed.
    public var failure: Failure?
    /// Everything the scenario wrote with `print`.
    public var output: String
    /// Wall-clock time in seconds.
    public var seconds: Double
    /// Why the scenario was not run; nil when it ran.
    public var notRun: NotRun?
    /// The trace the scenario actually produced, as a sequence diagram: kept for a failed
    /// scenario when the report draws it (`--reporter html`), nil otherwise, so that other
    /// reports do not carry a trace they never show.
    public var diagram: SequenceDiagram?

    public init(
        file: String, name: String, line: Int? = nil, failure: Failure? = nil, output: String = "",
        seconds: Double = 0, notRun: NotRun? = nil, diagram: SequenceDiagram? = nil
    ) {
        self.file = file
        self.name = name
        self.line = line
        self.failure = failure
        self.output = output
        self.seconds = seconds
        self.notRun = notRun
        self.diagram = diagram
    }

    /// Failed when it has a failure, else skipped or to do when it was not run, else passed.
    public var status: Status {
        if failure != nil { return .failed }
        switch notRun {
        case .skipped: return .skipped
        case .todo: return .todo
        case nil: return .passed
        }
    }

    /// Whether it ran and nothing failed: a scenario that was not run has not passed.
    public var passed: Bool { status == .passed }

    /// Whether it failed.
    public var failed: Bool { failure != nil }

    /// Why the scenario is not a pass, or nil when it is.
    public var failureKind: Failure.Kind? { failure?.kind }

    /// `file: name`, the text `--filter` matches.
    public var title: String { "\(file): \(name)" }
}
