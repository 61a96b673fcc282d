import HierarchyEngine

/// A Lua error that already carries its location (and usually a traceback): it is raised
/// again exactly as it is, as an error from an override reaches the script that started
/// the operation.
struct RaisedError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
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
