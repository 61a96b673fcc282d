import CEdit
import Foundation

/// Line editing, history and Tab completion at the terminal, through libedit.
///
/// History is kept in a file, written after each line so that a session that ends any way
/// keeps what was typed. Ctrl-C while a line is typed makes `readLine` answer `.interrupted`:
/// the editor reads its keys itself, waiting in `pselect` with SIGINT blocked except during
/// the wait, after asking `isInterrupted`, so that a Ctrl-C can land neither unseen before
/// the wait nor during it (the handler only sets the flag `isInterrupted` reads).
///
///     let editor = LineEditor(historyFile: "/home/me/.vcsandbox_history")
///     editor.prompt = "> "
///     if case .line(let text) = editor.readLine() { editor.remember(text) }
final class LineEditor {
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C while typing: the line is dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal went away.
        case end
    }

    private let editor: OpaquePointer
    private let history: OpaquePointer
    private var historyFile: String?
    fileprivate var promptText: UnsafeMutablePointer<CChar> = strdup("> ")
    /// The completion of the text before the cursor: where the word starts (in UTF-8
    /// bytes) and the whole words that may replace it.
    var complete: ((String) -> (start: Int, candidates: [String], isPaths: Bool))?
    /// Whether Ctrl-C was pressed since the line began: the line is then dropped.
    var isInterrupted: () -> Bool = { false }
    /// The bytes of a character read so far.
    private var pending: [UInt8] = []

    /// The text shown before the line.
    var prompt: String {
        get { String(cString: promptText) }
        set {
            free(promptText)
            promptText = strdup(newValue)
        }
    }

    init(historyFile: String?) {
        editor = vcs_el_open("vcsandbox")
        history = history_init()
        self.historyFile = historyFile.flatMap(Self.checkedHistoryFile)
        vcs_history_setsize(history, 1000)
        vcs_history_setunique(history)
        if let historyFile = self.historyFile { vcs_history_load(history, historyFile) }
        vcs_el_seteditor(editor, "emacs")
        vcs_el_sethistory(editor, history)
        vcs_el_setclientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        vcs_el_setprompt(editor, promptFunction)
        vcs_el_addfunction(editor, "vcs-complete", "Complete the name before the cursor", completeFunction)
        vcs_el_bind(editor, "^I", "vcs-complete")
        vcs_el_setreader(editor, readFunction)
        el_source(editor, nil)  // the user's ~/.editrc, if any
    }

    deinit {
        el_end(editor)
        history_end(history)
        free(promptText)
    }

    /// Reads one line, without its newline.
    func readLine() -> Input {
        vcs_el_prepareterminal(editor)
        var count: Int32 = 0
        guard let text = el_gets(editor, &count) else {
            return count == -1 && errno == EINTR ? .interrupted : .end
        }
        var line = String(cString: text)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Adds a line to the history and saves the history file; the first failure to save
    /// is reported, and the history is kept in memory only from then on.
    func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        vcs_history_enter(history, line)
        guard let historyFile, vcs_history_save(history, historyFile) < 0 else { return }
        printError("vcsandbox: cannot write the history to \(historyFile); it is kept for this session only")
        self.historyFile = nil
    }

    /// `path`, unless it holds something other than a history (libedit's files begin with
    /// `_HiStOrY_V2_`): another file there is never overwritten.
    static func checkedHistoryFile(_ path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return path }
        defer { try? file.close() }
        let head = (try? file.read(upToCount: 12)) ?? Data()
        guard head.isEmpty || head == Data("_HiStOrY_V2_".utf8) else {
            printError("vcsandbox: \(path) is not a history file; the history is kept for this session only")
            return nil
        }
        return path
    }

    /// Reads one character for libedit, decoding UTF-8: 1 with the character, 0 at the end
    /// of the input, -1 with errno EINTR after a Ctrl-C.
    fileprivate func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            guard waitForKey() else {
                pending.removeAll()
                errno = EINTR
                return -1
            }
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 0 { return 0 }
            if count < 0 { if errno == EINTR || errno == EAGAIN { continue } else { return -1 } }
            pending.append(byte)
            switch Self.decode(pending) {
            case .scalar(let value):
                pending.removeAll()
                character.pointee = wchar_t(bitPattern: value)
                return 1
            case .incomplete: continue
            case .invalid: pending.removeAll()
            }
        }
    }

    /// Waits until a key can be read; false when Ctrl-C came first. SIGINT is blocked from
    /// the question to the wait, which unblocks it atomically, so none slips between.
    private func waitForKey() -> Bool {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        if isInterrupted() { return false }
        var waiting = previous
        sigdelset(&waiting, SIGINT)
        while true {
            var keys = fd_set()
            keys.__fds_bits.0 = 1 << STDIN_FILENO  // FD_SET, a macro Swift cannot call
            guard pselect(STDIN_FILENO + 1, &keys, nil, nil, nil, &waiting) < 0 else { break }
            guard errno == EINTR else { return true }  // the read will say what is wrong
            if isInterrupted() { return false }
        }
        return true
    }

    private enum Decoded: Equatable {
        case scalar(UInt32)
        case incomplete
        case invalid
    }

    /// The character the bytes make, whether more are needed, or whether they make none.
    private static func decode(_ bytes: [UInt8]) -> Decoded {
        let lead = bytes[0]
        let length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0
        guard length > 0 else { return .invalid }
        guard bytes.count >= length else {
            return bytes.dropFirst().allSatisfy { $0 & 0xc0 == 0x80 } ? .incomplete : .invalid
        }
        guard let text = String(validating: bytes, as: UTF8.self), let scalar = text.unicodeScalars.first else {
            return .invalid
        }
        return .scalar(scalar.value)
    }

    fileprivate static func from(_ editor: OpaquePointer?) -> LineEditor {
        Unmanaged<LineEditor>.fromOpaque(vcs_el_clientdata(editor)!).takeUnretainedValue()
    }

    /// Tab: inserts what all candidates share beyond the word; when that is nothing and
    /// there are several, lists them under the line.
    fileprivate func completeAtCursor() -> UInt8 {
        guard let info = el_line(editor)?.pointee, let complete else { return UInt8(CC_ERROR) }
        let before = UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer)
        let line = String(decoding: before, as: UTF8.self)
        let (start, candidates, isPaths) = complete(line)
        let word = String(decoding: before[min(start, before.count)...], as: UTF8.self)
        guard let first = candidates.first else { return UInt8(CC_ERROR) }
        let shared = candidates.dropFirst().reduce(first) { $0.commonPrefix(with: $1) }
        if shared.count > word.count, shared.hasPrefix(word) {
            el_insertstr(editor, String(shared.dropFirst(word.count)))
            return UInt8(CC_REFRESH)
        }
        guard candidates.count > 1 else { return UInt8(CC_REFRESH) }
        let words = candidates.map { Self.lastPart(of: $0, isPath: isPaths) }
        print("\n" + Self.columns(words, width: Self.terminalWidth()))
        fflush(nil)
        return UInt8(CC_REDISPLAY)
    }

    /// What a list of candidates shows of one: its last name (`topViewController` of
    /// `nav.topViewController`), or a path's last part (`navigation/` of `scripts/navigation/`).
    static func lastPart(of candidate: String, isPath: Bool) -> String {
        let body = isPath && candidate.hasSuffix("/") ? candidate.dropLast() : candidate[...]
        let separators: Set<Character> = isPath ? ["/"] : [".", ":"]
        guard let separator = body.lastIndex(where: separators.contains), separator != body.startIndex else {
            return candidate
        }
        return String(candidate[candidate.index(after: separator)...])
    }

    /// Words in columns that fit `width` characters, sorted down each column and then
    /// across, as `ls` lays out names.
    static func columns(_ words: [String], width: Int) -> String {
        let column = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, (width + 2) / column)
        let rows = (words.count + perRow - 1) / perRow
        return (0..<rows).map { row in
            stride(from: row, to: words.count, by: rows)
                .map { words[$0].padding(toLength: column, withPad: " ", startingAt: 0) }
                .joined().trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// The terminal's width in characters: what the terminal says, else `$COLUMNS`, else 80.
    static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }
}

private let promptFunction: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { editor in
    LineEditor.from(editor).promptText
}

private let readFunction: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = {
    editor, character in
    LineEditor.from(editor).readCharacter(into: character!)
}

private let completeFunction: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editor, _ in
    LineEditor.from(editor).completeAtCursor()
}
