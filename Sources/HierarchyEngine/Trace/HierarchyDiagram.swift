/// The controller hierarchy as a Mermaid flowchart, for `:tree mermaid` (issue 22): the same
/// items as `hierarchyText`, each window a node with its root below, containment as solid
/// arrows (children in order), a presentation as a dotted arrow labelled with its style.
///
///     flowchart TD
///         n1["Window Main: key, visible, 390x844"]
///         n2["#lt;NavigationController Nav, appeared#gt;"]
///         n1 --> n2
///         n3["#lt;Controller M, appeared#gt;"]
///         n2 -. "presents (pageSheet)" .-> n3
extension World {
    public func hierarchyMermaid(describe: (ViewController) -> String) -> String {
        var diagram = HierarchyFlowchart()
        for window in windows {
            let node = diagram.node(window.hierarchyHeader)
            if let root = window.rootViewController {
                diagram.edge(from: node, to: diagram.add(root, describe: describe))
            } else {
                diagram.edge(from: node, to: diagram.node("(no root view controller)"))
            }
            for presentation in window.strandedPresentations {
                let former = diagram.node(describe(presentation.presenter) + " (outside the hierarchy)")
                diagram.edge(from: node, to: former)
                diagram.present(presentation, from: former, describe: describe)
            }
        }
        return diagram.lines.joined(separator: "\n") + "\n"
    }
}

/// A flowchart being written: numbered nodes and the edges between them.
private struct HierarchyFlowchart {
    private(set) var lines = ["flowchart TD"]
    private var count = 0

    /// A new node labelled `label`; returns its identifier.
    mutating func node(_ label: String) -> String {
        count += 1
        lines.append("    n\(count)[\"\(Self.escaped(label))\"]")
        return "n\(count)"
    }

    mutating func edge(from: String, to: String, label: String? = nil) {
        if let label {
            lines.append("    \(from) -. \"\(Self.escaped(label))\" .-> \(to)")
        } else {
            lines.append("    \(from) --> \(to)")
        }
    }

    /// `controller`'s node, then its children's subtrees and the presentation it hosts.
    mutating func add(_ controller: ViewController, describe: (ViewController) -> String) -> String {
        let node = node(describe(controller))
        for child in controller.children { edge(from: node, to: add(child, describe: describe)) }
        if let presentation = controller.hostedPresentation { present(presentation, from: node, describe: describe) }
        return node
    }

    /// The presented controller's subtree, joined to `from` by a dotted arrow with the style.
    mutating func present(_ presentation: Presentation, from: String, describe: (ViewController) -> String) {
        let presented = add(presentation.presented, describe: describe)
        edge(from: from, to: presented, label: "presents (\(presentation.style.rawValue))")
    }

    /// A label as Mermaid reads it inside quotes: quotes and angle brackets as entities.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "#": result += "#35;"
            case "\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
