/// A view in a tree of views, as `UIView` is: `addSubview`, `removeFromSuperview`,
/// `superview`, `subviews`, `window`.
///
/// A view entering or leaving a visible window drives the appearance of the controllers
/// whose root views it carries (BEHAVIOR.md G-02, M-3): will-callbacks at once, did-callbacks
/// at the end of the run-loop turn.
///
///     try parent.view.addSubview(child.view)   // child.viewWillAppear(false) now,
///                                              // viewDidAppear(false) at the end of the turn
public class View {
    public let name: String
    /// Checked in debug builds only, as a controller's `world` is.
    #if DEBUG
        unowned let world: World
    #else
        unowned(unsafe) let world: World
    #endif
    private let liveObjects: LiveObjects
    @exclusivity(unchecked) public private(set) unowned var superview: View?
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    /// The controller whose root view this is, if any.
    @exclusivity(unchecked) public internal(set) unowned var owner: ViewController?
    /// A number that orders this view among its siblings as `subviews` does: the layout pass
    /// sorts the views it visits by these, from the window down (`World.layoutPosition`).
    @exclusivity(unchecked) private(set) var siblingOrder = 0
    /// Whether the view is one the client made (`View { … }`): its moves between superviews
    /// and windows are recorded under `view` (VIEW-01…04, D-124); controllers' root views and
    /// UIKit's own views record none.
    @exclusivity(unchecked) public internal(set) var recordsMoves = false
    /// The view-level callbacks the client overrides on this view.
    @exclusivity(unchecked) public var overrides: ViewOverrides?

    init(name: String, world: World) {
        self.name = name
        self.world = world
        liveObjects = world.liveObjects
        liveObjects.born()
    }

    deinit {
        for subview in subviews { subview.superview = nil }
        liveObjects.died()
    }

    /// The position of this view among its superview's subviews.
    var indexInSuperview: Int? { superview?.subviews.firstIndex { $0 === self } }

    /// The window at the root of this view's tree, if the tree has one.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// Whether the view is in a window that is shown: the condition for appearing.
    public var isInVisibleWindow: Bool {
        guard let window else { return false }
        return !window.isHidden
    }

    /// Whether `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The nearest view at or above this one that is a controller's root view, and its controller.
    var nearestOwner: ViewController? {
        var current: View? = self
        while let view = current {
            if let owner = view.owner { return owner }
            current = view.superview
        }
        return nil
    }

    /// Adds `view` on top of this view's subviews, moving it from its old superview.
    ///
    /// Throws UIKit's exceptions for a view added to itself or its own subtree, and
    /// `UIViewControllerHierarchyInconsistency` for a child controller's view put under a
    /// controller that is not its parent (CON-10).
    public func addSubview(_ view: View) throws {
        try validateAdding(view)
        world.move(view, to: self)
    }

    /// Removes the view from its superview; a no-op when it has none.
    public func removeFromSuperview() {
        guard superview != nil else { return }
        world.move(self, to: nil)
    }

    func validateAdding(_ view: View) throws {
        if view === self { throw UIKitException.invalidArgument("Can't add self as subview") }
        if isDescendant(of: view) {
            throw UIKitException.invalidArgument("Can't add \(view.name) as a subview of its own subview \(name)")
        }
        if view is Window { throw UsageError(.windowAsSubview(window: view.name)) }
        try world.checkParentage(of: view, under: self)
        try world.checkNoFutureCycle(of: view, under: self)
    }

    /// Detaches from the old superview and attaches under `newSuperview`, on top or at
    /// `index` among its subviews; no appearance.
    ///
    /// A move to another superview tells the client's views what UIKit tells them (VIEW-03):
    /// the moved view `willMove(toSuperview:)` and `didMoveToSuperview()`, and every view of its
    /// subtree, parents first, `willMove(toWindow:)` and `didMoveToWindow()` when its window
    /// changes; added, the superview pair comes first, removed, the window pair comes inside it.
    func reparent(to newSuperview: View?, at index: Int? = nil) {
        guard world.movingViewsRecorded > 0, newSuperview !== superview else {
            return attach(to: newSuperview, at: index)
        }
        let oldWindow = window
        let newWindow = newSuperview?.window
        let windowChanges = oldWindow !== newWindow
        // The views told of the window change: the subtree as the move begins. One an override
        // adds or removes meanwhile is told by its own move.
        var recording: [View] = []
        if windowChanges { forEachInSubtree { view in if view.recordsMoves { recording.append(view) } } }
        if recordsMoves { tell(.willMoveToSuperview, newSuperview) }
        if newSuperview == nil { for view in recording { view.tell(.willMoveToWindow, nil) } }
        attach(to: newSuperview, at: index)
        if newSuperview == nil {
            for view in recording { view.tell(.didMoveToWindow, nil) }
            if recordsMoves { tell(.didMoveToSuperview, nil) }
        } else {
            if recordsMoves { tell(.didMoveToSuperview, nil) }
            for view in recording { view.tell(.willMoveToWindow, newWindow) }
            for view in recording { view.tell(.didMoveToWindow, nil) }
        }
    }

    /// Records `callback` on this view and calls the client's override of it.
    private func tell(_ callback: ViewCallback, _ argument: View?) {
        let arguments: [TraceArgument]
        switch callback {
        case .willMoveToSuperview:
            arguments = [TraceArgument("toSuperview", argument.map { .literal($0.name) } ?? .none)]
        case .willMoveToWindow: arguments = [TraceArgument("toWindow", argument.map { .literal($0.name) } ?? .none)]
        case .didMoveToSuperview, .didMoveToWindow: arguments = []
        }
        world.trace.record(TraceEvent(.view, name, callback.traceName, arguments))
        if let overrides, overrides.implements(callback) {
            world.trace.asClient { overrides.call(callback, on: self, argument: argument) }
        }
    }

    /// The move itself: out of the old superview, into the new one.
    private func attach(to newSuperview: View?, at index: Int?) {
        // From the end: the view added last, the one most often taken away, goes at once.
        if let old = superview, let position = old.subviews.lastIndex(where: { $0 === self }) {
            old.subviews.remove(at: position)
        }
        superview = newSuperview
        guard let newSuperview else { return }
        let count = newSuperview.subviews.count
        let position = min(index ?? count, count)
        newSuperview.subviews.insert(self, at: position)
        if position == count {
            siblingOrder = position == 0 ? 0 : newSuperview.subviews[position - 1].siblingOrder + 1
        } else {
            // An insertion below the top shifts the others, as it does in `subviews`.
            for (order, sibling) in newSuperview.subviews.enumerated() { sibling.siblingOrder = order }
        }
    }

    /// Calls `body` for this view and every view below it, parents before children.
    func forEachInSubtree(_ body: (View) -> Void) {
        body(self)
        for subview in subviews { subview.forEachInSubtree(body) }
    }
}

/// A window, as `UIWindow` is: a root view that can be shown, made key, and given a root
/// view controller whose view it installs (APP-01, APP-02).
///
///     let window = world.makeWindow()
///     try window.setRootViewController(a)
///     window.makeKeyAndVisible()               // a appears
///     try window.setRootViewController(b)      // a's view is removed, then b's installed
public final class Window: View {
    @exclusivity(unchecked) public private(set) var isHidden = true
    @exclusivity(unchecked) public private(set) var rootViewController: ViewController?
    /// The controller `setRootViewController` is installing while the old root's view
    /// leaves: the callbacks of that leaving (a transition they end, an operation that then
    /// applies) meet it as this window's root already, and no container takes it meanwhile.
    @exclusivity(unchecked) private(set) var incomingRoot: ViewController?
    /// The window's size in points; an iPhone in portrait unless configured otherwise.
    @exclusivity(unchecked) public internal(set) var size = Size.phonePortrait
    /// The size classes presentations adapt to (PRE-14), from the size unless given.
    @exclusivity(unchecked) public internal(set) var traitCollection = TraitCollection.forSize(.phonePortrait)
    /// The coordinator `willTransition(to:with:)` and `viewWillTransition(to:with:)` are given
    /// while the window changes size or traits (COO-04); nil otherwise.
    @exclusivity(unchecked) public internal(set) var sizeTransitionCoordinator: TransitionCoordinator?
    /// The status bar and its kin as the window last resolved them (StatusBar.swift, D-138).
    @exclusivity(unchecked) var systemAppearanceState = WindowSystemAppearance()

    /// The device the window fills, when it was given one (D-133); nil for a window given
    /// only a size.
    @exclusivity(unchecked) public internal(set) var device: Device?
    /// Which way the device is held: on its side when the window is wider than tall.
    public var orientation: Orientation { size.width > size.height ? .landscape : .portrait }

    /// Sets the geometry the window starts with; traits not given follow from the size.
    public func configure(size: Size, horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil) {
        self.size = size
        traitCollection = .forSize(size, horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass)
    }

    /// Makes the window fill the device named `name`, held `orientation`'s way: its size
    /// and size classes from the device's table (D-133). Launching held on its side is
    /// TRT-07's first case: the controllers hear no transition, only their first appearance.
    public func configure(deviceNamed name: String, orientation: Orientation) throws {
        guard let device = Device.named(name) else { throw UsageError(.unknownDevice(name)) }
        self.device = device
        size = device.size(orientation)
        traitCollection = device.traits(orientation)
    }

    /// Whether this is the world's key window.
    public var isKeyWindow: Bool { world.keyWindow === self }

    /// Makes the window key (the previous key window resigns) and shows it.
    public func makeKeyAndVisible() {
        world.keyWindow = self
        world.trace.because(.app01) { setHidden(false) }
    }

    /// Shows or hides the window; the views in it appear or disappear.
    public func setHidden(_ hidden: Bool) {
        guard hidden != isHidden else { return }
        if hidden { world.endTransitions(in: self) }
        world.changeVisibility(of: self, appearing: !hidden, window: hidden ? nil : self) { isHidden = hidden }
        if hidden, world.keyWindow === self { world.keyWindow = nil }
    }

    /// Installs `controller`'s view as the window's content, removing the old root's view
    /// first. The new view loads before the old one leaves (LOAD-07). What the old root
    /// presented stays in the window, above the new root's view (APP-02).
    public func setRootViewController(_ controller: ViewController?) throws {
        guard controller !== rootViewController else { return }
        try controller?.checkCanBeRoot(of: self)
        let newView = controller?.view
        // Loading ran the client's viewDidLoad, which may have given the controller a parent
        // or presented it: checked again, still before anything changes.
        try controller?.checkCanBeRoot(of: self)
        if let oldView = rootViewController?.viewIfLoaded, oldView.superview === self {
            let outer = incomingRoot
            incomingRoot = controller
            defer { incomingRoot = outer }
            oldView.removeFromSuperview()
        }
        if let old = rootViewController { world.noteLostHold(old) }
        controller?.isReleasedByUIKit = false
        rootViewController = controller
        guard let newView else { return }
        try validateAdding(newView)
        world.move(newView, to: self, at: subviews.firstIndex { $0 is TransitionView })
    }
}

extension World {
    /// The window (other than `window`) whose root `controller` is, or is becoming while the
    /// old root's view leaves (D-103).
    func window(rootedAt controller: ViewController, except window: Window? = nil) -> Window? {
        windows.first { ($0.rootViewController === controller || $0.incomingRoot === controller) && $0 !== window }
    }
}

extension ViewController {
    /// The refusals of `window.rootViewController = self`, before anything changes: a
    /// controller with a parent (CON-10's exception), a presented one (D-30), another
    /// window's root (D-99). `window` nil: a window about to be made for it.
    public func checkCanBeRoot(of window: Window?) throws {
        if let parent = parent ?? heldParent {
            throw hierarchyInconsistency(child: self, expected: nil, actual: parent)
        }
        try checkNotPresented(becoming: .windowRoot, in: window)
    }
}

/// UIKit's exception for a child controller's view placed under the wrong controller (CON-10).
func hierarchyInconsistency(
    child: ViewController, expected: ViewController?, actual: ViewController
)
    -> UIKitException
{
    UIKitException(
        "UIViewControllerHierarchyInconsistency",
        "child view controller:\(child.name) should have parent view controller:\(expected?.name ?? "(null)") "
            + "but actual parent is:\(actual.name)")
}

/// The view-level callbacks a client's view may override (`UIView`'s, VIEW-01…04).
public enum ViewCallback: String, CaseIterable, Sendable {
    case willMoveToSuperview, didMoveToSuperview, willMoveToWindow, didMoveToWindow

    /// The method's name as the trace writes it: `willMove(toSuperview: …)`, `didMoveToWindow()`.
    var traceName: String {
        switch self {
        case .willMoveToSuperview, .willMoveToWindow: "willMove"
        case .didMoveToSuperview: "didMoveToSuperview"
        case .didMoveToWindow: "didMoveToWindow"
        }
    }
}

/// What a client's view overrides of `ViewCallback`, called after the event is recorded.
public protocol ViewOverrides: AnyObject {
    func implements(_ callback: ViewCallback) -> Bool
    /// Calls `callback` on `view`; `argument` is the superview or window of a `willMove`.
    func call(_ callback: ViewCallback, on view: View, argument: View?)
}
