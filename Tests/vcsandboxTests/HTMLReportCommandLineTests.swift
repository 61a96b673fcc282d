import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Black-box tests of `vcsandbox test --reporter html` (issue 22): the page read back with an
/// XML parser, its counts, a failure's diff, and the drawing of the trace the failing scenario
/// actually produced, which a worker process sends back with its result.

/// Two scenarios whose names hold markup; the second fails, its trace holding a note with
/// markup too.
private let markupScript = """
    scenario("passes <&>", function()
      local a = Controller "A"
      Window { root = a }
      settle()
      expect [[
        A.viewDidLoad()
        A.viewWillAppear(false)
        A.viewDidAppear(false)
      ]]
    end)
    scenario("fails <&>", function()
      local a = Controller "A"
      Window { root = a }
      note("<b> & </b>")
      settle()
      expect [[
        A.viewDidLoad()
        A.viewDidAppear(false)
      ]]
    end)
    """

#if canImport(FoundationXML) || canImport(Darwin)
    @Suite("vcsandbox test --reporter html")
    struct HTMLReportCommandLineTests {
        /// The folder `make screenshots` reports on: one scenario passes, one fails on purpose.
        static let fixtures = "Tests/fixtures/screenshots"
        static let failing = fixtures + "/push-expects-wrong-order.lua"

        @Test("--output writes one page: the counts, the failure's diff, and its actual trace drawn in order")
        func reportOfTheFixtures() throws {
            try withTemporaryFolder { folder in
                let file = folder.appendingPathComponent("report.html")
                let result = try runBinary(
                    arguments: ["test", Self.fixtures, "--reporter", "html", "--output", file.path], in: packageRoot)
                #expect(result.status == 1, "stderr: \(result.stderr)")
                #expect(result.stdout == "", "--output writes the report to the file only")
                #expect(Outcome.lines(result.stderr).last == "1 passed, 1 failed")
                let root = try page(try String(contentsOf: file, encoding: .utf8))
                #expect(elements(root, "span", class: "count").map(\.text) == ["1 passed", "1 failed"])
                let failure = try #require(elements(root, "details", class: "scenario failed").first)
                #expect(attribute("open", of: failure) == "open")
                try checkDiff(failure)
                try checkDrawing(failure)
                let pass = try #require(elements(root, "details", class: "scenario passed").first)
                #expect(attribute("open", of: pass) == nil)
                #expect(elements(pass, "svg").isEmpty)
            }
        }

        /// The expected lines of the failing script's block, and the actual lines in their place.
        private func checkDiff(_ failure: XMLElement) throws {
            let diff = try #require(elements(failure, "div", class: "diff").first)
            #expect(
                elements(diff, "span", class: "expected").map(\.text) == [
                    "- A.viewWillDisappear(false)", "- A.viewDidDisappear(false)", "- B.viewWillAppear(false)",
                    "- B.viewDidAppear(false)",
                ])
            #expect(
                elements(diff, "span", class: "actual").map(\.text) == [
                    "+ A.viewWillDisappear(true)", "+ B.viewWillAppear(true)", "+ A.viewDidDisappear(true)",
                    "+ B.viewDidAppear(true)",
                ])
        }

        /// One arrow per event of the trace `vcsandbox run --trace` prints for the same
        /// script, to the event's receiver, labelled with the rest of its line, in order.
        private func checkDrawing(_ failure: XMLElement) throws {
            let traced = try runBinary(arguments: ["run", Self.failing, "--trace"], in: packageRoot)
            let trace = Outcome.lines(traced.stdout)
            #expect(trace.count == 7, "\(traced.stdout)")
            let svg = try #require(elements(failure, "svg").first)
            let arrows = elements(svg, "g", class: "message").map { arrow in
                (attribute("data-to", of: arrow) ?? "") + "." + (elements(arrow, "text").first?.stringValue ?? "")
            }
            #expect(arrows == trace)
        }

        /// The README's push example drawn as SVG: the arrows are the `--trace` lines in order,
        /// and the turn boundaries stand where the transition began and where its animation ended.
        @Test("run --diagram svg of the push example draws the --trace events in order, with the turns")
        func pushExampleDrawing() throws {
            let script = Self.fixtures + "/push.lua"
            let traced = try runBinary(arguments: ["run", script, "--trace"], in: packageRoot)
            let drawn = try runBinary(arguments: ["run", script, "--diagram", "svg"], in: packageRoot)
            #expect(drawn.status == 0, "stderr: \(drawn.stderr)")
            let root = try page(drawn.stdout)
            let lifelines = elements(root, "g", class: "lifeline").compactMap { attribute("data-name", of: $0) }
            #expect(lifelines == ["UIKit", "B", "A"])
            var rows: [String] = []
            for group in elements(root, "g") {
                let text = elements(group, "text").first?.stringValue ?? ""
                if hasClasses(group, "message") { rows.append((attribute("data-to", of: group) ?? "") + "." + text) }
                if hasClasses(group, "boundary") { rows.append("-- " + text) }
            }
            #expect(rows.filter { !$0.hasPrefix("-- ") } == Outcome.lines(traced.stdout))
            #expect(rows.first == "-- turn 2 · 0 s")
            #expect(
                rows.firstIndex(of: "-- turn 3 · 0.35 s")
                    == rows.firstIndex(of: "A.viewDidDisappear(true)").map { $0 - 1 })
        }

        @Test("without --output the page goes to standard output; names, notes and diffs are escaped")
        func markupIsEscaped() throws {
            try withTemporaryFolder(["suite/markup.lua": markupScript]) { folder in
                let result = try runBinary(arguments: ["test", "suite", "--reporter", "html"], in: folder)
                #expect(result.status == 1, "stderr: \(result.stderr)")
                #expect(result.stdout.contains("passes &lt;&amp;&gt;") && !result.stdout.contains("<&>"))
                let root = try page(result.stdout)
                let names = elements(root, "summary").map { $0.text.split(separator: " (").first ?? "" }
                #expect(names == ["✓ passes <&>", "✗ fails <&>"])
                let failure = try #require(elements(root, "details", class: "scenario failed").first)
                let diff = try #require(elements(failure, "div", class: "diff").first)
                #expect(elements(diff, "span", class: "actual").map(\.text).contains("+ note: <b> & </b>"))
                let notes = elements(failure, "g", class: "note").map(\.text)
                #expect(notes == ["note: <b> & </b>"])
            }
        }

        @Test("the page is the same whatever -j is, times aside")
        func sameWithAnyJobs() throws {
            let one = try runBinary(
                arguments: ["test", Self.fixtures, "--reporter", "html", "-j", "1"], in: packageRoot)
            let two = try runBinary(
                arguments: ["test", Self.fixtures, "--reporter", "html", "-j", "2"], in: packageRoot)
            let times = /<span class="time">\((?:&lt;1|\d+) ms\)<\/span>|\d+\.\d{3} s in all/
            #expect(one.stdout.matches(of: times).count == 3)
            #expect(one.stdout.replacing(times, with: "<t>") == two.stdout.replacing(times, with: "<t>"))
        }

        /// The page as a tree, after the strict check that it is well-formed XML.
        private func page(_ text: String) throws -> XMLElement {
            let parser = XMLParser(data: Data(text.utf8))
            try #require(parser.parse() && parser.parserError == nil, "not well-formed XML:\n\(text)")
            return try #require(try XMLDocument(xmlString: text, options: []).rootElement())
        }
    }

    /// Every element under `root` (itself included) named `name` that has each class of
    /// `class`, as a CSS selector would find them, in document order; names are compared
    /// without their namespace (the page is XHTML, its drawings SVG).
    private func elements(_ root: XMLElement, _ name: String, class: String? = nil) -> [XMLElement] {
        var found: [XMLElement] = []
        if root.localName == name, `class`.map({ hasClasses(root, $0) }) ?? true { found.append(root) }
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

    extension XMLElement {
        /// The element's text, or empty.
        fileprivate var text: String { stringValue ?? "" }
    }
#endif
