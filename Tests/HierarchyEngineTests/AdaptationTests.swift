import Testing

@testable import HierarchyEngine

/// A presentation controller's delegate for runtime adaptation (D-134): it answers
/// `viewControllerForAdaptivePresentationStyle` with `replacement` and keeps the styles it was
/// told of by `willPresentWithAdaptiveStyle`.
private final class AdaptingDelegate: Delegate {
    let replacement: ViewController?
    private(set) var toldStyles: [String] = []

    init(replacement: ViewController?) {
        self.replacement = replacement
    }

    func implements(_ method: DelegateMethod) -> Bool {
        method == .viewControllerForAdaptivePresentationStyle || method == .willPresentWithAdaptiveStyle
    }

    func call(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> DelegateAnswer {
        if method == .willPresentWithAdaptiveStyle, case .string(let style)? = arguments.first?.value {
            toldStyles.append(style)
        }
        return .nothing
    }

    func controller(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> ViewController? {
        replacement
    }
}

@Suite("Presentations adapting while shown")
struct AdaptationTests {
    /// An iPad window whose root `A` presents `B` as a popover, settled.
    private func popover(delegate: Delegate?) throws -> (World, Window, ViewController, ViewController) {
        let world = World()
        let window = world.makeWindow()
        try window.configure(deviceNamed: "iPad Pro 11-inch", orientation: .portrait)
        let presenter = try world.makeController(named: "A")
        try window.setRootViewController(presenter)
        window.makeKeyAndVisible()
        let presented = try world.makeController(named: "B")
        presented.modalPresentationStyle = .popover
        presented.presentationController.delegate = delegate
        try presenter.present(presented, animated: false)
        try world.runLoop.settle()
        world.trace.clear()
        return (world, window, presenter, presented)
    }

    @Test("compact, then regular again: the replacement shows while adapted, the links stay")
    func replacementRoundTrip() throws {
        let (world, window, presenter, presented) = try popover(delegate: nil)
        let replacement = try world.makeController(named: "R")
        let delegate = AdaptingDelegate(replacement: replacement)
        presented.presentationController.delegate = delegate
        let compact = TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)
        window.transition(to: window.size, traits: compact)
        try world.runLoop.settle()
        #expect(presented.presentationController.presentationStyle == .fullScreen)
        #expect(presenter.presentedViewController === presented)
        #expect(replacement.appearance == .appeared && presented.appearance == .disappeared)
        #expect(presenter.appearance == .disappeared)
        let regular = TraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .regular)
        window.transition(to: window.size, traits: regular)
        try world.runLoop.settle()
        #expect(presented.presentationController.presentationStyle == .popover)
        #expect(replacement.appearance == .disappeared && presented.appearance == .appeared)
        #expect(presenter.appearance == .appeared)
        #expect(replacement.viewIfLoaded?.window == nil)
        #expect(delegate.toldStyles == ["fullScreen", "none"])
        #expect(presented.traitCollection == regular && presenter.traitCollection == regular)
    }

    @Test("a presentation in flight keeps its style")
    func inFlight() throws {
        let (world, window, presenter, _) = try popover(delegate: nil)
        let second = try world.makeController(named: "C")
        second.modalPresentationStyle = .popover
        try presenter.presentedViewController!.present(second, animated: true)
        try world.runLoop.advance(by: 0.1)
        window.transition(
            to: window.size, traits: TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular))
        #expect(second.presentationController.presentationStyle == .popover, "in flight: not adapted")
        try world.runLoop.settle()
        #expect(second.appearance == .appeared)
    }
}
