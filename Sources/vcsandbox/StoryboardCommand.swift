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
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("vcsandbox: cannot read \(file)\n".utf8))
            throw ExitCode(2)
        }
        do {
            let document = try StoryboardDocument(text: String(decoding: data, as: UTF8.self), file: file)
            _ = try document.definition(named: "")
            try document.checkReferences { name in try Self.referenceTarget(name, besides: document) }
            print(document.outline)
        } catch let error as StoryboardError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// What the storyboard `name` beside `document` offers its references (`document` itself
    /// for nil), read and checked in turn.
    static func referenceTarget(
        _ name: String?, besides document: StoryboardDocument
    ) throws
        -> StoryboardDocument.ReferenceTarget
    {
        guard let name else { return document.referenceTarget }
        let folder = (document.file as NSString).deletingLastPathComponent
        let path = folder.isEmpty ? name + ".storyboard" : folder + "/" + name + ".storyboard"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("\(path) does not exist")
        }
        return try StoryboardDocument(text: String(decoding: data, as: UTF8.self), file: path).referenceTarget
    }
}

/// A reason a command gives in its own words.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
