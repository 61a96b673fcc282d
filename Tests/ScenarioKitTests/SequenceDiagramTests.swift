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

    @Test("a diagram made from its steps has the lifelines a diagram of the events has")
    func madeFromSteps() {
        let events = [
            TraceEvent(.lifecycle, "B", "viewDidLoad"), TraceEvent(.note, "", "n"),
            TraceEvent(.delegate, "Nav.delegate", "willShow", [TraceArgument(nil, .controller("B"))]),
            TraceEvent(.lifecycle, "B", "viewWillAppear", [TraceArgument(nil, .bool(true))]),
        ]
        let diagram = SequenceDiagram(events: events)
        #expect(SequenceDiagram(steps: diagram.steps) == diagram)
        #expect(SequenceDiagram(steps: diagram.steps).lifelines == ["B", "Nav"])
    }

    @Test("with the timeline, a boundary names each new turn and its virtual time, across every lifeline")
    func boundariesMarkTheTurns() throws {
        let world = World()
        world.trace.keepTimeline(runLoop: world.runLoop)
        let a = try world.makeController(named: "A")
        let b = try world.makeController(named: "B")
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([a], animated: false)
        let window = world.makeWindow()
        try window.setRootViewController(nav)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        try nav.pushViewController(b, animated: true)
        try world.runLoop.settle()
        let marks = try #require(world.trace.timeline?.marks)
        let diagram = SequenceDiagram(events: world.trace.events, marks: marks) { $0.category == .lifecycle }
        let boundaries = diagram.steps.compactMap { step -> String? in
            if case .boundary(let text) = step { return text }
            return nil
        }
        #expect(boundaries == ["turn 1 · 0 s", "turn 2 · 0 s", "turn 3 · 0.35 s"])
        let afterLast = diagram.steps.drop { $0 != .boundary("turn 3 · 0.35 s") }.dropFirst()
        #expect(afterLast.first == .message(to: "A", text: "viewDidDisappear(true)"))
        #expect(diagram.mermaid().contains("    Note over UIKit,L3: turn 3 · 0.35 s\n"))
        #expect(diagram.svg().contains("<g class=\"boundary\">"))
    }

    @Test("a limited diagram keeps its first steps and counts the rest in a last note")
    func limited() {
        let events = (0..<10).map { TraceEvent(.lifecycle, "C\($0)", "viewDidLoad") }
        let diagram = SequenceDiagram(events: events)
        func cut(to limit: Int) -> SequenceDiagram {
            SequenceDiagram(events: events, marks: nil, where: { _ in true }, limit: limit)
        }
        #expect(cut(to: 3).steps.count == 4)
        #expect(Array(cut(to: 3).steps.prefix(3)) == Array(diagram.steps.prefix(3)))
        #expect(cut(to: 3).steps.last == .note("… 7 more steps not drawn"))
        #expect(cut(to: 3).lifelines == ["C0", "C1", "C2"])
        #expect(cut(to: 10) == diagram)
        #expect(cut(to: 9).steps.last == .note("… 1 more step not drawn"))
    }

    @Test("lifelines stand far enough apart that no message's text reaches its arrow's head")
    func columnsFitTheirMessages() {
        let short = SequenceDiagram(steps: [.message(to: "A", text: "viewDidLoad()"), .message(to: "B", text: "x")])
        #expect(short.svgColumnWidth == 170)
        let text = "presentationController.delegate.willPresentWithAdaptiveStyle(\"none\")"
        let long = SequenceDiagram(steps: [.message(to: "A", text: "a()"), .message(to: "B", text: text)])
        // The text starts 6 pixels after UIKit's line; the head of an arrow to B (two
        // columns away) is 8 pixels long.
        let textEnd = 6 + Double(text.count) * 7.25
        #expect(textEnd + 10 <= 2 * long.svgColumnWidth - 8)
        #expect(long.svgSize(title: nil).width == 2 * 20 + 3 * long.svgColumnWidth)
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
