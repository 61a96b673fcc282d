import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A worker process of `vcsandbox test`: this same binary, run as `vcsandbox test-worker`,
/// with one end of a socket as its descriptor 3, this process's standard input, output and
/// error, and no other descriptor (D-87).
///
///     let worker = try WorkerProcess.start()
///     try worker.channel.send(options)
struct WorkerProcess {
    let id: pid_t
    let channel: WorkerChannel

    /// Starts a worker. It starts with no signal blocked, whatever thread this is: a thread
    /// of Dispatch blocks several, and a child inherits the mask.
    static func start() throws -> WorkerProcess {
        guard let (mine, theirs) = SystemCall.socketPair() else { throw WorkerStartFailure(errno) }
        let ends = [mine, theirs]
        // Close-on-exec, so that a worker started later does not hold this one's socket open;
        // the `dup2` below clears the flag on the worker's own descriptor 3.
        defer { SystemCall.close(ends[1]) }
        let channel = WorkerChannel(descriptor: ends[0])
        // Linux declares these as structures, macOS as pointers a call fills in.
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], WorkerChannel.inheritedDescriptor)
        // Nothing else this process was given: a descriptor a worker kept open would tell
        // whoever waits for it to close (a harness reading a pipe) that `test` still runs.
        for descriptor in SystemCall.openDescriptors() where descriptor > WorkerChannel.inheritedDescriptor {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let arguments = [executablePath, TestWorker.commandName]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var id = pid_t()
        let status = posix_spawn(&id, executablePath, &actions, &attributes, argv, SystemCall.environment)
        guard status == 0 else { throw WorkerStartFailure(status) }
        return WorkerProcess(id: id, channel: channel)
    }

    /// How the process ended, once it has: nil while it still runs, unless `waiting`.
    func end(waiting: Bool) -> WorkerEnd? {
        var status: Int32 = 0
        while true {
            let result = waitpid(id, &status, waiting ? 0 : WNOHANG)
            if result < 0, errno == EINTR { continue }
            // An error means the process is no child of ours any more: count it as gone.
            if result < 0 { return .exited(-1) }
            return result == 0 ? nil : WorkerEnd(waitStatus: status)
        }
    }

    /// Kills the process (a scenario stuck where its limits cannot reach it) and waits for
    /// it to end.
    func kill() {
        SystemCall.kill(id, SIGKILL)
        channel.close()
        _ = end(waiting: true)
    }

    /// Lets an idle worker go: it reads the end of its queue and exits.
    func retire() -> WorkerEnd? {
        channel.close()
        return end(waiting: true)
    }
}

/// The path of this executable, to start it again as a worker.
private let executablePath: String = {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
}()

/// How a worker process ended.
enum WorkerEnd: Equatable {
    case exited(Int32)
    case signalled(Int32)
    /// It sent what `test` cannot read, and was killed.
    case unreadable

    /// `waitpid`'s status: the C macros `WIFEXITED` and the like do not reach Swift.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// What became of the script it ran, for its report: `crashed (SIGSEGV)`.
    var words: String {
        switch self {
        case .exited(let status): "ended its process with exit status \(status)"
        case .signalled(let signal): "crashed (\(Self.name(of: signal)))"
        case .unreadable: "made its worker process send what vcsandbox cannot read"
        }
    }

    /// `SIGSEGV` for 11: glibc has no portable call for the short name.
    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}

/// A worker process could not be started.
struct WorkerStartFailure: Error, CustomStringConvertible {
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }

    var description: String {
        "cannot start a worker process: \(String(cString: strerror(code)))"
    }
}
