/// An action `targetViewController(forAction:sender:)` routes (BEHAVIOR.md SHOW-01): UIKit's
/// selectors `show(_:sender:)` and `showDetailViewController(_:sender:)`, by their base names.
public enum Action: String, CaseIterable, Sendable {
    case show, showDetailViewController
}

/// Routing with `show` and `showDetailViewController` (SHOW-01, SHOW-02, SHOW-03, NAV-16).
///
/// A controller is the target of an action when its class overrides the action's method
/// (a navigation controller overrides `show`) or its `overrides` do, and its
/// `canPerformAction` does not say no. UIKit's default `show` and `showDetailViewController`
/// find the target from the receiver up through `parent` and call the method on it; with no
/// target, the window's root presents the controller (D-52):
///
///     try nav.pushViewController(a, animated: true)
///     try a.show(b, sender: nil)       // the target is Nav, which pushes B (animated)
///     try plain.show(c, sender: nil)   // no target: the window's root presents C
extension ViewController {
    /// Whether this controller overrides `action`: its class does, or its `overrides` do.
    func overrides(_ action: Action) -> Bool {
        type(of: self).overriddenActions.contains(action) || overrides?.overrides(action, on: self) == true
    }

    /// `canPerformAction(_:withSender:)`: the `overrides`' answer when they override it (traced
    /// as a call into the app's code), else yes, since every controller responds to both
    /// actions.
    public func canPerformAction(_ action: Action, sender: ViewController?) -> Bool {
        guard let client = overrides, client.overridesCanPerformAction(on: self) else { return true }
        world.trace.record(
            TraceEvent(
                .presentation, name, "canPerformAction",
                [TraceArgument(nil, .string(action.rawValue)), TraceArgument("withSender", Self.traced(sender))]))
        return client.canPerform(action, sender: sender, on: self)
    }

    /// The controller that handles `action` (SHOW-01): this one if it overrides the action
    /// and can perform it, else the first such controller up through `parent`; nil if none.
    ///
    /// `canPerformAction` is asked before the override is looked at, as UIKit does, so a
    /// client's `canPerformAction` hears of every walk that passes it.
    public func targetViewController(forAction action: Action, sender: ViewController?) -> ViewController? {
        var candidate: ViewController? = self
        while let current = candidate {
            if current.canPerformAction(action, sender: sender), current.overrides(action) { return current }
            candidate = current.parent
        }
        return nil
    }

    /// `show(_:sender:)`: the client's override if there is one, else the class's behaviour
    /// (SHOW-02).
    public func show(_ controller: ViewController, sender: ViewController?) throws {
        if try performClientOverride(.show, controller, sender: sender) { return }
        try showByClass(controller, sender: sender)
    }

    /// `showDetailViewController(_:sender:)`: the client's override if there is one, else
    /// the class's behaviour (SHOW-03).
    public func showDetailViewController(_ controller: ViewController, sender: ViewController?) throws {
        if try performClientOverride(.showDetailViewController, controller, sender: sender) { return }
        try showDetailByClass(controller, sender: sender)
    }

    /// UIViewController's `show` and `showDetailViewController`: forwards to the target of
    /// the action, or has the window's root present the controller.
    func route(_ action: Action, _ controller: ViewController, sender: ViewController?) throws {
        guard let target = targetViewController(forAction: action, sender: sender) else {
            // SHOW-02/03: "uses the window's root view controller to present vc modally";
            // outside a window there is no root, and nothing happens (D-52).
            guard let root = viewIfLoaded?.window?.rootViewController else { return }
            return try root.present(controller, animated: world.areAnimationsEnabled)
        }
        switch action {
        case .show: try target.show(controller, sender: sender)
        case .showDetailViewController: try target.showDetailViewController(controller, sender: sender)
        }
    }

    /// Runs and traces the client's override of `action`, if it has one.
    private func performClientOverride(
        _ action: Action, _ controller: ViewController, sender: ViewController?
    ) throws
        -> Bool
    {
        guard let client = overrides, client.overrides(action, on: self) else { return false }
        world.trace.record(
            TraceEvent(
                .presentation, name, action.rawValue,
                [TraceArgument(nil, .controller(controller.name)), TraceArgument("sender", Self.traced(sender))]))
        client.perform(action, showing: controller, sender: sender, on: self)
        return true
    }

    static func traced(_ controller: ViewController?) -> TraceValue {
        controller.map { .controller($0.name) } ?? .none
    }
}
