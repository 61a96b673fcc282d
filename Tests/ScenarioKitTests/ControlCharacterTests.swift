import Foundation
import Testing

@testable import ScenarioKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 17, item 14 (D-90): control characters from a script (ESC, NUL, the other C0
/// controls, DEL, C1) reach no report raw. Every report but JSON writes them as Lua writes
/// them in a string literal, through one function; JSON carries the exact text in JSON's
/// escapes. Tabs and line feeds stay where a format lays text out in lines, and UTF-8 text
/// stays as it is.
@Suite struct ControlCharacterTests {
    /// A name, a message with an embedded NUL, details and output full of controls, with
    /// accents, CJK and emoji around them.
    static let hostile = ScenarioResult(
        file: "s/\u{1B}[31mred.lua", name: "esc \u{1B}[2J clear\u{0}nul \u{7} bell é 中 😀",
        line: 3,
        failure: Failure(
            location: "s/\u{1B}[31mred.lua:4", message: "before\u{0}after \u{1}\u{7F}\u{9B} tail é 中 😀",
            details: "  A\u{1B}[1m.viewDidLoad()\n-\tB\r\n"),
        output: "printed \u{1B}]0;title\u{7}\nline two\u{0}\n")

    // MARK: - The one escaping function

    @Test(arguments: [
        ("\u{1B}[31mred", #"\27[31mred"#), ("a\u{0}b", #"a\0b"#), ("a\u{0}1", #"a\0001"#),
        ("\u{7F}", #"\127"#), ("\u{1}2", #"\0012"#), ("\u{9B}x", #"\194\155x"#), ("\u{85}9", #"\194\1339"#),
        ("a\rb", #"a\13b"#), ("tab\tand\nline", "tab\tand\nline"), ("é 中 😀 \\x", "é 中 😀 \\x"), ("", ""),
    ])
    func textIsWrittenAsLuasPercentQWritesIt(text: String, visible: String) {
        #expect(text.visibleText == visible)
    }

    @Test func aLineEscapesTabsAndLineFeedsToo() {
        #expect("a\tb\nc\u{0}".visibleLine == #"a\9b\10c\0"#)
        #expect("é 中 😀".visibleLine == "é 中 😀")
    }

    @Test func theControlsAreC0DelAndC1() {
        let controls = (0..<0x20).map { UInt32($0) } + Array(0x7F...0x9F)
        for value in UInt32(0)..<0x3000 {
            let scalar = Unicode.Scalar(value)!
            #expect(VisibleText.isControl(scalar) == controls.contains(value), "U+\(String(value, radix: 16))")
        }
    }

    // MARK: - Each report

    /// No control character but a line feed (and the report's own colours) in `text`.
    static func holdsNoRawControl(_ text: String, allowingTabs: Bool = true) -> Bool {
        !text.unicodeScalars.contains { VisibleText.isControl($0) && $0 != "\n" && !(allowingTabs && $0 == "\t") }
    }

    @Test(arguments: [false, true])
    func human(color: Bool) {
        var report = HumanReporter(color: color).report([Self.hostile])
        // The report's own colours are the only escape sequences left.
        report = report.replacing(#/\u{1B}\[[0-9]+m/#, with: "")
        #expect(Self.holdsNoRawControl(report))
        #expect(report.contains(#"✗ s/\27[31mred.lua: esc \27[2J clear\0nul \7 bell é 中 😀"#))
        #expect(report.contains(#"s/\27[31mred.lua:4: before\0after \1\127\194\155 tail é 中 😀"#))
        #expect(report.contains("    " + #"  A\27[1m.viewDidLoad()"# + "\n    -\tB\\13\n"))
        #expect(report.contains("        " + #"printed \27]0;title\7"# + "\n        line two\\0\n"))
    }

    @Test func tap() throws {
        let report = TAPReporter().report([Self.hostile])
        #expect(Self.holdsNoRawControl(report))
        #expect(report.contains(#"not ok 1 - s/\\27[31mred.lua: esc \\27[2J clear\\0nul \\7 bell é 中 😀"#))
        let test = try #require(try TAPDocument(parsing: report).tests.first)
        #expect(test.description == #"s/\27[31mred.lua: esc \27[2J clear\0nul \7 bell é 中 😀"#)
        let yaml = try #require(test.diagnostics)
        #expect(yaml["message"] == #"before\0after \1\127\194\155 tail é 中 😀"#)
        #expect(yaml["at"] == #"s/\27[31mred.lua:4"#)
        #expect(yaml["details"] == #"  A\27[1m.viewDidLoad()"# + "\n-\tB\\13\n")
        #expect(yaml["output"] == #"printed \27]0;title\7"# + "\nline two\\0\n")
    }

    #if canImport(FoundationXML) || canImport(Darwin)
        @Test func junit() throws {
            let report = JUnitReporter().report([Self.hostile])
            #expect(Self.holdsNoRawControl(report))
            let parser = XMLParser(data: Data(report.utf8))
            #expect(parser.parse() && parser.parserError == nil, "not well-formed:\n\(report)")
            let root = try #require(try XMLDocument(xmlString: report, options: []).rootElement())
            let testCase = try #require(root.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
            #expect(testCase.attribute(forName: "name")?.stringValue == #"esc \27[2J clear\0nul \7 bell é 中 😀"#)
            #expect(testCase.attribute(forName: "file")?.stringValue == #"s/\27[31mred.lua"#)
            let failure = try #require(testCase.elements(forName: "failure").first)
            #expect(
                failure.attribute(forName: "message")?.stringValue
                    == #"s/\27[31mred.lua:4: before\0after \1\127\194\155 tail é 中 😀"#)
            #expect(
                failure.stringValue
                    == #"before\0after \1\127\194\155 tail é 中 😀"# + "\n" + #"  A\27[1m.viewDidLoad()"#
                    + "\n-\tB\\13\n")
            #expect(
                testCase.elements(forName: "system-out").first?.stringValue
                    == #"printed \27]0;title\7"# + "\nline two\\0\n")
        }
    #endif

    /// JSON is for programs: the exact text, every control a JSON escape, DEL and C1 too.
    @Test func json() throws {
        let report = JSONReporter().report([Self.hostile])
        #expect(Self.holdsNoRawControl(report, allowingTabs: false))
        #expect(report.contains(#"before\u0000after \u0001\u007f\u009b tail é 中 😀"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let scenario = try #require((object["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["name"] as? String == Self.hostile.name)
        #expect(scenario["file"] as? String == Self.hostile.file)
        #expect(scenario["output"] as? String == Self.hostile.output)
        let failure = try #require(scenario["failure"] as? [String: Any])
        #expect(failure["message"] as? String == Self.hostile.failure?.message)
        #expect(failure["details"] as? String == Self.hostile.failure?.details)
    }
}
