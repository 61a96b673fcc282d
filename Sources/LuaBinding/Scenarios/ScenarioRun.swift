import ScenarioKit

/// What one run of script code produces and spends: a scenario, or one input of the REPL.
///
/// A session replaces it whole as each run starts (`Session.startRun`), so nothing of an
/// earlier run leaks into the next and no field is reset anywhere else.
struct ScenarioRun {
    /// `print` output.
    var output = ""
    /// The first error raised in an override since control last left Lua (see `keep`).
    private(set) var pendingError: LuaError?
    /// The expectation that failed.
    var expectationFailure: Failure?
    /// The failing `expect` blocks to rewrite (`--accept`).
    var rewrites: [BlockRewrite] = []
    /// The `expect` blocks that matched (`--accept`).
    var matchedBlocks: [BlockRewrite] = []
    /// The error the host is raising whole (see `Session.raise`), until the message handler
    /// meets it.
    var raising: LuaError?
    /// The error the message handler took apart, until the protected call returns it.
    var caught: LuaError?
    /// Calls from the engine into Lua in progress, nested in one another.
    var callbackDepth = 0
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
