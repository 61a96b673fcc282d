/// Paths as text, read without asking the disk: split on the byte of `/` (as the file system
/// does, and without the Character view's grapheme breaking, which made finding 1,000
/// scripts cost as much as running a tenth of them, issue 18), `.` and `..` resolved as
/// `URL.standardized` resolves them.
public enum PathText {
    /// The parts of an absolute path, `.` and `..` resolved (`..` at the root stays there).
    public static func parts(ofAbsolute path: String) -> [Substring] {
        var parts: [Substring] = []
        for part in path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init) where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return parts
    }

    /// The parts of `path`, a relative one taken from `currentFolder` (absolute), `.` and `..`
    /// resolved.
    public static func parts(of path: String, from currentFolder: String) -> [Substring] {
        parts(ofAbsolute: path.hasPrefix("/") ? path : currentFolder + "/" + path)
    }

    /// One absolute spelling of `path`, a relative one taken from `currentFolder` (absolute).
    public static func identity(of path: String, currentFolder: String) -> String {
        "/" + parts(of: path, from: currentFolder).joined(separator: "/")
    }

    /// Whether any part of `path` starts with `character`.
    public static func hasPart(of path: String, startingWith character: Unicode.Scalar) -> Bool {
        path.utf8.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: character) }
    }
}
