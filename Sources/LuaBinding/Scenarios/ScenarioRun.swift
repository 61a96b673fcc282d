import ScenarioKit

/// What one run of script code produces and spends: a scenario, or one input of the REPL.
///
/// A session replaces it whole as each run starts (`Session.startRun`), so nothing of an
/// earlier run leaks into the next and no field is reset anywhere else.
struct ScenarioRun {
    /// `print` output.
    var output = ""
    /// The first error raised in an override since control last left Lua.
    var pendingError: RaisedError?
    /// The expectation that failed.
    var expectationFailure: Failure?
    /// The failing `expect` blocks to rewrite (`--accept`).
    var rewrites: [BlockRewrite] = []
    /// The `expect` blocks that matched (`--accept`).
    var matchedBlocks: [BlockRewrite] = []
    /// Calls from the engine into Lua in progress, nested in one another.
    var callbackDepth = 0
    /// Bytes of text handed to the engine (names, notes, printed lines), for the memory cap.
    var chargedBytes = 0
}
