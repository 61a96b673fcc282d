/// What a session knows of the script it runs: its file (as messages name it), the folder
/// `require` reads from, and the scenarios it declared. A session replaces it whole as a
/// script starts and again as it ends (`Session.startScript`, `endScript`); between scripts
/// (the REPL) it is the empty script, whose folder is the current one.
struct ScriptState {
    /// The script as `runScript` was given it; empty between scripts.
    var file = ""
    /// The folder `require` reads modules from: the script's, or `.`.
    var folder = "."
    /// The scenarios the script's top level declared, with registry slots of their functions
    /// and the lines of the script that declare them (nil when declared from another file).
    var declaredScenarios: [(name: String, function: Int32, line: Int?)] = []
    /// Set once the declared scenarios start running: no more may be declared.
    var isRunningScenarios = false

    init() {}

    /// The state of a script about to run from `file`.
    init(file: String) {
        self.file = file
        let folder = !file.contains("/") ? "." : String(file[..<file.lastIndex(of: "/")!])
        self.folder = folder.isEmpty ? "/" : folder
    }
}
