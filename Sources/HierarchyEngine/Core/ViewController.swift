/// A view controller, as `UIViewController` is: a lazily loaded root view, a place in a
/// containment tree, and an appearance state machine (BEHAVIOR.md G-01, M-1).
///
/// Every callback is recorded in the world's trace, then the class's method runs (a
/// subclass overrides `viewDidLoad()`, `viewWillAppear(_:)` … as it would UIKit's), then
/// `overrides`, a client's overrides given as a value, as a further subclass that calls
/// `super` first would. `willMove(toParent:)` and `didMove(toParent:)` are UIKit's calls and
/// override points at once: an override must call `super`, which records and tells
/// `overrides`. The engine's own work (forwarding to children, a container installing its
/// child's view) comes after the callback and does not depend on the class's method.
///
///     final class Detail: ViewController {
///         override func viewDidLoad() { print("loaded") }
///     }
///     let detail = try world.make(Detail.self, named: "Detail")
///     _ = detail.view        // Detail.loadView(), Detail.viewDidLoad(): prints "loaded"
open class ViewController {
    /// The unique name the trace uses for this controller.
    public let name: String
    /// UIKit's `title`: text for a client to read, nil until set; nothing in the model reads
    /// it, and the trace does not show it.
    @exclusivity(unchecked) public var title: String?
    /// The world that made the controller, which must outlive every use of it. Checked in
    /// debug builds; in release builds unchecked, as a presentation's and a transition's
    /// are: a checked read costs an atomic retain and release, several per event recorded
    /// (issue 18).
    #if DEBUG
        unowned let world: World
    #else
        unowned(unsafe) let world: World
    #endif
    private let liveObjects: LiveObjects
    /// The world's trace, unchecked in release builds as `world` is: read for every event.
    #if DEBUG
        unowned let trace: Trace
    #else
        unowned(unsafe) let trace: Trace
    #endif
    /// The number of the controller's name in its world's trace (`Trace.number(of:)`).
    let traceNumber: Int32
    @exclusivity(unchecked) public private(set) var viewIfLoaded: View?
    @exclusivity(unchecked) public internal(set) unowned var parent: ViewController? {
        didSet { if parent != nil { isReleasedByUIKit = false } }
    }
    /// Whether UIKit let go of this controller since it last held it (D-125): `released` is
    /// recorded once a hold.
    @exclusivity(unchecked) var isReleasedByUIKit = false
    @exclusivity(unchecked) public internal(set) var children: [ViewController] = []
    /// A client's overrides of UIKit's callbacks, given as a value rather than a subclass.
    @exclusivity(unchecked) public var overrides: ControllerOverrides?
    /// When false, the controller forwards appearance to its children itself (CON-08).
    @exclusivity(unchecked) public var shouldAutomaticallyForwardAppearanceMethods = true
    @exclusivity(unchecked) public internal(set) var isMovingToParent = false
    @exclusivity(unchecked) public internal(set) var isMovingFromParent = false
    /// Whether presentations in the current context stop here (PRE-07; navigation
    /// controllers say yes, NAV-15).
    @exclusivity(unchecked) public var definesPresentationContext = false
    /// The style set on this controller; nil is the profile's default (PRE-16).
    @exclusivity(unchecked) var modalPresentationStyleSetting: ModalPresentationStyle?
    @exclusivity(unchecked) public var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// Whether a current-context presentation this controller hosts uses its transition style (PRE-07).
    @exclusivity(unchecked) public var providesPresentationContextTransitionStyle = false
    /// Whether the sheet showing this controller refuses the user's swipe (PRE-04).
    @exclusivity(unchecked) public var isModalInPresentation = false
    /// Whether a tab bar hides while this controller is on the navigation stack of its
    /// selected tab (HBB-01, BottomBar.swift); read at each navigation transition's start.
    @exclusivity(unchecked) public var hidesBottomBarWhenPushed = false
    /// The presentation this controller handles as the presenting controller.
    @exclusivity(unchecked) var hostedPresentation: Presentation?
    /// The presentation that shows this controller, while it lasts.
    @exclusivity(unchecked) weak var showingPresentation: Presentation? {
        didSet { if showingPresentation != nil { isReleasedByUIKit = false } }
    }
    /// The presentation controller, made on first use (PRE-04).
    @exclusivity(unchecked) var ownPresentationController: PresentationController?
    /// The delegate asked for a custom animator and presentation controller when this
    /// controller is presented or dismissed (CUS-01, CUS-02).
    @exclusivity(unchecked) public var transitioningDelegate: TransitioningDelegate?
    @exclusivity(unchecked) public internal(set) var isBeingPresented = false
    /// Whether a dismissal of this controller runs: from `dismiss` until its
    /// `viewDidDisappear` has returned, after the links are cleared (M-8, TIM-07, G-05).
    @exclusivity(unchecked) public internal(set) var isBeingDismissed = false
    /// The container that holds this controller without being its parent: the tab bar that
    /// lists it under More (TAB-06), the collapsed split that set it aside (SHOW-05), the tab
    /// bar of a More navigation controller. Believed only while that container still keeps
    /// it (`keepsAside`); `heldParent` reads it.
    @exclusivity(unchecked) weak var keeper: ViewController?

    /// Where the controller is in G-01's cycle. Any change clears `appearanceOwedToClient`
    /// (the mark of the client's explicit calls).
    @exclusivity(unchecked)
    public internal(set) var appearance: Appearance = .disappeared { didSet { appearanceOwedToClient = false } }
    /// Whether the client's own begin/end call made the current appearance (Invariants.swift).
    @exclusivity(unchecked) var appearanceOwedToClient = false
    /// Open `beginAppearanceTransition` calls not yet ended (H5's `_explicitAppearanceTransitionLevel`).
    @exclusivity(unchecked) var explicitLevel = 0
    /// Who started the appearance transition in flight, when nothing explicit did.
    @exclusivity(unchecked) var driver: AppearanceDriver?
    /// The `animated` argument of the transition in flight, repeated by its did-callback.
    @exclusivity(unchecked) var transitionAnimated = false
    /// The window the view is entering, while the controller appears: known to it (and to
    /// its children, by forwarding) before its `viewWillAppear` (M-13).
    /// Unowned: the world keeps every window it made for as long as its controllers live.
    @exclusivity(unchecked) unowned(unsafe) var destinationWindow: Window?
    /// Whether `viewIsAppearing` has been sent in the appearance in flight.
    @exclusivity(unchecked) var hasSentIsAppearing = false
    @exclusivity(unchecked) var needsLayout = false
    /// Whether the controller is in the world's layout queue (`World.queueForLayout`).
    @exclusivity(unchecked) var isQueuedForLayout = false
    /// Whether the controller has ever started to appear (TRT-04's first appearance).
    @exclusivity(unchecked) var hasAppeared = false
    /// The traits the controller last saw: as it appeared, or when they changed while it was
    /// on screen. One that comes back to different traits hears of them then (TRT-02).
    @exclusivity(unchecked) var seenTraits: TraitCollection?
    /// The override its parent set for it (`setOverrideTraitCollection`, TRT-08).
    @exclusivity(unchecked) var parentTraitOverride: ParentTraitOverride?
    /// iOS 17's `traitOverrides`: the classes it sets over those it inherits (TRT-09).
    @exclusivity(unchecked) public internal(set) var traitOverrides = TraitOverrides()
    /// The client's `registerForTraitChanges` handlers, in the order given (TRT-09).
    @exclusivity(unchecked) var traitRegistrations: [TraitRegistration] = []
    /// The size the controller last took in a change of size (TRT-06); nil: its window's.
    @exclusivity(unchecked) var contentSize: Size?
    /// `traitOverrides` as an object a client can set classes on, made on first use.
    public private(set) lazy var traitOverridesObject = TraitOverridesObject(controller: self)
    /// The storyboard scene the controller was instantiated from, if any (M-15).
    @exclusivity(unchecked) public internal(set) var storyboardOrigin: StoryboardOrigin?
    /// UIKit's `restorationIdentifier`: only a controller with one has its state preserved,
    /// with its children's (RES-01, RES-05).
    @exclusivity(unchecked) public var restorationIdentifier: String?
    /// UIKit's `restorationClass`, by name: the class restoration asks to make this controller
    /// again before any other way (RES-06; `RestorationClasses`).
    @exclusivity(unchecked) public var restorationClass: String?

    /// Makes a controller named `name` in `world`; `World.make(_:named:)` calls it, and a
    /// subclass's own initializer calls it as `super.init`. The name is the trace's: it
    /// must not be empty or taken (`UsageError`).
    public required init(name: String, world: World) throws {
        try world.checkNewControllerName(name)
        self.name = name
        trace = world.trace
        traceNumber = world.trace.number(of: name)
        self.world = world
        liveObjects = world.liveObjects
        liveObjects.born()
        world.register(self)
    }

    deinit { liveObjects.died() }

    /// Drops the links to other engine objects, as the world ends (`World.end()`); the
    /// containers drop their lists and pending work too. Reads nothing of the world.
    func releaseLinks() {
        children = []
        hostedPresentation = nil
    }

    /// The root view, loaded on first access (LOAD-01).
    public var view: View {
        loadViewIfNeeded()
        return viewIfLoaded!
    }

    public var isViewLoaded: Bool { viewIfLoaded != nil }

    /// Loads the view if it is not loaded: `loadView`, then `viewDidLoad` (LOAD-03).
    public func loadViewIfNeeded() {
        guard viewIfLoaded == nil else { return }
        trace.because(.load01) { load() }
    }

    private func load() {
        record(.loadView)
        let root = View(name: name + ".view", world: world)
        root.owner = self
        viewIfLoaded = root
        trace.asClient { overrides?.receive(.loadView, on: self) }
        if storyboardOrigin != nil { performEmbedSegues() }
        send(.viewDidLoad)
    }

    /// The controller's ancestors, nearest first.
    public var ancestors: [ViewController] {
        var list: [ViewController] = []
        var current = parent
        while let controller = current {
            list.append(controller)
            current = controller.parent
        }
        return list
    }

    /// The start of the names a controller of this kind gets when it is made without one.
    class var namePrefix: String { "Controller" }

    /// Whether the view is in a shown window, where moving children's views calls them back.
    public var isViewOnScreen: Bool { viewIfLoaded?.isInVisibleWindow ?? false }

    /// A container's hook between its own will-callback and the forwarding to its children:
    /// navigation and tab bar controllers install their visible child's view here (M-5).
    func willForward(_ target: Appearance) {}

    /// A container's hook after it has forwarded its will-callback to its children.
    func didForward(_ target: Appearance) {}

    /// A container's hook after its did-callback and its children's.
    func didFinish(_ appearing: Bool) {}

    /// The controllers this one holds that are not its children (the tabs under More, a
    /// collapsed split's set-aside secondary): UIKit lets go of them with it (D-125).
    var controllersKeptAside: [ViewController] { [] }

    /// A container's transition asked for with `World.setNeedsDeferredTransition` starts
    /// here, in the commit's layout pass (a navigation controller's, TIM-03).
    func startDeferredTransition() {}

    /// A container's hook after a child left it through `removeFromParent` (its own call, or
    /// another container adopting the child): navigation and tab bar controllers update
    /// their stack or tabs.
    func childDidLeave(_ child: ViewController) {}

    /// Called before `children` changes, with the one child an append or a removal moves (nil
    /// for a reorder or a change of several): a navigation controller in the middle of a push
    /// or a pop keeps the stack it is setting.
    func childrenWillChange(moving child: ViewController?) {}

    /// Whether this container still keeps `controller`, whose `keeper` it is, aside: a tab
    /// listed under More, a secondary set aside, its More navigation controller.
    func keepsAside(_ controller: ViewController) -> Bool { false }

    /// `controller`, kept aside by this container, joins `container`: the container lets it
    /// go, so that no controller is held by two containers (issue 17, item 5; D-102).
    func keptAside(_ controller: ViewController, joins container: ViewController) {}

    /// The actions UIKit's class of this controller overrides (SHOW-01): none for a plain
    /// controller; a navigation controller overrides `show`.
    class var overriddenActions: Set<Action> { [] }

    /// The class's `show(_:sender:)`: UIViewController's routes the action (Show.swift).
    func showByClass(_ controller: ViewController, sender: ViewController?) throws {
        try route(.show, controller, sender: sender)
    }

    /// The class's `showDetailViewController(_:sender:)`: UIViewController's routes it.
    func showDetailByClass(_ controller: ViewController, sender: ViewController?) throws {
        try route(.showDetailViewController, controller, sender: sender)
    }

    /// A container's hook after its window's size or traits, or its own traits, changed
    /// (TraitTransition.swift, ControllerTraits.swift): a split view collapses or expands here.
    func traitsDidChange() {}

    /// `collapseSecondaryViewController(_:for:)`: most controllers do nothing (SHOW-05);
    /// returns whether this one took the secondary in (a navigation controller pushes it).
    func collapseSecondaryViewController(_ secondary: ViewController, for split: SplitViewController) -> Bool {
        false
    }

    /// `separateSecondaryViewController(for:)`: most controllers give nothing back; a
    /// navigation controller pops the controller it took in.
    func separateSecondaryViewController(for split: SplitViewController) -> ViewController? {
        nil
    }

    /// Records `callback` in the trace without running the override.
    func record(_ callback: Callback) {
        trace.record(callback, receiver: traceNumber)
    }

    /// Records `callback`, then runs the class's method and the client's `overrides`.
    func send(_ callback: Callback) {
        record(callback)
        callMethod(for: callback)
        trace.asClient { overrides?.receive(callback, on: self) }
    }

    /// The class's method for `callback`. `loadView` has none (the engine makes the root
    /// view), and `willMove`/`didMove` are the methods that sent it.
    private func callMethod(for callback: Callback) {
        switch callback {
        case .loadView, .willMove, .didMove: return
        case .viewDidLoad: viewDidLoad()
        case .viewWillAppear(let animated): viewWillAppear(animated)
        case .viewIsAppearing(let animated): viewIsAppearing(animated)
        case .viewDidAppear(let animated): viewDidAppear(animated)
        case .viewWillDisappear(let animated): viewWillDisappear(animated)
        case .viewDidDisappear(let animated): viewDidDisappear(animated)
        case .viewWillLayoutSubviews: viewWillLayoutSubviews()
        case .viewDidLayoutSubviews: viewDidLayoutSubviews()
        case .traitCollectionDidChange(let previous): traitCollectionDidChange(previous)
        case .willTransition(let traits): willTransition(to: traits)
        case .viewWillTransition(let size): viewWillTransition(to: size)
        case .didReceiveMemoryWarning: didReceiveMemoryWarning()
        case .preferredContentSizeDidChange(let child): preferredContentSizeDidChange(forChildContentContainer: child)
        case .encodeRestorableState(let coder): encodeRestorableState(with: coder)
        case .decodeRestorableState(let coder): decodeRestorableState(with: coder)
        case .applicationFinishedRestoringState: applicationFinishedRestoringState()
        }
    }

    // MARK: What a subclass overrides

    /// `willMove(toParent:)`: marks the controller as moving to or from a parent (APP-03).
    /// A subclass may override it, calling `super`, as UIKit's asks.
    open func willMove(toParent newParent: ViewController?) {
        isMovingToParent = newParent != nil
        isMovingFromParent = newParent == nil
        // Whoever calls it, a container does (CON-04): UIKit's own, or the client's.
        trace.because(.con04) { send(.willMove(toParent: newParent)) }
    }

    /// `didMove(toParent:)`. A move that brings no appearance with it ends here; one that
    /// does ends after the did-callback of that appearance. A subclass may override it,
    /// calling `super`, as UIKit's asks.
    open func didMove(toParent newParent: ViewController?) {
        trace.because(.con04) { send(.didMove(toParent: newParent)) }
        if newParent != nil, appearance != .appearing { isMovingToParent = false }
        if newParent == nil, appearance != .disappearing { isMovingFromParent = false }
    }

    /// After the root view loaded (LOAD-03).
    open func viewDidLoad() {}
    /// Before the view enters a shown window, or a container brings it in (G-01).
    open func viewWillAppear(_ animated: Bool) {}
    /// Once per appearance, with the view in place, from iOS 13 (APP-05).
    open func viewIsAppearing(_ animated: Bool) {}
    /// When the appearance has ended.
    open func viewDidAppear(_ animated: Bool) {}
    /// Before the view leaves a shown window, or a container takes it out.
    open func viewWillDisappear(_ animated: Bool) {}
    /// When the disappearance has ended.
    open func viewDidDisappear(_ animated: Bool) {}
    /// In the commit's layout pass, before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// In the commit's layout pass, after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// After the traits changed (TRT-01); before iOS 13 also with the first appearance,
    /// with no previous traits (TRT-04).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    /// Before the traits change (TRT-01).
    open func willTransition(to newCollection: TraitCollection) {}
    /// Before the window's size changes (TRT-01).
    open func viewWillTransition(to size: Size) {}
    /// The app received a memory warning (MEM-01); from iOS 6 nothing is unloaded (LOAD-09).
    open func didReceiveMemoryWarning() {}
    /// `size(forChildContentContainer:withParentContainerSize:)`: the size `child` takes as this
    /// controller changes size to `parentSize` (TRT-06); UIKit's answers `parentSize`.
    open func size(forChildContentContainer child: ViewController, withParentContainerSize parentSize: Size) -> Size {
        parentSize
    }
    /// Saves the controller's state as the app's is preserved (RES-01); the engine saves its
    /// children and presented controller itself (Restoration.swift).
    open func encodeRestorableState(with coder: RestorationCoder) {}
    /// Reads back the saved state as the app's is restored (RES-02).
    open func decodeRestorableState(with coder: RestorationCoder) {}
    /// Every restored controller has decoded its state (RES-02).
    open func applicationFinishedRestoringState() {}

    // MARK: Status bar and system deferrals (SB-03…08; the rules are in StatusBar.swift)

    /// What the controller set of its system appearance: plain values, `childFor…`
    /// controllers, `modalPresentationCapturesStatusBarAppearance`, `preferredContentSize`.
    @exclusivity(unchecked) var systemAppearanceSettings = SystemAppearanceSettings()
    /// The status bar style the controller prefers when it decides (SB-03); `.default` unless set.
    open var preferredStatusBarStyle: StatusBarStyle { preference(.statusBarStyle).statusBarStyle }
    /// Whether the controller prefers the status bar hidden when it decides (SB-03).
    open var prefersStatusBarHidden: Bool { preference(.statusBarHidden).isOn }
    /// Whether the controller prefers the home indicator hidden when it decides (SB-07).
    open var prefersHomeIndicatorAutoHidden: Bool { preference(.homeIndicatorAutoHidden).isOn }
    /// The screen edges whose system gestures wait for the controller's own (SB-07).
    open var preferredScreenEdgesDeferringSystemGestures: RectEdges {
        preference(.screenEdgesDeferringSystemGestures).edges
    }
    /// The child that decides the status bar style in this controller's place; nil: itself (SB-03).
    open var childForStatusBarStyle: ViewController? { child(deciding: .statusBarStyle) }
    /// The child that decides whether the status bar is hidden; nil: itself (SB-03).
    open var childForStatusBarHidden: ViewController? { child(deciding: .statusBarHidden) }
    /// The child that decides the home indicator; nil: itself (SB-07).
    open var childForHomeIndicatorAutoHidden: ViewController? { child(deciding: .homeIndicatorAutoHidden) }
    /// The child that decides the screen edges deferring system gestures; nil: itself (SB-07).
    open var childForScreenEdgesDeferringSystemGestures: ViewController? {
        child(deciding: .screenEdgesDeferringSystemGestures)
    }
    /// A child's `preferredContentSize` changed (SB-08): a container adjusts its layout here.
    open func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {}

    // MARK: Storyboard methods (M-15)
    //
    // UIKit's defaults, which a subclass overrides as in UIKit; each hands the call to
    // `overrides` where the client implements it. The storyboard machinery records each call
    // before making it, so that an override of either kind is traced.

    /// Every object of a nib, once the whole nib is decoded (SBD-02).
    open func awakeFromNib() {
        _ = clientAnswer(.awakeFromNib)
    }

    /// Whether a segue fired by a control or an embed goes ahead (SEG-13): yes, unless the
    /// client answers false.
    open func shouldPerformSegue(withIdentifier identifier: String?, sender: SegueSender) -> Bool {
        if case .bool(false)? = clientAnswer(.shouldPerformSegue(identifier: identifier, sender: sender)) {
            return false
        }
        return true
    }

    /// Before a segue from this controller performs, its destination made (SEG-05).
    open func prepare(for segue: StoryboardSegue, sender: SegueSender) {
        _ = clientAnswer(.prepare(segue: segue, sender: sender))
    }

    /// Whether this controller responds to the unwind action `method` (`unwindToList`).
    open func respondsToUnwindAction(_ method: String) -> Bool {
        overrides?.implements(method, on: self) ?? false
    }

    /// Runs the unwind action `method` on the destination (SEG-15).
    open func performUnwindAction(_ method: String, segue: StoryboardSegue) {
        _ = clientAnswer(.unwindAction(name: method, segue: segue))
    }

    /// Whether this controller is an unwind's destination (SEG-16): by default, whether it
    /// responds to the action.
    open func canPerformUnwindSegueAction(_ selector: String, from source: ViewController, sender: SegueSender) -> Bool
    {
        if case .bool(let answer)? = clientAnswer(
            .canPerformUnwindSegueAction(selector: selector, from: source, sender: sender))
        {
            return answer
        }
        return respondsToUnwindAction(SegueDefinition.methodName(of: selector))
    }

    /// The children an unwind search looks through (SEG-16): by default every child but the
    /// one the unwind comes from.
    open func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        if case .controllers(let children)? = clientAnswer(.allowedChildrenForUnwinding(source: source)) {
            return children
        }
        return unwindCandidates.filter { $0 !== childContaining(source) }
    }

    /// The children in the order an unwind search meets them: a navigation controller's top first.
    var unwindCandidates: [ViewController] { children }

    /// A step of an unwind's way back (SEG-17): the client's override first, as an override
    /// whose last line calls `super` (Neuburg's log prints it before the tab switch), then the
    /// class's own step (`unwindByClass`). A plain controller's does nothing. A step the
    /// container refuses is UIKit's console warning.
    open func unwind(for segue: StoryboardSegue, towards subsequent: ViewController) {
        _ = clientAnswer(.unwind(segue: segue, towards: subsequent))
        do {
            try unwindByClass(towards: subsequent)
        } catch {
            world.warn("\(name) could not unwind towards \(subsequent.name): \(error)")
        }
    }

    /// The container's own step of an unwind: a navigation controller pops, a tab bar
    /// controller selects (SEG-17).
    func unwindByClass(towards subsequent: ViewController) throws {}
}

extension ViewController: CustomStringConvertible {
    public var description: String { name }
}
