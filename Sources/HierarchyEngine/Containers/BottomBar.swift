/// A tab bar controller's bar (`UITabBarController.tabBar`): whether it is hidden, by the
/// client or by the navigation stack of the selected tab (HBB-01…03, D-140).
///
/// The two are kept apart, as iOS 18's `_UITabBarControllerVisualStyle` keeps the client's
/// `barHidden` (`setTabBarHidden(_:animated:)`) apart from `isBottomBarSuppressedByNavigation`
/// (HBB-03): the navigation's decision never changes the client's, and `isHidden` says whether
/// the bar shows at all. The navigation's decision is made at the moments HBB-02 names (a
/// transition of the stack starts or is cancelled, the tab bar controller appears or switches
/// tabs), and each change of it is recorded (`Tabs.hideBar(animated: true)`, category `bar`):
///
///     b.hidesBottomBarWhenPushed = true
///     try nav.pushViewController(b, animated: true)
///     try world.runLoop.settle()     // Tabs.hideBar(animated: true) as the push starts
///     tabs.tabBar.isHidden           // true; tabs.tabBar.isHiddenByClient is still false
public final class TabBar {
    public unowned let tabBarController: TabBarController
    /// Whether the client hid the bar (`tabBar.isHidden = true`, iOS 18's `isTabBarHidden`).
    @exclusivity(unchecked) public var isHiddenByClient = false
    /// Whether the selected tab's navigation stack hides the bar, as last decided (HBB-01).
    @exclusivity(unchecked) public private(set) var isSuppressedByNavigation = false

    init(tabBarController: TabBarController) {
        self.tabBarController = tabBarController
    }

    /// Whether the bar is hidden: by the client, or by the navigation stack (D-140).
    public var isHidden: Bool { isHiddenByClient || isSuppressedByNavigation }

    /// Takes the navigation's new decision; a change is recorded as UIKit's `hideBar…` and
    /// `showBar…` calls on the tab bar controller are made, with the transition's `animated`.
    func setSuppressedByNavigation(_ suppressed: Bool, animated: Bool) {
        guard suppressed != isSuppressedByNavigation else { return }
        isSuppressedByNavigation = suppressed
        tabBarController.trace.record(
            TraceEvent(
                .bar, tabBarController.name, suppressed ? "hideBar" : "showBar",
                [TraceArgument("animated", .bool(animated))]))
    }
}

extension NavigationController {
    /// HBB-01's stack scan (RE26 `_shouldBottomBarBeHidden`): from the top down to the root
    /// inclusive, any controller with `hidesBottomBarWhenPushed` hides the bar. UIKit stops at
    /// its `bottomViewController`: the root, or the second while the first is a disappearing
    /// controller being removed that its list still holds (the flags RE26 tests there are the
    /// `disappearingViewController…Removed` bits, D-140). The engine's stack drops a leaving
    /// controller as the change is made, so its first is always a root that stays. UIKit then
    /// asks the top's private `_suppressesBottomBar`, which no controller modelled says yes to.
    var shouldBottomBarBeHidden: Bool {
        children.contains { $0.hidesBottomBarWhenPushed }
    }

    /// The tab bar controller whose bar this stack decides: the one whose selected item this
    /// navigation controller is, as a tab or as its More navigation controller (D-140). A
    /// navigation controller deeper inside the tab (in a split, a container of the client's)
    /// decides nothing.
    var tabBarControllerDecidedByStack: TabBarController? {
        guard let tabs = (parent ?? keeper) as? TabBarController, tabs.selectedItem === self else { return nil }
        return tabs
    }

    /// Decides the bar again as a transition of the stack starts, animating with it, or as a
    /// cancelled one has put the stack back (HBB-02).
    func updateBottomBar(animated: Bool) {
        trace.because(.hbb01) {
            tabBarControllerDecidedByStack?.tabBar.setSuppressedByNavigation(
                shouldBottomBarBeHidden, animated: animated)
        }
    }
}

extension TabBarController {
    /// Decides the bar again from the selected item's stack, as the tab bar controller
    /// appears or switches tabs (HBB-02): a selected item that is no navigation controller
    /// hides nothing.
    func updateBottomBar(animated: Bool) {
        let navigation = selectedItem as? NavigationController
        trace.because(.hbb01) {
            tabBar.setSuppressedByNavigation(navigation?.shouldBottomBarBeHidden ?? false, animated: animated)
        }
    }
}
