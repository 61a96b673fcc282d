import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines of generated Lua as the text of a file: each line ended by a newline.
func luaText(_ lines: [String]) -> String {
    lines.joined(separator: "\n") + "\n"
}

/// `text` as a Lua string literal in double quotes.
///
/// ```
/// luaString(#"say "hi""#)   // "say \"hi\""
/// ```
func luaString(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// Writes `text` to the file `relativePath` under `folder`, making the folders it needs.
func writeFile(_ text: String, in folder: URL, at relativePath: String) throws {
    let file = folder.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: false, encoding: .utf8)
}

/// A new, empty folder of this process's own under the system's temporary folder.
func makeTemporaryFolder() throws -> URL {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("vcsandbox-bench.XXXXXX")
    var path = Array(template.path.utf8CString)
    guard mkdtemp(&path) != nil else {
        throw BenchFailure("cannot make a temporary folder: \(String(cString: strerror(errno)))")
    }
    let made = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return URL(fileURLWithPath: made, isDirectory: true)
}

/// The path of executable `name` in this executable's own folder (.build/release).
func siblingExecutable(_ name: String) throws -> String {
    let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let path = own.deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw BenchFailure(
            "no \(name) beside the bench at \(path): build it with "
                + "`swift build -c release --product \(name)` (`make bench` does)")
    }
    return path
}
