import Foundation
import HierarchyEngine
import Testing

@testable import ScenarioKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Sequence diagrams of a trace")
struct SequenceDiagramTests {
    @Test("lifelines in order of first use; owned objects on their controller's lifeline; notes over UIKit")
    func lifelinesAndMessages() {
        let events = [
            TraceEvent(.lifecycle, "B", "viewWillAppear", [TraceArgument(nil, .bool(true))]),
            TraceEvent(.delegate, "Nav.delegate", "willShow", [TraceArgument(nil, .controller("B"))]),
            TraceEvent(
                .delegate, "B.presentationController.delegate", "willPresentWithAdaptiveStyle",
                [TraceArgument(nil, .string("none"))]),
            TraceEvent(.note, "", "a note; with # marks"),
            TraceEvent(.app, "SceneDelegate", "sceneDidBecomeActive"),
        ]
        let diagram = SequenceDiagram(events: events)
        #expect(diagram.lifelines == ["B", "Nav", "SceneDelegate"])
        #expect(
            diagram.mermaid(title: "push") == """
                sequenceDiagram
                    title push
                    participant UIKit
                    participant L1 as B
                    participant L2 as Nav
                    participant L3 as SceneDelegate
                    UIKit->>L1: viewWillAppear(true)
                    UIKit->>L2: delegate.willShow(B)
                    UIKit->>L1: presentationController.delegate.willPresentWithAdaptiveStyle("none")
                    Note over UIKit: note: a note#59; with #35; marks
                    UIKit->>L3: sceneDidBecomeActive()

                """)
    }

    @Test("every event of the trace is one step, in the trace's order")
    func oneStepPerEvent() {
        let events = (0..<50).map { TraceEvent(.lifecycle, "C\($0 % 7)", "viewDidLoad") }
        let diagram = SequenceDiagram(events: events)
        #expect(diagram.steps.count == 50)
        #expect(
            diagram.steps.map { step -> String in
                guard case .message(let to, _) = step else { return "" }
                return to
            } == events.map(\.receiver))
    }

    @Test("the SVG parses as XML, with a lifeline per name and a message per call, in order, escaped")
    func svgReadsBack() throws {
        let events = [
            TraceEvent(.lifecycle, "A<&>", "viewDidLoad"),
            TraceEvent(.delegate, "Nav.delegate", "willShow", [TraceArgument(nil, .controller("B"))]),
            TraceEvent(.warning, "", "Unbalanced calls to begin/end appearance transitions for \"B\"."),
            TraceEvent(.lifecycle, "A<&>", "viewWillAppear", [TraceArgument(nil, .bool(false))]),
        ]
        let diagram = SequenceDiagram(events: events)
        let document = SequenceDiagram.svgDocument([("one", diagram), ("two", diagram)])
        let reader = SVGReader()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(reader.lifelines == ["UIKit", "A<&>", "Nav", "UIKit", "A<&>", "Nav"])
        #expect(reader.messages == ["A<&>", "Nav", "A<&>", "A<&>", "Nav", "A<&>"])
        #expect(reader.texts.contains("warning: Unbalanced calls to begin/end appearance transitions for \"B\"."))
        #expect(reader.texts.contains("delegate.willShow(B)"))
    }
}

/// Reads the lifelines' names, the messages' receivers and every text of a drawn diagram.
private final class SVGReader: NSObject, XMLParserDelegate {
    var lifelines: [String] = []
    var messages: [String] = []
    var texts: [String] = []
    private var text: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "g", attributes["class"] == "lifeline", let lifeline = attributes["data-name"] {
            lifelines.append(lifeline)
        }
        if name == "g", attributes["class"] == "message", let receiver = attributes["data-to"] {
            messages.append(receiver)
        }
        if name == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text { texts.append(text) }
        text = nil
    }
}
