import Testing

@testable import HierarchyEngine

/// Events keep the arguments of the usual callbacks in place, and the trace stores them in
/// 16 bytes each (issue 18): the same event whichever way it was made and read.
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

    @Test("the usual callbacks' arguments are held in the event, stored in 16 bytes with nothing to count")
    func usualArgumentsNeedNoList() {
        let shapes: [[TraceArgument]] = [
            [], [TraceArgument(nil, .bool(false))], [TraceArgument("toParent", .controller("P"))],
            [TraceArgument("toParent", .none)],
        ]
        for arguments in shapes {
            if case .list = PackedArguments(arguments) { Issue.record("\(arguments) kept as a list") }
        }
        #expect(MemoryLayout<StoredEvent>.stride == 16)
        #expect(_isPOD(StoredEvent.self))
        let trace = Trace()
        trace.record(TraceEvent(.note, "", "n"))
        #expect(trace.bytesHeld >= MemoryLayout<StoredEvent>.stride)
    }

    @Test("every way of recording reads back the same events, and a snapshot does not change")
    func recordedEventsReadBack() throws {
        let world = World()
        let parent = try world.makeController(named: "P")
        let child = try world.makeController(named: "A controller with a long name")
        let callbacks: [Callback] = [
            .viewWillAppear(animated: true), .willMove(toParent: parent), .didMove(toParent: nil),
            .viewWillTransition(to: Size(width: 1, height: 2)), .traitCollectionDidChange(previous: nil),
        ]
        let trace = Trace()
        for callback in callbacks {
            trace.record(callback, receiver: trace.number(of: child.name))
            trace.record(TraceEvent(callback.category, child.name, callback.name, callback.arguments))
        }
        trace.record(TraceEvent(.warning, "", "Unbalanced calls"))
        trace.record(TraceEvent(.delegate, "Nav.delegate", "navigationController(_:willShow:animated:)", []))
        let events = trace.events
        #expect(events.count == 2 * callbacks.count + 2)
        for (index, callback) in callbacks.enumerated() {
            let expected = TraceEvent(callback.category, child.name, callback.name, callback.arguments)
            #expect(events[2 * index] == expected)
            #expect(events[2 * index + 1] == expected)
        }
        #expect(events[events.count - 2].text == "warning: Unbalanced calls")
        #expect(events.last?.text == "Nav.delegate.navigationController(_:willShow:animated:)()")
        for category in EventCategory.allCases {
            #expect(trace.countEvents { found, _ in found == category } == events.count { $0.category == category })
        }
        #expect(trace.countEvents { _, name in name == "Unbalanced calls" } == 1)
        trace.record(TraceEvent(.note, "", "later"))
        trace.clear()
        #expect(events.count == 2 * callbacks.count + 2)
        #expect(events.last?.receiver == "Nav.delegate")
        #expect(trace.events.isEmpty)
    }

    @Test("the text the record keeps counts: a long warning, a long receiver once")
    func heapTextCounts() {
        let trace = Trace()
        let empty = trace.bytesHeld
        let long = String(repeating: "x", count: 300)
        trace.record(TraceEvent(.warning, "", "Unbalanced calls for " + long))
        #expect(trace.bytesHeld - empty >= MemoryLayout<StoredEvent>.stride + 300)
        let before = trace.bytesHeld
        trace.record(TraceEvent(.lifecycle, long, "viewWillAppear", [TraceArgument(nil, .bool(true))]))
        #expect(trace.bytesHeld - before >= MemoryLayout<StoredEvent>.stride + 300)
        let again = trace.bytesHeld
        trace.record(TraceEvent(.lifecycle, long, "viewDidAppear", [TraceArgument(nil, .bool(true))]))
        #expect(trace.bytesHeld - again == MemoryLayout<StoredEvent>.stride)
        trace.clear()
        #expect(trace.bytesHeld == trace.namesBytes)
        #expect(trace.namesBytes >= 300)
    }
}
