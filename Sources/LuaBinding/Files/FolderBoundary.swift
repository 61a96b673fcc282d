import Foundation

/// The folder that every file vcsandbox reads or writes on a script's behalf must stay in
/// (D-89): a script found in a folder given to `vcsandbox test`, the modules `require`
/// loads, the golden `.trace` file, the suite's `.vcsandbox` defaults.
///
/// It is the top of `require`'s search (D-85): the folder given to `test` that holds the
/// script, else the current directory when it holds the script, else the script's own
/// folder. A path is inside when its real path, every symbolic link followed, lies in the
/// folder's real path; a link that stays inside is fine, one that leads out is refused with
/// a message naming the file, where it leads and why.
///
/// ```swift
/// let boundary = FolderBoundary(script: "suite/nav/push.lua", suites: ["suite"])
/// boundary.refusal(of: "suite/nav/push.trace")
/// // when it is a symbolic link to /etc/passwd: "suite/nav/push.trace leads outside
/// // suite, the folder given to vcsandbox test, to /etc/passwd; …"
/// // when it is a file of the suite, or a link to one, or nothing: nil
/// ```
public struct FolderBoundary: Equatable, Sendable {
    /// What the folder is to the script, which the messages say.
    public enum Role: Equatable, Sendable {
        /// A folder given to `vcsandbox test` that holds the script: its suite.
        case suite
        /// The current directory, which holds the script.
        case currentFolder
        /// The script's own folder, outside the current directory.
        case scriptFolder
    }

    /// The folder as spelt on the command line (`suite`, `.`, `/tmp/x`).
    public var folder: String
    public var role: Role
    /// The absolute folder relative paths are taken from: the current directory.
    var base: String

    public init(folder: String, role: Role, currentFolder: String = FileManager.default.currentDirectoryPath) {
        self.folder = folder
        self.role = role
        base = currentFolder
    }

    /// The boundary of the script `file`: the first of `suites` that holds it, else the
    /// current directory when it holds it, else the script's own folder.
    public init(
        script file: String, suites: [String], currentFolder: String = FileManager.default.currentDirectoryPath
    ) {
        let folder = ScriptState.folder(of: file)
        if let suite = suites.first(where: { ScriptState.lies(folder, under: $0, currentFolder: currentFolder) }) {
            self.init(folder: suite, role: .suite, currentFolder: currentFolder)
        } else if ScriptState.lies(folder, under: ".", currentFolder: currentFolder) {
            self.init(folder: ".", role: .currentFolder, currentFolder: currentFolder)
        } else {
            self.init(folder: folder, role: .scriptFolder, currentFolder: currentFolder)
        }
    }

    /// Why `path` may not be read or written for a script, or nil when it may: its real
    /// path lies inside the folder's, or nothing is there (nor at the end of its links) and
    /// the folder it would be made in lies inside.
    public func refusal(of path: String) -> String? {
        let root = Self.realPath(of: absolute(folder)) ?? absolute(folder)
        guard let real = Self.realPath(of: absolute(path)) else {
            // Nothing there, nor can anything be made there (a file on the way): nothing
            // to read or write.
            var status = stat()
            guard lstat(absolute(path), &status) == 0 else { return nil }
            return "cannot tell where \(path) leads (a loop of symbolic links, or a folder that cannot be read), "
                + "so it is not read for the script"
        }
        guard real != root, !real.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        return "\(path) leads outside \(words), to \(real); vcsandbox reads and writes no file outside that "
            + "folder for a script: copy the file in instead of linking to it"
    }

    /// The folder as a message names it.
    var words: String {
        switch role {
        case .suite: "\(folder), the folder given to vcsandbox test"
        case .currentFolder: "the current directory"
        case .scriptFolder: "\(folder), the script's folder"
        }
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : base + "/" + path
    }

    /// The real path of the absolute `path`, every link followed; for a path where nothing
    /// is, or a link to nothing, the path it would be made at. Nil when it cannot be told.
    static func realPath(of path: String, links: Int = 0) -> String? {
        if let pointer = realpath(path, nil) {
            defer { free(pointer) }
            return String(cString: pointer)
        }
        guard errno == ENOENT, links < 40 else { return nil }
        let (parent, name) = split(path)
        guard name != ".", name != ".." else { return nil }
        var status = stat()
        if lstat(path, &status) == 0 {
            // A link to nothing: follow it by hand.
            guard status.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            else { return nil }
            return realPath(of: target.hasPrefix("/") ? target : parent + "/" + target, links: links + 1)
        }
        guard let folder = realPath(of: parent, links: links + 1) else { return nil }
        return (folder == "/" ? "" : folder) + "/" + name
    }

    /// The folder and the last name of an absolute path.
    private static func split(_ path: String) -> (folder: String, name: String) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", trimmed) }
        let folder = String(trimmed[..<slash])
        return (folder.isEmpty ? "/" : folder, String(trimmed[trimmed.index(after: slash)...]))
    }
}
