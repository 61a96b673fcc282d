import Foundation

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
