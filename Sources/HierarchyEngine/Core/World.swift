/// The behaviour profile: which iOS version's differences apply (BEHAVIOR.md M-12, §16).
public struct Profile: Sendable, Equatable {
    public var iosVersion: Int

    public init(iosVersion: Int = 17) {
        self.iosVersion = iosVersion
    }

    /// The versions a profile can name: iOS 8 (the oldest any source observed) to iOS 26.
    public static let supportedVersions = 8...26

    /// Refuses a version outside `supportedVersions`.
    public static func validate(_ version: Int) throws {
        guard supportedVersions.contains(version) else { throw UsageError(.unsupportedIOSVersion(version)) }
    }

    /// `viewIsAppearing(_:)` is sent from iOS 13 on (APP-05).
    public var hasViewIsAppearing: Bool { iosVersion >= 13 }
}

/// Everything one scenario builds: windows, controllers, views, the trace and the run loop.
///
/// A world is single-threaded and self-contained; each scenario gets a fresh one.
///
/// Keep the world for as long as you use anything it made: its controllers and views hold it
/// unowned, unchecked in release builds (D-105), so a controller used after its world is gone
/// is a use of freed memory there (a debug build stops with an error).
///
///     let world = World()
///     let vc = try world.makeController(named: "A")   // use vc while `world` lives
public final class World {
    public let trace: Trace
    public let runLoop = RunLoop()
    public let profile: Profile
    /// The engine objects of this world still alive, the world included.
    public let liveObjects = LiveObjects()
    @exclusivity(unchecked) public private(set) var windows: [Window] = []
    /// Whether the app is in the background (`enterBackground`, LIFE-03).
    @exclusivity(unchecked) public internal(set) var isInBackground = false
    /// Whether the app has launched in this world (`launch(from:restoring:)`, LIFE-01/02).
    @exclusivity(unchecked) public internal(set) var hasLaunched = false
    /// The container transitions that have begun and not ended (M-13).
    @exclusivity(unchecked) var runningTransitions: [ContainerTransition] = []
    /// How many container transitions have ended or been cancelled: a view move whose
    /// callbacks ended one re-checks the tree it moved (`changeVisibility`).
    @exclusivity(unchecked) var endedTransitions = 0
    /// The interaction that holds the animations being made: set while a client's animator
    /// starts an interactive transition (ICT-04).
    @exclusivity(unchecked) var animationHolder: PercentDrivenInteractiveTransition?
    /// How many views record their moves have been made: none, and a move looks at no subtree.
    @exclusivity(unchecked) var movingViewsRecorded = 0
    /// The controllers that lost one of UIKit's holds since the last look (`releaseUnheld`).
    @exclusivity(unchecked) var releaseCandidates: [ViewController] = []
    /// How many container transitions are ending: what they release waits for the outermost end.
    @exclusivity(unchecked) var transitionsEnding = 0
    /// How many page view controller sets are appearing their pages in the call (PAG-01): a
    /// controller that appears out of sight meanwhile does so by UIKit's flaw (D-123).
    @exclusivity(unchecked) var pageSetsAppearing = 0
    /// The controllers whose appearance ended in the outermost `finish` under way, parents
    /// first: each is checked for a view that left the screen once all their did-callbacks
    /// are sent (D-103). Nil outside a `finish`.
    @exclusivity(unchecked) var strandedChecks: [ViewController]?
    /// The controllers whose transition starts in the next layout pass (TIM-03), in the
    /// order they asked.
    @exclusivity(unchecked) private var deferredTransitions: [ViewController] = []
    @exclusivity(unchecked) public internal(set) var keyWindow: Window?
    @exclusivity(unchecked) private(set) var controllersByName: [String: ViewController] = [:]
    @exclusivity(unchecked) private var counters: [String: Int] = [:]
    /// How much work the engine did, counted for the tests that check how its costs grow
    /// (issue 18: by counting, never by timing). Nothing in the model reads it.
    @exclusivity(unchecked) var work = WorkCounts()
    /// The controllers that asked for a layout pass (`setNeedsLayout`) since the last: a pass
    /// lays out those in shown windows; the others keep their mark until their view enters one.
    @exclusivity(unchecked) private var layoutQueue: [ViewController] = []

    /// A world whose events go to `trace`: a fresh one, or the trace of the world an app ran in
    /// before it was relaunched (`launch(from:restoring:)`), which goes on.
    public init(profile: Profile = Profile(), trace: Trace = Trace()) {
        self.profile = profile
        self.trace = trace
        // A relaunch hands the trace on: its timeline goes on with this world's turns and time.
        trace.timeline?.follow(runLoop)
        liveObjects.born()
        runLoop.layoutPass = { [unowned self] in layoutPass() }
        runLoop.turnWillEnd = { [unowned self] in
            updateSystemAppearances()
            releaseUnheld()
        }
    }

    deinit { liveObjects.died() }

    /// Ends the world as the arena of everything it made: its controllers drop the links they
    /// hold to one another (children, a container's lists and pending work, hosted
    /// presentations), so that no cycle the script's code made among them (a controller
    /// adopting the container that still lists it, an operation waiting for a transition that
    /// never ends) outlives it (issue 17's leaks). A session calls it as it drops a world,
    /// whose objects its scripts can no longer reach. After it the world's objects no longer
    /// agree with one another (children emptied, parents still named): a Swift client that
    /// keeps using a world drops it without calling this.
    public func end() {
        for controller in controllersByName.values { controller.releaseLinks() }
    }

    /// Makes a controller of kind `type`, a subclass of one's own included. A nil name gets
    /// one from the kind and a counter (`Controller1`, `Navigation1`).
    ///
    ///     let detail = try world.make(DetailController.self, named: "Detail")
    public func make<Kind: ViewController>(_ type: Kind.Type, named name: String? = nil) throws -> Kind {
        try type.init(name: name ?? unusedName(kind: type.namePrefix), world: self)
    }

    /// Makes a plain controller.
    public func makeController(named name: String? = nil) throws -> ViewController {
        try make(ViewController.self, named: name)
    }

    /// The controller with this name, if one exists.
    public func controller(named name: String) -> ViewController? {
        controllersByName[name]
    }

    /// Makes a plain view, not yet in any tree.
    public func makeView(named name: String? = nil) -> View {
        let view = View(name: name ?? nextName(for: "View"), world: self)
        view.recordsMoves = true
        movingViewsRecorded += 1
        return view
    }

    /// Makes a window, hidden until it is made key and visible.
    public func makeWindow(named name: String? = nil) -> Window {
        let window = Window(name: name ?? nextName(for: "Window"), world: self)
        windows.append(window)
        return window
    }

    /// `UIView.areAnimationsEnabled`: a segue whose `animates` is off turns it off while it
    /// performs, and the standard segues and `show` pass it as `animated` (SEG-05).
    public private(set) var areAnimationsEnabled = true

    /// Runs `body` with animations on or off, then puts the setting back.
    func withAnimations(_ enabled: Bool, _ body: () throws -> Void) rethrows {
        let previous = areAnimationsEnabled
        areAnimationsEnabled = enabled
        defer { areAnimationsEnabled = previous }
        try body()
    }

    /// Hears each warning UIKit would log to the console, as it is logged (Xcode's console
    /// shows them as they come).
    public var warningHandler: ((String) -> Void)?

    /// Records a UIKit console warning, and tells `warningHandler`.
    public func warn(_ text: String) {
        trace.record(TraceEvent(.warning, "", text))
        warningHandler?(text)
    }

    /// Records a note of the client's in the trace (`note: text`).
    public func note(_ text: String) {
        trace.record(TraceEvent(.note, "", text))
    }

    /// A name from `kind` and a counter that no controller has.
    private func unusedName(kind: String) -> String {
        var candidate = nextName(for: kind)
        while controllersByName[candidate] != nil { candidate = nextName(for: kind) }
        return candidate
    }

    /// Refuses a name that is empty or taken: every controller needs its own, the trace's.
    func checkNewControllerName(_ name: String) throws {
        guard !name.isEmpty else { throw UsageError(.emptyControllerName) }
        guard controllersByName[name] == nil else { throw UsageError(.duplicateControllerName(name)) }
    }

    /// Keeps a new controller under its name (`ViewController.init` calls it).
    func register(_ controller: ViewController) {
        controllersByName[controller.name] = controller
    }

    private func nextName(for kind: String) -> String {
        let number = (counters[kind] ?? 0) + 1
        counters[kind] = number
        return kind + String(number)
    }

    /// Asks for `controller`'s `startDeferredTransition()` in the next layout pass, once
    /// (UIKit's `setNeedsDeferredTransition`, TIM-03).
    func setNeedsDeferredTransition(_ controller: ViewController) {
        guard !deferredTransitions.contains(where: { $0 === controller }) else { return }
        deferredTransitions.append(controller)
    }

    /// The commit's layout pass (M-4): the deferred transitions start, in the order they
    /// were asked for (any they ask for in turn too), then the layout callbacks.
    private func layoutPass() {
        while !deferredTransitions.isEmpty {
            // A turn's stack changes make one transition, begun here (D-19).
            let deferred = deferredTransitions.removeFirst()
            trace.because(.d19) { deferred.startDeferredTransition() }
        }
        trace.because(.d6) { layoutIfNeeded() }
    }

    /// Puts `controller` in the layout queue, once.
    func queueForLayout(_ controller: ViewController) {
        guard !controller.isQueuedForLayout else { return }
        controller.isQueuedForLayout = true
        layoutQueue.append(controller)
    }

    /// The layout callbacks of a layout pass: every controller in a shown window that needs
    /// layout, in tree order, parents first (APP-01, APP-04). One whose layout the pass's own
    /// callbacks ask for is laid out in this pass when it comes later in the tree than the
    /// controller whose callback asked, else in the next, as a walk down the tree would
    /// (D-104). The pass costs what changed, not the size of the tree (issue 18).
    func layoutIfNeeded() {
        guard !layoutQueue.isEmpty else { return }
        var due = takeDue(from: layoutQueue.indices)
        due.sort { $0.position.lexicographicallyPrecedes($1.position) }
        var next = 0
        while next < due.count {
            let (position, controller) = due[next]
            next += 1
            controller.isQueuedForLayout = false
            // A callback earlier in the pass may have taken its view off screen (its window
            // hidden): it waits until its view is in a shown window again.
            guard controller.needsLayout, controller.viewIfLoaded?.isInVisibleWindow == true else { continue }
            let queued = layoutQueue.count
            controller.layoutIfNeeded()
            // Asked for during the callbacks: those further down the tree join this pass, the
            // others (this controller itself included) wait for the next.
            for later in takeDue(from: queued..<layoutQueue.count) {
                if !position.lexicographicallyPrecedes(later.position) {
                    later.controller.isQueuedForLayout = false
                    queueForLayout(later.controller)
                } else {
                    let place = due[next...].firstIndex { later.position.lexicographicallyPrecedes($0.position) }
                    due.insert(later, at: place ?? due.endIndex)
                }
            }
        }
    }

    /// Takes the controllers at `range` out of the layout queue, and returns those that need
    /// layout and whose views are in shown windows, with their places in the tree. One off
    /// screen keeps its mark and leaves the queue: it comes back when its view enters a shown
    /// window (`changeVisibility`), so a pass never looks at what waits off screen.
    private func takeDue(from range: Range<Int>) -> [(position: [Int], controller: ViewController)] {
        var due: [(position: [Int], controller: ViewController)] = []
        for controller in layoutQueue[range] {
            work.layoutCandidates += 1
            if controller.needsLayout, let view = controller.viewIfLoaded, let position = layoutPosition(of: view) {
                due.append((position, controller))
            } else {
                controller.isQueuedForLayout = false
            }
        }
        layoutQueue.removeSubrange(range)
        return due
    }

    /// Where the layout pass's walk meets `view`: its window's place among the world's
    /// windows, then its place among its siblings at each level from the window down. Nil
    /// when its tree is not a shown window.
    private func layoutPosition(of view: View) -> [Int]? {
        var position: [Int] = []
        var current = view
        while let superview = current.superview {
            position.append(current.siblingOrder)
            current = superview
        }
        guard let window = current as? Window, !window.isHidden,
            let place = windows.firstIndex(where: { $0 === window })
        else { return nil }
        position.append(place)
        position.reverse()
        return position
    }
}

/// Counts of the engine's work (`World.work`).
struct WorkCounts {
    /// Controllers a layout pass looked at.
    var layoutCandidates = 0
    /// Controllers a navigation controller checked for a new stack.
    var stackChecks = 0
}
