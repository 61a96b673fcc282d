import Foundation
import Testing

/// The manifest as another package sees it. A test target inside this package depends on
/// `HierarchyEngine` without SwiftPM's rule for dependencies, which refuses a product whose
/// targets carry unsafe flags (D-63): this reads the manifest as SwiftPM does and checks it.
@Suite("The package as a dependency")
struct PackageTests {
    /// The targets of the manifest, by name, as `swift package dump-package` gives them.
    private func targets() throws -> [String: [String: Any]] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vcsandbox-dump-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch folder of its own: the running `swift test` holds the lock on .build.
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: targets.compactMap { target in
                (target["name"] as? String).map { ($0, target) }
            })
    }

    @Test("the exported engine carries no unsafe flags, so another package may depend on it")
    func exportedEngineHasNoUnsafeFlags() throws {
        let engine = try #require(try targets()["HierarchyEngine"])
        let settings = engine["settings"] as? [[String: Any]] ?? []
        let unsafe = settings.filter { ($0["kind"] as? [String: Any])?["unsafeFlags"] != nil }
        #expect(unsafe.isEmpty, "HierarchyEngine has unsafe flags: \(unsafe)")
    }
}
