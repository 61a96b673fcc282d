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
            print(document.outline)
        } catch let error as StoryboardError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
