import Foundation
import Fuzzing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one shrink candidate in a forked copy of this process, so that a candidate that
/// crashes or hangs the engine (dropping steps can make a new failure) ends the copy, not
/// the shrink.
///
/// The shrinking process is single-threaded when it forks (it starts no `Process`, no
/// Dispatch queue), so the copy finds no lock held; it runs the candidate, writes the
/// families it failed with to a pipe and exits with `_exit`, running nothing of the parent's.
/// A copy still running after `seconds` (a hang guard, hundreds of times a candidate's
/// usual time) is killed and counts as a hang; one ended by a signal as a crash.
///
///     forkedKeys(candidate, seconds: 30)     // ["settled", "settled: # is still …"], or ["crash"]
func forkedKeys(_ script: FuzzScript, seconds: Double) -> Set<String> {
    let run = forked(seconds: seconds) {
        let outcome = FuzzRun.run(script)
        let keys = outcome.families.map(\.rawValue) + outcome.violations.map(key(of:))
        return keys.joined(separator: "\n")
    }
    switch run {
    case .output(let text): return Set(text.split(separator: "\n").map(String.init))
    case .crashed: return [Family.crash.rawValue]
    case .hung: return [Family.hang.rawValue]
    }
}

/// A violation's family and shape, as one string.
func key(of violation: Violation) -> String {
    violation.family.rawValue + ": " + violation.shape
}

/// How a forked run ended.
enum Forked {
    case output(String)
    case crashed
    case hung
}

/// Runs `body` in a forked copy of this process and returns the text it made, or how the
/// copy failed (see `forkedFamilies`).
func forked(seconds: Double, _ body: () -> String) -> Forked {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { return .crashed }
    let pid = fork()
    if pid == 0 {
        close(descriptors[0])
        let text = body()
        _ = text.utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress, $0.count - 1) }
        _exit(0)
    }
    close(descriptors[1])
    defer { close(descriptors[0]) }
    guard pid > 0 else { return .crashed }
    let text = readAll(from: descriptors[0], seconds: seconds)
    if text == nil { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    guard let text else { return .hung }
    // WIFSIGNALED: the low seven bits hold the signal, neither 0 (exited) nor 0x7f (stopped).
    let signal = status & 0x7f
    return signal != 0 && signal != 0x7f ? .crashed : .output(text)
}

/// Everything `descriptor` gives until it closes, or nil if it does not close within
/// `seconds`.
private func readAll(from descriptor: Int32, seconds: Double) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { return nil }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(left, 3600) * 1000))
        if ready < 0, errno == EINTR { continue }
        guard ready > 0 else { return nil }
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 { return String(decoding: bytes, as: UTF8.self) }
        bytes += chunk[..<count]
    }
}
