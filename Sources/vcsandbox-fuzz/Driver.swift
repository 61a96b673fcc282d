import Foundation
import Fuzzing

/// `vcsandbox-fuzz run`: the seeds in chunks, each chunk in a child process (`batch`) on
/// one of `jobs` threads, so that a crash or a hang costs one seed, reported with its number,
/// and the other seeds still run.
///
/// A child writes `start SEED` before each seed and `done JSON` after it; a child that
/// stops writing for `hangSeconds` is killed and its seed reported as a hang, one that dies
/// has its seed reported as a crash, and a new child goes on from the next seed. The
/// threads share only `chunks` and `outcomes`, under `lock`.
final class Driver: @unchecked Sendable {
    let seeds: [UInt64]
    let jobs: Int
    let hangSeconds: Double
    private let lock = NSLock()
    private var chunks: [[UInt64]]
    private(set) var outcomes: [UInt64: SeedOutcome] = [:]

    init(seeds: [UInt64], jobs: Int, hangSeconds: Double) {
        self.seeds = seeds
        self.jobs = max(1, jobs)
        self.hangSeconds = hangSeconds
        let size = max(5, min(100, seeds.count / (self.jobs * 8)))
        chunks = stride(from: 0, to: seeds.count, by: size).map { Array(seeds[$0..<min($0 + size, seeds.count)]) }
        chunks.reverse()
    }

    /// Runs every seed; `progress` hears each count of seeds done.
    func run(progress: @escaping @Sendable (Int) -> Void) -> [SeedOutcome] {
        let group = DispatchGroup()
        for _ in 0..<jobs {
            group.enter()
            Thread.detachNewThread { [self] in
                while let chunk = takeChunk() { runChunk(chunk, progress: progress) }
                group.leave()
            }
        }
        group.wait()
        return seeds.compactMap { outcomes[$0] }
    }

    private func takeChunk() -> [UInt64]? {
        lock.lock()
        defer { lock.unlock() }
        return chunks.popLast()
    }

    private func keep(_ outcome: SeedOutcome, progress: (Int) -> Void) {
        lock.lock()
        outcomes[outcome.seed] = outcome
        let done = outcomes.count
        lock.unlock()
        progress(done)
    }

    /// Runs `chunk` in children until every seed has an outcome.
    private func runChunk(_ chunk: [UInt64], progress: (Int) -> Void) {
        var left = chunk[...]
        while let first = left.first {
            let reported = runChild(Array(left), progress: progress)
            left = left.drop { $0 <= reported }
            if left.first == first { left = left.dropFirst() }
        }
    }

    /// Runs `seeds` in one child; returns the last seed it accounted for (a crash or hang
    /// included).
    private func runChild(_ seeds: [UInt64], progress: (Int) -> Void) -> UInt64 {
        guard let first = seeds.first, let last = seeds.last else { return 0 }
        let arguments = ["batch", "--from", String(first), "--count", String(last - first + 1)]
        guard let child = try? Child(arguments: arguments) else {
            keep(failed(first, .crash, "could not start a child process"), progress: progress)
            return first
        }
        var current: UInt64?
        var accounted = first - 1
        while true {
            switch child.nextLine(within: hangSeconds) {
            case .line(let line):
                if let seed = Self.startedSeed(line) {
                    current = seed
                } else if let outcome = Self.outcome(line) {
                    keep(outcome, progress: progress)
                    accounted = outcome.seed
                    current = nil
                }
            case .end:
                let ending = child.finish()
                if current == nil, accounted == last { return last }
                let seed = current ?? accounted + 1
                let message = "the process running it \(ending.description)"
                keep(failed(seed, .crash, message), progress: progress)
                return seed
            case .timedOut:
                child.kill()
                _ = child.finish()
                let seed = current ?? accounted + 1
                let message = "no progress for \(Int(hangSeconds)) s: the process running it was killed"
                keep(failed(seed, .hang, message), progress: progress)
                return seed
            }
        }
    }

    private func failed(_ seed: UInt64, _ family: Family, _ message: String) -> SeedOutcome {
        SeedOutcome(
            seed: seed, violations: [Violation(family: family, step: 0, message: message)], counts: StepCounts())
    }

    static func startedSeed(_ line: String) -> UInt64? {
        line.hasPrefix("start ") ? UInt64(line.dropFirst(6)) : nil
    }

    static func outcome(_ line: String) -> SeedOutcome? {
        guard line.hasPrefix("done ") else { return nil }
        return try? JSONDecoder().decode(SeedOutcome.self, from: Data(line.dropFirst(5).utf8))
    }
}

/// `vcsandbox-fuzz batch --from S --count N`: the worker's side of the protocol.
func runBatch(from first: UInt64, count: UInt64) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for seed in first..<(first + count) {
        writeLine("start \(seed)")
        let outcome = FuzzRun.run(seed: seed)
        let json = (try? encoder.encode(outcome)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        writeLine("done \(json)")
    }
}

/// Writes a line to standard output at once (a pipe would otherwise buffer it, and a crash
/// would lose it).
func writeLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
