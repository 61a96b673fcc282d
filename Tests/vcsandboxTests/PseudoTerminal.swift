import Foundation
import Testing

/// A program running on a new pseudo-terminal, driven the way a user at a keyboard drives it.
///
/// The program is the leader of a new session whose controlling terminal is the pty, so the
/// tty driver turns typed control characters into signals: sending "\u{3}" (Ctrl-C) makes
/// the driver send SIGINT to the program, exactly as in a terminal emulator. Every byte the
/// program writes is kept; `waitFor` consumes the escape-free text only up to the end of the
/// awaited needle, so output that arrived in the same read as a match is still there for the
/// next wait, and no wait ever sees output an earlier wait consumed.
///
///     let terminal = try PseudoTerminal(
///         executable: "/bin/sh", arguments: ["-c", "read x; echo got:$x"], directory: folder)
///     try terminal.send("hi\r")
///     _ = try terminal.waitFor("got:hi")
///     #expect(try terminal.waitForExit() == 0)
final class PseudoTerminal {
    /// How long a wait lasts by default before it fails: only a guard against a program
    /// that hangs, far above what a loaded machine needs, since every wait ends as soon as
    /// what it waits for happens.
    static let patience: Duration = .seconds(60)

    /// What went wrong, with everything the program printed so far.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The process id of the program, which is also its session and process-group id.
    let pid: pid_t
    /// The program and its arguments, for failure messages.
    let command: String
    private let master: Int32
    private var raw: [UInt8] = []
    private var text: [UInt8] = []
    private var stripper = EscapeStripper()
    private var matched = 0
    private var exitStatus: Int32?
    private var slaveClosed = false

    /// Starts `executable` with `arguments` in `directory`, on a fresh pty of `columns` by 24.
    ///
    /// The environment holds only PATH and HOME (the test's), TERM=xterm, and `environment`,
    /// which wins over those, so the program does not depend on the shell running the tests.
    init(
        executable: String, arguments: [String] = [], directory: URL,
        environment: [String: String] = [:], columns: UInt16 = 80
    ) throws {
        command = ([executable] + arguments).joined(separator: " ")
        master = try Self.openMaster(columns: columns)
        do {
            let slave = try Self.slavePath(of: master)
            let variables = Self.baseEnvironment.merging(environment) { $1 }
            pid = try Self.spawn(
                executable, arguments, in: directory.path, slave: slave, environment: variables)
        } catch {
            close(master)
            throw error
        }
    }

    /// Kills a program still running, with its whole process group, and closes the master.
    ///
    /// A program already reaped is left alone: its pid may since belong to someone else.
    deinit {
        if exitStatus == nil { killProgram() }
        close(master)
    }

    // MARK: Driving

    /// Types `text`: its UTF-8 bytes go to the master, as if typed on the keyboard.
    ///
    /// Use "\r" for Enter (what a terminal sends), "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D,
    /// "\t" for Tab and "\u{1b}[A" for the up arrow.
    func send(_ text: String, timeout: Duration = PseudoTerminal.patience) throws {
        var bytes = Array(text.utf8)[...]
        let deadline = ContinuousClock.now + timeout
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else {
                throw failure("could not type \(Self.quoted(text)): \(String(cString: strerror(errno)))")
            }
            guard ContinuousClock.now < deadline else {
                throw failure(
                    "could not type \(Self.quoted(text)) within \(timeout): the program reads no input")
            }
            pump(upTo: .milliseconds(10))
        }
    }

    /// Waits until the output since the previous successful wait contains `needle`, and
    /// returns that output up to and including the needle, escape sequences and "\r" removed.
    ///
    /// The search runs on the stripped text (see `stripped(_:)`), so a needle never has to
    /// spell out the terminal's cursor movements. On timeout, or when the program closes the
    /// terminal first, the error shows the needle and every byte received.
    func waitFor(_ needle: String, timeout: Duration = PseudoTerminal.patience) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let end = endOfMatch(Array(needle.utf8)) {
                let found = String(decoding: text[matched..<end], as: UTF8.self)
                matched = end
                return found
            }
            if slaveClosed {
                throw failure("the program closed the terminal before printing \(Self.quoted(needle))")
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw failure("timed out after \(timeout) waiting for \(Self.quoted(needle))")
            }
            pump(upTo: min(left, .milliseconds(100)))
        }
    }

    /// Waits until `needle` has been received, without taking it: a later wait's failure
    /// still shows it among what was received since the last match.
    func waitUntilReceived(_ needle: String, timeout: Duration = PseudoTerminal.patience) throws {
        try wait(
            until: { transcript.contains(needle) }, timeout: timeout,
            else: "\(Self.quoted(needle)) was not received within \(timeout)")
    }

    /// Waits for the program to exit and returns its exit status, or 128 + the signal number
    /// when a signal ended it (as shells report it).
    ///
    /// The output is drained meanwhile, so the program never blocks on a full pty buffer. On
    /// timeout the program's process group is killed with SIGKILL and the wait fails.
    func waitForExit(timeout: Duration = PseudoTerminal.patience) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while !reap() {
            guard ContinuousClock.now < deadline else {
                killProgram()
                throw failure("the program did not exit within \(timeout) and was killed")
            }
            pump(upTo: .milliseconds(20))
        }
        pump(upTo: .zero)
        return exitStatus!
    }

    /// Everything received so far, escape sequences and "\r" removed.
    var transcript: String { String(decoding: text, as: UTF8.self) }

    /// Everything received so far as the program wrote it, control characters spelt out
    /// (see `visible(_:)`): for failures about echo, redraws and terminal modes.
    var rawTranscript: String { Self.visible(String(decoding: raw, as: UTF8.self)) }

    /// Waits until the program has taken the keyboard: the terminal out of canonical mode,
    /// with echo off, as a line editor sets it before it reads keys.
    ///
    /// A prompt on the screen does not prove that: libedit flushes its prompt and only then
    /// switches the terminal, so keys typed in between are echoed by the tty driver as well
    /// as by the editor, and a Ctrl-C or Ctrl-D there is taken by the driver in line mode.
    /// A person never types that fast; a test does. On Linux, termios requests on the
    /// master read the slave's settings, which are the program's.
    func waitForRawMode(timeout: Duration = PseudoTerminal.patience) throws {
        try wait(
            until: { isInRawMode }, timeout: timeout,
            else: "the terminal was not in raw mode (no ICANON, no ECHO) within \(timeout)")
    }

    /// Reads output until `condition` holds, or fails with `problem` after `timeout`.
    private func wait(until condition: () -> Bool, timeout: Duration, else problem: String) throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw failure(problem) }
            pump(upTo: .milliseconds(1))
        }
    }

    /// Whether the terminal is out of canonical mode with echo off.
    var isInRawMode: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON | ECHO) == 0
    }

    /// Waits until the program is asleep reading its standard input: the moment a person,
    /// who types slower than any program reacts, would press the next key.
    ///
    /// A key sent while the program is still busy can race its signal handling: a SIGINT
    /// that lands between a handler's check and the blocking read is not seen until the
    /// next key. The program counts as reading when /proc says its main thread sleeps in
    /// read(2) on fd 0 or in pselect6(2); where /proc/PID/syscall is unreadable, when it merely
    /// sleeps.
    func waitUntilReading(timeout: Duration = PseudoTerminal.patience) throws {
        try wait(
            until: { isReadingInput }, timeout: timeout,
            else: "the program was not waiting for input (blocked in read on fd 0) within \(timeout)")
    }

    /// Whether the program's main thread sleeps in read(2) on fd 0 (see `waitUntilReading`).
    var isReadingInput: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")"),
            stat[end...].dropFirst(2).first == "S"
        else { return false }
        guard let (readCall, selectCall) = Self.waitingSyscalls,
            let call = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)
        else { return true }
        let fields = call.split(separator: " ")
        guard fields.count > 1 else { return false }
        return (fields[0] == readCall && fields[1] == "0x0") || fields[0] == selectCall
    }

    /// The numbers of read(2) and pselect6(2) as /proc/PID/syscall shows them, on the
    /// architectures we know: a line editor waits for a key in one or the other.
    private static var waitingSyscalls: (read: Substring, pselect: Substring)? {
        #if arch(x86_64)
            return ("0", "270")
        #elseif arch(arm64)
            return ("63", "72")
        #else
            return nil
        #endif
    }

    // MARK: Reading

    /// Returns the end of the first occurrence of `needle` in the unmatched text, if any.
    private func endOfMatch(_ needle: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return matched }
        guard text.count - matched >= needle.count else { return nil }
        for start in matched...(text.count - needle.count)
        where text[start..<(start + needle.count)].elementsEqual(needle) {
            return start + needle.count
        }
        return nil
    }

    /// Waits up to `duration` for output and reads all that is available.
    ///
    /// EIO means no process has the slave open: before the program opens it at start-up,
    /// or after it (and every process it started) has gone. Only the second closes the
    /// terminal for good; the first is waited out with a short sleep instead of a busy loop.
    private func pump(upTo duration: Duration) {
        guard !slaveClosed else { return }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Self.milliseconds(duration))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                receive(buffer[..<count])
                continue
            }
            if count < 0, errno == EIO {
                if reap() { slaveClosed = true } else { usleep(10_000) }
            }
            return
        }
    }

    /// Keeps `bytes` raw for failure messages and stripped for matching.
    private func receive(_ bytes: ArraySlice<UInt8>) {
        raw.append(contentsOf: bytes)
        for byte in bytes {
            if let kept = stripper.feed(byte) { text.append(kept) }
        }
    }

    /// Kills the program and its process group with SIGKILL, and reaps it.
    ///
    /// The program itself is killed too, not only its group: should it have left the session
    /// or failed to lead one, the group would not exist and `waitpid` would block for ever.
    private func killProgram() {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exitStatus = Self.decode(status)
    }

    /// Reaps the program if it has exited; returns whether it has.
    private func reap() -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = Self.decode(status)
        return true
    }

    /// Builds an error that says what happened, what the program printed, and what to do.
    private func failure(_ headline: String) -> Failure {
        let unmatched = String(decoding: text[matched...], as: UTF8.self)
        let state = exitStatus.map { "exited with status \($0)" } ?? "still running"
        return Failure(
            description: """
                \(headline)
                  program: \(command) (\(state))
                  received since the last match, escapes stripped:
                \(Self.visible(unmatched))
                  everything received, raw:
                \(Self.visible(String(decoding: raw, as: UTF8.self)))
                  (control characters are shown as \\r, \\n, \\t, \\e and \\u{XX}; compare the \
                awaited text with the stripped output, and check the program's prompt and timing)
                """)
    }

    // MARK: Text helpers

    /// Returns `text` without ANSI escape sequences, "\r" and BEL.
    ///
    /// Removed are CSI sequences (`ESC [ … final`), OSC and other string sequences (ended by
    /// BEL or `ESC \`), and two-byte escapes (`ESC x`, with any intermediate bytes, as in
    /// `ESC ( B`). Newlines and tabs stay, so assertions can work line by line.
    static func stripped(_ text: String) -> String {
        var stripper = EscapeStripper()
        return String(decoding: text.utf8.compactMap { stripper.feed($0) }, as: UTF8.self)
    }

    /// Returns `text` with control characters spelt out, each "\n" also ending the line.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1b}": result += "\\e"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Returns `text` in quotes with its control characters spelt out, for one-line messages.
    private static func quoted(_ text: String) -> String {
        "\"" + visible(text).replacingOccurrences(of: "\n", with: "") + "\""
    }

    /// Returns a poll(2) timeout in whole milliseconds, rounded up.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
    }

    /// Returns the exit status, or 128 + the signal number when a signal ended the process.
    ///
    /// Swift cannot import the `WIFEXITED` family of macros; this is their Linux meaning.
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

// MARK: - Starting

extension PseudoTerminal {
    /// The variables every program gets: the test's PATH and HOME, and an xterm terminal.
    fileprivate static var baseEnvironment: [String: String] {
        let current = ProcessInfo.processInfo.environment
        return [
            "PATH": current["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": current["HOME"] ?? NSTemporaryDirectory(),
            "TERM": "xterm",
        ]
    }

    /// Opens a pty master, unlocked, sized 80x24 and non-blocking.
    ///
    /// O_NOCTTY keeps the test process from acquiring it as its own controlling terminal;
    /// O_CLOEXEC keeps it out of every child, ours and those that other tests spawn at the
    /// same time, so the child's only link to the pty is the slave it opens itself.
    fileprivate static func openMaster(columns: UInt16) throws -> Int32 {
        let master = try glibc("posix_openpt", as: IntegerFunction.self)(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw systemFailure("posix_openpt", errno) }
        do {
            try check("grantpt", try glibc("grantpt", as: IntegerFunction.self)(master))
            try check("unlockpt", try glibc("unlockpt", as: IntegerFunction.self)(master))
            var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            try check("ioctl(TIOCSWINSZ)", ioctl(master, UInt(TIOCSWINSZ), &size))
            try check("fcntl(O_NONBLOCK)", fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK))
            return master
        } catch {
            close(master)
            throw error
        }
    }

    /// Returns the path of the slave side of `master`, such as /dev/pts/3.
    ///
    /// `ptsname_r` rather than `ptsname`, whose static buffer tests running in parallel share.
    fileprivate static func slavePath(of master: Int32) throws -> String {
        var name = [CChar](repeating: 0, count: 128)
        let code = try glibc("ptsname_r", as: NameFunction.self)(master, &name, name.count)
        guard code == 0 else { throw systemFailure("ptsname_r", code) }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Spawns the program as a session leader whose stdin, stdout and stderr are the slave.
    ///
    /// glibc's posix_spawn runs setsid before the file actions, so opening the slave without
    /// O_NOCTTY makes it the new session's controlling terminal. The signal mask is cleared
    /// and the job-control signals get their default actions: a child of a Dispatch worker
    /// thread would otherwise inherit blocked signals, and ignored ones survive exec.
    fileprivate static func spawn(
        _ executable: String, _ arguments: [String], in directory: String, slave: String,
        environment: [String: String]
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let addChdir = try glibc("posix_spawn_file_actions_addchdir_np", as: ChdirFunction.self)
        try check("posix_spawn_file_actions_addchdir_np", addChdir(&actions, directory))
        try check("addopen", posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0))
        try check("adddup2", posix_spawn_file_actions_adddup2(&actions, 0, 1))
        try check("adddup2", posix_spawn_file_actions_adddup2(&actions, 0, 2))
        var attributes = try sessionAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = [executable] + arguments
        let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let code = withCStrings(argv) { argv in
            withCStrings(envp) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        guard code == 0 else { throw systemFailure("posix_spawn \(executable)", code) }
        return pid
    }

    /// Returns spawn attributes for a new session with no blocked signals and default actions.
    private static func sessionAttributes() throws -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var none = sigset_t()
        var defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGHUP, SIGTERM, SIGPIPE, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let flags = spawnSetsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        try check("posix_spawnattr_setflags", posix_spawnattr_setflags(&attributes, Int16(flags)))
        return attributes
    }

    /// Calls `body` with `strings` as a NULL-terminated C array, freed afterwards.
    private static func withCStrings<T>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T
    ) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

// MARK: - glibc functions Swift does not see

extension PseudoTerminal {
    /// `posix_openpt(flags)`, `grantpt(fd)`, `unlockpt(fd)`.
    fileprivate typealias IntegerFunction = @convention(c) (Int32) -> Int32
    fileprivate typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
    fileprivate typealias ChdirFunction =
        @convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
        ) -> Int32

    /// POSIX_SPAWN_SETSID from glibc's spawn.h (since 2.26), declared only under _GNU_SOURCE.
    fileprivate static let spawnSetsid: Int32 = 0x80

    /// Returns the glibc function `name`, looked up in the running process.
    ///
    /// Swift's Glibc module is built without _XOPEN_SOURCE and _GNU_SOURCE, so it hides
    /// `posix_openpt`, `grantpt`, `unlockpt`, `ptsname_r` and the `_np` spawn actions,
    /// although libc exports them; the dynamic linker still finds them by name.
    fileprivate static func glibc<F>(_ name: String, as type: F.Type) throws -> F {
        guard let symbol = dlsym(nil, name) else {
            throw Failure(
                description: "glibc has no \(name) (\(String(cString: dlerror()))); "
                    + "pseudo-terminal tests need glibc 2.29 or later")
        }
        return unsafeBitCast(symbol, to: type)
    }

    /// Throws when a call that returns -1 or an error number reports a failure.
    fileprivate static func check(_ call: String, _ result: Int32) throws {
        guard result != 0 else { return }
        throw systemFailure(call, result == -1 ? errno : result)
    }

    /// Returns an error naming the failed call and the system's message for `code`.
    fileprivate static func systemFailure(_ call: String, _ code: Int32) -> Failure {
        Failure(description: "\(call) failed: \(String(cString: strerror(code))) (errno \(code))")
    }
}

// MARK: - Escape stripping

/// A byte-at-a-time filter that drops terminal escape sequences, "\r" and BEL.
///
/// It keeps its state between bytes, so a sequence split across two reads is still removed.
/// Follows ECMA-48: CSI parameters and intermediates are 0x20–0x3F, its final byte 0x40–0x7E;
/// OSC, DCS, SOS, PM and APC strings run to BEL or ST (`ESC \`).
struct EscapeStripper {
    private enum State { case text, escape, csi, string, stringEscape }
    private var state = State.text

    /// Returns `byte` if it is visible text, nil if it belongs to an escape or is dropped.
    mutating func feed(_ byte: UInt8) -> UInt8? {
        switch state {
        case .text: return text(byte)
        case .escape: state = Self.afterEscape(byte)
        case .csi: if (0x40...0x7e).contains(byte) { state = .text }
        case .string: if byte == 0x07 { state = .text } else if byte == 0x1b { state = .stringEscape }
        case .stringEscape: state = byte == UInt8(ascii: "\\") ? .text : .string
        }
        return nil
    }

    /// Returns a text byte, or starts an escape.
    private mutating func text(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x1b:
            state = .escape
            return nil
        case UInt8(ascii: "\r"), 0x07: return nil
        default: return byte
        }
    }

    /// Returns the state after `ESC byte`: intermediates (0x20–0x2F) wait for a final byte.
    private static func afterEscape(_ byte: UInt8) -> State {
        switch byte {
        case UInt8(ascii: "["): return .csi
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            return .string
        case 0x20...0x2f: return .escape
        default: return .text
        }
    }
}

// MARK: - Self-tests

/// Proves the harness against standard programs, so that a failing REPL test points at the
/// REPL rather than at the harness.
@Suite("PseudoTerminal harness", .serialized)
struct PseudoTerminalTests {
    @Test("Typed text is echoed by the tty and read as a line")
    func echoAndLine() throws {
        try withTemporaryFolder { folder in
            let terminal = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", "read x; echo got:$x; pwd; tty"],
                directory: folder)
            try terminal.send("hello world\r")
            _ = try terminal.waitFor("hello world\n")
            #expect(try terminal.waitFor("got:hello world\n") == "got:hello world\n")
            let rest = try terminal.waitFor("/dev/pts/")
            #expect(rest.hasSuffix(folder.lastPathComponent + "\n/dev/pts/"))
            #expect(try terminal.waitForExit() == 0)
        }
    }

    @Test("Ctrl-C on the master makes the tty driver send SIGINT to the program")
    func controlCSendsInterrupt() throws {
        try withTemporaryFolder { folder in
            // Short sleeps in a loop: dash runs a trap only once its foreground child is
            // gone, and a Ctrl-C landing between two commands must not wait for a long one.
            let script = "trap 'echo caught; exit 7' INT; echo ready; while :; do sleep 0.1; done"
            let terminal = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", script], directory: folder)
            _ = try terminal.waitFor("ready\n")
            try terminal.send("\u{3}")
            _ = try terminal.waitFor("caught\n")
            #expect(try terminal.waitForExit() == 7)
        }
    }

    @Test("A program with no handler dies of SIGINT, reported as 128 + 2")
    func uncaughtInterruptEndsTheProgram() throws {
        try withTemporaryFolder { folder in
            let terminal = try PseudoTerminal(
                executable: "/bin/sleep", arguments: ["5"], directory: folder)
            // No pause: posix_spawn returns after the exec, the pty already its terminal.
            try terminal.send("\u{3}")
            #expect(try terminal.waitForExit() == 130)
        }
    }

    @Test("The window size, TERM and the caller's variables reach the program")
    func sizeAndEnvironment() throws {
        try withTemporaryFolder { folder in
            let terminal = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", "stty size; echo $TERM $EXTRA"],
                directory: folder, environment: ["EXTRA": "extra-value"])
            _ = try terminal.waitFor("24 80\nxterm extra-value\n")
            #expect(try terminal.waitForExit() == 0)
        }
    }

    @Test("Raw mode is seen once the program sets it, and its absence fails the wait")
    func rawMode() throws {
        try withTemporaryFolder { folder in
            let terminal = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", "read x; stty raw -echo; echo raw; sleep 5"],
                directory: folder)
            #expect(!terminal.isInRawMode)
            #expect(throws: PseudoTerminal.Failure.self) {
                try terminal.waitForRawMode(timeout: .milliseconds(200))
            }
            try terminal.send("\r")
            try terminal.waitForRawMode()
            #expect(terminal.isInRawMode)
        }
    }

    @Test("A program blocked reading its input is seen as reading; a busy one is not")
    func reading() throws {
        try withTemporaryFolder { folder in
            let reader = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", "read x; echo got:$x"], directory: folder)
            try reader.waitUntilReading()
            try reader.send("x\r")
            _ = try reader.waitFor("got:x")
            let busy = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", "while :; do :; done"], directory: folder)
            #expect(throws: PseudoTerminal.Failure.self) {
                try busy.waitUntilReading(timeout: .milliseconds(200))
            }
        }
    }

    @Test("A missing needle fails with the needle and the raw output, escapes spelt out")
    func timeoutTeaches() throws {
        try withTemporaryFolder { folder in
            let terminal = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", "printf '\\033[1mbold\\033[0m\\n'; sleep 5"],
                directory: folder)
            // The program has printed all it will before the short wait starts, however
            // slowly it runs: the failure's text does not depend on the machine's speed.
            try terminal.waitUntilReceived("bold\n")
            let error = #expect(throws: PseudoTerminal.Failure.self) {
                try terminal.waitFor("never printed", timeout: .milliseconds(300))
            }
            let message = error?.description ?? ""
            #expect(message.contains("\"never printed\""))
            #expect(message.contains("bold\\n"))
            #expect(message.contains("\\e[1mbold\\e[0m\\r\\n"))
        }
    }

    @Test("A program that exits before printing the needle fails at once, not at the timeout")
    func closedTerminalFailsFast() throws {
        try withTemporaryFolder { folder in
            let terminal = try PseudoTerminal(
                executable: "/bin/sh", arguments: ["-c", "echo bye; exit 3"], directory: folder)
            // The failure says the terminal closed, which a timeout's would not: the wait
            // ended with the program, and no clock is read to tell.
            let error = #expect(throws: PseudoTerminal.Failure.self) {
                try terminal.waitFor("never printed")
            }
            #expect(error?.description.contains("the program closed the terminal before printing") == true)
            #expect(error?.description.contains("exited with status 3") == true)
        }
    }

    @Test("Escape sequences, carriage returns and bells are stripped; text stays")
    func stripping() {
        let input =
            "\u{1b}[?2004h> 1\u{1b}[K\r\n\u{1b}]0;title\u{7}\u{1b}(Bok\u{1b}="
            + "\t\u{7}x\u{1b}P1;2\u{1b}\\!"
        #expect(PseudoTerminal.stripped(input) == "> 1\nok\tx!")
    }

    @Test("Python's readline completes on Tab and survives Ctrl-C", .enabled(if: python != nil))
    func pythonReadline() throws {
        try withTemporaryFolder { folder in
            let terminal = try PseudoTerminal(
                executable: python!, arguments: ["-q", "-i"], directory: folder)
            _ = try terminal.waitFor(">>> ")
            try terminal.send("import os\r")
            _ = try terminal.waitFor(">>> ")
            try terminal.send("os.getc\t")
            _ = try terminal.waitFor("os.getcwd")
            try terminal.send("()\r")
            _ = try terminal.waitFor(folder.lastPathComponent)
            _ = try terminal.waitFor(">>> ")
            // The input says when it runs (its echo spells the word apart): the Ctrl-C follows
            // that, however loaded the machine, never a guessed delay.
            try terminal.send("print('loop' + 'ing') or [0 for _ in iter(int, 1)]\r")
            _ = try terminal.waitFor("looping\n")
            try terminal.send("\u{3}")
            _ = try terminal.waitFor("KeyboardInterrupt")
            _ = try terminal.waitFor(">>> ")
            try terminal.send("6 * 7\r")
            #expect(try terminal.waitFor("42\n").hasSuffix("\n42\n"))
            _ = try terminal.waitFor(">>> ")
            try terminal.send("\u{4}")
            #expect(try terminal.waitForExit() == 0)
        }
    }
}

/// The system's python3, for the readline self-test; nil skips it.
private let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
