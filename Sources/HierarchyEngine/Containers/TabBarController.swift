/// A tab bar controller, as `UITabBarController` is: a list of view controllers, one of them
/// selected and shown (BEHAVIOR.md TAB, LOAD-08, M-5, M-7).
///
/// Only the selected tab is loaded: its view is installed when the tab bar controller
/// appears (M-5). A switch on screen is a `ContainerTransition` of the tab kind: it brackets
/// the incoming tab before the outgoing one in the call and ends them the other way round
/// after the commit (M-7, TIM-04):
///
///     try tabs.select(index: 1)       // T2 loads; T2 will-appear; T1 will-disappear
///     try world.runLoop.settle()      // T1 did-disappear; T2 did-appear
///
/// A user's tap (`userTap`) asks the delegate's `shouldSelect` first and calls `didSelect`
/// right after the selection, before the did-callbacks; programmatic selection calls
/// neither (TAB-03). With six or more view controllers
/// the bar shows the first four and a More item: the rest are reached through
/// `moreNavigationController` (TAB-06).
public final class TabBarController: ViewController {
    /// The delegate: `shouldSelect`, `didSelect`.
    @exclusivity(unchecked) public var delegate: Delegate?
    @exclusivity(unchecked) public private(set) var viewControllers: [ViewController] = []
    /// The selected view controller: one of `viewControllers`, or the More navigation
    /// controller while its list is selected.
    @exclusivity(unchecked) public private(set) var selectedViewController: ViewController?
    /// The child whose view is installed in the tab bar controller's view. Weak: `children`
    /// holds it, and a tab taken by other means must not be kept by the tab bar.
    @exclusivity(unchecked) fileprivate weak var installedChild: ViewController?
    /// Whether a switch is opening its brackets: a selection made from its callbacks is
    /// shown once it has opened.
    @exclusivity(unchecked) private var isSwitching = false
    /// Whether the selection under way is the user's tap (TAB-02) rather than code's (TAB-03):
    /// which rule a timeline names for the switch.
    @exclusivity(unchecked) private var isTapping = false
    /// How many switches selections made from will-callbacks have chained so far.
    @exclusivity(unchecked) private var reselections = 0
    @exclusivity(unchecked) private var more: NavigationController?
    /// Whether a change of the tabs is under way; changes asked meanwhile wait in `waitingChanges`.
    @exclusivity(unchecked) private var isChangingTabs = false
    @exclusivity(unchecked) private var waitingChanges: [([ViewController]) -> [ViewController]] = []
    /// A selection asked during a change of the tabs (from a tab's `willMove`, or the
    /// appearance callbacks of the switch the change makes): the change selects it when it
    /// picks its selection, or applies it once over, so that the later request wins over the
    /// change's own choice (D-103). Until then `selectedViewController` still reads the
    /// change's own selection.
    @exclusivity(unchecked) private weak var waitingSelection: ViewController?
    /// How many waiting changes one change applies before it drops the rest.
    private static let maximumWaitingChanges = 100
    /// The root of the More navigation controller: the list of the tabs that do not fit.
    @exclusivity(unchecked) private var moreList: ViewController?
    /// The bar, hidden by the client or by the selected tab's stack (BottomBar.swift, HBB).
    public private(set) lazy var tabBar = TabBar(tabBarController: self)

    /// The most view controllers the bar shows without a More item (TAB-06).
    public static let maximumItems = 5

    override class var namePrefix: String { "TabBar" }

    /// Whether the bar shows a More item: six or more view controllers.
    public var hasMoreItem: Bool { viewControllers.count > Self.maximumItems }

    /// The selected view controller's index, nil while the More list is selected (TAB-06's
    /// `NSNotFound`) or when there are no view controllers.
    public var selectedIndex: Int? {
        selectedViewController.flatMap { selected in viewControllers.firstIndex { $0 === selected } }
    }

    /// The navigation controller behind the More item; it always exists and is never one
    /// of `viewControllers`. Its root is the list of the tabs that do not fit.
    public func moreNavigationController() throws -> NavigationController {
        if let more { return more }
        let navigation = try world.make(NavigationController.self, named: name + "More")
        let list = try world.make(ViewController.self, named: name + "MoreList")
        navigation.allowsNestedNavigationControllers = true
        navigation.keeper = self
        try navigation.setViewControllers([list], animated: false)
        more = navigation
        moreList = list
        return navigation
    }

    /// The controllers the bar's items stand for, in order: every view controller, or the
    /// first four and the More navigation controller.
    public func items() throws -> [ViewController] {
        guard hasMoreItem else { return viewControllers }
        return Array(viewControllers.prefix(Self.maximumItems - 1)) + [try moreNavigationController()]
    }

    // MARK: Changing the view controllers

    /// Replaces the view controllers (TAB-07): the old ones leave, the new ones join, and the
    /// selection keeps the controller that was selected if it is still there, else the same
    /// index, else the first one.
    ///
    /// A change asked from the callbacks of a change (an override of `willMove`/`didMove`, a
    /// tab's appearance callbacks) is checked now, so that a refusal reaches the code that
    /// asked, and applied when the change under way has ended, as a navigation controller's
    /// operations wait (D-95, D-102): the later change wins, and no change meets a half-made one.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws {
        try checkTabs(controllers)
        guard !isChangingTabs else {
            waitingChanges.append { _ in controllers }
            return
        }
        do {
            try applyTabs(controllers)
        } catch {
            // The changes asked meanwhile were asked of this one, which failed: none applies
            // later, to another change.
            waitingChanges.removeAll()
            waitingSelection = nil
            throw error
        }
        applyWaitingChanges()
        // A selection asked after the change picked its own (from the switch's callbacks).
        if let asked = waitingSelection {
            waitingSelection = nil
            do {
                if isSelectable(asked) { try select(asked) }
            } catch {
                world.warn("\(name): a selection asked during a change of its tabs no longer applies: \(error)")
            }
        }
    }

    /// UIKit's refusals for a list of tabs (TAB-07), and the engine's (D-30, D-99, D-101).
    private func checkTabs(_ controllers: [ViewController]) throws {
        var seen = Set<ObjectIdentifier>(minimumCapacity: controllers.count)
        for controller in controllers {
            if !seen.insert(ObjectIdentifier(controller)).inserted {
                throw UIKitException.invalidArgument(
                    "\(controller.name) appears more than once in the view controllers of \(name)")
            }
            if wouldContain(controller) {
                throw UIKitException.invalidArgument(
                    "Cannot add \(controller.name) to \(name): it would contain itself")
            }
            if let more, controller === more {
                throw UIKitException.invalidArgument(
                    "The moreNavigationController of \(name) cannot be one of its view controllers")
            }
            try controller.checkNotPresented(becoming: .tab(of: name))
            if controller.parent !== self {
                try checkViewCanHold(controller)
                try checkNotPresented(by: controller)
            }
        }
    }

    /// Sets checked tabs: containment, selection, the switch, what More keeps.
    private func applyTabs(_ controllers: [ViewController]) throws {
        isChangingTabs = true
        defer { isChangingTabs = false }
        // Everything that can fail is checked or made before anything changes.
        if controllers.count > Self.maximumItems { _ = try moreNavigationController() }
        let oldSelected = selectedViewController
        let oldIndex = selectedIndex
        let oldItems = try items()
        viewControllers = controllers
        try adoptChildren(replacing: oldItems)
        // The tabs as adoption left them (a tab refused after its willMove is not one).
        let tabs = viewControllers
        let selected: ViewController?
        if let asked = waitingSelection, isSelectable(asked) {
            waitingSelection = nil
            selected = asked
        } else if let oldSelected, isSelectable(oldSelected) {
            selected = oldSelected
        } else if let oldIndex, oldIndex < tabs.count {
            selected = tabs[oldIndex]
        } else {
            selected = tabs.first
        }
        selectedViewController = selected
        try showSelection()
        releaseFromMore(keeping: selected)
    }

    /// Applies the changes asked during a change, in the order asked, each to the tabs as
    /// the one before left them. One that no longer applies (a tab taken by a container
    /// meanwhile) is dropped with a warning; so are the rest when callbacks keep asking.
    private func applyWaitingChanges() {
        var applied = 0
        while !waitingChanges.isEmpty {
            let change = waitingChanges.removeFirst()
            applied += 1
            guard applied <= Self.maximumWaitingChanges else {
                waitingChanges.removeAll()
                world.warn(
                    "\(name): its tabs' callbacks keep changing the tabs; the changes after "
                        + "\(Self.maximumWaitingChanges) in a row are dropped.")
                return
            }
            let tabs = change(viewControllers)
            do {
                try checkTabs(tabs)
                try applyTabs(tabs)
            } catch {
                world.warn("\(name): a change of its tabs asked during another no longer applies: \(error)")
            }
        }
    }

    /// Makes `children` the controllers the items stand for, with containment calls for
    /// those that leave and join. A tab beyond the fourth, when there is a More item, is a
    /// child of the More navigation controller while it is shown there, of nothing otherwise.
    ///
    /// A child the client added with `addChild` that is no tab stays a child, after the
    /// items: the tab bar does not own it, and dropping it from `children` would leave it
    /// naming a parent that does not list it.
    ///
    /// A tab whose `willMove` took it elsewhere (presented it) is refused by `addChild` after
    /// the callback (D-95): it is dropped from the tabs, with a warning, so that every item
    /// stays a child.
    private func adoptChildren(replacing oldItems: [ViewController]) throws {
        let direct = try items()
        let newItems = Set(direct.lazy.map(ObjectIdentifier.init))
        for controller in oldItems where controller.parent === self && !newItems.contains(ObjectIdentifier(controller))
        {
            controller.leaveContainer()
        }
        var refused = Set<ObjectIdentifier>()
        for controller in direct where controller.parent !== self {
            do {
                try addChild(controller)
                controller.didMove(toParent: self)
            } catch {
                refused.insert(ObjectIdentifier(controller))
                world.warn("\(controller.name) did not become a tab of \(name): \(error)")
            }
        }
        if !refused.isEmpty {
            // Adopted again without them: fewer tabs may leave no More item, whose listed tabs
            // then join as children while More leaves, as any change of the tabs does.
            viewControllers.removeAll { refused.contains(ObjectIdentifier($0)) }
            return try adoptChildren(replacing: direct)
        }
        keepChildren(inOrder: direct)
        for controller in viewControllers.dropFirst(Self.maximumItems - 1) where hasMoreItem {
            controller.keeper = self
        }
    }

    /// Takes off the More navigation controller's stack the tabs that are no longer beyond
    /// the fourth, except `selected`; they leave it as a pop leaves. It runs after the switch,
    /// so that a tab leaving the screen with More disappears with it first.
    private func releaseFromMore(keeping selected: ViewController?) {
        guard let more, let moreList, more.viewControllers.count > 1 else { return }
        let overflow = hasMoreItem ? viewControllers.dropFirst(Self.maximumItems - 1) : []
        let kept = more.viewControllers.dropFirst().filter { tab in
            tab === selected || overflow.contains { $0 === tab }
        }
        guard kept.count < more.viewControllers.count - 1 else { return }
        // Cannot fail: the list and tabs the tab bar already checked, none a container of More.
        try? more.arrangeForTabBar([moreList] + kept)
    }

    /// A tab taken by other means (`removeFromParent`, a navigation controller's push)
    /// leaves the tab bar; if it was selected, the selection falls back as TAB-07 says.
    override func childDidLeave(_ child: ViewController) {
        guard viewControllers.contains(where: { $0 === child }) else { return }
        let without: ([ViewController]) -> [ViewController] = { tabs in tabs.filter { $0 !== child } }
        if isChangingTabs {
            waitingChanges.append(without)
            return
        }
        // Cannot fail: fewer tabs than before, all checked already, More made if needed.
        try? setViewControllers(without(viewControllers), animated: false)
    }

    override func releaseLinks() {
        super.releaseLinks()
        viewControllers = []
        waitingChanges = []
        selectedViewController = nil
        more = nil
        moreList = nil
    }

    /// Its tabs listed under More, and its More navigation controller (which is its child
    /// only while there is a More item).
    override func keepsAside(_ controller: ViewController) -> Bool {
        controller === more || hasTab(controller)
    }

    /// A tab listed under More joins a container other than the More navigation controller:
    /// it leaves the tabs, as a tab that is a child does when taken by other means, so that
    /// no controller is both a tab and in another container (issue 17, item 5).
    override func keptAside(_ controller: ViewController, joins container: ViewController) {
        guard controller !== more, container !== more, controller.parent !== self else { return }
        controller.keeper = nil
        childDidLeave(controller)
    }

    /// Whether `controller` is one of the tabs: the More navigation controller refuses it
    /// from the client (`tabOntoMore`).
    func hasTab(_ controller: ViewController) -> Bool { viewControllers.contains { $0 === controller } }

    /// Whether `navigation` is this tab bar's More navigation controller.
    func isMore(_ navigation: NavigationController) -> Bool { navigation === more }

    // MARK: Selecting

    /// Selects `controller` as code does (`selectedViewController = …`): no delegate calls (TAB-03).
    public func select(_ controller: ViewController) throws {
        guard isSelectable(controller) else {
            throw UsageError(.notATab(controller: controller.name, tabBar: name))
        }
        guard !isChangingTabs else {
            waitingSelection = controller
            return
        }
        guard controller !== selectedViewController else { return }
        selectedViewController = controller
        try showSelection()
    }

    /// An unwind's step towards a tab selects it, as a program does: the delegate is not
    /// asked (SEG-17, TAB-03).
    override func unwindByClass(towards subsequent: ViewController) throws {
        guard viewControllers.contains(where: { $0 === subsequent }) else { return }
        try select(subsequent)
    }

    /// Whether `controller` can be selected: one of the tabs, or More while it has an item.
    private func isSelectable(_ controller: ViewController) -> Bool {
        viewControllers.contains { $0 === controller } || (controller === more && hasMoreItem)
    }

    /// Selects the view controller at `index` of `viewControllers`.
    public func select(index: Int) throws {
        guard viewControllers.indices.contains(index) else {
            throw UsageError(
                .indexOutOfRange(.viewControllers, index: index, owner: name, count: viewControllers.count))
        }
        try select(viewControllers[index])
    }

    /// The user taps item `index` of the bar (SPEC §3.4): `shouldSelect` first (a false answer
    /// keeps the tab, TAB-05), then the switch, then `didSelect`, right after the selection
    /// and before the switch's did-callbacks (M-7, TIM-04). Tapping the selected item pops a
    /// navigation controller there to its root (TAB-04).
    public func userTap(item index: Int) throws {
        guard isViewOnScreen else { throw UsageError(.notOnScreen(controller: name, gesture: .tabBarTap)) }
        try checkNotCovered(for: .tabBarTap)
        let items = try items()
        guard items.indices.contains(index) else {
            throw UsageError(.indexOutOfRange(.tabBarItems, index: index, owner: name, count: items.count))
        }
        let item = items[index]
        if ask(delegate, .shouldSelect, [DelegateArgument(nil, .controller(item))])?.allows == false { return }
        // The delegate's code may have changed the tabs: a tapped item that is no longer one
        // of them selects nothing (D-102).
        guard try self.items().contains(where: { $0 === item }) else { return }
        if item === selectedItem {
            if let navigation = item as? NavigationController { try navigation.popToRootViewController(animated: true) }
            if item === more { selectedViewController = item }
        } else {
            selectedViewController = item
            isTapping = true
            defer { isTapping = false }
            try showSelection()
        }
        ask(delegate, .didSelect, [DelegateArgument(nil, .controller(item))])
    }

    /// The item the selection belongs to: the selected controller, or More for a tab under it.
    var selectedItem: ViewController? {
        guard let selected = selectedViewController else { return nil }
        return children.contains { $0 === selected } ? selected : more
    }

    /// Brings the selection's view on screen (M-7, TIM-04): the tab kind of transition, begun
    /// in the call, the outgoing view leaving at once, ended after the commit. Off screen it
    /// only forgets the view shown so that the next appearance installs the right one (M-5).
    private func showSelection() throws {
        if let selected = selectedViewController, let more, let moreList, selectedItem === more, selected !== more {
            try more.arrangeForTabBar([moreList, selected])
        }
        // A custom switch still animating ends at once, its new tab shown, before another
        // starts (D-116): two switches never run together.
        if !isSwitching, let running = world.runningTransition(hookedTo: self), running.animator != nil {
            running.endAtOnce()
        }
        let incoming = selectedItem
        let outgoing = installedChild
        guard incoming !== outgoing, !isSwitching else { return }
        guard isViewOnScreen else {
            if let outgoing { remove(outgoing) }
            return
        }
        // Appeared and not switching, the delegate is asked for an animator in the call (ICT-03, D-116).
        if let incoming, let outgoing, appearance == .appeared,
            let custom = askAnimator(
                delegate, .animationControllerForTransition,
                [DelegateArgument("from", .controller(outgoing)), DelegateArgument("to", .controller(incoming))],
                from: outgoing, to: incoming)
        {
            return switchAfterCommit(from: outgoing, to: incoming, custom)
        }
        isSwitching = true
        let transition = ContainerTransition(
            container: self, kind: .tabSwitch, animated: false, from: outgoing, to: incoming, destination: view,
            hooks: self)
        transition.rule = isTapping ? .tab02 : .tab03
        transition.begin(timing: .endOfTurn)
        isSwitching = false
        // A tab's will-callback selected another meanwhile: it is shown now, unless the tabs
        // keep selecting one another.
        guard selectedItem !== installedChild, isViewOnScreen else { return }
        reselections += 1
        defer { reselections -= 1 }
        guard reselections <= Self.mostReselections else {
            throw UsageError(.tabsKeepSelecting(tabBar: name, switches: Self.mostReselections))
        }
        try showSelection()
    }

    /// A switch a client's animator runs starts after the commit (ICT-03, TIM-04), from the
    /// tab shown then, if the selection still asks for it: a later selection supersedes it.
    private func switchAfterCommit(
        from outgoing: ViewController, to incoming: ViewController, _ custom: CustomTransition
    ) {
        let tapped = isTapping
        world.runLoop.performAfterCommit { [self] in
            guard selectedItem === incoming, installedChild === outgoing, incoming !== outgoing, !isSwitching,
                isViewOnScreen
            else { return }
            let transition = ContainerTransition(
                container: self, kind: .tabSwitch, animated: true, from: outgoing, to: incoming, destination: view,
                hooks: self)
            // A custom switch has a coordinator; UIKit's own none (COO-01).
            transition.vendsCoordinator = true
            transition.rule = tapped ? .tab02 : .tab03
            transition.begin(timing: custom.timing)
        }
    }

    /// The most switches a selection made from tabs' will-callbacks may chain.
    private static let mostReselections = 16

    override var controllersKeptAside: [ViewController] {
        viewControllers.filter { $0.parent !== self } + [more, moreList].compactMap { $0 }.filter { $0.parent == nil }
    }

    fileprivate func remove(_ controller: ViewController) {
        uninstall(controller)
        if installedChild === controller { installedChild = nil }
    }

    /// Installs the selected tab's view right after the tab bar controller's own
    /// `viewWillAppear`, so that the tab loads and appears after it (M-5, TAB-01).
    override func willForward(_ target: Appearance) {
        if target == .appearing { updateBottomBar(animated: transitionAnimated) }
        guard target == .appearing, let incoming = selectedItem, incoming !== installedChild else { return }
        if let outgoing = installedChild { remove(outgoing) }
        install(incoming)
        installedChild = incoming
    }
}

/// The tab kind of transition (M-7, TIM-04): the outgoing tab's view leaves as soon as the
/// incoming one is in, and the incoming tab is the one shown.
extension TabBarController: ContainerTransitionHooks {
    /// A switch decides the bar from the new tab's stack as it starts (HBB-02).
    func transitionWillOpen(_ transition: ContainerTransition) {
        updateBottomBar(animated: transition.animated)
    }

    func transitionRemoveOutgoing(_ transition: ContainerTransition) {
        if let outgoing = transition.from { remove(outgoing) }
        // A delegate's animator that did not put the new tab's view in place: it goes in as
        // the switch ends (D-116).
        if transition.animator != nil, let incoming = transition.incoming, incoming.viewIfLoaded?.superview !== view {
            world.move(incoming.view, to: view)
        }
    }

    func transitionDidOpen(_ transition: ContainerTransition) {
        installedChild = transition.incoming
    }

    /// A switch whose old tab is no longer one of the tabs (the tabs changed under the finger)
    /// cannot go back to it: it completes.
    func transitionCanCancel(_ transition: ContainerTransition) -> Bool {
        guard let outgoing = transition.from else { return true }
        return outgoing.parent === self && isSelectable(outgoing)
    }

    /// A cancelled switch (an interactive custom one, ICT-03) keeps the old tab: it stays
    /// installed, and is selected again unless a selection made since (the one that ended this
    /// switch) asks for another; the new tab's view leaves as its controller turns away.
    func transitionWillCancel(_ transition: ContainerTransition) {
        guard let outgoing = transition.from else { return }
        installedChild = outgoing
        if selectedItem === transition.incoming { selectedViewController = outgoing }
    }

    /// A cancelled switch decides the bar from the old tab's stack again (HBB-02).
    func transitionDidCancel(_ transition: ContainerTransition) {
        updateBottomBar(animated: transition.animated)
    }
}

extension ViewController {
    /// The nearest tab bar controller above this controller, or the one that lists it among
    /// the tabs under its More item (SPEC §3.3).
    public var tabBarController: TabBarController? {
        if let found = ancestors.lazy.compactMap({ $0 as? TabBarController }).first { return found }
        guard let owner = keeper as? TabBarController, owner.hasTab(self) else { return nil }
        return owner
    }
}
