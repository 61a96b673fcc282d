import HierarchyEngine
import Testing

@testable import ScenarioKit

@Suite struct CategoryFilterTests {
    @Test func defaultLeavesOutLoadingLayoutViewReleaseAndStatusBar() {
        let filter = CategoryFilter.default
        #expect(!filter.includes(.loading))
        #expect(!filter.includes(.layout))
        #expect(!filter.includes(.view))
        #expect(!filter.includes(.release))
        #expect(!filter.includes(.statusbar))
        #expect(
            filter.categories
                == Set(EventCategory.allCases).subtracting([.loading, .layout, .view, .release, .statusbar]))
    }

    @Test func allIncludesEveryCategory() {
        #expect(EventCategory.allCases.allSatisfy(CategoryFilter.all.includes))
    }

    @Test func includeAddsOneCategory() throws {
        var filter = CategoryFilter.default
        try filter.include("layout")
        #expect(filter.includes(.layout))
        #expect(!filter.includes(.loading))
    }

    @Test func includeAllAddsEverything() throws {
        var filter = CategoryFilter.default
        try filter.include("all")
        #expect(filter == .all)
    }

    @Test func excludeRemovesOneCategory() throws {
        var filter = CategoryFilter.default
        try filter.exclude("containment")
        #expect(!filter.includes(.containment))
        #expect(filter.includes(.lifecycle))
    }

    @Test func excludeAllRemovesEverything() throws {
        var filter = CategoryFilter.all
        try filter.exclude("all")
        #expect(filter.categories.isEmpty)
    }

    @Test func unknownNameThrowsAndListsValidNames() {
        var filter = CategoryFilter.default
        #expect(throws: CategoryFilter.UnknownCategory(name: "layouts")) { try filter.include("layouts") }
        #expect(throws: CategoryFilter.UnknownCategory(name: "Layout")) { try filter.exclude("Layout") }
        #expect(filter == .default)
        let description = CategoryFilter.UnknownCategory(name: "layouts").description
        #expect(
            description == "unknown trace category \"layouts\" (did you mean \"layout\"?); valid names: "
                + "all, app, bar, containment, delegate, layout, lifecycle, loading, note, presentation, release, segue, "
                + "statusbar, storyboard, trait, view, warning")
        #expect(!CategoryFilter.UnknownCategory(name: "xyzzy").description.contains("did you mean"))
    }

    @Test func linesKeepOnlyComparedEventsInOrder() {
        let events = [
            TraceEvent(.loading, "B", "loadView"),
            TraceEvent(.lifecycle, "B", "viewWillAppear", [TraceArgument(nil, .bool(true))]),
            TraceEvent(.layout, "B", "viewWillLayoutSubviews"),
            TraceEvent(.warning, "", "Unbalanced calls."),
        ]
        #expect(CategoryFilter.default.lines(of: events) == ["B.viewWillAppear(true)", "warning: Unbalanced calls."])
        #expect(CategoryFilter.all.lines(of: events).count == 4)
    }

    /// `trace.only`: a controller's events are those it receives and its parts' (delegates);
    /// warnings and notes, which belong to no controller, stay; the categories still apply.
    @Test func onlyKeepsTheChosenControllersEventsAndThoseOfNone() {
        let events = [
            TraceEvent(.lifecycle, "A", "viewWillAppear", [TraceArgument(nil, .bool(true))]),
            TraceEvent(.lifecycle, "AB", "viewDidLoad"),
            TraceEvent(.delegate, "Nav.delegate", "willShow", [TraceArgument(nil, .controller("A"))]),
            TraceEvent(.delegate, "B.presentationController.delegate", "willDismiss"),
            TraceEvent(.containment, "B", "didMove", [TraceArgument("toParent", .controller("A"))]),
            TraceEvent(.loading, "A", "loadView"),
            TraceEvent(.warning, "", "Unbalanced calls."),
            TraceEvent(.note, "", "here"),
        ]
        var filter = CategoryFilter.default
        #expect(filter.controllers == nil)
        filter.only(["A", "B"])
        #expect(
            filter.lines(of: events) == [
                "A.viewWillAppear(true)", "B.presentationController.delegate.willDismiss()",
                "B.didMove(toParent: A)", "warning: Unbalanced calls.", "note: here",
            ])
        filter.only(["Nav"])
        #expect(filter.lines(of: events) == ["Nav.delegate.willShow(A)", "warning: Unbalanced calls.", "note: here"])
        #expect(filter != .default)
        try? filter.include("all")
        #expect(filter.controllers == ["Nav"], "choosing categories keeps the controllers")
    }
}
