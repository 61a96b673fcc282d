import Foundation
import Testing

@testable import HierarchyEngine

/// The catalogue of rules `--explain` cites (issue 22).
@Suite struct RulesTests {
    @Test func eachRuleIsCataloguedOnce() {
        #expect(Set(Rule.catalogue.map(\.id)).count == Rule.catalogue.count)
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

    /// Every rule the engine names is in the catalogue: a misspelt id would stop the engine
    /// the first time the rule is named.
    @Test func everyRuleTheEngineNamesIsCatalogued() {
        let named: [Rule] = [
            .g01, .m3, .m4, .load01, .load07, .app01, .con01, .con02, .con07, .d3, .d6, .nav02, .nav04, .nav12, .d18,
            .d19, .tab02, .pre01, .pre02, .pre03, .d28, .pag03, .d144, .tim08, .clientDuration, .trt01, .nav13,
            .tab03, .pre05, .pag02, .pag04, .cus01, .con04, .con08, .res05, .adp02, .sb06, .hbb01, .sbd02, .seg05,
            .seg15, .mem03, .life01, .life02, .life03, .d21, .pag01,
        ]
        #expect(Set(named.map(\.id)) == Set(Rule.catalogue.map(\.id)), "each catalogued rule named once, and no other")
    }

    /// A stack change that brings in a new top is a push (NAV-02); one whose new top was on the
    /// stack is a pop (NAV-04), as the delegate hears it (NAV-08).
    @Test func aStackChangeIsAPushOrAPopByItsNewTop() throws {
        func rules(from first: [String], to second: [String]) throws -> [String] {
            let world = World()
            world.trace.keepTimeline(runLoop: world.runLoop)
            let controllers = try Dictionary(
                uniqueKeysWithValues: Set(first + second).map { ($0, try world.makeController(named: $0)) })
            let nav = try world.make(NavigationController.self, named: "Nav")
            try nav.setViewControllers(first.map { controllers[$0]! }, animated: false)
            let window = world.makeWindow()
            try window.setRootViewController(nav)
            window.makeKeyAndVisible()
            try world.runLoop.settle()
            world.trace.clear()
            try nav.setViewControllers(second.map { controllers[$0]! }, animated: true)
            try world.runLoop.settle()
            let marks = try #require(world.trace.timeline?.marks)
            let texts = world.trace.events.map(\.text)
            let appear = try #require(texts.firstIndex { $0.hasSuffix(".viewWillAppear(true)") })
            return marks[appear].causes.map(\.id)
        }
        #expect(try rules(from: ["A", "B"], to: ["A", "C"]).contains("NAV-02"))
        #expect(try rules(from: ["A", "C"], to: ["C", "A"]).contains("NAV-04"))
    }

    /// A relaunch's new world records into the same trace: its turns and time go on after the
    /// old world's, so the explanation and the diagrams never go back.
    @Test func aFollowingWorldContinuesTheTurnsAndTheTime() throws {
        let first = World()
        first.trace.keepTimeline(runLoop: first.runLoop)
        try first.runLoop.advance(by: 2)
        try first.runLoop.settle()
        first.note("before")
        let second = World(trace: first.trace)
        second.note("after")
        let marks = try #require(second.trace.timeline?.marks)
        #expect(marks.count == 2)
        #expect(marks[1].turn > marks[0].turn)
        #expect(marks[1].microseconds >= marks[0].microseconds)
    }
}
