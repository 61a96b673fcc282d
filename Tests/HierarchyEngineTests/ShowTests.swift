import HierarchyEngine
import Testing

/// A script's side of routing, from Swift: overrides the actions it is given and answers
/// canPerformAction with `canPerform` when set.
final class RoutingOverrides: ControllerOverrides {
    let actions: Set<Action>
    let canPerform: Bool?
    private(set) var performed: [(Action, String)] = []

    init(_ actions: Set<Action> = [], canPerform: Bool? = nil) {
        self.actions = actions
        self.canPerform = canPerform
    }

    func receive(_ callback: Callback, on controller: ViewController) {}
    func overrides(_ action: Action, on controller: ViewController) -> Bool { actions.contains(action) }
    func perform(
        _ action: Action, showing shown: ViewController, sender: ViewController?, on controller: ViewController
    ) {
        performed.append((action, shown.name))
    }
    func overridesCanPerformAction(on controller: ViewController) -> Bool { canPerform != nil }
    func canPerform(_ action: Action, sender: ViewController?, on controller: ViewController) -> Bool { canPerform! }
}

/// Routing with show and showDetailViewController (SHOW-01..03, NAV-16), without Lua.
@Suite("Show routing")
struct ShowTests {
    /// A shown window whose root is `Nav` holding `A`, settled.
    func navigation() throws -> (Stage, NavigationController, ViewController) {
        let stage = try Stage()
        let a = try stage.controller("A")
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([a], animated: false)
        try stage.window.setRootViewController(nav)
        try stage.world.runLoop.settle()
        stage.world.trace.clear()
        return (stage, nav, a)
    }

    @Test("the target of show is the nearest navigation controller; nothing answers the detail action")
    func targets() throws {
        let (_, nav, a) = try navigation()
        #expect(a.targetViewController(forAction: .show, sender: a) === nav)
        #expect(nav.targetViewController(forAction: .show, sender: nil) === nav)
        #expect(a.targetViewController(forAction: .showDetailViewController, sender: a) == nil)
    }

    @Test("show pushes onto the navigation controller, animated")
    func showPushes() throws {
        let (stage, nav, a) = try navigation()
        let b = try stage.controller("B")
        try a.show(b, sender: a)
        #expect(nav.viewControllers.map(\.name) == ["A", "B"])
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.willMove(toParent: Nav)", "B.viewDidLoad()", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(toParent: Nav)",
            ])
    }

    @Test("with no target, the window's root presents; outside a window nothing happens")
    func rootPresents() throws {
        let (stage, nav, a) = try navigation()
        let d = try stage.controller("D")
        try a.showDetailViewController(d, sender: a)
        #expect(nav.presentedViewController === d)
        let loose = try stage.controller("Loose")
        try loose.show(try stage.controller("Q"), sender: nil)
        #expect(try stage.controller("Q").presentingViewController == nil)
        #expect(!loose.isViewLoaded)
    }

    @Test("a script's override makes its controller the target and runs in place of UIKit's")
    func scriptOverride() throws {
        let (stage, nav, a) = try navigation()
        let box = RoutingOverrides([.show])
        a.overrides = box
        let b = try stage.controller("B")
        #expect(a.targetViewController(forAction: .show, sender: nil) === a)
        try a.show(b, sender: nil)
        #expect(box.performed.map(\.1) == ["B"])
        #expect(nav.viewControllers.count == 1)
        #expect(stage.lines() == ["A.show(B, sender: nil)"])
    }

    @Test("canPerformAction false opts out, and is asked (and traced) on the way up")
    func optOut() throws {
        let (stage, nav, a) = try navigation()
        a.overrides = RoutingOverrides([.show], canPerform: false)
        #expect(a.targetViewController(forAction: .show, sender: a) === nav)
        #expect(stage.lines() == [#"A.canPerformAction("show", withSender: A)"#])
    }
}
