import HierarchyEngine

/// `tabs.tabBar` (SPEC §9.4): the bar of a tab bar controller, hidden by the client or by the
/// navigation stack of the selected tab (HBB-01…03, D-140).
///
/// ```lua
/// b.hidesBottomBarWhenPushed = true
/// nav:pushViewController(b, true); settle()
/// print(tabs.tabBar.isHidden)      --> true
/// ```
enum TabBarViewKind: HandleKind {
    static let typeName = "TabBar"
    static let members = tabBarViewMembers

    static func describe(_ bar: TabBar) -> String { bar.tabBarController.name + ".tabBar" }
}

/// The members of `tabs.tabBar`, sorted by name. `isHidden` reads whether the bar is hidden at
/// all; assigning it is the client's own hiding, which the navigation's never changes (D-140).
let tabBarViewMembers = Members<TabBar>(
    properties: [
        Property(
            name: "isHidden", type: "boolean",
            doc:
                "Whether the bar is hidden, by the client or the selected tab's navigation; assigning is the client's hiding.",
            get: { object, call in call.stack.push(object.isHidden) },
            set: { object, call in object.isHiddenByClient = try call.bool(1) }),
        Property(
            name: "tabBarController", type: "TabBarController", doc: "The tab bar controller the bar belongs to.",
            get: { object, call in call.session.push(object.tabBarController) }),
    ],
    methods: [])

/// The member every controller has for the bar (HBB-01): read by the stack scan of the
/// navigation controller it is pushed on.
let bottomBarControllerMembers = Members<ViewController>(
    properties: [
        Property(
            name: "hidesBottomBarWhenPushed", type: "boolean",
            doc: "Whether a tab bar hides while the controller is on the navigation stack of its selected tab.",
            get: { object, call in call.stack.push(object.hidesBottomBarWhenPushed) },
            set: { object, call in object.hidesBottomBarWhenPushed = try call.bool(1) })
    ],
    methods: [])

/// The members tab bar controllers have for their bar, sorted by name: `tabBar` on every
/// profile; iOS 18's `isTabBarHidden` and `setTabBarHidden(_:animated:)`, the client's own
/// hiding, which the navigation's suppression leaves alone (HBB-03, D-140).
let tabBarHidingMembers = Members<TabBarController>(
    properties: [
        Property(
            name: "isTabBarHidden", type: "boolean",
            doc: "iOS 18 only: whether the client hides the tab bar (the navigation's hiding aside).",
            get: { object, call in
                try call.requireIOS18("isTabBarHidden")
                call.stack.push(object.tabBar.isHiddenByClient)
            },
            set: { object, call in
                try call.requireIOS18("isTabBarHidden")
                object.tabBar.isHiddenByClient = try call.bool(1)
            }),
        Property(
            name: "tabBar", type: "TabBar", doc: "The tab bar controller's bar.",
            get: { object, call in call.session.push(object.tabBar) }),
    ],
    methods: [
        Method(
            name: "setTabBarHidden", required: 1, parameters: "hidden: boolean, animated: boolean?",
            doc: "iOS 18 only: hides or shows the tab bar as the client's own hiding."
        ) { object, call in
            try call.requireIOS18("setTabBarHidden")
            let hidden = try call.bool(1)
            _ = try call.bool(2, default: true)  // checked before anything changes
            object.tabBar.isHiddenByClient = hidden
            return 0
        }
    ])

extension Call {
    /// Refuses a member UIKit added in iOS 18 under an earlier profile, as the SDK would not
    /// compile it.
    func requireIOS18(_ member: String) throws {
        let version = session.world.profile.iosVersion
        guard version < 18 else { return }
        throw ScriptError(
            "'\(member)' is iOS 18's and the profile is iOS \(version): "
                + "run with --ios 18 or later, or read tabs.tabBar.isHidden")
    }
}
