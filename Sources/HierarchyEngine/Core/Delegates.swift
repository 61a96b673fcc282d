/// A delegate object: UIKit calls only the methods a delegate implements, and
/// the trace records each call under its owner (SPEC §3.3, §4):
///
///     Nav.delegate.willShow(B, animated: true)
///     Tabs.delegate.shouldSelect(T2)
public protocol Delegate: AnyObject {
    /// Whether the delegate implements `method`.
    func implements(_ method: DelegateMethod) -> Bool
    /// Calls `method` with the owner (a controller, or a presentation controller) first, then
    /// `arguments`; returns the delegate's answer (`shouldSelect`: `true` allows). Must not
    /// throw: errors are the binding's to keep and report, and answer `.nothing`.
    func call(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> DelegateAnswer
    /// Calls `method`, which answers with an animator (`animationControllerFor`, ICT-01), with
    /// the owner first; nil for UIKit's own animation.
    func animator(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> TransitionAnimator?
    /// Calls `method`, which answers with an interaction controller (`interactionControllerFor`,
    /// ICT-01, ICT-03), with the owner first; nil for a transition no finger drives.
    func interaction(
        _ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]
    )
        -> PercentDrivenInteractiveTransition?
    /// Calls `method`, which answers with a controller (a page view controller's data source,
    /// PAG-04), with the owner first; nil for none.
    func controller(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> ViewController?
}

extension Delegate {
    public func animator(
        _ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]
    )
        -> TransitionAnimator?
    { nil }

    public func interaction(
        _ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]
    ) -> PercentDrivenInteractiveTransition? { nil }

    public func controller(
        _ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]
    )
        -> ViewController?
    { nil }
}

/// The delegate methods the engine calls, by the names the trace gives them (SPEC §3.3):
/// UIKit's delegate protocols, one case a method.
public enum DelegateMethod: String, CaseIterable, Sendable {
    /// UINavigationControllerDelegate (NAV-01, NAV-02, ICT-01).
    case willShow, didShow, animationControllerFor
    /// UINavigationControllerDelegate and UITabBarControllerDelegate (ICT-01, ICT-03).
    case interactionControllerFor
    /// UITabBarControllerDelegate (TAB-02..TAB-05, ICT-03).
    case shouldSelect, didSelect, animationControllerForTransition
    /// UIAdaptivePresentationControllerDelegate (PRE-04, PRE-14).
    case shouldDismiss, willDismiss, didDismiss, didAttemptToDismiss, adaptivePresentationStyle
    /// UIAdaptivePresentationControllerDelegate, as a presentation adapts while shown (ADP-02, ADP-03).
    case viewControllerForAdaptivePresentationStyle, willPresentWithAdaptiveStyle
    /// UISplitViewControllerDelegate (SHOW-04, SHOW-05).
    case collapseSecondary, showDetail, show
    /// UIPageViewControllerDataSource and UIPageViewControllerDelegate (PAG-04).
    case viewControllerBefore, viewControllerAfter, willTransitionTo, didFinishAnimating
}

/// What a delegate method returned.
public enum DelegateAnswer: Equatable, Sendable {
    case nothing
    case bool(Bool)
    case string(String)

    /// Whether the answer allows what the delegate was asked: only `true` does (SPEC §3.3).
    public var allows: Bool { self == .bool(true) }
}

/// One argument of a delegate call, with the label UIKit's Swift signature gives it.
public struct DelegateArgument {
    public var label: String?
    public var value: Value

    public enum Value {
        case controller(ViewController?)
        case bool(Bool)
        case traits(TraitCollection)
        case string(String)
        /// An animator, as the interaction controller's question gives it (ICT-01).
        case animator(TransitionAnimator)
        /// A list of controllers (a page view controller's pages, PAG-04).
        case controllers([ViewController])
    }

    init(_ label: String? = nil, _ value: Value) {
        self.label = label
        self.value = value
    }

    var traceArgument: TraceArgument {
        switch value {
        case .controller(let controller): return TraceArgument(label, controller.map { .controller($0.name) } ?? .none)
        case .bool(let flag): return TraceArgument(label, .bool(flag))
        case .traits(let traits): return TraceArgument(label, .literal(traits.traceText))
        case .string(let text): return TraceArgument(label, .string(text))
        case .animator(let animator): return TraceArgument(label, .literal(animator.name))
        case .controllers(let controllers):
            return TraceArgument(label, .literal("[" + controllers.map(\.name).joined(separator: ", ") + "]"))
        }
    }
}

extension World {
    /// Calls `method` of `delegate` if it implements it, recording the call under
    /// `ownerName.delegate` first. Returns the answer, or nil when the method is not implemented.
    @discardableResult
    func ask(
        _ delegate: Delegate?, of owner: AnyObject, named ownerName: String, _ method: DelegateMethod,
        _ arguments: [DelegateArgument]
    ) -> DelegateAnswer? {
        guard let delegate, delegate.implements(method) else { return nil }
        recordDelegateCall(ownerName + ".delegate", method.rawValue, arguments)
        return trace.asClient { delegate.call(method, owner: owner, arguments: arguments) }
    }

    /// Records a call of a client's delegate-like object (`Nav.delegate.willShow(B, animated: true)`).
    func recordDelegateCall(_ receiver: String, _ method: String, _ arguments: [DelegateArgument]) {
        trace.record(TraceEvent(.delegate, receiver, method, arguments.map(\.traceArgument)))
    }
}

extension ViewController {
    /// Calls `method` of this controller's `delegate` if it implements it (`Nav.delegate.willShow`).
    @discardableResult
    func ask(_ delegate: Delegate?, _ method: DelegateMethod, _ arguments: [DelegateArgument]) -> DelegateAnswer? {
        world.ask(delegate, of: self, named: name, method, arguments)
    }
}
