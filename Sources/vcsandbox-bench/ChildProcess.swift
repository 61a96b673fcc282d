import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one run of a child process cost.
struct ChildRun {
    /// The exit status, or 128 plus the signal number if a signal ended it.
    var status: Int32
    var seconds: Double
    /// The child's own peak resident set, in KiB (Linux's unit for `ru_maxrss`); 0 when the
    /// run was not asked to measure it.
    var peakKiB: Int
    /// Whether the bench killed the child for running past its time limit.
    var wasStopped = false
}

/// How to run a child: where its input comes from and its output goes, what to measure,
/// and how long it may take.
struct ChildOptions {
    /// The file read as standard input, none when nil.
    var input: String?
    /// The file that receives standard output and error.
    var log: String
    /// Whether to measure the peak memory (see `runChild`); timing-only runs skip the
    /// extra child that measuring needs.
    var measuresMemory = true
    /// Wall-clock seconds after which the child is killed (`SIGKILL`); none when nil.
    var timeLimit: Double?
}

/// Runs `executable` with `arguments` to its end, its standard input read from the file
/// `input` (none when nil), its standard output and error going to the file `log`, and
/// measures its wall time and peak resident memory.
///
/// ```
/// let run = try runChild("/usr/bin/true", [], log: "/tmp/log")   // run.status == 0
/// ```
func runChild(_ executable: String, _ arguments: [String], input: String? = nil, log: String) throws -> ChildRun {
    try runChild(executable, arguments, ChildOptions(input: input, log: log))
}

/// Runs `executable` with `arguments` as `options` say, and measures it.
///
/// The peak is the `ru_maxrss` that `wait4` reports for this one child, so an earlier
/// child's peak never counts (`getrusage(RUSAGE_CHILDREN)` keeps the largest of all). But
/// Linux starts a child's figure at the resident size of the memory it was made from: with
/// `posix_spawn` (glibc's is a `vfork`, as is Foundation's `Process`) that is this
/// process's own peak, hundreds of MiB after the bench's loops. A plain `fork` copies only
/// the pages in use, so the child starts at this process's current anonymous memory; that
/// floor is measured by a child that exits at once, and a figure not above it throws.
///
/// A child past `options.timeLimit` is killed; its run says so, with the time and the peak
/// it had reached.
///
/// ```
/// let run = try runChild(lua, [empty], ChildOptions(log: log, measuresMemory: false))
/// ```
func runChild(_ executable: String, _ arguments: [String], _ options: ChildOptions) throws -> ChildRun {
    let fd = open(options.log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw BenchFailure("cannot write \(options.log): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    let inputFd = options.input.map { open($0, O_RDONLY | O_CLOEXEC) } ?? -1
    if let input = options.input, inputFd < 0 {
        throw BenchFailure("cannot read \(input): \(String(cString: strerror(errno)))")
    }
    defer { if inputFd >= 0 { close(inputFd) } }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }

    let startKiB = options.measuresMemory ? try reap(try forkThenExec(nil, input: -1, log: fd)).usage.ru_maxrss : 0
    let clock = ContinuousClock()
    let start = clock.now
    let pid = try argv.withUnsafeBufferPointer { try forkThenExec($0.baseAddress!, input: inputFd, log: fd) }
    let watchdog = options.timeLimit.map { Watchdog(killing: pid, after: $0) }
    try waitForExit(pid)
    let elapsed = seconds(clock.now - start)
    let wasStopped = watchdog?.finish() ?? false
    let (status, usage) = try reap(pid)
    guard !options.measuresMemory || usage.ru_maxrss > startKiB else {
        throw BenchFailure(
            "the peak memory of \(executable) (\(usage.ru_maxrss) KiB) is not above "
                + "the \(startKiB) KiB any child of the bench starts with: measure it before the bench grows")
    }
    let peakKiB = options.measuresMemory ? usage.ru_maxrss : 0
    return ChildRun(status: status, seconds: elapsed, peakKiB: peakKiB, wasStopped: wasStopped)
}

/// Forks; the child reads `input` (when not -1) as its standard input, sends its standard
/// output and error to `fd` and executes `argv` (its first entry the path), or exits at
/// once when `argv` is nil. Returns the child's id.
///
/// Between `fork` and `execve` the child makes only async-signal-safe calls, on pointers
/// made before the fork.
private func forkThenExec(
    _ argv: UnsafePointer<UnsafeMutablePointer<CChar>?>?, input: Int32, log fd: Int32
) throws
    -> pid_t
{
    let environment = environ
    let pid = fork()
    if pid < 0 { throw BenchFailure("fork failed: \(String(cString: strerror(errno)))") }
    guard pid == 0 else { return pid }
    if let argv, let path = argv[0] {
        if input >= 0 { dup2(input, 0) }
        dup2(fd, 1)
        dup2(fd, 2)
        execve(path, argv, environment)
        _exit(127)
    }
    _exit(0)
}

/// Waits for child `pid` to end without reaping it: until it is reaped its id cannot be
/// given to another process, so a watchdog may still signal it safely.
private func waitForExit(_ pid: pid_t) throws {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
        guard errno == EINTR else { throw BenchFailure("waitid failed: \(String(cString: strerror(errno)))") }
    }
}

/// Waits for child `pid` to end; returns its decoded exit status and its resource usage.
private func reap(_ pid: pid_t) throws -> (status: Int32, usage: rusage) {
    var raw: Int32 = 0
    var usage = rusage()
    while wait4(pid, &raw, 0, &usage) < 0 {
        guard errno == EINTR else {
            throw BenchFailure("wait4 failed: \(String(cString: strerror(errno)))")
        }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
    let signal = raw & 0x7f
    return (signal == 0 ? (raw >> 8) & 0xff : 128 + signal, usage)
}

/// Kills a child that is still running when its time is up, from a thread of Dispatch's.
///
/// The lock orders the kill against `finish()`, which the bench calls once the child has
/// ended but before reaping it, so the signal can only reach that child (or its zombie),
/// never a process that reused its id.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var isFinished = false
    private var didKill = false

    init(killing pid: pid_t, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard !isFinished else { return }
                didKill = true
                kill(pid, SIGKILL)
            }
        }
    }

    /// Disarms the watchdog; returns whether it killed the child.
    func finish() -> Bool {
        lock.withLock {
            isFinished = true
            return didKill
        }
    }
}

/// The path of the program `name` found through `PATH`, as the shell's `command -v` finds
/// it; nil when there is none.
func executableInPath(_ name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A benchmark that could not run or whose result was wrong; the message says which.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The best wall time and the highest peak memory of several runs of one command.
struct BestOfRuns {
    private(set) var seconds = Double.infinity
    private(set) var peakKiB = 0
    private(set) var count = 0

    mutating func add(_ run: ChildRun) {
        seconds = min(seconds, run.seconds)
        peakKiB = max(peakKiB, run.peakKiB)
        count += 1
    }
}
