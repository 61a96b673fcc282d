import HierarchyEngine
import Testing

@Suite("Appearance state machine")
struct AppearanceTests {
    @Test("a window's root appears: will now, did at the end of the turn (APP-01)")
    func windowRootAppears() throws {
        let world = World()
        let window = world.makeWindow()
        try window.setRootViewController(world.makeController(named: "A"))
        #expect(world.trace.events.map(\.text) == ["A.loadView()", "A.viewDidLoad()"])
        window.makeKeyAndVisible()
        #expect(world.controller(named: "A")?.appearance == .appearing)
        try world.runLoop.settle()
        #expect(
            world.trace.events.filter { $0.category != .statusbar }.map(\.text) == [
                "A.loadView()", "A.viewDidLoad()", "A.viewWillAppear(false)", "A.viewIsAppearing(false)",
                "A.viewWillLayoutSubviews()", "A.viewDidLayoutSubviews()", "A.viewDidAppear(false)",
            ])
        #expect(world.controller(named: "A")?.appearance == .appeared)
        #expect(window.isKeyWindow)
    }

    @Test("iOS 12 has no viewIsAppearing")
    func noViewIsAppearingOnTwelve() throws {
        let world = World(profile: Profile(iosVersion: 12))
        let window = world.makeWindow()
        try window.setRootViewController(world.makeController(named: "A"))
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        #expect(!world.trace.events.map(\.name).contains("viewIsAppearing"))
    }

    @Test("replacing the root: old view out before the new one in, dids deferred (APP-02, M-3)")
    func replaceRoot() throws {
        let stage = try Stage(root: "A")
        try stage.window.setRootViewController(stage.controller("B"))
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                "A.viewDidDisappear(false)", "B.viewDidAppear(false)",
            ])
        #expect(try stage.controller("A").viewIfLoaded?.superview == nil)
    }

    @Test("begin/end nest: only the outermost begin and the final end call back (CON-08)")
    func explicitNesting() throws {
        let world = World()
        let c = try world.makeController(named: "C")
        c.beginAppearanceTransition(true, animated: false)
        c.beginAppearanceTransition(true, animated: false)
        c.endAppearanceTransition()
        #expect(c.appearance == .appearing)
        c.endAppearanceTransition()
        #expect(c.appearance == .appeared)
        #expect(
            world.trace.events.map(\.text) == [
                "C.viewWillAppear(false)", "C.viewIsAppearing(false)", "C.viewDidAppear(false)",
            ])
    }

    @Test("an end without a begin warns and changes nothing (CON-09)")
    func unbalancedEnd() throws {
        let world = World()
        let c = try world.makeController(named: "C")
        c.endAppearanceTransition()
        #expect(
            world.trace.events.map(\.text) == ["warning: Unbalanced calls to begin/end appearance transitions for C."])
        #expect(c.appearance == .disappeared)
    }

    @Test("a view added and removed in one turn cancels: will-appear, will-disappear, did-disappear (G-01)")
    func cancelInOneTurn() throws {
        let stage = try Stage(root: "P")
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        try p.addChild(c)
        try p.view.addSubview(c.view)
        c.view.removeFromSuperview()
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "C.willMove(toParent: P)", "C.viewDidLoad()", "C.viewWillAppear(false)",
                "C.viewWillDisappear(false)", "C.viewDidDisappear(false)",
            ])
    }
}
