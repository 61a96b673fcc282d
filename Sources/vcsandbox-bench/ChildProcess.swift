import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of a child process cost.
struct ChildRun {
    /// The exit status, or 128 plus the signal number if a signal ended it.
    var status: Int32
    var seconds: Double
    /// The child's own peak resident set, in KiB (Linux's unit for `ru_maxrss`).
    var peakKiB: Int
}

/// Runs `executable` with `arguments` to its end, its standard input read from the file
/// `input` (none when nil), its standard output and error going to the file `log`, and
/// measures its wall time and peak resident memory.
///
/// The peak is the `ru_maxrss` that `wait4` reports for this one child, so an earlier
/// child's peak never counts (`getrusage(RUSAGE_CHILDREN)` keeps the largest of all). But
/// Linux starts a child's figure at the resident size of the memory it was made from: with
/// `posix_spawn` (glibc's is a `vfork`, as is Foundation's `Process`) that is this
/// process's own peak, hundreds of MiB after the bench's loops. A plain `fork` copies only
/// the pages in use, so the child starts at this process's current anonymous memory; that
/// floor is measured by a child that exits at once, and a figure not above it throws.
///
/// ```
/// let run = try runChild("/usr/bin/true", [], log: "/tmp/log")   // run.status == 0
/// ```
func runChild(_ executable: String, _ arguments: [String], input: String? = nil, log: String) throws -> ChildRun {
    let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw BenchFailure("cannot write \(log): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    let inputFd = input.map { open($0, O_RDONLY | O_CLOEXEC) } ?? -1
    if let input, inputFd < 0 { throw BenchFailure("cannot read \(input): \(String(cString: strerror(errno)))") }
    defer { if inputFd >= 0 { close(inputFd) } }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }

    let startKiB = try reap(try forkThenExec(nil, input: -1, log: fd)).usage.ru_maxrss
    let clock = ContinuousClock()
    let start = clock.now
    let (status, usage) = try argv.withUnsafeBufferPointer {
        try reap(try forkThenExec($0.baseAddress!, input: inputFd, log: fd))
    }
    let elapsed = seconds(clock.now - start)
    guard usage.ru_maxrss > startKiB else {
        throw BenchFailure(
            "the peak memory of \(executable) (\(usage.ru_maxrss) KiB) is not above "
                + "the \(startKiB) KiB any child of the bench starts with: measure it before the bench grows")
    }
    return ChildRun(status: status, seconds: elapsed, peakKiB: usage.ru_maxrss)
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

/// A benchmark that could not run or whose result was wrong; the message says which.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
