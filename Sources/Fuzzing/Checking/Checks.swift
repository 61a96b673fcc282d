import HierarchyEngine

/// The checks themselves: the engine's invariant families, and the fuzzer's own (the tab
/// bar's model, what `settle()` must leave, what shows on screen).
extension FuzzHarness {
    /// The link families: after a top-level step each under its own name; from inside a
    /// callback (`place` says where) all as `callback-links`, where the tab bar's model is
    /// not checked, since a tab bar calls back while it changes its tabs.
    func checkLinks(_ world: World, family: Family? = nil, place: String? = nil) {
        let families: [(Family, InvariantFamily)] = [
            (.containment, .containment), (.presentation, .presentation), (.window, .window),
        ]
        for (own, engine) in families {
            for violation in world.invariantViolations(engine) {
                record(family ?? own, place.map { "\($0): \(violation)" } ?? violation)
            }
        }
        if family == nil {
            for violation in Self.tabBarViolations(world) { record(.tabs, violation) }
        }
    }

    /// A tab bar's items are its children: its tabs, or with six or more the first four and
    /// the More navigation controller (D-25, D-26); it selects one of its tabs or More, and
    /// something whenever it has tabs (TAB-01, TAB-07).
    ///
    /// The converse, that every child is an item, is not checked: a script may call
    /// `addChild` on a tab bar itself, which neither UIKit's documentation nor the engine's
    /// decisions say what to make of (reported as doubtful).
    static func tabBarViolations(_ world: World) -> [String] {
        var found: [String] = []
        for tabs in world.controllers.compactMap({ $0 as? TabBarController }) {
            let items = (try? tabs.items()) ?? []
            let missing = items.filter { item in !tabs.children.contains { $0 === item } }
            if !missing.isEmpty {
                found.append(
                    "\(tabs.name)'s items [\(names(items))] are not all among its children [\(names(tabs.children))].")
            }
            found += selectionViolations(tabs, items: items)
        }
        return found
    }

    private static func selectionViolations(_ tabs: TabBarController, items: [ViewController]) -> [String] {
        guard let selected = tabs.selectedViewController else {
            return tabs.viewControllers.isEmpty ? [] : ["\(tabs.name) has tabs but selects none."]
        }
        let isMore = tabs.hasMoreItem && items.last === selected
        guard !tabs.viewControllers.contains(where: { $0 === selected }), !isMore else { return [] }
        return ["\(tabs.name) selects \(selected.name), which is not one of its tabs [\(names(tabs.viewControllers))]."]
    }

    static func names(_ controllers: [ViewController]) -> String {
        controllers.map(\.name).joined(separator: ", ")
    }

    /// Whether the controller a visibility violation names (its first word) has its
    /// appearance driven by the client: the engine's check leaves out only those whose last
    /// change was the client's, not those under an open begin of the client's.
    static func isClientDriven(_ violation: String, _ world: World) -> Bool {
        let name = violation.prefix { $0 != " " }
        return world.controller(named: String(name))?.isAppearanceClientDriven ?? false
    }

    /// The gestures and interactions a finger still holds.
    func openGestures(_ gestures: [AnyObject]) -> [AnyObject] {
        gestures.filter { gesture in
            let state = (gesture as? InteractiveSwipe)?.state ?? (gesture as? PercentDrivenInteractiveTransition)?.state
            return state == .began || state == .changed
        }
    }

    /// After `settle()`: no transition runs but one a finger holds, and, unless a finger
    /// holds one, nothing is half-way through appearing or being presented or dismissed,
    /// and nothing on screen under an appeared parent is disappeared.
    func checkSettled(_ world: World, openGestureCount: Int) {
        for transition in world.runningTransitionSummaries where !transition.isInteractive || openGestureCount == 0 {
            let what = transition.isInteractive ? "the interactive transition" : "the transition"
            record(
                .settled,
                "\(what) of \(transition.container) (\(transition.outgoing.joined(separator: ", ")) -> "
                    + "\(transition.incoming ?? "nil")) is still running after settle()"
                    + (transition.isInteractive ? ", though no finger holds a gesture" : ""))
        }
        guard openGestureCount == 0, !appearanceTakenOver else { return }
        for controller in world.controllers where !controller.isAppearanceClientDriven {
            for violation in Self.unsettled(controller) { record(.settled, violation) }
            if let violation = Self.hiddenOnScreen(controller) { record(.onScreen, violation) }
        }
    }

    /// A controller left half-way by `settle()`.
    static func unsettled(_ controller: ViewController) -> [String] {
        var found: [String] = []
        if controller.appearance == .appearing || controller.appearance == .disappearing {
            found.append("\(controller.name) is still \(controller.appearance.rawValue) after settle().")
        }
        if controller.isBeingPresented { found.append("\(controller.name) is still being presented after settle().") }
        if controller.isBeingDismissed { found.append("\(controller.name) is still being dismissed after settle().") }
        return found
    }

    /// A controller whose view is on screen, at a root or in the view tree of an appeared
    /// parent, but that is disappeared (G-02: a view in a shown window has appeared). A
    /// child whose view the client put elsewhere follows its view's moves only (D-100).
    static func hiddenOnScreen(_ controller: ViewController) -> String? {
        guard controller.appearance == .disappeared, controller.isViewOnScreen,
            let window = controller.viewIfLoaded?.window
        else { return nil }
        guard let parent = controller.parent else {
            return "\(controller.name) is disappeared after settle(), but its view is on screen in \(window.name) "
                + "(it has no parent)."
        }
        guard parent.appearance == .appeared, controller.isViewInParentsTree else { return nil }
        return "\(controller.name) is disappeared after settle(), but its view is on screen in \(window.name) "
            + "and its parent \(parent.name) is appeared."
    }
}

/// The loops that would make the engine's own walks (up the parents, down the view tree) run
/// for ever: found first, reported, and the scenario stopped, since nothing after them can be
/// checked or even run.
extension FuzzHarness {
    /// A loop in the parent links (family `containment`) or in the view tree (`window`).
    static func cycle(in world: World) -> (Family, String)? {
        for controller in world.controllers {
            if let loop = parentLoop(from: controller) { return (.containment, loop) }
            if let view = controller.viewIfLoaded, let loop = superviewLoop(from: view) { return (.window, loop) }
        }
        for window in world.windows {
            if let loop = subviewLoop(under: window) { return (.window, loop) }
        }
        return nil
    }

    private static func parentLoop(from controller: ViewController) -> String? {
        linkLoop(from: controller, named: \.name, next: \.parent).map { "the parent links loop: " + $0 }
    }

    private static func superviewLoop(from view: View) -> String? {
        linkLoop(from: view, named: \.name, next: \.superview).map { "the superview links loop: " + $0 }
    }

    /// The chain of names from `start` along `next` up to the first object met twice, or nil
    /// when the chain ends.
    private static func linkLoop<Object: AnyObject>(
        from start: Object, named name: (Object) -> String, next: (Object) -> Object?
    ) -> String? {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        var chain = [name(start)]
        var current = next(start)
        while let object = current {
            chain.append(name(object))
            guard seen.insert(ObjectIdentifier(object)).inserted else { return chain.joined(separator: " -> ") }
            current = next(object)
        }
        return nil
    }

    private static func subviewLoop(under window: Window) -> String? {
        var seen: Set<ObjectIdentifier> = []
        var pending: [View] = [window]
        while let view = pending.popLast() {
            guard seen.insert(ObjectIdentifier(view)).inserted else {
                return "the view tree of \(window.name) reaches \(view.name) twice"
            }
            pending += view.subviews
        }
        return nil
    }
}

/// The error that stops a scenario whose hierarchy loops.
struct FuzzAbort: Error, CustomStringConvertible {
    static let marker = "FUZZ-ABORT"
    var reason: String
    var description: String { "\(Self.marker): \(reason)" }
}
