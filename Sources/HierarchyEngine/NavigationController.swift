/// A navigation controller, as `UINavigationController` is: a stack of children, the top
/// one's view shown in its own (BEHAVIOR.md NAV, M-5, M-6).
///
/// Every operation computes the new stack and hands it to one place, `replaceStack`, which
/// changes `children` at once and sends the joining controllers `willMove(toParent: nav)` and
/// the leaving ones `willMove(toParent: nil)`. On screen, the visible transition starts on
/// the next turn, from the controller shown to the top of the stack as it is then (several
/// operations in one turn make one transition); it brackets the two in appearance calls,
/// outgoing first for both begin and end, and lasts 0.35 s when animated:
///
///     nav:pushViewController(b)   -- B.willMove(toParent: Nav); the stack is {A, B}
///     settle()                    -- B loads; A will-disappear; B will-appear; willShow(B);
///                                 -- 0.35 s; A did-disappear; B did-appear; B.didMove; didShow(B)
///
/// Off screen the stack changes with containment calls only; the top's view is installed
/// when the navigation controller next appears (M-5).
public final class NavigationController: ViewController {
    /// The script's delegate: `willShow`, `didShow`.
    public var delegate: Delegate?
    /// The controller whose view is installed in the navigation controller's view.
    public private(set) var shown: ViewController?
    /// The changes made since the last transition started, waiting for the next one.
    private var pending = StackChange()
    private var isTransitionScheduled = false
    /// Whether a transition is on screen; operations wait for its end (M-6).
    public private(set) var isTransitioning = false
    /// The end of the animated transition on screen, until it runs.
    private var pendingEnd: (() -> Void)?
    /// Operations issued during a transition, applied in order when it ends.
    private var waiting: [(animated: Bool, nesting: Bool, transform: ([ViewController]) throws -> [ViewController])] = []
    /// The top installed by the navigation controller's own appearance, owed a `didShow`.
    private var shownOnAppearance: ViewController?
    /// The swipe in progress, until its animation ends.
    private var activePop: InteractiveSwipe?
    /// UIKit's private escape hatch (NAV-10 [RE] `_allowNestedNavigationControllers`): the
    /// More navigation controller of a tab bar shows navigation controllers (TAB-06).
    var allowsNestedNavigationControllers = false

    /// The length of an animated push or pop (M-4).
    public static let duration = 0.35

    override class var namePrefix: String { "Navigation" }

    /// UINavigationController overrides `show` (SHOW-02, NAV-16), not `showDetailViewController`.
    override class var overriddenActions: Set<Action> { [.show] }

    /// `show(_:sender:)` pushes, animated (NAV-16).
    override func showByClass(_ controller: ViewController, sender: ViewController?) throws {
        try pushViewController(controller, animated: true)
    }

    /// SHOW-05: the split's secondary goes on top of the stack without animation. On screen
    /// it takes the top's place at once: its view, already on screen in the split, moves into
    /// this controller's view (no appearance calls), and the covered top's view leaves (it
    /// disappears). Its `didMove(toParent:)` comes at the end of the turn (D-54).
    override func collapseSecondaryViewController(_ secondary: ViewController, for split: SplitViewController) -> Bool {
        guard (try? validate(children + [secondary], nesting: true)) != nil else { return false }
        guard isViewOnScreen else {
            replaceStack(with: children + [secondary], animated: false)
            return true
        }
        completePendingEnd()                             // a transition on screen ends now
        try? addChild(secondary)
        tellDelegate("willShow", secondary, animated: false)
        let covered = shown
        world.move(secondary.view, to: view)
        shown = secondary                                // a transition still to start finds nothing to do
        if let covered, covered !== secondary { uninstall(covered) }
        world.runLoop.deferToEndOfTurn { [unowned self] in
            guard secondary.parent === self else { return }
            secondary.didMove(toParent: self)
            tellDelegate("didShow", secondary, animated: false)
        }
        return true
    }

    /// Pushes `controller` even when it is a navigation controller, as UIKit nests one when a
    /// collapsed split view shows a detail wrapped in one (D-54).
    func pushNesting(_ controller: ViewController, animated: Bool) throws {
        try change(animated: animated, nesting: true) { stack in stack + [controller] }
    }

    /// SHOW-05's expansion: pops the top, if the stack has more than its root, and gives it
    /// back with `willMove(toParent: nil)` and `didMove(toParent: nil)`; on screen the new top's
    /// view goes back in (it appears).
    override func separateSecondaryViewController(for split: SplitViewController) -> ViewController? {
        completePendingEnd()
        guard children.count > 1, !isTransitioning, let top = topViewController else { return nil }
        top.leaveContainer()
        guard shown === top, let revealed = topViewController else { return top }
        shown = revealed
        guard isViewOnScreen else { return top }
        tellDelegate("willShow", revealed, animated: false)
        world.move(revealed.view, to: view)
        world.runLoop.deferToEndOfTurn { [unowned self] in
            if revealed.parent === self { tellDelegate("didShow", revealed, animated: false) }
        }
        return top
    }

    required init(name: String, world: World) {
        super.init(name: name, world: world)
        definesPresentationContext = true      // NAV-15
    }

    public var viewControllers: [ViewController] { children }
    public var topViewController: ViewController? { children.last }
    /// The controller whose content the user sees: the one presented by the navigation
    /// controller or its nearest ancestor (what covers it), else the top one (A-7, NAV-14).
    public var visibleViewController: ViewController? { presentedViewController ?? topViewController }

    // MARK: Operations

    /// Pushes `controller` (NAV-02, NAV-03). Throws UIKit's exceptions for a navigation or
    /// tab bar controller (NAV-10) and for a controller already on the stack (NAV-09).
    public func pushViewController(_ controller: ViewController, animated: Bool) throws {
        try change(animated: animated) { stack in stack + [controller] }
    }

    /// Pops the top controller and returns it; with only the root, returns nil and does nothing (NAV-05).
    @discardableResult
    public func popViewController(animated: Bool) throws -> ViewController? {
        var popped: ViewController?
        try change(animated: animated) { stack in
            guard stack.count > 1 else {
                popped = nil
                return stack
            }
            popped = stack.last
            return Array(stack.dropLast())
        }
        return popped
    }

    /// Pops every controller above the root; returns them bottom to top, or nil when none (NAV-06).
    @discardableResult
    public func popToRootViewController(animated: Bool) throws -> [ViewController]? {
        var popped: [ViewController] = []
        try change(animated: animated) { stack in
            popped = Array(stack.dropFirst())
            return Array(stack.prefix(1))
        }
        return popped.isEmpty ? nil : popped
    }

    /// Pops the controllers above `controller`; returns them, or nil when none. Throws
    /// NAV-07's exception when `controller` is not on the stack.
    @discardableResult
    public func popToViewController(_ controller: ViewController, animated: Bool) throws -> [ViewController]? {
        var popped: [ViewController] = []
        try change(animated: animated) { stack in
            guard let index = stack.firstIndex(where: { $0 === controller }) else {
                throw UIKitException.internalInconsistency("Tried to pop to a view controller that doesn't exist.")
            }
            popped = Array(stack[(index + 1)...])
            return Array(stack[...index])
        }
        return popped.isEmpty ? nil : popped
    }

    /// Replaces the whole stack (NAV-08): one transition, from the controller shown to the
    /// new top (none when the top stays).
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws {
        try change(animated: animated) { _ in controllers }
    }

    /// Applies `transform` to the stack now, or, during a transition, when it ends. Either
    /// way it is checked now, against the stack it will apply to, so that a refusal is
    /// raised to the code that asked and leaves the stack as it was.
    private func change(
        animated: Bool, nesting: Bool = false, _ transform: @escaping ([ViewController]) throws -> [ViewController]
    ) throws {
        if isTransitioning {
            let projected = try waiting.reduce(children) { stack, operation in try operation.transform(stack) }
            try validate(transform(projected), nesting: nesting)
            waiting.append((animated, nesting, transform))
            return
        }
        let stack = try transform(children)
        try validate(stack, nesting: nesting)
        replaceStack(with: stack, animated: animated)
    }

    /// UIKit's refusals for a stack (NAV-09, NAV-10), and the sandbox's for a cycle.
    private func validate(_ stack: [ViewController], nesting: Bool = false) throws {
        for (index, controller) in stack.enumerated() {
            let joins = !children.contains { $0 === controller }
            if controller is NavigationController, joins, !nesting, !allowsNestedNavigationControllers {
                throw UIKitException.invalidArgument("Pushing a navigation controller is not supported")
            }
            if controller is TabBarController, joins {
                throw UIKitException.invalidArgument("Pushing a tab bar controller is not supported")
            }
            if stack[..<index].contains(where: { $0 === controller }) { throw duplicatePush(controller) }
            try controller.checkNotPresented(becoming: "a child of \(name)")
            if wouldContain(controller) {
                throw UIKitException.invalidArgument(
                    "Cannot push \(controller.name) onto \(name): it would contain itself")
            }
        }
    }

    /// NAV-09's exception, in the wording of the profile's iOS version.
    private func duplicatePush(_ controller: ViewController) -> UIKitException {
        if world.profile.iosVersion >= 17 {
            return .invalidArgument(
                "\(name) is pushing the same view controller instance (\(controller.name)) more than once "
                    + "which is not supported and is most likely an error in the application")
        }
        return .invalidArgument(
            "Pushing the same view controller instance more than once is not supported (\(controller.name))")
    }

    /// The one place the stack changes (M-6): containment calls now, the transition later.
    private func replaceStack(with stack: [ViewController], animated: Bool) {
        let old = children
        let joined = stack.filter { controller in !old.contains { $0 === controller } }
        let left = old.filter { controller in !stack.contains { $0 === controller } }
        for controller in joined {
            try? addChild(controller)      // cannot fail: `validate` refused cycles
        }
        for controller in left {
            controller.willMove(toParent: nil)
            controller.detachFromParent(tellingParent: false)
        }
        children = stack
        var change = StackChange(joined: joined, left: left, animated: animated)
        guard isViewOnScreen else { return endContainment(of: &change) }
        pending.merge(change)
        scheduleTransition()
    }

    /// A child taken by other means (`removeFromParent`, another container) leaves the stack
    /// as a pop would, without containment calls (it had its own): a new top is shown as a
    /// stack change shows it.
    override func childDidLeave(_ child: ViewController) {
        guard child === shown, !isTransitioning else { return }
        if isViewOnScreen { return scheduleTransition() }
        uninstall(child)
        shown = nil
    }

    private func scheduleTransition() {
        guard !isTransitionScheduled else { return }
        isTransitionScheduled = true
        world.runLoop.schedule(after: 0) { [unowned self] in startTransition() }
    }

    // MARK: The visible transition

    /// The next turn after a change: from the controller shown to the top (M-6).
    private func startTransition() {
        isTransitionScheduled = false
        var change = pending
        pending = StackChange()
        // A controller another container took meanwhile is no longer ours to move out.
        let from = shown.flatMap { $0.viewIfLoaded?.superview === viewIfLoaded ? $0 : nil }, to = topViewController
        // A navigation controller on its way out (a dismissal) shows its new top when it next appears (M-5).
        guard isViewOnScreen, appearance.isShowing, from !== to else { return endContainment(of: &change) }
        begin(from: from, to: to, animated: change.animated)
        pendingEnd = { [unowned self] in endTransition(from: from, to: to, &change) }
        let end = { [unowned self] in completePendingEnd() }
        world.runLoop.afterTransition(animated: change.animated, duration: Self.duration, end)
    }

    /// Ends the transition on screen now, if it has not ended yet.
    private func completePendingEnd() {
        guard let end = pendingEnd else { return }
        pendingEnd = nil
        end()
    }

    /// The first half of a transition: the incoming view loads, both controllers are
    /// bracketed outgoing first, the delegate hears `willShow`, the incoming view goes in.
    private func begin(from: ViewController?, to: ViewController?, animated: Bool) {
        isTransitioning = true
        to?.loadViewIfNeeded()
        from?.beginAppearanceTransition(false, animated: animated)
        to?.beginAppearanceTransition(true, animated: animated)
        if let to {
            tellDelegate("willShow", to, animated: animated)
            world.move(to.view, to: view)
        }
        shown = to
    }

    /// The second half: the outgoing view leaves, both brackets end outgoing first, the
    /// containment calls complete, the delegate hears `didShow`, waiting operations apply.
    private func endTransition(from: ViewController?, to: ViewController?, _ change: inout StackChange) {
        if let from { uninstall(from) }
        let animated = change.animated
        from?.endAppearanceTransition()
        to?.endAppearanceTransition()
        // The incoming view takes its final frame when the animation ends (NAV-02's last layout).
        to?.setNeedsLayout()
        endContainment(of: &change)
        if let to { tellDelegate("didShow", to, animated: animated) }
        transitionDidEnd()
    }

    /// After a transition: the operations that waited, then, if the stack changed under the
    /// transition by other means, a transition to the top.
    private func transitionDidEnd() {
        isTransitioning = false
        applyWaiting()
        if !isTransitionScheduled, shown !== topViewController, isViewOnScreen { scheduleTransition() }
    }

    /// `didMove(toParent:)` for the controllers a change moved: joined ones first, then those
    /// that left (whose views, if installed, leave too: off screen that calls nothing back).
    private func endContainment(of change: inout StackChange) {
        for controller in change.joined where controller.parent === self {
            controller.didMove(toParent: self)
        }
        for controller in change.left where controller.parent == nil {
            if controller === shown {
                uninstall(controller)
                shown = nil
            }
            controller.didMove(toParent: nil)
        }
        change = StackChange()
    }

    private func applyWaiting() {
        let operations = waiting
        waiting.removeAll()
        for operation in operations {
            do {
                let stack = try operation.transform(children)
                try validate(stack, nesting: operation.nesting)
                replaceStack(with: stack, animated: operation.animated)
            } catch {
                // Checked when issued against the stack it would meet; only a child taken by
                // other means in between (removeFromParent, another container) makes it fail.
                world.warn("\(name): an operation issued during a transition no longer applies: \(error)")
            }
        }
    }

    private func tellDelegate(_ method: String, _ controller: ViewController, animated: Bool) {
        ask(delegate, method, [DelegateArgument(nil, .controller(controller)), DelegateArgument("animated", .bool(animated))])
    }

    // MARK: Appearance (M-5)

    /// Installs the top's view right after the navigation controller's own `viewWillAppear`,
    /// so that the top loads and appears after it (NAV-01).
    ///
    /// A navigation controller that starts to disappear while its transition runs ends the
    /// transition first, as an animation ends when its view leaves the window: its children
    /// then disappear from where the transition left them.
    override func willForward(_ target: Appearance) {
        if target == .disappearing {
            completePendingEnd()
            activePop?.endNow()
            return
        }
        guard !isTransitioning, let top = topViewController, shown !== top else { return }
        if let old = shown {
            old.detachFromParentTransition()
            uninstall(old)
        }
        install(top)
        shown = top
        shownOnAppearance = top
    }

    override func didForward(_ target: Appearance) {
        guard target == .appearing, let top = shownOnAppearance else { return }
        tellDelegate("willShow", top, animated: transitionAnimated)
    }

    /// The appearance that installed a new top also completes the stack change that made
    /// it the top: its containment calls come before `didShow`, as after a transition (D-18).
    override func didFinish(_ appearing: Bool) {
        guard let top = shownOnAppearance else { return }
        shownOnAppearance = nil
        guard appearing else { return }
        endContainment(of: &pending)
        tellDelegate("didShow", top, animated: transitionAnimated)
    }

    // MARK: The user's hand (SPEC §3.4, D-22)

    /// The user taps the back button: `popViewController(animated: true)`, as the button
    /// pops through it. A button the screen does not show cannot be tapped.
    public func userTapBack() throws {
        guard isViewOnScreen else { throw UsageError("\(name) is not on screen: its back button cannot be tapped") }
        try checkNotCovered(for: "a tap on the back button")
        guard !isTransitioning else {
            throw UsageError("\(name) is in a transition and ignores its back button until it ends; settle() first")
        }
        guard children.count > 1 else { throw UsageError("\(name) shows its root view controller, which has no back button") }
        try popViewController(animated: true)
    }

    // MARK: The interactive pop (NAV-12, NAV-13)

    /// The user's swipe from the left edge begins: the top is popped and the transition to
    /// the controller below starts at once, driven by the finger.
    public func beginInteractivePop() throws -> InteractiveSwipe {
        guard isViewOnScreen else { throw UsageError("\(name) is not on screen: there is nothing to swipe") }
        try checkNotCovered(for: "a swipe back")
        guard !isTransitioning, !isTransitionScheduled else {
            throw UsageError("\(name) is in a transition and ignores the swipe until it ends; settle() first")
        }
        guard children.count > 1, let from = topViewController, from === shown else {
            throw UsageError("\(name) shows its root view controller: there is nothing to swipe back to")
        }
        let to = children[children.count - 2]
        from.willMove(toParent: nil)
        from.detachFromParent(tellingParent: false)
        begin(from: from, to: to, animated: true)
        let pop = InteractiveSwipe(
            gesture: "swipeBack", subject: self, duration: Self.duration,
            complete: { [unowned self] in completeInteractivePop(from: from, to: to) },
            revert: { [unowned self] in cancelInteractivePop(from: from, to: to) })
        activePop = pop
        return pop
    }

    /// The finger lifted past the point of no return: the pop completes (NAV-13).
    func completeInteractivePop(from: ViewController, to: ViewController) {
        activePop = nil
        var change = StackChange(joined: [], left: [from], animated: true)
        endTransition(from: from, to: to, &change)
    }

    /// The finger went back: both brackets turn around, the revealed view leaves, and the
    /// stack is as it was (NAV-12). The delegate hears no `didShow`.
    /// A controller that another container took meanwhile cannot come back: the pop completes.
    func cancelInteractivePop(from: ViewController, to: ViewController) {
        guard from.parent == nil else { return completeInteractivePop(from: from, to: to) }
        activePop = nil
        children.append(from)
        from.parent = self
        to.cancelAppearanceTransition { to.viewIfLoaded?.removeFromSuperview() }
        from.cancelAppearanceTransition()
        shown = from
        transitionDidEnd()
    }
}

/// The controllers that joined and left the stack since the last transition started.
struct StackChange {
    var joined: [ViewController] = []
    var left: [ViewController] = []
    var animated = false

    /// Adds a later change: a controller that leaves after joining (or joins after leaving)
    /// counts only by its last move. The later change's `animated` wins.
    mutating func merge(_ later: StackChange) {
        joined.removeAll { controller in later.left.contains { $0 === controller } }
        left.removeAll { controller in later.joined.contains { $0 === controller } }
        joined += later.joined
        left += later.left
        animated = later.animated
    }
}

extension ViewController {
    /// The nearest navigation controller above this controller (NAV, SPEC §3.3).
    public var navigationController: NavigationController? {
        ancestors.lazy.compactMap { $0 as? NavigationController }.first
    }
}
