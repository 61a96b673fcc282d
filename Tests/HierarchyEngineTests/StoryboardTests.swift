import Testing

@testable import HierarchyEngine

// MARK: Storyboards as values

/// A segue of `kind` called `identifier`, leading to the scene `destination`, with the
/// attributes `change` gives it.
private func segue(
    _ kind: SegueDefinition.Kind, _ identifier: String?, to destination: String?,
    _ change: (inout SegueDefinition) -> Void = { _ in }
) -> SegueDefinition {
    var segue = SegueDefinition(kind: kind, identifier: identifier, destination: destination)
    change(&segue)
    return segue
}

/// Neuburg's TabbedUnwind (scripts/storyboards/Main.storyboard): Tab → [Nav → First, Second];
/// First's "push" shows Pushed; Second's "present" presents Presented full screen; Presented's
/// "unwind" and Pushed's "unwindFromPushed" call `iAmFirst:`.
private let tabbedUnwind = StoryboardDefinition(
    name: "Main", initialSceneID: "tab",
    scenes: [
        SceneDefinition(
            id: "tab", kind: .tabBar, identifier: "Tab", customClass: "MyTabBarController",
            children: ["nav", "second"]),
        SceneDefinition(
            id: "nav", kind: .navigation, identifier: "Nav", customClass: "MyNavController", children: ["first"]),
        SceneDefinition(
            id: "first", identifier: "First", customClass: "FirstViewController",
            segues: [segue(.show, "push", to: "pushed")]),
        SceneDefinition(
            id: "pushed", identifier: "Pushed",
            segues: [SegueDefinition(kind: .unwind, identifier: "unwindFromPushed", unwindAction: "iAmFirst:")]),
        SceneDefinition(
            id: "second", identifier: "Second",
            segues: [segue(.presentation, "present", to: "presented") { $0.modalPresentationStyle = .fullScreen }]),
        SceneDefinition(
            id: "presented", identifier: "Presented",
            segues: [SegueDefinition(kind: .unwind, identifier: "unwind", unwindAction: "iAmFirst:")]),
    ])

/// The identifiers of List's segues in `segueKinds`, in order: what a usage error lists.
private let listSegueIdentifiers = [
    "showItem", "settings", "popover", "noAnchor", "fade", "quietFade", "legacyPush", "legacyModal", "instant",
]

/// Every segue kind from one list (scripts/storyboards/Segues.storyboard, with the popover
/// without an anchor and an unanimated custom segue added): Nav → List.
private let segueKinds = StoryboardDefinition(
    name: "Segues", initialSceneID: "nav",
    scenes: [
        SceneDefinition(id: "nav", kind: .navigation, identifier: "Nav", children: ["list"]),
        SceneDefinition(
            id: "list", identifier: "List", customClass: "ListViewController",
            segues: [
                segue(.show, "showItem", to: "item"),
                segue(.presentation, "settings", to: "settings") {
                    $0.modalPresentationStyle = .formSheet
                    $0.modalTransitionStyle = .crossDissolve
                },
                segue(.popoverPresentation, "popover", to: "popover") { $0.hasPopoverAnchor = true },
                segue(.popoverPresentation, "noAnchor", to: "popover"),
                segue(.custom, "fade", to: "item") { $0.customClass = "FadeSegue" },
                segue(.custom, "quietFade", to: "item") {
                    $0.customClass = "FadeSegue"
                    $0.animates = false
                },
                segue(.push, "legacyPush", to: "item"),
                segue(.modal, "legacyModal", to: "settings") { $0.modalPresentationStyle = .formSheet },
                segue(.show, "instant", to: "item") { $0.animates = false },
                segue(.show, nil, to: "item"),
            ]),
        SceneDefinition(id: "item", identifier: "Item"),
        SceneDefinition(id: "settings", identifier: "Settings"),
        SceneDefinition(id: "popover", identifier: "Popover"),
    ])

/// Container views (scripts/storyboards/Embed.storyboard): Parent embeds Header (which embeds
/// Badge) and FooterNav → Inner.
private let embeds = StoryboardDefinition(
    name: "Embed", initialSceneID: "parent",
    scenes: [
        SceneDefinition(
            id: "parent", identifier: "Parent", customClass: "ParentViewController",
            embeds: [segue(.embed, "header", to: "header"), segue(.embed, "footer", to: "footerNav")]),
        SceneDefinition(id: "header", identifier: "Header", embeds: [segue(.embed, "badge", to: "badge")]),
        SceneDefinition(id: "badge", identifier: "Badge"),
        SceneDefinition(id: "footerNav", kind: .navigation, identifier: "FooterNav", children: ["inner"]),
        SceneDefinition(id: "inner", identifier: "Inner"),
    ])

/// A tab bar whose second tab is a reference to the Settings storyboard's initial scene.
private let references = StoryboardDefinition(
    name: "References", initialSceneID: "tabs",
    scenes: [
        SceneDefinition(id: "tabs", kind: .tabBar, identifier: "Tabs", children: ["home", "settingsRef"]),
        SceneDefinition(id: "home", identifier: "Home"),
        SceneDefinition(id: "settingsRef", kind: .reference(storyboard: "Settings", identifier: nil)),
    ])

private let settings = StoryboardDefinition(
    name: "Settings", initialSceneID: "settingsNav",
    scenes: [
        SceneDefinition(id: "settingsNav", kind: .navigation, identifier: "SettingsNav", children: ["root"]),
        SceneDefinition(id: "root", identifier: "SettingsRoot"),
    ])

// MARK: The client's classes

/// A class of the client's for storyboard scenes, as an app's subclass: it implements the
/// storyboard methods (and unwind actions) `methods` names, each answering what its closure
/// returns, and runs `callbacks` after UIKit's callbacks of those names.
private final class SceneClass: ControllerOverrides {
    typealias Method = (StoryboardCall, ViewController) -> StoryboardAnswer
    private let methods: [String: Method]
    private let callbacks: [String: (ViewController) -> Void]

    init(_ methods: [String: Method] = [:], callbacks: [String: (ViewController) -> Void] = [:]) {
        self.methods = methods
        self.callbacks = callbacks
    }

    func receive(_ callback: Callback, on controller: ViewController) {
        callbacks[callback.name]?(controller)
    }

    func implements(_ method: String, on controller: ViewController) -> Bool { methods[method] != nil }

    func call(_ call: StoryboardCall, on controller: ViewController) -> StoryboardAnswer {
        methods[call.method]?(call, controller) ?? .nothing
    }
}

/// A method that notes `text(call, controller)` in the trace and answers nothing.
private func noting(_ text: @escaping (StoryboardCall, ViewController) -> String) -> SceneClass.Method {
    { call, controller in
        controller.world.note(text(call, controller))
        return .nothing
    }
}

/// A method that answers `answer` without a word.
private func answering(_ answer: StoryboardAnswer) -> SceneClass.Method { { _, _ in answer } }

extension SegueSender {
    /// How a note shows the sender: a controller's name, `control`, the text, or `nil`.
    fileprivate var words: String {
        switch self {
        case .none: "nil"
        case .controller(let controller): controller.name
        case .control: "control"
        case .text(let text): text
        }
    }
}

extension Storyboard {
    /// Gives the controllers of the scenes whose custom class or identifier is a key of
    /// `classes` that class, as `sb:class` does; the others get none.
    fileprivate func use(_ classes: [String: SceneClass]) {
        classOverrides = { scene, controller in
            controller.overrides = scene.customClass.flatMap { classes[$0] } ?? scene.identifier.flatMap { classes[$0] }
        }
    }
}

// MARK: The stage

/// A shown window whose world's invariants are checked after every turn, with the storyboards
/// opened in it.
private final class Sandbox {
    let stage: Stage
    private var seen: [String] = []

    init() throws {
        stage = try Stage()
        stage.world.runLoop.turnDidEnd = { [unowned self] in seen += world.invariantViolations() }
    }

    var world: World { stage.world }

    func open(_ definition: StoryboardDefinition) -> Storyboard { try! Storyboard(definition, world: world) }

    /// Makes `root` the window's root, settles, and consumes the trace.
    func show(_ root: ViewController) throws {
        try stage.window.setRootViewController(root)
        try settle()
        _ = lines()
    }

    func settle() throws { try world.runLoop.settle() }

    /// The lines recorded since the last call (storyboard and segue lines included).
    func lines(including categories: Set<EventCategory> = []) -> [String] { stage.lines(including: categories) }

    /// The names of every controller of the world.
    var controllerNames: [String] { world.controllers.map(\.name) }

    /// The invariant violations seen after any turn so far, and now.
    var violations: [String] { seen + world.invariantViolations() }
}

// MARK: Instantiation

@Suite("Storyboards: instantiation (SBD-01…05)")
struct StoryboardInstantiationTests {
    @Test("a tab bar comes with both tabs decoded inside it, awoken children first, no view loaded (SBD-04)")
    func tabBarWithTwoTabs() throws {
        let sandbox = try Sandbox()
        let main = sandbox.open(tabbedUnwind)
        let tab = try #require(try main.instantiateInitialViewController() as? TabBarController)
        #expect(
            sandbox.lines(including: [.loading]) == [
                "Tab.init(coder:)",
                "Nav.init(coder:)",
                "First.init(coder:)",
                "First.willMove(toParent: Nav)",
                "First.didMove(toParent: Nav)",
                "Second.init(coder:)",
                "Nav.willMove(toParent: Tab)",
                "Nav.didMove(toParent: Tab)",
                "Second.willMove(toParent: Tab)",
                "Second.didMove(toParent: Tab)",
                "First.awakeFromNib()",
                "Nav.awakeFromNib()",
                "Second.awakeFromNib()",
                "Tab.awakeFromNib()",
            ])
        #expect(tab.viewControllers.map(\.name) == ["Nav", "Second"])
        let nav = try #require(tab.viewControllers.first as? NavigationController)
        #expect(nav.topViewController?.name == "First")
        #expect(sandbox.world.controllers.allSatisfy { !$0.isViewLoaded })
        #expect(sandbox.world.controllers.allSatisfy { $0.storyboard === main })
        #expect(tab.storyboardOrigin?.scene.id == "tab" && nav.topViewController?.storyboardOrigin?.scene.id == "first")
        #expect(sandbox.violations == [])
    }

    @Test("a navigation controller's root is a child in awakeFromNib, its view unloaded (SBD-05)")
    func navigationWithRoot() throws {
        let sandbox = try Sandbox()
        let storyboard = sandbox.open(segueKinds)
        storyboard.use([
            "ListViewController": SceneClass([
                "awakeFromNib": noting { _, list in
                    "awake: view loaded = \(list.isViewLoaded), parent = \(list.parent?.name ?? "nil")"
                }
            ])
        ])
        let nav = try #require(try storyboard.instantiateInitialViewController() as? NavigationController)
        #expect(
            sandbox.lines(including: [.loading]) == [
                "Nav.init(coder:)",
                "List.init(coder:)",
                "List.willMove(toParent: Nav)",
                "List.didMove(toParent: Nav)",
                "List.awakeFromNib()",
                "note: awake: view loaded = false, parent = Nav",
                "Nav.awakeFromNib()",
            ])
        #expect(nav.viewControllers.map(\.name) == ["List"])
        #expect(sandbox.violations == [])
    }

    @Test("each call makes a new controller: Item, then Item#2, past a name already taken (SBD-02)")
    func namesOfLaterInstances() throws {
        let sandbox = try Sandbox()
        let storyboard = sandbox.open(segueKinds)
        let one = try storyboard.instantiateViewController(withIdentifier: "Item")
        let two = try storyboard.instantiateViewController(withIdentifier: "Item")
        #expect(one !== two)
        #expect(
            sandbox.lines() == [
                "Item.init(coder:)", "Item.awakeFromNib()", "Item#2.init(coder:)", "Item#2.awakeFromNib()",
            ]
        )

        let other = try Sandbox()
        _ = try other.world.makeController(named: "Item")
        let made = try other.open(segueKinds).instantiateViewController(withIdentifier: "Item")
        #expect(made.name == "Item#2")
        #expect(other.lines() == ["Item#2.init(coder:)", "Item#2.awakeFromNib()"])
        #expect(sandbox.violations == [] && other.violations == [])
    }

    @Test("without a storyboard identifier a controller is named after its custom class, else its scene's id")
    func namesWithoutIdentifier() throws {
        let sandbox = try Sandbox()
        let definition = StoryboardDefinition(
            name: "Plain", initialSceneID: "navScene",
            scenes: [
                SceneDefinition(id: "navScene", kind: .navigation, children: ["root"]),
                SceneDefinition(id: "root", customClass: "RootViewController"),
            ])
        let nav = try #require(try sandbox.open(definition).instantiateInitialViewController())
        #expect(nav.name == "navScene" && nav.children.map(\.name) == ["RootViewController"])
    }

    @Test("an unknown identifier is UIKit's exception, and nothing is made (SBD-02)")
    func unknownIdentifier() throws {
        let sandbox = try Sandbox()
        let storyboard = sandbox.open(segueKinds)
        let error = #expect(throws: UIKitException.self) {
            try storyboard.instantiateViewController(withIdentifier: "Missing")
        }
        #expect(
            error?.description
                == "NSInvalidArgumentException: Storyboard (<UIStoryboard: Segues>) doesn't contain a view controller "
                + "with identifier 'Missing'")
        #expect(sandbox.lines().isEmpty && sandbox.controllerNames.isEmpty)
    }

    @Test("a storyboard without an initial scene instantiates nil, quietly (SBD-01)")
    func noInitialScene() throws {
        let sandbox = try Sandbox()
        var definition = segueKinds
        definition.initialSceneID = nil
        #expect(try sandbox.open(definition).instantiateInitialViewController() == nil)
        #expect(sandbox.lines().isEmpty && sandbox.controllerNames.isEmpty)
    }

    @Test("a reference's scene is instantiated in its own storyboard, its nib decoded inside the tab bar's")
    func referenceToAnotherStoryboard() throws {
        let sandbox = try Sandbox()
        let main = sandbox.open(references)
        let other = sandbox.open(settings)
        var asked: [String] = []
        main.references = { name in
            asked.append(name)
            return other
        }
        let tabs = try #require(try main.instantiateInitialViewController() as? TabBarController)
        #expect(
            sandbox.lines() == [
                "Tabs.init(coder:)",
                "Home.init(coder:)",
                "SettingsNav.init(coder:)",
                "SettingsRoot.init(coder:)",
                "SettingsRoot.willMove(toParent: SettingsNav)",
                "SettingsRoot.didMove(toParent: SettingsNav)",
                "SettingsRoot.awakeFromNib()",
                "SettingsNav.awakeFromNib()",
                "Home.willMove(toParent: Tabs)",
                "Home.didMove(toParent: Tabs)",
                "SettingsNav.willMove(toParent: Tabs)",
                "SettingsNav.didMove(toParent: Tabs)",
                "Home.awakeFromNib()",
                "Tabs.awakeFromNib()",
            ])
        // Once as what the nib holds is checked, once as it is decoded.
        #expect(asked == ["Settings", "Settings"])
        #expect(tabs.viewControllers.map(\.name) == ["Home", "SettingsNav"])
        #expect(tabs.storyboard === main && tabs.viewControllers[1].storyboard === other)
        #expect(sandbox.violations == [])
    }

    @Test("a reference no storyboard answers for is UIKit's exception, thrown before anything is made")
    func referenceWithoutStoryboard() throws {
        let sandbox = try Sandbox()
        let storyboard = sandbox.open(references)
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException", "Could not find a storyboard named 'Settings' in bundle NSBundle <main>")
        ) { try storyboard.instantiateInitialViewController() }
        #expect(sandbox.lines().isEmpty)
        #expect(sandbox.controllerNames.isEmpty)
    }

    @Test("a scene that would contain itself is a broken link, not a decoding without end")
    func selfContainingScenes() {
        let selfReference = StoryboardDefinition(
            name: "Loop", initialSceneID: "r",
            scenes: [SceneDefinition(id: "r", kind: .reference(storyboard: nil, identifier: nil))])
        let selfEmbed = StoryboardDefinition(
            name: "Loop", initialSceneID: "a",
            scenes: [SceneDefinition(id: "a", identifier: "A", embeds: [segue(.embed, "again", to: "a")])])
        #expect(selfReference.problem() == "scene 'r' contains itself: r → r")
        #expect(selfEmbed.problem() == "scene 'a' contains itself: a → a")
        let sandbox = try! Sandbox()
        #expect(throws: UsageError.self) { try Storyboard(selfEmbed, world: sandbox.world) }
    }

    @Test("two storyboards whose initial scenes refer to each other: an error, not a crash")
    func referenceCycleAcrossStoryboards() throws {
        let sandbox = try Sandbox()
        let one = sandbox.open(
            StoryboardDefinition(
                name: "One", initialSceneID: "r",
                scenes: [SceneDefinition(id: "r", kind: .reference(storyboard: "Two", identifier: nil))]))
        let two = sandbox.open(
            StoryboardDefinition(
                name: "Two", initialSceneID: "r",
                scenes: [SceneDefinition(id: "r", kind: .reference(storyboard: "One", identifier: nil))]))
        one.references = { [unowned two] _ in two }
        two.references = { [unowned one] _ in one }
        #expect(throws: UsageError(.storyboardCycle(["One.r", "Two.r", "One.r"]))) {
            try one.instantiateInitialViewController()
        }
        #expect(sandbox.lines().isEmpty)
    }

    @Test("a definition's first broken link is named in words; a sound one has none")
    func problems() {
        let scene = SceneDefinition(id: "a")
        let cases: [(StoryboardDefinition, String)] = [
            (
                StoryboardDefinition(name: "Bad", initialSceneID: nil, scenes: [scene, scene]),
                "two scenes are called 'a'"
            ),
            (
                StoryboardDefinition(
                    name: "Bad", initialSceneID: nil,
                    scenes: [SceneDefinition(id: "nav", kind: .navigation, children: ["root"])]),
                "scene 'nav': its child 'root' is no scene of the storyboard"
            ),
            (
                StoryboardDefinition(
                    name: "Bad", initialSceneID: nil,
                    scenes: [
                        SceneDefinition(id: "nav", kind: .navigation, children: ["a", "b"]),
                        scene, SceneDefinition(id: "b"),
                    ]),
                "scene 'nav' (a navigation controller) has 2 relationship children; it takes at most 1"
            ),
            (
                StoryboardDefinition(
                    name: "Bad", initialSceneID: nil,
                    scenes: [SceneDefinition(id: "a", segues: [SegueDefinition(kind: .unwind, identifier: "back")])]),
                "scene 'a': segue 'back' is an unwind without an action"
            ),
            (
                StoryboardDefinition(name: "Bad", initialSceneID: "start", scenes: [scene]),
                "the initial scene 'start' is no scene of the storyboard"
            ),
            (
                StoryboardDefinition(
                    name: "Bad", initialSceneID: nil,
                    scenes: [SceneDefinition(id: "a", segues: [segue(.show, "next", to: "b")])]),
                "scene 'a': segue 'next' leads to 'b', which is no scene of the storyboard"
            ),
        ]
        for (definition, problem) in cases {
            #expect(definition.problem() == problem)
        }
        for definition in [tabbedUnwind, segueKinds, embeds, references, settings] {
            #expect(definition.problem() == nil, "\(definition.name)")
        }
    }
}

// MARK: Embed segues

@Suite("Storyboards: embed segues (SBD-06)")
struct EmbedSegueTests {
    @Test("embeds run as the parent's view loads: each child loaded and adopted before the parent's viewDidLoad")
    func orderWithNestedEmbeds() throws {
        let sandbox = try Sandbox()
        let parent = try #require(try sandbox.open(embeds).instantiateInitialViewController())
        #expect(sandbox.lines(including: [.loading]) == ["Parent.init(coder:)", "Parent.awakeFromNib()"])
        try sandbox.stage.window.setRootViewController(parent)
        try sandbox.settle()
        #expect(
            sandbox.lines(including: [.loading]) == [
                "Parent.loadView()",
                "Parent.shouldPerformSegue(withIdentifier: \"header\", sender: Parent)",
                "Header.init(coder:)",
                "Header.awakeFromNib()",
                "Parent.prepare(for: \"header\", sender: Parent)",
                "Header.loadView()",
                "Header.shouldPerformSegue(withIdentifier: \"badge\", sender: Header)",
                "Badge.init(coder:)",
                "Badge.awakeFromNib()",
                "Header.prepare(for: \"badge\", sender: Header)",
                "Badge.loadView()",
                "Badge.viewDidLoad()",
                "Badge.willMove(toParent: Header)",
                "Badge.didMove(toParent: Header)",
                "Header.viewDidLoad()",
                "Header.willMove(toParent: Parent)",
                "Header.didMove(toParent: Parent)",
                "Parent.shouldPerformSegue(withIdentifier: \"footer\", sender: Parent)",
                "FooterNav.init(coder:)",
                "Inner.init(coder:)",
                "Inner.willMove(toParent: FooterNav)",
                "Inner.didMove(toParent: FooterNav)",
                "Inner.awakeFromNib()",
                "FooterNav.awakeFromNib()",
                "Parent.prepare(for: \"footer\", sender: Parent)",
                "FooterNav.loadView()",
                "FooterNav.viewDidLoad()",
                "FooterNav.willMove(toParent: Parent)",
                "FooterNav.didMove(toParent: Parent)",
                "Parent.viewDidLoad()",
                "Parent.viewWillAppear(false)",
                "Header.viewWillAppear(false)",
                "Badge.viewWillAppear(false)",
                "FooterNav.viewWillAppear(false)",
                "Inner.loadView()",
                "Inner.viewDidLoad()",
                "Inner.viewWillAppear(false)",
                "Parent.viewDidAppear(false)",
                "Header.viewDidAppear(false)",
                "Badge.viewDidAppear(false)",
                "FooterNav.viewDidAppear(false)",
                "Inner.viewDidAppear(false)",
            ])
        #expect(parent.children.map(\.name) == ["Header", "FooterNav"])
        let header = parent.children[0]
        #expect(header.children.map(\.name) == ["Badge"])
        #expect(header.view.superview?.name == "Parent.containerView1")
        #expect(parent.children[1].view.superview?.name == "Parent.containerView2")
        #expect(header.view.superview?.superview === parent.view)
        #expect(sandbox.violations == [])
    }

    @Test("in the parent's viewDidLoad its embedded children are there, their views loaded; before, none")
    func childrenInViewDidLoad() throws {
        let sandbox = try Sandbox()
        let storyboard = sandbox.open(embeds)
        let parentClass = SceneClass(callbacks: [
            "viewDidLoad": { parent in
                let names = parent.children.map { $0.name + ($0.isViewLoaded ? " (loaded)" : "") }
                parent.world.note("children in viewDidLoad: " + names.joined(separator: ", "))
            }
        ])
        storyboard.use(["ParentViewController": parentClass])
        let parent = try #require(try storyboard.instantiateInitialViewController())
        try sandbox.settle()
        #expect(parent.children.isEmpty && sandbox.world.controller(named: "Header") == nil)
        _ = sandbox.lines()
        parent.loadViewIfNeeded()
        #expect(
            Array(sandbox.lines().suffix(2)) == [
                "Parent.viewDidLoad()", "note: children in viewDidLoad: Header (loaded), FooterNav (loaded)",
            ])
        #expect(sandbox.violations == [])
    }

    @Test("shouldPerformSegue false leaves that container view without a child")
    func refusedEmbed() throws {
        let sandbox = try Sandbox()
        let storyboard = sandbox.open(embeds)
        storyboard.use([
            "ParentViewController": SceneClass([
                "shouldPerformSegue": { call, _ in
                    guard case .shouldPerformSegue(let identifier, _) = call else { return .nothing }
                    return .bool(identifier != "header")
                },
                "prepare": noting { call, _ in
                    guard case .prepare(let segue, let sender) = call else { return "?" }
                    return "prepare \(segue.identifier ?? "nil"): \(segue.source.name) → \(segue.destination.name), "
                        + "sender \(sender.words)"
                },
            ])
        ])
        let parent = try #require(try storyboard.instantiateInitialViewController())
        _ = sandbox.lines()
        parent.loadViewIfNeeded()
        #expect(
            sandbox.lines() == [
                "Parent.shouldPerformSegue(withIdentifier: \"header\", sender: Parent)",
                "Parent.shouldPerformSegue(withIdentifier: \"footer\", sender: Parent)",
                "FooterNav.init(coder:)",
                "Inner.init(coder:)",
                "Inner.willMove(toParent: FooterNav)",
                "Inner.didMove(toParent: FooterNav)",
                "Inner.awakeFromNib()",
                "FooterNav.awakeFromNib()",
                "Parent.prepare(for: \"footer\", sender: Parent)",
                "note: prepare footer: Parent → FooterNav, sender Parent",
                "FooterNav.viewDidLoad()",
                "FooterNav.willMove(toParent: Parent)",
                "FooterNav.didMove(toParent: Parent)",
                "Parent.viewDidLoad()",
            ])
        #expect(parent.children.map(\.name) == ["FooterNav"])
        #expect(sandbox.world.controller(named: "Header") == nil)
        #expect(sandbox.violations == [])
    }
}

// MARK: Triggered and programmatic segues

/// The Segues storyboard with `classes`, its navigation controller shown with List on top.
private func listOnScreen(
    _ classes: [String: SceneClass] = [:], segueClass: ((String) -> ((StoryboardSegue) -> Void)?)? = nil
) throws
    -> (Sandbox, NavigationController, ViewController)
{
    let sandbox = try Sandbox()
    let storyboard = sandbox.open(segueKinds)
    storyboard.use(classes)
    storyboard.segueClass = segueClass
    let nav = try #require(try storyboard.instantiateInitialViewController() as? NavigationController)
    try sandbox.show(nav)
    return (sandbox, nav, try #require(nav.topViewController))
}

/// A List class whose prepare notes the destination's styles, after running `change`.
private func notingStyles(then change: @escaping (ViewController) -> Void = { _ in }) -> [String: SceneClass] {
    [
        "ListViewController": SceneClass([
            "prepare": noting { call, _ in
                guard case .prepare(let segue, _) = call else { return "?" }
                let destination = segue.destination
                defer { change(destination) }
                return "in prepare: \(destination.modalPresentationStyle), \(destination.modalTransitionStyle)"
            }
        ])
    ]
}

@Suite("Storyboards: triggered and programmatic segues (SEG-05…11, SEG-13)")
struct TriggeredSegueTests {
    @Test("a control's segue: shouldPerformSegue, the destination made, prepare, then the push (SEG-05, SEG-07)")
    func userTriggeredShow() throws {
        let (sandbox, nav, list) = try listOnScreen([
            "Item": SceneClass([
                "awakeFromNib": noting { _, item in "Item awake, view loaded: \(item.isViewLoaded)" }
            ]),
            "ListViewController": SceneClass([
                "shouldPerformSegue": noting { call, _ in
                    guard case .shouldPerformSegue(let identifier, let sender) = call else { return "?" }
                    return "asked \(identifier ?? "nil"), sender \(sender.words)"
                },
                "prepare": noting { call, _ in
                    guard case .prepare(let segue, let sender) = call else { return "?" }
                    return "prepare \(segue.identifier ?? "nil") (\(segue.kind)): \(segue.source.name) → "
                        + "\(segue.destination.name), sender \(sender.words), "
                        + "destination loaded: \(segue.destination.isViewLoaded)"
                },
            ]),
        ])
        try list.userTriggerSegue(withIdentifier: "showItem")
        #expect(
            sandbox.lines() == [
                "List.shouldPerformSegue(withIdentifier: \"showItem\", sender: control)",
                "note: asked showItem, sender control",
                "Item.init(coder:)",
                "Item.awakeFromNib()",
                "note: Item awake, view loaded: false",
                "List.prepare(for: \"showItem\", sender: control)",
                "note: prepare showItem (show): List → Item, sender control, destination loaded: false",
                "Item.willMove(toParent: Nav)",
            ])
        #expect(nav.viewControllers.map(\.name) == ["List", "Item"], "on the stack in the call (M-6)")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "Item.viewDidLoad()",
                "List.viewWillDisappear(true)",
                "Item.viewWillAppear(true)",
                "List.viewDidDisappear(true)",
                "Item.viewDidAppear(true)",
                "Item.didMove(toParent: Nav)",
            ])
        #expect(sandbox.world.runLoop.now == 0.35, "an animated push")
        #expect(sandbox.violations == [])
    }

    @Test("performSegue does not ask shouldPerformSegue; its sender reaches prepare as given (SEG-06, SEG-13)")
    func performSegueSkipsTheQuestion() throws {
        let (sandbox, nav, list) = try listOnScreen([
            "ListViewController": SceneClass([
                "shouldPerformSegue": { _, controller in
                    controller.world.note("never asked")
                    return .bool(false)
                },
                "prepare": noting { call, _ in
                    guard case .prepare(_, let sender) = call else { return "?" }
                    return "prepare, sender \(sender.words)"
                },
            ])
        ])
        try list.performSegue(withIdentifier: "showItem", sender: .controller(nav))
        try list.performSegue(withIdentifier: "instant", sender: .text("row 3"))
        try list.performSegue(withIdentifier: "instant", sender: .none)
        #expect(
            sandbox.lines() == [
                "Item.init(coder:)",
                "Item.awakeFromNib()",
                "List.prepare(for: \"showItem\", sender: Nav)",
                "note: prepare, sender Nav",
                "Item.willMove(toParent: Nav)",
                "Item#2.init(coder:)",
                "Item#2.awakeFromNib()",
                "List.prepare(for: \"instant\", sender: \"row 3\")",
                "note: prepare, sender row 3",
                "Item#2.willMove(toParent: Nav)",
                "Item#3.init(coder:)",
                "Item#3.awakeFromNib()",
                "List.prepare(for: \"instant\", sender: nil)",
                "note: prepare, sender nil",
                "Item#3.willMove(toParent: Nav)",
            ])
        try sandbox.settle()
        #expect(nav.viewControllers.map(\.name) == ["List", "Item", "Item#2", "Item#3"])
        #expect(sandbox.violations == [])
    }

    @Test("shouldPerformSegue false stops the segue before its destination is made (SEG-05)")
    func refusedSegue() throws {
        let (sandbox, nav, list) = try listOnScreen([
            "ListViewController": SceneClass(["shouldPerformSegue": answering(.bool(false))])
        ])
        try list.userTriggerSegue(withIdentifier: "showItem")
        try sandbox.settle()
        #expect(sandbox.lines() == ["List.shouldPerformSegue(withIdentifier: \"showItem\", sender: control)"])
        #expect(nav.viewControllers.map(\.name) == ["List"])
        #expect(sandbox.world.controller(named: "Item") == nil)
        #expect(sandbox.violations == [])
    }

    @Test("performSegue with an identifier the receiver's scene lacks is UIKit's exception; nothing happens (SEG-06)")
    func performUnknownSegue() throws {
        let (sandbox, nav, list) = try listOnScreen()
        let before = sandbox.controllerNames
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException", "Receiver (<List>) has no segue with identifier 'detailView'")
        ) { try list.performSegue(withIdentifier: "detailView", sender: .none) }
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException", "Receiver (<Nav>) has no segue with identifier 'showItem'"),
            "the navigation controller's scene does not have its root's segues"
        ) { try nav.performSegue(withIdentifier: "showItem", sender: .none) }
        let made = try sandbox.world.makeController(named: "A")
        #expect(
            throws: UIKitException(
                "NSInvalidArgumentException", "Receiver (<A>) has no segue with identifier 'showItem'"),
            "a controller made in code has no segues"
        ) { try made.performSegue(withIdentifier: "showItem", sender: .none) }
        #expect(sandbox.lines().isEmpty)
        #expect(sandbox.controllerNames == (before + ["A"]).sorted())
    }

    @Test("a control cannot fire a segue its controller's scene lacks: a usage error listing the scene's segues")
    func triggerUnknownSegue() throws {
        let (sandbox, _, list) = try listOnScreen()
        #expect(
            throws: UsageError(
                .noSegueToTrigger(
                    controller: "List", identifier: "nothing", known: listSegueIdentifiers, unnamed: 1, isEmbed: false))
        ) { try list.userTriggerSegue(withIdentifier: "nothing") }
        let made = try sandbox.world.makeController(named: "A")
        #expect(throws: UsageError(.notFromStoryboard(controller: "A"))) {
            try made.userTriggerSegue(withIdentifier: "showItem")
        }
        #expect(sandbox.lines().isEmpty)
    }

    @Test("a presentation segue writes its styles before prepare; a form sheet leaves the list on screen (SEG-08)")
    func presentationStylesBeforePrepare() throws {
        let (sandbox, nav, list) = try listOnScreen(notingStyles())
        try list.userTriggerSegue(withIdentifier: "settings")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "List.shouldPerformSegue(withIdentifier: \"settings\", sender: control)",
                "Settings.init(coder:)",
                "Settings.awakeFromNib()",
                "List.prepare(for: \"settings\", sender: control)",
                "note: in prepare: formSheet, crossDissolve",
                "Settings.viewDidLoad()",
                "Settings.viewWillAppear(true)",
                "Settings.viewDidAppear(true)",
            ])
        #expect(list.presentedViewController?.name == "Settings")
        #expect(list.presentedViewController?.presentingViewController === nav)
        #expect(sandbox.violations == [])
    }

    @Test("prepare's own style wins over a presentation segue's: full screen covers the list (SEG-08)")
    func prepareWinsOverPresentationSegue() throws {
        let (sandbox, _, list) = try listOnScreen(notingStyles { $0.modalPresentationStyle = .fullScreen })
        try list.userTriggerSegue(withIdentifier: "settings")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "List.shouldPerformSegue(withIdentifier: \"settings\", sender: control)",
                "Settings.init(coder:)",
                "Settings.awakeFromNib()",
                "List.prepare(for: \"settings\", sender: control)",
                "note: in prepare: formSheet, crossDissolve",
                "Settings.viewDidLoad()",
                "Nav.viewWillDisappear(true)",
                "List.viewWillDisappear(true)",
                "Settings.viewWillAppear(true)",
                "Settings.viewDidAppear(true)",
                "Nav.viewDidDisappear(true)",
                "List.viewDidDisappear(true)",
            ])
        #expect(list.presentedViewController?.modalPresentationStyle == .fullScreen)
        #expect(sandbox.violations == [])
    }

    @Test("the legacy modal segue writes its style after prepare: the segue wins (SEG-11)")
    func modalSegueWinsOverPrepare() throws {
        let (sandbox, _, list) = try listOnScreen(notingStyles { $0.modalPresentationStyle = .fullScreen })
        try list.userTriggerSegue(withIdentifier: "legacyModal")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "List.shouldPerformSegue(withIdentifier: \"legacyModal\", sender: control)",
                "Settings.init(coder:)",
                "Settings.awakeFromNib()",
                "List.prepare(for: \"legacyModal\", sender: control)",
                "note: in prepare: pageSheet, coverVertical",
                "Settings.viewDidLoad()",
                "Settings.viewWillAppear(true)",
                "Settings.viewDidAppear(true)",
            ])
        #expect(list.presentedViewController?.modalPresentationStyle == .formSheet)
        #expect(sandbox.violations == [])
    }

    @Test("a popover segue sets the popover style before prepare; a compact window shows it full screen (SEG-09)")
    func popoverStyleBeforePrepare() throws {
        let (sandbox, _, list) = try listOnScreen(notingStyles())
        try list.userTriggerSegue(withIdentifier: "popover")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "List.shouldPerformSegue(withIdentifier: \"popover\", sender: control)",
                "Popover.init(coder:)",
                "Popover.awakeFromNib()",
                "List.prepare(for: \"popover\", sender: control)",
                "note: in prepare: popover, coverVertical",
                "Popover.viewDidLoad()",
                "Nav.viewWillDisappear(true)",
                "List.viewWillDisappear(true)",
                "Popover.viewWillAppear(true)",
                "Popover.viewDidAppear(true)",
                "Nav.viewDidDisappear(true)",
                "List.viewDidDisappear(true)",
            ])
        #expect(sandbox.violations == [])
    }

    @Test("what UIKit refuses is refused before the destination is made: no anchor, no class, no navigation")
    func refusalsChangeNothing() throws {
        let (sandbox, _, list) = try listOnScreen(segueClass: { name in name == "OtherSegue" ? { _ in } : nil })
        let before = sandbox.controllerNames
        #expect(
            throws: UIKitException(
                "NSInternalInconsistencyException",
                "A popover segue must have either an anchorBarButtonItem or an anchorView.")
        ) { try list.performSegue(withIdentifier: "noAnchor", sender: .none) }
        #expect(
            throws: UIKitException("NSInternalInconsistencyException", "Could not create a segue of class 'FadeSegue'")
        ) { try list.performSegue(withIdentifier: "fade", sender: .none) }
        #expect(sandbox.lines().isEmpty)
        #expect(sandbox.controllerNames == before)
        #expect(sandbox.world.controller(named: "Popover") == nil && sandbox.world.controller(named: "Item") == nil)

        #expect(
            throws: UIKitException(
                "NSInternalInconsistencyException",
                "A popover segue must have either an anchorBarButtonItem or an anchorView.")
        ) { try list.userTriggerSegue(withIdentifier: "noAnchor") }
        #expect(
            sandbox.lines() == ["List.shouldPerformSegue(withIdentifier: \"noAnchor\", sender: control)"],
            "a control's segue asks first")
        #expect(sandbox.controllerNames == before)
        try sandbox.settle()
        #expect(sandbox.lines().isEmpty && sandbox.violations == [])
    }

    @Test("a push segue from a controller no navigation controller manages is an exception; nothing is made (SEG-11)")
    func pushWithoutNavigation() throws {
        let sandbox = try Sandbox()
        let list = try sandbox.open(segueKinds).instantiateViewController(withIdentifier: "List")
        try sandbox.show(list)
        #expect(
            throws: UIKitException(
                "NSGenericException",
                "Could not find a navigation controller for segue 'legacyPush'. Push segues can only be used when the "
                    + "source controller is managed by an instance of UINavigationController.")
        ) { try list.performSegue(withIdentifier: "legacyPush", sender: .none) }
        #expect(sandbox.lines().isEmpty)
        #expect(sandbox.controllerNames == ["List"])
        #expect(sandbox.violations == [])
    }

    @Test("a custom segue's class performs it: here a presentation, unanimated (SEG-10)")
    func customSegueClass() throws {
        let (sandbox, _, list) = try listOnScreen(segueClass: { name in
            guard name == "FadeSegue" else { return nil }
            return { segue in
                segue.source.world.note("FadeSegue.perform \(segue.source.name) → \(segue.destination.name)")
                try? segue.source.present(segue.destination, animated: false)
            }
        })
        try list.userTriggerSegue(withIdentifier: "fade")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "List.shouldPerformSegue(withIdentifier: \"fade\", sender: control)",
                "Item.init(coder:)",
                "Item.awakeFromNib()",
                "List.prepare(for: \"fade\", sender: control)",
                "note: FadeSegue.perform List → Item",
                "Item.viewDidLoad()",
                "Item.viewWillAppear(false)",
                "Item.viewDidAppear(false)",
            ])
        #expect(list.presentedViewController?.name == "Item")
        #expect(sandbox.violations == [])
    }

    @Test("an unanimated segue pushes with animated false, and turns animations back on after (SEG-05)")
    func unanimatedPush() throws {
        let (sandbox, nav, list) = try listOnScreen()
        try list.userTriggerSegue(withIdentifier: "instant")
        #expect(sandbox.world.areAnimationsEnabled)
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "List.shouldPerformSegue(withIdentifier: \"instant\", sender: control)",
                "Item.init(coder:)",
                "Item.awakeFromNib()",
                "List.prepare(for: \"instant\", sender: control)",
                "Item.willMove(toParent: Nav)",
                "Item.viewDidLoad()",
                "List.viewWillDisappear(false)",
                "Item.viewWillAppear(false)",
                "List.viewDidDisappear(false)",
                "Item.viewDidAppear(false)",
                "Item.didMove(toParent: Nav)",
            ])
        #expect(sandbox.world.runLoop.now == 0, "no animation")
        #expect(nav.viewControllers.map(\.name) == ["List", "Item"])
        #expect(sandbox.violations == [])
    }

    @Test("animations are off while an unanimated segue performs, not while its source prepares")
    func animationsOffOnlyDuringPerform() throws {
        let list = SceneClass([
            "prepare": noting { _, list in "prepare: animations \(list.world.areAnimationsEnabled)" }
        ])
        let (sandbox, _, source) = try listOnScreen(["ListViewController": list]) { name in
            guard name == "FadeSegue" else { return nil }
            return { segue in segue.source.world.note("perform: animations \(segue.source.world.areAnimationsEnabled)")
            }
        }
        try source.performSegue(withIdentifier: "quietFade", sender: .none)
        #expect(
            sandbox.lines() == [
                "Item.init(coder:)",
                "Item.awakeFromNib()",
                "List.prepare(for: \"quietFade\", sender: nil)",
                "note: prepare: animations true",
                "note: perform: animations false",
            ])
        #expect(sandbox.world.areAnimationsEnabled)
    }

    @Test("a perform that throws still turns animations back on")
    func animationsBackOnAfterAThrow() throws {
        let list = SceneClass([
            "prepare": { call, controller in
                // The client pushes the destination itself: the segue's own push then throws.
                if case .prepare(let segue, _) = call {
                    try? controller.navigationController?.pushViewController(segue.destination, animated: false)
                }
                return .nothing
            }
        ])
        let (sandbox, nav, source) = try listOnScreen(["ListViewController": list])
        #expect(throws: UIKitException.self) { try source.performSegue(withIdentifier: "instant", sender: .none) }
        #expect(sandbox.world.areAnimationsEnabled)
        try sandbox.settle()
        #expect(nav.viewControllers.map(\.name) == ["List", "Item"])
        #expect(sandbox.violations == [])
    }
}

// MARK: Unwind segues

/// The client's classes of TabbedUnwind: First implements `iAmFirst`, noting the segue, and
/// `extra` adds or replaces classes.
private func tabbedUnwindClasses(_ extra: [String: SceneClass] = [:]) -> [String: SceneClass] {
    let first = SceneClass([
        "iAmFirst": noting { call, _ in
            guard case .unwindAction(_, let segue) = call else { return "?" }
            return "iAmFirst: \(segue.identifier ?? "nil") from \(segue.source.name) to \(segue.destination.name)"
        }
    ])
    return ["FirstViewController": first].merging(extra) { $1 }
}

/// TabbedUnwind shown: First pushed Pushed, the user switched to Second, which presented
/// Presented full screen; settled, with the trace consumed.
private func presentedOverSecondTab(
    _ classes: [String: SceneClass]
) throws
    -> (sandbox: Sandbox, tab: TabBarController, nav: NavigationController, presented: ViewController)
{
    let sandbox = try Sandbox()
    let storyboard = sandbox.open(tabbedUnwind)
    storyboard.use(classes)
    let tab = try #require(try storyboard.instantiateInitialViewController() as? TabBarController)
    try sandbox.show(tab)
    let nav = try #require(tab.viewControllers.first as? NavigationController)
    try #require(nav.topViewController).userTriggerSegue(withIdentifier: "push")
    try sandbox.settle()
    try tab.userTap(item: 1)
    try sandbox.settle()
    try #require(tab.selectedViewController).userTriggerSegue(withIdentifier: "present")
    try sandbox.settle()
    _ = sandbox.lines()
    return (sandbox, tab, nav, try #require(tab.presentedViewController))
}

@Suite("Storyboards: unwind segues (SEG-15…17)")
struct UnwindSegueTests {
    @Test("TabbedUnwind: the search, prepare, the action, the tab and the pop in the call, then the dismissal")
    func unwindAcrossTabs() throws {
        let (sandbox, tab, nav, presented) = try presentedOverSecondTab(tabbedUnwindClasses())
        let delegate = ScriptedDelegate(["shouldSelect", "didSelect"])
        tab.delegate = delegate
        let second = try #require(tab.viewControllers.last)
        try presented.userTriggerSegue(withIdentifier: "unwind")
        #expect(
            sandbox.lines() == [
                "Presented.shouldPerformSegue(withIdentifier: \"unwind\", sender: control)",
                "Second.allowedChildrenForUnwinding(from: Presented)",
                "Second.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Presented.allowedChildrenForUnwinding(from: Presented)",
                "Presented.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Tab.allowedChildrenForUnwinding(from: Presented)",
                "Nav.allowedChildrenForUnwinding(from: Presented)",
                "Pushed.allowedChildrenForUnwinding(from: Presented)",
                "Pushed.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "First.allowedChildrenForUnwinding(from: Presented)",
                "First.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Presented.prepare(for: \"unwind\", sender: control)",
                "First.iAmFirst(\"unwind\")",
                "note: iAmFirst: unwind from Presented to First",
                "Tab.unwind(for: \"unwind\", towards: Nav)",
                "Nav.unwind(for: \"unwind\", towards: First)",
                "Pushed.willMove(toParent: nil)",
                "Pushed.didMove(toParent: nil)",
            ])
        #expect(tab.selectedViewController === nav, "Nav's tab is selected in the call")
        #expect(delegate.calls.isEmpty, "as a program selects: no delegate")
        #expect(nav.viewControllers.map(\.name) == ["First"], "popped to First in the call")
        #expect(presented.isBeingDismissed, "the dismissal is under way")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "Presented.viewWillDisappear(true)",
                "Tab.viewWillAppear(true)",
                "Nav.viewWillAppear(true)",
                "First.viewWillAppear(true)",
                "Tab.viewDidAppear(true)",
                "Nav.viewDidAppear(true)",
                "First.viewDidAppear(true)",
                "Presented.viewDidDisappear(true)",
            ])
        #expect(tab.presentedViewController == nil)
        #expect(second.appearance == .disappeared, "Second took no part")
        #expect(sandbox.violations == [])
    }

    @Test("no controller implements the action: the search, then nothing at all (SEG-15)")
    func unwindWithoutDestination() throws {
        let (sandbox, tab, nav, presented) = try presentedOverSecondTab([:])
        let second = tab.selectedViewController
        try presented.userTriggerSegue(withIdentifier: "unwind")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "Presented.shouldPerformSegue(withIdentifier: \"unwind\", sender: control)",
                "Second.allowedChildrenForUnwinding(from: Presented)",
                "Second.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Presented.allowedChildrenForUnwinding(from: Presented)",
                "Presented.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Tab.allowedChildrenForUnwinding(from: Presented)",
                "Nav.allowedChildrenForUnwinding(from: Presented)",
                "Pushed.allowedChildrenForUnwinding(from: Presented)",
                "Pushed.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "First.allowedChildrenForUnwinding(from: Presented)",
                "First.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Nav.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Tab.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
            ])
        #expect(tab.presentedViewController === presented && !presented.isBeingDismissed)
        #expect(tab.selectedViewController === second)
        #expect(nav.viewControllers.map(\.name) == ["First", "Pushed"])
        #expect(sandbox.violations == [])
    }

    @Test("a class's allowedChildrenForUnwinding answer is what the search visits; its unwind is called")
    func customAllowedChildren() throws {
        let classes = tabbedUnwindClasses([
            "MyNavController": SceneClass([
                "allowedChildrenForUnwinding": { _, nav in
                    nav.world.note("Nav offers only its root")
                    return .controllers(Array(nav.children.prefix(1)))
                }
            ]),
            "MyTabBarController": SceneClass([
                "unwind": noting { call, tab in
                    guard case .unwind(_, let towards) = call, let tab = tab as? TabBarController else { return "?" }
                    return "Tab.unwind override: selected \(tab.selectedViewController?.name ?? "nil"), "
                        + "towards \(towards.name)"
                }
            ]),
        ])
        let (sandbox, _, nav, presented) = try presentedOverSecondTab(classes)
        try presented.userTriggerSegue(withIdentifier: "unwind")
        #expect(
            sandbox.lines() == [
                "Presented.shouldPerformSegue(withIdentifier: \"unwind\", sender: control)",
                "Second.allowedChildrenForUnwinding(from: Presented)",
                "Second.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Presented.allowedChildrenForUnwinding(from: Presented)",
                "Presented.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Tab.allowedChildrenForUnwinding(from: Presented)",
                "Nav.allowedChildrenForUnwinding(from: Presented)",
                "note: Nav offers only its root",
                "First.allowedChildrenForUnwinding(from: Presented)",
                "First.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)",
                "Presented.prepare(for: \"unwind\", sender: control)",
                "First.iAmFirst(\"unwind\")",
                "note: iAmFirst: unwind from Presented to First",
                "Tab.unwind(for: \"unwind\", towards: Nav)",
                "note: Tab.unwind override: selected Second, towards Nav",
                "Nav.unwind(for: \"unwind\", towards: First)",
                "Pushed.willMove(toParent: nil)",
                "Pushed.didMove(toParent: nil)",
            ])
        try sandbox.settle()
        #expect(nav.viewControllers.map(\.name) == ["First"])
        #expect(sandbox.violations == [])
    }

    @Test("a canPerformUnwindSegueAction answer of no passes over a controller that implements the action")
    func canPerformNo() throws {
        let first = SceneClass([
            "iAmFirst": noting { _, _ in "never called" },
            "canPerformUnwindSegueAction": answering(.bool(false)),
        ])
        let (sandbox, tab, _, presented) = try presentedOverSecondTab(["FirstViewController": first])
        try presented.userTriggerSegue(withIdentifier: "unwind")
        try sandbox.settle()
        let lines = sandbox.lines()
        #expect(lines.last == "Tab.canPerformUnwindSegueAction(iAmFirst:, from: Presented, sender: control)")
        #expect(!lines.contains("note: never called"))
        #expect(tab.presentedViewController === presented)
        #expect(sandbox.violations == [])
    }

    @Test("shouldPerformSegue false stops an unwind before the search; performSegue does not ask (SEG-13, SEG-15)")
    func unwindAskedOrNot() throws {
        let classes = tabbedUnwindClasses(["Presented": SceneClass(["shouldPerformSegue": answering(.bool(false))])])
        let (sandbox, tab, _, presented) = try presentedOverSecondTab(classes)
        try presented.userTriggerSegue(withIdentifier: "unwind")
        try sandbox.settle()
        #expect(sandbox.lines() == ["Presented.shouldPerformSegue(withIdentifier: \"unwind\", sender: control)"])
        #expect(tab.presentedViewController === presented)
        try presented.performSegue(withIdentifier: "unwind", sender: .none)
        let lines = sandbox.lines()
        #expect(lines.first == "Second.allowedChildrenForUnwinding(from: Presented)")
        #expect(lines.contains("Presented.prepare(for: \"unwind\", sender: nil)"))
        #expect(lines.contains("First.iAmFirst(\"unwind\")"))
        try sandbox.settle()
        #expect(tab.presentedViewController == nil)
        #expect(sandbox.violations == [])
    }

    @Test("an unwind within one navigation controller pops, animated, with no dismissal (SEG-17)")
    func unwindWithinNavigation() throws {
        let sandbox = try Sandbox()
        let storyboard = sandbox.open(tabbedUnwind)
        storyboard.use(tabbedUnwindClasses())
        let tab = try #require(try storyboard.instantiateInitialViewController() as? TabBarController)
        try sandbox.show(tab)
        let nav = try #require(tab.viewControllers.first as? NavigationController)
        try #require(nav.topViewController).userTriggerSegue(withIdentifier: "push")
        try sandbox.settle()
        _ = sandbox.lines()
        try #require(nav.topViewController).userTriggerSegue(withIdentifier: "unwindFromPushed")
        try sandbox.settle()
        #expect(
            sandbox.lines() == [
                "Pushed.shouldPerformSegue(withIdentifier: \"unwindFromPushed\", sender: control)",
                "Nav.allowedChildrenForUnwinding(from: Pushed)",
                "First.allowedChildrenForUnwinding(from: Pushed)",
                "First.canPerformUnwindSegueAction(iAmFirst:, from: Pushed, sender: control)",
                "Pushed.prepare(for: \"unwindFromPushed\", sender: control)",
                "First.iAmFirst(\"unwindFromPushed\")",
                "note: iAmFirst: unwindFromPushed from Pushed to First",
                "Pushed.unwind(for: \"unwindFromPushed\", towards: Nav)",
                "Nav.unwind(for: \"unwindFromPushed\", towards: First)",
                "Pushed.willMove(toParent: nil)",
                "Pushed.viewWillDisappear(true)",
                "First.viewWillAppear(true)",
                "Pushed.viewDidDisappear(true)",
                "First.viewDidAppear(true)",
                "Pushed.didMove(toParent: nil)",
            ])
        #expect(nav.viewControllers.map(\.name) == ["First"])
        #expect(sandbox.violations == [])
    }
}
