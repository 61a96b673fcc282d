import Foundation
import Testing

@testable import LuaBinding

/// Issue 17, item 13 (D-89): every file read for a script stays inside its folder (the
/// suite given to `test`, the current directory, or the script's own folder); a symbolic
/// link that leads out is refused, naming the file and where it leads, and one that stays
/// inside is fine. The links are made in a temporary folder for each test.
@Suite("files stay inside the script's folder")
struct ConfinementTests {
    /// A temporary folder holding `inside/` (the script's folder) and `outside/`.
    struct Tree {
        let root: String
        var inside: String { root + "/inside" }
        var outside: String { root + "/outside" }

        init(_ files: [String: String], links: [String: String] = [:]) throws {
            // The real path: the temporary folder itself may lie behind a link (macOS's /tmp).
            let temporary = FolderBoundary.realPath(of: FileManager.default.temporaryDirectory.path)!
            root = temporary + "/ConfinementTests-\(UUID().uuidString)"
            for folder in ["inside", "outside"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            for (name, text) in files {
                let url = URL(fileURLWithPath: root + "/" + name)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            for (link, target) in links {
                try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
            }
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    // MARK: The boundary

    @Test("a file, a link that stays inside, and a path where nothing is yet may be read")
    func insideIsFine() throws {
        let tree = try Tree(
            ["inside/a.lua": "", "inside/sub/b.lua": "", "outside/x.lua": ""],
            links: ["inside/link.lua": "sub/b.lua", "inside/sublink": "sub", "inside/sub/up.lua": "../a.lua"])
        defer { tree.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: tree.inside + "/abs.lua", withDestinationPath: tree.inside + "/a.lua")
        let boundary = FolderBoundary(folder: tree.inside, role: .scriptFolder)
        for path in [
            "a.lua", "sub/b.lua", "link.lua", "sublink/b.lua", "sub/up.lua", "abs.lua", "missing.trace",
            "sub/missing.trace",
        ] {
            #expect(boundary.refusal(of: tree.inside + "/" + path) == nil, "\(path)")
        }
    }

    @Test("a link out of the folder, or through a folder that leads out, is refused with where it leads")
    func outsideIsRefused() throws {
        let tree = try Tree(
            ["outside/x.lua": "secret", "outside/folder/y.lua": "secret"],
            links: [
                "inside/x.lua": "../outside/x.lua", "inside/up": "..", "inside/folder": "../outside/folder",
                "inside/dangling.trace": "../outside/none.trace", "inside/etc.trace": "/etc/passwd",
            ])
        defer { tree.remove() }
        let boundary = FolderBoundary(folder: tree.inside, role: .scriptFolder)
        let cases = [
            ("x.lua", tree.outside + "/x.lua"), ("up/outside/x.lua", tree.outside + "/x.lua"),
            ("folder/y.lua", tree.outside + "/folder/y.lua"), ("folder/new.trace", tree.outside + "/folder/new.trace"),
            ("dangling.trace", tree.outside + "/none.trace"), ("etc.trace", "/etc/passwd"),
        ]
        for (path, real) in cases {
            let refusal = boundary.refusal(of: tree.inside + "/" + path)
            #expect(
                refusal == "\(tree.inside)/\(path) leads outside \(tree.inside), the script's folder, to \(real); "
                    + "vcsandbox reads and writes no file outside that folder for a script: copy the file in "
                    + "instead of linking to it", "\(path)")
            #expect(refusal?.contains("secret") != true)
        }
    }

    @Test("a loop of links cannot be told, and is refused")
    func loopIsRefused() throws {
        let tree = try Tree([:], links: ["inside/a.lua": "b.lua", "inside/b.lua": "a.lua"])
        defer { tree.remove() }
        let refusal = FolderBoundary(folder: tree.inside, role: .scriptFolder).refusal(of: tree.inside + "/a.lua")
        #expect(refusal?.hasPrefix("cannot tell where \(tree.inside)/a.lua leads") == true, "\(refusal ?? "nil")")
    }

    @Test("the folder is the suite that holds the script, else the current directory, else the script's own")
    func theFolderOfAScript() {
        let here = "/work/p"
        #expect(
            FolderBoundary(script: "suite/nav/a.lua", suites: ["other", "suite"], currentFolder: here)
                == FolderBoundary(folder: "suite", role: .suite, currentFolder: here))
        #expect(
            FolderBoundary(script: "suite/nav/a.lua", suites: [], currentFolder: here)
                == FolderBoundary(folder: ".", role: .currentFolder, currentFolder: here))
        #expect(
            FolderBoundary(script: "../elsewhere/a.lua", suites: ["suite"], currentFolder: here)
                == FolderBoundary(folder: "../elsewhere", role: .scriptFolder, currentFolder: here))
        #expect(
            FolderBoundary(script: "/work/p/suite/a.lua", suites: ["suite"], currentFolder: here).role == .suite)
        // Relative paths are taken from the current folder given, not the process's.
        #expect(
            FolderBoundary(folder: ".", role: .currentFolder, currentFolder: "/").refusal(of: "etc/passwd") == nil)
    }

    // MARK: require

    @Test("require of a module that a link leads out of the folder is a Lua error at the require line")
    func requireRefusesALinkOut() throws {
        let tree = try Tree(
            ["outside/evil.lua": "error('loaded from outside')", "inside/real.lua": "return 'real'"],
            links: ["inside/evil.lua": "../outside/evil.lua", "inside/alias.lua": "real.lua"])
        defer { tree.remove() }
        let session = Session()
        let script = tree.inside + "/main.lua"
        let outcomes = session.runScript(
            source: """
                expect.equal(require "alias", "real")
                local ok, message = pcall(require, "evil")
                expect.equal(ok, false)
                assert(message:find(":2: require 'evil': .*/inside/evil.lua leads outside .*/inside, the script's folder, to "), message)
                expect.equal(package.loaded.evil, nil)
                local m = require "evil"
                """, file: script)
        let failure = try #require(outcomes.first?.result.failure)
        #expect(failure.location?.hasSuffix("main.lua:6") == true, "\(text(failure))")
        #expect(failure.message.hasPrefix("require 'evil': \(tree.inside)/evil.lua leads outside"), "\(text(failure))")
        #expect(!text(failure).contains("loaded from outside"))
    }
}
