import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process of this executable whose standard output is read line by line, each
/// line waited for at most a given time: the driver's way to run seeds so that a crash or a
/// hang ends one child, not the run.
///
///     let child = try Child(arguments: ["batch", "--from", "1", "--count", "50"])
///     while case .line(let text) = child.nextLine(within: 120) { … }
///     let end = child.finish()          // how it ended
final class Child {
    private let process = Process()
    private let output: FileHandle
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// What waiting for a line gave.
    enum Read {
        case line(String)
        /// The child closed its output.
        case end
        /// No line came in time.
        case timedOut
    }

    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signalled(let signal): return "was killed by signal \(signal) (\(signalName(signal)))"
            }
        }
    }

    /// Starts this executable with `arguments`, `input` on its standard input; its standard
    /// error goes to ours.
    init(arguments: [String], input: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        output = pipe.fileHandleForReading
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try? inputPipe.fileHandleForWriting.close()
    }

    /// The next line of output, waiting at most `seconds` for it.
    func nextLine(within seconds: Double) -> Read {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            if isClosed { return .end }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, waitForInput(milliseconds: Int32(min(left, 3600) * 1000)) else { return .timedOut }
            readAvailable()
        }
    }

    private func waitForInput(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = read(output.fileDescriptor, &chunk, chunk.count)
        if count <= 0 {
            isClosed = true
        } else {
            buffer += chunk[..<count]
        }
    }

    /// Kills the child (SIGKILL: a child started from a worker thread may block SIGTERM).
    func kill() {
        if process.isRunning { killProcess(process.processIdentifier) }
    }

    /// Waits for the child to end, reading and dropping what it still writes.
    func finish() -> Ending {
        while !isClosed { readAvailable() }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }
}

/// The usual name of a signal, for messages.
func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
        SIGKILL: "SIGKILL", SIGTRAP: "SIGTRAP",
    ]
    return names[signal] ?? "signal \(signal)"
}

/// SIGKILL for `process`, named apart from the types' own `kill` methods.
private func killProcess(_ process: Int32) {
    #if canImport(Glibc)
        _ = Glibc.kill(process, SIGKILL)
    #else
        _ = Darwin.kill(process, SIGKILL)
    #endif
}
