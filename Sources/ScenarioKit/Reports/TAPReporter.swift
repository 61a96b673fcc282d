/// The Test Anything Protocol (version 13) report of `vcsandbox test --reporter tap`.
///
/// The plan comes first because the count is known before the report is written. Each
/// failing test is followed by an indented YAML block holding what the human report shows
/// (message, `file:line`, diff, captured output) and its duration; passing tests carry no
/// timing, so two runs of passing scenarios give the same bytes. Descriptions are kept on
/// one line and `#` and `\` in them are escaped (`\#`, `\\`), so no title can pose as a
/// `# SKIP` or `# TODO` directive. The last line is a diagnostic with the totals.
///
/// ```
/// TAP version 13
/// 1..2
/// ok 1 - scripts/nav/push.lua: push then pop
/// not ok 2 - scripts/nav/pop.lua: pop to root
///   ---
///   message: |-
///     first difference at line 2 of the expected block
///   at: "scripts/nav/pop.lua:12"
///   details: |2
///       A.viewWillDisappear(true)
///     - B.viewDidAppear(true)
///   duration_ms: 0.400
///   ...
/// # 1 passed, 1 failed
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
        lines.append("# \(results.passedCount) passed, \(results.failedCount) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `ok 3 - file: name` or `not ok 3 - file: name`.
    func testLine(_ result: ScenarioResult, number: Int) -> String {
        (result.passed ? "ok" : "not ok") + " \(number) - " + Self.description(result.title)
    }

    /// The YAML block after a failing test, from `  ---` to `  ...`; nothing for a pass.
    func diagnostics(_ result: ScenarioResult) -> [String] {
        guard let failure = result.failure else { return [] }
        var lines = ["  ---"]
        lines += Self.field("message", failure.message)
        if let location = failure.location { lines.append("  at: " + Self.quoted(location)) }
        if !failure.details.isEmpty { lines += Self.field("details", failure.details) }
        if let next = failure.nextStep { lines += Self.field("next", next) }
        if !result.output.isEmpty { lines += Self.field("output", result.output) }
        lines.append("  duration_ms: " + FixedDecimal.text(result.seconds * 1000, places: 3))
        lines.append("  ...")
        return lines
    }

    /// A title made safe for a test line: `\` and `#` escaped, line breaks turned to spaces.
    static func description(_ title: String) -> String {
        var text = ""
        for scalar in title.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "#": text += "\\#"
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": text += " "
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

// MARK: - YAML scalars

extension TAPReporter {
    /// `  key: value`, as a literal block when YAML can hold the text as one.
    static func field(_ key: String, _ text: String) -> [String] {
        guard fitsLiteralBlock(text) else { return ["  \(key): " + quoted(text)] }
        return ["  \(key): " + blockHeader(text)] + blockLines(text)
    }

    /// `|` keeps one final newline, `|-` none and `|+` several; a digit fixes the indent.
    ///
    /// Without the digit YAML takes the indentation from the first non-empty line, which
    /// would swallow the leading spaces of a diff line such as `  A.viewDidLoad()`.
    static func blockHeader(_ text: String) -> String {
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: true).first
        let indicator = firstLine?.first == " " ? "2" : ""
        let chomping = !text.hasSuffix("\n") ? "-" : text.hasSuffix("\n\n") ? "+" : ""
        return "|" + indicator + chomping
    }

    /// The lines of a literal block, indented four spaces; empty lines stay empty.
    static func blockLines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines.map { $0.isEmpty ? "" : "    " + $0 }
    }

    /// Whether a literal block gives back exactly `text`.
    ///
    /// It cannot hold an empty text or one of nothing but newlines, carriage returns (YAML
    /// reads them as newlines) or characters YAML does not print; and a line that is `---`
    /// or `...` once blanks are ignored could end a TAP reader's YAML block early.
    static func fitsLiteralBlock(_ text: String) -> Bool {
        guard text.contains(where: { $0 != "\n" }) else { return false }
        guard text.unicodeScalars.allSatisfy({ $0 != "\r" && !needsEscape($0) }) else { return false }
        return !text.split(separator: "\n").contains { line in
            let marker = line.filter { $0 != " " && $0 != "\t" }
            return marker == "---" || marker == "..."
        }
    }

    /// A YAML double-quoted scalar on one line, escaping what is not plainly printable.
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

    /// `\xHH` for a code point below 0x100, else `\uHHHH` (YAML's escapes).
    static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        let width = scalar.value < 0x100 ? 2 : 4
        let digits = String(scalar.value, radix: 16, uppercase: true)
        let padding = String(repeating: "0", count: width - digits.count)
        return (width == 2 ? "\\x" : "\\u") + padding + digits
    }
}
