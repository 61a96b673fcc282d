/// The app around the controllers (M-16): memory warnings and going to the background and
/// back, as UIKit delivers them to the controllers of a world's windows.
///
///     world.receiveMemoryWarning()   // the notification, then didReceiveMemoryWarning, parents first
///     try world.enterBackground()    // the scene's (iOS 13+) or app delegate's events, no appearance
extension World {
    /// A memory warning (MEM-03, MEM-04): the notification is posted, then every controller of
    /// every window's hierarchy hears `didReceiveMemoryWarning()`, level by level from the
    /// root — children (a whole navigation stack, unselected tabs) and presented controllers
    /// alike, each once. The order among siblings is UIKit's own and not promised (MEM-02).
    public func receiveMemoryWarning() {
        trace.because(.mem03) { tellMemoryWarning() }
    }

    private func tellMemoryWarning() {
        trace.record(
            TraceEvent(
                .app, "NotificationCenter", "post", [TraceArgument(nil, .literal(Self.memoryWarningNotification))]))
        var told: Set<ObjectIdentifier> = []
        for window in windows {
            guard let root = window.rootViewController else { continue }
            var level = [root]
            while !level.isEmpty {
                var next: [ViewController] = []
                for controller in level where told.insert(ObjectIdentifier(controller)).inserted {
                    controller.send(.didReceiveMemoryWarning)
                    next += controller.children + controller.controllersKeptAside
                    if let presentation = controller.hostedPresentation {
                        // The presented controller, and the replacement shown for it while
                        // adapted (D-134): both are in the hierarchy.
                        next.append(presentation.presented)
                        if let replacement = presentation.replacement { next.append(replacement) }
                    }
                }
                level = next
            }
        }
    }

    static let memoryWarningNotification = "UIApplication.didReceiveMemoryWarningNotification"

    /// The app goes to the background (LIFE-03): from iOS 13 the scene's delegate hears
    /// `sceneWillResignActive` and `sceneDidEnterBackground`, before it the app delegate hears
    /// `applicationWillResignActive` and `applicationDidEnterBackground`. No controller hears
    /// anything: its view never left its window (D-132).
    public func enterBackground() throws {
        guard !isInBackground else { throw UsageError(.appAlreadyThere(background: true)) }
        isInBackground = true
        trace.because(.life03) {
            recordLifecycle(
                scene: ["sceneWillResignActive", "sceneDidEnterBackground"],
                app: ["applicationWillResignActive", "applicationDidEnterBackground"])
        }
    }

    /// The app comes back to the foreground (LIFE-03): `sceneWillEnterForeground`,
    /// `sceneDidBecomeActive` (before iOS 13, the app delegate's `applicationWillEnterForeground`,
    /// `applicationDidBecomeActive`); no appearance callbacks.
    public func enterForeground() throws {
        guard isInBackground else { throw UsageError(.appAlreadyThere(background: false)) }
        isInBackground = false
        trace.because(.life03) {
            recordLifecycle(
                scene: ["sceneWillEnterForeground", "sceneDidBecomeActive"],
                app: ["applicationWillEnterForeground", "applicationDidBecomeActive"])
        }
    }

    /// Records the scene delegate's calls from iOS 13, else the app delegate's.
    private func recordLifecycle(scene: [String], app: [String]) {
        let usesScenes = profile.iosVersion >= 13
        for method in usesScenes ? scene : app {
            trace.record(TraceEvent(.app, usesScenes ? "SceneDelegate" : "AppDelegate", method))
        }
    }
}
