/// The appearance states of G-01: `disappeared → appearing → appeared → disappearing →
/// disappeared`, with the cancel edges `appearing ⇄ disappearing`.
public enum Appearance: String, Sendable {
    case disappeared, appearing, appeared, disappearing

    /// Whether the controller is appearing or appeared.
    var isShowing: Bool { self == .appearing || self == .appeared }

    /// Whether a transition is in flight.
    var isTransitioning: Bool { self == .appearing || self == .disappearing }

    /// Whether UIKit allows a transition from this state towards `target` (appearing or disappearing).
    func canStart(_ target: Appearance) -> Bool {
        switch (self, target) {
        case (.disappeared, .appearing), (.disappearing, .appearing),
            (.appeared, .disappearing), (.appearing, .disappearing):
            return true
        default:
            return false
        }
    }
}

/// Which of M-1's sources started an appearance transition that no explicit call owns.
enum AppearanceDriver {
    /// The controller's root view entered or left a visible window.
    case view
    /// The parent forwarded its own transition (M-2).
    case parent
}

/// The appearance state machine (BEHAVIOR.md M-1, M-2, CON-08, CON-09).
///
/// One mechanism drives every appearance callback. A transition starts with a will-callback
/// (`start`) and ends with a did-callback (`finish`); each forwards to the children whose
/// views are in the controller's view tree, parent first, unless the controller forwards by
/// hand. Explicit `begin/endAppearanceTransition` calls nest: only the outermost begin and
/// the final matching end send callbacks, and while any is open the view path is ignored.
/// A request that the state machine does not allow (appearing while appearing, an end
/// without a begin) sends nothing and records UIKit's "Unbalanced calls" warning.
extension ViewController {
    /// `beginAppearanceTransition(_:animated:)`: will-callback now, unless one is already open.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        let window = isAppearing ? viewIfLoaded?.window : nil
        trace.because(.con08) {
            beginAppearanceTransition(isAppearing, animated: animated, opening: nil, window: window)
        }
    }

    /// The same, for a container transition (`opening`) that brackets this controller, which
    /// names the window the controller's view is about to enter.
    func beginAppearanceTransition(
        _ isAppearing: Bool, animated: Bool, opening: ContainerTransition?, window: Window? = nil
    ) {
        let target: Appearance = isAppearing ? .appearing : .disappearing
        let nested = explicitLevel > 0 && appearance == target
        explicitLevel += 1
        guard !nested else { return }
        start(target, animated: animated, window: window, opening: opening, drivenBy: nil)
    }

    /// `endAppearanceTransition()`: the did-callback when the last open begin is ended.
    public func endAppearanceTransition() {
        trace.because(.con08) { closeAppearanceTransition() }
    }

    /// The same, for a container transition's bracket, which follows its own rule.
    func closeAppearanceTransition() {
        guard explicitLevel > 0 else { return warnUnbalanced() }
        explicitLevel -= 1
        if explicitLevel == 0 { finish() }
    }

    /// Starts a transition towards `target`: the will-callback, then forwarding. `window` is
    /// the window the view is entering, known before the will-callback (M-13).
    /// Returns false, with the warning, when the state machine does not allow it.
    /// `drivenBy` is what will end it, set before the will-callback: an override that takes
    /// the controller from its parent there must find the parent's transition to hand over
    /// (`detachFromParentTransition`), or the controller would never hear its did-callback.
    ///
    /// A controller that starts to disappear first ends the container transitions running
    /// in its tree (but the one opening this bracket), so that no child is left appearing
    /// inside it (M-13).
    @discardableResult
    func start(
        _ target: Appearance, animated: Bool, window: Window?, opening: ContainerTransition? = nil,
        drivenBy: AppearanceDriver?
    ) -> Bool {
        guard appearance.canStart(target) else {
            warnUnbalanced()
            return false
        }
        if target == .disappearing, !world.runningTransitions.isEmpty {
            world.endTransitions(under: self, sparing: opening)
            guard appearance.canStart(target) else { return false }
        }
        // Turning around (G-01's cancel edge): a child that this transition's first half
        // took along but that the turn will not reach (its view left this one's tree
        // meanwhile) ends its own half at the end of the turn, by the view path, rather than
        // waiting for a did-callback of this controller that will not come.
        if appearance.isTransitioning {
            for child in children
            where child.driver == .parent && child.appearance == appearance && !child.isForwarded(by: self) {
                child.detachFromParentTransition()
            }
        }
        driver = drivenBy
        appearance = target
        transitionAnimated = animated
        destinationWindow = target == .appearing ? window : nil
        if target == .appearing {
            hasSentIsAppearing = false
            setNeedsLayout()
            catchUpWithTraits(of: window)
            send(.viewWillAppear(animated: animated))
            if !hasAppeared {
                hasAppeared = true
                if world.profile.iosVersion < 13 { send(.traitCollectionDidChange(previous: nil)) }
            }
        } else {
            send(.viewWillDisappear(animated: animated))
        }
        willForward(target)
        forward(target, animated: animated, window: window)
        didForward(target)
        // The callbacks of the forwarding and of `didForward` (a navigation delegate's
        // `willShow`) may have brought a view into this controller's tree, or made a new
        // child (a split's secondary replaced from a delegate): one more pass reaches those.
        forward(target, animated: animated, window: window)
        return true
    }

    /// Forwards a transition's start to the children whose views are in this controller's
    /// tree (M-1), each checked when its turn comes, and none once a child's callback has
    /// turned this controller around. A child already on its way (appearing or appeared: on
    /// screen before its container, a tab moved under More, D-25; or one its own view's
    /// stranding took out first) gets nothing, and nothing unbalanced is reported. One that an
    /// earlier child's callback took away (out of the children, or its view out of this
    /// view's tree) is the view path's. `start` calls it twice, the second time for the
    /// children the first pass and `didForward` brought in; those already started are on
    /// their way by then.
    private func forward(_ target: Appearance, animated: Bool, window: Window?) {
        guard shouldAutomaticallyForwardAppearanceMethods, viewIfLoaded != nil else { return }
        for child in children
        where appearance == target && child.explicitLevel == 0 && child.appearance.canStart(target)
            && child.isForwarded(by: self)
        {
            child.start(target, animated: animated, window: window, drivenBy: .parent)
        }
    }

    /// Ends the transition in flight with its did-callback, then ends the children's that
    /// this controller started. `silently`, no did-callback is sent to any of them: the state
    /// only settles (a cancelled tab switch, ICT-03).
    func finish(silently: Bool = false) {
        guard appearance.isTransitioning else { return }
        // The stranded checks of this controller and of the children it ends come after all
        // their did-callbacks, parents first, so that a parent that disappears takes its
        // children along rather than each child going first (D-103).
        let isOutermost = world.strandedChecks == nil
        if isOutermost { world.strandedChecks = [] }
        defer { if isOutermost { runStrandedChecks() } }
        let appearing = appearance == .appearing
        let drivenBy = driver
        if appearing, !silently {
            sendIsAppearingIfDue()
            // Its viewIsAppearing took the view off screen (or otherwise turned it around): it
            // is now disappearing, G-01's cancel edge, and that transition ends on its own.
            guard appearance == .appearing else { return }
        }
        appearance = appearing ? .appeared : .disappeared
        // Appeared out of sight inside a page view controller's set (PAG-01's flaw): UIKit's doing.
        if appearing, world.pageSetsAppearing > 0, !isViewOnScreen { appearanceOwedToClient = true }
        driver = nil
        if !silently {
            send(
                appearing
                    ? .viewDidAppear(animated: transitionAnimated) : .viewDidDisappear(animated: transitionAnimated))
        }
        isMovingToParent = false
        isMovingFromParent = false
        if appearing { isBeingPresented = false }  // until viewDidAppear has returned (M-8)
        if appearing, drivenBy != nil { world.strandedChecks?.append(self) }
        let direction: Appearance = appearing ? .appearing : .disappearing
        for child in children
        where child.driver == .parent && child.explicitLevel == 0
            && child.appearance == direction
        {
            child.finish(silently: silently)
        }
        didFinish(appearing)
        // The other way: the view path took it out, and its view is back on screen where
        // nothing holds it back any more (it came back under a parent that did not show, which
        // has let it go since): it appears again, as an entering view's controller does.
        if !appearing, drivenBy == .view, isViewOnScreen { appearIfUncovered() }
    }

    /// The stranded checks the outermost `finish` collected, parents first.
    private func runStrandedChecks() {
        guard let checks = world.strandedChecks else { return }
        world.strandedChecks = nil
        for controller in checks { controller.disappearIfStrandedAfterAppearing() }
    }

    /// The client's code took the view off its way to the window meanwhile (removed it in its
    /// own viewWillAppear, before the view path could see it leave): UIKit still sends
    /// viewDidAppear, and the controller then disappears as a view leaving the screen makes
    /// it, so that nothing stays appeared out of sight (M-13, D-102). Only for an appearance
    /// headed for a window: explicit calls (the client's, a transition's brackets) and
    /// appearance without a window (CON-08) answer for their own.
    private func disappearIfStrandedAfterAppearing() {
        guard appearance == .appeared, destinationWindow != nil,
            !isViewOnScreen || parent?.appearance.isShowing == false,
            !isAppearanceUpToClient
        else { return }
        disappearIfStranded()
    }

    /// Turns the open explicit transition around (its will-callback) without closing it: the
    /// next `endAppearanceTransition` sends the did-callback of the new direction (a page
    /// curl's cancel turns both pages before closing either, PAG-04).
    /// Returns false, with the warning, when no explicit transition is open.
    @discardableResult
    func turnAppearanceTransition(moveViewBack: () -> Void = {}) -> Bool {
        guard explicitLevel > 0, appearance.isTransitioning else {
            warnUnbalanced()
            return false
        }
        start(
            appearance == .appearing ? .disappearing : .appearing, animated: transitionAnimated,
            window: viewIfLoaded?.window, drivenBy: driver)
        moveViewBack()
        return true
    }

    /// Cancels the open explicit transition, as a cancelled interactive transition does
    /// (NAV-12, PRE-04): it turns around (a controller that was appearing gets
    /// `viewWillDisappear`, one that was disappearing `viewWillAppear`, G-01's cancel edges),
    /// `moveViewBack` puts its view where it was, and the bracket ends.
    ///
    /// `silently`, the turned bracket ends with no did-callback (ICT-03's cancelled tab
    /// switch): the state settles where the will-callback took it.
    func cancelAppearanceTransition(silently: Bool = false, moveViewBack: () -> Void = {}) {
        guard turnAppearanceTransition(moveViewBack: moveViewBack) else { return }
        guard silently else { return closeAppearanceTransition() }
        explicitLevel -= 1
        if explicitLevel == 0 { finish(silently: true) }
    }

    /// `viewIsAppearing(_:)`, once per appearance, after the view is in place (APP-05).
    func sendIsAppearingIfDue() {
        guard appearance == .appearing, !hasSentIsAppearing, world.profile.hasViewIsAppearing else { return }
        hasSentIsAppearing = true
        send(.viewIsAppearing(animated: transitionAnimated))
    }

    /// Whether `parent` forwards its appearance to this controller now (M-1): its child,
    /// with its view in the parent's tree.
    private func isForwarded(by parent: ViewController) -> Bool {
        guard self.parent === parent, let root = parent.viewIfLoaded else { return false }
        return viewIfLoaded?.isDescendant(of: root) ?? false
    }

    /// Whether this controller's view is in `parent`'s view tree, or goes there with the move
    /// under way (into `destination`).
    private func isInTree(of parent: ViewController, into destination: View?) -> Bool {
        if isForwarded(by: parent) { return true }
        guard let destination, let parentView = parent.viewIfLoaded else { return false }
        return destination === parentView || destination.isDescendant(of: parentView)
    }

    /// The view path's will-half: the root view is about to enter or leave a visible window.
    /// Returns whether this controller's appearance now waits for the view path's did-half;
    /// it does not when its parent is itself in a transition the same way and holds its
    /// view (or will, once `destination` takes it there), which then finishes the child's
    /// after its own (M-2).
    ///
    /// A controller whose parent does not show stays as it is: it appears with its parent
    /// (M-2), never inside a parent that is disappearing or gone; but a child whose view is
    /// outside its parent's follows its view (D-100).
    func viewWillMoveToWindow(_ window: Window?, appearing: Bool, into destination: View? = nil) -> Bool {
        // The size a change of size gave it holds only while it stays (TRT-06, D-135).
        if !appearing { contentSize = nil }
        let target: Appearance = appearing ? .appearing : .disappearing
        // Held to its parent only when its view is in the parent's tree once the move is made:
        // a child whose view is outside the parent's follows its view (D-100).
        let inParentsTree = parent.map { isInTree(of: $0, into: destination) } ?? false
        if appearing, let parent, !parent.appearance.isShowing, inParentsTree { return false }
        // A transition's brackets hold a controller they move: one they bring in whose view
        // leaves the screen meanwhile ends them first, and then disappears as any other
        // (M-13). One they take out is already disappearing: they end it themselves.
        if !appearing, appearance.isShowing, explicitLevel > 0, !world.runningTransitions.isEmpty {
            world.endTransitions(bracketing: self)
        }
        if appearance == target { return false }
        // The parent ends it after its own only when it forwards to it; otherwise the view
        // path ends it.
        let followsParent = inParentsTree && parent?.appearance == target
        guard explicitLevel == 0,
            start(target, animated: false, window: window, drivenBy: followsParent ? .parent : .view)
        else { return false }
        return !followsParent
    }

    /// Hands a transition the parent started over to the view path, when the controller
    /// leaves that parent before the parent finishes it: its did-callback then comes at the
    /// end of the turn, so that no will-callback goes without its did.
    func detachFromParentTransition() {
        guard driver == .parent, explicitLevel == 0, appearance.isTransitioning else { return }
        driver = .view
        let appearing = appearance == .appearing
        world.runLoop.performAfterCommit { [self] in viewDidMoveToWindow(appearing: appearing) }
    }

    /// A controller showing where it cannot be seen — its view out of every shown window, or
    /// its parent not showing — after a transition that bracketed it closed: it disappears
    /// as the view path makes a leaving controller disappear (M-13).
    func disappearIfStranded() {
        guard appearance.isShowing, explicitLevel == 0 else { return }
        // A child whose view is outside its parent's follows its view, not its parent (D-100).
        let parentShows = parent.map { $0.appearance.isShowing } ?? true
        guard !isViewOnScreen || (!parentShows && isViewInParentsTree) else { return }
        guard viewWillMoveToWindow(nil, appearing: false) else { return }
        world.runLoop.performAfterCommit { [self] in viewDidMoveToWindow(appearing: false) }
    }

    /// A child that joins a parent that does not show, while it shows in a window with its
    /// view already in that parent's tree (the parent disappearing in a transition): it
    /// disappears with the parent (M-2, D-103), never showing inside it. Only then: `addChild`
    /// sends no appearance callback otherwise (CON-01), and a child whose appearance the
    /// client drives (CON-08) or whose view is elsewhere (D-100) is left as it is.
    func disappearWithParentOnJoining() {
        guard appearance.isShowing, explicitLevel == 0, let parent, !parent.appearance.isShowing,
            viewIfLoaded?.window != nil, isForwarded(by: parent), parent.shouldAutomaticallyForwardAppearanceMethods,
            !isAppearanceUpToClient
        else { return }
        disappearIfStranded()
    }

    /// A controller whose view is in a shown window, with no parent or in the view tree of a
    /// parent that shows (appearing: it then ends with the parent's) and forwards, but that
    /// has disappeared: its view got there while
    /// something held it back — a transition's bracket, or a parent that did not show — and,
    /// once that is over (the bracket closed, the parent let it go), it appears as the view
    /// path makes an entering view's controller appear (M-1, D-102).
    func appearIfUncovered() {
        guard appearance == .disappeared, explicitLevel == 0, isViewOnScreen, heldParent == nil else { return }
        if let parent {
            guard parent.appearance.isShowing, parent.shouldAutomaticallyForwardAppearanceMethods,
                !parent.isAppearanceUpToClient, isViewInParentsTree
            else { return }
        }
        guard viewWillMoveToWindow(viewIfLoaded?.window, appearing: true) else { return }
        world.runLoop.performAfterCommit { [self] in viewDidMoveToWindow(appearing: true) }
    }

    /// The view path's did-half, at the end of the turn; a no-op if something else took over.
    func viewDidMoveToWindow(appearing: Bool) {
        guard explicitLevel == 0, driver == .view, appearance == (appearing ? .appearing : .disappearing) else {
            return
        }
        finish()
    }

    /// TRT-02 (O-level49, iOS 11): a controller that was off screen while its window's traits
    /// changed hears `willTransition(to:)` as it comes back, right before `viewWillAppear`; no
    /// size or `traitCollectionDidChange` callback comes with it (the log shows none). The
    /// first appearance is TRT-04's, never a change.
    private func catchUpWithTraits(of window: Window?) {
        guard window != nil else { return }
        let traits = traitCollection
        if hasAppeared, let seen = seenTraits, seen != traits, let window {
            // Its own coordinator, as every `willTransition(to:with:)` has one (COO-04, D-115).
            let coordinator = TransitionCoordinator(animated: false, custom: false, duration: 0, interactive: false)
            let outer = window.sizeTransitionCoordinator
            window.sizeTransitionCoordinator = coordinator
            send(.willTransition(to: traits))
            window.sizeTransitionCoordinator = outer
            coordinator.begin()
            world.runLoop.performAfterCommit { coordinator.end(cancelled: false) }
        }
        seenTraits = traits
    }

    func warnUnbalanced() {
        world.warn("Unbalanced calls to begin/end appearance transitions for \(name).")
    }

    func setNeedsLayout() {
        needsLayout = true
        world.queueForLayout(self)
    }

    /// One layout pass for this controller: `viewIsAppearing` if due, then the layout pair.
    func layoutIfNeeded() {
        sendIsAppearingIfDue()
        guard needsLayout else { return }
        needsLayout = false
        send(.viewWillLayoutSubviews)
        send(.viewDidLayoutSubviews)
    }
}
