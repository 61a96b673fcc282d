import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One end of the socket between `vcsandbox test` and one of its worker processes: one value
/// a line each way (D-87), JSON for the batch's options and a scenario's name, `ReportLine`'s
/// fields for a job and a report.
///
/// A socket rather than a pipe, because `send` with `MSG_NOSIGNAL` reports a peer that is
/// gone as an error, where a write to a pipe would raise SIGPIPE and end the whole batch.
/// JSON never holds a raw line break, so a line is always one whole value.
///
///     let channel = WorkerChannel(descriptor: socket)
///     try channel.send(line: ReportLine.encode(job: "scripts/a.lua"))
///     let lines = channel.receive()   // nil once the other end has closed
final class WorkerChannel: @unchecked Sendable {
    // Unchecked: each end is used by one thread at a time (the batch's loop, or the worker's
    // thread), never by two at once.

    /// The descriptor a worker process finds its end at, as `test` starts it.
    static let inheritedDescriptor: Int32 = 3

    let descriptor: Int32
    /// Bytes received; those before `start` were handed out as lines.
    private var pending = Data()
    private var start = 0
    /// Where `read` puts what arrives.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    private var isClosed = false
    private let encoder = JSONEncoder()

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close()
        scratch.deallocate()
    }

    /// The end a worker process was started with, moved off descriptor 3 and marked
    /// close-on-exec, so that a program the script starts (`os.execute` under `--unsafe`)
    /// does not hold the socket open after the worker is gone; nil when descriptor 3 is no
    /// socket (the worker was not started by `vcsandbox test`).
    static func inherited() -> WorkerChannel? {
        var status = stat()
        guard fstat(inheritedDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        let moved = fcntl(inheritedDescriptor, F_DUPFD_CLOEXEC, inheritedDescriptor + 1)
        guard moved >= 0 else { return nil }
        SystemCall.close(inheritedDescriptor)
        return WorkerChannel(descriptor: moved)
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        SystemCall.close(descriptor)
    }

    /// Waits until the other end has closed; for a thread that does not read.
    func waitForHangUp() {
        var watched = pollfd(fd: descriptor, events: 0, revents: 0)
        while poll(&watched, 1, -1) < 0, errno == EINTR {}
    }

    /// Sends `value` as one line, after `tag` when there is one; throws when the other end
    /// is gone.
    func send(_ value: some Encodable, tag: UInt8? = nil) throws {
        try send(line: Array(encoder.encode(value)), tag: tag)
    }

    /// Sends `line`, which holds no line break, as one line, after `tag` when there is one;
    /// throws when the other end is gone.
    func send(line: [UInt8], tag: UInt8? = nil) throws {
        var data = tag.map { [$0] } ?? []
        data += line
        data.append(0x0A)
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = SystemCall.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { throw ChannelClosed() }
                offset += sent
            }
        }
    }

    /// Reads once what has arrived (blocking until something has, or the other end has
    /// closed) and returns the whole lines now held; nil once the other end has closed.
    func receive() -> [Data]? {
        guard readMore() else { return nil }
        var lines: [Data] = []
        while let line = takeLine() { lines.append(line) }
        return lines
    }

    /// The next whole line, waiting for it; nil once the other end has closed.
    func nextLine() -> Data? {
        while true {
            if let line = takeLine() { return line }
            guard readMore() else { return nil }
        }
    }

    /// Appends what one `read` gives to `pending`; false at end of file or on an error.
    private func readMore() -> Bool {
        while true {
            let count = read(descriptor, scratch.baseAddress, scratch.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            pending.append(scratch.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
            return true
        }
    }

    /// The first whole line held, without its line break, or nil when none is complete.
    private func takeLine() -> Data? {
        let end: Int? = pending.withUnsafeBytes { bytes in
            guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start)
            else { return nil }
            return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
        guard let end else {
            pending.removeSubrange(pending.startIndex..<pending.startIndex + start)
            start = 0
            return nil
        }
        let line = pending.subdata(in: pending.startIndex + start..<pending.startIndex + end)
        start = end + 1
        return line
    }
}

/// The other end of a worker's socket has closed.
struct ChannelClosed: Error {}

/// What a worker process sends back, one line each, told apart by the line's first byte:
/// the start of each scenario (which the batch needs to name a scenario that crashed or got
/// stuck), then the script's report.
///
/// A scenario's name stays JSON until a crash or a hang needs it: most never do, and the
/// batch reads one for every scenario run.
enum WorkerMessage {
    case scenario(Data)
    case report(ScriptReport)

    static let scenarioTag = UInt8(ascii: "s")
    static let reportTag = UInt8(ascii: "r")

    /// The message a line holds; nil when it is none.
    init?(line: Data) {
        guard let tag = line.first else { return nil }
        let body = line.dropFirst()
        switch tag {
        case Self.scenarioTag: self = .scenario(body)
        case Self.reportTag:
            guard let report = ReportLine.decode(body) else { return nil }
            self = .report(report)
        default: return nil
        }
    }

    /// The name a scenario message holds.
    static func name(in json: Data) -> String? {
        try? JSONDecoder().decode(String.self, from: json)
    }
}
