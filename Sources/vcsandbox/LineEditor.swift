import CEdit
import Foundation

/// Line editing, history and Tab completion at the terminal, through libedit.
///
/// History is kept in a file, written after each line so that a session that ends any way
/// keeps what was typed. Ctrl-C while a line is typed makes `readLine` answer `.interrupted`
/// (the console's SIGINT handler is installed without SA_RESTART, so the read returns
/// EINTR).
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
        el_source(editor, nil)   // the user's ~/.editrc, if any
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
        print("\n" + Self.columns(candidates.map { Self.lastPart(of: $0, isPath: isPaths) }))
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

    /// Words in columns that fit 80 characters, row by row.
    static func columns(_ words: [String]) -> String {
        let width = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, 80 / width)
        return stride(from: 0, to: words.count, by: perRow).map { row in
            words[row..<min(row + perRow, words.count)]
                .map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }
                .joined().trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}

private let promptFunction: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { editor in
    LineEditor.from(editor).promptText
}

private let completeFunction: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editor, _ in
    LineEditor.from(editor).completeAtCursor()
}
