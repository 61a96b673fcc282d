import ScenarioKit
import Testing

/// Which scripts `vcsandbox test PATH...` runs, over a file tree kept in memory.
@Suite struct ScriptDiscoveryTests {
    /// A file tree of the given files (paths from the working folder); a folder is any
    /// prefix of a file's path. Subpaths come in reverse order, so sorting is the
    /// discovery's own work.
    struct MemoryListing: ScriptListing {
        var files: Set<String>

        func kind(at path: String) -> FileKind? {
            let path = identity(of: path)
            if files.contains(path) { return .file }
            return files.contains { $0.hasPrefix(path + "/") } ? .folder : nil
        }

        func subpaths(of folder: String) -> [String] {
            let prefix = identity(of: folder) + "/"
            var found = Set<String>()
            for file in files where file.hasPrefix(prefix) {
                let parts = file.dropFirst(prefix.count).split(separator: "/")
                for depth in 1...parts.count { found.insert(parts[..<depth].joined(separator: "/")) }
            }
            return found.sorted(by: >)
        }

        func identity(of path: String) -> String {
            path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        }
    }

    static let tree = MemoryListing(files: [
        "scripts/navigation/NAV-02-push.lua", "scripts/navigation/NAV-01-pop.lua",
        "scripts/navigation/NAV-01-pop.trace",
        "scripts/README.md", "scripts/a-first.lua", "scripts/profiles/old/P-1.lua", "notes.txt", "extra.lua",
        "empty/README.md", "docs/guide.md",
    ])

    static func scripts(_ paths: [String]) throws -> [String] {
        try ScriptDiscovery.scripts(at: paths, in: tree)
    }

    @Test func aFolderGivesItsScriptsAtAnyDepthSortedByPath() throws {
        #expect(
            try Self.scripts(["scripts"]) == [
                "scripts/a-first.lua", "scripts/navigation/NAV-01-pop.lua", "scripts/navigation/NAV-02-push.lua",
                "scripts/profiles/old/P-1.lua",
            ])
        #expect(
            try Self.scripts(["scripts/navigation/"]) == [
                "scripts/navigation/NAV-01-pop.lua", "scripts/navigation/NAV-02-push.lua",
            ], "a trailing slash is not doubled")
    }

    @Test func aFileNamedOnTheCommandLineRunsWhateverItsName() throws {
        #expect(try Self.scripts(["notes.txt"]) == ["notes.txt"])
        #expect(
            try Self.scripts(["extra.lua", "scripts/navigation"]) == [
                "extra.lua", "scripts/navigation/NAV-01-pop.lua", "scripts/navigation/NAV-02-push.lua",
            ], "the paths' order is kept; only a folder's files are sorted")
    }

    @Test func aScriptReachedTwiceRunsOnceWhereItCameFirst() throws {
        #expect(
            try Self.scripts(["./scripts/a-first.lua", "scripts/navigation", "scripts"]) == [
                "./scripts/a-first.lua", "scripts/navigation/NAV-01-pop.lua", "scripts/navigation/NAV-02-push.lua",
                "scripts/profiles/old/P-1.lua",
            ])
    }

    @Test func aMissingPathIsAnErrorNamingIt() {
        #expect(throws: DiscoveryError.noSuchPath("no-such-folder")) {
            try Self.scripts(["scripts", "no-such-folder"])
        }
        #expect(DiscoveryError.noSuchPath("no-such-folder").description == "no-such-folder: no such file or folder")
    }

    @Test func pathsWithoutScriptsAreAnErrorNamingThem() {
        #expect(throws: DiscoveryError.noScripts(under: ["empty", "docs/"])) { try Self.scripts(["empty", "docs/"]) }
        #expect(DiscoveryError.noScripts(under: ["a", "b c"]).description == "no *.lua scenario scripts under a b c")
    }

    @Test func onlyLuaFilesAreScripts() {
        #expect(!ScriptDiscovery.isScript("_helpers.lua") && !ScriptDiscovery.isScript("a/_shared/nav.lua"))
        #expect(ScriptDiscovery.isScript("a/b_c.lua"))
        #expect(ScriptDiscovery.isScript("a/b.lua"))
        #expect(
            !ScriptDiscovery.isScript("a/b.trace") && !ScriptDiscovery.isScript("a/lua")
                && !ScriptDiscovery.isScript("b.lua.bak"))
    }
}
