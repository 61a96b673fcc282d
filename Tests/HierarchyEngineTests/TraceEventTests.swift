import Testing

@testable import HierarchyEngine

/// Events keep the arguments of the usual callbacks in place (issue 18): the same event
/// whichever way it was made, and no array of its own.
@Suite("Trace events")
struct TraceEventTests {
    @Test("an event made from a callback equals one made from its argument list, and reads the same")
    func packedAndListedAgree() throws {
        let world = World()
        let parent = try world.makeController(named: "P")
        let callbacks: [Callback] = [
            .viewDidLoad, .viewWillAppear(animated: true), .viewDidDisappear(animated: false),
            .willMove(toParent: parent), .didMove(toParent: nil), .viewWillTransition(to: Size(width: 1, height: 2)),
        ]
        for callback in callbacks {
            let packed = TraceEvent(callback.category, "C", callback.name, packed: callback.packedArguments)
            let listed = TraceEvent(callback.category, "C", callback.name, callback.arguments)
            #expect(packed == listed)
            #expect(packed.text == listed.text)
            #expect(packed.arguments == callback.arguments)
        }
        #expect(TraceEvent(.lifecycle, "C", "viewWillAppear", packed: .animated(true)).text == "C.viewWillAppear(true)")
        #expect(TraceEvent(.containment, "C", "didMove", packed: .toParent(nil)).text == "C.didMove(toParent: nil)")
    }

    @Test("the usual callbacks' arguments are held in the event, whose size the memory cap counts")
    func usualArgumentsNeedNoList() {
        let shapes: [[TraceArgument]] = [
            [], [TraceArgument(nil, .bool(false))], [TraceArgument("toParent", .controller("P"))],
            [TraceArgument("toParent", .none)],
        ]
        for arguments in shapes {
            if case .list = PackedArguments(arguments) { Issue.record("\(arguments) kept as a list") }
        }
        #expect(MemoryLayout<TraceEvent>.stride <= 56)
        let trace = Trace()
        trace.record(TraceEvent(.note, "", "n"))
        #expect(trace.bytesHeld >= MemoryLayout<TraceEvent>.stride)
    }

    @Test("the text an event keeps beside itself counts: a long warning, a long receiver")
    func heapTextCounts() {
        let trace = Trace()
        let long = String(repeating: "x", count: 300)
        trace.record(TraceEvent(.warning, "", "Unbalanced calls for " + long))
        #expect(trace.bytesHeld >= MemoryLayout<TraceEvent>.stride + 300)
        let before = trace.bytesHeld
        trace.record(TraceEvent(.lifecycle, long, "viewWillAppear", [TraceArgument(nil, .bool(true))]))
        #expect(trace.bytesHeld - before >= MemoryLayout<TraceEvent>.stride + 300)
        trace.clear()
        #expect(trace.bytesHeld == 0)
    }
}
