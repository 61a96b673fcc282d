/// A split view controller, as the classic `UISplitViewController` is: a primary and a
/// secondary column side by side in a regular-width window, collapsed onto the primary in a
/// compact one (BEHAVIOR.md SHOW-03..05, M-5, A-11).
///
/// The columns are children whose views the split installs when it appears, so their
/// appearance flows through the same mechanism as every container's. Collapsing asks the
/// delegate's `collapseSecondary` first; unless it answers `true`, the primary's
/// `collapseSecondaryViewController` runs: a navigation controller pushes the secondary,
/// without animation, its view moving into the navigation controller's (it was on screen,
/// so it gets no appearance calls) and covering the top. Expanding pops it back (D-54):
///
///     try split.setViewControllers([nav, detail])
///     window.configure(size: Size(width: 1024, height: 768))
///     try window.setRootViewController(split)
///     window.makeKeyAndVisible()                              // regular width: both columns appear
///     window.transition(to: Size(width: 390, height: 844))   // compact: Detail is pushed onto Nav
public final class SplitViewController: ViewController {
    /// The delegate: `collapseSecondary`, `showDetail`, `show`.
    @exclusivity(unchecked) public var delegate: Delegate?
    /// Whether only the primary column shows (SHOW-05): set when the split collapses in a
    /// compact-width window, cleared when it expands.
    @exclusivity(unchecked) public private(set) var isCollapsed = false
    /// The secondary while collapsed, when the primary did not take it in: shown again on
    /// expanding.
    @exclusivity(unchecked) private var setAside: ViewController? {
        didSet { setAside?.keeper = self }
    }

    override class var namePrefix: String { "Split" }

    /// UISplitViewController overrides both routing actions (SHOW-02, SHOW-03).
    override class var overriddenActions: Set<Action> { [.show, .showDetailViewController] }

    /// The columns: primary and secondary, or only the primary while collapsed.
    public var viewControllers: [ViewController] { children }
    public var primary: ViewController? { children.first }
    public var secondary: ViewController? { children.count > 1 ? children[1] : nil }

    /// Sets the columns: a primary and, optionally, a secondary. Controllers that leave get
    /// `willMove(toParent: nil)` and `didMove(toParent: nil)` at once, then their views leave
    /// (they disappear, without animation); those that join get
    /// `willMove(toParent: split)` at once and `didMove` when their view is in place, at the
    /// end of the turn on screen. While collapsed, a new secondary collapses at once.
    public func setViewControllers(_ controllers: [ViewController]) throws {
        try validateColumns(controllers)
        let left = children.filter { old in !controllers.contains { $0 === old } }
        for controller in left {
            controller.leaveContainer()
            uninstallColumn(controller)
        }
        // Collapsed, a new secondary goes straight to the primary, as a collapse sends it.
        let columns = isCollapsed ? Array(controllers.prefix(1)) : controllers
        let joined = columns.filter { new in !children.contains { $0 === new } }
        // `validateColumns` refused the cycles the columns had; one a callback made since is
        // refused here, and the controller stays out. The columns are what the containment
        // calls left of them (D-95).
        for controller in joined { try? addChild(controller) }
        keepChildren(inOrder: columns)
        if isCollapsed, controllers.count > 1, controllers[1] !== setAside { collapse(controllers[1]) }
        installColumns()
        finishJoining(joined)
    }

    /// UIKit's refusals for the columns, and the engine's for a cycle.
    private func validateColumns(_ controllers: [ViewController]) throws {
        guard (1...2).contains(controllers.count) else {
            throw UsageError(.splitColumnCount(split: name, count: controllers.count))
        }
        if controllers.count == 2, controllers[0] === controllers[1] {
            throw UIKitException.invalidArgument(
                "\(name): the primary and the secondary are the same controller (\(controllers[0].name))")
        }
        for controller in controllers {
            try controller.checkNotPresented(becoming: .column(of: name))
            if wouldContain(controller) {
                throw UIKitException.invalidArgument(
                    "Cannot add \(controller.name) to \(name): it would contain itself")
            }
            if !children.contains(where: { $0 === controller }) {
                try checkViewCanHold(controller)
                try checkNotPresented(by: controller)
            }
        }
    }

    override func releaseLinks() {
        super.releaseLinks()
        setAside = nil
    }

    override var controllersKeptAside: [ViewController] { setAside.map { [$0] } ?? [] }

    /// `didMove(toParent: split)` for the controllers that joined: at the end of the turn
    /// when the split is on screen (their views just went in), else at once.
    private func finishJoining(_ joined: [ViewController]) {
        guard !joined.isEmpty else { return }
        guard isViewOnScreen else {
            for controller in joined { controller.didMove(toParent: self) }
            return
        }
        world.runLoop.performAfterCommit { [unowned self] in
            for controller in joined where controller.parent === self { controller.didMove(toParent: self) }
        }
    }

    // MARK: Appearance (M-5)

    /// Collapses first when the split is about to appear in a compact-width window (its
    /// columns are not on screen yet, so that takes containment calls only), then installs
    /// the visible columns right after the split's own `viewWillAppear`. The window is the
    /// one its appearance names: it may have missed a size change while off screen (D-54).
    override func willForward(_ target: Appearance) {
        guard target == .appearing else { return }
        if destinationWindow != nil {
            let width = traitCollection.horizontalSizeClass
            if width == .compact, !isCollapsed { collapseAll() } else if width == .regular, isCollapsed { expand() }
        }
        installColumns()
    }

    /// Puts the views of the visible columns into the split's view, primary first; no
    /// appearance here: on screen each move brings its own, while appearing the split forwards.
    private func installColumns() {
        guard isViewLoaded else { return }
        for (index, column) in children.enumerated()
        where column.view.superview !== view || view.subviews.firstIndex(where: { $0 === column.view }) != index {
            world.move(column.view, to: view, at: index)
        }
    }

    private func uninstallColumn(_ controller: ViewController) {
        guard let columnView = controller.viewIfLoaded, columnView.superview === viewIfLoaded else { return }
        world.move(columnView, to: nil)
    }

    // MARK: Collapse and expand (SHOW-05)

    /// After its traits changed: collapse in compact width, expand in regular. The width is
    /// the split's own, so a parent's override decides it (TRT-08).
    override func traitsDidChange() {
        guard viewIfLoaded?.window != nil else { return }
        let compact = traitCollection.horizontalSizeClass == .compact
        if compact, !isCollapsed { collapseAll() } else if !compact, isCollapsed { expand() }
    }

    /// Collapses onto the primary, with the secondary if there is one.
    private func collapseAll() {
        isCollapsed = true
        if let second = secondary { collapse(second) }
    }

    /// The delegate's `collapseSecondary` first: `true` means it handled the secondary,
    /// which is set aside; otherwise the primary's `collapseSecondaryViewController` runs.
    /// Either way the split keeps only the primary.
    private func collapse(_ second: ViewController) {
        guard let first = primary else { return }
        let answer = ask(
            delegate, .collapseSecondary,
            [
                DelegateArgument(nil, .controller(second)), DelegateArgument("onto", .controller(first)),
            ])
        if second.parent === self {
            second.leaveContainer()
        }
        // Its willMove gave it another parent: it is not the split's to set aside any more.
        guard second.parent == nil else { return }
        let taken = answer?.allows != true && first.collapseSecondaryViewController(second, for: self)
        if !taken {
            setAside = second
            if let secondView = second.viewIfLoaded, secondView.superview === viewIfLoaded {
                world.move(secondView, to: nil)
            }
        }
    }

    /// The primary's `separateSecondaryViewController` gives the secondary back (a
    /// navigation controller pops it), else the one set aside; it becomes the secondary.
    private func expand() {
        isCollapsed = false
        guard let first = primary else { return }
        guard let second = first.separateSecondaryViewController(for: self) ?? setAside else { return }
        setAside = nil
        // The containment calls may have taken it elsewhere (D-95): then it is not the split's.
        try? addChild(second)
        guard second.parent === self else { return }
        world.move(second.view, to: view)
        finishJoining([second])
    }

    override func keepsAside(_ controller: ViewController) -> Bool { controller === setAside }

    /// The secondary set aside joins another container: expanding then shows the primary's
    /// separated secondary, if any (D-102).
    override func keptAside(_ controller: ViewController, joins container: ViewController) {
        setAside = nil
    }

    // MARK: Routing (SHOW-03, SHOW-04)

    /// SHOW-04: nothing for the secondary itself; the delegate's `showDetail` first (`true`
    /// handles it); expanded, the controller becomes the secondary; collapsed, the primary
    /// shows it if its class overrides `show` (a navigation controller pushes), else the
    /// split presents it.
    override func showDetailByClass(_ controller: ViewController, sender: ViewController?) throws {
        guard controller !== secondary else { return }
        let answer = ask(
            delegate, .showDetail,
            [
                DelegateArgument(nil, .controller(controller)), DelegateArgument("sender", .controller(sender)),
            ])
        if answer?.allows == true { return }
        guard isCollapsed else { return try setViewControllers([primary, controller].compactMap { $0 }) }
        // A detail wrapped in a navigation controller is nested in the primary's (D-54).
        if let master = primary as? NavigationController {
            return try master.pushNesting(controller, animated: world.areAnimationsEnabled)
        }
        if let first = primary, type(of: first).overriddenActions.contains(.show) {
            return try first.show(controller, sender: sender)
        }
        try present(controller, animated: world.areAnimationsEnabled)
    }

    /// The classic split's `show` ([DOC] "Presents the specified view controller as the
    /// primary view controller"): the delegate's `show` first; expanded, the controller
    /// becomes the primary; collapsed, the split presents it.
    override func showByClass(_ controller: ViewController, sender: ViewController?) throws {
        let answer = ask(
            delegate, .show,
            [
                DelegateArgument(nil, .controller(controller)), DelegateArgument("sender", .controller(sender)),
            ])
        if answer?.allows == true { return }
        guard !isCollapsed, primary !== controller else {
            return try present(controller, animated: world.areAnimationsEnabled)
        }
        try setViewControllers([controller] + (secondary.map { [$0] } ?? []))
    }
}

extension ViewController {
    /// The nearest split view controller above this controller (SPEC §3.3).
    public var splitViewController: SplitViewController? {
        ancestors.lazy.compactMap { $0 as? SplitViewController }.first
    }

}
