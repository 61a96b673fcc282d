import ArgumentParser
import Foundation
import LuaBinding

/// `vcsandbox types`: the Lua definition file for editors (issue 22), generated from the
/// binding's own tables. The repository ships it as types/vcsandbox.lua, with a .luarc.json
/// that points lua-language-server and EmmyLua at it.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Write the Lua definition file (---@meta) of the API, for editors.",
        discussion: """
            The file declares every global, constructor, property, method, overridable callback \
            and delegate of the API, with a line of documentation each, in the annotation format \
            lua-language-server and EmmyLua read. Put it where the editor's workspace library \
            looks (the repository's .luarc.json names types/).

              vcsandbox types --output types/vcsandbox.lua
            """)

    @Option(name: .shortAndLong, help: "Write the file here instead of to standard output.")
    var output: String?

    func run() throws {
        let text = EditorDefinitions.text
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw ValidationError("cannot write \(output): \(error.localizedDescription)")
        }
    }
}
