import Foundation
import Fuzzing

/// `vcsandbox-fuzz run`: every seed in child processes, then the representatives of each
/// kind of failure shrunk (also in children), the summary printed and the shrunk scripts
/// written out.
func runCommand(_ options: Options) throws -> Int32 {
    let count: UInt64 = try options.number("seeds", default: 2000)
    let first: UInt64 = try options.number("from", default: 1)
    let jobs: Int = try options.number("jobs", default: ProcessInfo.processInfo.activeProcessorCount)
    let perGroup: Int = try options.number("shrink", default: 1)
    let hangSeconds = try options.seconds("hang-seconds", default: 120)
    let folder = options.values["out"] ?? ".build/fuzz-findings"
    let start = Date()
    let seeds = Array(first..<(first + count))
    let driver = Driver(seeds: seeds, jobs: jobs, hangSeconds: hangSeconds)
    let step = max(1, seeds.count / 20)
    let outcomes = driver.run { done in
        if done % step == 0 || done == seeds.count { standardError("vcsandbox-fuzz: \(done) of \(seeds.count) seeds") }
    }
    let representatives = FailureGroups(outcomes).representatives(perGroup: perGroup, total: 40)
    if !representatives.isEmpty { standardError("vcsandbox-fuzz: shrinking \(representatives.count) failures") }
    let findings = shrinkAll(representatives, jobs: jobs, hangSeconds: hangSeconds)
    try write(findings, to: folder)
    let summary = Summary(
        outcomes: outcomes, seconds: Date().timeIntervalSince(start), jobs: jobs, findings: findings,
        folder: findings.isEmpty ? nil : folder)
    try? summary.text.write(toFile: folder + "/SUMMARY.txt", atomically: true, encoding: .utf8)
    print(summary.text, terminator: "")
    return outcomes.allSatisfy { $0.violations.isEmpty } ? 0 : 1
}

/// Shrinks each (seed, family) in a child process of its own, `jobs` at a time; a child
/// that crashes or hangs leaves that failure unshrunk.
func shrinkAll(_ failures: [(UInt64, Family)], jobs: Int, hangSeconds: Double) -> [Finding] {
    let work = ShrinkWork(failures)
    let group = DispatchGroup()
    for _ in 0..<max(1, jobs) {
        group.enter()
        Thread.detachNewThread {
            while let (index, seed, family) = work.next() {
                work.keep(shrinkInChild(seed, family, hangSeconds: hangSeconds), at: index)
            }
            group.leave()
        }
    }
    group.wait()
    return work.findings
}

/// The failures to shrink and the findings made, shared by the shrinking threads under a lock.
final class ShrinkWork: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [(Int, UInt64, Family)]
    private var found: [Int: Finding] = [:]
    private let count: Int

    init(_ failures: [(UInt64, Family)]) {
        queue = failures.enumerated().map { ($0.offset, $0.element.0, $0.element.1) }.reversed()
        count = failures.count
    }

    func next() -> (Int, UInt64, Family)? {
        lock.lock()
        defer { lock.unlock() }
        return queue.popLast()
    }

    func keep(_ finding: Finding?, at index: Int) {
        lock.lock()
        found[index] = finding
        lock.unlock()
    }

    /// The findings, in the order of the failures.
    var findings: [Finding] { (0..<count).compactMap { found[$0] } }
}

private func shrinkInChild(_ seed: UInt64, _ family: Family, hangSeconds: Double) -> Finding? {
    let arguments = [
        "shrink", "--seed", String(seed), "--family", family.rawValue, "--hang-seconds", String(hangSeconds / 12),
    ]
    guard let child = try? Child(arguments: arguments) else {
        return nil
    }
    var finding: Finding?
    loop: while true {
        switch child.nextLine(within: hangSeconds * 20) {
        case .line(let line):
            finding = try? JSONDecoder().decode(Finding.self, from: Data(line.utf8))
        case .end:
            _ = child.finish()
            break loop
        case .timedOut:
            child.kill()
            _ = child.finish()
            break loop
        }
    }
    if finding == nil { standardError("vcsandbox-fuzz: seed \(seed) (\(family.rawValue)) could not be shrunk") }
    return finding
}

/// Writes each finding as `FAMILY-seedS.lua` (for `vcsandbox run`) and
/// `FAMILY-seedS.checked.lua` (for `vcsandbox-fuzz replay`).
func write(_ findings: [Finding], to folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for finding in findings {
        let name = Summary.fileName(finding)
        try finding.standalone.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        let checked = folder + "/" + name.replacingOccurrences(of: ".lua", with: ".checked.lua")
        try finding.checked.write(toFile: checked, atomically: true, encoding: .utf8)
    }
}
