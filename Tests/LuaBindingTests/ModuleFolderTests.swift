import Testing

@testable import LuaBinding

/// Where `require` looks (issue 16, item 12; D-85): the script's folder, then each folder
/// above it up to the current directory.
@Suite("require's folders")
struct ModuleFolderTests {
    @Test("a script under the current folder reaches every folder up to it, nearest first")
    func foldersUpToTheCurrentOne() {
        #expect(ScriptState.folders(from: "suite/nav", upTo: "/work/p") == ["suite/nav", "suite", "."])
        #expect(ScriptState.folders(from: ".", upTo: "/work/p") == ["."])
        #expect(
            ScriptState.folders(from: "/work/p/suite/nav", upTo: "/work/p")
                == ["/work/p/suite/nav", "/work/p/suite", "/work/p"])
    }

    @Test("a script outside the current folder reaches only its own")
    func outsideReachesItsOwnFolder() {
        #expect(ScriptState.folders(from: "/elsewhere/suite", upTo: "/work/p") == ["/elsewhere/suite"])
        #expect(ScriptState.folders(from: "../sibling", upTo: "/work/p") == ["../sibling"])
    }
}
