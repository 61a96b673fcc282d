/// The golden trace file that stands beside a script (SPEC §6): `foo.trace` for `foo.lua`.
///
/// It holds one section per scenario, each the scenario's whole compared trace, so that a
/// script can be checked against a recording without an `expect` in it. The text form is
/// meant to be read in a review: a header line opens each section, trace lines follow one
/// per line exactly as recorded, and a blank line separates sections. Lines before the
/// first header are comments; blank lines are never trace lines, so they are dropped.
///
/// ```
/// -- vcsandbox golden trace for foo.lua: written by `vcsandbox test --record`
/// -- scenario: push then pop
/// A.viewDidLoad()
/// A.viewWillAppear(false)
///
/// -- scenario: nothing happens
/// ```
public struct GoldenTrace: Equatable, Sendable {
    /// The sections in file order; names are unique.
    public var sections: [Section]

    public init(sections: [Section] = []) {
        self.sections = sections
    }

    /// One scenario's recorded trace.
    ///
    /// Two sections are equal when their names and lines are; `headerLine` and `fileLines`
    /// only say where a parsed section came from, so a trace read back from its rendering
    /// equals the original.
    public struct Section: Equatable, Sendable {
        /// The scenario's name, as `scenario(name, fn)` declared it.
        public var name: String
        /// The compared trace lines, in order; empty when the scenario recorded no events.
        public var lines: [String]
        /// 1-based line of the section's header in the parsed file; 0 when built in memory.
        public var headerLine: Int
        /// The 1-based line of the parsed file each of `lines` stands on (blank lines between
        /// them are not trace lines); empty when built in memory.
        public var fileLines: [Int]

        public init(name: String, lines: [String], headerLine: Int = 0, fileLines: [Int] = []) {
            self.name = name
            self.lines = lines
            self.headerLine = headerLine
            self.fileLines = fileLines
        }

        /// The line of the file where the section's 1-based `entry` stands; for an entry past
        /// the end (the trace went on), the section's last line, or its header when empty.
        func fileLine(ofEntry entry: Int?) -> Int {
            guard let entry, fileLines.indices.contains(entry - 1) else { return fileLines.last ?? headerLine }
            return fileLines[entry - 1]
        }

        public static func == (left: Section, right: Section) -> Bool {
            left.name == right.name && left.lines == right.lines
        }
    }

    /// The text that starts every section header; the scenario's name follows it.
    static let headerPrefix = "-- scenario:"

    /// The section for a scenario, or nil when the file has none by that name.
    public func section(named name: String) -> Section? {
        sections.first { $0.name == name }
    }

    /// Takes in freshly recorded sections: a section of the same name is replaced where it
    /// stands, a new name is appended, in the order given.
    ///
    /// A run limited with `--filter` records only some scenarios of a script; merging
    /// keeps the others and the order of the file, so re-recording one scenario changes
    /// only its own lines in the diff.
    public mutating func merge(_ recorded: [Section]) {
        for section in recorded {
            if let index = sections.firstIndex(where: { $0.name == section.name }) {
                sections[index] = section
            } else {
                sections.append(section)
            }
        }
    }
}

// MARK: - Comparison

extension GoldenTrace {
    /// The golden trace's path beside a script: `foo.trace` for `foo.lua` (SPEC §6).
    public static func path(forScript script: String) -> String {
        (script.hasSuffix(".lua") ? String(script.dropLast(4)) : script) + ".trace"
    }

    /// Compares freshly recorded sections (each a scenario's name and its whole compared
    /// trace) with a golden file's text; `path` names the file in the failures. Returns one
    /// verdict per section, in order: nil when it matches its section of the file.
    ///
    /// `vcsandbox test` and the scenario suite's tests both judge golden files here, so a
    /// script checked only through its `.trace` fails the same way in both. A file that
    /// cannot be read fails every section at the line where reading stopped.
    ///
    ///     let recorded = [GoldenTrace.Section(name: "push", lines: outcome.comparedLines)]
    ///     let failures = GoldenTrace.compare(recorded, withFile: text, at: "scripts/x.trace")
    public static func compare(_ recorded: [Section], withFile text: String, at path: String) -> [Failure?] {
        let golden: GoldenTrace
        do {
            golden = try parse(text)
        } catch {
            let line = (error as? GoldenTraceError)?.line ?? 1
            return recorded.map { _ in Failure(location: "\(path):\(line)", message: "\(error)") }
        }
        return recorded.map { golden.mismatch(of: $0, at: path) }
    }

    /// The command that re-records the golden trace at `path` from its script.
    static func recordCommand(forTrace path: String) -> String {
        let script = path.hasSuffix(".trace") ? String(path.dropLast(6)) + ".lua" : path
        return
            "vcsandbox test --record \(shellQuoted(script))   (writes the actual trace as the golden one; review the diff)"
    }

    /// Why `recorded` differs from the section of the same name, or nil when it does not.
    /// Recorded lines are compared as they are: no patterns, no trimming. The failure is
    /// placed at the golden file's own line where the first difference stands.
    func mismatch(of recorded: Section, at path: String) -> Failure? {
        guard let section = section(named: recorded.name) else {
            return Failure(
                location: path,
                message: "the golden trace has no section \"\(recorded.name)\"; `vcsandbox test --record` adds it")
        }
        let actual = recorded.lines
        guard section.lines != actual else { return nil }
        let expected = section.lines.map(ExpectedLine.pattern)
        var comparison = Expectation.compare(expected: expected, actual: actual)
        if comparison.matched {
            // A golden line read as a pattern matched: the first line that differs as text.
            let common = min(section.lines.count, actual.count)
            let first = (0..<common).first { section.lines[$0] != actual[$0] } ?? common
            comparison = Comparison(
                matched: false, lines: expected.map { .expected($0.text) } + actual.map(DiffLine.actual),
                firstDivergence: first < section.lines.count ? first + 1 : nil)
        }
        return Failure(
            location: "\(path):\(section.fileLine(ofEntry: comparison.firstDivergence))",
            message: "the trace differs from the golden trace: " + Expectation.describe(comparison, expected: expected),
            details: DiffRenderer.render(comparison.lines),
            nextStep: Self.recordCommand(forTrace: path))
    }
}

// MARK: - Text

extension GoldenTrace {
    /// The file's text: a comment naming the script, then the sections in order with a
    /// blank line between them; the text ends with exactly one newline.
    ///
    /// Scenario names are written as they are, so a name must fit on one line.
    public func render(scriptName: String) -> String {
        let comment = "-- vcsandbox golden trace for \(scriptName): written by `vcsandbox test --record`"
        let blocks = sections.map { section in
            ([Self.headerPrefix + " " + section.name] + section.lines).joined(separator: "\n")
        }
        guard !blocks.isEmpty else { return comment + "\n" }
        return comment + "\n" + blocks.joined(separator: "\n\n") + "\n"
    }

    /// Reads a golden trace file.
    ///
    /// A line `-- scenario: NAME` opens a section (one space after the colon is part of
    /// the header, the rest is the name); every other non-blank line belongs to the open
    /// section, except that `--` comments may stand before the first header. `\r\n` line
    /// ends are read like `\n`. Errors name the 1-based line.
    ///
    /// A file that holds a control character (binary data), or no header and a line that is
    /// no comment (some other text), is not a golden trace: the error says so without
    /// quoting it, since it may be any file that took the trace's name (D-89).
    public static func parse(_ text: String) throws -> GoldenTrace {
        let lines = lines(of: text)
        if let index = lines.firstIndex(where: { $0.unicodeScalars.contains(where: isForeign) }) {
            throw GoldenTraceError.notText(line: index + 1)
        }
        if !lines.contains(where: { sectionName(inHeader: $0) != nil }),
            let index = lines.firstIndex(where: { !isBlank($0) && !$0.hasPrefix("--") })
        {
            throw GoldenTraceError.notATrace(line: index + 1)
        }
        var trace = GoldenTrace()
        for (index, line) in lines.enumerated() where !isBlank(line) {
            try trace.read(line, at: index + 1)
        }
        return trace
    }

    /// A character no golden trace holds: a control other than a tab (line ends are gone).
    private static func isForeign(_ scalar: Unicode.Scalar) -> Bool {
        VisibleText.isControl(scalar) && scalar != "\t"
    }

    /// Adds one non-blank line, read at `number`, to the trace being parsed.
    private mutating func read(_ line: String, at number: Int) throws {
        if let name = Self.sectionName(inHeader: line) {
            if let first = section(named: name) {
                throw GoldenTraceError.duplicateSection(name: name, line: number, firstLine: first.headerLine)
            }
            sections.append(Section(name: name, lines: [], headerLine: number))
        } else if sections.isEmpty {
            guard line.hasPrefix("--") else { throw GoldenTraceError.lineBeforeFirstSection(line: number, text: line) }
        } else {
            sections[sections.count - 1].lines.append(line)
            sections[sections.count - 1].fileLines.append(number)
        }
    }

    /// Whether a trace line reads back from a golden file as itself: not blank, no line
    /// break or other control character but a tab, no header, and no white space at either
    /// end.
    public static func canHold(_ line: String) -> Bool {
        guard let first = line.first, let last = line.last else { return false }
        return !first.isWhitespace && !last.isWhitespace && canHoldName(line) && sectionName(inHeader: line) == nil
    }

    /// Whether a scenario's name reads back from a section header as itself: no line break
    /// and no other control character but a tab.
    public static func canHoldName(_ name: String) -> Bool {
        !name.contains(where: \.isNewline) && !name.unicodeScalars.contains(where: isForeign)
    }

    /// The name a header line announces, or nil when the line is not a header.
    static func sectionName(inHeader line: String) -> String? {
        guard line.hasPrefix(headerPrefix) else { return nil }
        let rest = line.dropFirst(headerPrefix.count)
        return String(rest.hasPrefix(" ") ? rest.dropFirst() : rest)
    }

    /// The text's lines without their line ends (`\n` or `\r\n`, which Swift sees as one
    /// character).
    private static func lines(of text: String) -> [String] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
    }

    private static func isBlank(_ line: String) -> Bool {
        line.allSatisfy(\.isWhitespace)
    }
}

/// Why a golden trace file could not be read; the description names the line and says
/// how to repair the file.
public enum GoldenTraceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A second section with a name already used at `firstLine`.
    case duplicateSection(name: String, line: Int, firstLine: Int)
    /// A trace line above the first `-- scenario:` header, where it belongs to no scenario.
    case lineBeforeFirstSection(line: Int, text: String)
    /// A control character other than a tab: binary data, not text.
    case notText(line: Int)
    /// No `-- scenario:` header at all, and a line that is no comment: some other text.
    case notATrace(line: Int)

    /// The 1-based line of the file where reading stopped.
    public var line: Int {
        switch self {
        case .duplicateSection(_, let line, _), .lineBeforeFirstSection(let line, _), .notText(let line),
            .notATrace(let line):
            return line
        }
    }

    public var description: String {
        switch self {
        case .duplicateSection(let name, let line, let firstLine):
            return "line \(line): a second section for scenario \"\(name)\" (the first starts at line \(firstLine)); "
                + "keep one, or re-record the file with `vcsandbox test --record`"
        case .lineBeforeFirstSection(let line, let text):
            return
                "line \(line): \"\(text)\" stands before the first `-- scenario: NAME` header, so it belongs to no scenario; "
                + "add a header above it, make it a `--` comment, or re-record the file with `vcsandbox test --record`"
        case .notText(let line):
            return
                "not a golden trace: line \(line) holds a control character, which a trace never does (binary data?); "
                + "its content is not shown. Remove it, or re-record it with `vcsandbox test --record`"
        case .notATrace(let line):
            return "not a golden trace: it has no `-- scenario: NAME` header, and line \(line) is no `--` comment; "
                + "its content is not shown. Remove it, or re-record it with `vcsandbox test --record`"
        }
    }
}
