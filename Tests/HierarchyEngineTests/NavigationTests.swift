import HierarchyEngine
import Testing

/// A delegate that implements the methods it is given and answers every question with `answer`.
/// The engine records the calls in the trace; `calls` keeps their names as well.
final class ScriptedDelegate: Delegate {
    let methods: Set<String>
    var answer: Bool?
    private(set) var calls: [String] = []

    init(_ methods: Set<String>, answer: Bool? = nil) {
        self.methods = methods
        self.answer = answer
    }

    func implements(_ method: DelegateMethod) -> Bool { methods.contains(method.rawValue) }

    func call(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> DelegateAnswer {
        calls.append(method.rawValue)
        return answer.map(DelegateAnswer.bool) ?? .nothing
    }
}

/// A shown window whose root is the navigation controller `Nav` with the stack `names`,
/// settled, with its trace consumed.
private func navigationStage(
    _ names: [String] = ["A"], delegate: Delegate? = nil
) throws
    -> (Stage, NavigationController)
{
    let stage = try Stage()
    let nav = try stage.world.make(NavigationController.self, named: "Nav")
    try nav.setViewControllers(names.map { try stage.controller($0) }, animated: false)
    nav.delegate = delegate
    try stage.window.setRootViewController(nav)
    try stage.world.runLoop.settle()
    _ = stage.lines()
    return (stage, nav)
}

/// What a refusal must leave as it was: the stack, every parent, and the trace.
private struct Snapshot: Equatable {
    var stack: [String]
    var children: [String]
    var parents: [String: String]
    var events: [TraceEvent]

    init(_ nav: NavigationController, _ others: [ViewController], in world: World) {
        stack = nav.viewControllers.map(\.name)
        children = nav.children.map(\.name)
        parents = Dictionary(
            uniqueKeysWithValues: (nav.viewControllers + others).map {
                ($0.name, $0.parent?.name ?? "nil")
            })
        events = Array(world.trace.events)
    }
}

@Suite("Navigation controller")
struct NavigationTests {
    // MARK: Push and pop

    @Test("a push changes the stack and the parent at once; appearance waits for the next turn (NAV-02)")
    func pushIsSynchronousForTheStack() throws {
        let delegate = ScriptedDelegate(["willShow", "didShow"])
        let (stage, nav) = try navigationStage(delegate: delegate)
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try nav.pushViewController(b, animated: true)
        #expect(nav.viewControllers.map(\.name) == ["A", "B"])
        #expect(nav.children.map(\.name) == ["A", "B"])
        #expect(nav.topViewController === b && b.parent === nav && a.parent === nav)
        #expect(b.navigationController === nav)
        #expect(stage.lines() == ["B.willMove(toParent: Nav)"])
        #expect(!b.isViewLoaded, "the incoming view loads when the transition starts, on the next turn")
        #expect(a.appearance == .appeared && b.appearance == .disappeared)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                "Nav.delegate.willShow(B, animated: true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                "B.didMove(toParent: Nav)", "Nav.delegate.didShow(B, animated: true)",
            ])
        #expect(a.appearance == .disappeared && b.appearance == .appeared)
        #expect(b.view.superview === nav.view && a.viewIfLoaded?.superview == nil)
        #expect(!b.isMovingToParent)
    }

    @Test("a pop changes the stack at once, returns the popped controller, and appears later (NAV-04)")
    func popIsSynchronousForTheStack() throws {
        let (stage, nav) = try navigationStage(["A", "B"])
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let popped = try nav.popViewController(animated: true)
        #expect(popped === b)
        #expect(nav.viewControllers.map(\.name) == ["A"] && nav.children.map(\.name) == ["A"])
        #expect(b.parent == nil && b.navigationController == nil)
        #expect(b.isMovingFromParent)
        #expect(stage.lines() == ["B.willMove(toParent: nil)"])
        #expect(b.appearance == .appeared && a.appearance == .disappeared)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "A.viewDidLoad()", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(toParent: nil)",
            ])
        #expect(a.appearance == .appeared && b.appearance == .disappeared)
        #expect(a.view.superview === nav.view && b.view.superview == nil)
        #expect(!b.isMovingFromParent)
    }

    @Test("popping with only the root returns nil and does nothing (NAV-05)")
    func popRootAlone() throws {
        let (stage, nav) = try navigationStage()
        #expect(try nav.popViewController(animated: true) == nil)
        #expect(try nav.popToRootViewController(animated: true) == nil)
        try stage.world.runLoop.settle()
        #expect(stage.lines().isEmpty)
        #expect(nav.viewControllers.map(\.name) == ["A"])
    }

    @Test("popToRoot gives intermediates containment calls only; the visible pair appears (NAV-06, D-18)")
    func popToRootOverIntermediates() throws {
        let (stage, nav) = try navigationStage(["A", "B", "C", "D"])
        let popped = try nav.popToRootViewController(animated: true)
        #expect(popped?.map(\.name) == ["B", "C", "D"])
        #expect(nav.viewControllers.map(\.name) == ["A"])
        #expect(
            stage.lines() == ["B.willMove(toParent: nil)", "C.willMove(toParent: nil)", "D.willMove(toParent: nil)"])
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "A.viewDidLoad()", "D.viewWillDisappear(true)", "A.viewWillAppear(true)",
                "D.viewDidDisappear(true)", "A.viewDidAppear(true)",
                "B.didMove(toParent: nil)", "C.didMove(toParent: nil)", "D.didMove(toParent: nil)",
            ])
        #expect(try !stage.controller("B").isViewLoaded && !stage.controller("C").isViewLoaded)
    }

    @Test("a push and a pop in one turn make no transition; the pushed controller never loads (D-19)")
    func pushAndPopInOneTurn() throws {
        let (stage, nav) = try navigationStage()
        let b = try stage.controller("B")
        try nav.pushViewController(b, animated: true)
        #expect(try nav.popViewController(animated: true) === b)
        try stage.world.runLoop.settle()
        let lines = stage.lines()
        #expect(lines.first == "B.willMove(toParent: Nav)")
        #expect(lines.contains("B.willMove(toParent: nil)"))
        #expect(lines.allSatisfy { $0.hasPrefix("B.willMove") || $0.hasPrefix("B.didMove") }, "\(lines)")
        #expect(!b.isViewLoaded && b.parent == nil)
        #expect(nav.viewControllers.map(\.name) == ["A"])
        #expect(try stage.controller("A").appearance == .appeared)
    }

    // MARK: Refusals

    /// Runs `body`, which must throw `expected`, and checks that nothing changed.
    private func expectRefusal(
        _ nav: NavigationController, in world: World, involving others: [ViewController], _ expected: UIKitException,
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) throws {
        let before = Snapshot(nav, others, in: world)
        #expect(throws: expected, sourceLocation: sourceLocation) { try body() }
        #expect(Snapshot(nav, others, in: world) == before, sourceLocation: sourceLocation)
        try world.runLoop.settle()
        #expect(
            Snapshot(nav, others, in: world) == before, "the refusal left work behind", sourceLocation: sourceLocation)
    }

    @Test("pushing a controller already on the stack raises NAV-09's exception and changes nothing")
    func duplicatePush() throws {
        let (stage, nav) = try navigationStage(["A", "B"])
        let a = try stage.controller("A")
        try expectRefusal(
            nav, in: stage.world, involving: [],
            UIKitException(
                "NSInvalidArgumentException",
                "Nav is pushing the same view controller instance (A) more than once which is not supported "
                    + "and is most likely an error in the application")
        ) {
            try nav.pushViewController(a, animated: true)
        }
    }

    @Test("iOS 16 words NAV-09's exception the older way")
    func duplicatePushOnSixteen() throws {
        let world = World(profile: Profile(iosVersion: 16))
        let nav = try world.make(NavigationController.self, named: "Nav")
        let a = try world.makeController(named: "A")
        try nav.setViewControllers([a], animated: false)
        try expectRefusal(
            nav, in: world, involving: [],
            UIKitException(
                "NSInvalidArgumentException",
                "Pushing the same view controller instance more than once is not supported (A)")
        ) {
            try nav.pushViewController(a, animated: false)
        }
    }

    @Test("pushing a navigation or tab bar controller raises and changes nothing (NAV-10, D-20)")
    func pushContainer() throws {
        let (stage, nav) = try navigationStage(["A", "B"])
        let inner = try stage.world.make(NavigationController.self, named: "Inner")
        let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
        try expectRefusal(
            nav, in: stage.world, involving: [inner],
            UIKitException(
                "NSInvalidArgumentException", "Pushing a navigation controller is not supported")
        ) {
            try nav.pushViewController(inner, animated: true)
        }
        try expectRefusal(
            nav, in: stage.world, involving: [tabs],
            UIKitException(
                "NSInvalidArgumentException", "Pushing a tab bar controller is not supported")
        ) {
            try nav.pushViewController(tabs, animated: true)
        }
        #expect(!inner.isViewLoaded && !tabs.isViewLoaded)
    }

    @Test("popToViewController with a controller not on the stack raises NAV-07's exception and changes nothing")
    func popToMissing() throws {
        let (stage, nav) = try navigationStage(["A", "B", "C"])
        let stranger = try stage.controller("X")
        try expectRefusal(
            nav, in: stage.world, involving: [stranger],
            UIKitException(
                "NSInternalInconsistencyException", "Tried to pop to a view controller that doesn't exist.")
        ) {
            _ = try nav.popToViewController(stranger, animated: true)
        }
    }

    @Test("setViewControllers refuses what a push refuses, and changes nothing (D-20)")
    func setViewControllersRefusals() throws {
        let (stage, nav) = try navigationStage(["A", "B"])
        let a = try stage.controller("A")
        let c = try stage.controller("C")
        let inner = try stage.world.make(NavigationController.self, named: "Inner")
        try expectRefusal(
            nav, in: stage.world, involving: [c],
            UIKitException(
                "NSInvalidArgumentException",
                "Nav is pushing the same view controller instance (C) more than once which is not supported "
                    + "and is most likely an error in the application")
        ) {
            try nav.setViewControllers([a, c, c], animated: true)
        }
        try expectRefusal(
            nav, in: stage.world, involving: [c, inner],
            UIKitException(
                "NSInvalidArgumentException", "Pushing a navigation controller is not supported")
        ) {
            try nav.setViewControllers([c, inner], animated: true)
        }
    }

    // MARK: Operations during a transition

    @Test("operations issued during an animated transition apply in order when it ends (D-19)")
    func operationsWaitForTheTransition() throws {
        let (stage, nav) = try navigationStage()
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        let d = try stage.controller("D")
        try nav.pushViewController(b, animated: true)
        try stage.world.runLoop.advance(by: 0)
        #expect(nav.isTransitioning)
        #expect(b.appearance == .appearing)
        _ = stage.lines()
        try nav.pushViewController(c, animated: true)
        try nav.pushViewController(d, animated: false)
        #expect(nav.viewControllers.map(\.name) == ["A", "B"], "waiting operations do not touch the stack yet")
        #expect(c.parent == nil && d.parent == nil)
        #expect(stage.lines().isEmpty)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(toParent: Nav)",
                "C.willMove(toParent: Nav)", "D.willMove(toParent: Nav)",
                "D.viewDidLoad()", "B.viewWillDisappear(false)", "D.viewWillAppear(false)",
                "B.viewDidDisappear(false)", "D.viewDidAppear(false)",
                "C.didMove(toParent: Nav)", "D.didMove(toParent: Nav)",
            ])
        #expect(nav.viewControllers.map(\.name) == ["A", "B", "C", "D"])
        #expect(!c.isViewLoaded, "C was never on top when a transition started")
        #expect(d.appearance == .appeared && b.appearance == .disappeared && !nav.isTransitioning)
    }

    @Test("an operation issued during a transition is checked against the stack it will apply to (D-19)")
    func refusalDuringTransition() throws {
        let (stage, nav) = try navigationStage()
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        try nav.pushViewController(b, animated: true)
        try stage.world.runLoop.advance(by: 0)
        try nav.pushViewController(c, animated: true)
        #expect(throws: UIKitException.self) { try nav.pushViewController(c, animated: true) }
        #expect(
            throws: UIKitException(
                "NSInternalInconsistencyException", "Tried to pop to a view controller that doesn't exist.")
        ) {
            _ = try nav.popToViewController(stage.controller("X"), animated: true)
        }
        try stage.world.runLoop.settle()
        #expect(nav.viewControllers.map(\.name) == ["A", "B", "C"])
        #expect(c.appearance == .appeared)
        #expect(!stage.world.trace.events.contains { $0.category == .warning })
    }

    @Test(
        "a navigation controller that leaves the window mid-animation ends its transition before its own callback (M-13)"
    )
    func leavingTheWindowEndsTheTransition() throws {
        let (stage, nav) = try navigationStage()
        let b = try stage.controller("B")
        try nav.pushViewController(b, animated: true)
        try stage.world.runLoop.advance(by: 0.1)
        _ = stage.lines()
        try stage.window.setRootViewController(stage.controller("Other"))
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "Other.viewDidLoad()", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
                "B.didMove(toParent: Nav)", "Nav.viewWillDisappear(false)", "B.viewWillDisappear(false)",
                "Other.viewWillAppear(false)", "Nav.viewDidDisappear(false)", "B.viewDidDisappear(false)",
                "Other.viewDidAppear(false)",
            ])
        #expect(nav.appearance == .disappeared && b.appearance == .disappeared && !nav.isTransitioning)
    }

    // MARK: Off screen

    @Test("an off-screen navigation controller records containment calls only (D-23)")
    func offScreen() throws {
        let world = World()
        let nav = try world.make(NavigationController.self, named: "Nav")
        let a = try world.makeController(named: "A")
        let b = try world.makeController(named: "B")
        let c = try world.makeController(named: "C")
        try nav.setViewControllers([a], animated: false)
        try nav.pushViewController(b, animated: true)
        try nav.pushViewController(c, animated: true)
        try world.runLoop.settle()
        #expect(try nav.popViewController(animated: true) === c)
        try world.runLoop.settle()
        // UIKit lets go of the popped controller once its didMove(toParent: nil) has come (D-125).
        #expect(world.trace.events.last?.text == "C.released()")
        let events = world.trace.events.filter { $0.category != .release }
        #expect(events.allSatisfy { $0.category == .containment }, "\(events.map(\.text))")
        #expect(
            events.map(\.text) == [
                "A.willMove(toParent: Nav)", "A.didMove(toParent: Nav)",
                "B.willMove(toParent: Nav)", "B.didMove(toParent: Nav)",
                "C.willMove(toParent: Nav)", "C.didMove(toParent: Nav)",
                "C.willMove(toParent: nil)", "C.didMove(toParent: nil)",
            ])
        #expect(!a.isViewLoaded && !b.isViewLoaded && !c.isViewLoaded)
        #expect(nav.viewControllers.map(\.name) == ["A", "B"])
    }

    @Test("an off-screen navigation controller that appears installs only its top (D-23, M-5)")
    func offScreenThenShown() throws {
        let stage = try Stage()
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try nav.setViewControllers([a], animated: false)
        try nav.pushViewController(b, animated: true)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        nav.delegate = ScriptedDelegate(["willShow", "didShow"])
        try stage.window.setRootViewController(nav)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "Nav.viewDidLoad()", "Nav.viewWillAppear(false)", "B.viewDidLoad()", "B.viewWillAppear(false)",
                "Nav.delegate.willShow(B, animated: false)", "Nav.viewDidAppear(false)", "B.viewDidAppear(false)",
                "Nav.delegate.didShow(B, animated: false)",
            ])
        #expect(!a.isViewLoaded)
    }

    // MARK: The interactive pop

    @Test("a swipe begins at once: the top leaves the stack and both controllers start moving (D-21)")
    func swipeBegins() throws {
        let (stage, nav) = try navigationStage(["A", "B"], delegate: ScriptedDelegate(["willShow", "didShow"]))
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let gesture = try nav.beginInteractivePop()
        #expect(gesture.state == .began && gesture.fraction == 0)
        #expect(nav.viewControllers.map(\.name) == ["A"] && b.parent == nil)
        #expect(b.isMovingFromParent)
        #expect(
            stage.lines() == [
                "B.willMove(toParent: nil)", "A.viewDidLoad()", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                "Nav.delegate.willShow(A, animated: true)",
            ])
        #expect(a.appearance == .appearing && b.appearance == .disappearing)
        try gesture.cancel()
        try stage.world.runLoop.settle()
    }

    @Test("a cancelled swipe restores the stack; the top is shown again and the revealed one is not (NAV-12, D-21)")
    func swipeCancelled() throws {
        let delegate = ScriptedDelegate(["willShow", "didShow"])
        let (stage, nav) = try navigationStage(["A", "B"], delegate: delegate)
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let callsBefore = delegate.calls.count
        let gesture = try nav.beginInteractivePop()
        try gesture.update(0.4)
        #expect(gesture.state == .changed && gesture.fraction == 0.4)
        _ = stage.lines()
        try gesture.cancel()
        #expect(gesture.state == .cancelling)
        try stage.world.runLoop.settle()
        #expect(gesture.state == .cancelled)
        #expect(
            stage.lines() == [
                "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "B.viewWillAppear(true)",
                "B.viewDidAppear(true)",
            ])
        #expect(nav.viewControllers.map(\.name) == ["A", "B"] && nav.children.map(\.name) == ["A", "B"])
        #expect(b.parent === nav && nav.topViewController === b)
        #expect(a.appearance == .disappeared && b.appearance == .appeared)
        #expect(!b.isMovingFromParent)
        #expect(b.view.superview === nav.view && a.view.superview == nil)
        #expect(Array(delegate.calls[callsBefore...]) == ["willShow"], "no didShow after a cancelled swipe")
        #expect(!nav.isTransitioning)
        try nav.popViewController(animated: true)
        try stage.world.runLoop.settle()
        #expect(nav.viewControllers.map(\.name) == ["A"] && a.appearance == .appeared)
    }

    @Test("a finished swipe completes as a pop (NAV-13)")
    func swipeFinished() throws {
        let (stage, nav) = try navigationStage(["A", "B"], delegate: ScriptedDelegate(["willShow", "didShow"]))
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let gesture = try nav.beginInteractivePop()
        try gesture.update(0.7)
        _ = stage.lines()
        try gesture.finish()
        #expect(gesture.state == .finishing)
        try stage.world.runLoop.settle()
        #expect(gesture.state == .finished)
        #expect(
            stage.lines() == [
                "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(toParent: nil)",
                "Nav.delegate.didShow(A, animated: true)",
            ])
        #expect(nav.viewControllers.map(\.name) == ["A"] && b.parent == nil)
        #expect(a.appearance == .appeared && b.appearance == .disappeared)
    }

    @Test("a gesture that has ended cannot be finished, cancelled or moved")
    func endedGesture() throws {
        let (stage, nav) = try navigationStage(["A", "B"])
        let gesture = try nav.beginInteractivePop()
        try gesture.cancel()
        #expect(throws: UsageError.self) { try gesture.finish() }
        try stage.world.runLoop.settle()
        #expect(throws: UsageError(.swipeOver(step: .finish, finished: false))) { try gesture.finish() }
        #expect(throws: UsageError.self) { try gesture.cancel() }
        #expect(throws: UsageError.self) { try gesture.update(0.5) }
        #expect(nav.viewControllers.map(\.name) == ["A", "B"])
    }

    @Test("a swipe's fraction goes from 0 to 1")
    func fractionRange() throws {
        let (stage, nav) = try navigationStage(["A", "B"])
        let gesture = try nav.beginInteractivePop()
        #expect(throws: UsageError.self) { try gesture.update(1.5) }
        #expect(throws: UsageError.self) { try gesture.update(-0.1) }
        #expect(gesture.fraction == 0)
        try gesture.finish()
        try stage.world.runLoop.settle()
    }

    @Test("a swipe the screen cannot receive is an error, not a no-op (D-22)")
    func swipeRefused() throws {
        let (stage, nav) = try navigationStage(["A"])
        #expect(throws: UsageError.self) { try nav.beginInteractivePop() }
        try nav.pushViewController(stage.controller("B"), animated: true)
        #expect(throws: UsageError.self) { try nav.beginInteractivePop() }
        try stage.world.runLoop.advance(by: 0)
        #expect(throws: UsageError.self) { try nav.beginInteractivePop() }
        try stage.world.runLoop.settle()
        let hidden = try stage.world.make(NavigationController.self, named: "Hidden")
        try hidden.setViewControllers([stage.controller("C"), stage.controller("D")], animated: false)
        #expect(throws: UsageError.self) { try hidden.beginInteractivePop() }
        #expect(hidden.viewControllers.count == 2 && nav.viewControllers.count == 2)
    }
}

@Suite("Containers and memory")
struct ContainerMemoryTests {
    /// Builds a world with shown navigation and tab bar controllers, delegates, a gesture and
    /// transitions still pending, and returns only its counter.
    private func busyWorld() throws -> LiveObjects {
        let world = World()
        let counter = world.liveObjects
        let window = world.makeWindow()
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers(
            [world.makeController(named: "A"), world.makeController(named: "B")], animated: false)
        nav.delegate = ScriptedDelegate(["willShow", "didShow"])
        let tabs = try world.make(TabBarController.self, named: "Tabs")
        let more = try world.make(NavigationController.self, named: "Inner")
        try more.setViewControllers([world.makeController(named: "I1")], animated: false)
        var tabList: [ViewController] = [nav, more]
        for index in 1...5 { tabList.append(try world.makeController(named: "T\(index)")) }
        try tabs.setViewControllers(tabList, animated: false)
        tabs.delegate = ScriptedDelegate(["shouldSelect", "didSelect"], answer: true)
        try window.setRootViewController(tabs)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        let gesture = try nav.beginInteractivePop()
        try gesture.update(0.3)
        try gesture.finish()
        try tabs.select(index: 6)
        try more.pushViewController(world.makeController(named: "I2"), animated: true)
        try world.runLoop.advance(by: 0)
        try more.pushViewController(world.makeController(named: "I3"), animated: true)
        try tabs.userTap(item: 1)
        #expect(counter.count > 20)
        return counter
    }

    @Test("dropping a world with containers and pending transitions frees every engine object")
    func nothingOutlivesTheWorld() throws {
        let counter = try busyWorld()
        #expect(counter.count == 0)
    }

    /// A navigation controller's installed top (or the top its own appearance installed)
    /// taken by other means, which then adopts the navigation controller: neither may keep
    /// the other (issue 17, fuzzer seeds 15831, 38161 and 39640).
    @Test("a top taken from its navigation controller that then adopts it frees both", arguments: [false, true])
    func takenTopThatAdoptsItsNavigationController(explicitAppearance: Bool) throws {
        var counter: LiveObjects?
        do {
            let world = World()
            counter = world.liveObjects
            let top = try world.makeController(named: "Top")
            let nav = try world.make(NavigationController.self, named: "Nav")
            try nav.setViewControllers([top], animated: false)
            if explicitAppearance {
                nav.beginAppearanceTransition(true, animated: true)  // installs Top, never ended
                try world.makeController(named: "Other").addChild(top)
            } else {
                let window = world.makeWindow()
                try window.setRootViewController(nav)
                window.makeKeyAndVisible()
                try world.runLoop.settle()
                // Taken on screen (its transition waits for the commit), then off screen.
                try world.makeController(named: "Other").addChild(top)
                try window.setRootViewController(nil)
            }
            try top.addChild(nav)
            try world.runLoop.settle()
            #expect(nav.parent === top)
        }
        #expect(counter?.count == 0)
    }
}
