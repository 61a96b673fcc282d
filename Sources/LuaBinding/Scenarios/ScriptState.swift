import ScenarioKit

/// What a session knows of the script it runs: its file (as messages name it), the folder
/// `require` reads from, and the scenarios it declared. A session replaces it whole as a
/// script starts and again as it ends (`Session.startScript`, `endScript`); between scripts
/// (the REPL) it is the empty script, whose folder is the current one.
struct ScriptState {
    /// The script as `runScript` was given it; empty between scripts.
    var file = ""
    /// The folder `require` reads modules from: the script's, or `.`.
    var folder = "."
    /// The scenarios the script's top level declared, in order.
    var declaredScenarios: [DeclaredScenario] = []
    /// Set once the declared scenarios start running: no more may be declared.
    var isRunningScenarios = false

    init() {}

    /// A scenario a script declared: `scenario(name, fn)`, or `scenario.skip` and
    /// `scenario.todo`, which are reported without being run.
    struct DeclaredScenario {
        var name: String
        /// The registry slot of its function.
        var function: Int32
        /// Why it is not run; nil for a scenario that runs.
        var notRun: ScenarioResult.NotRun?
    }

    /// The state of a script about to run from `file`.
    init(file: String) {
        self.file = file
        let folder = !file.contains("/") ? "." : String(file[..<file.lastIndex(of: "/")!])
        self.folder = folder.isEmpty ? "/" : folder
    }
}
