import Foundation
import Testing

@testable import ScenarioKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Results the HTML report tests read back: two files, a pass, a failure with a diff and the
/// diagram of its actual trace, one written by `--record`, one skipped, and a name with markup.
private enum HTMLSamples {
    static let actual = SequenceDiagram(steps: [
        .message(to: "B", text: "willMove(toParent: Nav)"),
        .message(to: "A", text: "viewWillDisappear(true)"),
        .note("warning: a <note> & more"),
        .message(to: "B", text: "viewWillAppear(true)"),
    ])
    static let diff = "  B.willMove(toParent: Nav)\n- A.viewDidDisappear(false)\n+ A.viewWillDisappear(true)\n"
    static let passing = ScenarioResult(file: "suite/a.lua", name: "push", line: 3, seconds: 0.0123)
    static let failing = ScenarioResult(
        file: "suite/b.lua", name: "pop <&> \"now\"", line: 9,
        failure: Failure(
            location: "suite/b.lua:12", message: "expectation failed: first difference at line 2", details: diff,
            nextStep: "vcsandbox test --accept suite/b.lua"),
        output: "printed <b>\n", seconds: 0.0004, diagram: actual)
    static let recorded = ScenarioResult(
        file: "suite/a.lua", name: "golden",
        failure: Failure(location: "suite/a.trace", message: "recorded", kind: .recorded), seconds: 0.002)
    static let skipped = ScenarioResult(file: "suite/b.lua", name: "later", notRun: .skipped)

    static let all = [passing, failing, recorded, skipped]
}

#if canImport(FoundationXML) || canImport(Darwin)
    @Suite("The HTML report")
    struct HTMLReporterTests {
        /// The page as a tree, after the strict check that it is well-formed XML (`XMLDocument`
        /// alone recovers from errors on Linux).
        func page(_ results: [ScenarioResult] = HTMLSamples.all) throws -> XMLElement {
            let report = HTMLReporter().report(results)
            let parser = XMLParser(data: Data(report.utf8))
            try #require(parser.parse() && parser.parserError == nil, "not well-formed XML:\n\(report)")
            return try #require(try XMLDocument(xmlString: report, options: []).rootElement())
        }

        @Test("the page is XHTML: well-formed, in XHTML's namespace, with a title and a style")
        func pageIsXHTML() throws {
            let root = try page()
            #expect(root.localName == "html")
            #expect(root.uri == "http://www.w3.org/1999/xhtml")
            #expect(
                elements(root, "title").first?.stringValue
                    == "vcsandbox test: 1 passed, 1 failed, 1 recorded, 1 skipped")
            #expect(elements(root, "style").count == 1)
            #expect(HTMLReporter().report(HTMLSamples.all).hasPrefix("<!DOCTYPE html>\n"))
        }

        @Test("the page stands alone: no script, no link, nothing loaded from elsewhere")
        func pageStandsAlone() throws {
            let all = elements(try page(), nil)
            #expect(!all.contains { ["script", "link", "img", "iframe"].contains($0.localName) })
            #expect(!all.contains { attribute("src", of: $0) != nil || attribute("href", of: $0) != nil })
            #expect(!HTMLReporter.style.contains("url("))
        }

        @Test("the summary counts each kind of result and the time in all")
        func summaryCounts() throws {
            let root = try page()
            let counts = elements(root, "span", class: "count").map { $0.stringValue ?? "" }
            #expect(counts == ["1 passed", "1 failed", "1 recorded", "1 skipped"])
            #expect(elements(root, "p", class: "size").first?.stringValue == "4 scenarios in 2 files, 0.015 s in all")
            #expect(elements(root, "header", class: "summary failed").count == 1)
            let passed = try page([HTMLSamples.passing])
            #expect(elements(passed, "span", class: "count").map { $0.stringValue ?? "" } == ["1 passed", "0 failed"])
            #expect(elements(passed, "header", class: "summary passed").count == 1)
        }

        @Test("a section per file in order of first appearance, each scenario a details element")
        func sectionsPerFile() throws {
            let sections = elements(try page(), "section", class: "file")
            #expect(sections.map { elements($0, "code").first?.stringValue } == ["suite/a.lua", "suite/b.lua"])
            let kinds = sections.map { elements($0, "details").map { attribute("class", of: $0) } }
            #expect(kinds == [["scenario passed", "scenario written"], ["scenario failed", "scenario skipped"]])
            #expect(
                sections.map { elements($0, "span", class: "file-totals").first?.stringValue } == [
                    "1 passed, 0 failed, 1 recorded", "0 passed, 1 failed, 1 skipped",
                ])
        }

        @Test("failures are open, passes and skips closed")
        func onlyFailuresAreOpen() throws {
            let open = elements(try page(), "details").map { attribute("open", of: $0) != nil }
            #expect(open == [false, true, true, false])
        }

        @Test("a failure shows its headline, its diff line by line, the next step and its output")
        func failureShowsItsDiff() throws {
            let failure = try #require(elements(try page(), "details", class: "scenario failed").first)
            #expect(
                elements(failure, "p", class: "headline").first?.stringValue
                    == "suite/b.lua:12: expectation failed: first difference at line 2")
            let diff = try #require(elements(failure, "div", class: "diff").first)
            #expect(elements(diff, "h3").first?.stringValue == "Expected (-) and actual (+)")
            #expect(elements(diff, "pre").first?.stringValue == String(HTMLSamples.diff.dropLast()))
            #expect(elements(diff, "span", class: "expected").map(\.stringValue) == ["- A.viewDidDisappear(false)"])
            #expect(elements(diff, "span", class: "actual").map(\.stringValue) == ["+ A.viewWillDisappear(true)"])
            #expect(
                elements(failure, "p", class: "next").first?.stringValue == "next: vcsandbox test --accept suite/b.lua")
            let output = try #require(elements(failure, "div", class: "output").first)
            #expect(elements(output, "pre").first?.stringValue == "printed <b>\n")
        }

        @Test("beside the diff, the actual trace is drawn: one arrow per message, in order")
        func failureDrawsTheActualTrace() throws {
            let failure = try #require(elements(try page(), "details", class: "scenario failed").first)
            let evidence = try #require(elements(failure, "div", class: "evidence").first)
            let columns = (evidence.children ?? []).compactMap {
                ($0 as? XMLElement).flatMap { attribute("class", of: $0) }
            }
            #expect(columns == ["diff", "trace"])
            let svg = try #require(elements(evidence, "svg").first)
            #expect(svg.uri == "http://www.w3.org/2000/svg")
            let arrows = elements(svg, "g", class: "message")
            #expect(arrows.map { attribute("data-to", of: $0) } == ["B", "A", "B"])
            #expect(
                arrows.map { elements($0, "text").first?.stringValue } == [
                    "willMove(toParent: Nav)", "viewWillDisappear(true)", "viewWillAppear(true)",
                ])
            #expect(elements(svg, "g", class: "note").first?.stringValue == "warning: a <note> & more")
        }

        @Test("a failure without a diagram or details has neither column; an empty trace says so")
        func failureWithoutEvidence() throws {
            var bare = HTMLSamples.failing
            bare.diagram = nil
            bare.failure?.details = ""
            #expect(elements(try page([bare]), "div", class: "evidence").isEmpty)
            bare.diagram = SequenceDiagram(steps: [])
            let trace = try #require(elements(try page([bare]), "div", class: "trace").first)
            #expect(elements(trace, "svg").isEmpty)
            #expect(elements(trace, "p").first?.stringValue == "The scenario traced nothing.")
        }

        @Test("details that are no diff are headed so, and not coloured")
        func detailsWithoutDiff() throws {
            var crashed = HTMLSamples.failing
            crashed.failure?.details = "stack traceback:\n  suite/b.lua:3: in main chunk"
            let diff = try #require(elements(try page([crashed]), "div", class: "diff").first)
            #expect(elements(diff, "h3").first?.stringValue == "Details")
            #expect(elements(diff, "span").isEmpty)
        }

        @Test("markup and control characters in names, messages and output are escaped")
        func escaping() throws {
            let report = HTMLReporter().report(HTMLSamples.all)
            #expect(report.contains("pop &lt;&amp;&gt; &quot;now&quot;"))
            #expect(!report.contains("<&>"))
            var hostile = HTMLSamples.failing
            hostile.name = "<script>alert(1)</script>\u{1B}[31m"
            hostile.output = "]]> \u{0} <!-- -->"
            let root = try page([hostile])
            let summary = try #require(elements(root, "summary").first)
            #expect(summary.stringValue == "✗ <script>alert(1)</script>\\27[31m (<1 ms)")
            #expect(elements(root, "script").isEmpty)
            let output = try #require(elements(root, "div", class: "output").first)
            #expect(elements(output, "pre").first?.stringValue == "]]> \\0 <!-- -->")
        }

        @Test("the same results give the same page")
        func deterministic() {
            #expect(HTMLReporter().report(HTMLSamples.all) == HTMLReporter().report(HTMLSamples.all))
        }
    }

    /// Every element under `root` (itself included) named `name` (any, when nil) that has
    /// each class of `class`, as a CSS selector would find them, in document order; names are
    /// compared without their namespace.
    private func elements(_ root: XMLElement, _ name: String?, class: String? = nil) -> [XMLElement] {
        var found: [XMLElement] = []
        if name == nil || root.localName == name, `class`.map({ hasClasses(root, $0) }) ?? true {
            found.append(root)
        }
        for case let child as XMLElement in root.children ?? [] {
            found += elements(child, name, class: `class`)
        }
        return found
    }

    /// Whether the element's `class` holds every class named in `classes`.
    private func hasClasses(_ element: XMLElement, _ classes: String) -> Bool {
        let own = Set((attribute("class", of: element) ?? "").split(separator: " "))
        return Set(classes.split(separator: " ")).isSubset(of: own)
    }

    /// An attribute's value, found by its name among them all: on Linux, `attribute(forName:)`
    /// finds none on an element in a default namespace, as every element of the page is.
    private func attribute(_ name: String, of element: XMLElement) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }
#endif
