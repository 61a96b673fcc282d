/// A navigation controller, as `UINavigationController` is: a stack of children, the top
/// one's view shown in its own (BEHAVIOR.md NAV, M-5, M-6).
///
/// Every operation computes the new stack and hands it to one place, `apply` (a push or a pop
/// directly, the others through `replaceStack`), which changes `children` at once and sends
/// the joining controllers `willMove(toParent: nav)` and the leaving ones
/// `willMove(toParent: nil)`. On screen, the visible transition starts in
/// the layout pass of the turn's commit (TIM-03), from the controller shown to the top of the
/// stack as it is then (several operations in one turn make one transition); it is a
/// `ContainerTransition` of the navigation kind (outgoing first, both ways) and lasts 0.35 s
/// when animated:
///
///     try nav.pushViewController(b, animated: true)   // B.willMove(toParent: Nav); the stack is [A, B]
///     try world.runLoop.settle()                      // B loads; A will-disappear; B will-appear;
///                                                     // willShow(B); 0.35 s; A did-disappear;
///                                                     // B did-appear; B.didMove; didShow(B)
///
/// Off screen the stack changes with containment calls only; the top's view is installed
/// when the navigation controller next appears (M-5).
public final class NavigationController: ViewController {
    /// The delegate: `willShow`, `didShow`.
    @exclusivity(unchecked) public var delegate: Delegate?
    /// The bar: its style and whether it is hidden decide the status bar (SB-04, StatusBar.swift).
    public private(set) lazy var navigationBar = NavigationBar(navigationController: self)
    /// The controller whose view is installed in the navigation controller's view. Weak, as
    /// is `shownOnAppearance`: `children` holds the stack, and a controller taken by other
    /// means that then adopted this one would otherwise keep both alive (issue 17's leaks).
    @exclusivity(unchecked) public fileprivate(set) weak var installedChild: ViewController?
    /// The stack a change is setting while its containment calls run: operations asked from
    /// those calls wait, and are checked against it (`intendedStack`).
    @exclusivity(unchecked) private var stackInChange: IntendedStack?
    /// Whether the tab bar whose More navigation controller this is (its `keeper`) is setting
    /// the stack: it alone puts its tabs here, as it shows a tab listed under More.
    @exclusivity(unchecked) private var isArrangedByTabBar = false
    /// Whether the waiting operations are being applied: one asked meanwhile joins the queue.
    @exclusivity(unchecked) private var isApplyingWaiting = false
    /// The changes made since the last transition started, waiting for the next one.
    @exclusivity(unchecked) private var pending = StackChange()
    /// Whether a transition waits for the next layout pass.
    @exclusivity(unchecked) private var isTransitionScheduled = false
    /// Whether a transition waits for the navigation controller's own appearance to end
    /// (TIM-03: queued into the running presentation's completion).
    @exclusivity(unchecked) private var waitsForAppearance = false
    /// Whether the transition that just closed is completing its containment and `didShow`:
    /// operations asked there still wait, behind those asked before (TIM-03, D-19).
    @exclusivity(unchecked) private var isCompletingTransition = false
    /// The stack change the transition on screen completes when it ends (its `didMove` calls).
    @exclusivity(unchecked) private var transitionChange = StackChange()
    /// The controllers a cancelled transition's change pushed: they leave once it has turned back.
    @exclusivity(unchecked) private var cancelledPushes: [ViewController] = []
    /// Operations issued during a transition, applied in order when it ends.
    @exclusivity(unchecked)
    private var waiting: [(animated: Bool, nesting: Bool, transform: ([ViewController]) throws -> [ViewController])] =
        []
    /// The top installed by the navigation controller's own appearance, owed a `didShow`,
    /// and the stack change that made it the top, owed its `didMove` calls.
    @exclusivity(unchecked) private weak var shownOnAppearance: ViewController?
    @exclusivity(unchecked) private var installedChange = StackChange()
    /// UIKit's private escape hatch (NAV-10 [RE] `_allowNestedNavigationControllers`): the
    /// More navigation controller of a tab bar shows navigation controllers (TAB-06).
    @exclusivity(unchecked) var allowsNestedNavigationControllers = false

    /// The length of an animated push or pop (M-4).
    public static let duration = 0.35

    override class var namePrefix: String { "Navigation" }

    /// UINavigationController overrides `show` (SHOW-02, NAV-16), not `showDetailViewController`.
    override class var overriddenActions: Set<Action> { [.show] }

    /// `show(_:sender:)` pushes, animated (NAV-16).
    override func showByClass(_ controller: ViewController, sender: ViewController?) throws {
        try pushViewController(controller, animated: world.areAnimationsEnabled)
    }

    /// An unwind search meets the stack top first (SEG-16).
    override var unwindCandidates: [ViewController] { children.reversed() }

    /// An unwind's step towards a controller of the stack pops to it (SEG-17).
    override func unwindByClass(towards subsequent: ViewController) throws {
        guard children.contains(where: { $0 === subsequent }), topViewController !== subsequent else { return }
        _ = try popToViewController(subsequent, animated: world.areAnimationsEnabled)
    }

    /// Whether a transition is on screen: operations issued now wait for its end (M-6).
    public var isTransitioning: Bool { transition != nil || isCompletingTransition }

    /// This controller's own transition on screen, if one runs (a presentation it hosts is
    /// not its transition); the world keeps it while it does.
    private var transition: ContainerTransition? { world.runningTransition(hookedTo: self) }

    /// SHOW-05: the split's secondary goes on top of the stack without animation, as a push
    /// (D-54); a transition on screen ends first. On screen its view, already in the split,
    /// moves into this controller's without leaving the window (no appearance calls), and the
    /// covered top disappears.
    override func collapseSecondaryViewController(_ secondary: ViewController, for split: SplitViewController) -> Bool {
        guard (try? validate(children + [secondary], nesting: true)) != nil else { return false }
        transition?.endAtOnce()
        replaceStack(with: children + [secondary], animated: false)
        return true
    }

    /// Pushes `controller` even when it is a navigation controller, as UIKit nests one when a
    /// collapsed split view shows a detail wrapped in one (D-54).
    func pushNesting(_ controller: ViewController, animated: Bool) throws {
        try change(animated: animated, nesting: true) { [weak controller] stack in
            stack + [controller].compactMap { $0 }
        }
    }

    /// SHOW-05's expansion: pops the top, if the stack has more than its root, and gives it
    /// back with `willMove(toParent: nil)` and `didMove(toParent: nil)`; on screen the new top
    /// is shown as after any stack change (it appears). A transition on screen ends first.
    override func separateSecondaryViewController(for split: SplitViewController) -> ViewController? {
        transition?.endAtOnce()
        guard children.count > 1, let top = topViewController else { return nil }
        top.leaveContainer()
        if installedChild === top, isViewOnScreen { setNeedsTransition() }
        return top
    }

    public required init(name: String, world: World) throws {
        try super.init(name: name, world: world)
        definesPresentationContext = true  // NAV-15
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
        // Only the pushed controller joins: it alone is checked, and the stack grows by one,
        // so a push costs the same on a stack of any height (issue 18).
        if isIdle {
            try validate(pushing: controller)
            return apply(
                StackChange(joined: [controller], left: [], animated: animated), intending: .pushing(controller))
        }
        // An operation that waits holds its controllers weakly (the world holds them all): a
        // controller that adopts this one meanwhile must not be kept alive by it (issue 17).
        try change(animated: animated) { [weak controller] stack in stack + [controller].compactMap { $0 } }
    }

    /// Pops the top controller and returns it; with only the root, returns nil and does nothing (NAV-05).
    @discardableResult
    public func popViewController(animated: Bool) throws -> ViewController? {
        // Nothing joins, and only the top leaves: nothing to check, nothing else to move.
        if isIdle, children.count > 1, let top = children.last {
            apply(StackChange(joined: [], left: [top], animated: animated), intending: .popping(top))
            return top
        }
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
        let held = controllers.map { WeakController(controller: $0) }
        try change(animated: animated) { _ in held.compactMap(\.controller) }
    }

    /// The stack a tab bar sets on its More navigation controller, showing a tab listed
    /// under More or taking one back: the only way a tab joins this stack.
    func arrangeForTabBar(_ controllers: [ViewController]) throws {
        isArrangedByTabBar = true
        defer { isArrangedByTabBar = false }
        try setViewControllers(controllers, animated: false)
    }

    /// Applies `transform` to the stack now, or, during a transition, when it ends. Either
    /// way it is checked now, against the stack it will apply to, so that a refusal is
    /// raised to the code that asked and leaves the stack as it was.
    private func change(
        animated: Bool, nesting: Bool = false, _ transform: @escaping ([ViewController]) throws -> [ViewController]
    ) throws {
        if !isIdle {
            let base = intendedStack ?? children
            let projected = try waiting.reduce(base) { stack, operation in try operation.transform(stack) }
            try validate(transform(projected), nesting: nesting)
            waiting.append((animated, nesting, transform))
            return
        }
        let stack = try transform(children)
        try validate(stack, nesting: nesting)
        replaceStack(with: stack, animated: animated)
    }

    /// UIKit's refusals for a stack (NAV-09, NAV-10), and the engine's for a cycle.
    ///
    /// Linear in the stack: membership through the parent link and a set, not scans of the
    /// stack inside a scan of it (issue 18).
    private func validate(_ stack: [ViewController], nesting: Bool = false) throws {
        var seen = Set<ObjectIdentifier>(minimumCapacity: stack.count)
        for controller in stack {
            if !seen.insert(ObjectIdentifier(controller)).inserted { throw duplicatePush(controller) }
            try validate(controller, joins: controller.parent !== self, nesting: nesting)
        }
    }

    /// The refusals for a push while no change runs: the pushed controller is on the stack
    /// already (NAV-09), or is refused as any joining controller is. The controllers staying
    /// passed when they joined, and a child can be neither presented nor a window's root.
    private func validate(pushing controller: ViewController) throws {
        if controller.parent === self { throw duplicatePush(controller) }
        try validate(controller, joins: true, nesting: false)
    }

    /// The refusals for one controller of a new stack, `joins` when it is not a child yet.
    private func validate(_ controller: ViewController, joins: Bool, nesting: Bool) throws {
        world.work.stackChecks += 1
        if controller is NavigationController, joins, !nesting, !allowsNestedNavigationControllers {
            throw UIKitException.invalidArgument("Pushing a navigation controller is not supported")
        }
        if controller is TabBarController, joins {
            throw UIKitException.invalidArgument("Pushing a tab bar controller is not supported")
        }
        try controller.checkNotPresented(becoming: .child(of: name))
        if wouldContain(controller) {
            throw UIKitException.invalidArgument("Cannot push \(controller.name) onto \(name): it would contain itself")
        }
        if joins {
            try checkViewCanHold(controller)
            try checkNotPresented(by: controller)
        }
        if joins, !isArrangedByTabBar, let tabs = keeper as? TabBarController, tabs.isMore(self),
            tabs.hasTab(controller)
        {
            throw UsageError(.tabOntoMore(controller: controller.name, more: name, tabBar: tabs.name))
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

    /// Sets the stack to `stack`, through `apply`, the one place the stack changes (M-6):
    /// containment calls now, the transition in the commit's layout pass (TIM-03).
    ///
    /// The containment calls run the client's code, which may move controllers of the stack
    /// meanwhile (issue 17, item 5): a navigation operation asked there waits for this change
    /// as one asked during a transition does, and the stack this change sets is what the
    /// calls left of it, so that every link stays symmetric. A controller the calls took
    /// elsewhere is not taken back; one they made a child of this controller by other means
    /// (`addChild`) goes on top.
    private func replaceStack(with stack: [ViewController], animated: Bool) {
        let staying = Set(stack.lazy.map(ObjectIdentifier.init))
        let joined = stack.filter { $0.parent !== self }
        let left = children.filter { !staying.contains(ObjectIdentifier($0)) }
        apply(StackChange(joined: joined, left: left, animated: animated), intending: .stack(stack))
    }

    /// Makes `change`, whose stack is `intended`: the containment calls, `children` in the
    /// stack's order, then the transition or, off screen, the rest of the calls.
    private func apply(_ change: StackChange, intending intended: IntendedStack) {
        // A change inside a push or a pop (a split collapsing from a callback) changes
        // `children` under its own stack: the outer one is written out first.
        childrenWillChange(moving: nil)
        let outer = stackInChange
        stackInChange = intended
        trace.because(.d18) {
            for controller in change.joined {
                // `validate` refused the cycles the stack had; one a callback made since is
                // refused here, and the controller stays out.
                try? addChild(controller)
            }
            // Every leaving controller hears willMove while still a child; then they leave
            // together, in one pass over the stack rather than one each (issue 18).
            for controller in change.left { controller.willMove(toParent: nil) }
        }
        detachChildren(change.left.filter { $0.parent === self })
        // A push or a pop whose calls changed nothing else left `children` in order already.
        if case .stack(let stack) = stackInChange { keepChildren(inOrder: stack) }
        stackInChange = outer
        // An appearance installing a top on its way to a window is under way (the delegate's
        // `willShow`, before the view reaches the window): the change is shown by a transition
        // after it, as on screen. One without a window (CON-08's explicit calls) is off screen.
        if isViewOnScreen || (shownOnAppearance != nil && destinationWindow != nil) {
            var change = change
            if outer == nil { askAnimator(for: &change) }
            pending.merge(change)
            setNeedsTransition()
        } else {
            endContainment(of: change)
        }
        // Operations the containment calls asked for apply now, after this change, unless a
        // transition or an outer change they wait for is still running.
        if outer == nil, !isTransitioning, !isApplyingWaiting { applyWaiting() }
    }

    /// Inside an animated push or pop on screen, appeared and idle, the delegate is asked for
    /// an animator, then the animator for its duration, then the delegate for an interaction
    /// controller (ICT-01, D-113): from the controller shown to the new top, "push" when the new
    /// top was not on the stack before, else "pop". The last operation of a turn that asked
    /// decides the transition's animator.
    private func askAnimator(for change: inout StackChange) {
        guard change.animated, isViewOnScreen, appearance == .appeared, transition == nil,
            let from = installedChild, let to = topViewController, from !== to
        else { return }
        change.custom = askCustomTransition(change.isPush(to: to) ? "push" : "pop", from: from, to: to)
    }

    /// The delegate's animator (and interaction) for `operation` from `from` to `to`, if it gives one.
    private func askCustomTransition(
        _ operation: String, from: ViewController, to: ViewController
    )
        -> CustomTransition?
    {
        let arguments = [
            DelegateArgument(nil, .string(operation)), DelegateArgument("from", .controller(from)),
            DelegateArgument("to", .controller(to)),
        ]
        return askAnimator(delegate, .animationControllerFor, arguments, from: from, to: to)
    }

    /// A child taken by other means (`removeFromParent`, another container) leaves the stack
    /// as a pop would, without containment calls (it had its own): a new top is shown as a
    /// stack change shows it.
    override func childDidLeave(_ child: ViewController) {
        guard child === installedChild, transition == nil else { return }
        if isViewOnScreen { return setNeedsTransition() }
        uninstall(child)
        installedChild = nil
    }

    /// Asks for the transition in the next layout pass (UIKit's `setNeedsDeferredTransition`).
    private func setNeedsTransition() {
        isTransitionScheduled = true
        world.setNeedsDeferredTransition(self)
    }

    /// Whether no transition and no change runs: an operation applies at once.
    private var isIdle: Bool { !isTransitioning && stackInChange == nil }

    /// The stack the change in progress sets, if one runs.
    private var intendedStack: [ViewController]? {
        switch stackInChange {
        case nil: nil
        case .stack(let stack): stack
        case .pushing(let top): top.parent === self ? children : children + [top]
        case .popping(let top): top.parent === self ? Array(children.dropLast()) : children
        }
    }

    /// Before `children` changes under a push or a pop in progress in another way than the
    /// push or pop itself: the stack it intends is written out while `children` still tells it.
    override func childrenWillChange(moving child: ViewController?) {
        switch stackInChange {
        case .pushing(let top)? where child === top && top.parent !== self: return
        case .popping(let top)? where child === top && top.parent === self: return
        case .pushing?, .popping?: stackInChange = intendedStack.map(IntendedStack.stack)
        default: return
        }
    }

    override func releaseLinks() {
        super.releaseLinks()
        waiting = []
        pending = StackChange()
        transitionChange = StackChange()
        installedChange = StackChange()
        stackInChange = nil
        cancelledPushes = []
    }

    // MARK: The visible transition

    /// In the layout pass after a change: from the controller shown to the top (M-6, TIM-03).
    override func startDeferredTransition() {
        guard isTransitionScheduled else { return }
        isTransitionScheduled = false
        // Its own transition still runs: the change waits for its end (`transitionDidEnd`).
        guard transition == nil else { return }
        // TIM-03: an operation during the navigation controller's own appearance (a
        // presentation's animation) is applied when that appearance ends (M-2).
        if appearance == .appearing, isViewOnScreen {
            waitsForAppearance = true
            return
        }
        let change = pending
        pending = StackChange()
        // A controller another container took meanwhile is no longer ours to move out.
        let from = installedChild.flatMap { $0.viewIfLoaded?.superview === viewIfLoaded ? $0 : nil }
        let to = topViewController
        // A navigation controller on its way out (a dismissal) shows its new top when it next appears (M-5).
        guard isViewOnScreen, appearance.isShowing, from !== to else {
            // A top taken by other means (another container, `removeFromParent`) while this
            // one left the screen: its view leaves this one's now, and this one no longer
            // holds it (they would hold each other once it adopts this one: issue 17's leak).
            if let taken = installedChild, taken.parent !== self, !change.left.contains(where: { $0 === taken }) {
                uninstall(taken)
                installedChild = nil
            }
            return endContainment(of: change)
        }
        transitionChange = change
        // The transition keeps the delegate's animator, context and interaction; the stack change
        // does not, or its context (which holds both controllers) would hold the navigation
        // controller through a controller that adopted it (the fuzzer's seed 12676, a leak).
        transitionChange.custom = nil
        let transition = ContainerTransition(
            container: self, kind: .navigation, animated: change.animated, from: from, to: to, destination: view,
            hooks: self)
        // An animated push or pop has a coordinator; an unanimated one none (COO-01, D-112).
        transition.vendsCoordinator = change.animated
        // A push leaves the old top on the stack; a pop takes it off.
        transition.rule = change.isPush(to: to) ? .nav02 : .nav04
        // The delegate's animator runs it when its context still says what is shown (ICT-01).
        if let custom = change.custom, custom.context.from === from, custom.context.to === to {
            transition.begin(timing: custom.timing)
        } else {
            transition.begin(timing: change.animated ? .seconds(Self.duration) : .endOfTurn)
        }
    }

    /// After a transition: the operations that waited, then, if the stack changed under the
    /// transition by other means, a transition to the top.
    fileprivate func transitionDidEnd() {
        applyWaiting()
        if !isTransitionScheduled, installedChild !== topViewController || !pending.isEmpty, isViewOnScreen {
            setNeedsTransition()
        }
    }

    /// `didMove(toParent:)` for the controllers a change moved: joined ones first, then those
    /// that left (whose views, if installed, leave too: off screen that calls nothing back).
    /// The change comes by value: a stored one is cleared by the caller afterwards, so that
    /// no access to it stays open across the calls into the client's code (D-63).
    fileprivate func endContainment(of change: StackChange) {
        trace.because(.d18) { endContainmentCalls(of: change) }
    }

    private func endContainmentCalls(of change: StackChange) {
        for controller in change.joined where controller.parent === self {
            controller.didMove(toParent: self)
        }
        for controller in change.left where controller.parent == nil {
            if controller === installedChild {
                uninstall(controller)
                installedChild = nil
            }
            controller.didMove(toParent: nil)
        }
    }

    /// Applies the operations that waited, in the order asked; those asked meanwhile (from
    /// the containment calls of one of them) come after them.
    private func applyWaiting() {
        guard !isApplyingWaiting else { return }
        isApplyingWaiting = true
        defer { isApplyingWaiting = false }
        while !waiting.isEmpty {
            let operation = waiting.removeFirst()
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

    func tellDelegate(_ method: DelegateMethod, _ controller: ViewController, animated: Bool) {
        ask(
            delegate, method,
            [DelegateArgument(nil, .controller(controller)), DelegateArgument("animated", .bool(animated))])
    }

    // MARK: Appearance (M-5)

    /// Installs the top's view right after the navigation controller's own `viewWillAppear`,
    /// so that the top loads and appears after it (NAV-01). The stack change that made it the
    /// top is settled by this appearance: a change made later (a push from the top's first
    /// `viewDidAppear`) is an ordinary transition (M-6).
    override func willForward(_ target: Appearance) {
        guard target == .appearing, transition == nil, let top = topViewController, installedChild !== top else {
            return
        }
        if let old = installedChild { uninstall(old) }
        install(top)
        installedChild = top
        shownOnAppearance = top
        installedChange.merge(pending)
        installedChange.custom = nil
        pending = StackChange()
    }

    override func didForward(_ target: Appearance) {
        guard target == .appearing, let top = shownOnAppearance else { return }
        tellDelegate(.willShow, top, animated: transitionAnimated)
    }

    /// The appearance that installed a new top also completes the stack change that made
    /// it the top: its containment calls come before `didShow`, as after a transition (D-18).
    ///
    /// A change that waited for the appearance to end gets its transition now (TIM-03).
    override func didFinish(_ appearing: Bool) {
        if let top = shownOnAppearance {
            shownOnAppearance = nil
            endContainment(of: installedChange)
            installedChange = StackChange()
            // A transition may have shown another top meanwhile: `didShow` is for the one shown.
            if appearing, installedChild === top { tellDelegate(.didShow, top, animated: transitionAnimated) }
        }
        if waitsForAppearance {
            waitsForAppearance = false
            setNeedsTransition()
        }
    }

    // MARK: The user's hand (SPEC §3.4, D-22)

    /// The user taps the back button: `popViewController(animated: true)`, as the button
    /// pops through it. A button the screen does not show cannot be tapped.
    public func userTapBack() throws {
        guard isViewOnScreen else { throw UsageError(.notOnScreen(controller: name, gesture: .backButtonTap)) }
        try checkNotCovered(for: .backButtonTap)
        guard transition == nil else { throw UsageError(.inTransition(controller: name, gesture: .backButtonTap)) }
        guard children.count > 1 else { throw UsageError(.nothingToPop(navigation: name, gesture: .backButtonTap)) }
        try popViewController(animated: true)
    }

    // MARK: The interactive pop (NAV-12, NAV-13)

    /// The user's swipe from the left edge begins: the top is popped and the transition to
    /// the controller below starts at once, driven by the finger. Lifted to finish, it
    /// completes as a pop (NAV-13); lifted to cancel, both brackets turn around and the stack
    /// is as it was, with no `didShow` (NAV-12). A controller that another container took
    /// meanwhile cannot come back: the pop completes.
    ///
    /// The swipe pops as `popViewController(animated: true)` does, so the delegate is asked for
    /// an animator and an interaction controller (ICT-01): the finger then drives the
    /// delegate's interaction if it gives one, else UIKit's own, over the delegate's animator
    /// (D-120).
    public func beginInteractivePop() throws -> InteractiveSwipe {
        guard isViewOnScreen else { throw UsageError(.notOnScreen(controller: name, gesture: .interactivePop)) }
        try checkNotCovered(for: .interactivePop)
        guard transition == nil, !isTransitionScheduled, !waitsForAppearance, appearance == .appeared else {
            throw UsageError(.inTransition(controller: name, gesture: .interactivePop))
        }
        guard children.count > 1, let from = topViewController, from === installedChild else {
            throw UsageError(.nothingToPop(navigation: name, gesture: .interactivePop))
        }
        trace.because(.d21) { from.willMove(toParent: nil) }
        let custom =
            from.parent === self && children.count > 1
            ? askCustomTransition("pop", from: from, to: children[children.count - 2]) : nil
        // The client's willMove or delegate may have taken the top elsewhere or changed the stack
        // (issue 17): the stack then shows its new top as any change does, and the swipe is over
        // before its transition began. The top is taken off only while it is still this one's.
        guard from.parent === self, from === topViewController, children.count > 1, transition == nil,
            !isTransitionScheduled
        else {
            return InteractiveSwipe(refusedGesture: .interactivePop, subject: self, refused: false)
        }
        let to = children[children.count - 2]
        from.detachFromParent(tellingParent: false)
        transitionChange = StackChange(joined: [], left: [from], animated: true)
        let pop = ContainerTransition(
            container: self, kind: .navigation, animated: true, from: from, to: to, destination: view, hooks: self)
        let interaction = custom?.interaction ?? PercentDrivenInteractiveTransition()
        pop.vendsCoordinator = true
        pop.isUserSwipe = true
        pop.rule = .d21
        pop.endRule = .nav13
        pop.cancelRule = .nav12
        if let custom {
            pop.begin(timing: .animator(custom.animator, custom.context, driver: interaction))
        } else {
            pop.begin(timing: .interactive(interaction, seconds: Self.duration))
        }
        return InteractiveSwipe(gesture: .interactivePop, subject: self, interaction: interaction)
    }
}

/// The navigation kind of transition (M-6): the incoming view loads, both are bracketed
/// outgoing first, the delegate hears `willShow`; at the end the outgoing view leaves, both
/// end outgoing first, the stack change completes (`didMove`), the delegate hears `didShow`,
/// and the operations that waited apply (TIM-03). A cancelled one (a swipe back, an
/// interactive custom push or pop) puts the stack back as it was: the popped controllers
/// come back before the brackets turn around, with no containment call (D-21); a pushed one
/// leaves after them, with `didMove(toParent: nil)` (ICT-05, D-121); the delegate hears no
/// `didShow` (NAV-12, ICT-02).
extension NavigationController: ContainerTransitionHooks {
    /// The tab bar's bar is decided again as the transition starts, and animates with it (HBB-02).
    func transitionWillOpen(_ transition: ContainerTransition) {
        updateBottomBar(animated: transition.animated)
    }

    func transitionDidOpen(_ transition: ContainerTransition) {
        installedChild = transition.incoming
        if let to = transition.incoming { tellDelegate(.willShow, to, animated: transition.animated) }
    }

    func transitionRemoveOutgoing(_ transition: ContainerTransition) {
        if let from = transition.from { uninstall(from) }
        // A delegate's animator that did not put the new top's view in place: it goes in as
        // the transition ends (D-113).
        if transition.animator != nil, let to = transition.incoming, to.viewIfLoaded?.superview !== view {
            world.move(to.view, to: view)
        }
    }

    func transitionDidClose(_ transition: ContainerTransition) {
        // The incoming view takes its final frame when the animation ends (NAV-02's last layout).
        transition.incoming?.setNeedsLayout()
        isCompletingTransition = true
        endContainment(of: transitionChange)
        transitionChange = StackChange()
        if let to = transition.incoming { tellDelegate(.didShow, to, animated: transition.animated) }
        isCompletingTransition = false
        transitionDidEnd()
    }

    /// A popped controller that another container took meanwhile cannot come back: the
    /// transition then completes.
    func transitionCanCancel(_ transition: ContainerTransition) -> Bool {
        guard let from = transition.from else { return true }
        return from.parent === self || canTakeBack(from)
    }

    /// Whether a controller this one popped can come back: nothing else holds it since (no
    /// parent, not presented, no window's root), and it has not come to hold this one (the
    /// fuzzer's seed 12676: taken back, it would contain itself).
    private func canTakeBack(_ controller: ViewController) -> Bool {
        controller.parent == nil && controller.showingPresentation == nil && world.window(rootedAt: controller) == nil
            && (controller.heldParent == nil || controller.heldParent === self) && !wouldContain(controller)
    }

    func transitionWillCancel(_ transition: ContainerTransition) {
        let change = transitionChange
        transitionChange = StackChange()
        // The controllers that left come back on top, in their order, unless taken meanwhile.
        for controller in change.left where canTakeBack(controller) {
            childrenWillChange(moving: controller)
            children.append(controller)
            controller.parent = self
        }
        cancelledPushes = change.joined
        if let from = transition.from, from.parent === self { installedChild = from }
    }

    func transitionDidCancel(_ transition: ContainerTransition) {
        // The pushed controllers leave again, as `removeFromParent` takes them (ICT-05).
        let pushed = cancelledPushes
        cancelledPushes = []
        let leaving = pushed.filter { $0.parent === self }
        if !leaving.isEmpty {
            detachChildren(leaving)
            for controller in leaving {
                if controller === installedChild { installedChild = nil }
                controller.didMove(toParent: nil)
            }
        }
        // The stack is as it was: so is the bar (HBB-02).
        updateBottomBar(animated: transition.animated)
        transitionDidEnd()
    }
}

/// The controllers that joined and left the stack since the last transition started.
///
/// It holds its controllers weakly (the world holds them all): a change that waits for a
/// transition a finger still holds, or for an appearance never ended, must not keep alive a
/// controller that adopted the navigation controller meanwhile (issue 17's leaks).
struct StackChange {
    private var joinedLinks: [WeakController] = []
    private var leftLinks: [WeakController] = []
    /// The identities of the controllers each list holds: a merge passes over a list only
    /// when a controller of the later change may be in it, so that changes made one by one
    /// in a turn (N pushes) cost N, not N² (issue 18). An identity can outlive its controller;
    /// it then costs a pass that removes nothing.
    private var joinedIdentities = Set<ObjectIdentifier>()
    private var leftIdentities = Set<ObjectIdentifier>()
    var animated = false
    /// The delegate's animator for the change, its context and interaction (ICT-01).
    var custom: CustomTransition?

    /// Whether the change shows `top` as a push does: a top that joined the stack (NAV-08: a
    /// new top that was on the stack already is shown as a pop).
    func isPush(to top: ViewController?) -> Bool {
        guard let top else { return false }
        return joinedIdentities.contains(ObjectIdentifier(top)) && joined.contains { $0 === top }
    }

    init(joined: [ViewController] = [], left: [ViewController] = [], animated: Bool = false) {
        self.joined = joined
        self.left = left
        self.animated = animated
    }

    var joined: [ViewController] {
        get { joinedLinks.compactMap(\.controller) }
        set {
            joinedLinks = newValue.map { WeakController(controller: $0) }
            joinedIdentities = Set(newValue.lazy.map(ObjectIdentifier.init))
        }
    }

    var left: [ViewController] {
        get { leftLinks.compactMap(\.controller) }
        set {
            leftLinks = newValue.map { WeakController(controller: $0) }
            leftIdentities = Set(newValue.lazy.map(ObjectIdentifier.init))
        }
    }

    /// Whether the change moves no controller.
    var isEmpty: Bool { joinedLinks.isEmpty && leftLinks.isEmpty }

    /// Adds a later change: a controller that leaves after joining (or joins after leaving)
    /// counts only by its last move. The later change's `animated` and animator win.
    mutating func merge(_ later: StackChange) {
        Self.remove(later.left, from: &joinedLinks, identities: &joinedIdentities)
        Self.remove(later.joined, from: &leftLinks, identities: &leftIdentities)
        joinedLinks += later.joinedLinks
        leftLinks += later.leftLinks
        joinedIdentities.formUnion(later.joinedIdentities)
        leftIdentities.formUnion(later.leftIdentities)
        animated = later.animated
        custom = later.custom
    }

    /// Takes `controllers` out of `links`, in one pass, when any of them is there.
    private static func remove(
        _ controllers: [ViewController], from links: inout [WeakController], identities: inout Set<ObjectIdentifier>
    ) {
        var found = Set<ObjectIdentifier>()
        for controller in controllers where identities.remove(ObjectIdentifier(controller)) != nil {
            found.insert(ObjectIdentifier(controller))
        }
        guard !found.isEmpty else { return }
        links.removeAll { link in link.controller.map { found.contains(ObjectIdentifier($0)) } ?? true }
    }
}

extension ViewController {
    /// The nearest navigation controller above this controller (NAV, SPEC §3.3).
    public var navigationController: NavigationController? {
        ancestors.lazy.compactMap { $0 as? NavigationController }.first
    }
}

/// A controller an operation that waits refers to without keeping it alive.
private struct WeakController {
    weak var controller: ViewController?
}

/// The stack a change in progress sets (`NavigationController.stackInChange`). A push or a
/// pop is told by its one moving controller and read from `children`, which only it changes
/// until something else does (`childrenWillChange`, which writes the stack out first): a
/// push costs the same on a stack of any height (issue 18).
private enum IntendedStack {
    case stack([ViewController])
    /// `children` as the change began, with `top` pushed.
    case pushing(ViewController)
    /// `children` as the change began, without its last one, `top`.
    case popping(ViewController)
}
