/// The hierarchy's invariants: what must hold whenever a run-loop turn has ended, whatever
/// the client did.
///
/// The engine keeps each relation from both ends (a parent lists its children and each
/// child names its parent; a presentation is held by its presenter and named by what it
/// shows), so a bug that updates one end only goes unseen until something reads the other.
/// A controller that shows while nothing can see it is the other kind of bug: UIKit never
/// sends `viewDidAppear` to a view outside a shown window on its own. Tests call
/// `invariantViolations()` from `RunLoop.turnDidEnd`, after every turn of every scenario.
///
///     world.runLoop.turnDidEnd = { [unowned world] in
///         for violation in world.invariantViolations() { print(violation) }
///     }
extension World {
    /// Every controller this world made, sorted by name: the same order on every run.
    public var controllers: [ViewController] {
        controllersByName.values.sorted { $0.name < $1.name }
    }

    /// The broken invariants, one self-contained sentence each naming the controllers (or
    /// views) involved; empty when the hierarchy is sound.
    ///
    /// Controllers come in name order, then windows in the order they were made, so the
    /// same hierarchy always gives the same list.
    public func invariantViolations() -> [String] {
        controllers.flatMap(\.invariantViolations) + windows.flatMap(\.invariantViolations)
    }
}

extension ViewController {
    /// This controller's broken invariants: its containment and presentation links, and
    /// whether it shows where it can be seen.
    var invariantViolations: [String] {
        containmentViolations + presentationViolations + visibilityViolations
    }

    // MARK: Containment links

    /// The parent lists this controller exactly once, and every child names this
    /// controller as its parent. A duplicate is reported from the child's side only.
    var containmentViolations: [String] {
        var found: [String] = []
        if let parent {
            let count = parent.children.count { $0 === self }
            if count == 0 {
                found.append(
                    "\(name) names \(parent.name) as its parent, but \(parent.name)'s children do not include \(name).")
            }
            if count > 1 { found.append("\(parent.name) lists \(name) \(count) times among its children.") }
        }
        for child in children where child.parent !== self {
            let actual = child.parent?.name ?? "nil"
            found.append("\(name) lists \(child.name) as a child, but \(child.name)'s parent is \(actual).")
        }
        return found
    }

    // MARK: Presentation links

    /// A presentation is held by its presenter and named by the controller it shows; both
    /// ends must point at the same presentation (Presentation.swift).
    var presentationViolations: [String] {
        hostedPresentationViolations + showingPresentationViolations
    }

    private var hostedPresentationViolations: [String] {
        guard let hosted = hostedPresentation else { return [] }
        var found: [String] = []
        if hosted.presenter !== self {
            found.append(
                "\(name) hosts the presentation of \(hosted.presented.name), whose presenter is \(hosted.presenter.name)."
            )
        }
        if hosted.presented.showingPresentation !== hosted {
            found.append(
                "\(name) hosts the presentation of \(hosted.presented.name), "
                    + "but \(hosted.presented.name) \(Self.describe(hosted.presented.showingPresentation)).")
        }
        return found
    }

    private var showingPresentationViolations: [String] {
        guard let showing = showingPresentation else { return [] }
        var found: [String] = []
        if showing.presented !== self {
            found.append(
                "\(name) is shown by the presentation of \(showing.presented.name) (presenter \(showing.presenter.name))."
            )
        }
        if showing.presenter.hostedPresentation !== showing {
            found.append(
                "\(name) is shown by a presentation of \(showing.presenter.name), "
                    + "but \(showing.presenter.name) \(Self.describeHosted(showing.presenter.hostedPresentation)).")
        }
        return found
    }

    private static func describe(_ showing: Presentation?) -> String {
        guard let showing else { return "is shown by no presentation" }
        return "is shown by another presentation (of \(showing.presented.name) by \(showing.presenter.name))"
    }

    private static func describeHosted(_ hosted: Presentation?) -> String {
        guard let hosted else { return "hosts no presentation" }
        return "hosts another (of \(hosted.presented.name))"
    }

    // MARK: Nothing appears where it cannot be seen

    /// An appearing or appeared controller has its view in a shown window, and its parent
    /// is not disappearing or disappeared (M-1, M-2).
    ///
    /// Not checked where the state is the client's own doing, as UIKit allows it: the
    /// controller or an ancestor was last moved by the client's explicit begin/end calls
    /// (CON-08 works without a window), or an ancestor forwards appearance by hand.
    /// Nor while a client's animator runs the transition that brings it in: the animator
    /// puts its view in place when it chooses (CUS-03, D-109, D-111).
    var visibilityViolations: [String] {
        guard appearance.isShowing, !isAppearanceUpToClient, !isComingInUnderClientAnimator else { return [] }
        var found: [String] = []
        if !isViewOnScreen { found.append("\(name) is \(appearance.rawValue) but \(whereViewIs).") }
        if let parent, !parent.appearance.isShowing, isViewInParentsTree {
            found.append(
                "\(name) is \(appearance.rawValue) but its parent \(parent.name) is \(parent.appearance.rawValue).")
        }
        return found
    }

    /// Whether the view, if loaded and in a window, lies in the parent's view tree: a child
    /// whose view the client put elsewhere in a window (even while its parent's view is not
    /// loaded) appears and disappears with that view, as UIKit's view path drives it; its
    /// parent's state says nothing about it (D-100). A view in no window is held to its parent.
    public var isViewInParentsTree: Bool {
        guard let view = viewIfLoaded, view.window != nil else { return true }
        guard let parentView = parent?.viewIfLoaded else { return false }
        return view.isDescendant(of: parentView)
    }

    /// Whether a running transition that a client's animator drives brings this controller in.
    var isComingInUnderClientAnimator: Bool {
        world.runningTransitions.contains { $0.animator != nil && $0.bracketedIn === self }
    }

    /// Whether the client answers for this controller's appearance: its own explicit calls
    /// made it, or made an ancestor's, or an ancestor forwards appearance by hand.
    var isAppearanceUpToClient: Bool {
        appearanceOwedToClient
            || ancestors.contains { $0.appearanceOwedToClient || !$0.shouldAutomaticallyForwardAppearanceMethods }
    }

    /// Why the view is not on screen, for a message.
    private var whereViewIs: String {
        guard let view = viewIfLoaded else { return "its view is not loaded" }
        guard let window = view.window else { return "its view is in no window" }
        return "its view is in the hidden window \(window.name)"
    }

    // MARK: The client's explicit appearance calls

    /// `beginAppearanceTransition(_:animated:)` as the client's own code calls it, not a
    /// container's: the same call, and the appearance it leaves is marked as the client's.
    ///
    /// CON-08 lets code drive a controller's appearance without a window; the invariant
    /// that only what is on screen appears must not blame the engine for it. The mark
    /// (`appearanceOwedToClient`) is set only when this call changed the appearance (an
    /// unbalanced call changes nothing and leaves the mark as it was), and any later change
    /// by anything else (the view path, a container's forwarding or brackets) clears it,
    /// since every change of `appearance` does.
    ///
    ///     c.clientBeginAppearanceTransition(true, animated: false)   // C appearing, in no
    ///                                                                // window: no violation
    public func clientBeginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        markingClientAppearance { beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// `endAppearanceTransition()` as a client's own code calls it; see
    /// `clientBeginAppearanceTransition`.
    public func clientEndAppearanceTransition() {
        markingClientAppearance { endAppearanceTransition() }
    }

    private func markingClientAppearance(_ call: () -> Void) {
        let before = appearance
        call()
        if appearance != before { appearanceOwedToClient = true }
    }
}

extension Window {
    /// This window's broken invariants: its root controller is nobody's child and not
    /// presented, and its view tree's links are symmetric.
    var invariantViolations: [String] {
        var found: [String] = []
        if let root = rootViewController {
            if let parent = root.parent {
                found.append("\(name)'s root view controller \(root.name) has a parent, \(parent.name).")
            }
            if let showing = root.showingPresentation {
                found.append("\(name)'s root view controller \(root.name) is presented by \(showing.presenter.name).")
            }
        }
        forEachInSubtree { found += $0.subviewViolations }
        return found
    }
}

extension View {
    /// Each subview names this view as its superview and is listed once.
    var subviewViolations: [String] {
        var found: [String] = []
        for (index, subview) in subviews.enumerated() {
            if subview.superview !== self {
                let actual = subview.superview?.name ?? "nil"
                found.append("\(name) lists \(subview.name) as a subview, but its superview is \(actual).")
            }
            if subviews[..<index].contains(where: { $0 === subview }) {
                found.append("\(name) lists \(subview.name) more than once among its subviews.")
            }
        }
        return found
    }
}
