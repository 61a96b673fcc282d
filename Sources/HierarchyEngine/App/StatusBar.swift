/// The status bar, the home indicator and the screen edges that defer system gestures, as a
/// window asks its controllers for them (SB-03…07, D-137, D-138).
///
/// A window starts from its root, or from the top-most controller presented full screen (or
/// presented in another style with `modalPresentationCapturesStatusBarAppearance`), follows
/// the `childFor…` chain while it answers a controller, and asks the last one its
/// preference. Each question is recorded in the `statusbar` category, which expectations
/// leave out unless a scenario includes it. The window keeps what it resolved:
///
///     a.preferredStatusBarStyle = "lightContent"   -- a plain value, or an override function
///     Window { root = nav }; settle()             -- Nav.childForStatusBarStyle(), Nav.preferredStatusBarStyle()
///     print(win.statusBarStyle)                    -- "default": the bar is shown, Nav decides
///     nav:setNavigationBarHidden(true, false)      -- asked again at once: A decides, "lightContent"

/// UIKit's `UIStatusBarStyle` (SB-03): `.default` follows the interface style.
public enum StatusBarStyle: String, CaseIterable, Sendable {
    case `default`, lightContent, darkContent
}

/// UIKit's `UIBarStyle` of a navigation bar: `.black` gives light status bar content (SB-04).
public enum BarStyle: String, CaseIterable, Sendable {
    case `default`, black
}

/// UIKit's `UIRectEdge`, for the screen edges deferring system gestures (SB-07).
public struct RectEdges: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let top = RectEdges(rawValue: 1)
    public static let left = RectEdges(rawValue: 2)
    public static let bottom = RectEdges(rawValue: 4)
    public static let right = RectEdges(rawValue: 8)
    public static let all: RectEdges = [.top, .left, .bottom, .right]

    /// The edges by name, in UIKit's order.
    public static let named: [(name: String, edge: RectEdges)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]

    /// The names of the edges in the set, in UIKit's order.
    public var names: [String] { Self.named.filter { contains($0.edge) }.map(\.name) }
}

/// One thing a window asks its controllers (SB-03, SB-07): each has a preference and a
/// `childFor…` that hands the question to a child.
public enum SystemAppearanceAspect: CaseIterable, Sendable {
    case statusBarStyle, statusBarHidden, homeIndicatorAutoHidden, screenEdgesDeferringSystemGestures

    /// The name of the preference, as UIKit spells it.
    public var preferenceName: String {
        switch self {
        case .statusBarStyle: "preferredStatusBarStyle"
        case .statusBarHidden: "prefersStatusBarHidden"
        case .homeIndicatorAutoHidden: "prefersHomeIndicatorAutoHidden"
        case .screenEdgesDeferringSystemGestures: "preferredScreenEdgesDeferringSystemGestures"
        }
    }

    /// The name of the property that hands the question to a child.
    public var childName: String {
        switch self {
        case .statusBarStyle: "childForStatusBarStyle"
        case .statusBarHidden: "childForStatusBarHidden"
        case .homeIndicatorAutoHidden: "childForHomeIndicatorAutoHidden"
        case .screenEdgesDeferringSystemGestures: "childForScreenEdgesDeferringSystemGestures"
        }
    }

    /// The properties a client may override with a function: every preference and `childFor…`.
    public static let overridableNames = allCases.flatMap { [$0.preferenceName, $0.childName] }.sorted()

    /// What `setNeedsStatusBarAppearanceUpdate()` asks again: the style and whether hidden.
    public static let statusBar: [SystemAppearanceAspect] = [.statusBarStyle, .statusBarHidden]

    /// The preference a controller has when nothing says otherwise (H17: `.default`, false, none).
    var defaultPreference: SystemAppearancePreference {
        switch self {
        case .statusBarStyle: .style(.default)
        case .statusBarHidden, .homeIndicatorAutoHidden: .bool(false)
        case .screenEdgesDeferringSystemGestures: .edges([])
        }
    }
}

/// A controller's preference for one aspect.
public enum SystemAppearancePreference: Equatable, Sendable {
    case style(StatusBarStyle)
    case bool(Bool)
    case edges(RectEdges)

    var statusBarStyle: StatusBarStyle {
        if case .style(let style) = self { return style }
        return .default
    }

    var isOn: Bool {
        if case .bool(let value) = self { return value }
        return false
    }

    var edges: RectEdges {
        if case .edges(let edges) = self { return edges }
        return []
    }
}

/// What a client's override of a preference or a `childFor…` answered.
public enum SystemAppearanceAnswer {
    case preference(SystemAppearancePreference)
    /// A `childFor…` answer: the child, or nil for the controller itself.
    case child(ViewController?)
}

/// A client's overrides of the system appearance properties (a script's functions), asked
/// before the plain values and UIKit's defaults, as a subclass's override would be.
public protocol SystemAppearanceOverrides: AnyObject {
    /// Whether the client overrides the property `name` (`preferredStatusBarStyle`) of `controller`.
    func implements(_ name: String, on controller: ViewController) -> Bool
    /// The client's answer; nil when it answered nothing usable (UIKit's default stands).
    func answer(_ name: String, on controller: ViewController) -> SystemAppearanceAnswer?
}

/// A controller held without keeping it alive: a `childFor…` set as a value.
struct WeakChild {
    weak var controller: ViewController?
}

/// What a controller set of its system appearance (`ViewController.systemAppearanceSettings`).
struct SystemAppearanceSettings {
    var preferences: [SystemAppearanceAspect: SystemAppearancePreference] = [:]
    var children: [SystemAppearanceAspect: WeakChild] = [:]
    var capturesStatusBarAppearance = false
    var preferredContentSize = Size(width: 0, height: 0)
}

/// UIKit's containers' own answers to `childFor…` and the preferences (D-137): a container
/// class adopts it in an extension; a plain controller answers nil and the defaults.
protocol SystemAppearanceDefaults: AnyObject {
    func classChild(deciding aspect: SystemAppearanceAspect) -> ViewController?
    func classPreference(_ aspect: SystemAppearanceAspect) -> SystemAppearancePreference?
}

extension ViewController {
    /// `modalPresentationCapturesStatusBarAppearance`: whether this controller, presented in
    /// a style other than full screen, takes the status bar over (SB-03; default false).
    public var modalPresentationCapturesStatusBarAppearance: Bool {
        get { systemAppearanceSettings.capturesStatusBarAppearance }
        set { systemAppearanceSettings.capturesStatusBarAppearance = newValue }
    }

    /// Sets the preference for `aspect` as a plain value; nil goes back to the class's default.
    public func setPreference(_ preference: SystemAppearancePreference?, for aspect: SystemAppearanceAspect) {
        systemAppearanceSettings.preferences[aspect] = preference
    }

    /// Sets the child deciding `aspect` as a plain value; nil goes back to the class's default.
    public func setChild(_ child: ViewController?, deciding aspect: SystemAppearanceAspect) {
        systemAppearanceSettings.children[aspect] = child.map { WeakChild(controller: $0) }
    }

    /// The preference for `aspect`: the client's override, else the value set, else the
    /// class's (a navigation controller's from its bar), else UIKit's default.
    func preference(_ aspect: SystemAppearanceAspect) -> SystemAppearancePreference {
        if case .preference(let answer)? = clientAnswer(aspect.preferenceName) { return answer }
        return systemAppearanceSettings.preferences[aspect]
            ?? (self as? SystemAppearanceDefaults)?.classPreference(aspect) ?? aspect.defaultPreference
    }

    /// The child deciding `aspect`: the client's override, else the value set, else the
    /// class's (D-137).
    func child(deciding aspect: SystemAppearanceAspect) -> ViewController? {
        if case .child(let child)? = clientAnswer(aspect.childName) { return child }
        if let set = systemAppearanceSettings.children[aspect] { return set.controller }
        return (self as? SystemAppearanceDefaults)?.classChild(deciding: aspect)
    }

    /// The client's answer to the property `name`, if it overrides it.
    private func clientAnswer(_ name: String) -> SystemAppearanceAnswer? {
        guard let client = overrides as? SystemAppearanceOverrides, client.implements(name, on: self) else {
            return nil
        }
        return client.answer(name, on: self)
    }

    /// The class's answer to `childFor…`, as UIKit's property gives it (the override of a
    /// subclass or a client aside).
    public func childProperty(deciding aspect: SystemAppearanceAspect) -> ViewController? {
        switch aspect {
        case .statusBarStyle: childForStatusBarStyle
        case .statusBarHidden: childForStatusBarHidden
        case .homeIndicatorAutoHidden: childForHomeIndicatorAutoHidden
        case .screenEdgesDeferringSystemGestures: childForScreenEdgesDeferringSystemGestures
        }
    }

    /// The preference for `aspect`, through the overridable property.
    public func preferenceProperty(_ aspect: SystemAppearanceAspect) -> SystemAppearancePreference {
        switch aspect {
        case .statusBarStyle: .style(preferredStatusBarStyle)
        case .statusBarHidden: .bool(prefersStatusBarHidden)
        case .homeIndicatorAutoHidden: .bool(prefersHomeIndicatorAutoHidden)
        case .screenEdgesDeferringSystemGestures: .edges(preferredScreenEdgesDeferringSystemGestures)
        }
    }

    /// `setNeedsStatusBarAppearanceUpdate()`: the window showing this controller asks again
    /// for the status bar's style and whether it is hidden, at once (SB-06, D-138).
    public func setNeedsStatusBarAppearanceUpdate() {
        trace.because(.sb06) { shownWindow?.resolveSystemAppearance(SystemAppearanceAspect.statusBar) }
    }

    /// `setNeedsUpdateOfHomeIndicatorAutoHidden()`: the window asks again for the home indicator (SB-07).
    public func setNeedsUpdateOfHomeIndicatorAutoHidden() {
        trace.because(.sb06) { shownWindow?.resolveSystemAppearance([.homeIndicatorAutoHidden]) }
    }

    /// `setNeedsUpdateOfScreenEdgesDeferringSystemGestures()`: the window asks again for the edges (SB-07).
    public func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {
        trace.because(.sb06) { shownWindow?.resolveSystemAppearance([.screenEdgesDeferringSystemGestures]) }
    }

    /// The shown window this controller's view is in; nil when it is in none (the call
    /// then does nothing: UIKit asks when the controller is next displayed).
    private var shownWindow: Window? {
        guard let window = viewIfLoaded?.window, !window.isHidden else { return nil }
        return window
    }
}

/// What a window resolved, as `win.statusBarStyle` and its kin read it.
public struct SystemAppearance: Equatable, Sendable {
    public var statusBarStyle = StatusBarStyle.default
    public var isStatusBarHidden = false
    public var homeIndicatorAutoHidden = false
    public var screenEdgesDeferringSystemGestures: RectEdges = []
    /// The controller that decided each aspect, by name (nil: no root, nothing decided).
    public var deciders: [SystemAppearanceAspect: String] = [:]

    public init() {}

    mutating func set(_ preference: SystemAppearancePreference, for aspect: SystemAppearanceAspect) {
        switch aspect {
        case .statusBarStyle: statusBarStyle = preference.statusBarStyle
        case .statusBarHidden: isStatusBarHidden = preference.isOn
        case .homeIndicatorAutoHidden: homeIndicatorAutoHidden = preference.isOn
        case .screenEdgesDeferringSystemGestures: screenEdgesDeferringSystemGestures = preference.edges
        }
    }
}

/// A window's resolved system appearance, and what the hierarchy looked like when it was
/// resolved (`World.updateSystemAppearances`).
struct WindowSystemAppearance {
    var resolved = SystemAppearance()
    /// The root, the transitions begun and ended, as last resolved; nil: never resolved
    /// while shown.
    var lastLook: HierarchyLook?

    struct HierarchyLook: Equatable {
        var root: ObjectIdentifier?
        var runningTransitions: Int
        var endedTransitions: Int
    }
}

extension Window {
    /// What the window last resolved (D-138): UIKit's defaults until it is first shown with a root.
    public var systemAppearance: SystemAppearance { systemAppearanceState.resolved }

    /// The controller the window starts from (SB-03): the root, or the top-most presented
    /// controller that takes the status bar (full screen, or capturing); a presentation
    /// being dismissed, and all above it, no longer counts. A presentation adapted with a
    /// replacement shows the replacement, which decides in its place (D-134).
    public var systemAppearanceStart: ViewController? {
        guard var start = rootViewController else { return nil }
        var current = start
        while let presentation = current.presentationShownAbove() {
            current = presentation.shown
            if presentation.style == .fullScreen || current.modalPresentationCapturesStatusBarAppearance {
                start = current
            }
        }
        return start
    }

    /// Asks for `aspects` again from the start controller, recording each question, and
    /// keeps the answers (SB-03, SB-06).
    func resolveSystemAppearance(_ aspects: [SystemAppearanceAspect]) {
        guard let start = systemAppearanceStart else {
            systemAppearanceState.resolved = SystemAppearance()
            return
        }
        for aspect in aspects {
            let decider = start.decider(of: aspect)
            decider.recordSystemAppearanceQuery(aspect.preferenceName)
            systemAppearanceState.resolved.set(decider.preferenceProperty(aspect), for: aspect)
            systemAppearanceState.resolved.deciders[aspect] = decider.name
        }
    }
}

extension ViewController {
    /// The presentation on top of this controller or of a controller inside it, not being
    /// dismissed: hosted here, or by a descendant (a presentation in a context it defines).
    fileprivate func presentationShownAbove() -> Presentation? {
        if let hosted = hostedPresentation { return hosted.phase == .dismissing ? nil : hosted }
        for child in children {
            if let found = child.presentationShownAbove() { return found }
        }
        return nil
    }

    /// The controller that decides `aspect` from here: the `childFor…` chain followed while
    /// it answers a controller, each question recorded. A chain that comes back to a
    /// controller already asked stops there, with UIKit's endless recursion as a warning.
    func decider(of aspect: SystemAppearanceAspect) -> ViewController {
        var current = self
        var asked: Set<ObjectIdentifier> = []
        while asked.insert(ObjectIdentifier(current)).inserted {
            current.recordSystemAppearanceQuery(aspect.childName)
            guard let child = current.childProperty(deciding: aspect), child !== current else { return current }
            if asked.contains(ObjectIdentifier(child)) {
                world.warn("\(aspect.childName) of \(current.name) leads back to \(child.name): the chain goes round")
                return current
            }
            current = child
        }
        return current
    }

    /// Records one of UIKit's questions to this controller (D-138).
    func recordSystemAppearanceQuery(_ name: String) {
        trace.record(TraceEvent(.statusbar, self.name, name))
    }
}

extension World {
    /// At the end of each turn: each shown window whose root changed, or in whose world a
    /// transition began or ended in the turn, asks for everything again (SB-06, D-138). A
    /// hidden window forgets it looked, so that it asks once shown.
    func updateSystemAppearances() {
        trace.because(.sb06) { lookAtSystemAppearances() }
    }

    private func lookAtSystemAppearances() {
        for window in windows {
            guard !window.isHidden else {
                window.systemAppearanceState.lastLook = nil
                continue
            }
            let look = WindowSystemAppearance.HierarchyLook(
                root: window.rootViewController.map(ObjectIdentifier.init),
                runningTransitions: runningTransitions.count,
                endedTransitions: endedTransitions)
            guard look != window.systemAppearanceState.lastLook else { continue }
            window.systemAppearanceState.lastLook = look
            window.resolveSystemAppearance(SystemAppearanceAspect.allCases)
        }
    }
}

// MARK: UIKit's containers (D-137)

/// A navigation controller's bar, as `UINavigationBar` is for the status bar: its style,
/// and whether it is hidden (`setNavigationBarHidden`).
public final class NavigationBar {
    /// Unowned: the navigation controller holds its bar.
    public unowned let navigationController: NavigationController
    /// UIKit's `barStyle`: `.black` asks for light status bar content (SB-04).
    @exclusivity(unchecked) public var barStyle = BarStyle.default
    @exclusivity(unchecked) public internal(set) var isHidden = false

    init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    /// The name the REPL shows: `Nav.navigationBar`.
    public var name: String { navigationController.name + ".navigationBar" }
}

extension NavigationController: SystemAppearanceDefaults {
    /// `isNavigationBarHidden`: whether the bar is hidden (default false).
    public var isNavigationBarHidden: Bool { navigationBar.isHidden }

    /// `setNavigationBarHidden(_:animated:)`: hides or shows the bar. Who decides the status
    /// bar changes with it (SB-04), so the window asks again at once (D-138).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard navigationBar.isHidden != hidden else { return }
        navigationBar.isHidden = hidden
        setNeedsStatusBarAppearanceUpdate()
    }

    /// With the bar hidden the top controller decides the status bar (SB-04, O-mdc); with it
    /// shown the navigation controller decides from its bar. The home indicator and the
    /// screen edges are always the top's (D-137).
    func classChild(deciding aspect: SystemAppearanceAspect) -> ViewController? {
        switch aspect {
        case .statusBarStyle, .statusBarHidden: navigationBar.isHidden ? topViewController : nil
        case .homeIndicatorAutoHidden, .screenEdgesDeferringSystemGestures: topViewController
        }
    }

    /// The status bar style from the bar: light content under a black bar (SB-04, O-sarunw).
    func classPreference(_ aspect: SystemAppearanceAspect) -> SystemAppearancePreference? {
        guard aspect == .statusBarStyle else { return nil }
        return .style(navigationBar.barStyle == .black ? .lightContent : .default)
    }
}

extension TabBarController: SystemAppearanceDefaults {
    /// The selected tab decides everything (D-137: cockscomb's iOS 7 observation; RE26 shows
    /// no override, so the default may come from UIViewController's container support).
    func classChild(deciding aspect: SystemAppearanceAspect) -> ViewController? { selectedViewController }
    func classPreference(_ aspect: SystemAppearanceAspect) -> SystemAppearancePreference? { nil }
}

// MARK: preferredContentSize (SB-08)

extension ViewController {
    /// `preferredContentSize`: the size the controller would like its container to give it
    /// (zero until set).
    public var preferredContentSize: Size { systemAppearanceSettings.preferredContentSize }

    /// Sets `preferredContentSize`. A change, and only a change, tells at once (SB-08, D-139):
    /// the parent hears `preferredContentSizeDidChange(forChildContentContainer:)`; a
    /// controller presented without a parent tells its presentation controller instead
    /// (recorded under `B.presentationController`); any other hears nothing.
    public func setPreferredContentSize(_ size: Size) {
        guard size != systemAppearanceSettings.preferredContentSize else { return }
        systemAppearanceSettings.preferredContentSize = size
        if let parent {
            parent.send(.preferredContentSizeDidChange(forChildContentContainer: self))
        } else if showingPresentation != nil {
            let event = Callback.preferredContentSizeDidChange(forChildContentContainer: self)
            trace.record(TraceEvent(event.category, presentationController.name, event.name, event.arguments))
        }
    }
}
