import Testing

@testable import HierarchyEngine

/// The engine's errors speak UIKit: a usage error is a value holding the facts, and its
/// description names no function of the Lua API, no option of the command line and no
/// 1-based position (the binding words them for scripts).
@Suite("Usage errors")
struct ErrorTests {
    static let problems: [UsageError.Problem] = [
        .emptyControllerName, .duplicateControllerName("A"), .unsupportedIOSVersion(99),
        .windowAsSubview(window: "W"),
        .presentedControllerAdopted(controller: "B", presenter: "A", role: .child(of: "P")),
        .presentedControllerAdopted(controller: "B", presenter: "A", role: .tab(of: "Tabs")),
        .presentedControllerAdopted(controller: "B", presenter: "A", role: .column(of: "Split")),
        .presentedControllerAdopted(controller: "B", presenter: "A", role: .windowRoot),
        .viewInAnotherTree(controller: "X", superview: "P.view"), .badTransitionDuration(-1),
        .splitColumnCount(split: "Split", count: 3), .notATab(controller: "X", tabBar: "Tabs"),
        .indexOutOfRange(.viewControllers, index: 9, owner: "Tabs", count: 3),
        .indexOutOfRange(.tabBarItems, index: 5, owner: "Tabs", count: 5),
        .tabsKeepSelecting(tabBar: "Tabs", switches: 16), .unknownAdaptiveStyle(answer: "fullscreen"),
        .notOnScreen(controller: "Nav", gesture: .backButtonTap), .notOnScreen(controller: "Tabs", gesture: .tabBarTap),
        .notOnScreen(controller: "Nav", gesture: .interactivePop),
        .coveredByPresentation(covering: "S", covered: "Nav", gesture: .interactivePop),
        .inTransition(controller: "Nav", gesture: .backButtonTap),
        .inTransition(controller: "B", gesture: .interactiveDismissal),
        .nothingToPop(navigation: "Nav", gesture: .backButtonTap),
        .nothingToPop(navigation: "Nav", gesture: .interactivePop),
        .notInSheet(controller: "B"), .sheetCovered(covering: "C", sheet: "B"),
        .swipeRefused(.interactiveDismissal, step: .finish), .swipeOver(step: .cancel, finished: true),
        .fractionOutOfRange(1.5),
    ]

    /// Words of the Lua API and of the command line.
    static let foreignWords = [
        "settle()", "advance()", "--ios", "swipeBack", "swipeDown", "tapBack", "tapTab", "async(", "transition()",
        "script", "Lua", "1-based", "selectedIndex",
    ]

    @Test("a description speaks UIKit", arguments: problems)
    func speaksUIKit(_ problem: UsageError.Problem) {
        let text = UsageError(problem).description
        #expect(!text.isEmpty)
        for word in Self.foreignWords {
            #expect(!text.contains(word), "\(problem): \(text)")
        }
    }

    @Test("indices stay 0-based, as the engine's API takes them")
    func zeroBased() {
        let text = UsageError(.indexOutOfRange(.viewControllers, index: 9, owner: "Tabs", count: 3)).description
        #expect(text == "index 9 is past the end of Tabs's view controllers (3 of them)")
    }

    @Test("the run loop's errors name its own methods")
    func runLoopErrors() {
        for error in [RunLoopError.runaway(turns: 3), .badDuration(-1), .badDelay(.infinity)] {
            for word in Self.foreignWords { #expect(!error.description.contains(word), "\(error)") }
        }
    }

    @Test("a profile outside the supported versions is refused with its number")
    func unsupportedProfile() {
        #expect(throws: UsageError(.unsupportedIOSVersion(7))) { try Profile.validate(7) }
        #expect(throws: Never.self) { try Profile.validate(12) }
    }

    @Test("a name is the trace's: empty and taken names are refused, the controller made is registered")
    func names() throws {
        let world = World()
        #expect(throws: UsageError(.emptyControllerName)) { try world.makeController(named: "") }
        let a = try world.makeController(named: "A")
        #expect(throws: UsageError(.duplicateControllerName("A"))) { try world.makeController(named: "A") }
        #expect(throws: UsageError(.duplicateControllerName("A"))) { try ViewController(name: "A", world: world) }
        #expect(world.controller(named: "A") === a)
        let b = try ViewController(name: "B", world: world)
        #expect(world.controller(named: "B") === b && world.controllers.map(\.name) == ["A", "B"])
    }
}
