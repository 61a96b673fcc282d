import HierarchyEngine
import Testing

@testable import LuaBinding

/// The engine throws facts; scripts read these sentences. Each expected text is the one
/// scripts read before the engine's errors were typed, letter for letter.
@Suite("The engine's errors in a script's words")
struct EngineErrorWordingTests {
    static let cases: [(UsageError.Problem, String)] = [
        (.emptyControllerName, "a controller's name cannot be empty"),
        (.duplicateControllerName("A"), "a controller named A already exists; every controller needs its own name"),
        (.windowAsSubview(window: "W"), "a window cannot be added as a subview (W)"),
        (
            .presentedControllerAdopted(controller: "B", presenter: "A", role: .child(of: "P")),
            "B is presented by A; dismiss it before making it a child of P"
        ),
        (
            .presentedControllerAdopted(controller: "B", presenter: "A", role: .tab(of: "Tabs")),
            "B is presented by A; dismiss it before making it a tab of Tabs"
        ),
        (
            .presentedControllerAdopted(controller: "B", presenter: "A", role: .column(of: "Split")),
            "B is presented by A; dismiss it before making it a column of Split"
        ),
        (
            .presentedControllerAdopted(controller: "B", presenter: "A", role: .windowRoot),
            "B is presented by A; dismiss it before making it a window's root"
        ),
        (
            .viewInAnotherTree(controller: "X", superview: "P.view"),
            "X's view is in another view tree (under P.view); remove it before presenting X"
        ),
        (.badTransitionDuration(-1), "transition() needs a non-negative duration, got -1"),
        (
            .splitColumnCount(split: "Split", count: 3),
            "Split: a split view controller takes a primary and a secondary, got 3 controllers"
        ),
        (.notATab(controller: "X", tabBar: "Tabs"), "X is not one of the view controllers of Tabs"),
        (
            .indexOutOfRange(.viewControllers, index: 9, owner: "Tabs", count: 3),
            "selectedIndex 10 is out of range for Tabs (valid: 1 to 3)"
        ),
        (
            .indexOutOfRange(.tabBarItems, index: 5, owner: "Tabs", count: 5),
            "tab 6 is out of range for Tabs (valid: 1 to 5)"
        ),
        (
            .indexOutOfRange(.viewControllers, index: 1, owner: "Single", count: 1),
            "selectedIndex 2 is out of range for Single (the only valid one is 1)"
        ),
        (
            .indexOutOfRange(.tabBarItems, index: 0, owner: "Empty", count: 0),
            "tab 1 is out of range for Empty (it has none)"
        ),
        (
            .indexOutOfRange(.viewControllers, index: Int.max, owner: "Tabs", count: 2),
            "selectedIndex \(Int.max) + 1 is out of range for Tabs (valid: 1 to 2)"
        ),
        (
            .tabsKeepSelecting(tabBar: "Tabs", switches: 16),
            "Tabs: the tabs' will-callbacks keep selecting one another (16 switches in a row); "
                + "select from viewDidAppear or with async(fn) instead"
        ),
        (
            .unknownAdaptiveStyle(answer: "fullscreen"),
            "adaptivePresentationStyle returned \"fullscreen\", which is no presentation style; valid names: "
                + "\"fullScreen\", \"pageSheet\", \"formSheet\", \"currentContext\", \"custom\", \"overFullScreen\", "
                + "\"overCurrentContext\", \"popover\", \"automatic\", \"none\""
        ),
        (
            .notOnScreen(controller: "Nav", gesture: .backButtonTap),
            "Nav is not on screen: its back button cannot be tapped"
        ),
        (.notOnScreen(controller: "Tabs", gesture: .tabBarTap), "Tabs is not on screen: its tab bar cannot be tapped"),
        (.notOnScreen(controller: "Nav", gesture: .interactivePop), "Nav is not on screen: there is nothing to swipe"),
        (
            .notOnScreen(controller: "C", gesture: .interactiveDismissal),
            "C is not on screen: there is nothing to swipe"
        ),
        (
            .coveredByPresentation(covering: "S", covered: "Nav", gesture: .backButtonTap),
            "S is presented over Nav: a tap on the back button cannot reach it; dismiss S first"
        ),
        (
            .coveredByPresentation(covering: "S", covered: "Nav", gesture: .interactivePop),
            "S is presented over Nav: a swipe back cannot reach it; dismiss S first"
        ),
        (
            .coveredByPresentation(covering: "S", covered: "Tabs", gesture: .tabBarTap),
            "S is presented over Tabs: a tap on the tab bar cannot reach it; dismiss S first"
        ),
        (
            .inTransition(controller: "Nav", gesture: .backButtonTap),
            "Nav is in a transition and ignores its back button until it ends; settle() first"
        ),
        (
            .inTransition(controller: "Nav", gesture: .interactivePop),
            "Nav is in a transition and ignores the swipe until it ends; settle() first"
        ),
        (
            .inTransition(controller: "B", gesture: .interactiveDismissal),
            "B is in a transition and ignores the swipe until it ends; settle() first"
        ),
        (
            .nothingToPop(navigation: "Nav", gesture: .backButtonTap),
            "Nav shows its root view controller, which has no back button"
        ),
        (
            .nothingToPop(navigation: "Nav", gesture: .interactivePop),
            "Nav shows its root view controller: there is nothing to swipe back to"
        ),
        (.notInSheet(controller: "B"), "B is not shown in a sheet: only a sheet can be swiped down"),
        (.sheetCovered(covering: "C", sheet: "B"), "C covers B: swipe it down first"),
        (
            .swipeRefused(.interactiveDismissal, step: .finish),
            "cannot finish this swipeDown: it was refused as it began (the sheet stays)"
        ),
        (.swipeOver(step: .finish, finished: false), "cannot finish a swipe that has already been cancelled"),
        (.swipeOver(step: .update, finished: true), "cannot update a swipe that has already finished"),
        (.fractionOutOfRange(1.5), "update() takes a fraction from 0 to 1 (how far the finger has gone), got 1.5"),
    ]

    @Test("every usage error reads as it always has", arguments: cases)
    func usageError(_ problem: UsageError.Problem, _ expected: String) {
        #expect(luaMessage(for: UsageError(problem)) == expected)
    }

    @Test("the run loop's refusals name settle, advance and the function that gave a delay")
    func runLoopErrors() throws {
        #expect(
            luaMessage(for: RunLoopError.runaway(turns: 7)) == "the run loop was still busy after 7 turns: "
                + "something schedules work forever (an override that keeps starting transitions?)")
        #expect(
            luaMessage(for: RunLoopError.badDuration(-2)) == "advance() needs a finite, non-negative number of "
                + "seconds up to a thousand years (3.2e10), and a clock that stays within about 290,000 years, got -2")
        let session = Session()
        let call = Call(session: session, name: "after", first: 1)
        #expect(throws: Never.self) { try call.checkDelay(0.25) }
        do {
            try call.checkDelay(-1)
            Issue.record("a negative delay was accepted")
        } catch {
            #expect(
                "\(error)" == "after() needs a finite, non-negative number of seconds up to a thousand years "
                    + "(3.2e10), got -1")
        }
    }

    @Test("a UIKit exception keeps UIKit's text")
    func uikitException() {
        let exception = UIKitException("NSInvalidArgumentException", "Pushing a navigation controller is not supported")
        #expect(
            luaMessage(for: exception) == "NSInvalidArgumentException: Pushing a navigation controller is not supported"
        )
    }

    @Test("a gesture's handle shows its name in the user table")
    func gestureNames() {
        #expect(UserGesture.interactivePop.luaName == "swipeBack")
        #expect(UserGesture.interactiveDismissal.luaName == "swipeDown")
        #expect(UserGesture.backButtonTap.luaName == "tapBack")
        #expect(UserGesture.tabBarTap.luaName == "tapTab")
    }
}
