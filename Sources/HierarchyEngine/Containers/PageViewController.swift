/// A page view controller, as `UIPageViewController` is: one page shown at a time (two with
/// a page curl's middle spine), set by `setViewControllers` or turned by the user's swipe,
/// which asks the data source for the neighbouring page (BEHAVIOR TRANSITIONS-TIMING PAG).
///
/// It forwards appearance to its pages by hand (PAG-06), so a page's appearance comes only
/// from the page view controller's own calls, never from its view entering a window:
///
/// - a set that is not animated, or the first one, is done in the call, even off screen: the
///   old pages disappear and leave, the new ones join and appear (PAG-01, APP-04);
/// - an animated set and the user's swipe are container transitions of the page kinds
///   (PAG-02, PAG-03, PAG-04): the new page's will-callback first; a scroll ends the new page
///   first, a curl the old one;
/// - its own appearance reaches the pages that are not already where it goes (PAG-06).
///
///     let pages = try world.make(PageViewController.self, named: "Pages")
///     try pages.setViewControllers([p1], direction: .forward, animated: false)  // p1 appears now
public final class PageViewController: ViewController {
    public enum TransitionStyle: String, CaseIterable, Sendable {
        case scroll, pageCurl
    }

    public enum NavigationDirection: String, CaseIterable, Sendable {
        case forward, reverse
    }

    public enum SpineLocation: String, CaseIterable, Sendable {
        case none, min, mid, max
    }

    /// How pages turn: set before the first pages (UIKit's initializer takes it).
    @exclusivity(unchecked) public private(set) var transitionStyle = TransitionStyle.scroll
    /// Where a page curl's spine is: `min` by default, `none` for a scroll (PAG-05).
    @exclusivity(unchecked) public private(set) var spineLocation = SpineLocation.none
    /// Whether a curl shows the back of each page: true with a middle spine (PAG-05).
    @exclusivity(unchecked) public private(set) var isDoubleSided = false
    /// The data source (`viewControllerBefore`, `viewControllerAfter`): without one, the user
    /// cannot swipe (H-PVC5).
    @exclusivity(unchecked) public var dataSource: Delegate?
    /// The delegate: `willTransitionTo`, `didFinishAnimating`, for the user's swipes only.
    @exclusivity(unchecked) public var delegate: Delegate?
    /// The pages shown.
    @exclusivity(unchecked) public private(set) var viewControllers: [ViewController] = []
    /// The pages its own appearance started by hand, which its did-half ends (PAG-06).
    @exclusivity(unchecked) private var forwarded: [ViewController] = []
    /// The completion of the animated set in flight, called with `true` as it ends.
    /// The completions of the animated sets in flight, by their transition, called with
    /// `true` as each ends.
    @exclusivity(unchecked) private var setCompletions: [ObjectIdentifier: (Bool) -> Void] = [:]
    /// The direction of the animated scroll in flight: a set the other way is skipped (PAG-03).
    @exclusivity(unchecked) private var scrollDirection: NavigationDirection?
    /// The swipe in flight: its direction, for the data source's question at its end.
    @exclusivity(unchecked) private var swipeDirection: NavigationDirection?

    /// How long an animated set or a swipe's rest takes: no source gives one; a push's (D-123).
    public static let duration = 0.35

    override class var namePrefix: String { "Pages" }

    public required init(name: String, world: World) throws {
        try super.init(name: name, world: world)
        shouldAutomaticallyForwardAppearanceMethods = false
    }

    /// Chooses the style and the spine, as UIKit's initializer does: only before any page is
    /// set. The spine defaults to `min` for a curl and must be `none` for a scroll (PAG-05).
    public func configure(style: TransitionStyle, spine: SpineLocation? = nil) throws {
        guard viewControllers.isEmpty, !isViewLoaded else {
            throw UsageError(.pageStyleAfterPages(pages: name))
        }
        let spine = spine ?? (style == .pageCurl ? .min : .none)
        guard (style == .scroll) == (spine == .none) else {
            throw UIKitException.invalidArgument("'\(spine.rawValue)' is not a valid spine location")
        }
        transitionStyle = style
        spineLocation = spine
        isDoubleSided = spine == .mid
    }

    /// `isDoubleSided`: a middle spine needs it (PAG-05).
    public func setDoubleSided(_ doubleSided: Bool) throws {
        if !doubleSided, spineLocation == .mid {
            throw UIKitException.invalidArgument("Setting 'NO' when spine location is mid results in an exception")
        }
        isDoubleSided = doubleSided
    }

    /// How many pages a set takes for the spine (PAG-05).
    private var pagesRequired: Int { spineLocation == .mid || (isDoubleSided && spineLocation != .none) ? 2 : 1 }

    // MARK: Setting pages (PAG-01, PAG-02, PAG-03)

    /// `setViewControllers(_:direction:animated:completion:)`. Not animated, or with no page
    /// shown yet, or off screen, it is done in the call; animated on screen it is a
    /// transition of the page kinds, its completion called as it ends. Setting the page shown
    /// with animation does nothing, not even the completion (PAG-03).
    public func setViewControllers(
        _ pages: [ViewController], direction: NavigationDirection, animated: Bool,
        completion: ((Bool) -> Void)? = nil
    ) throws {
        try validate(pages)
        if animated, pages.count == viewControllers.count, zip(pages, viewControllers).allSatisfy({ $0 === $1 }) {
            return
        }
        // A scroll still in flight skips an animated set the other way, completion and all (PAG-03).
        if animated, transitionStyle == .scroll, let scrolling = scrollDirection, scrolling != direction,
            world.runningTransition(hookedTo: self) != nil
        {
            return
        }
        // A set while a transition of its own runs: that one ends first (M-13).
        if let running = world.runningTransition(hookedTo: self) { running.endAtOnce() }
        let onScreen = isViewOnScreen && appearance == .appeared
        guard animated, onScreen, !viewControllers.isEmpty, pages.count == 1, viewControllers.count == 1 else {
            setAtOnce(pages)
            completion?(true)
            return
        }
        turn(to: pages[0], direction: direction, completion: completion)
    }

    /// UIKit's refusals (PAG-05's counts) and the engine's (a page that would contain this one).
    private func validate(_ pages: [ViewController]) throws {
        guard pages.count == pagesRequired else {
            throw UIKitException.invalidArgument(
                "The number of provided view controllers (\(pages.count)) doesn't match the number required "
                    + "(\(pagesRequired)) for the requested spine location (\(spineText))")
        }
        for (index, page) in pages.enumerated() {
            if pages[..<index].contains(where: { $0 === page }) {
                throw UIKitException.invalidArgument("\(name): \(page.name) is given twice")
            }
            try page.checkNotPresented(becoming: .page(of: name))
            if wouldContain(page) {
                throw UIKitException.invalidArgument("Cannot add \(page.name) to \(name): it would contain itself")
            }
            if page.parent !== self {
                try checkViewCanHold(page)
                try checkNotPresented(by: page)
            }
        }
    }

    /// UIKit's name of the spine in its exception.
    private var spineText: String {
        switch spineLocation {
        case .none: "UIPageViewControllerSpineLocationNone"
        case .min: "UIPageViewControllerSpineLocationMin"
        case .mid: "UIPageViewControllerSpineLocationMid"
        case .max: "UIPageViewControllerSpineLocationMax"
        }
    }

    /// The set done in the call (PAG-01): the old pages leave (disappearing first if they
    /// show), then the new ones join and appear, whatever the page view controller's own
    /// state, as UIKit's `_child:beginAppearanceTransition:` does not look at it. A scroll
    /// adopts the new pages before anything else (its cache, D-123).
    private func setAtOnce(_ pages: [ViewController]) {
        trace.because(.pag01) { setPagesAtOnce(pages) }
    }

    private func setPagesAtOnce(_ pages: [ViewController]) {
        // The pages go into its view: a set loads it first (D-123).
        loadViewIfNeeded()
        let leaving = viewControllers.filter { old in !pages.contains { $0 === old } && old.parent === self }
        let joining = pages.filter { $0.parent !== self }
        // A scroll tells every old page first and adopts the new ones (its cache); a curl takes
        // the old pages out one at a time (PAG-01).
        if transitionStyle == .scroll {
            for old in leaving { old.willMove(toParent: nil) }
            for page in joining { adopt(page) }
        }
        viewControllers = pages
        for old in leaving {
            if transitionStyle == .pageCurl, old.parent === self { old.willMove(toParent: nil) }
            take(old)
        }
        for page in pages {
            if transitionStyle == .pageCurl, page.parent !== self { try? addChild(page) }
            guard page.parent === self else { continue }
            page.loadViewIfNeeded()
            let appears = !page.appearance.isShowing
            world.pageSetsAppearing += 1
            if appears { page.beginAppearanceTransition(true, animated: false, opening: nil, window: view.window) }
            if page.view.superview !== view { world.move(page.view, to: view) }
            if appears { page.closeAppearanceTransition() }
            world.pageSetsAppearing -= 1
            // A page that showed already, elsewhere, is told nothing (PAG-01's filter): left appeared
            // off screen, that is UIKit's doing, and stays so wherever it goes next, until its
            // appearance changes (D-123). One that appeared here was marked as it appeared
            // (`pageSetsAppearing`).
            if !appears, page.appearance == .appeared, !page.isViewOnScreen {
                page.forEachInContainmentTree { $0.appearanceOwedToClient = $0.appearance == .appeared }
            }
            if transitionStyle == .pageCurl, joining.contains(where: { $0 === page }) { page.didMove(toParent: self) }
        }
    }

    /// An old page leaves in the call: it disappears if it shows (closing a bracket this one's
    /// own appearance opened for it, PAG-06), its view leaves, and it is removed.
    private func take(_ old: ViewController) {
        let wasForwarded = forwarded.contains { $0 === old }
        forwarded.removeAll { $0 === old }
        let began = old.appearance.isShowing
        if began { old.beginAppearanceTransition(false, animated: false, opening: nil) }
        if let oldView = old.viewIfLoaded, oldView.superview === viewIfLoaded { world.move(oldView, to: nil) }
        for _ in 0..<((began ? 1 : 0) + (wasForwarded ? 1 : 0)) where old.explicitLevel > 0 {
            old.closeAppearanceTransition()
        }
        if old.parent === self { old.removeFromParent() }
    }

    /// A scroll's page joins at once: `addChild` and `didMove` together (PAG-01, PAG-03 [RE17]).
    private func adopt(_ page: ViewController) {
        guard page.parent !== self else { return }
        try? addChild(page)
        if page.parent === self { page.didMove(toParent: self) }
    }

    /// Turns from the page shown to `page` as a transition of this style's kind: animated
    /// (a set) or driven by a finger (`interaction`, a swipe).
    private func turn(
        to page: ViewController, direction: NavigationDirection,
        interaction: PercentDrivenInteractiveTransition? = nil, completion: ((Bool) -> Void)? = nil
    ) {
        guard let current = viewControllers.first else { return }
        if transitionStyle == .scroll {
            // In the call: the old page is told it leaves, the new one joins (PAG-03 [RE17]).
            if interaction == nil { current.willMove(toParent: nil) }
            adopt(page)
        } else if page.parent !== self {
            try? addChild(page)
        }
        // A set changes `viewControllers` at once; a swipe when it completes.
        if interaction == nil { viewControllers = [page] }
        let transition = ContainerTransition(
            container: self, kind: transitionStyle == .scroll ? .pageScroll : .pageCurl, animated: true,
            from: current, to: page, destination: view, index: transitionStyle == .pageCurl ? 0 : nil, hooks: self)
        transition.rule = interaction != nil ? .pag04 : transitionStyle == .scroll ? .pag03 : .pag02
        if let completion { setCompletions[ObjectIdentifier(transition)] = completion }
        if interaction == nil, transitionStyle == .scroll { scrollDirection = direction }
        if let interaction {
            transition.begin(timing: .interactive(interaction, seconds: Self.duration))
        } else {
            transition.begin(timing: .seconds(Self.duration))
        }
    }

    // MARK: The user's swipe (PAG-04)

    /// The user starts turning a page towards `direction`. The data source is asked for the
    /// neighbour (a scroll asks for both, the swiped side first), the delegate hears
    /// `willTransitionTo`, and the turn starts under the finger: lifted to finish, the new page
    /// is shown and the delegate hears `didFinishAnimating(true, previous, completed: true)`;
    /// cancelled, the old page stays and it hears `completed: false`.
    public func beginSwipe(_ direction: NavigationDirection) throws -> InteractiveSwipe {
        guard isViewOnScreen else { throw UsageError(.notOnScreen(controller: name, gesture: .pageSwipe)) }
        try checkNotCovered(for: .pageSwipe)
        guard world.runningTransition(hookedTo: self) == nil, appearance == .appeared else {
            throw UsageError(.inTransition(controller: name, gesture: .pageSwipe))
        }
        guard viewControllers.count < 2 else { throw UsageError(.twoPageSwipeNotModelled(pages: name)) }
        guard let current = viewControllers.first else {
            throw UsageError(.noPageToSwipe(pages: name, direction: direction.rawValue, from: nil))
        }
        guard let dataSource else { throw UsageError(.noPageDataSource(pages: name)) }
        let other: NavigationDirection = direction == .forward ? .reverse : .forward
        let page = neighbour(of: current, direction, asking: dataSource)
        if transitionStyle == .scroll, viewControllers.first === current {
            _ = neighbour(of: current, other, asking: dataSource)
        }
        guard let page else {
            throw UsageError(.noPageToSwipe(pages: name, direction: direction.rawValue, from: current.name))
        }
        // A page that cannot be one: the page shown, or one a set would refuse.
        if page === current { throw UsageError(.pageSwipeToShownPage(pages: name, page: page.name)) }
        try validate([page])
        // The data source's code may have changed the pages meanwhile.
        guard viewControllers.first === current, world.runningTransition(hookedTo: self) == nil else {
            return InteractiveSwipe(refusedGesture: .pageSwipe, subject: self, refused: false)
        }
        tell(delegate, .willTransitionTo, [DelegateArgument(nil, .controllers([page]))])
        guard viewControllers.first === current, world.runningTransition(hookedTo: self) == nil else {
            return InteractiveSwipe(refusedGesture: .pageSwipe, subject: self, refused: false)
        }
        swipeDirection = direction
        let interaction = PercentDrivenInteractiveTransition()
        turn(to: page, direction: direction, interaction: interaction)
        return InteractiveSwipe(gesture: .pageSwipe, subject: self, interaction: interaction)
    }

    /// The data source's page before or after `page`, recorded under `Pages.dataSource`.
    private func neighbour(
        of page: ViewController, _ direction: NavigationDirection, asking dataSource: Delegate
    ) -> ViewController? {
        let method: DelegateMethod = direction == .forward ? .viewControllerAfter : .viewControllerBefore
        guard dataSource.implements(method) else { return nil }
        let arguments = [DelegateArgument(nil, .controller(page))]
        world.recordDelegateCall(name + ".dataSource", method.rawValue, arguments)
        return dataSource.controller(method, owner: self, arguments: arguments)
    }

    private func tell(_ delegate: Delegate?, _ method: DelegateMethod, _ arguments: [DelegateArgument]) {
        ask(delegate, method, arguments)
    }

    // MARK: Appearance by hand (PAG-06)

    /// After its own will-callback: the loaded pages that are not already on their way get
    /// theirs, in order; a page whose appearance this one started and that turns with it
    /// turns too.
    override func willForward(_ target: Appearance) {
        let appearing = target == .appearing
        for page in viewControllers where page.parent === self && page.isViewLoaded {
            if forwarded.contains(where: { $0 === page }) {
                // Turned around before its did-callback: it turns, still open.
                if page.appearance != target, page.appearance.isTransitioning {
                    page.beginAppearanceTransition(
                        appearing, animated: transitionAnimated, opening: nil,
                        window: appearing ? page.viewIfLoaded?.window : nil)
                    page.closeAppearanceTransition()
                }
                continue
            }
            let starts = appearing ? page.appearance == .disappeared : page.appearance == .appeared
            guard starts else { continue }
            forwarded.append(page)
            page.beginAppearanceTransition(
                appearing, animated: transitionAnimated, opening: nil, window: appearing ? destinationWindow : nil)
        }
    }

    /// After its own did-callback: the pages it started end theirs.
    override func didFinish(_ appearing: Bool) {
        let pages = forwarded
        forwarded = []
        for page in pages where page.explicitLevel > 0 { page.closeAppearanceTransition() }
    }

    override func releaseLinks() {
        super.releaseLinks()
        forwarded = []
        viewControllers = []
        setCompletions = [:]
    }

    /// A page taken by other means (`removeFromParent`, another container) is no longer shown.
    /// One whose appearance this one's own had started by hand has it ended now: this one
    /// no longer forwards to it.
    ///
    /// A page whose view left the screen while it was a page heard nothing (this one forwards
    /// by hand, and the view path does not reach its pages): left appeared out of sight, it
    /// stays so as UIKit leaves it (D-123).
    override func childDidLeave(_ child: ViewController) {
        viewControllers.removeAll { $0 === child }
        if forwarded.contains(where: { $0 === child }) {
            forwarded.removeAll { $0 === child }
            if child.explicitLevel > 0 { child.closeAppearanceTransition() }
        }
        if child.appearance == .appeared, !child.isViewOnScreen {
            child.forEachInContainmentTree { $0.appearanceOwedToClient = $0.appearance == .appeared }
        }
    }
}

/// The page kinds of transition (PAG-02, PAG-03, PAG-04): the new page's will-callback first;
/// at the end a curl takes the old page out before the new one's did-callback, a scroll ends
/// the new page first; a cancelled swipe keeps the old page.
extension PageViewController: ContainerTransitionHooks {
    /// A curl's new page, placed under the old one, is a child once its will-callback came
    /// (PAG-02's `didMove` before the old page's `viewWillDisappear`).
    func transitionBetweenOpens(_ transition: ContainerTransition) {
        guard transitionStyle == .pageCurl, let page = transition.incoming, page.parent === self else { return }
        page.didMove(toParent: self)
    }

    /// A curl: the old page is told it leaves, then its view goes (PAG-02). A scroll: its view
    /// goes (a set told it in the call; a swipe tells it once the pages have settled).
    func transitionRemoveOutgoing(_ transition: ContainerTransition) {
        guard let old = transition.from else { return }
        if transitionStyle == .pageCurl, old.parent === self { old.willMove(toParent: nil) }
        if let oldView = old.viewIfLoaded, oldView.superview === viewIfLoaded { world.move(oldView, to: nil) }
    }

    /// A curl's old page leaves between the two did-callbacks (PAG-02's `removeFromParent`).
    func transitionBetweenCloses(_ transition: ContainerTransition) {
        guard transitionStyle == .pageCurl, let old = transition.from else { return }
        forwarded.removeAll { $0 === old }
        if old.parent === self { old.removeFromParent() }
    }

    /// A swipe shows its new page from its did-callbacks on.
    func transitionWillClose(_ transition: ContainerTransition) {
        guard swipeDirection != nil, let new = transition.incoming, new.parent === self else { return }
        viewControllers = [new]
    }

    func transitionDidClose(_ transition: ContainerTransition) {
        guard let old = transition.from, let new = transition.incoming else { return }
        forwarded.removeAll { $0 === old }
        if transitionStyle == .scroll, swipeDirection != nil, old.parent === self { old.willMove(toParent: nil) }
        if old.parent === self { old.removeFromParent() }
        if let direction = swipeDirection {
            swipeDirection = nil
            tell(delegate, .didFinishAnimating, finished(previous: old, completed: true))
            // A scroll asks for the next page at once, to have it ready (PAG-04).
            if transitionStyle == .scroll, let dataSource, viewControllers.first === new {
                _ = neighbour(of: new, direction, asking: dataSource)
            }
        } else {
            if transitionStyle == .scroll { scrollDirection = nil }
            setCompletions.removeValue(forKey: ObjectIdentifier(transition))?(true)
        }
    }

    /// A cancelled swipe keeps the old page: the new one leaves once it has turned away.
    func transitionDidCancel(_ transition: ContainerTransition) {
        guard let old = transition.from, let new = transition.incoming else { return }
        swipeDirection = nil
        if new.parent === self, !viewControllers.contains(where: { $0 === new }) {
            new.willMove(toParent: nil)
            new.removeFromParent()
        }
        tell(delegate, .didFinishAnimating, finished(previous: old, completed: false))
    }

    private func finished(previous: ViewController, completed: Bool) -> [DelegateArgument] {
        [
            DelegateArgument(nil, .bool(true)), DelegateArgument("previousViewControllers", .controllers([previous])),
            DelegateArgument("transitionCompleted", .bool(completed)),
        ]
    }
}
