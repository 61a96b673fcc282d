import CLua

/// The version of the Lua the binding is built with, as `lua -v` names it: `Lua 5.4.4`.
public let luaVersion = "Lua \(LUA_VERSION_MAJOR).\(LUA_VERSION_MINOR).\(LUA_VERSION_RELEASE)"
