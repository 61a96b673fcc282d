/// The JSON report of `vcsandbox test --reporter json`, one document for other programs.
///
/// Written by hand rather than with an encoder so that the keys keep the order a reader
/// expects (totals first, then each scenario's identity, status, timing, evidence) and the
/// layout never depends on a library version. Every string is escaped, control characters
/// as `\u00XX`; `seconds` is a plain decimal with six places, never an exponent; `failure`
/// and a missing `location` are `null`. The text is the script's exactly: JSON is for
/// programs, so its control characters (those `VisibleText` names, DEL and C1 included) are
/// JSON escapes, not the `\27` the other reports show (D-90). Only the `seconds` values differ between runs.
/// `status` is `passed`, `failed`, `skipped` (`scenario.skip`) or `todo` (`scenario.todo`);
/// `skipped` counts the last two, which did not run (their `seconds` are 0).
///
/// ```
/// {
///   "passed": 0,
///   "failed": 1,
///   "skipped": 0,
///   "scenarios": [
///     {
///       "file": "scripts/nav/pop.lua",
///       "name": "pop to root",
///       "status": "failed",
///       "seconds": 0.000400,
///       "output": "",
///       "failure": {
///         "location": "scripts/nav/pop.lua:12",
///         "message": "first difference at line 2",
///         "details": "  A.viewWillDisappear(true)\n- B.viewDidAppear(true)"
///       }
///     }
///   ]
/// }
/// ```
public struct JSONReporter: Reporter {
    /// Makes a JSON reporter; it has no options.
    public init() {}

    /// The whole document, indented by two spaces, ending with a newline.
    public func report(_ results: [ScenarioResult]) -> String {
        Self.object(
            [
                ("passed", "\(results.passedCount)"),
                ("failed", "\(results.notPassedCount)"),
                ("skipped", "\(results.skippedCount)"),
                ("scenarios", Self.array(results.map { scenario($0, indent: 4) }, indent: 2)),
            ], indent: 0) + "\n"
    }

    /// The object for one result, its closing brace indented by `indent`.
    func scenario(_ result: ScenarioResult, indent: Int) -> String {
        Self.object(
            [
                ("file", Self.string(result.file)),
                ("name", Self.string(result.name)),
                ("status", Self.string(result.status.rawValue)),
                ("seconds", FixedDecimal.text(result.seconds, places: 6)),
                ("output", Self.string(result.output)),
                ("failure", result.failure.map { failure($0, indent: indent + 2) } ?? "null"),
            ], indent: indent)
    }

    /// The object for a failure: location (or null), message, details, and the next step
    /// when there is one.
    func failure(_ failure: Failure, indent: Int) -> String {
        var fields = [
            ("location", failure.location.map(Self.string) ?? "null"),
            ("message", Self.string(failure.message)),
            ("details", Self.string(failure.details)),
        ]
        if let next = failure.nextStep { fields.append(("next", Self.string(next))) }
        return Self.object(fields, indent: indent)
    }
}

// MARK: - JSON text

extension JSONReporter {
    /// `{`, one `"key": value` line per member in the order given, then `}` at `indent`.
    ///
    /// Values are JSON text already; nested ones must have been built for `indent + 2`.
    static func object(_ members: [(key: String, value: String)], indent: Int) -> String {
        let margin = String(repeating: " ", count: indent + 2)
        let body = members.map { margin + string($0.key) + ": " + $0.value }
        return "{\n" + body.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "}"
    }

    /// `[]`, or `[` with one element per line and `]` at `indent`.
    static func array(_ elements: [String], indent: Int) -> String {
        guard !elements.isEmpty else { return "[]" }
        let margin = String(repeating: " ", count: indent + 2)
        let body = elements.map { margin + $0 }
        return "[\n" + body.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    }

    /// A JSON string literal.
    ///
    /// Quotes, backslashes and every control character (`VisibleText.isControl`) are
    /// escaped (short forms where JSON has them, else `\u00XX`); U+2028 and U+2029 too, as
    /// JavaScript once rejected them.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where VisibleText.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += unicodeEscape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `\u` and four lowercase hex digits, e.g. `\u001f`.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
