import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library calls the worker processes make where Linux and macOS differ (issue 22:
/// the sources stay portable to macOS). Named apart from the types' own `close` and `send`.
/// Built and tested on Linux only; the Darwin branches follow Apple's manual pages.
enum SystemCall {
    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    static func kill(_ process: pid_t, _ signal: Int32) {
        #if canImport(Glibc)
            _ = Glibc.kill(process, signal)
        #else
            _ = Darwin.kill(process, signal)
        #endif
    }

    /// Sends bytes on a socket without a SIGPIPE when the other end has gone (Linux's
    /// MSG_NOSIGNAL; on macOS the socket says so once, `SO_NOSIGPIPE` in `socketPair`).
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            return Darwin.send(descriptor, bytes, count, 0)
        #endif
    }

    /// A connected pair of Unix stream sockets, both close-on-exec; nil with errno set.
    static func socketPair() -> (Int32, Int32)? {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return nil }
        #else
            guard socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0 else { return nil }
            var on: Int32 = 1
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = setsockopt(end, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            }
        #endif
        return (ends[0], ends[1])
    }

    /// The process's environment, for a child to inherit (macOS has no `environ` for Swift).
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Glibc)
            return environ
        #elseif canImport(Darwin)
            return _NSGetEnviron().pointee
        #endif
    }

    /// The descriptors this process has open. (glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// would close them all in one action, but Swift does not see GNU extensions.)
    static func openDescriptors() -> [Int32] {
        #if os(Linux)
            let folder = "/proc/self/fd"
        #else
            let folder = "/dev/fd"
        #endif
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { Int32($0) }
    }
}
