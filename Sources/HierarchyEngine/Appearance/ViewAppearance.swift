extension ViewController {
    /// M-5's install of a container's visible child, from the container's own appearance:
    /// the child's view only changes superview, and the forwarding that follows starts it.
    func install(_ child: ViewController) {
        guard !world.wouldMakeCycle(child.view, under: view) else { return }
        child.view.superview?.nearestOwner?.setNeedsLayout()
        child.view.reparent(to: view)
        setNeedsLayout()
    }

    /// Takes `child`'s view out of this container's view, if it is there. This container no
    /// longer forwards to it: a transition it started for the child (one it is disappearing
    /// in, its window hidden) ends at the end of the turn, by the view path.
    func uninstall(_ child: ViewController) {
        guard let childView = child.viewIfLoaded, childView.superview === viewIfLoaded else { return }
        childView.removeFromSuperview()
        child.detachFromParentTransition()
    }
}

/// The view path of M-1: views entering and leaving visible windows drive appearance.
extension World {
    /// Moves `view` under `newSuperview` (nil: out of its tree), on top or at `index`. When
    /// that takes it into or out of a visible window, the controllers it carries get their
    /// will-callbacks before the move and their did-callbacks after the commit (M-3, TIM-05,
    /// TIM-06).
    ///
    /// A move that would put a view inside itself is not made: the client's `addSubview`
    /// refuses such a move with UIKit's exception, but a step the engine takes later (a
    /// container installing a child, a presentation putting a view back) may meet views the
    /// client arranged meanwhile, and the tree must never hold a cycle (issue 17: the
    /// fuzzer's hangs). The step is skipped, with a warning naming it.
    func move(_ view: View, to newSuperview: View?, at index: Int? = nil) {
        if let newSuperview, wouldMakeCycle(view, under: newSuperview) { return }
        let wasVisible = view.isInVisibleWindow
        let willBeVisible = newSuperview?.isInVisibleWindow ?? false
        view.superview?.nearestOwner?.setNeedsLayout()
        guard wasVisible != willBeVisible else {
            view.reparent(to: newSuperview, at: index)
            newSuperview?.nearestOwner?.setNeedsLayout()
            return
        }
        let window = willBeVisible ? newSuperview?.window : nil
        changeVisibility(of: view, appearing: willBeVisible, window: window, into: newSuperview) {
            // The will-callbacks ran the client's code, which may have put `newSuperview`
            // inside `view` meanwhile (a delegate adding a view of the tree that is moving):
            // the move is then not made, and the controllers whose will-callbacks came are
            // settled as any whose view did not arrive (`disappearIfStranded`).
            if let newSuperview, wouldMakeCycle(view, under: newSuperview) { return }
            view.reparent(to: newSuperview, at: index)
        }
        newSuperview?.nearestOwner?.setNeedsLayout()
    }

    /// Runs `change`, which shows or hides the tree under `root`, inside the will and did
    /// halves of the view path; `window` is the one it enters, `destination` the view it goes
    /// under (nil: it stays where it is, or leaves its tree).
    func changeVisibility(
        of root: View, appearing: Bool, window: Window?, into destination: View? = nil, _ change: () -> Void
    ) {
        // A walk of the tree as it is when each view's turn comes, parent before subviews: a
        // controller's will-callback (forwarded to its children) may install views in its own
        // (a container putting its selected child's view in place, with what the client put
        // inside that) or take views out (a split setting its secondary aside), and the walk
        // sees the tree after it. Each controller is checked when its turn comes: a container
        // reached before it may have taken it back as a child meanwhile (a swipe cancelled as
        // its window hides).
        var driven: [ViewController] = []
        func visit(_ view: View) {
            // A controller that asked for layout off screen is laid out once its view is shown (D-104).
            if appearing, let owner = view.owner, owner.needsLayout { queueForLayout(owner) }
            if let owner = view.owner, isReachedDirectly(owner, under: root),
                owner.viewWillMoveToWindow(window, appearing: appearing, into: destination)
            {
                driven.append(owner)
            }
            let subviews = view.subviews
            for subview in subviews where subview.superview === view { visit(subview) }
            // A sibling's callbacks may have put views here meanwhile: they move with the tree.
            guard !view.subviews.elementsEqual(subviews, by: ===) else { return }
            let seen = Set(subviews.lazy.map(ObjectIdentifier.init))
            for subview in view.subviews where subview.superview === view && !seen.contains(ObjectIdentifier(subview)) {
                visit(subview)
            }
        }
        let ended = endedTransitions
        trace.because(.d3) { visit(root) }
        change()
        if !driven.isEmpty {
            runLoop.performAfterCommit { [trace] in
                trace.because(.m3) {
                    for controller in driven { controller.viewDidMoveToWindow(appearing: appearing) }
                }
            }
        }
        // A transition that the callbacks ended (a controller disappearing ends those in its
        // tree) may have turned around a controller the walk had passed (a swipe cancelled:
        // the swiped controller appears again), while its view was still on its way: each
        // is settled again now that the views are where they go (M-13).
        if ended != endedTransitions {
            root.forEachInSubtree { view in
                guard let owner = view.owner else { return }
                if appearing { owner.appearIfUncovered() } else { owner.disappearIfStranded() }
            }
        }
    }

    /// Whether the view path reaches `controller` directly when the tree under `root` moves.
    ///
    /// A controller with no parent is reached. A child is reached only when its parent
    /// forwards appearance automatically and does not forward to it here: the parent is not
    /// moving with it, or the child's view is outside the parent's (then the parent forwards,
    /// M-2); a child of a container that forwards by hand is never reached (CON-08).
    private func isReachedDirectly(_ controller: ViewController, under root: View) -> Bool {
        guard let parent = controller.parent else { return true }
        guard parent.shouldAutomaticallyForwardAppearanceMethods else { return false }
        // The parent forwards only to children whose views are in its tree (M-1): a child whose
        // view the client put elsewhere in the moving tree is reached by the view path (D-100).
        if let parentView = parent.viewIfLoaded, parentView.isDescendant(of: root),
            controller.viewIfLoaded?.isDescendant(of: parentView) ?? true
        {
            return false
        }
        return true
    }

    /// CON-10: a child controller's view may only go under its parent's view tree.
    ///
    /// Checks the controllers whose views are the top-most owned views of the moved tree:
    /// their nearest controller above `superview` must be their parent. A detached tree
    /// with no controller above it is allowed until it reaches a window.
    func checkParentage(of view: View, under superview: View) throws {
        for controller in topOwners(under: view) { try checkParentage(of: controller, under: superview) }
    }

    /// The same for one controller whose view would go under `superview`, before its view
    /// is loaded: a call that will raise it loads nothing first.
    func checkParentage(of controller: ViewController, under superview: View) throws {
        let expected = superview.nearestOwner
        guard let actual = controller.parent, actual !== expected else { return }
        if expected == nil, superview.window == nil { return }
        throw hierarchyInconsistency(child: controller, expected: expected, actual: actual)
    }

    /// Whether putting `view` under `superview` would make the view tree a cycle: the step is
    /// then not taken, with a warning naming it (D-101). Every move of the engine's own checks
    /// this (`move`, `install`); `View.reparent` stays the raw link change.
    func wouldMakeCycle(_ view: View, under superview: View) -> Bool {
        guard superview === view || superview.isDescendant(of: view) else { return false }
        warn("\(view.name) was not moved into \(superview.name), which it holds: the views would make a cycle.")
        return true
    }

    /// A container's view put inside the view of a controller the container holds: the
    /// container puts that controller's view in its own whenever it installs it (a column, a
    /// tab, the top of a stack), and the views would then make a cycle that no later step can
    /// refuse (issue 17: the fuzzer's only hang). Refused now, as `addSubview` refuses an
    /// ancestor.
    func checkNoFutureCycle(of view: View, under superview: View) throws {
        guard let holder = superview.nearestOwner else { return }
        for controller in topOwners(under: view) where holder.isHeld(by: controller) {
            throw UIKitException.invalidArgument(
                "Can't add \(view.name) as a subview of \(superview.name): \(holder.name) is inside \(controller.name), "
                    + "whose view holds \(holder.name)'s (the views would make a cycle)")
        }
    }

    /// The controllers owning views in `root`'s tree with no other owned view above them in it.
    private func topOwners(under root: View) -> [ViewController] {
        if let owner = root.owner { return [owner] }
        return root.subviews.flatMap { topOwners(under: $0) }
    }
}
