import HierarchyEngine

/// A trace as a sequence diagram (issue 22): one lifeline for UIKit, which sends the calls, and
/// one per object that receives them — a controller, or an object of the app such as the scene
/// delegate — in the order each first appears. A call to an object a controller owns (its
/// delegate, its presentation controller, its bars) is drawn on the controller's lifeline with
/// the owned object's name in the message; warnings and notes are notes over UIKit.
///
///     let diagram = SequenceDiagram(events: outcome.events.filter(filter.includes))
///     print(diagram.mermaid(title: "push"))
public struct SequenceDiagram: Equatable, Sendable {
    /// One step of the diagram: a message from UIKit to a lifeline, or a note.
    public enum Step: Equatable, Sendable {
        case message(to: String, text: String)
        case note(String)
    }

    /// The lifelines after UIKit's, in the order they first receive a message.
    public private(set) var lifelines: [String] = []
    public private(set) var steps: [Step] = []

    /// The parts of a receiver's name that name an object a controller owns.
    static let ownedParts = [
        ".presentationController", ".transitioningDelegate", ".delegate", ".dataSource", ".navigationBar", ".tabBar",
    ]

    public init(events: some Sequence<TraceEvent>) {
        var known: Set<String> = []
        for event in events {
            switch event.category {
            case .warning, .note:
                steps.append(.note(event.text))
            default:
                let (owner, text) = Self.lifeline(of: event)
                if known.insert(owner).inserted { lifelines.append(owner) }
                steps.append(.message(to: owner, text: text))
            }
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
