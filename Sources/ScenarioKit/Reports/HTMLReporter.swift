/// The HTML report of `vcsandbox test --reporter html`: one page to open in a browser or to
/// keep as a CI artifact, with each failure's trace drawn.
///
/// The page stands alone: its style is inline, it needs no JavaScript, and it loads nothing,
/// so it reads the same from a mail attachment as from a CI page. It is XHTML in its syntax
/// (every element closed, attributes quoted, only XML's five entities), so an XML parser
/// reads it as a browser does. The totals come first; then a section per script, in the
/// order of its first scenario, with a `details` element per scenario: a pass closed, a
/// failure open with its message, its diff (the expected lines `-` and the actual `+`, as the
/// human report writes them) and beside it the sequence diagram of the trace the scenario
/// actually produced (`ScenarioResult.diagram`, drawn by `SequenceDiagram.svg`). Text is
/// escaped as the JUnit report escapes it, control characters written as Lua writes them
/// (`\27`, D-90). Only the times differ between two runs of the same scenarios.
///
/// ```
/// <section class="file"><h2><code>suite/b.lua</code> <span class="file-totals">0 passed, 1 failed</span></h2>
/// <details class="scenario failed" open="open"><summary><span class="mark">✗</span> b …</summary>
/// <p class="headline">suite/b.lua:5: expectation failed: …</p>
/// <div class="evidence"><div class="diff"><h3>Expected (-) and actual (+)</h3><pre>…</pre></div>
/// <div class="trace"><h3>The actual trace</h3><svg …>…</svg></div></div>
/// </details>
/// </section>
/// ```
public struct HTMLReporter: Reporter {
    /// The most steps of a failure's trace the report draws; the rest are counted in a note.
    /// A worker cuts the diagram to this before sending it, so a runaway trace costs nothing.
    public static let mostDrawnSteps = 400

    /// Makes an HTML reporter; it has no options.
    public init() {}

    /// The whole page, from `<!DOCTYPE html>` to `</html>` and a newline.
    public func report(_ results: [ScenarioResult]) -> String {
        var lines = [
            "<!DOCTYPE html>",
            #"<html xmlns="http://www.w3.org/1999/xhtml" lang="en">"#,
            "<head>",
            #"<meta charset="utf-8"/>"#,
            "<title>vcsandbox test: " + Self.escaped(results.totalsText) + "</title>",
            "<style>", Self.style, "</style>",
            "</head>",
            "<body>",
        ]
        lines += summary(results)
        for (file, scenarios) in results.byFile {
            lines += section(file, scenarios)
        }
        lines += ["</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The heading and the totals: each count in the colour of its kind, the scenarios'
    /// number and their time in all.
    func summary(_ results: [ScenarioResult]) -> [String] {
        let counts = results.totals.map { total in
            "<span class=\"count \(total.name)\">\(total.count) \(total.name)</span>"
        }
        let files = results.byFile.count
        let size =
            "\(results.count) scenario\(results.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"), "
            + FixedDecimal.text(results.totalSeconds, places: 3) + " s in all"
        let verdict = results.contains(where: \.failed) ? "failed" : "passed"
        return [
            "<header class=\"summary \(verdict)\">",
            "<h1>vcsandbox test</h1>",
            "<p class=\"totals\">" + counts.joined(separator: ", ") + "</p>",
            "<p class=\"size\">" + size + "</p>",
            "</header>",
        ]
    }

    /// One script's section: its path and totals, then its scenarios.
    func section(_ file: String, _ results: [ScenarioResult]) -> [String] {
        [
            "<section class=\"file\">",
            "<h2><code>" + Self.escaped(file) + "</code> <span class=\"file-totals\">"
                + Self.escaped(results.totalsText) + "</span></h2>",
        ] + results.flatMap(scenario) + ["</section>"]
    }

    /// One scenario as a `details` element, open when it failed: the summary line, then
    /// where it is declared, its failure and its output.
    func scenario(_ result: ScenarioResult) -> [String] {
        let kind = Self.kind(of: result)
        let open = result.failed ? #" open="open""# : ""
        let note = result.notRun.map { "(\($0.words))" } ?? HumanReporter.duration(result.seconds)
        var lines = [
            "<details class=\"scenario \(kind)\"\(open)><summary><span class=\"mark\">\(Self.mark(of: result))</span> "
                + Self.escaped(result.name.visibleLine) + " <span class=\"time\">" + Self.escaped(note)
                + "</span></summary>",
            "<p class=\"where\">" + Self.escaped(Self.place(of: result)) + "</p>",
        ]
        if let failure = result.failure { lines += failureBody(failure, diagram: result.diagram) }
        if !result.output.isEmpty {
            lines.append("<div class=\"output\"><h3>Output</h3><pre>" + Self.escaped(result.output) + "</pre></div>")
        }
        return lines + ["</details>"]
    }

    /// The headline, the diff or details beside the drawn trace, and the next step.
    func failureBody(_ failure: Failure, diagram: SequenceDiagram?) -> [String] {
        var lines = ["<p class=\"headline\">" + Self.escaped(failure.headline) + "</p>"]
        let columns = [details(failure.details), diagram.map(trace)].compactMap { $0 }
        if !columns.isEmpty { lines += ["<div class=\"evidence\">"] + columns + ["</div>"] }
        if let next = failure.nextStep {
            lines.append("<p class=\"next\">next: <code>" + Self.escaped(next) + "</code></p>")
        }
        return lines
    }

    /// The failure's details, each line of a diff in the colour of its side; nil when there
    /// are none.
    func details(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        let lines = HumanReporter.lines(of: text)
        let isDiff = lines.contains { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }
        let heading = isDiff ? "Expected (-) and actual (+)" : "Details"
        let body = lines.map { line in
            let side = line.hasPrefix("- ") ? "expected" : line.hasPrefix("+ ") ? "actual" : nil
            guard let side else { return Self.escaped(line) }
            return "<span class=\"\(side)\">" + Self.escaped(line) + "</span>"
        }
        return "<div class=\"diff\"><h3>\(heading)</h3><pre>" + body.joined(separator: "\n") + "</pre></div>"
    }

    /// The drawn trace, or a line saying it is empty.
    func trace(_ diagram: SequenceDiagram) -> String {
        let drawing = diagram.steps.isEmpty ? "<p>The scenario traced nothing.</p>" : diagram.svg()
        return "<div class=\"trace\"><h3>The actual trace</h3>" + drawing + "</div>"
    }

    /// The class of a scenario's element, which gives it its colour.
    static func kind(of result: ScenarioResult) -> String {
        switch result.status {
        case .failed: result.failureKind == .failed ? "failed" : "written"
        case .passed, .skipped, .todo: result.status.rawValue
        }
    }

    /// The human report's marks: `✓`, `✗`, `✎` (written by `--record` or `--accept`), `○`.
    static func mark(of result: ScenarioResult) -> String {
        switch result.status {
        case .passed: "✓"
        case .failed: result.failureKind == .failed ? "✗" : "✎"
        case .skipped, .todo: "○"
        }
    }

    /// `declared at file:line`, or `in file` when the line is unknown.
    static func place(of result: ScenarioResult) -> String {
        result.line.map { "declared at \(result.file):\($0)" } ?? "in \(result.file)"
    }

    /// Text safe inside an element, as the JUnit report escapes it.
    static func escaped(_ text: String) -> String {
        JUnitReporter.escaped(text, inAttribute: false)
    }
}

extension HTMLReporter {
    /// The page's style: a colour per kind of result, diffs and drawings side by side when
    /// the page is wide enough, one above the other when it is not. It holds no `<`, `>` or
    /// `&`, so it needs no escaping in XHTML.
    static let style = """
        body { font-family: system-ui, "Segoe UI", Helvetica, Arial, sans-serif; margin: 1.5em 2em; color: #1f2328;
          background: #f6f8fa; }
        header.summary { padding: 0.6em 1em; border-radius: 6px; border-left: 8px solid; background: white; }
        header.passed { border-color: #2da44e; }
        header.failed { border-color: #cf222e; }
        h1 { font-size: 1.4em; margin: 0.2em 0; }
        h2 { font-size: 1em; margin: 1.4em 0 0.4em; padding-bottom: 0.2em; border-bottom: 1px solid #d0d7de; }
        h3 { font-size: 0.85em; margin: 0.6em 0 0.3em; color: #57606a; font-weight: 600; }
        .totals { font-size: 1.15em; font-weight: 600; margin: 0.3em 0; }
        .count.passed { color: #1a7f37; }
        .count.failed { color: #cf222e; }
        .count.recorded, .count.accepted { color: #9a6700; }
        .count.skipped { color: #57606a; }
        .size, .where, .file-totals, .time { color: #57606a; font-weight: normal; }
        .size, .where { margin: 0.2em 0; font-size: 0.9em; }
        .file-totals, .time { font-size: 0.9em; }
        details.scenario { background: white; border-left: 5px solid; border-radius: 4px; margin: 0.35em 0;
          padding: 0.35em 0.8em; }
        details.passed { border-color: #2da44e; }
        details.failed { border-color: #cf222e; }
        details.written { border-color: #bf8700; }
        details.skipped, details.todo { border-color: #8c959f; }
        summary { cursor: pointer; }
        .mark { font-weight: bold; }
        .passed .mark { color: #1a7f37; }
        .failed .mark { color: #cf222e; }
        .written .mark { color: #9a6700; }
        .skipped .mark, .todo .mark { color: #57606a; }
        .headline { font-family: Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12px; color: #cf222e;
          white-space: pre-wrap; }
        .next { font-size: 0.9em; }
        code, pre { font-family: Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12px; }
        pre { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 4px; padding: 0.5em 0.7em; margin: 0;
          overflow-x: auto; }
        .evidence { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
        .diff { flex: 1 1 22em; min-width: 0; }
        .trace { flex: 0 1 auto; max-width: 100%; overflow-x: auto; }
        .trace svg { border: 1px solid #d0d7de; border-radius: 4px; display: block; }
        .diff .expected { color: #82071e; background: #ffebe9; }
        .diff .actual { color: #116329; background: #dafbe1; }
        """
}
