/// The containment API (BEHAVIOR.md A-1, CON-01..CON-07).
///
/// `addChild` sends `willMove(toParent:)` itself and never `didMove`; `removeFromParent`
/// sends `didMove(toParent: nil)` itself and never `willMove`. The container calls the other
/// half once the child's view is in place or gone:
///
///     try addChild(c); try view.addSubview(c.view); c.didMove(toParent: self)
///     c.willMove(toParent: nil); c.view.removeFromSuperview(); c.removeFromParent()
extension ViewController {
    /// Adds `child`, first removing it from another parent (CON-03); a no-op if already a child.
    ///
    /// The callbacks on the way (`didMove(toParent: nil)` from the old parent, then
    /// `willMove(toParent:)`) run the client's code, which may move either controller: the
    /// add checks again, and meets the hierarchy as those callbacks left it, so that the
    /// links stay symmetric whatever they did (issue 17, item 5). A parent the callbacks
    /// gave the child is left without further callbacks; a move they made that the add
    /// cannot follow (the child now holds this controller) is refused then, and the add
    /// changes nothing.
    public func addChild(_ child: ViewController) throws {
        try checkCanAdopt(child)
        guard child.parent !== self else { return }
        if child.parent != nil { child.removeFromParent() }
        if let keeper = child.keeper, keeper !== self, keeper.keepsAside(child) { keeper.keptAside(child, joins: self) }
        trace.because(.con01) { child.willMove(toParent: self) }
        try checkCanAdopt(child)
        guard child.parent !== self else { return }
        child.detachFromParent()
        childrenWillChange(moving: child)
        children.append(child)
        child.parent = self
        child.disappearWithParentOnJoining()
    }

    /// The refusals of `addChild`: a containment cycle (UIKit's exception) or a presentation
    /// cycle, and a presented controller (the engine's, D-30, D-86).
    private func checkCanAdopt(_ child: ViewController) throws {
        if wouldContain(child) {
            throw UIKitException.invalidArgument(
                "Cannot add \(child.name) as a child of \(name): it would contain itself")
        }
        try checkNotPresented(by: child)
        try child.checkNotPresented(becoming: .child(of: name))
    }

    /// Refuses `child` as a child of this controller when this one lies, through parents (or
    /// held parents: a More list, a set-aside column) and presentations, in what `child`
    /// presents: the next dismissal or resize would walk the cycle for ever, and the
    /// controllers would hold each other (D-86). Every way into a container checks it: a
    /// child, a pushed controller, a tab, a column.
    func checkNotPresented(by child: ViewController) throws {
        var holder: ViewController? = self
        var steps = 0
        while let current = holder, steps < 10_000 {
            if current === child, current !== self {
                throw UsageError(.presentationCycle(child: child.name, parent: name))
            }
            holder = current.parent ?? current.heldParent ?? current.showingPresentation?.presenter
            steps += 1
        }
    }

    /// The refusal `addSubview` would raise when this container puts `controller`'s view in
    /// its own: `controller`'s view already holds this one's, so the views would make a
    /// cycle (issue 17, item 3). UIKit raises it as the view goes in; every container
    /// (navigation, tab bar, split view) refuses the controller as it joins, before anything
    /// changes, since a joined controller's view may go in at any later turn. The same holds
    /// for the views of the containers that hold this one (its parents, or the tab bar that
    /// lists it): each puts this one's view in its own in turn (D-101; the fuzzer's seed 66013).
    func checkViewCanHold(_ controller: ViewController) throws {
        guard let view = controller.viewIfLoaded else { return }
        var holder: ViewController? = self
        while let current = holder {
            if let own = current.viewIfLoaded, own === view || own.isDescendant(of: view) {
                if current === self {
                    throw UIKitException.invalidArgument(
                        "Can't add \(view.name) as a subview of its own subview \(own.name)")
                }
                throw UIKitException.invalidArgument(
                    "Can't add \(view.name) to \(name): \(current.name), which holds \(name), is inside \(view.name) "
                        + "(the views would make a cycle)")
            }
            holder = current.parent ?? current.heldParent
        }
    }

    /// The engine's refusals to put a presented controller (D-30), or a window's root (D-99),
    /// in a container or in another window.
    func checkNotPresented(becoming role: UsageError.Role, in window: Window? = nil) throws {
        if let presentation = showingPresentation {
            if presentation.isAskingForReplacement {
                throw UsageError(.presentedControllerWrapped(controller: name, role: role))
            }
            throw UsageError(
                .presentedControllerAdopted(controller: name, presenter: presentation.presenter.name, role: role))
        }
        if let root = world.window(rootedAt: self, except: window) {
            throw UsageError(.windowRootAdopted(controller: name, window: root.name, role: role))
        }
    }

    /// Removes the controller from its parent, then sends `didMove(toParent: nil)` (CON-02).
    public func removeFromParent() {
        guard parent != nil else { return }
        // A transition that ended at once as it left (a cancelled push) may have taken it out
        // already, with the `didMove` its container owed it: it is not sent twice.
        guard detachFromParent() else { return }
        trace.because(.con02) { didMove(toParent: nil) }
        world.releaseUnheld()
    }

    /// Leaves the parent without the `didMove(toParent: nil)` that `removeFromParent` sends.
    /// A container removing a child itself (and sending `didMove` when its transition ends,
    /// M-6) does not need telling; any other removal tells the parent (D-26).
    ///
    /// A transition of the parent's that brackets this controller ends first when something
    /// else takes it (M-13): the parent then lets it go as it does when no transition runs,
    /// and it is not left appearing under a parent that does not show (issue 17, item 7).
    /// Returns whether this call took it out (false: it had no parent, or the transition
    /// that ended took it out).
    @discardableResult
    func detachFromParent(tellingParent: Bool = true) -> Bool {
        guard parent != nil else { return false }
        if tellingParent, explicitLevel > 0, !world.runningTransitions.isEmpty {
            world.endTransitions(bracketing: self)
        }
        guard let parent else { return false }
        parent.childrenWillChange(moving: self)
        // From the end: a stack's top, or the child added last, leaves in constant time.
        if let index = parent.children.lastIndex(where: { $0 === self }) { parent.children.remove(at: index) }
        self.parent = nil
        world.noteLostHold(self)
        detachFromParentTransition()
        appearIfUncovered()
        if tellingParent { parent.childDidLeave(self) }
        return true
    }

    /// Sets `children` to `ordered` as the containment calls left it (D-95): those of
    /// `ordered` still this controller's children, in that order, then any child the calls
    /// gave it by other means (`addChild`). A container's lists are what its links say.
    func keepChildren(inOrder ordered: [ViewController]) {
        childrenWillChange(moving: nil)
        let listed = Set(ordered.lazy.map(ObjectIdentifier.init))
        let others = children.filter { $0.parent === self && !listed.contains(ObjectIdentifier($0)) }
        children = ordered.filter { $0.parent === self } + others
    }

    /// Children leaving this container at its own request, together: out of `children` in
    /// one pass, without telling the container (it is the one asking) and without callbacks
    /// (the container sends them).
    func detachChildren(_ leaving: [ViewController]) {
        guard !leaving.isEmpty else { return }
        childrenWillChange(moving: leaving.count == 1 ? leaving[0] : nil)
        let gone = Set(leaving.lazy.map(ObjectIdentifier.init))
        // The last ones (a pop) leave without a pass over the others.
        if children.count >= leaving.count,
            children.suffix(leaving.count).allSatisfy({ gone.contains(ObjectIdentifier($0)) })
        {
            children.removeLast(leaving.count)
        } else {
            children.removeAll { gone.contains(ObjectIdentifier($0)) }
        }
        for child in leaving {
            child.parent = nil
            world.noteLostHold(child)
            child.detachFromParentTransition()
        }
        for child in leaving { child.appearIfUncovered() }
    }

    /// A container letting a child go on its own: `willMove(toParent: nil)`, out of the
    /// container without telling it (it is the one asking), then `didMove(toParent: nil)`.
    ///
    /// Its `willMove` is the client's code: a controller it gave another parent meanwhile is
    /// that one's now, and is neither taken from it nor told `didMove(toParent: nil)` (the
    /// fuzzer's seed 1343).
    func leaveContainer() {
        let container = parent
        willMove(toParent: nil)
        guard parent === container else { return }
        detachFromParent(tellingParent: false)
        didMove(toParent: nil)
    }

    /// The container that holds this controller without being its parent, as UIKit's would
    /// be: the navigation controller whose swipe back is taking it off (UIKit removes it from
    /// its parent only when the pop completes, and a cancel puts it back here), or the tab
    /// bar that lists it under More while the More list does not show it (UIKit's tabs are
    /// all the tab bar's children), the tab bar of a More navigation controller, or the
    /// collapsed split that set its secondary aside. Nil for any other controller without a
    /// parent. Containment and presentation cycles are checked through it (D-102).
    ///
    /// A window's root and a presented controller may have no parent: what would give this
    /// one a parent again refuses it as a parent does, before anything changes (issue 17,
    /// item 6).
    var heldParent: ViewController? {
        guard parent == nil else { return nil }
        // A swipe back took it off: the navigation controller's interactive pop still runs.
        if let pop = world.runningTransitions.first(where: {
            $0.isUserSwipe && $0.from === self
        }) {
            return pop.container
        }
        // A tab listed under More, a secondary set aside, a More navigation controller.
        if let keeper, keeper.keepsAside(self) { return keeper }
        return nil
    }

    /// Whether `controller` is this one or one of its ancestors: making it a child would make
    /// the hierarchy contain itself.
    func wouldContain(_ controller: ViewController) -> Bool {
        controller === self || isHeld(by: controller)
    }

    /// Whether `controller` is one of this controller's ancestors (walks `parent`, allocates
    /// nothing: it runs for every controller that starts to disappear during a transition).
    func isInside(_ controller: ViewController) -> Bool {
        var current = parent
        while let candidate = current {
            if candidate === controller { return true }
            current = candidate.parent
        }
        return false
    }

    /// Whether `controller` holds this one, through parents or a held parent (a tab listed
    /// under More is the tab bar's, as UIKit's tabs are all its children): the container
    /// may put this controller's view in its own.
    func isHeld(by controller: ViewController) -> Bool {
        var current = parent ?? heldParent
        while let candidate = current {
            if candidate === controller { return true }
            current = candidate.parent ?? candidate.heldParent
        }
        return false
    }

    /// `transition(from:to:duration:options:animations:completion:)` (A-4, CON-07).
    ///
    /// Both controllers must be children of the receiver. `to`'s view replaces `from`'s in
    /// `from`'s superview. On screen the transition brackets both in appearance calls:
    /// `from` will-disappear, `to` will-appear; after `duration` seconds of virtual time (or
    /// in the commit when it is 0) `from`'s view is removed, then `to` did-appear, `from`
    /// did-disappear (CON-07's log ends the incoming child first), and `completion(true)`.
    /// A `to` view added by hand first gets CON-09's warning (O-whacky).
    public func transition(
        from: ViewController, to: ViewController, duration: Double,
        completion: ((Bool) -> Void)? = nil
    ) throws {
        let container = try checkTransition(from: from, to: to, duration: duration)
        try world.checkParentage(of: to, under: container)
        try container.validateAdding(to.view)
        let transition = ContainerTransition(
            container: self, kind: .modal, animated: duration > 0, from: from, to: to, destination: container,
            hooks: ChildSwap(completion: completion))
        transition.rule = .con07
        transition.durationRule = .clientDuration
        transition.begin(timing: duration > 0 ? .seconds(duration) : .endOfTurn)
    }

    /// UIKit's refusals of `transition(from:to:)`, and the engine's; returns the superview
    /// `to`'s view goes into.
    private func checkTransition(from: ViewController, to: ViewController, duration: Double) throws -> View {
        guard from.parent === self, to.parent === self, from !== to else {
            throw UIKitException.invalidArgument(
                "Children view controllers \(from.name) and \(to.name) must have a common parent view "
                    + "controller when calling -[UIViewController transitionFromViewController:"
                    + "toViewController:duration:options:animations:completion:]")
        }
        guard shouldAutomaticallyForwardAppearanceMethods else {
            throw UIKitException.invalidArgument(
                "\(name) forwards appearance callbacks to its children itself and cannot call "
                    + "-[UIViewController transitionFromViewController:toViewController:duration:options:"
                    + "animations:completion:]")
        }
        guard duration.isFinite, duration >= 0 else {
            throw UsageError(.badTransitionDuration(duration))
        }
        guard let container = from.viewIfLoaded?.superview else {
            throw UIKitException.internalInconsistency(
                "transition(from:to:) needs \(from.name)'s view in a superview, to put \(to.name)'s view in its place")
        }
        return container
    }
}

/// The hooks of `transition(from:to:)` (CON-07): the outgoing view leaves as it ends, then
/// the completion runs; a `to` already on screen gets CON-09's warning (O-whacky).
private final class ChildSwap: ContainerTransitionHooks {
    let completion: ((Bool) -> Void)?

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    func transition(_ transition: ContainerTransition, incomingAlreadyShown incoming: ViewController) {
        incoming.warnUnbalanced()
    }

    func transitionRemoveOutgoing(_ transition: ContainerTransition) {
        transition.from?.viewIfLoaded?.removeFromSuperview()
    }

    func transitionDidClose(_ transition: ContainerTransition) {
        completion?(true)
    }
}
