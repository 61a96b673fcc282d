import HierarchyEngine
import Testing

// MARK: - Helpers

/// A shown window whose root is `A`, in a world of the profile `ios`, settled, with its trace
/// consumed: what `Stage(root: "A")` gives, for a profile other than the default.
private struct ProfileStage {
    let world: World
    let window: Window

    init(ios: Int, size: Size = .phonePortrait) throws {
        world = World(profile: Profile(iosVersion: ios))
        window = world.makeWindow()
        window.configure(size: size)
        try window.setRootViewController(world.makeController(named: "A"))
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        world.trace.clear()
    }

    func controller(_ name: String) throws -> ViewController {
        try world.controller(named: name) ?? world.makeController(named: name)
    }

    /// The lines recorded since the last call, without loading and layout events.
    func lines() -> [String] {
        let lines = world.trace.pending.filter { ![.loading, .layout, .statusbar].contains($0.category) }.map(\.text)
        world.trace.consumeAll()
        return lines
    }
}

/// Notes, in each appearance callback, the presentation flags the controller reads there
/// (G-05): `B.viewWillAppear presented=true dismissed=false`.
private final class FlagNotes: ControllerOverrides {
    unowned let world: World

    init(_ world: World) {
        self.world = world
    }

    func receive(_ callback: Callback, on controller: ViewController) {
        switch callback {
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
            world.note(
                "\(controller.name).\(callback.name) presented=\(controller.isBeingPresented) "
                    + "dismissed=\(controller.isBeingDismissed)")
        default:
            break
        }
    }
}

/// A presentation controller's delegate that answers `adaptivePresentationStyle` with a
/// style's name (D-32), and keeps the traits it was asked about.
private final class StyleDelegate: Delegate {
    let answer: DelegateAnswer
    private(set) var askedTraits: [TraitCollection] = []

    init(_ answer: DelegateAnswer) {
        self.answer = answer
    }

    func implements(_ method: DelegateMethod) -> Bool { method == .adaptivePresentationStyle }

    func call(_ method: DelegateMethod, owner: AnyObject, arguments: [DelegateArgument]) -> DelegateAnswer {
        for argument in arguments {
            if case .traits(let traits) = argument.value { askedTraits.append(traits) }
        }
        return answer
    }
}

/// Dismisses the controller, animated, from its first `viewDidAppear` (D-36).
private final class DismissOnAppear: ControllerOverrides {
    unowned let world: World
    private var done = false

    init(_ world: World) {
        self.world = world
    }

    func receive(_ callback: Callback, on controller: ViewController) {
        guard case .viewDidAppear = callback, !done else { return }
        done = true
        controller.dismiss(animated: true) { [unowned world] in world.note("dismissed") }
    }
}

/// The four delegate methods of the swipe down (PRE-04).
private let swipeMethods: Set<String> = ["shouldDismiss", "willDismiss", "didDismiss", "didAttemptToDismiss"]

/// A shown window whose root is the navigation controller `Nav` with the stack `names`,
/// settled, with its trace consumed.
private func navigationStage(_ names: [String]) throws -> (Stage, NavigationController) {
    let stage = try Stage()
    let nav = try stage.world.make(NavigationController.self, named: "Nav")
    try nav.setViewControllers(names.map { try stage.controller($0) }, animated: false)
    try stage.window.setRootViewController(nav)
    try stage.world.runLoop.settle()
    _ = stage.lines()
    return (stage, nav)
}

/// A shown window whose root is `Tabs` with the tabs `Nav` (stack `A`) and `T2`, settled,
/// with its trace consumed.
private func tabStage() throws -> (Stage, TabBarController, NavigationController) {
    let stage = try Stage()
    let nav = try stage.world.make(NavigationController.self, named: "Nav")
    try nav.setViewControllers([stage.controller("A")], animated: false)
    let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
    try tabs.setViewControllers([nav, stage.controller("T2")], animated: false)
    try stage.window.setRootViewController(tabs)
    try stage.world.runLoop.settle()
    _ = stage.lines()
    return (stage, tabs, nav)
}

/// `A` (the window's root) presents `B` in `style` without animation, settled and consumed.
private func presented(_ style: ModalPresentationStyle, on stage: Stage) throws -> (ViewController, ViewController) {
    let a = try stage.controller("A")
    let b = try stage.controller("B")
    b.modalPresentationStyle = style
    try a.present(b, animated: false)
    try stage.world.runLoop.settle()
    _ = stage.lines()
    return (a, b)
}

/// An iPad-sized window: regular in both size classes, where nothing adapts (D-31).
private let iPad = Size(width: 1024, height: 1366)

// MARK: - Presenting and dismissing

@Suite("Presentation")
struct PresentationTests {
    @Test(
        "full screen: linked in the call; after the commit presenter out, presented in; at the end presented did, presenter did, completion (M-8, TIM-02, PRE-01)"
    )
    func fullScreenPresent() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.modalPresentationStyle = .fullScreen
        try a.present(b, animated: true) { stage.world.note("presented") }
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(a.presentingViewController == nil && b.presentedViewController == nil)
        #expect(b.presentationController.presentingViewController === a)
        #expect(b.isBeingPresented && !a.isBeingPresented && !b.isBeingDismissed)
        #expect(stage.lines(including: [.loading]) == [], "nothing visible happens in the call (TIM-02)")
        #expect(!b.isViewLoaded && a.appearance == .appeared)
        try stage.world.runLoop.advance(by: 0)
        #expect(
            stage.lines(including: [.loading]) == [
                "B.loadView()", "B.viewDidLoad()", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            ])
        #expect(a.appearance == .disappearing && b.appearance == .appearing)
        #expect(b.view.superview?.name == "B.transitionView" && b.view.superview?.superview === stage.window)
        #expect(a.view.superview === stage.window, "the presenter's view leaves when the presentation completes")
        #expect(b.parent == nil && a.children.isEmpty, "G-06: presenting is no containment")
        try stage.world.runLoop.advance(by: 0.49)
        #expect(stage.lines() == [])
        #expect(b.isBeingPresented)
        try stage.world.runLoop.advance(by: 0.01)
        #expect(stage.lines() == ["B.viewDidAppear(true)", "A.viewDidDisappear(true)", "note: presented"])
        #expect(!b.isBeingPresented)
        #expect(a.appearance == .disappeared && b.appearance == .appeared)
        #expect(a.viewIfLoaded?.superview == nil)
        #expect(stage.window.subviews.map(\.name) == ["B.transitionView"])
        #expect(b.presentationController.presentationStyle == .fullScreen)
    }

    @Test("full screen dismissal mirrors it: the links clear as it ends, then the completion (M-8, TIM-07, PRE-02)")
    func fullScreenDismiss() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.fullScreen, on: stage)
        b.dismiss(animated: true) { stage.world.note("dismissed") }
        #expect(stage.lines() == [] && b.isBeingDismissed, "nothing visible in the call (TIM-02)")
        try stage.world.runLoop.advance(by: 0)
        #expect(stage.lines() == ["B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
        #expect(b.isBeingDismissed && !b.isBeingPresented)
        #expect(a.presentedViewController === b && b.presentingViewController === a, "links last until the end")
        #expect(a.view.superview === stage.window, "the presenter's view comes back as the dismissal begins")
        #expect(stage.window.subviews.map(\.name) == ["A.view", "B.transitionView"])
        try stage.world.runLoop.advance(by: 0.49)
        #expect(stage.lines() == [])
        try stage.world.runLoop.advance(by: 0.01)
        #expect(stage.lines() == ["A.viewDidAppear(true)", "B.viewDidDisappear(true)", "note: dismissed"])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(!b.isBeingDismissed)
        #expect(a.appearance == .appeared && b.appearance == .disappeared)
        #expect(stage.window.subviews.map(\.name) == ["A.view"])
    }

    @Test("a dismissed controller's view is in no tree, and the controller can be presented again (LOAD-09)")
    func presentAgain() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.fullScreen, on: stage)
        a.dismiss(animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        #expect(b.view.superview == nil && b.view.window == nil && !b.isViewOnScreen)
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
                "A.viewDidDisappear(false)",
            ])
        #expect(b.view.superview?.name == "B.transitionView" && a.presentedViewController === b)
        let p = try stage.controller("P")
        b.dismiss(animated: false)
        try stage.world.runLoop.settle()
        try p.addChild(b)
        try p.view.addSubview(b.view)
        #expect(b.view.superview === p.view)
    }

    @Test(
        "isBeingPresented holds through the presented viewDidAppear, isBeingDismissed through viewDidDisappear (M-8, G-05)"
    )
    func flagWindows() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        a.overrides = FlagNotes(stage.world)
        b.overrides = FlagNotes(stage.world)
        b.modalPresentationStyle = .fullScreen
        try a.present(b, animated: true) {
            stage.world.note("completion presented=\(b.isBeingPresented) linked=\(a.presentedViewController === b)")
        }
        #expect(b.isBeingPresented, "true right after present returns (APP-03, §16.7)")
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewDidLoad()",
                "A.viewWillDisappear(true)", "note: A.viewWillDisappear presented=false dismissed=false",
                "B.viewWillAppear(true)", "note: B.viewWillAppear presented=true dismissed=false",
                "B.viewDidAppear(true)", "note: B.viewDidAppear presented=true dismissed=false",
                "A.viewDidDisappear(true)", "note: A.viewDidDisappear presented=false dismissed=false",
                "note: completion presented=false linked=true",
            ])
        a.dismiss(animated: true) {
            stage.world.note("completion dismissed=\(b.isBeingDismissed) linked=\(b.presentingViewController != nil)")
        }
        #expect(b.isBeingDismissed)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewWillDisappear(true)", "note: B.viewWillDisappear presented=false dismissed=true",
                "A.viewWillAppear(true)", "note: A.viewWillAppear presented=false dismissed=false",
                "A.viewDidAppear(true)", "note: A.viewDidAppear presented=false dismissed=false",
                "B.viewDidDisappear(true)", "note: B.viewDidDisappear presented=false dismissed=true",
                "note: completion dismissed=false linked=false",
            ])
    }

    @Test("not animated: full screen begins and ends in the turn's commit (M-4, TIM-02)")
    func notAnimated() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.modalPresentationStyle = .fullScreen
        try a.present(b, animated: false) { stage.world.note("presented") }
        #expect(stage.lines() == [])
        try stage.world.runLoop.advance(by: 0)
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                "B.viewDidAppear(false)", "A.viewDidDisappear(false)", "note: presented",
            ])
        #expect(stage.world.runLoop.now == 0)
        a.dismiss(animated: false) { stage.world.note("dismissed") }
        try stage.world.runLoop.advance(by: 0)
        #expect(
            stage.lines() == [
                "B.viewWillDisappear(false)", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
                "B.viewDidDisappear(false)", "note: dismissed",
            ])
        #expect(a.presentedViewController == nil)
    }

    // MARK: Table 8.1

    /// One row of table 8.1: a style as resolved, and whether the presenter gets callbacks.
    struct StyleRow: CustomTestStringConvertible, Sendable {
        var style: ModalPresentationStyle
        var removesPresenter: Bool
        var shouldRemovePresentersView = false
        var testDescription: String {
            style.rawValue + (shouldRemovePresentersView ? " (shouldRemovePresentersView)" : "")
        }
    }

    @Test(
        "each style's presenter callbacks on present and on dismiss (table 8.1, PRE-03, PRE-05)",
        arguments: [
            StyleRow(style: .fullScreen, removesPresenter: true),
            StyleRow(style: .pageSheet, removesPresenter: false),
            StyleRow(style: .formSheet, removesPresenter: false),
            StyleRow(style: .overFullScreen, removesPresenter: false),
            StyleRow(style: .currentContext, removesPresenter: true),
            StyleRow(style: .overCurrentContext, removesPresenter: false),
            StyleRow(style: .custom, removesPresenter: false),
            StyleRow(style: .custom, removesPresenter: true, shouldRemovePresentersView: true),
            StyleRow(style: .popover, removesPresenter: false),
        ])
    func styleCallbacks(_ row: StyleRow) throws {
        let stage = try Stage()
        stage.window.configure(size: iPad)  // regular: a popover stays a popover
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try stage.window.setRootViewController(a)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        b.modalPresentationStyle = row.style
        b.presentationController.shouldRemovePresentersView = row.shouldRemovePresentersView
        try a.present(b, animated: true) { stage.world.note("presented") }
        #expect(b.presentationController.presentationStyle == row.style)
        try stage.world.runLoop.settle()
        let presenting =
            row.removesPresenter
            ? [
                "B.viewDidLoad()", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
                "A.viewDidDisappear(true)", "note: presented",
            ]
            : ["B.viewDidLoad()", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "note: presented"]
        #expect(stage.lines() == presenting)
        #expect(a.appearance == (row.removesPresenter ? .disappeared : .appeared))
        #expect((a.view.superview === stage.window) == !row.removesPresenter)
        b.dismiss(animated: true) { stage.world.note("dismissed") }
        try stage.world.runLoop.settle()
        let dismissing =
            row.removesPresenter
            ? [
                "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
                "B.viewDidDisappear(true)",
                "note: dismissed",
            ]
            : ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "note: dismissed"]
        #expect(stage.lines() == dismissing)
        #expect(a.appearance == .appeared && b.appearance == .disappeared)
        #expect(stage.window.subviews.map(\.name) == ["A.view"])
        #expect(a.presentedViewController == nil)
    }

    @Test("automatic reads as pageSheet from iOS 13 and as fullScreen under iOS 12 (PRE-16, M-12, §16.1)")
    func automaticStyle() throws {
        let modern = try Stage(root: "A")
        let b17 = try modern.controller("B")
        #expect(b17.modalPresentationStyle == .pageSheet)
        b17.modalPresentationStyle = .automatic
        #expect(b17.modalPresentationStyle == .pageSheet, "reading automatic gives a concrete style")
        try modern.controller("A").present(b17, animated: false)
        try modern.world.runLoop.settle()
        #expect(modern.lines() == ["B.viewDidLoad()", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])

        let old = try ProfileStage(ios: 12, size: iPad)
        let b12 = try old.controller("B")
        #expect(b12.modalPresentationStyle == .fullScreen)
        try old.controller("A").present(b12, animated: false)
        try old.world.runLoop.settle()
        #expect(
            old.lines() == [
                "B.viewDidLoad()", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                "B.traitCollectionDidChange(nil)", "B.viewDidAppear(false)", "A.viewDidDisappear(false)",
            ])
        #expect(b12.presentationController.presentationStyle == .fullScreen)
        #expect(
            !old.world.trace.events.contains { $0.name == "viewIsAppearing" }, "no viewIsAppearing before iOS 13 (M-12)"
        )
        #expect(modern.world.trace.events.contains { $0.text == "B.viewIsAppearing(false)" })
    }

    // MARK: Who presents (PRE-06, PRE-07, A-8)

    @Test("a child of a navigation controller at the root: the navigation controller presents (PRE-06)")
    func navigationRootPresents() throws {
        let (stage, nav) = try navigationStage(["A"])
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.modalPresentationStyle = .fullScreen
        try a.present(b, animated: false)
        #expect(b.presentingViewController === nav)
        #expect(a.presentedViewController === b && nav.presentedViewController === b)
        #expect(nav.visibleViewController === b && nav.topViewController === a)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "Nav.viewWillDisappear(false)", "A.viewWillDisappear(false)",
                "B.viewWillAppear(false)",
                "B.viewDidAppear(false)", "Nav.viewDidDisappear(false)", "A.viewDidDisappear(false)",
            ])
        a.dismiss(animated: false)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewWillDisappear(false)", "Nav.viewWillAppear(false)", "A.viewWillAppear(false)",
                "Nav.viewDidAppear(false)", "A.viewDidAppear(false)", "B.viewDidDisappear(false)",
            ])
        #expect(nav.presentedViewController == nil && a.appearance == .appeared)
    }

    @Test("tab bar → navigation → A: the tab bar controller presents (A-8)")
    func tabBarPresents() throws {
        let (stage, tabs, nav) = try tabStage()
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try a.present(b, animated: false)
        #expect(b.presentingViewController === tabs)
        #expect(
            a.presentedViewController === b && nav.presentedViewController === b && tabs.presentedViewController === b)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewDidLoad()", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])
        // A controller inside the presented one gets the same presenter (H17 "farthest ancestor").
        let inner = try stage.controller("Inner")
        try b.addChild(inner)
        #expect(inner.presentingViewController === tabs)
        #expect(inner.presentationController === b.presentationController)
    }

    @Test("currentContext: the nearest controller that defines the context presents (PRE-07, A-8, NAV-15)")
    func currentContextPresenter() throws {
        let (stage, tabs, nav) = try tabStage()
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.modalPresentationStyle = .currentContext
        try a.present(b, animated: false)
        #expect(b.presentingViewController === nav, "a navigation controller defines the context")
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "Nav.viewWillDisappear(false)", "A.viewWillDisappear(false)",
                "B.viewWillAppear(false)",
                "B.viewDidAppear(false)", "Nav.viewDidDisappear(false)", "A.viewDidDisappear(false)",
            ])
        #expect(tabs.appearance == .appeared, "the context's container stays")
        #expect(b.view.superview?.superview === tabs.view, "just above the context's view, in its superview")
        #expect(tabs.presentedViewController == nil && nav.presentedViewController === b)
        nav.dismiss(animated: false)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewWillDisappear(false)", "Nav.viewWillAppear(false)", "A.viewWillAppear(false)",
                "Nav.viewDidAppear(false)", "A.viewDidAppear(false)", "B.viewDidDisappear(false)",
            ])
        #expect(nav.view.superview === tabs.view)

        a.definesPresentationContext = true
        let b2 = try stage.controller("B2")
        b2.modalPresentationStyle = .currentContext
        try a.present(b2, animated: false)
        #expect(b2.presentingViewController === a)
        #expect(nav.presentedViewController == nil, "nothing above the context presents")
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B2.viewDidLoad()", "A.viewWillDisappear(false)", "B2.viewWillAppear(false)", "B2.viewDidAppear(false)",
                "A.viewDidDisappear(false)",
            ])
        #expect(nav.appearance == .appeared && a.viewIfLoaded?.superview == nil)
        #expect(b2.view.superview?.superview === nav.view)
        b2.dismiss(animated: false)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B2.viewWillDisappear(false)", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
                "B2.viewDidDisappear(false)",
            ])
        #expect(a.view.superview === nav.view && a.appearance == .appeared)
    }

    @Test(
        "currentContext with no controller defining the context: the top of the caller's tree presents (PRE-07, D-29)")
    func currentContextWithoutDefiner() throws {
        let stage = try Stage(root: "R")
        let r = try stage.controller("R")
        let c = try stage.controller("C")
        let b = try stage.controller("B")
        try r.addChild(c)
        try r.view.addSubview(c.view)
        c.didMove(toParent: r)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        b.modalPresentationStyle = .overCurrentContext
        try c.present(b, animated: false)
        #expect(b.presentingViewController === r)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewDidLoad()", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])
    }

    @Test("the transition style: the presented controller's, or a context's that provides its own (PRE-07, D-32)")
    func transitionStyles() throws {
        let (stage, nav) = try navigationStage(["A"])
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        nav.modalTransitionStyle = .crossDissolve
        b.modalTransitionStyle = .flipHorizontal
        b.modalPresentationStyle = .overCurrentContext
        #expect(b.presentationController.transitionStyle == .flipHorizontal, "before presenting: the controller's own")
        try a.present(b, animated: false)
        #expect(b.presentingViewController === nav)
        #expect(b.presentationController.transitionStyle == .flipHorizontal, "the context does not provide its style")
        try stage.world.runLoop.settle()
        b.dismiss(animated: false)
        try stage.world.runLoop.settle()
        nav.providesPresentationContextTransitionStyle = true
        c.modalTransitionStyle = .flipHorizontal
        c.modalPresentationStyle = .currentContext
        try a.present(c, animated: false)
        #expect(c.presentationController.transitionStyle == .crossDissolve)
        try stage.world.runLoop.settle()
        c.dismiss(animated: false)
        try stage.world.runLoop.settle()
        // A full-screen style ignores the context's transition style.
        let d = try stage.controller("D")
        d.modalPresentationStyle = .fullScreen
        d.modalTransitionStyle = .coverVertical
        try a.present(d, animated: false)
        #expect(d.presentationController.transitionStyle == .coverVertical)
        try stage.world.runLoop.settle()
        d.dismiss(animated: false)
        try stage.world.runLoop.settle()
        // partialCurl provided by the context counts for the current-context style (D-32).
        nav.modalTransitionStyle = .partialCurl
        let e = try stage.controller("E")
        e.modalPresentationStyle = .currentContext
        _ = stage.lines()
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException",
                "The partialCurl transition style needs the fullScreen presentation style; E would be presented as currentContext."
            )
        ) {
            try a.present(e, animated: false)
        }
        #expect(stage.lines() == [] && nav.presentedViewController == nil)
    }

    // MARK: Refusals (PRE-08..PRE-12, D-30)

    @Test("PRE-11's exceptions are thrown before anything changes: no trace event, no link, no load")
    func exceptionsChangeNothing() throws {
        let (stage, nav) = try navigationStage(["A"])
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let other = stage.world.makeWindow(named: "Other")
        let r2 = try stage.controller("R2")
        try other.setRootViewController(r2)
        let p = try stage.controller("P")
        let c = try stage.controller("C")
        try p.addChild(c)
        c.modalPresentationStyle = ModalPresentationStyle.none
        _ = stage.lines()
        let before = stage.world.trace.events
        func invalid(_ reason: String) -> UIKitException { UIKitException("NSInvalidArgumentException", reason) }
        #expect(throws: invalid("Application tried to present a nil modal view controller on target A.")) {
            try a.present(nil, animated: true) { stage.world.note("completion") }
        }
        #expect(
            throws: invalid("Application tried to present modal view controller on itself. Presenting controller is A.")
        ) {
            try a.present(a, animated: true)
        }
        #expect(
            throws: invalid(
                "Application tried to present modal view controller on itself. Presenting controller is Nav.")
        ) {
            try a.present(nav, animated: true)
        }
        #expect(
            throws: invalid(
                "Application tried to present modally a view controller C that has a parent view controller P."),
            "a parent is checked before the none style"
        ) {
            try a.present(c, animated: true)
        }
        #expect(throws: invalid("Application tried to present modally an active controller R2.")) {
            try a.present(r2, animated: true)
        }
        let d = try stage.controller("D")
        d.modalPresentationStyle = ModalPresentationStyle.none
        #expect(throws: invalid("D has modalPresentationStyle none, which cannot be presented.")) {
            try a.present(d, animated: true)
        }
        b.modalTransitionStyle = .partialCurl
        #expect(
            throws: invalid(
                "The partialCurl transition style needs the fullScreen presentation style; B would be presented as pageSheet."
            )
        ) {
            try a.present(b, animated: true)
        }
        #expect(stage.world.trace.events == before)
        #expect(nav.presentedViewController == nil && a.presentedViewController == nil)
        #expect([b, c, d, r2].allSatisfy { $0.presentingViewController == nil && !$0.isBeingPresented })
        #expect(!b.isViewLoaded && !c.isViewLoaded && !d.isViewLoaded)
        #expect(c.parent === p)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == [])
        // partialCurl is fine full screen.
        b.modalPresentationStyle = .fullScreen
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        #expect(b.presentationController.transitionStyle == .partialCurl)
        #expect(b.presentingViewController === nav)
    }

    @Test("presenting a controller that another presenter shows raises and changes nothing (PRE-11)")
    func alreadyPresented() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.pageSheet, on: stage)
        let other = stage.world.makeWindow(named: "Other")
        let x = try stage.controller("X")
        try other.setRootViewController(x)
        other.makeKeyAndVisible()
        try stage.world.runLoop.settle()
        _ = stage.lines()
        let before = stage.world.trace.events
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException",
                "Application tried to present modally a view controller B that is already being presented by A."
            )
        ) {
            try x.present(b, animated: true)
        }
        #expect(throws: UIKitException.self, "the exception comes before the warning of PRE-08") {
            try a.present(b, animated: true)
        }
        #expect(stage.world.trace.events == before)
        #expect(x.presentedViewController == nil && b.presentingViewController === a)
    }

    @Test("PRE-08: presenting while already presenting warns in UIKit's modern words; the completion never runs")
    func alreadyPresenting() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.pageSheet, on: stage)
        let c = try stage.controller("C")
        try a.present(c, animated: true) { stage.world.note("completion") }
        #expect(stage.lines() == ["warning: Attempt to present C on A (from A) which is already presenting B."])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == [])
        #expect(a.presentedViewController === b && c.presentingViewController == nil && !c.isViewLoaded)

        let (navStage, nav) = try navigationStage(["A"])
        let navA = try navStage.controller("A")
        try navA.present(navStage.controller("B"), animated: false)
        try navStage.world.runLoop.settle()
        _ = navStage.lines()
        try navA.present(navStage.controller("C"), animated: false) { navStage.world.note("completion") }
        try navStage.world.runLoop.settle()
        #expect(navStage.lines() == ["warning: Attempt to present C on Nav (from A) which is already presenting B."])
        #expect(nav.presentedViewController?.name == "B")
    }

    @Test("iOS 12 words PRE-08 and PRE-10 the older way (§15, M-11)")
    func oldWarnings() throws {
        let stage = try ProfileStage(ios: 12)
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        try a.present(c, animated: false) { stage.world.note("completion") }
        let x = try stage.controller("X")
        try x.present(c, animated: false) { stage.world.note("completion") }
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "warning: Attempt to present C on A which is already presenting B",
                "warning: Attempt to present C on X whose view is not in the window hierarchy!",
            ])
    }

    @Test("PRE-09: presenting while a presentation of the same presenter is in flight warns and is ignored")
    func presentationInFlight() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        try a.present(b, animated: true) { stage.world.note("B presented") }
        _ = stage.lines()
        try a.present(c, animated: true) { stage.world.note("C presented") }
        try b.present(c, animated: true) { stage.world.note("C presented") }
        #expect(
            stage.lines() == [
                "warning: Attempt to present C on A while a presentation is in progress!",
                "warning: Attempt to present C on B while a presentation is in progress!",
            ])
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "note: B presented",
            ])
        #expect(!c.isViewLoaded && b.presentedViewController == nil)
        a.dismiss(animated: true)
        _ = stage.lines()
        try a.present(c, animated: true) { stage.world.note("C presented") }
        #expect(stage.lines() == ["warning: Attempt to present C on A while a presentation is in progress!"])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
        #expect(a.presentedViewController == nil && !c.isViewLoaded)
    }

    @Test("PRE-10: a presenter whose view is not in a visible window warns; nothing loads, the completion never runs")
    func presenterOffScreen() throws {
        let stage = try Stage(root: "A")
        let x = try stage.controller("X")
        let b = try stage.controller("B")
        try x.present(b, animated: true) { stage.world.note("completion") }
        #expect(
            stage.lines() == ["warning: Attempt to present B on X (from X) whose view is not in the window hierarchy."])
        #expect(!x.isViewLoaded && !b.isViewLoaded)
        let hidden = stage.world.makeWindow(named: "Hidden")
        let r = try stage.controller("R")
        try hidden.setRootViewController(r)
        _ = stage.lines()
        try r.present(b, animated: true) { stage.world.note("completion") }
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == ["warning: Attempt to present B on R (from R) whose view is not in the window hierarchy."])
        #expect(r.presentedViewController == nil && b.presentingViewController == nil && !b.isViewLoaded)
    }

    @Test("PRE-12: dismissing during a presentation or a dismissal warns; nothing changes, the completion never runs")
    func dismissInFlight() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try a.present(b, animated: true)
        _ = stage.lines()
        a.dismiss(animated: true) { stage.world.note("completion") }
        b.dismiss(animated: false) { stage.world.note("completion") }
        #expect(
            stage.lines() == [
                "warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!",
                "warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!",
            ])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewDidLoad()", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        #expect(a.presentedViewController === b)
        b.dismiss(animated: true) { stage.world.note("dismissed") }
        b.dismiss(animated: true) { stage.world.note("completion") }
        #expect(
            stage.lines() == [
                "warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!"
            ])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "note: dismissed"])
    }

    @Test(
        "dismiss on a controller that neither presents nor is presented does nothing, and no completion (PRE-13, D-33)")
    func dismissNothing() throws {
        let (stage, _) = try navigationStage(["A", "B"])
        try stage.controller("B").dismiss(animated: true) { stage.world.note("completion") }
        try stage.controller("A").dismiss(animated: false) { stage.world.note("completion") }
        try stage.world.runLoop.settle()
        #expect(stage.lines() == [])
    }

    // MARK: Chains (PRE-13, A-9, M-9, D-33)

    /// A presents B, B presents C, both full screen, settled.
    private func chain() throws -> (Stage, ViewController, ViewController, ViewController) {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        b.modalPresentationStyle = .fullScreen
        c.modalPresentationStyle = .fullScreen
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        try b.present(c, animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        return (stage, a, b, c)
    }

    @Test("A→B→C: each presents one, the links read as PRE-13's state table")
    func chainState() throws {
        let (stage, a, b, c) = try chain()
        #expect(a.presentingViewController == nil && a.presentedViewController === b)
        #expect(b.presentingViewController === a && b.presentedViewController === c)
        #expect(c.presentingViewController === b && c.presentedViewController == nil)
        #expect(a.appearance == .disappeared && b.appearance == .disappeared && c.appearance == .appeared)
        #expect(stage.window.subviews.map(\.name) == ["B.transitionView", "C.transitionView"])
    }

    @Test("dismissing from A removes B and C in one transition: C animates, B gets nothing, A comes back")
    func chainDismissedFromA() throws {
        let (stage, a, b, c) = try chain()
        a.dismiss(animated: true) { stage.world.note("dismissed") }
        try stage.world.runLoop.advance(by: 0)
        #expect(stage.lines() == ["C.viewWillDisappear(true)", "A.viewWillAppear(true)"])
        #expect(b.isBeingDismissed && c.isBeingDismissed)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["A.viewDidAppear(true)", "C.viewDidDisappear(true)", "note: dismissed"])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(b.presentedViewController == nil && c.presentingViewController == nil)
        #expect(!b.isBeingDismissed && !c.isBeingDismissed)
        #expect(a.appearance == .appeared && b.appearance == .disappeared && c.appearance == .disappeared)
        #expect(stage.window.subviews.map(\.name) == ["A.view"])
    }

    @Test("dismissing from B, or from C, removes C only; B comes back and stays presented")
    func chainDismissedFromBOrC() throws {
        for caller in ["B", "C"] {
            let (stage, a, b, c) = try chain()
            try stage.controller(caller).dismiss(animated: true) { stage.world.note("dismissed") }
            try stage.world.runLoop.advance(by: 0)
            #expect(stage.lines() == ["C.viewWillDisappear(true)", "B.viewWillAppear(true)"], "from \(caller)")
            #expect(!b.isBeingDismissed && c.isBeingDismissed)
            try stage.world.runLoop.settle()
            #expect(
                stage.lines() == ["B.viewDidAppear(true)", "C.viewDidDisappear(true)", "note: dismissed"],
                "from \(caller)")
            #expect(a.presentedViewController === b && b.presentingViewController === a)
            #expect(b.presentedViewController == nil && c.presentingViewController == nil)
            #expect(a.appearance == .disappeared && b.appearance == .appeared && c.appearance == .disappeared)
            #expect(stage.window.subviews.map(\.name) == ["B.transitionView"])
            #expect(b.view.superview?.name == "B.transitionView")
        }
    }

    @Test("a sheet under a sheet disappears without animation when the chain goes (D-33)")
    func sheetChain() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        try a.present(b, animated: false)
        try stage.world.runLoop.settle()
        try b.present(c, animated: false)
        try stage.world.runLoop.settle()
        #expect(c.presentingViewController === b, "a sheet may present a sheet (D-29)")
        _ = stage.lines()
        a.dismiss(animated: true)
        try stage.world.runLoop.advance(by: 0)
        #expect(stage.lines() == ["C.viewWillDisappear(true)", "B.viewWillDisappear(false)"])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["C.viewDidDisappear(true)", "B.viewDidDisappear(false)"])
        #expect(a.presentedViewController == nil && b.presentedViewController == nil && a.appearance == .appeared)
    }

    // MARK: Adaptation (PRE-14, PRE-15, A-10, D-32)

    @Test("a page sheet in a compact height is presented full screen; its own style does not change (A-10)")
    func compactHeightSheet() throws {
        let stage = try Stage(root: "A")
        stage.window.configure(size: Size(width: 844, height: 390))
        #expect(
            stage.window.traitCollection == TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .compact))
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        try a.present(b, animated: false)
        #expect(b.presentationController.presentationStyle == .fullScreen)
        #expect(b.modalPresentationStyle == .pageSheet)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
                "A.viewDidDisappear(false)",
            ])
        #expect(throws: UsageError(.notInSheet(controller: "B"))) {
            _ = try b.userSwipeDown()
        }
    }

    @Test(
        "in a compact width a popover is full screen; a sheet stays a sheet from iOS 13 and not before (PRE-15, §16.2)")
    func compactWidth() throws {
        let stage = try Stage(root: "A")
        #expect(
            stage.window.traitCollection == TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular))
        let (a, b) = try presented(.popover, on: stage)
        #expect(b.presentationController.presentationStyle == .fullScreen)
        #expect(a.appearance == .disappeared)
        a.dismiss(animated: false)
        try stage.world.runLoop.settle()
        let c = try stage.controller("C")
        c.modalPresentationStyle = .formSheet
        try a.present(c, animated: false)
        #expect(c.presentationController.presentationStyle == .formSheet)

        let old = try ProfileStage(ios: 12)
        let oldB = try old.controller("B")
        oldB.modalPresentationStyle = .pageSheet
        try old.controller("A").present(oldB, animated: false)
        #expect(oldB.presentationController.presentationStyle == .fullScreen)
        try old.world.runLoop.settle()
        #expect(
            old.lines() == [
                "B.viewDidLoad()", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                "B.traitCollectionDidChange(nil)", "B.viewDidAppear(false)", "A.viewDidDisappear(false)",
            ])
    }

    @Test("in a regular environment nothing adapts and the delegate is not asked (D-32)")
    func regularDoesNotAdapt() throws {
        let stage = try Stage(root: "A")
        stage.window.configure(size: iPad)
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let delegate = StyleDelegate(.string("fullScreen"))
        b.presentationController.delegate = delegate
        b.modalPresentationStyle = .popover
        try a.present(b, animated: false)
        #expect(b.presentationController.presentationStyle == .popover)
        #expect(delegate.askedTraits.isEmpty)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewDidLoad()", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])
    }

    /// One answer of an adaptive delegate, for a popover in a compact width, and the style it gives.
    struct AdaptiveCase: CustomTestStringConvertible, Sendable {
        var answer: DelegateAnswer
        var style: ModalPresentationStyle
        var testDescription: String { "\(answer) → \(style.rawValue)" }
    }

    @Test(
        "the delegate's adaptivePresentationStyle chooses the style in a compact environment (PRE-14, D-32)",
        arguments: [
            AdaptiveCase(answer: .string("overFullScreen"), style: .overFullScreen),
            AdaptiveCase(answer: .string("formSheet"), style: .formSheet),
            AdaptiveCase(answer: .string("none"), style: .popover),
            AdaptiveCase(answer: .string("custom"), style: .fullScreen),
            AdaptiveCase(answer: .string("currentContext"), style: .fullScreen),
            AdaptiveCase(answer: .nothing, style: .fullScreen),
            AdaptiveCase(answer: .bool(true), style: .fullScreen),
        ])
    func adaptiveDelegate(_ test: AdaptiveCase) throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let delegate = StyleDelegate(test.answer)
        b.presentationController.delegate = delegate
        b.modalPresentationStyle = .popover
        try a.present(b, animated: false)
        #expect(b.presentationController.presentationStyle == test.style)
        #expect(delegate.askedTraits == [stage.window.traitCollection])
        let removes = test.style == .fullScreen
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.presentationController.delegate.adaptivePresentationStyle("
                    + "traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))",
                "B.viewDidLoad()",
            ] + (removes ? ["A.viewWillDisappear(false)"] : []) + ["B.viewWillAppear(false)", "B.viewDidAppear(false)"]
                + (removes ? ["A.viewDidDisappear(false)"] : []))
    }

    @Test("the delegate is asked for sheets and current-context styles in a compact width, not for fullScreen (D-32)")
    func whichStylesAsk() throws {
        for style in ModalPresentationStyle.allCases where style != .automatic && style != .none {
            let stage = try Stage(root: "A")
            let a = try stage.controller("A")
            let b = try stage.controller("B")
            let delegate = StyleDelegate(.nothing)
            b.presentationController.delegate = delegate
            b.modalPresentationStyle = style
            try a.present(b, animated: false)
            let asked = style != .fullScreen && style != .overFullScreen
            #expect(delegate.askedTraits.count == (asked ? 1 : 0), "\(style)")
            #expect(b.presentationController.presentationStyle == (style == .popover ? .fullScreen : style), "\(style)")
            try stage.world.runLoop.settle()
        }
    }

    @Test("a misspelt adaptive answer is a usage error naming the valid styles; nothing is presented")
    func misspeltAdaptiveAnswer() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.presentationController.delegate = StyleDelegate(.string("fullscreen"))
        b.modalPresentationStyle = .popover
        #expect(throws: UsageError(.unknownAdaptiveStyle(answer: "fullscreen"))) {
            try a.present(b, animated: false) { stage.world.note("completion") }
        }
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "B.presentationController.delegate.adaptivePresentationStyle("
                    + "traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))"
            ])
        #expect(a.presentedViewController == nil && !b.isBeingPresented && !b.isViewLoaded)
    }

    @Test(
        "window sizes give size classes: under 500 points high is compact; wide from 600 upright, 900 on its side (D-31)"
    )
    func windowTraits() throws {
        let world = World()
        let window = world.makeWindow()
        #expect(window.size == Size(width: 390, height: 844))
        let cases: [(Size, SizeClass, SizeClass)] = [
            (Size(width: 390, height: 844), .compact, .regular),
            (Size(width: 844, height: 390), .compact, .compact),
            (Size(width: 932, height: 430), .regular, .compact),
            (Size(width: 899, height: 499), .compact, .compact),
            (Size(width: 600, height: 500), .regular, .regular),
            (Size(width: 599, height: 900), .compact, .regular),
            (Size(width: 1024, height: 1366), .regular, .regular),
        ]
        for (size, horizontal, vertical) in cases {
            window.configure(size: size)
            #expect(
                window.traitCollection == TraitCollection(horizontalSizeClass: horizontal, verticalSizeClass: vertical),
                "\(size.width)x\(size.height)")
        }
        window.configure(size: Size(width: 390, height: 844), horizontalSizeClass: .regular)
        #expect(window.traitCollection == TraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .regular))
        #expect(window.size == Size(width: 390, height: 844))
    }

    // MARK: The swipe down (PRE-04, D-34)

    /// `A` presents `B` as a page sheet, settled, with the four swipe delegate methods answering `answer`.
    private func sheet(answer: Bool?) throws -> (Stage, ViewController, ViewController, ScriptedDelegate) {
        let stage = try Stage(root: "A")
        let delegate = ScriptedDelegate(swipeMethods, answer: answer)
        let b = try stage.controller("B")
        b.presentationController.delegate = delegate
        let (a, _) = try presented(.pageSheet, on: stage)
        return (stage, a, b, delegate)
    }

    @Test("an allowed swipe: shouldDismiss, willDismiss, B will-disappear; finishing ends it and calls didDismiss")
    func swipeDownFinished() throws {
        let (stage, a, b, delegate) = try sheet(answer: true)
        let gesture = try b.userSwipeDown()
        #expect(
            gesture.state == .began && !gesture.wasRefused && gesture.gesture == .interactiveDismissal
                && gesture.subject === b)
        #expect(
            stage.lines() == [
                "B.presentationController.delegate.shouldDismiss()", "B.presentationController.delegate.willDismiss()",
                "B.viewWillDisappear(true)",
            ])
        #expect(b.isBeingDismissed && a.presentedViewController === b)
        try gesture.update(0.5)
        try gesture.finish()
        try stage.world.runLoop.advance(by: 0.24)
        #expect(stage.lines() == [])
        try stage.world.runLoop.advance(by: 0.01)
        #expect(gesture.state == .finished)
        #expect(stage.lines() == ["B.viewDidDisappear(true)", "B.presentationController.delegate.didDismiss()"])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil && !b.isBeingDismissed)
        #expect(a.appearance == .appeared && b.appearance == .disappeared)
        #expect(delegate.calls == ["shouldDismiss", "willDismiss", "didDismiss"])
        #expect(stage.window.subviews.map(\.name) == ["A.view"])
    }

    @Test("a cancelled swipe turns B's bracket around and the sheet stays (PRE-04)")
    func swipeDownCancelled() throws {
        let (stage, a, b, delegate) = try sheet(answer: true)
        let gesture = try b.userSwipeDown()
        try gesture.update(0.3)
        _ = stage.lines()
        try gesture.cancel()
        #expect(gesture.state == .cancelling)
        try stage.world.runLoop.advance(by: 0.14)
        #expect(stage.lines() == [], "the sheet goes back over the distance covered: 0.3 of 0.5 s")
        try stage.world.runLoop.advance(by: 0.01)
        #expect(gesture.state == .cancelled)
        #expect(
            stage.lines(including: [.layout]).filter { !$0.contains("LayoutSubviews") } == [
                "B.viewWillAppear(true)", "B.viewIsAppearing(true)", "B.viewDidAppear(true)",
            ])
        #expect(a.presentedViewController === b && !b.isBeingDismissed && b.appearance == .appeared)
        #expect(delegate.calls == ["shouldDismiss", "willDismiss"])
        // A programmatic dismissal calls none of the delegate methods (D-34).
        b.dismiss(animated: false)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)"])
        #expect(delegate.calls == ["shouldDismiss", "willDismiss"])
    }

    @Test("isModalInPresentation refuses the swipe: only didAttemptToDismiss, and the gesture is already over")
    func swipeDownRefusedByModal() throws {
        let (stage, a, b, delegate) = try sheet(answer: true)
        b.isModalInPresentation = true
        let gesture = try b.userSwipeDown()
        #expect(gesture.wasRefused && gesture.state == .cancelled)
        #expect(stage.lines() == ["B.presentationController.delegate.didAttemptToDismiss()"])
        #expect(throws: UsageError(.swipeRefused(.interactiveDismissal, step: .finish))) {
            try gesture.finish()
        }
        #expect(throws: UsageError.self) { try gesture.cancel() }
        try stage.world.runLoop.settle()
        #expect(stage.lines() == [])
        #expect(a.presentedViewController === b && b.appearance == .appeared && !b.isBeingDismissed)
        #expect(delegate.calls == ["didAttemptToDismiss"])
    }

    @Test("shouldDismiss must return true: false or no answer refuses the swipe (PRE-04, D-34)")
    func swipeDownRefusedByDelegate() throws {
        for answer in [false, nil] as [Bool?] {
            let (stage, a, b, _) = try sheet(answer: answer)
            let gesture = try b.userSwipeDown()
            #expect(gesture.wasRefused)
            #expect(
                stage.lines() == [
                    "B.presentationController.delegate.shouldDismiss()",
                    "B.presentationController.delegate.didAttemptToDismiss()",
                ], "answer \(String(describing: answer))")
            try stage.world.runLoop.settle()
            #expect(a.presentedViewController === b && b.appearance == .appeared)
        }
    }

    @Test("a delegate without shouldDismiss lets the swipe through; without a delegate too")
    func swipeDownWithoutShouldDismiss() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.formSheet, on: stage)
        let gesture = try b.userSwipeDown()
        #expect(stage.lines() == ["B.viewWillDisappear(true)"])
        try gesture.finish()
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewDidDisappear(true)"])
        #expect(a.presentedViewController == nil)
    }

    @Test("a modal controller inside the sheet refuses the swipe only while it is on screen (D-34)")
    func swipeDownModalChild() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        let x = try stage.controller("X")
        let y = try stage.controller("Y")
        try nav.setViewControllers([x, y], animated: false)
        x.isModalInPresentation = true
        try a.present(nav, animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        let allowed = try y.userSwipeDown()
        #expect(!allowed.wasRefused && allowed.subject === nav)
        try allowed.cancel()
        try stage.world.runLoop.settle()
        try nav.popViewController(animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        let refused = try x.userSwipeDown()
        #expect(refused.wasRefused)
        #expect(stage.lines() == [])
        #expect(a.presentedViewController === nav)
    }

    @Test(
        "a sheet that leaves the screen under the finger ends the swipe, as a swipe back does; nothing appears in a hidden window"
    )
    func swipeDownWindowHidden() throws {
        let (stage, a, b, _) = try sheet(answer: true)
        let gesture = try b.userSwipeDown()
        try gesture.update(0.5)
        stage.window.setHidden(true)
        try stage.world.runLoop.settle()
        #expect(
            gesture.state == .cancelled, "the swipe ends when its sheet leaves the screen (InteractiveSwipe.endNow)")
        #expect(b.appearance == .disappeared && a.appearance == .disappeared)
        #expect(a.presentedViewController === b && !b.isBeingDismissed)
        try? gesture.cancel()
        try stage.world.runLoop.settle()
        #expect(b.appearance == .disappeared, "a controller in a hidden window is not appeared")
        stage.window.makeKeyAndVisible()
        try stage.world.runLoop.settle()
        #expect(a.appearance == .appeared && b.appearance == .appeared)
    }

    @Test("the children of a presented container appear after it and do not report isBeingPresented (M-5, D-28)")
    func presentedContainer() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let x = try stage.controller("X")
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([x], animated: false)
        _ = stage.lines()
        try a.present(nav, animated: true)
        #expect(nav.isBeingPresented && !x.isBeingPresented)
        #expect(x.presentingViewController === a && a.presentedViewController === nav)
        #expect(x.presentationController === nav.presentationController)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "Nav.viewDidLoad()", "Nav.viewWillAppear(true)", "X.viewDidLoad()", "X.viewWillAppear(true)",
                "Nav.viewDidAppear(true)", "X.viewDidAppear(true)",
            ])
        x.dismiss(animated: true)
        #expect(nav.isBeingDismissed && !x.isBeingDismissed)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "Nav.viewWillDisappear(true)", "X.viewWillDisappear(true)", "Nav.viewDidDisappear(true)",
                "X.viewDidDisappear(true)",
            ], "a child of a presented container dismisses the container (PRE-06, D-33)")
        #expect(a.presentedViewController == nil)
    }

    @Test("a swipe down the screen cannot receive is a usage error, not a no-op (D-34, D-22)")
    func swipeDownErrors() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        let c = try stage.controller("C")
        #expect(throws: UsageError(.notInSheet(controller: "A"))) { _ = try a.userSwipeDown() }
        try a.present(b, animated: true)
        #expect(throws: UsageError(.inTransition(controller: "B", gesture: .interactiveDismissal))) {
            _ = try b.userSwipeDown()
        }
        try stage.world.runLoop.settle()
        try b.present(c, animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        #expect(throws: UsageError(.sheetCovered(covering: "C", sheet: "B"))) { _ = try b.userSwipeDown() }
        stage.window.setHidden(true)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        #expect(throws: UsageError(.notOnScreen(controller: "C", gesture: .interactiveDismissal))) {
            _ = try c.userSwipeDown()
        }
        #expect(stage.lines() == [])
        #expect(b.presentedViewController === c && a.presentedViewController === b)
    }

    @Test("while a sheet is presented over a container, the user's gestures on it are usage errors (D-36, D-22)")
    func gesturesUnderAPresentation() throws {
        let (stage, tabs, nav) = try tabStage()
        try nav.pushViewController(stage.controller("X"), animated: false)
        try stage.world.runLoop.settle()
        let sheet = try stage.controller("S")
        try stage.controller("X").present(sheet, animated: false)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        #expect(throws: UsageError(.coveredByPresentation(covering: "S", covered: "Nav", gesture: .backButtonTap))) {
            try nav.userTapBack()
        }
        #expect(throws: UsageError(.coveredByPresentation(covering: "S", covered: "Nav", gesture: .interactivePop))) {
            _ = try nav.beginInteractivePop()
        }
        #expect(throws: UsageError(.coveredByPresentation(covering: "S", covered: "Tabs", gesture: .tabBarTap))) {
            try tabs.userTap(item: 1)
        }
        try stage.world.runLoop.settle()
        #expect(stage.lines() == [])
        #expect(nav.viewControllers.map(\.name) == ["A", "X"] && tabs.selectedIndex == 0)
        sheet.dismiss(animated: false)
        try stage.world.runLoop.settle()
        try nav.userTapBack()
        try stage.world.runLoop.settle()
        #expect(nav.viewControllers.map(\.name) == ["A"])
    }

    @Test(
        "a dismissal asked from the presented viewDidAppear begins after the commit: the presenter has disappeared first (TIM-02, D-36)"
    )
    func dismissFromViewDidAppear() throws {
        let stage = try Stage(root: "A")
        let a = try stage.controller("A")
        let b = try stage.controller("B")
        b.modalPresentationStyle = .fullScreen
        b.overrides = DismissOnAppear(stage.world)
        try a.present(b, animated: true) { stage.world.note("presented") }
        try stage.world.runLoop.advance(by: 0.5)
        #expect(
            stage.lines() == [
                "B.viewDidLoad()", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
                "A.viewDidDisappear(true)", "note: presented", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            ])
        #expect(a.view.superview === stage.window && a.appearance == .appearing)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["A.viewDidAppear(true)", "B.viewDidDisappear(true)", "note: dismissed"])
        #expect(a.appearance == .appeared && b.appearance == .disappeared && a.presentedViewController == nil)
        #expect(stage.window.subviews.map(\.name) == ["A.view"])
    }

    @Test("a controller that still hosts a presentation, or whose view is in another tree, cannot be presented")
    func activeOrPlacedControllers() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.pageSheet, on: stage)
        let r = try stage.controller("R")
        try stage.window.setRootViewController(r)  // A leaves the window but still presents B (D-35)
        try stage.world.runLoop.settle()
        let p = try stage.controller("P")
        let x = try stage.controller("X")
        try r.view.addSubview(p.view)
        try p.view.addSubview(x.view)
        try stage.world.runLoop.settle()
        _ = stage.lines()
        let before = stage.world.trace.events
        b.isModalInPresentation = true
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException", "Application tried to present modally an active controller A.")
        ) {
            try r.present(a, animated: true)
        }
        #expect(throws: UsageError(.viewInAnotherTree(controller: "X", superview: "P.view"))) {
            try r.present(x, animated: true)
        }
        #expect(stage.world.trace.events == before)
        #expect(r.presentedViewController == nil && a.presentedViewController === b)
    }

    // MARK: What a presented controller cannot become (D-30)

    @Test("a presented controller cannot become a child, a tab, a pushed controller or a window's root until dismissed")
    func presentedCannotBeContained() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.pageSheet, on: stage)
        let p = try stage.controller("P")
        let nav = try stage.world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([stage.controller("N")], animated: false)
        let tabs = try stage.world.make(TabBarController.self, named: "Tabs")
        try tabs.setViewControllers([stage.controller("T1")], animated: false)
        let other = stage.world.makeWindow(named: "Other")
        _ = stage.lines()
        let before = stage.world.trace.events
        #expect(throws: UsageError(.presentedControllerAdopted(controller: "B", presenter: "A", role: .child(of: "P"))))
        { try p.addChild(b) }
        #expect(
            throws: UsageError(.presentedControllerAdopted(controller: "B", presenter: "A", role: .child(of: "Nav")))
        ) {
            try nav.pushViewController(b, animated: false)
        }
        #expect(
            throws: UsageError(.presentedControllerAdopted(controller: "B", presenter: "A", role: .child(of: "Nav")))
        ) {
            try nav.setViewControllers([b], animated: false)
        }
        #expect(
            throws: UsageError(.presentedControllerAdopted(controller: "B", presenter: "A", role: .tab(of: "Tabs")))
        ) {
            try tabs.setViewControllers([try stage.controller("T1"), b], animated: false)
        }
        #expect(throws: UsageError(.presentedControllerAdopted(controller: "B", presenter: "A", role: .windowRoot))) {
            try other.setRootViewController(b)
        }
        #expect(stage.world.trace.events == before)
        #expect(b.parent == nil && p.children.isEmpty && nav.viewControllers.map(\.name) == ["N"])
        #expect(tabs.viewControllers.map(\.name) == ["T1"] && other.rootViewController == nil)
        #expect(a.presentedViewController === b)
        a.dismiss(animated: false)
        try stage.world.runLoop.settle()
        try p.addChild(b)
        #expect(b.parent === p)
    }

    // MARK: Windows (APP-02, D-35, D-30)

    @Test(
        "replacing the root of a window that presents full screen keeps the presented controller on top (APP-02, D-35)")
    func replaceRootWhilePresentingFullScreen() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.fullScreen, on: stage)
        let r = try stage.controller("R")
        try stage.window.setRootViewController(r)
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["R.viewDidLoad()", "R.viewWillAppear(false)", "R.viewDidAppear(false)"])
        #expect(stage.window.subviews.map(\.name) == ["R.view", "B.transitionView"])
        #expect(a.presentedViewController === b && b.presentingViewController === a && b.appearance == .appeared)
        b.dismiss(animated: true)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"],
            "the old root's view does not come back into a window it no longer roots")
        #expect(a.appearance == .disappeared && a.viewIfLoaded?.superview == nil)
        #expect(stage.window.subviews.map(\.name) == ["R.view"])
        #expect(a.presentedViewController == nil)
    }

    @Test("replacing the root of a window that shows a sheet: the old root leaves, the sheet stays above the new one")
    func replaceRootWhilePresentingSheet() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.pageSheet, on: stage)
        try stage.window.setRootViewController(stage.controller("R"))
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "R.viewDidLoad()", "A.viewWillDisappear(false)", "R.viewWillAppear(false)", "A.viewDidDisappear(false)",
                "R.viewDidAppear(false)",
            ])
        #expect(stage.window.subviews.map(\.name) == ["R.view", "B.transitionView"])
        #expect(a.presentedViewController === b && b.appearance == .appeared)
    }

    @Test("hiding a window while it presents makes the presented controller disappear; showing it brings it back")
    func hiddenWindow() throws {
        let stage = try Stage(root: "A")
        let (a, b) = try presented(.fullScreen, on: stage)
        stage.window.setHidden(true)
        #expect(stage.lines() == ["B.viewWillDisappear(false)"])
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewDidDisappear(false)"])
        #expect(b.appearance == .disappeared && a.presentedViewController === b)
        try b.present(stage.controller("C"), animated: false) { stage.world.note("completion") }
        #expect(
            stage.lines() == ["warning: Attempt to present C on B (from B) whose view is not in the window hierarchy."],
            "a hidden window counts as not in the window hierarchy (D-30)")
        stage.window.makeKeyAndVisible()
        try stage.world.runLoop.settle()
        #expect(stage.lines() == ["B.viewWillAppear(false)", "B.viewDidAppear(false)"])
        #expect(a.appearance == .disappeared)
    }

    @Test("hiding a window that shows a sheet: the presenter, then the sheet, disappear")
    func hiddenWindowWithSheet() throws {
        let stage = try Stage(root: "A")
        _ = try presented(.pageSheet, on: stage)
        stage.window.setHidden(true)
        try stage.world.runLoop.settle()
        #expect(
            stage.lines() == [
                "A.viewWillDisappear(false)", "B.viewWillDisappear(false)", "A.viewDidDisappear(false)",
                "B.viewDidDisappear(false)",
            ])
    }
}

// MARK: - Memory

@Suite("Presentations and memory")
struct PresentationMemoryTests {
    /// What a busy world is left with when it is dropped.
    enum Leftover: String, CaseIterable, Sendable {
        case nothingInFlight, swipeUnderFinger, presentationInFlight, dismissalInFlight
    }

    /// Builds a world with a navigation controller presenting a sheet, which presented and
    /// dismissed a full-screen controller and was swiped down and back, and leaves `leftover`
    /// running; returns only its counter.
    private func busyWorld(_ leftover: Leftover) throws -> LiveObjects {
        let world = World()
        let counter = world.liveObjects
        let window = world.makeWindow()
        let nav = try world.make(NavigationController.self, named: "Nav")
        try nav.setViewControllers([world.makeController(named: "A")], animated: false)
        try window.setRootViewController(nav)
        window.makeKeyAndVisible()
        try world.runLoop.settle()
        let sheet = try world.makeController(named: "Sheet")
        sheet.presentationController.delegate = ScriptedDelegate(swipeMethods, answer: true)
        // A completion must not hold the world strongly: the world holds it until it runs.
        try world.controller(named: "A")!.present(sheet, animated: false) { [unowned world] in world.note("presented") }
        try world.runLoop.settle()
        let full = try world.makeController(named: "Full")
        full.modalPresentationStyle = .fullScreen
        try sheet.present(full, animated: false)
        try world.runLoop.settle()
        full.dismiss(animated: true) { [unowned world] in world.note("dismissed") }
        try world.runLoop.settle()
        let swipe = try sheet.userSwipeDown()
        try swipe.update(0.4)
        try swipe.cancel()
        try world.runLoop.settle()
        switch leftover {
        case .nothingInFlight:
            break
        case .swipeUnderFinger:
            try sheet.userSwipeDown().update(0.3)
        case .presentationInFlight:
            try sheet.present(world.makeController(named: "InFlight"), animated: true) { [unowned world] in
                world.note("never")
            }
        case .dismissalInFlight:
            sheet.dismiss(animated: true) { [unowned world] in world.note("never") }
        }
        #expect(counter.count > 10)
        return counter
    }

    @Test(
        "dropping a world frees every engine object, whatever presentation is still running",
        arguments: Leftover.allCases)
    func nothingOutlivesTheWorld(_ leftover: Leftover) throws {
        let counter = try busyWorld(leftover)
        #expect(counter.count == 0)
    }

    @Test("a dismissal frees the transition view; the world keeps the named controller and its view")
    func dismissalFreesTheTransitionView() throws {
        let world = World()
        let window = world.makeWindow()
        try window.setRootViewController(world.makeController(named: "A"))
        window.makeKeyAndVisible()
        let b = try world.makeController(named: "B")
        b.loadViewIfNeeded()
        let before = world.liveObjects.count
        try world.controller(named: "A")!.present(b, animated: false)
        #expect(world.liveObjects.count == before + 1, "the transition view")
        try world.runLoop.settle()
        b.dismiss(animated: false)
        try world.runLoop.settle()
        #expect(world.liveObjects.count == before)
    }
}
