import ScenarioKit

/// What one run of script code produces and spends: a scenario, or one input of the REPL.
///
/// A session replaces it whole as each run starts (`Session.startRun`), so nothing of an
/// earlier run leaks into the next and no field is reset anywhere else. The pending error
/// changes only through its three methods.
struct ScenarioRun {
    /// `print` output.
    var output = ""
    /// The first error raised in an override since control last left Lua (see `keep`).
    private(set) var pendingError: LuaError? {
        didSet { hasPendingError = pendingError != nil }
    }
    /// Whether an error is kept: a stored flag, read on every call from Lua (comparing the
    /// error with nil would copy it, issue 18).
    private(set) var hasPendingError = false
    /// The expectation that failed.
    var expectationFailure: Failure?
    /// The checks made so far: calls of `expect [[…]]`, `expect.equal`, `expect.error` and
    /// `assert`, passing or not. `vcsandbox test` fails a scenario that made none and has
    /// no golden trace to compare with (D-71).
    var checks = 0
    /// The failing `expect` blocks to rewrite (`--accept`).
    var rewrites: [BlockRewrite] = []
    /// The `expect` blocks that matched (`--accept`).
    var matchedBlocks: [BlockRewrite] = []
    /// The errors raised in this run so far, as the message handler needs to know them.
    var raised = RaisedErrors()
    /// The error the message handler took apart, until the protected call returns it
    /// (each protected call sets an outer one aside while it runs).
    var caught: LuaError?
    /// Calls from the engine into Lua in progress, nested in one another.
    var callbackDepth = 0
    /// Animators without a name met so far, which the trace names `Animator`, `Animator#2`, ….
    var unnamedAnimators = 0
    /// Bytes of text handed to the engine (names, notes, printed lines), for the memory cap.
    var chargedBytes = 0

    /// Keeps the first error an override raised, to be raised when control returns to Lua.
    mutating func keep(_ error: LuaError) {
        if pendingError == nil { pendingError = error }
    }

    /// The error kept since control last left Lua, which is no longer kept.
    mutating func takePendingError() -> LuaError? {
        defer { pendingError = nil }
        return pendingError
    }

    /// Keeps again an error taken to be set aside during a call from UIKit into Lua, in
    /// place of any kept since: it belongs to the operation that is running (D-11).
    mutating func putBack(_ error: LuaError?) {
        if let error { pendingError = error }
    }
}

/// The errors a run has raised, remembered so that the message handler takes each apart
/// from what it already knows, never from its text: an error the host raised whole (an
/// override's, or a limit's, with its place), and the tracebacks the handler has given.
///
/// A script may catch an error with `pcall` and raise it again, as it is (`error(e, 0)`) or
/// behind its own place (`error(e)`); the handler then meets a message it has seen, or one
/// that ends with a traceback it gave, and adds no second traceback.
struct RaisedErrors {
    /// The most errors and tracebacks remembered; older ones are forgotten.
    static let remembered = 32
    private var errors: [LuaError] = []
    private var tracebacks: [String] = []

    /// Remembers an error the host raises whole.
    mutating func noteRaised(_ error: LuaError) {
        errors.append(error)
        if errors.count > Self.remembered { errors.removeFirst() }
    }

    /// Remembers a traceback the message handler gave.
    mutating func noteTraceback(_ traceback: String) {
        guard !traceback.isEmpty else { return }
        tracebacks.append(traceback)
        if tracebacks.count > Self.remembered { tracebacks.removeFirst() }
    }

    /// The error the host raised whose message is `message`, the latest first.
    func error(withMessage message: String) -> LuaError? {
        errors.last { $0.message == message }
    }

    /// Whether `message` ends with a traceback the handler gave.
    func endsWithTraceback(_ message: String) -> Bool {
        tracebacks.contains { message.hasSuffix("\n" + $0) }
    }
}
