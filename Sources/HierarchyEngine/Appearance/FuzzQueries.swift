/// Read-only queries for property-based tests (the project's fuzzer, `Sources/Fuzzing`): the
/// invariants of Invariants.swift one family at a time, the container transitions still
/// running, and a stable text of the whole state, to tell whether an operation that failed
/// changed anything. Nothing here changes the world; in particular nothing creates a
/// controller (a tab bar's More navigation controller is made on first use, so it is only
/// read where it must already exist).
///
///     let before = world.stateText
///     try? nav.pushViewController(nav, animated: true)       // refused
///     assert(world.stateText == before)
///     assert(world.invariantViolations(.containment).isEmpty)

/// The families of `World.invariantViolations()`, each checkable on its own.
public enum InvariantFamily: String, CaseIterable, Sendable {
    /// A parent lists each child once, and every child names its parent.
    case containment
    /// A presentation is held by its presenter and named by the controller it shows.
    case presentation
    /// A window's root is nobody's child and not presented; a view's subviews name it as
    /// their superview, each once.
    case window
    /// No controller appearing or appeared whose view is not in a shown window, or whose
    /// parent is not appearing or appeared (unless the client drives its appearance).
    case visibility
}

extension World {
    /// The broken invariants of one family, in the order `invariantViolations()` gives them.
    public func invariantViolations(_ family: InvariantFamily) -> [String] {
        switch family {
        case .containment: return controllers.flatMap(\.containmentViolations)
        case .presentation: return controllers.flatMap(\.presentationViolations)
        case .window: return windows.flatMap(\.invariantViolations)
        case .visibility: return controllers.flatMap(\.visibilityViolations)
        }
    }

    /// A container transition that has begun and not ended, as a test sees it.
    public struct RunningTransition: Sendable, Equatable {
        /// The controller whose transition it is.
        public var container: String
        /// The controller it brings in, if any.
        public var incoming: String?
        /// The controllers it takes out.
        public var outgoing: [String]
        /// Whether a gesture drives it: it ends only when the finger lifts.
        public var isInteractive: Bool
    }

    /// The container transitions that have begun and not ended, oldest first (M-13).
    public var runningTransitionSummaries: [RunningTransition] {
        runningTransitions.map { transition in
            RunningTransition(
                container: transition.container.name, incoming: transition.incoming?.name,
                outgoing: transition.outgoing.map(\.controller.name), isInteractive: transition.interaction != nil)
        }
    }

    /// The whole state as stable text: every controller (in name order) with its links,
    /// appearance, flags and view's place, every window (in the order made) with its view
    /// tree, the clock, the running transitions and the number of trace events. Two equal
    /// texts mean nothing a client can observe changed, pending run-loop work aside.
    ///
    /// The events counted leave out the questions UIKit asks the client's code before it
    /// acts, which it may ask before it refuses (`canPerformAction` and the delegates, as a
    /// `show` routes and its target's delegate is consulted).
    public var stateText: String {
        let events = trace.countEvents { !TraceEvent.isQuestionToClient(category: $0, name: $1) }
        var lines: [String] = ["time \(runLoop.microseconds) us, \(events) events"]
        lines += controllers.map(\.stateLine)
        for window in windows {
            var line = "window \(window.name): root \(window.rootViewController?.name ?? "nil")"
            line += window.isHidden ? ", hidden" : ", shown"
            line += window.isKeyWindow ? ", key" : ""
            line += ", \(window.size.traceText) \(window.traitCollection.traceText)"
            lines.append(line)
            window.forEachInSubtree { view in
                guard !view.subviews.isEmpty else { return }
                lines.append("  \(view.name) > " + view.subviews.map(\.name).joined(separator: ", "))
            }
        }
        lines += runningTransitionSummaries.map { transition in
            "transition of \(transition.container): \(transition.outgoing.joined(separator: ", ")) -> "
                + (transition.incoming ?? "nil") + (transition.isInteractive ? " (interactive)" : "")
        }
        return lines.joined(separator: "\n")
    }
}

extension ViewController {
    /// Whether the client answers for this controller's appearance (its own begin/end calls
    /// made it, or an ancestor's, or an ancestor forwards by hand): the invariants about
    /// what shows leave such a controller alone, as UIKit allows it (CON-08).
    ///
    /// An open `beginAppearanceTransition` of the client's (here or above) counts too: while
    /// it is open the view path leaves the controller alone (CON-08, CON-09), so what it
    /// shows is the client's to end.
    public var isAppearanceClientDriven: Bool {
        isAppearanceUpToClient || explicitLevel != 0 || ancestors.contains { $0.explicitLevel != 0 }
    }

    /// The presentation this controller hosts as presenter, by its presented controller's
    /// name, without walking the ancestors as `presentedViewController` does.
    public var hostedPresentationName: String? { hostedPresentation?.presented.name }

    /// The presenter of the presentation that shows this very controller, without asking
    /// the top of its containment tree as `presentingViewController` does.
    public var showingPresenterName: String? { showingPresentation?.presenter.name }

    /// One line of `World.stateText`.
    var stateLine: String {
        var parts = ["\(name): \(appearance.rawValue)"]
        parts.append("parent \(parent?.name ?? "nil")")
        parts.append("children [" + children.map(\.name).joined(separator: ", ") + "]")
        if let hosted = hostedPresentation {
            parts.append("presents \(hosted.presented.name) (\(hosted.style.rawValue))")
        }
        if let showing = showingPresentation { parts.append("presented by \(showing.presenter.name)") }
        var flags: [String] = []
        if isBeingPresented { flags.append("beingPresented") }
        if isBeingDismissed { flags.append("beingDismissed") }
        if isMovingToParent { flags.append("movingToParent") }
        if isMovingFromParent { flags.append("movingFromParent") }
        if explicitLevel != 0 { flags.append("explicitLevel \(explicitLevel)") }
        if !shouldAutomaticallyForwardAppearanceMethods { flags.append("forwardsByHand") }
        if definesPresentationContext { flags.append("definesContext") }
        if !flags.isEmpty { parts.append(flags.joined(separator: " ")) }
        if let view = viewIfLoaded {
            parts.append("view in \(view.superview?.name ?? "nothing")")
        } else {
            parts.append("view not loaded")
        }
        if let tabs = self as? TabBarController {
            parts.append("tabs [" + tabs.viewControllers.map(\.name).joined(separator: ", ") + "]")
            parts.append("selected \(tabs.selectedViewController?.name ?? "nil")")
        }
        if let split = self as? SplitViewController { parts.append(split.isCollapsed ? "collapsed" : "expanded") }
        return parts.joined(separator: ", ")
    }
}

extension TraceEvent {
    /// Whether the event is UIKit asking the client's code something (a delegate's method,
    /// `canPerformAction`) rather than the hierarchy changing.
    public var isQuestionToClient: Bool { Self.isQuestionToClient(category: category, name: name) }

    static func isQuestionToClient(category: EventCategory, name: String) -> Bool {
        category == .delegate || name == "canPerformAction"
    }
}
