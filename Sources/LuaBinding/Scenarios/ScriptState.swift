import ScenarioKit

/// What a session knows of the script it runs: its file (as messages name it), the folder
/// `require` reads from, and the scenarios it declared. A session replaces it whole as a
/// script starts and again as it ends (`Session.startScript`, `endScript`); between scripts
/// (the REPL) it is the empty script, whose folder is the current one.
struct ScriptState {
    /// The script as `runScript` was given it; empty between scripts.
    var file = ""
    /// The folder `require` reads modules from first: the script's, or `.`.
    var folder = "."
    /// Where `require` looks, in order: the script's folder, then each folder above it up to
    /// the current directory when the script lies under it (a suite's shared helpers), else
    /// only the script's folder.
    var moduleFolders = ["."]
    /// The folder every file read for the script must stay in: the top of `moduleFolders`
    /// (D-89).
    var boundary = FolderBoundary(folder: ".", role: .currentFolder)
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
        /// The line of the script that declares it; nil when declared from another file.
        var line: Int?
    }

    /// The state of a script about to run from `file`, the current directory being
    /// `currentFolder` (an absolute path): `require` looks up to the first of `suites` that
    /// holds the script, else up to the current directory.
    init(file: String, currentFolder: String, suites: [String] = []) {
        self.file = file
        folder = Self.folder(of: file)
        let top = suites.first { Self.lies(self.folder, under: $0, currentFolder: currentFolder) } ?? "."
        moduleFolders = Self.folders(from: self.folder, upTo: top, currentFolder: currentFolder)
        boundary = FolderBoundary(script: file, suites: suites, currentFolder: currentFolder)
    }

    /// The folder of the script `file` as it is spelt: `.` for a bare name, `/` for a file
    /// at the root.
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let folder = String(file[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Whether `folder` is `top` or lies under it, relative paths taken from `currentFolder`.
    static func lies(_ folder: String, under top: String, currentFolder: String) -> Bool {
        PathText.parts(of: folder, from: currentFolder).starts(with: PathText.parts(of: top, from: currentFolder))
    }

    /// `folder` and the folders above it up to `top`, nearest first; only `folder` when it
    /// does not lie under `top`. Relative paths are taken from `currentFolder` (an absolute
    /// path), and a folder under it is spelt relative to it (`suite/nav`, `suite`, `.`).
    static func folders(from folder: String, upTo top: String, currentFolder: String) -> [String] {
        let folderParts = PathText.parts(of: folder, from: currentFolder)
        let topParts = PathText.parts(of: top, from: currentFolder)
        let here = PathText.parts(ofAbsolute: currentFolder)
        guard folderParts.starts(with: topParts) else { return [folder] }
        return (topParts.count...folderParts.count).reversed().map { count in
            let prefix = folderParts.prefix(count)
            guard !folder.hasPrefix("/"), prefix.starts(with: here) else { return "/" + prefix.joined(separator: "/") }
            let below = prefix.dropFirst(here.count)
            return below.isEmpty ? "." : below.joined(separator: "/")
        }
    }

    /// `folder` and the folders above it up to the current directory `top`.
    static func folders(from folder: String, upTo top: String) -> [String] {
        folders(from: folder, upTo: top, currentFolder: top)
    }
}
