import HierarchyEngine

/// A trace as a sequence diagram (issue 22): one lifeline for UIKit, which sends the calls, and
/// one per object that receives them — a controller, or an object of the app such as the scene
/// delegate — in the order each first appears. A call to an object a controller owns (its
/// delegate, its presentation controller, its bars) is drawn on the controller's lifeline with
/// the owned object's name in the message; warnings and notes are notes over UIKit.
///
///     let diagram = SequenceDiagram(events: outcome.events.filter(filter.includes))
///     print(diagram.mermaid(title: "push"))
public struct SequenceDiagram: Equatable, Sendable, Codable {
    /// One step of the diagram: a message from UIKit to a lifeline, or a note.
    public enum Step: Equatable, Sendable, Codable {
        case message(to: String, text: String)
        case note(String)
        /// Where a new run-loop turn begins: `turn 3 · 0.35 s` (a line across every lifeline).
        case boundary(String)
    }

    /// The lifelines after UIKit's, in the order they first receive a message.
    public private(set) var lifelines: [String] = []
    public private(set) var steps: [Step] = []

    /// The parts of a receiver's name that name an object a controller owns.
    static let ownedParts = [
        ".presentationController", ".transitioningDelegate", ".delegate", ".dataSource", ".navigationBar", ".tabBar",
    ]

    public init(events: some Sequence<TraceEvent>) {
        self.init(events: events, marks: nil, where: { _ in true })
    }

    /// The diagram of `events` with a boundary wherever a new run-loop turn begins, saying its
    /// number and the virtual time: `marks` are the events' own (`Timeline`), and `isDrawn`
    /// says which events the diagram shows.
    ///
    /// At most `limit` steps are made: the events past them are only counted, in a last note,
    /// so that a report draws the start of a trace of a million events without making a step
    /// for each.
    public init(
        events: some Sequence<TraceEvent>, marks: [Timeline.Mark]?, where isDrawn: (TraceEvent) -> Bool,
        limit: Int = .max
    ) {
        var steps: [Step] = []
        var turn: Int?
        var left = 0
        for (index, event) in events.enumerated() where isDrawn(event) {
            precondition(marks.map { index < $0.count } ?? true, "a mark for each event")
            // A new turn's boundary and its first event come together, or not at all.
            let boundary = marks.map { $0[index].turn != turn } ?? false
            guard steps.count + (boundary ? 2 : 1) <= limit else {
                left += 1
                continue
            }
            if boundary, let mark = marks?[index] {
                turn = mark.turn
                steps.append(.boundary("turn \(mark.turn) · \(TraceExplanation.seconds(mark.microseconds))"))
            }
            steps.append(Self.step(of: event))
        }
        if left > 0 { steps.append(.note("… \(left) more step\(left == 1 ? "" : "s") not drawn")) }
        self.init(steps: steps)
    }

    /// The diagram of these steps, each lifeline in the order it first receives a message: how
    /// a diagram is read back from the line a worker process sends `vcsandbox test`.
    public init(steps: [Step]) {
        var known: Set<String> = []
        for case .message(let to, _) in steps where known.insert(to).inserted {
            lifelines.append(to)
        }
        self.steps = steps
    }

    /// The step an event is: a note for a warning or a note, else a message to its lifeline.
    static func step(of event: TraceEvent) -> Step {
        switch event.category {
        case .warning, .note:
            return .note(event.text)
        default:
            let (owner, text) = lifeline(of: event)
            return .message(to: owner, text: text)
        }
    }

    /// The lifeline an event is drawn on, and the message's text there: `Nav.delegate.willShow(…)`
    /// is `delegate.willShow(…)` on Nav's lifeline.
    static func lifeline(of event: TraceEvent) -> (owner: String, text: String) {
        let text = event.text
        let receiver = event.receiver
        let cut = ownedParts.compactMap { part in receiver.firstRange(of: part) }.min { $0.lowerBound < $1.lowerBound }
        guard let cut else { return (receiver, String(text.dropFirst(receiver.count + 1))) }
        let owner = String(receiver[..<cut.lowerBound])
        return (owner, String(text.dropFirst(owner.count + 1)))
    }

    /// The diagram as Mermaid's `sequenceDiagram` text, for pasting into GitHub Markdown.
    public func mermaid(title: String? = nil) -> String {
        var lines = ["sequenceDiagram"]
        if let title { lines.append("    title " + Self.escaped(title)) }
        lines.append("    participant UIKit")
        var identifiers: [String: String] = [:]
        for (number, name) in lifelines.enumerated() {
            let identifier = "L\(number + 1)"
            identifiers[name] = identifier
            lines.append("    participant \(identifier) as \(Self.escaped(name))")
        }
        for step in steps {
            switch step {
            case .message(let to, let text):
                lines.append("    UIKit->>\(identifiers[to]!): \(Self.escaped(text))")
            case .note(let text):
                lines.append("    Note over UIKit: \(Self.escaped(text))")
            case .boundary(let text):
                let across = lifelines.last.map { "UIKit,\(identifiers[$0]!)" } ?? "UIKit"
                lines.append("    Note over \(across): \(Self.escaped(text))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with what Mermaid reads as syntax written as entity codes: `;` ends a statement,
    /// `#` starts an entity, a line break would end the line.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "#": result += "#35;"
            case ";": result += "#59;"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}

extension SequenceDiagram {
    /// The geometry of `svg()`, in pixels.
    private enum Layout {
        static let columnWidth = 170.0
        static let margin = 20.0
        static let headerHeight = 34.0
        static let rowHeight = 26.0
        /// The advance of a character of a 12-pixel monospaced font (0.6 em, DejaVu Sans Mono's
        /// and Menlo's 0.602), rounded up so that an estimate is never short.
        static let characterWidth = 7.25
        /// The room an arrow needs beside its text: the text starts 6 pixels after UIKit's line,
        /// and the head is 8 long, 10 pixels after the text's end.
        static let textClearance = 24.0
        static let fontSize = 12.0
    }

    /// The diagram drawn as a standalone SVG document: a box with each lifeline's name at the
    /// top and a dashed line down from it, an arrow from UIKit's line to the receiver's for each
    /// message with its text above, and notes as boxes over UIKit's line. Every lifeline is a
    /// `g` of class `lifeline` with its name in `data-name`, every message a `g` of class
    /// `message` with `data-to`, so that a program can read the drawing back.
    public func svg(title: String? = nil) -> String { svg(title: title, at: 0) }

    /// Diagrams one above the other in one SVG document, each with its title: a script's
    /// scenarios, each a `svg` element of its own inside.
    public static func svgDocument(_ diagrams: [(title: String?, diagram: SequenceDiagram)]) -> String {
        var y = 0.0
        var width = 0.0
        var body = ""
        for (title, diagram) in diagrams {
            let size = diagram.svgSize(title: title)
            body += diagram.svg(title: title, at: y)
            y += size.height
            width = max(width, size.width)
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(y))" \
            viewBox="0 0 \(number(width)) \(number(y))">

            """ + body + "</svg>\n"
    }

    /// The width and height `svg(title:)` draws in.
    func svgSize(title: String?) -> (width: Double, height: Double) {
        let top = Layout.margin + (title == nil ? 0 : 24)
        let bottom = top + Layout.headerHeight + Layout.rowHeight * Double(steps.count + 1)
        let longest =
            steps.map { step -> Int in
                switch step {
                case .message(_, let text), .note(let text), .boundary(let text): text.count
                }
            }.max() ?? 0
        let columnWidth = svgColumnWidth
        let firstX = Layout.margin + columnWidth / 2
        // The title, in bold, is as long as it is.
        let titleWidth = Layout.margin * 2 + Double(title?.count ?? 0) * Layout.characterWidth * 1.1
        let width = max(
            Layout.margin * 2 + columnWidth * Double(lifelines.count + 1),
            firstX + 12 + Double(longest) * Layout.characterWidth + Layout.margin, titleWidth)
        return (width, bottom + Layout.margin)
    }

    /// The distance between two lifelines: 170 pixels, or more where a message's text would
    /// otherwise run into its arrow's head (all lifelines stay evenly spaced).
    var svgColumnWidth: Double {
        let column = Dictionary(uniqueKeysWithValues: lifelines.enumerated().map { ($1, Double($0 + 1)) })
        let needed = steps.compactMap { step -> Double? in
            guard case .message(let to, let text) = step, let distance = column[to] else { return nil }
            return (Double(text.count) * Layout.characterWidth + Layout.textClearance) / distance
        }
        return max(Layout.columnWidth, (needed.max() ?? 0).rounded(.up))
    }

    private func svg(title: String?, at offset: Double) -> String {
        let names = ["UIKit"] + lifelines
        let columnWidth = svgColumnWidth
        let x = { (column: Int) in Layout.margin + columnWidth * (Double(column) + 0.5) }
        let column = Dictionary(uniqueKeysWithValues: lifelines.enumerated().map { ($1, $0 + 1) })
        let top = Layout.margin + (title == nil ? 0 : 24)
        let firstRow = top + Layout.headerHeight + Layout.rowHeight
        let bottom = firstRow + Layout.rowHeight * Double(steps.count)
        let (width, height) = svgSize(title: title)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" y="\(Self.number(offset))" width="\(Self.number(width))" \
            height="\(Self.number(height))" \
            viewBox="0 0 \(Self.number(width)) \(Self.number(height))" font-family="Menlo, Consolas, monospace" \
            font-size="\(Self.number(Layout.fontSize))">
            <rect width="100%" height="100%" fill="white"/>

            """
        if let title {
            out += "<text class=\"title\" x=\"\(Self.number(Layout.margin))\" y=\"\(Self.number(Layout.margin + 8))\" "
            out += "font-weight=\"bold\">\(Self.xmlEscaped(title))</text>\n"
        }
        for (index, name) in names.enumerated() {
            let center = x(index)
            let boxWidth = columnWidth - 20
            out += "<g class=\"lifeline\" data-name=\"\(Self.xmlEscaped(name))\">"
            out += "<rect x=\"\(Self.number(center - boxWidth / 2))\" y=\"\(Self.number(top))\" "
            out += "width=\"\(Self.number(boxWidth))\" height=\"\(Self.number(Layout.headerHeight - 8))\" rx=\"4\" "
            out += "fill=\"\(index == 0 ? "#e8eef7" : "#f4f4f4")\" stroke=\"#555\"/>"
            out += "<text x=\"\(Self.number(center))\" y=\"\(Self.number(top + 17))\" text-anchor=\"middle\">"
            out += Self.xmlEscaped(name) + "</text>"
            out += "<line x1=\"\(Self.number(center))\" y1=\"\(Self.number(top + Layout.headerHeight - 8))\" "
            out +=
                "x2=\"\(Self.number(center))\" y2=\"\(Self.number(bottom))\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>"
            out += "</g>\n"
        }
        for (row, step) in steps.enumerated() {
            let y = firstRow + Layout.rowHeight * Double(row)
            switch step {
            case .message(let to, let text):
                let end = x(column[to] ?? 0)
                out += "<g class=\"message\" data-to=\"\(Self.xmlEscaped(to))\">"
                out +=
                    "<text x=\"\(Self.number(x(0) + 6))\" y=\"\(Self.number(y - 5))\">\(Self.xmlEscaped(text))</text>"
                out += "<line x1=\"\(Self.number(x(0)))\" y1=\"\(Self.number(y))\" x2=\"\(Self.number(end - 6))\" "
                out += "y2=\"\(Self.number(y))\" stroke=\"#222\"/>"
                out += "<path d=\"M\(Self.number(end)) \(Self.number(y)) l-8 -4 l0 8 z\" fill=\"#222\"/></g>\n"
            case .note(let text):
                let boxWidth = Double(text.count) * Layout.characterWidth + 12
                out += "<g class=\"note\"><rect x=\"\(Self.number(x(0) - 6))\" y=\"\(Self.number(y - 17))\" "
                out += "width=\"\(Self.number(boxWidth))\" height=\"20\" fill=\"#fff8c4\" stroke=\"#b8a200\"/>"
                out +=
                    "<text x=\"\(Self.number(x(0)))\" y=\"\(Self.number(y - 3))\">\(Self.xmlEscaped(text))</text></g>\n"
            case .boundary(let text):
                // A dashed rule across the diagram, the turn and the time above it at the left.
                let right = x(names.count - 1) + columnWidth / 2 - 10
                out += "<g class=\"boundary\"><line x1=\"\(Self.number(Layout.margin))\" y1=\"\(Self.number(y - 4))\" "
                out += "x2=\"\(Self.number(right))\" y2=\"\(Self.number(y - 4))\" stroke=\"#6a7fa8\" "
                // The label on a white ground, so that no lifeline runs through it.
                let labelWidth = Double(text.count) * Layout.characterWidth * 10 / 12 + 6
                out += "stroke-dasharray=\"6 3\"/><rect x=\"\(Self.number(Layout.margin))\" "
                out +=
                    "y=\"\(Self.number(y - 18))\" width=\"\(Self.number(labelWidth))\" height=\"13\" fill=\"white\"/>"
                out += "<text x=\"\(Self.number(Layout.margin + 2))\" "
                out +=
                    "y=\"\(Self.number(y - 8))\" fill=\"#3a4f78\" font-size=\"10\">\(Self.xmlEscaped(text))</text></g>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// A coordinate as SVG writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }

    /// `text` safe inside an XML element or a quoted attribute, control characters written
    /// out, as the JUnit report writes its XML.
    static func xmlEscaped(_ text: String) -> String {
        JUnitReporter.escaped(text, inAttribute: true)
    }
}
