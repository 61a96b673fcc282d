import ArgumentParser
import Foundation
import Storyboard

/// `vcsandbox storyboard FILE`: prints what the loader understood of a storyboard (issue 20),
/// or its first mistake with the file and line (exit status 1); 2 when the file cannot be read.
struct StoryboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storyboard", abstract: "Print a storyboard's scenes, relationships and segues.")

    @Argument(help: "The .storyboard file (Interface Builder's XML).")
    var file: String

    func run() throws {
        do {
            var checked: Set<String> = []
            print(try Self.check(file, checked: &checked, depth: 0).outline)
        } catch let error as StoryboardError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        } catch let error as CommandFailure {
            FileHandle.standardError.write(Data("vcsandbox: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// Reads and checks the storyboard at `path` as `Storyboard.load` does, and every
    /// storyboard its references lead to (each once, `checked` keeping them), so that a
    /// mistake anywhere is reported with its file and line.
    static func check(_ path: String, checked: inout Set<String>, depth: Int) throws -> StoryboardDocument {
        guard depth <= 32 else { throw CommandFailure("references lead through more than 32 storyboards, to \(path)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            throw CommandFailure(
                isFolder.boolValue ? "\(path) is a folder, not a .storyboard file" : "cannot read \(path)")
        }
        let document = try StoryboardDocument(text: String(decoding: data, as: UTF8.self), file: path)
        checked.insert(path)
        _ = try document.definition(named: (path as NSString).lastPathComponent)
        var seen = checked
        try document.checkReferences { name in
            guard let name else { return document.referenceTarget }
            let folder = (path as NSString).deletingLastPathComponent
            let other = folder.isEmpty ? name + ".storyboard" : folder + "/" + name + ".storyboard"
            guard FileManager.default.fileExists(atPath: other) else { throw CommandFailure("\(other) does not exist") }
            if seen.contains(other) {
                let data = FileManager.default.contents(atPath: other) ?? Data()
                return try StoryboardDocument(text: String(decoding: data, as: UTF8.self), file: other).referenceTarget
            }
            return try check(other, checked: &seen, depth: depth + 1).referenceTarget
        }
        checked = seen
        return document
    }
}

/// A reason a command gives in its own words.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
