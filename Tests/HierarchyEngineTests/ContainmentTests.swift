import HierarchyEngine
import Testing

@Suite("Containment")
struct ContainmentTests {
    /// Issue 17, item 2: a presenter made a child of what it presents made a cycle that the
    /// next dismissal walked until the stack overflowed. It is refused, and nothing changes.
    @Test("a controller cannot become a child of what it presents (D-86)")
    func presentationCycleIsRefused() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        let inner = try stage.controller("Inner")
        try nav.setViewControllers([inner], animated: false)
        try a.present(nav, animated: false)
        try stage.world.runLoop.settle()
        #expect(throws: UsageError(.presentationCycle(child: "A", parent: "Inner"))) { try inner.addChild(a) }
        #expect(a.parent == nil && inner.children.isEmpty)
        a.dismiss(animated: false)
        try stage.world.runLoop.settle()
        #expect(a.presentedViewController == nil)
    }

    /// Issue 17, item 3: a push or a new split column that would put a controller's view
    /// inside its own subview made a view cycle, and `View.window` looped for ever. Refused
    /// as `addSubview` refuses it, before anything changes.
    @Test("a container does not take a controller whose view already holds the container's")
    func viewCycleIsRefused() throws {
        let stage = try Stage(root: "Root")
        let a = try stage.controller("A")
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([try stage.controller("R")], animated: false)
        try a.view.addSubview(nav.view)
        let refusal = UIKitException(
            "NSInvalidArgumentException", "Can't add A.view as a subview of its own subview Nav.view")
        #expect(throws: refusal) { try nav.pushViewController(a, animated: false) }
        let split = try stage.world.make(SplitViewController.self, named: "Split")
        try split.setViewControllers([try stage.controller("M"), try stage.controller("S")])
        try a.view.addSubview(split.view)
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException", "Can't add A.view as a subview of its own subview Split.view")
        ) {
            try split.setViewControllers([try stage.controller("M"), a])
        }
        let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers([try stage.controller("T")], animated: false)
        try a.view.addSubview(tabs.view)
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException", "Can't add A.view as a subview of its own subview Tabs.view")
        ) {
            try tabs.setViewControllers([try stage.controller("T"), a], animated: false)
        }
        try stage.world.runLoop.settle()
        #expect(
            nav.viewControllers.map(\.name) == ["R"] && tabs.viewControllers.map(\.name) == ["T"] && a.parent == nil)
    }

    @Test("adding a child to a visible parent follows A-2")
    func addChildToVisibleParent() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        try p.addChild(c)
        try p.view.addSubview(c.view)
        c.didMove(toParent: p)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "C.willMove(toParent: P)", "C.viewDidLoad()", "C.viewWillAppear(false)",
                "C.didMove(toParent: P)", "C.viewDidAppear(false)",
            ])
        #expect(c.parent === p && p.children.map(\.name) == ["C"])
    }

    @Test("removing a child follows A-3")
    func removeChild() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        try p.addChild(c)
        try p.view.addSubview(c.view)
        c.didMove(toParent: p)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        c.willMove(toParent: nil)
        #expect(c.isMovingFromParent)
        c.view.removeFromSuperview()
        c.removeFromParent()
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "C.willMove(toParent: nil)", "C.viewWillDisappear(false)", "C.didMove(toParent: nil)",
                "C.viewDidDisappear(false)",
            ])
        #expect(c.parent == nil && p.children.isEmpty && !c.isMovingFromParent)
    }

    @Test("appearance reaches children parent first, for will and did (M-2)")
    func parentFirst() throws {
        let world = World()
        let p = try world.makeController(named: "P")
        for name in ["C1", "C2"] {
            let child = try world.makeController(named: name)
            try p.addChild(child)
            try p.view.addSubview(child.view)
            child.didMove(toParent: p)
        }
        world.trace.clear()
        let window = world.makeWindow()
        try window.setRootViewController(p)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        #expect(
            world.trace.events.filter { $0.category == .lifecycle }.map(\.text) == [
                "P.viewWillAppear(false)", "C1.viewWillAppear(false)", "C2.viewWillAppear(false)",
                "P.viewDidAppear(false)", "C1.viewDidAppear(false)", "C2.viewDidAppear(false)",
            ])
    }

    @Test("a container that forwards by hand stops automatic forwarding (CON-08)")
    func manualForwarding() throws {
        let world = World()
        let p = try world.makeController(named: "P")
        p.shouldAutomaticallyForwardAppearanceMethods = false
        let c = try world.makeController(named: "C")
        try p.addChild(c)
        try p.view.addSubview(c.view)
        let window = world.makeWindow()
        try window.setRootViewController(p)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        #expect(c.appearance == .disappeared)
        #expect(p.appearance == .appeared)
    }

    @Test("a child's view under the wrong controller raises and changes nothing (CON-10)")
    func hierarchyInconsistency() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let q = try stage.controller("Q")
        let c = try stage.controller("C")
        try p.addChild(c)
        try p.view.addSubview(q.view)
        #expect(
            throws: UIKitException(
                "UIViewControllerHierarchyInconsistency",
                "child view controller:C should have parent view controller:Q but actual parent is:P")
        ) {
            try q.view.addSubview(c.view)
        }
        #expect(c.view.superview == nil)
    }

    @Test("transition(from:to:) needs two children of the receiver (A-4, CON-07)")
    func transitionNeedsSiblings() throws {
        let world = World()
        let p = try world.makeController(named: "P")
        let a = try world.makeController(named: "A")
        let b = try world.makeController(named: "B")
        try p.addChild(a)
        #expect(throws: UIKitException.self) { try p.transition(from: a, to: b, duration: 0.3) }
        #expect(b.parent == nil && !b.isViewLoaded)
    }

    @Test("transition(from:to:) opens outgoing first, closes incoming first (CON-07), after its duration")
    func transitionOrder() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try p.addChild(a)
        try p.view.addSubview(a.view)
        a.didMove(toParent: p)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        a.willMove(toParent: nil)
        try p.addChild(b)
        var finished: Bool?
        try p.transition(from: a, to: b, duration: 0.3) { finished = $0 }
        #expect(
            stage.lines() == [
                "A.willMove(toParent: nil)", "B.willMove(toParent: P)", "B.viewDidLoad()",
                "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            ])
        try stage.world.runLoop.advance(by: 0.29)
        #expect(finished == nil)
        try stage.world.runLoop.advance(by: 0.01)
        #expect(finished == true)
        // CON-07's log ends the incoming child first.
        #expect(stage.lines() == ["B.viewDidAppear(true)", "A.viewDidDisappear(true)"])
        #expect(a.viewIfLoaded?.superview == nil && b.view.superview === p.view)
    }
}

@Suite("Children during their parent's transitions")
struct ChildDuringParentTransitionTests {
    /// A parent, shown, with child A; B added beside it for a transition.
    private func stageWithTwoChildren() throws -> (Stage, ViewController, ViewController, ViewController) {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try p.addChild(a)
        try p.view.addSubview(a.view)
        a.didMove(toParent: p)
        try p.addChild(b)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        return (stage, p, a, b)
    }

    @Test("a child added to a parent that is still appearing appears after it (M-2, D-3)")
    func childFollowsAppearingParent() throws {
        let (stage, p, a, b) = try stageWithTwoChildren()
        try p.transition(from: a, to: b, duration: 0.3)
        let g = try stage.controller("G")
        try b.addChild(g)
        try b.view.addSubview(g.view)
        try stage.world.runLoop.advance(by: 0.1)
        #expect(g.appearance == .appearing)
        try stage.world.runLoop.settle()
        #expect(
            Array(stage.lines().suffix(3)) == [
                "B.viewDidAppear(true)", "G.viewDidAppear(false)", "A.viewDidDisappear(true)",
            ])
    }

    @Test("a child removed while its parent appears still gets its did-callback")
    func removedChildFinishes() throws {
        let world = World()
        let window = world.makeWindow()
        let p = try world.makeController(named: "P")
        let c = try world.makeController(named: "C")
        try window.setRootViewController(p)
        try p.addChild(c)
        try p.view.addSubview(c.view)
        window.makeKeyAndVisible()
        c.willMove(toParent: nil)
        c.removeFromParent()
        try world.runLoop.settle()
        #expect(c.appearance == .appeared)
        #expect(!c.isMovingFromParent)
    }

    @Test("a move cancelled before it completes leaves no moving flag behind (APP-03)")
    func flagsClearWhenCancelled() throws {
        let world = World()
        let window = world.makeWindow()
        let p = try world.makeController(named: "P")
        let c = try world.makeController(named: "C")
        try window.setRootViewController(p)
        try p.addChild(c)
        try p.view.addSubview(c.view)
        window.makeKeyAndVisible()
        c.didMove(toParent: p)
        window.setHidden(true)
        try world.runLoop.settle()
        #expect(c.appearance == .disappeared)
        #expect(!c.isMovingToParent)
    }
}
