import Foundation
import Testing

@testable import HierarchyEngine

/// The catalogue of rules `--explain` cites (issue 22).
@Suite struct RulesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func docsRulesIsTheEnginesTable() throws {
        let shipped = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
        #expect(shipped == Rule.catalogueMarkdown, "docs/RULES.md is out of date: vcsandbox rules > docs/RULES.md")
        #expect(Set(Rule.catalogue.map(\.id)).count == Rule.catalogue.count, "each rule once")
    }

    /// The timeline marks each event with its turn, its time and the rules at work, and a
    /// world without one records nothing more.
    @Test func aTimelineMarksEventsWithTheRulesAtWork() throws {
        let world = World()
        world.trace.keepTimeline(runLoop: world.runLoop)
        let a = try world.makeController(named: "A")
        let window = world.makeWindow()
        try window.setRootViewController(a)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        let marks = try #require(world.trace.timeline?.marks)
        #expect(marks.count == world.trace.events.count)
        let texts = world.trace.events.map(\.text)
        let appear = try #require(texts.firstIndex(of: "A.viewWillAppear(false)"))
        #expect(marks[appear].causes.map(\.id) == ["APP-01", "D-3"])
        let didAppear = try #require(texts.firstIndex(of: "A.viewDidAppear(false)"))
        #expect(marks[didAppear].causes.map(\.id) == ["M-3"])
        #expect(World().trace.timeline == nil)
    }
}
