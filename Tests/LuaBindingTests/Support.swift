import LuaBinding
import ScenarioKit

/// Runs `source` as `test.lua` in `session` and returns the failure of its only scenario.
func failure(of source: String, in session: Session = Session()) -> Failure? {
    let outcomes = session.runScript(source: source, file: "test.lua")
    return outcomes.first(where: \.result.failed)?.result.failure
}

/// Describes a failure for a test message.
func text(_ failure: Failure?) -> String {
    guard let failure else { return "passed" }
    return [failure.location ?? "", failure.message, failure.details].joined(separator: "\n")
}
