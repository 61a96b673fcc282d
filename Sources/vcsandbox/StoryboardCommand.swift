import ArgumentParser
import Foundation
import HierarchyEngine
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
            var checked: [String: StoryboardDocument] = [:]
            let document = try Self.check(file, checked: &checked, depth: 0)
            try Self.checkScenes(of: file, among: checked)
            print(document.outline)
        } catch let error as StoryboardError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
            throw ExitCode(1)
        } catch let error as CommandFailure {
            FileHandle.standardError.write(Data("vcsandbox: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// Reads and checks the storyboard at `path` as `Storyboard.load` does, and every
    /// storyboard its references lead to (each once, `checked` keeping them), so that a
    /// mistake anywhere is reported with its file and line.
    static func check(
        _ path: String, checked: inout [String: StoryboardDocument], depth: Int
    ) throws
        -> StoryboardDocument
    {
        guard depth <= 32 else { throw CommandFailure("references lead through more than 32 storyboards, to \(path)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            throw CommandFailure(
                isFolder.boolValue ? "\(path) is a folder, not a .storyboard file" : "cannot read \(path)")
        }
        let document = try StoryboardDocument(text: String(decoding: data, as: UTF8.self), file: path)
        checked[path] = document
        _ = try document.definition(named: storyboardName(path))
        var seen = checked
        try document.checkReferences { name in
            guard let name else { return document.referenceTarget }
            let other = file(ofStoryboard: name, beside: path)
            guard FileManager.default.fileExists(atPath: other) else { throw CommandFailure("\(other) does not exist") }
            if let known = seen[other] { return known.referenceTarget }
            return try check(other, checked: &seen, depth: depth + 1).referenceTarget
        }
        checked = seen
        return document
    }

    /// Checks every scene of the storyboard at `path` as instantiating it would, through the
    /// storyboards its references lead to (`documents`, all read): a circle of references
    /// across files, or scenes nested too deep, as `Storyboard.load` refuses them.
    static func checkScenes(of path: String, among documents: [String: StoryboardDocument]) throws {
        let world = World()
        var storyboards: [String: Storyboard] = [:]
        for (file, document) in documents {
            storyboards[file] = try Storyboard(document.definition(named: storyboardName(file)), world: world)
        }
        for (file, storyboard) in storyboards {
            storyboard.references = { [storyboards] name in
                guard let other = storyboards[Self.file(ofStoryboard: name, beside: file)] else {
                    throw CommandFailure("no storyboard \(name) beside \(file)")
                }
                return other
            }
        }
        defer { world.end() }
        try storyboards[path]?.checkScenes()
    }

    /// `Main` for `folder/Main.storyboard`.
    static func storyboardName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The file of the storyboard `name` beside the storyboard at `path`.
    static func file(ofStoryboard name: String, beside path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? name + ".storyboard" : folder + "/" + name + ".storyboard"
    }
}

/// A reason a command gives in its own words.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
