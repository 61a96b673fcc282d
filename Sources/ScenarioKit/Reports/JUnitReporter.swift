/// The JUnit XML report of `vcsandbox test --reporter junit`, for CI test pages.
///
/// Jenkins, GitLab and the GitHub test-report actions read the same subset: `testsuites`
/// with totals, a `testsuite` per group, a `testcase` per test holding a `failure` and
/// `system-out`. Here a script file is a suite (in the order its first scenario appears)
/// and a scenario is a case. The failure's text is the message and the diff, the headline
/// with `file:line` is its `message` attribute. All text is escaped, control characters from
/// the script are written as Lua writes them (`\27` for ESC, `visibleText`, D-90) since XML 1.0
/// forbids most of them even as character references, and U+FFFE and U+FFFF become U+FFFD,
/// so the file always parses.
/// Times are seconds with six decimals; there is no timestamp or host name, so reports
/// differ only in their `time` attributes. A scenario that was not run holds `<skipped/>`
/// (`scenario.skip`) or `<skipped message="to do"/>` (`scenario.todo`), and its suite's
/// `skipped` counts both.
///
/// ```
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="vcsandbox" tests="1" failures="1" errors="0" time="0.000400">
///   <testsuite name="scripts/nav/pop.lua" tests="1" failures="1" errors="0" skipped="0" time="0.000400">
///     <testcase classname="scripts/nav/pop.lua" name="pop to root" file="scripts/nav/pop.lua" line="9" time="0.000400">
///       <failure message="scripts/nav/pop.lua:12: first difference at line 2" type="failure">first difference at line 2
///   A.viewWillDisappear(true)
/// - B.viewDidAppear(true)</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
public struct JUnitReporter: Reporter {
    /// Makes a JUnit reporter; it has no options.
    public init() {}

    /// The whole document, from the XML declaration to `</testsuites>` and a newline.
    public func report(_ results: [ScenarioResult]) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites"
                + Self.attributes([
                    ("name", "vcsandbox"), ("tests", "\(results.count)"), ("failures", "\(results.notPassedCount)"),
                    ("errors", "0"), ("time", Self.time(results.totalSeconds)),
                ]) + ">",
        ]
        for (file, scenarios) in results.byFile {
            lines += suite(file, scenarios)
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `testsuite` element for the scenarios of one script file.
    func suite(_ file: String, _ results: [ScenarioResult]) -> [String] {
        let open =
            "  <testsuite"
            + Self.attributes([
                ("name", file), ("tests", "\(results.count)"), ("failures", "\(results.notPassedCount)"),
                ("errors", "0"), ("skipped", "\(results.skippedCount)"), ("time", Self.time(results.totalSeconds)),
            ]) + ">"
        return [open] + results.flatMap(testCase) + ["  </testsuite>"]
    }

    /// One `testcase` element, empty for a silent pass, else with failure, skip and output;
    /// its `file` and `line` say where the scenario is declared, for CI pages that link to it.
    func testCase(_ result: ScenarioResult) -> [String] {
        let place = [("file", result.file)] + (result.line.map { [("line", "\($0)")] } ?? [])
        let open =
            "    <testcase"
            + Self.attributes(
                [("classname", result.file), ("name", result.name)] + place + [("time", Self.time(result.seconds))])
        var body: [String] = []
        if let failure = result.failure { body.append(Self.failureElement(failure)) }
        switch result.status {
        case .skipped: body.append("      <skipped/>")
        case .todo: body.append(#"      <skipped message="to do"/>"#)
        case .passed, .failed: break
        }
        if !result.output.isEmpty {
            body.append("      <system-out>" + Self.escaped(result.output, inAttribute: false) + "</system-out>")
        }
        return body.isEmpty ? [open + "/>"] : [open + ">"] + body + ["    </testcase>"]
    }

    /// `<failure message="file:line: message" type="failure">message, diff</failure>`; the
    /// type is `recorded` or `accepted` for a scenario the run wrote instead of checking.
    static func failureElement(_ failure: Failure) -> String {
        let headline = failure.headline
        var text = failure.details.isEmpty ? failure.message : failure.message + "\n" + failure.details
        if let next = failure.nextStep { text += "\nnext: " + next }
        let type = failure.kind == .failed ? "failure" : failure.kind.rawValue
        return "      <failure" + attributes([("message", headline), ("type", type)]) + ">"
            + escaped(text, inAttribute: false) + "</failure>"
    }

    /// Seconds with six decimals, e.g. `0.001234`.
    static func time(_ seconds: Double) -> String {
        FixedDecimal.text(seconds, places: 6)
    }

    /// ` name="value"` for each pair, in the order given.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"" + escaped($0.1, inAttribute: true) + "\"" }.joined()
    }
}

// MARK: - Escaping

extension JUnitReporter {
    /// Text safe inside an element or a double- or single-quoted attribute.
    ///
    /// Control characters are written out first (`visibleText`: tab and newline stay); the
    /// five markup characters become entities (so `]]>` cannot appear either); in attributes
    /// tab and newline become character references, since a parser would otherwise
    /// normalise them; U+FFFE and U+FFFF, which XML 1.0 does not allow, become U+FFFD.
    static func escaped(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        for scalar in text.visibleText.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t" where inAttribute: result += "&#9;"
            case "\n" where inAttribute: result += "&#10;"
            case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
