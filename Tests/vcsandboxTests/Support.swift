import Foundation
import Testing

/// Helpers of the black-box tests: the built binary, run in a fresh folder.

/// The package root: three levels up from this file (Tests/vcsandboxTests/<file>).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `vcsandbox` built together with these tests: the one beside the test bundle, so that
/// `swift test --scratch-path DIR` runs the binary of DIR; `.build/debug` when there is none.
let binary: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("vcsandbox")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return packageRoot.appendingPathComponent(".build/debug/vcsandbox")
}()

struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Output lines without the empty string after the final newline.
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Creates a fresh temporary folder holding `files` (name → contents), runs `body` with it,
/// and removes it afterwards.
func withTemporaryFolder<T>(
    _ files: [String: String] = [:], _ body: (URL) throws -> T
) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("vcsandboxTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return try body(folder)
}

/// Runs the binary in `directory` with `stdin` as standard input; output goes through files so
/// that a large output cannot block the child. A run longer than `timeLimit` seconds (30 by
/// default) is killed with SIGKILL, and then ends with status 9: SIGTERM would not do, since
/// a child started from a Dispatch worker thread inherits the worker's blocked signals.
func runBinary(
    arguments: [String], stdin: String = "", in directory: URL, timeLimit: TimeInterval = 30
) throws -> Outcome {
    try #require(
        FileManager.default.isExecutableFile(atPath: binary.path),
        "no binary at \(binary.path); run `swift build` first")
    return try withTemporaryFolder { io in
        let input = io.appendingPathComponent("stdin")
        let output = io.appendingPathComponent("stdout")
        let errors = io.appendingPathComponent("stderr")
        try stdin.write(to: input, atomically: true, encoding: .utf8)
        try Data().write(to: output)
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOf: output, encoding: .utf8),
            stderr: try String(contentsOf: errors, encoding: .utf8))
    }
}
