import Testing

@testable import HierarchyEngine

/// Interactive transitions in the engine, without Lua (ICT-02…05, COO-03, D-118 to D-122):
/// a `PercentDrivenInteractiveTransition` drives a navigation controller's custom transition,
/// and the built-in swipes are the same interaction.
@Suite("Interactive transitions")
struct InteractionTests {
    /// An animator that animates with `UIView.animate`, completing with the cancel's answer.
    final class Slide: TransitionAnimator {
        let name = "Slide"
        let world: World
        init(world: World) { self.world = world }
        func transitionDuration(using context: TransitionContext) -> Double { 0.4 }
        func animateTransition(using context: TransitionContext) {
            world.animate(duration: 0.4) { context.completeTransition(!context.transitionWasCancelled) }
        }
        func animationEnded(_ transitionCompleted: Bool) {}
    }

    /// A navigation delegate that gives the animator and the interaction.
    final class Vendor: Delegate {
        let animator: TransitionAnimator
        let interaction: PercentDrivenInteractiveTransition?
        init(_ animator: TransitionAnimator, _ interaction: PercentDrivenInteractiveTransition?) {
            self.animator = animator
            self.interaction = interaction
        }
        func implements(_ method: DelegateMethod) -> Bool {
            method == .animationControllerFor || method == .interactionControllerFor
        }
        func call(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> DelegateAnswer {
            .nothing
        }
        func animator(
            _ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]
        )
            -> TransitionAnimator?
        { animator }
        func interaction(
            _ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]
        )
            -> PercentDrivenInteractiveTransition?
        { interaction }
    }

    /// [A, B] on screen with B on top, then the vendor as delegate.
    private func navShowingB(
        _ interaction: PercentDrivenInteractiveTransition?
    ) throws -> (Stage, NavigationController, ViewController, ViewController) {
        let stage = try Stage()
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([a, b], animated: false)
        try stage.window.setRootViewController(nav)
        try stage.world.runLoop.settle()
        nav.delegate = Vendor(Slide(world: stage.world), interaction)
        _ = stage.lines()
        return (stage, nav, a, b)
    }

    @Test("a custom pop cancelled at a quarter runs back a quarter of 0.4 s, then turns both controllers (ICT-02)")
    func cancelledPop() throws {
        let interaction = PercentDrivenInteractiveTransition()
        let (stage, nav, a, b) = try navShowingB(interaction)
        _ = try nav.popViewController(animated: true)
        try stage.world.runLoop.settle()
        #expect(interaction.state == .began && interaction.duration == 0.4)
        #expect(b.transitionCoordinator?.isInteractive == true)
        _ = stage.lines()
        try interaction.update(0.25)
        try interaction.cancel()
        try stage.world.runLoop.advance(by: 0.09)
        #expect(stage.lines() == [])
        try stage.world.runLoop.advance(by: 0.01)
        #expect(
            stage.lines() == [
                "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "B.viewWillAppear(true)",
                "B.viewDidAppear(true)", "Slide.animationEnded(false)",
            ])
        #expect(nav.viewControllers.map(\.name) == ["A", "B"] && b.parent === nav)
        #expect(a.appearance == .disappeared && b.appearance == .appeared)
        #expect(interaction.state == .cancelled)
        #expect(throws: UsageError(.interactionNotHeld(step: .finish, state: .cancelled))) {
            try interaction.finish()
        }
    }

    /// An animator that lifts the finger before it animates (`finish()` or `cancel()` inside
    /// `animateTransition`).
    final class Lifting: TransitionAnimator {
        let name = "Lifting"
        let world: World
        let interaction: PercentDrivenInteractiveTransition
        let cancels: Bool
        init(world: World, interaction: PercentDrivenInteractiveTransition, cancels: Bool) {
            self.world = world
            self.interaction = interaction
            self.cancels = cancels
        }
        func transitionDuration(using context: TransitionContext) -> Double { 0.4 }
        func animateTransition(using context: TransitionContext) {
            try? interaction.update(0.5)
            try? cancels ? interaction.cancel() : interaction.finish()
            world.animate(duration: 0.4) { context.completeTransition(!context.transitionWasCancelled) }
        }
        func animationEnded(_ transitionCompleted: Bool) {}
    }

    @Test(
        "a finger lifted before the animator made its animation still ends the transition (D-118)",
        arguments: [false, true])
    func liftedBeforeAnimating(cancels: Bool) throws {
        let interaction = PercentDrivenInteractiveTransition()
        let (stage, nav, _, _) = try navShowingB(interaction)
        nav.delegate = Vendor(Lifting(world: stage.world, interaction: interaction, cancels: cancels), interaction)
        _ = try nav.popViewController(animated: true)
        try stage.world.runLoop.endTurn()
        try stage.world.runLoop.advance(by: 0.2)
        #expect(nav.viewControllers.map(\.name) == (cancels ? ["A", "B"] : ["A"]))
        #expect(interaction.state == (cancels ? .cancelled : .finished))
        #expect(stage.world.runningTransitionSummaries.isEmpty)
    }

    @Test("a swipe down that finishes tells the delegate didDismiss where a completion handler comes (D-120)")
    func swipeDownDidDismiss() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.modalPresentationStyle = .pageSheet
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        let delegate = Answering()
        b.presentationController.delegate = delegate
        let swipe = try b.userSwipeDown()
        b.transitionCoordinator?.animate(alongside: nil) { _ in stage.world.note("coordinator completion") }
        try swipe.finish()
        try stage.world.runLoop.settle()
        #expect(
            stage.lines().suffix(3) == [
                "B.viewDidDisappear(true)", "B.presentationController.delegate.didDismiss()",
                "note: coordinator completion",
            ])
    }

    final class Answering: Delegate {
        func implements(_ method: DelegateMethod) -> Bool { method == .shouldDismiss || method == .didDismiss }
        func call(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> DelegateAnswer {
            method == .shouldDismiss ? .bool(true) : .nothing
        }
    }
}
