/// The Test Anything Protocol (version 13) report of `vcsandbox test --reporter tap`.
///
/// The plan comes first because the count is known before the report is written. Each
/// failing test is followed by an indented YAMLish block holding what the human report shows
/// (message, `file:line`, diff, captured output) and its duration; passing tests carry no
/// timing, so two runs of passing scenarios give the same bytes. Control characters from the
/// script are written as Lua writes them (`\27`, `visibleText`, D-90) everywhere, so that
/// `prove` never prints them raw. Descriptions are kept on one line (a line break is `\10`)
/// and `#` and `\` in them are escaped (`\#`, `\\`), so no title can pose as a
/// directive; a scenario that was not run carries one of its own: `ok N - … # SKIP`
/// (`scenario.skip`) or `not ok N - … # TODO` (`scenario.todo`), which TAP counts as no
/// failure. The last line is a diagnostic with the totals.
///
/// The YAMLish is what `prove` (TAP::Parser::YAMLish::Reader) reads as well as YAML itself
/// (D-75): one line of text is a plain scalar, or a double-quoted one when it needs to be;
/// several lines are a literal block `|`, with no indicator, whose first line starts with
/// no blank; text a block cannot hold (a diff starting with a context line) is quoted.
///
/// ```
/// TAP version 13
/// 1..3
/// ok 1 - scripts/nav/push.lua: push then pop
/// not ok 2 - scripts/nav/pop.lua: pop to root
///   ---
///   message: "expectation failed: first difference at line 2 of the expected block"
///   at: scripts/nav/pop.lua:12
///   details: |
///     - B.viewDidAppear(true)
///     + B.viewDidAppear(false)
///   duration_ms: 0.400
///   ...
/// ok 3 - scripts/nav/pop.lua: pop in a sheet # SKIP
/// # 1 passed, 1 failed, 1 skipped
/// ```
public struct TAPReporter: Reporter {
    /// Makes a TAP reporter; it has no options.
    public init() {}

    /// The whole report: version line, plan, one test line per result, totals diagnostic.
    public func report(_ results: [ScenarioResult]) -> String {
        var lines = ["TAP version 13", "1..\(results.count)"]
        for (index, result) in results.enumerated() {
            lines.append(testLine(result, number: index + 1))
            lines += diagnostics(result)
        }
        lines.append("# " + results.totalsText)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `ok 3 - file: name`, `not ok 3 - file: name`, or with `# SKIP` or `# TODO` after it.
    func testLine(_ result: ScenarioResult, number: Int) -> String {
        let point = " \(number) - " + Self.description(result.title)
        switch result.status {
        case .passed: return "ok" + point
        case .failed: return "not ok" + point
        case .skipped: return "ok" + point + " # SKIP"
        case .todo: return "not ok" + point + " # TODO"
        }
    }

    /// The YAMLish block after a failing test, from `  ---` to `  ...`; nothing otherwise.
    func diagnostics(_ result: ScenarioResult) -> [String] {
        guard let failure = result.failure else { return [] }
        var lines = ["  ---"]
        lines += Self.field("message", failure.message)
        if let location = failure.location { lines += Self.field("at", location) }
        if !failure.details.isEmpty { lines += Self.field("details", failure.details) }
        if let next = failure.nextStep { lines += Self.field("next", next) }
        if !result.output.isEmpty { lines += Self.field("output", result.output) }
        lines.append("  duration_ms: " + FixedDecimal.text(result.seconds * 1000, places: 3))
        lines.append("  ...")
        return lines
    }

    /// A title made safe for a test line: on one line (`visibleLine`; the line and paragraph
    /// separators turned to spaces), `\` and `#` escaped.
    static func description(_ title: String) -> String {
        var text = ""
        for scalar in title.visibleLine.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "#": text += "\\#"
            case "\u{2028}", "\u{2029}": text += " "
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

// MARK: - YAMLish scalars

extension TAPReporter {
    /// `  key: value`: a literal block for text of several lines (or one ending with a
    /// newline) when one can hold it, else a plain scalar when the text reads back as
    /// itself, else a double-quoted one.
    static func field(_ key: String, _ text: String) -> [String] {
        let text = text.visibleText
        if let block = literalBlock(text) { return ["  \(key): |"] + block }
        return ["  \(key): " + (isPlain(text) ? text : quoted(text))]
    }

    /// The lines of a literal block `|` that gives back `text`, or nil when none can.
    ///
    /// TAP::Parser's reader knows `|` alone, with no chomping or indentation indicator. It
    /// takes the block's indentation from its first line and ends the block at the first
    /// line indented less, counts any blank (a tab too) as indentation, and reads a line of
    /// nothing but the indentation as an empty line, where an empty line would end the whole
    /// YAMLish block (it is not indented as TAP's lines are). Every reader gives a `|` block
    /// back with one final newline. So the text must have several lines, or end with a
    /// newline; its first line must start with no blank, and no line may start with a blank
    /// other than a space; its final newlines become one; and it holds no character YAML must
    /// escape, no carriage return, and no line that is `---` or `...`, which could end a TAP
    /// reader's block early.
    static func literalBlock(_ text: String) -> [String]? {
        guard text.unicodeScalars.allSatisfy({ $0 != "\r" && !needsEscape($0) }) else { return nil }
        let kept = text.unicodeScalars.reversed().drop { $0 == "\n" }.count
        let lines = String(text.unicodeScalars.prefix(kept)).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 || kept < text.unicodeScalars.count else { return nil }
        guard let first = lines[0].unicodeScalars.first, !isBlank(first) else { return nil }
        guard lines.allSatisfy(fitsLiteralBlock) else { return nil }
        return lines.map { "    " + $0 }
    }

    /// Whether a line reads back as itself inside a literal block: the blanks it starts with
    /// are spaces, and it is not `---` or `...`.
    static func fitsLiteralBlock(_ line: Substring) -> Bool {
        if let first = line.unicodeScalars.drop(while: { $0 == " " }).first, isBlank(first) { return false }
        let marker = line.unicodeScalars.filter { !isBlank($0) }
        return !["---", "..."].contains(String(String.UnicodeScalarView(marker)))
    }

    /// A space or a tab: YAML's blanks, and the white space TAP::Parser's reader takes for
    /// indentation (the other ASCII ones are escaped).
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// Whether `text`, written plain after `key: `, reads back as the same string in YAML
    /// (never as a number, boolean or null) and in TAP::Parser's reader (which trims blanks).
    ///
    /// It starts with an ASCII letter or `/`, holds only printable characters and no tab,
    /// has no `: ` or ` #`, does not end with a blank or `:`, and is not one of YAML's words
    /// for true, false and null.
    static func isPlain(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
            (first.isASCII && first.properties.isAlphabetic) || first == "/", !isBlank(last), last != ":"
        else { return false }
        guard scalars.allSatisfy({ !isBlank($0) || $0 == " " }), !text.contains(": "), !text.contains(" #") else {
            return false
        }
        guard scalars.allSatisfy({ $0 != "\n" && $0 != "\r" && !needsEscape($0) }) else { return false }
        return !yamlWords.contains(text.lowercased())
    }

    /// The plain words YAML 1.1 or 1.2 reads as a boolean or null.
    static let yamlWords: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"]

    /// A YAML double-quoted scalar on one line, escaping what is not plainly printable.
    ///
    /// Only escapes that TAP::Parser's reader also undoes are used for characters below
    /// U+0080 (`\"`, `\\`, `\n`, `\r`, `\t`, `\xHH`); the few above it that YAML wants
    /// escaped are written `\uHHHH`, which that reader leaves as it is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += hexEscape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Characters outside YAML's printable set, plus line and paragraph separators and the
    /// byte-order mark, which a reader may treat specially.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// `\xHH` for a code point below 0x80, else `\uHHHH` (YAML's escapes).
    static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        let width = scalar.value < 0x80 ? 2 : 4
        let digits = String(scalar.value, radix: 16, uppercase: true)
        let padding = String(repeating: "0", count: width - digits.count)
        return (width == 2 ? "\\x" : "\\u") + padding + digits
    }
}
