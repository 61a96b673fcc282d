import ArgumentParser
import HierarchyEngine

/// The options of every command that runs Lua: the behaviour profile and the sandbox.
///
///     vcsandbox run a.lua --ios 12
///     vcsandbox repl --unsafe
struct SessionOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "The iOS behaviour profile, 8 to 26 (README, \"Behaviour profiles\"; 17 by default).")
    var ios = 17

    @Flag(help: "Give Lua the whole standard library (io, os, debug, loadfile …) instead of the sandbox.")
    var unsafe = false

    var profile: Profile { Profile(iosVersion: ios) }

    func validate() throws {
        do {
            try Profile.validate(ios)
        } catch {
            let range = Profile.supportedVersions
            throw ValidationError(
                "The value '\(ios)' is not a supported iOS version for '--ios': "
                    + "use \(range.lowerBound) to \(range.upperBound) (17 by default)")
        }
    }
}
