/// What stands at a path, as far as finding scripts goes.
public enum FileKind: Equatable, Sendable {
    case file, folder
}

/// The file system as `ScriptDiscovery` reads it: `vcsandbox` answers from the disk, a test
/// from a dictionary.
public protocol ScriptListing {
    /// What is at `path`, or nil when nothing is.
    func kind(at path: String) -> FileKind?
    /// Every path under `folder` at any depth, relative to it, in any order.
    func subpaths(of folder: String) -> [String]
    /// One spelling shared by every spelling of the same file (`./a.lua` and `a.lua`), so a
    /// script named twice runs once.
    func identity(of path: String) -> String
}

/// Which scripts `vcsandbox test PATH...` runs (SPEC §2): the `*.lua` files under each
/// folder, sorted, and each file named as it is, in the order of the paths.
///
/// A file named on the command line runs whatever its name, since it was asked for; a
/// folder gives only its `.lua` files, less its helpers (`_name.lua`, or under `_folder/`). A script reached twice runs once, where it came
/// first. A path that names nothing, or paths with no script at all, are usage errors.
///
/// ```swift
/// try ScriptDiscovery.scripts(at: ["scripts/navigation", "extra.lua"], in: listing)
/// // ["scripts/navigation/NAV-01-….lua", "scripts/navigation/NAV-02-….lua", "extra.lua"]
/// ```
public enum ScriptDiscovery {
    /// The scripts at or under `paths`, in the order they run.
    public static func scripts(at paths: [String], in listing: some ScriptListing) throws(DiscoveryError) -> [String] {
        var files: [String] = []
        for path in paths { files += try scripts(at: path, in: listing) }
        var seen = Set<String>()
        files = files.filter { seen.insert(listing.identity(of: $0)).inserted }
        guard !files.isEmpty else { throw .noScripts(under: paths) }
        return files
    }

    /// The path itself for a file, the folder's sorted scripts for a folder.
    private static func scripts(at path: String, in listing: some ScriptListing) throws(DiscoveryError) -> [String] {
        switch listing.kind(at: path) {
        case nil:
            throw .noSuchPath(path)
        case .file:
            return [path]
        case .folder:
            let folder = path.hasSuffix("/") ? path : path + "/"
            return listing.subpaths(of: path).filter(isScript).sorted().map { folder + $0 }
        }
    }

    /// Whether a file in a folder is a scenario script: its name ends in `.lua`, and neither
    /// it nor a folder on its way starts with `_`, which marks a suite's helpers (modules
    /// its scripts `require`, D-85).
    public static func isScript(_ path: String) -> Bool {
        path.hasSuffix(".lua") && !PathText.hasPart(of: path, startingWith: "_")
    }
}

/// Why `vcsandbox test` found no scripts to run; the command line prints it after
/// `vcsandbox: ` and exits with status 2.
public enum DiscoveryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path on the command line names no file or folder.
    case noSuchPath(String)
    /// The paths exist, but hold no `*.lua` file.
    case noScripts(under: [String])

    public var description: String {
        switch self {
        case .noSuchPath(let path): return "\(path): no such file or folder"
        case .noScripts(let paths): return "no *.lua scenario scripts under \(paths.joined(separator: " "))"
        }
    }
}
