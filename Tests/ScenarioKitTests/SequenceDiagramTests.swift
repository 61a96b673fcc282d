import HierarchyEngine
import Testing

@testable import ScenarioKit

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
}
