import HierarchyEngine

/// An error of script code, taken apart where Swift catches it: a chunk that does not
/// compile, an error raised while it ran (where, and the traceback), a limit the scenario
/// ran into, or an error of the engine met outside any call from Lua.
///
/// Its parts come from the catching side — the load status, the frames the message handler
/// walked, the limits' counters — so no reader takes its text apart again. Raised again
/// (an override's error reaching the script), it is its `message`, as Lua showed it.
struct LuaError: Error, CustomStringConvertible {
    enum Kind: Equatable {
        /// A chunk that does not compile; `isIncomplete` when its text ended too soon,
        /// which the REPL answers by waiting for more lines.
        case syntax(isIncomplete: Bool)
        /// An error raised while Lua code ran.
        case runtime
        /// The scenario ran into one of its limits.
        case limit
        /// Lua could not allocate (its own "not enough memory"): the memory cap, when the
        /// allocator refused something.
        case outOfMemory
        /// The engine refused something outside any call from Lua (the settling at the end).
        case host
    }

    var kind: Kind
    /// `file:line` the message starts with, when it names the place of a frame.
    var location: String?
    /// The message after its location.
    var text: String
    /// `stack traceback:` and its frames, or empty.
    var traceback = ""
    /// The innermost line of the running script among the frames, for an error raised
    /// somewhere without a place in the script (the binding's own chunk).
    var scriptLocation: String?

    /// The error as Lua shows it: the place, the message, the traceback.
    var message: String {
        let head = location.map { $0 + ": " + text } ?? text
        return traceback.isEmpty ? head : head + "\n" + traceback
    }

    var description: String { message }

    /// An error the host raises in Lua with its text as it is (a limit's, or one that already
    /// names its place).
    init(_ kind: Kind, location: String? = nil, text: String) {
        self.kind = kind
        self.location = location
        self.text = text
    }
}

/// A wrong argument, in `luaL_argerror`'s shape: `bad argument #1 to 'addChild' (Controller
/// expected, got string)`.
struct ArgumentError: Error, CustomStringConvertible {
    var position: Int
    var function: String
    var problem: String

    var description: String {
        position == 0
            ? "calling '\(function)' on bad self (\(problem))"
            : "bad argument #\(position) to '\(function)' (\(problem))"
    }
}

/// A mistake in a script that has no better home: an unknown property, a read-only one.
struct ScriptError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
