import HierarchyEngine

// What the editor definitions say beyond the member rows (issue 22): the enumerations the
// API takes by name, the kinds' and global tables' docs, the overridable callbacks, the
// delegates' protocols and the constructors' option tables. Each comes from the engine's own
// enumeration where there is one; the tests hold the rest to the binding's tables.

/// The enumerations scripts name as strings, each from the engine's own type.
let luaEnumerations: [LuaEnumeration] = [
    LuaEnumeration(
        "ModalPresentationStyle", "How a presented controller covers the screen (`modalPresentationStyle`).",
        ModalPresentationStyle.self),
    LuaEnumeration(
        "ModalTransitionStyle", "The animation of a full-screen presentation (`modalTransitionStyle`).",
        ModalTransitionStyle.self),
    LuaEnumeration(
        "Appearance", "Where a controller is in its appearance cycle (`appearance`).",
        [Appearance.disappeared, .appearing, .appeared, .disappearing].map(\.rawValue)),
    LuaEnumeration("SegueKind", "A storyboard segue's `kind`.", SegueDefinition.Kind.self),
    LuaEnumeration("StatusBarStyle", "A controller's `preferredStatusBarStyle`.", StatusBarStyle.self),
    LuaEnumeration("BarStyle", "A navigation bar's `barStyle`.", BarStyle.self),
    LuaEnumeration("SizeClass", "A horizontal or vertical size class.", SizeClass.self),
    LuaEnumeration("Orientation", "A window's orientation.", Orientation.self),
    LuaEnumeration("DeviceName", "The devices `Window { device = … }` knows (D-133).", Device.names),
    LuaEnumeration("ShowAction", "What `targetViewController(forAction:sender:)` routes.", Action.self),
    LuaEnumeration(
        "PageTransitionStyle", "A page view controller's `transitionStyle`.",
        PageViewController.TransitionStyle.self),
    LuaEnumeration(
        "PageDirection", "Which way a page view controller turns.", PageViewController.NavigationDirection.self),
    LuaEnumeration(
        "SpineLocation", "Where a page-curl page view controller's spine is.", PageViewController.SpineLocation.self),
    LuaEnumeration("TraceCategory", "A category of trace events (`trace.include`).", EventCategory.self),
    LuaEnumeration("TraitName", "A trait `registerForTraitChanges` watches.", TraitName.self),
    LuaEnumeration(
        "RectEdge", "A screen edge (`preferredScreenEdgesDeferringSystemGestures`).",
        RectEdges.named.map(\.name) + ["all"]),
    LuaEnumeration(
        "InteractionState",
        "Where the finger driving an interactive transition is (a gesture's or interaction's `state`).",
        ([.idle, .began, .changed, .finishing, .finished, .cancelling, .cancelled]
            as [PercentDrivenInteractiveTransition.State])
            .map(\.rawValue)),
]

/// A line on each kind of handle, shown on hover over its type.
let kindDocs: [String: String] = [
    "Controller": "A view controller (UIViewController): its view, its place in the hierarchy, its appearance.",
    "NavigationController":
        "A navigation controller (UINavigationController): a stack of controllers, the top one shown.",
    "TabBarController": "A tab bar controller (UITabBarController): one tab shown at a time.",
    "SplitViewController": "A split view controller (UISplitViewController): a primary and a secondary column.",
    "PageViewController": "A page view controller (UIPageViewController): one page at a time, turned by a swipe.",
    "View": "A view (UIView): in a window or not, with subviews.",
    "Window": "A window (UIWindow): the root of what is on screen.",
    "Gesture": "A swipe or another interactive gesture a script drives step by step (`user.swipeBack`).",
    "PresentationController": "The object that manages a presentation (UIPresentationController).",
    "TransitionContext": "What an animator is given (UIViewControllerContextTransitioning).",
    "TransitionCoordinator": "A transition's coordinator (UIViewControllerTransitionCoordinator).",
    "PercentDrivenInteractiveTransition": "An interaction controller a script updates, finishes or cancels.",
    "Storyboard": "A storyboard (UIStoryboard): scenes and segues to instantiate.",
    "Segue": "A storyboard segue (UIStoryboardSegue).",
    "TraitOverrides": "iOS 17's `traitOverrides` of a controller: traits set on it for its descendants.",
    "TabBar": "A tab bar controller's bar (UITabBar).",
    "NavigationBar": "A navigation controller's bar (UINavigationBar).",
    "Coder": "What state preservation and restoration write to and read from (NSCoder).",
]

/// A line on each global table of functions.
let tableDocs: [String: String] = [
    "user": "What a person does with the device: taps, swipes, a rotation.",
    "app": "The application around the controllers: launch, relaunch, background, memory warnings.",
    "expect": "Checks of the trace. `expect [[ … ]]` compares the lines since the last check.",
    "scenario": "A named scenario with a world of its own: `scenario(\"name\", function() … end)`.",
    "trace": "The trace: its lines, and which categories and controllers checks compare.",
    "Storyboard": "Storyboards: `Storyboard { … }` from a table, `Storyboard.load(path)` from a file.",
]

/// Global tables that are Lua's own (the sandbox replaces some of their functions): their
/// definitions come with the editor.
let skippedTables: Set<String> = ["os"]

/// Global functions that are Lua's own, which the binding only wraps: the editor's own
/// definition (which narrows a value after `assert(x)`) is better than a plain one.
let skippedGlobals: Set<String> = ["assert"]

/// A callback a script may define on a controller, with its parameters after `self`.
struct LuaCallback {
    let parameters: String
    let returns: String
    let doc: String
}

/// The overridable callbacks (`Callback.overridableNames` and the storyboard methods), by name.
let luaOverrides: [String: LuaCallback] = [
    "loadView": LuaCallback(
        parameters: "", returns: "", doc: "Makes the view; called once, when the view is first needed."),
    "viewDidLoad": LuaCallback(parameters: "", returns: "", doc: "Called once the view is loaded."),
    "viewWillAppear": LuaCallback(
        parameters: "animated: boolean", returns: "", doc: "The view is about to enter a window."),
    "viewIsAppearing": LuaCallback(
        parameters: "animated: boolean", returns: "", doc: "The view is in a window, laid out, about to be seen."),
    "viewDidAppear": LuaCallback(parameters: "animated: boolean", returns: "", doc: "The view is on screen."),
    "viewWillDisappear": LuaCallback(
        parameters: "animated: boolean", returns: "", doc: "The view is about to leave the screen."),
    "viewDidDisappear": LuaCallback(parameters: "animated: boolean", returns: "", doc: "The view has left the screen."),
    "viewWillLayoutSubviews": LuaCallback(parameters: "", returns: "", doc: "The view is about to lay out."),
    "viewDidLayoutSubviews": LuaCallback(parameters: "", returns: "", doc: "The view has laid out."),
    "willMove": LuaCallback(
        parameters: "parent: Controller?", returns: "", doc: "The controller is about to join `parent` (nil: leave)."),
    "didMove": LuaCallback(
        parameters: "parent: Controller?", returns: "", doc: "The controller has joined `parent` (nil: left)."),
    "traitCollectionDidChange": LuaCallback(
        parameters: "previous: TraitCollection?", returns: "", doc: "The controller's traits changed."),
    "willTransition": LuaCallback(
        parameters: "traits: TraitCollection, coordinator: TransitionCoordinator", returns: "",
        doc: "The controller's traits are about to change."),
    "viewWillTransition": LuaCallback(
        parameters: "size: number[], coordinator: TransitionCoordinator", returns: "",
        doc: "The view's size is about to change."),
    "didReceiveMemoryWarning": LuaCallback(parameters: "", returns: "", doc: "The app received a memory warning."),
    "preferredContentSizeDidChange": LuaCallback(
        parameters: "child: Controller", returns: "", doc: "A child's `preferredContentSize` changed."),
    "sizeForChildContentContainer": LuaCallback(
        parameters: "child: Controller, parentSize: number[]", returns: "number[]?",
        doc: "The size to give a child; nil for UIKit's answer."),
    "encodeRestorableState": LuaCallback(
        parameters: "coder: Coder", returns: "", doc: "Write what restoration needs into `coder`."),
    "decodeRestorableState": LuaCallback(
        parameters: "coder: Coder", returns: "", doc: "Read back what `encodeRestorableState` wrote."),
    "applicationFinishedRestoringState": LuaCallback(
        parameters: "", returns: "", doc: "Every restored controller has decoded its state."),
    "canPerformAction": LuaCallback(
        parameters: "action: ShowAction, sender: any", returns: "boolean?",
        doc: "Whether the controller handles `show`/`showDetailViewController` (routing)."),
    "show": LuaCallback(
        parameters: "vc: Controller, sender: any", returns: "", doc: "Shows `vc` the way the controller's context does."
    ),
    "showDetailViewController": LuaCallback(
        parameters: "vc: Controller, sender: any", returns: "", doc: "Shows `vc` as the detail."),
    "awakeFromNib": LuaCallback(parameters: "", returns: "", doc: "The controller was decoded from a storyboard."),
    "shouldPerformSegue": LuaCallback(
        parameters: "identifier: string?, sender: any", returns: "boolean?",
        doc: "Whether a triggered segue may go ahead; nil keeps UIKit's yes."),
    "prepare": LuaCallback(
        parameters: "segue: Segue, sender: any", returns: "", doc: "A segue from this controller is about to run."),
    "canPerformUnwindSegueAction": LuaCallback(
        parameters: "action: string, from: Controller, sender: any", returns: "boolean?",
        doc: "Whether this controller takes an unwind segue's action."),
    "allowedChildrenForUnwinding": LuaCallback(
        parameters: "source: Controller", returns: "Controller[]",
        doc: "The children an unwind search looks in."),
    "unwind": LuaCallback(
        parameters: "segue: Segue, towards: Controller", returns: "",
        doc: "A container's step of an unwind segue towards `towards`."),
]

/// The storyboard methods a script may define beside the callbacks (SPEC §9.3).
let storyboardOverrideNames = [
    "awakeFromNib", "shouldPerformSegue", "prepare", "canPerformUnwindSegueAction", "allowedChildrenForUnwinding",
    "unwind",
]

/// A delegate's protocol: the table of functions a `delegate` property takes.
struct LuaProtocol {
    let name: String
    let doc: String
    let methods: [DelegateMethod]
}

let navigationDelegateProtocol = LuaProtocol(
    name: "NavigationControllerDelegate", doc: "A navigation controller's delegate (UINavigationControllerDelegate).",
    methods: [.willShow, .didShow, .animationControllerFor, .interactionControllerFor])
let tabBarDelegateProtocol = LuaProtocol(
    name: "TabBarControllerDelegate", doc: "A tab bar controller's delegate (UITabBarControllerDelegate).",
    methods: [.shouldSelect, .didSelect, .animationControllerForTransition, .interactionControllerFor])
let splitDelegateProtocol = LuaProtocol(
    name: "SplitViewControllerDelegate", doc: "A split view controller's delegate (UISplitViewControllerDelegate).",
    methods: [.collapseSecondary, .showDetail, .show])
let adaptiveDelegateProtocol = LuaProtocol(
    name: "AdaptivePresentationControllerDelegate",
    doc: "A presentation controller's delegate (UIAdaptivePresentationControllerDelegate).",
    methods: [
        .shouldDismiss, .willDismiss, .didDismiss, .didAttemptToDismiss, .adaptivePresentationStyle,
        .viewControllerForAdaptivePresentationStyle, .willPresentWithAdaptiveStyle,
    ])
let pageDataSourceProtocol = LuaProtocol(
    name: "PageViewControllerDataSource", doc: "A page view controller's data source (UIPageViewControllerDataSource).",
    methods: [.viewControllerBefore, .viewControllerAfter])
let pageDelegateProtocol = LuaProtocol(
    name: "PageViewControllerDelegate", doc: "A page view controller's delegate (UIPageViewControllerDelegate).",
    methods: [.willTransitionTo, .didFinishAnimating])

let luaProtocols = [
    navigationDelegateProtocol, tabBarDelegateProtocol, splitDelegateProtocol, adaptiveDelegateProtocol,
    pageDataSourceProtocol, pageDelegateProtocol,
]

extension DelegateMethod {
    /// The function type a delegate table's field has, and what UIKit asks with it.
    var luaSignature: (type: String, doc: String) {
        switch self {
        case .willShow:
            ("fun(nav: NavigationController, vc: Controller, animated: boolean)", "A controller is about to be shown.")
        case .didShow: ("fun(nav: NavigationController, vc: Controller, animated: boolean)", "A controller was shown.")
        case .animationControllerFor:
            (
                "fun(nav: NavigationController, operation: \"push\"|\"pop\", from: Controller, to: Controller): Animator?",
                "An animator for an animated push or pop; nil for UIKit's."
            )
        case .interactionControllerFor:
            (
                "fun(container: Controller, animator: Animator): PercentDrivenInteractiveTransition?",
                "An interaction controller for the animator's transition; nil for none."
            )
        case .shouldSelect:
            ("fun(tabs: TabBarController, vc: Controller): boolean?", "Whether a tapped tab may be selected.")
        case .didSelect: ("fun(tabs: TabBarController, vc: Controller)", "A tapped tab was selected.")
        case .animationControllerForTransition:
            (
                "fun(tabs: TabBarController, from: Controller, to: Controller): Animator?",
                "An animator for a tab switch; nil for none."
            )
        case .shouldDismiss:
            ("fun(pc: PresentationController): boolean?", "Whether a swipe down may dismiss the presentation.")
        case .willDismiss: ("fun(pc: PresentationController)", "A swipe down is about to dismiss the presentation.")
        case .didDismiss: ("fun(pc: PresentationController)", "A swipe down dismissed the presentation.")
        case .didAttemptToDismiss: ("fun(pc: PresentationController)", "A swipe down was refused.")
        case .adaptivePresentationStyle:
            (
                "fun(pc: PresentationController, traits: TraitCollection): ModalPresentationStyle?",
                "The style to adapt to in a compact environment."
            )
        case .viewControllerForAdaptivePresentationStyle:
            (
                "fun(pc: PresentationController, style: ModalPresentationStyle): Controller?",
                "A controller to show in place of the presented one while adapted."
            )
        case .willPresentWithAdaptiveStyle:
            (
                "fun(pc: PresentationController, style: ModalPresentationStyle|\"none\")",
                "The presentation is about to show with this style."
            )
        case .collapseSecondary:
            (
                "fun(split: SplitViewController, secondary: Controller, primary: Controller): boolean?",
                "Whether the delegate collapsed the secondary itself."
            )
        case .showDetail:
            (
                "fun(split: SplitViewController, vc: Controller, sender: any): boolean?",
                "Whether the delegate showed the detail itself."
            )
        case .show:
            (
                "fun(split: SplitViewController, vc: Controller, sender: any): boolean?",
                "Whether the delegate showed the controller itself."
            )
        case .viewControllerBefore:
            ("fun(pages: PageViewController, vc: Controller): Controller?", "The page before `vc`, or nil.")
        case .viewControllerAfter:
            ("fun(pages: PageViewController, vc: Controller): Controller?", "The page after `vc`, or nil.")
        case .willTransitionTo:
            ("fun(pages: PageViewController, pending: Controller[])", "A swipe is about to turn to these pages.")
        case .didFinishAnimating:
            (
                "fun(pages: PageViewController, finished: boolean, previous: Controller[], completed: boolean)",
                "A swipe's turn ended, completed or not."
            )
        }
    }
}

/// The containers whose constructor takes the name, then the children, by position
/// (`containerConstructor`).
let containersTakingChildren: Set<String> = ["NavigationController", "TabBarController"]

/// The keys a constructor takes beyond its kind's settable properties.
let constructorKeys: [String: [(field: String, type: String, doc: String)]] = [
    "SplitViewController": [
        ("primary", "Controller", "The primary column's controller."),
        ("secondary", "Controller?", "The secondary column's controller."),
    ],
    "PageViewController": [
        ("transitionStyle", "PageTransitionStyle?", "How pages turn: `\"scroll\"` (the default) or `\"pageCurl\"`."),
        ("spineLocation", "SpineLocation?", "Where a page curl's spine is (`\"min\"` by default)."),
    ],
]

/// The tables the API takes that are neither a delegate nor a controller's options.
let luaTableShapes: [LuaTableShape] = [
    LuaTableShape(
        name: "Animator", doc: "A transition's animator (UIViewControllerAnimatedTransitioning): `Animator { … }`.",
        fields: [
            ("[1]", "string?", "The animator's name in the trace."),
            ("name", "string?", "The animator's name in the trace."),
            ("duration", "number?", "The transition's length in seconds."),
            ("animateTransition", "fun(self: Animator, ctx: TransitionContext)", "Runs the transition."),
            ("transitionDuration", "(fun(self: Animator, ctx: TransitionContext): number)?", "The length, asked."),
            ("animationEnded", "(fun(self: Animator, completed: boolean))?", "The transition ended."),
        ]),
    LuaTableShape(
        name: "CustomPresentationController",
        doc:
            "A presentation controller of the script's own, for the `\"custom\"` style: `PresentationController { … }`.",
        fields: [
            ("shouldRemovePresentersView", "boolean?", "Whether the presenter's view leaves the window."),
            (
                "presentationTransitionWillBegin", "(fun(self: CustomPresentationController))?",
                "The presentation begins."
            ),
            (
                "presentationTransitionDidEnd", "(fun(self: CustomPresentationController, completed: boolean))?",
                "The presentation ended."
            ),
            ("dismissalTransitionWillBegin", "(fun(self: CustomPresentationController))?", "The dismissal begins."),
            (
                "dismissalTransitionDidEnd", "(fun(self: CustomPresentationController, completed: boolean))?",
                "The dismissal ended."
            ),
        ]),
    LuaTableShape(
        name: "TraitCollection", doc: "A trait collection: the two size classes.",
        fields: [
            ("horizontalSizeClass", "SizeClass?", "The horizontal size class (always there in one UIKit gives)."),
            ("verticalSizeClass", "SizeClass?", "The vertical size class (always there in one UIKit gives)."),
        ]),
    LuaTableShape(
        name: "WindowOptions", doc: "The options of `Window { … }`.",
        fields: [
            ("device", "DeviceName?", "A named device: its size and size classes."),
            ("name", "string?", "The window's name in the trace."),
            ("orientation", "Orientation?", "Portrait (the default) or landscape."),
            ("root", "Controller?", "The root view controller."),
            ("size", "number[]?", "`{ width, height }` in points."),
            (
                "traits", "{ horizontalSizeClass: SizeClass?, verticalSizeClass: SizeClass? }?",
                "The size classes, if not the size's (one may be given alone)."
            ),
            ("visible", "boolean?", "false: made but not shown (default true: key and visible)."),
        ]),
    LuaTableShape(
        name: "TransitioningDelegate",
        doc: "A controller's `transitioningDelegate` (UIViewControllerTransitioningDelegate).",
        fields: [
            (
                "animationControllerForPresented?",
                "fun(presented: Controller, presenting: Controller, source: Controller): Animator?",
                "An animator for the presentation; nil for UIKit's."
            ),
            (
                "animationControllerForDismissed?", "fun(dismissed: Controller): Animator?",
                "An animator for the dismissal; nil for UIKit's."
            ),
            (
                "interactionControllerForPresentation?", "fun(animator: Animator): PercentDrivenInteractiveTransition?",
                "An interaction controller for the presentation."
            ),
            (
                "interactionControllerForDismissal?", "fun(animator: Animator): PercentDrivenInteractiveTransition?",
                "An interaction controller for the dismissal."
            ),
            (
                "presentationController?",
                "fun(presented: Controller, presenting: Controller?, source: Controller): CustomPresentationController?",
                "A presentation controller for the `\"custom\"` style."
            ),
        ]),
]
