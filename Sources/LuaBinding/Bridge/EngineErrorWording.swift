import HierarchyEngine
import ScenarioKit

/// The engine's typed errors in the words a script reads (STYLE: errors are values until
/// they are words).
///
/// The engine throws facts in UIKit's terms: names, 0-based indices, its own gesture and
/// method names. A script knows the Lua API instead: 1-based positions, `user.swipeBack`,
/// `settle()`, `transition()`. This file is the one place that turns the first into the
/// second; the texts are the ones scripts have always read, and the shipped scenarios hold
/// them to the letter. `UIKitException` is UIKit's own text and passes through unchanged.
///
///     UsageError(.inTransition(controller: "Nav", gesture: .backButtonTap))
///     -- Nav is in a transition and ignores its back button until it ends; settle() first
func luaMessage(for error: Error) -> String {
    switch error {
    case let error as UsageError: return error.problem.luaMessage
    case let error as RunLoopError: return error.luaMessage(function: nil)
    default: return String(describing: error)
    }
}

extension Call {
    /// Refuses a delay the run loop would refuse (`after`, `animate`), naming the function
    /// called: `after() needs a finite, non-negative number of seconds …`.
    func checkDelay(_ seconds: Double) throws {
        do {
            try RunLoop.checkDelay(seconds)
        } catch let error as RunLoopError {
            throw ScriptError(error.luaMessage(function: name))
        }
    }
}

extension TabBarController {
    /// An index error in a script's terms, for a 1-based `position` (already text: an
    /// index past `Int.max` is shown as `n + 1`):
    /// `selectedIndex 9 is out of range for Tabs (valid: 1 to 3)` (SPEC §3.3).
    static func outOfRangeMessage(_ what: String, _ position: String, owner: String, count: Int) -> String {
        let range = count == 0 ? "it has none" : count == 1 ? "the only valid one is 1" : "valid: 1 to \(count)"
        return "\(what) \(position) is out of range for \(owner) (\(range))"
    }
}

extension UserGesture {
    /// The gesture's name in the `user` table.
    var luaName: String {
        switch self {
        case .backButtonTap: return "tapBack"
        case .tabBarTap: return "tapTab"
        case .interactivePop: return "swipeBack"
        case .interactiveDismissal: return "swipeDown"
        case .pageSwipe: return "swipePage"
        case .segueControl: return "trigger"
        }
    }

    /// The gesture as a message names it when a presentation takes it: `a swipe back`.
    fileprivate var phrase: String {
        switch self {
        case .backButtonTap: return "a tap on the back button"
        case .tabBarTap: return "a tap on the tab bar"
        case .interactivePop: return "a swipe back"
        case .interactiveDismissal: return "a swipe down"
        case .pageSwipe: return "a swipe of the page"
        case .segueControl: return "a touch on a control"
        }
    }

    /// What a busy controller ignores: `its back button`, `the swipe`.
    fileprivate var ignoredPart: String {
        switch self {
        case .backButtonTap: return "its back button"
        case .tabBarTap: return "its tab bar"
        case .interactivePop, .interactiveDismissal, .pageSwipe: return "the swipe"
        case .segueControl: return "its controls"
        }
    }
}

extension RunLoopError {
    /// The error as `settle()`, `advance()` and the function that gave a delay word it.
    fileprivate func luaMessage(function: String?) -> String {
        let range = "a finite, non-negative number of seconds up to a thousand years (3.2e10)"
        switch self {
        case .runaway(let turns):
            return "the run loop was still busy after \(turns) turns: something schedules work forever "
                + "(an override that keeps starting transitions?)"
        case .badDuration(let value):
            return
                "advance() needs \(range), and a clock that stays within about 290,000 years, got \(formatNumber(value))"
        case .badDelay(let value):
            guard let function else { return description }
            return "\(function)() needs \(range), got \(formatNumber(value))"
        }
    }
}

extension UsageError.Problem {
    /// The problem as scripts have always read it. One case a line, as a table is read.
    fileprivate var luaMessage: String {
        switch self {
        case .noSegueToTrigger(let controller, let identifier, let known, let unnamed, let isEmbed):
            if isEmbed {
                return
                    "user.trigger: '\(identifier)' is an embed segue of \(controller)'s scene, which fires by itself "
                    + "as its view loads; no control fires it"
            }
            var text = "user.trigger: \(controller)'s scene has no segue '\(identifier)'"
            if !known.isEmpty { text += "; its segues: " + known.joined(separator: ", ") }
            if unnamed > 0 {
                text +=
                    "; \(unnamed) of its segues \(unnamed == 1 ? "has" : "have") no identifier, which a script "
                    + "cannot name: give \(unnamed == 1 ? "it" : "them") one in Interface Builder"
            }
            return text
        case .notFromStoryboard(let controller):
            return "\(controller) was not instantiated from a storyboard, so it has no segues; make it with "
                + "sb:instantiateViewController(identifier)"
        case .appAlreadyThere(let background):
            return background
                ? "app.enterBackground(): the app is already in the background; app.enterForeground() first"
                : "app.enterForeground(): the app is already in the foreground; app.enterBackground() first"
        case .appAlreadyLaunched:
            return "app.launch: the app has already launched; app.relaunch { storyboard = sb } starts it again"
        case .noInitialControllerToLaunch(let storyboard):
            return "app.launch: storyboard \(storyboard) has no initial view controller to launch with (SBD-01): "
                + "initialViewController in the file, initial = \"Scene\" in a table"
        case .badRestorationArchive(let problem, let offset):
            return "app.relaunch { restore = archive }: not an archive app.preserveState() wrote: \(problem)"
                + (offset.map { " at character \($0 + 1)" } ?? "")
        case .coderDecodes(let key):
            return "coder:encode(value, \"\(key)\"): this coder decodes (decodeRestorableState); encode in "
                + "encodeRestorableState"
        case .badStoryboard(let name, let problem):
            return "storyboard \(name): \(problem)"
        case .storyboardTooDeep(let scene, let levels):
            return "storyboard scenes hold one another more than \(levels) deep (reaching \(scene)), deeper than "
                + "any app's containers nest"
        case .storyboardCycle(let scenes):
            return "these storyboard scenes contain one another through references, so instantiating them "
                + "would never end: " + scenes.joined(separator: " → ")
        case .segueKindNotModelled(let controller, let kind):
            return "\(controller)'s '\(kind)' segue is a legacy kind the sandbox does not model (D-130); "
                + "use a show, presentation or popoverPresentation segue"
        case .emptyControllerName:
            return "a controller's name cannot be empty"
        case .duplicateControllerName(let name):
            return "a controller named \(name) already exists; every controller needs its own name"
        case .unsupportedIOSVersion(let version):
            let range = Profile.supportedVersions
            return "iOS \(version) is no supported version: use \(range.lowerBound) to \(range.upperBound)"
        case .windowAsSubview(let window):
            return "a window cannot be added as a subview (\(window))"
        case .presentedControllerAdopted(let controller, let presenter, let role):
            return "\(controller) is presented by \(presenter); dismiss it before making it \(role.luaText)"
        case .windowRootAdopted(let controller, let window, let role):
            return "\(controller) is the root view controller of \(window); give \(window) another root (or nil) "
                + "before making it \(role.luaText)"
        case .presentationCycle(let child, let parent):
            return "\(child) presents \(parent) (or what holds it), so \(parent) cannot take \(child) as a child: "
                + "the hierarchy would hold a cycle; dismiss first"
        case .viewInAnotherTree(let controller, let superview):
            return
                "\(controller)'s view is in another view tree (under \(superview)); remove it before presenting \(controller)"
        case .badTransitionDuration(let duration):
            return "transition() needs a non-negative duration, got \(formatNumber(duration))"
        case .splitColumnCount(let split, let count):
            return "\(split): a split view controller takes a primary and a secondary, got \(count) controllers"
        case .tabOntoMore(let controller, let more, let tabBar):
            return "\(controller) is a tab of \(tabBar), which puts its tabs on \(more) itself; select it "
                + "(tabs.selectedViewController = \(controller)) instead of pushing it there"
        case .notATab(let controller, let tabBar):
            return "\(controller) is not one of the view controllers of \(tabBar)"
        case .indexOutOfRange(let list, let index, let owner, let count):
            let (position, overflow) = index.addingReportingOverflow(1)
            return TabBarController.outOfRangeMessage(
                list == .viewControllers ? "selectedIndex" : "tab", overflow ? "\(index) + 1" : String(position),
                owner: owner, count: count)
        case .tabsKeepSelecting(let tabBar, let switches):
            return "\(tabBar): the tabs' will-callbacks keep selecting one another (\(switches) switches in a row); "
                + "select from viewDidAppear or with async(fn) instead"
        case .unknownAdaptiveStyle(let answer):
            return "adaptivePresentationStyle returned \"\(answer)\", which is no presentation style; valid names: "
                + ModalPresentationStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        case .notAChild(let controller, let parent):
            return
                "\(parent):setOverrideTraitCollection(traits, \(controller)): \(controller) is not a child of \(parent); "
                + "addChild it first"
        case .needsNewerIOS(let feature, let version, let profile):
            return "\(feature) exists from iOS \(version) on; this run's profile is iOS \(profile) (--ios)"
        case .presentedControllerWrapped(let controller, let role):
            return
                "viewControllerForAdaptivePresentationStyle: \(controller) would become \(role.luaText); a replacement "
                + "that holds the presented controller (Apple's sample wraps it in a navigation controller) is not "
                + "modelled (D-134): return a controller that does not hold \(controller), or nil to keep it"
        case .launchInBackground:
            return "app.launch: the app is in the background (app.enterBackground()); a launch into the background "
                + "is not modelled: app.enterForeground() first"
        case .unknownDevice(let name):
            let hint = closestName(to: name, among: Device.names).map { " (did you mean \"\($0)\"?)" } ?? ""
            return "Window { device = \"\(name)\" }: no such device\(hint); known devices: "
                + Device.names.map { "\"\($0)\"" }.joined(separator: ", ")
        case .notOnScreen(let controller, let gesture):
            switch gesture {
            case .backButtonTap: return "\(controller) is not on screen: its back button cannot be tapped"
            case .tabBarTap: return "\(controller) is not on screen: its tab bar cannot be tapped"
            case .interactivePop, .interactiveDismissal, .pageSwipe:
                return "\(controller) is not on screen: there is nothing to swipe"
            case .segueControl:
                return "user.trigger: \(controller) is not on screen: no finger can touch its controls; show it in a "
                    + "window first, or call \(controller):performSegue(identifier) as code would"
            }
        case .coveredByPresentation(let covering, let covered, let gesture):
            return
                "\(covering) is presented over \(covered): \(gesture.phrase) cannot reach it; dismiss \(covering) first"
        case .inTransition(let controller, let gesture):
            return "\(controller) is in a transition and ignores \(gesture.ignoredPart) until it ends; settle() first"
        case .nothingToPop(let navigation, .backButtonTap):
            return "\(navigation) shows its root view controller, which has no back button"
        case .nothingToPop(let navigation, _):
            return "\(navigation) shows its root view controller: there is nothing to swipe back to"
        case .notInSheet(let controller):
            return "\(controller) is not shown in a sheet: only a sheet can be swiped down"
        case .sheetCovered(let covering, let sheet):
            return "\(covering) covers \(sheet): swipe it down first"
        case .swipeRefused(let gesture, let step):
            return "cannot \(step.rawValue) this \(gesture.luaName): it was refused as it began (the sheet stays)"
        case .swipeOver(let step, let finished):
            return "cannot \(step.rawValue) a swipe that has already \(finished ? "finished" : "been cancelled")"
        case .fractionOutOfRange(let fraction):
            return "update() takes a fraction from 0 to 1 (how far the finger has gone), got \(formatNumber(fraction))"
        case .interactionNotHeld(let step, let state):
            return "cannot \(step.rawValue)() a PercentDrivenInteractiveTransition \(state.notHeldText)"
        case .completionSpeedNotPositive(let speed):
            return "completionSpeed must be a number above 0, got \(formatNumber(speed))"
        case .pageStyleAfterPages(let pages):
            return "\(pages): transitionStyle and spineLocation are given to the constructor, before any page"
        case .noPageDataSource(let pages):
            return "\(pages) has no dataSource: UIKit allows no swipe without one"
        case .noPageToSwipe(let pages, let direction, let from):
            guard let from else { return "\(pages) shows no page: set one with setViewControllers first" }
            return "\(pages).dataSource gives no page \(direction == "forward" ? "after" : "before") \(from): "
                + "there is nothing to swipe to"
        case .pageSwipeToShownPage(let pages, let page):
            return "\(pages).dataSource gives \(page), the page already shown: there is nothing to swipe to"
        case .twoPageSwipeNotModelled(let pages):
            return "\(pages) shows two pages at once (spineLocation \"mid\" or isDoubleSided): the engine does not "
                + "model a swipe that turns two pages; set them with setViewControllers instead"
        }
    }
}

extension UsageError.Role {
    /// What a presented controller was to become: `a child of Nav`, `a window's root`.
    fileprivate var luaText: String {
        switch self {
        case .child(let parent): return "a child of \(parent)"
        case .tab(let tabBar): return "a tab of \(tabBar)"
        case .column(let split): return "a column of \(split)"
        case .page(let pages): return "a page of \(pages)"
        case .windowRoot: return "a window's root"
        }
    }
}
