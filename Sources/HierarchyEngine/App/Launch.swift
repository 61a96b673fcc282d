/// The app's launch (LIFE-01, LIFE-02), with state restoration in it (RES-06).
///
///     let window = try world.launch(from: main)                    // the initial controller, shown
///     let window = try fresh.launch(from: main, restoring: archive)  // and the saved state put back
extension World {
    /// Launches the app from `storyboard` (LIFE-01/02, D-141): its initial controller is
    /// instantiated and a window made for it; the app delegate hears
    /// `application(_:willFinishLaunchingWithOptions:)`; with an archive, state is restored
    /// (RES-06, `Restoration`; `restorationClasses` make the controllers that name one); the app delegate hears `didFinishLaunchingWithOptions`; from
    /// iOS 13 the scene's delegate hears `scene(_:willConnectTo:options:)`. Then the window is
    /// made key and visible with the controller as its root, and the app becomes active in
    /// the place the profile gives (`activatesBeforeAppearance`): the root's `viewDidAppear`
    /// comes with the run loop's turn, as for any window shown.
    ///
    /// Refuses, before any change, a world whose app has launched and a storyboard without an
    /// initial view controller.
    @discardableResult
    public func launch(
        from storyboard: Storyboard, restoring archive: RestorationArchive? = nil,
        restorationClasses: RestorationClasses = [:], configuring configure: (Window) throws -> Void = { _ in }
    ) throws -> Window {
        try trace.because(profile.iosVersion >= 13 ? .life02 : .life01) {
            try launchSteps(from: storyboard, restoring: archive, restorationClasses: restorationClasses, configure)
        }
    }

    private func launchSteps(
        from storyboard: Storyboard, restoring archive: RestorationArchive?, restorationClasses: RestorationClasses,
        _ configure: (Window) throws -> Void
    ) throws -> Window {
        try checkLaunch(from: storyboard)
        // Set first: the initial controller's init(coder:) and awakeFromNib are the client's
        // code, which must not launch the app again.
        hasLaunched = true
        let root: ViewController
        do {
            guard let made = try storyboard.instantiateInitialViewController() else {
                throw UsageError(.noInitialControllerToLaunch(storyboard: storyboard.name))
            }
            root = made
        } catch {
            hasLaunched = false
            throw error
        }
        let window = makeWindow()
        try configure(window)
        recordAppDelegate("willFinishLaunchingWithOptions", .none)
        let restoration = archive.map { Restoration(archive: $0, storyboard: storyboard, classes: restorationClasses) }
        var restored: RestoredController?
        if let restoration {
            recordAppDelegate("shouldRestoreApplicationState", .literal("coder"))
            restored = try restoration.find(from: root)
            if let restored { try restoration.decode(restored) }
            recordAppDelegate("didDecodeRestorableStateWith", .literal("coder"))
            if let restored { restoration.finish(restored) }
        }
        recordAppDelegate("didFinishLaunchingWithOptions", .none)
        let usesScenes = profile.iosVersion >= 13
        if usesScenes {
            trace.record(
                TraceEvent(
                    .app, "SceneDelegate", "scene",
                    [TraceArgument(nil, .literal("session")), TraceArgument("willConnectTo", .literal("options"))]))
        }
        let activatesFirst = activatesBeforeAppearance
        if activatesFirst { recordActivation(usesScenes: usesScenes) }
        try window.setRootViewController(restored?.controller ?? root)
        window.makeKeyAndVisible()
        if !activatesFirst { recordActivation(usesScenes: usesScenes) }
        if let restoration, let restored { try restoration.present(restored) }
        return window
    }

    /// Refuses what `launch(from:restoring:)` refuses, without changing anything: a client
    /// that replaces its world before launching asks first.
    public func checkLaunch(from storyboard: Storyboard) throws {
        guard !hasLaunched else { throw UsageError(.appAlreadyLaunched) }
        // A launch into the background is not modelled (D-141).
        guard !isInBackground else { throw UsageError(.launchInBackground) }
        guard storyboard.definition.initialSceneID != nil else {
            throw UsageError(.noInitialControllerToLaunch(storyboard: storyboard.name))
        }
    }

    /// Whether the app becomes active before the root's view appears (D-141): the sources
    /// conflict and the order changed with versions (LIFE-01 [?]). iOS 13+ follows LIFE-02's
    /// scene log (after `viewWillAppear`); iOS 9 and 10 the early order that "iOS 9 changed
    /// back" to (after `viewWillAppear`); iOS 8, 11 and 12, the versions that "flipped" it,
    /// DOC-fg's order (before the root's view loads and appears).
    var activatesBeforeAppearance: Bool {
        switch profile.iosVersion {
        case 13...: false
        case 9...10: false
        default: true
        }
    }

    /// The app becomes active: `sceneWillEnterForeground` and `sceneDidBecomeActive` from
    /// iOS 13 (LIFE-02), `applicationDidBecomeActive` before (LIFE-01).
    private func recordActivation(usesScenes: Bool) {
        if usesScenes {
            trace.record(TraceEvent(.app, "SceneDelegate", "sceneWillEnterForeground"))
            trace.record(TraceEvent(.app, "SceneDelegate", "sceneDidBecomeActive"))
        } else {
            trace.record(TraceEvent(.app, "AppDelegate", "applicationDidBecomeActive"))
        }
    }
}
