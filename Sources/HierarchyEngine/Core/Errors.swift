/// An exception UIKit would raise, with UIKit's name and reason (BEHAVIOR.md M-11).
///
/// It is thrown before the operation changes anything, so the hierarchy stays as it was.
/// Its text starts with the exception name:
///
///     NSInvalidArgumentException: Pushing a navigation controller is not supported
public struct UIKitException: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var reason: String

    public init(_ name: String, _ reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { name + ": " + reason }

    static func invalidArgument(_ reason: String) -> UIKitException {
        UIKitException("NSInvalidArgumentException", reason)
    }

    static func internalInconsistency(_ reason: String) -> UIKitException {
        UIKitException("NSInternalInconsistencyException", reason)
    }
}

/// A use of the engine that UIKit would not report but the model cannot follow: a name
/// taken twice, a gesture on something off screen, a presented controller put in a
/// container (D-22, D-30).
///
/// Like `UIKitException` it is thrown before anything changes. It is a value, not a
/// sentence: `problem` holds the facts (names, 0-based indices, counts, numbers), and a
/// client words them for its own users. `description` words them in the engine's terms:
///
///     do { try nav.userTapBack() } catch let error as UsageError {
///         if case .nothingToPop(let owner, _) = error.problem { print(owner, "is at its root") }
///     }
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var problem: Problem

    public init(_ problem: Problem) {
        self.problem = problem
    }

    public var description: String { problem.description }
}

extension UsageError {
    /// What went wrong, with what a message needs to say so. Controllers and views are
    /// given by name; indices are 0-based.
    public enum Problem: Equatable, Sendable {
        // MARK: Making things

        /// A controller was asked for with an empty name.
        case emptyControllerName
        /// A controller with this name exists already in the world.
        case duplicateControllerName(String)
        /// A behaviour profile for an iOS version outside `Profile.supportedVersions`.
        case unsupportedIOSVersion(Int)

        // MARK: Views and containment

        /// A window was added as a subview.
        case windowAsSubview(window: String)
        /// A presented controller was to join a container or a window while presented (D-30).
        case presentedControllerAdopted(controller: String, presenter: String, role: Role)
        /// A window's root view controller would become a child, a tab, a column or another
        /// window's root while the window still shows it (the engine's refusal, D-99).
        case windowRootAdopted(controller: String, window: String, role: Role)
        /// A controller would become a child of what it presents, directly or through a
        /// chain of parents and presentations: a cycle no hierarchy can hold.
        case presentationCycle(child: String, parent: String)
        /// A controller to present has its view in another view tree.
        case viewInAnotherTree(controller: String, superview: String)
        /// `transition(from:to:duration:completion:)` got a negative or non-finite duration.
        case badTransitionDuration(Double)
        /// A split view controller got other than one or two columns.
        case splitColumnCount(split: String, count: Int)

        // MARK: Tab bar controllers

        /// `select(_:)` got a controller that is not one of the tab bar controller's.
        case notATab(controller: String, tabBar: String)
        /// A 0-based index past the end of a list of `count` items of `owner`.
        case indexOutOfRange(IndexedList, index: Int, owner: String, count: Int)
        /// The client put a tab of `tabBar` on its More navigation controller's stack, which
        /// the tab bar alone arranges (D-102).
        case tabOntoMore(controller: String, more: String, tabBar: String)
        /// Tabs' will-callbacks selected one another `switches` times in a row.
        case tabsKeepSelecting(tabBar: String, switches: Int)

        // MARK: Storyboards

        /// `user.trigger` named a segue the controller's scene does not have: `known` are its
        /// identifiers, `unnamed` how many have none, `isEmbed` whether an embed has that one.
        case noSegueToTrigger(controller: String, identifier: String, known: [String], unnamed: Int, isEmbed: Bool)
        /// A storyboard operation on a controller that was not instantiated from a storyboard.
        case notFromStoryboard(controller: String)
        /// A segue kind the engine does not model (the legacy `popover` and `replace`).
        case segueKindNotModelled(controller: String, kind: String)
        /// `enterBackground` while in the background, or `enterForeground` while in the foreground.
        case appAlreadyThere(background: Bool)
        /// `launch(from:)` in a world whose app has launched already (LIFE-01).
        case appAlreadyLaunched
        /// `launch(from:)` with a storyboard that has no initial view controller (LIFE-01, SBD-01).
        case noInitialControllerToLaunch(storyboard: String)
        /// Text that is no archive `preserveState()` wrote: what is wrong, and where (the 0-based
        /// offset of the character), nil for a value of the wrong shape.
        case badRestorationArchive(problem: String, offset: Int?)
        /// `encode` on the coder a controller decodes from (RES-02).
        case coderDecodes(key: String)
        /// A storyboard definition whose links do not hold (`StoryboardDefinition.problem()`).
        case badStoryboard(name: String, problem: String)
        /// Scenes that hold one another, through references between storyboards: `storyboard.scene` in order.
        case storyboardCycle([String])
        /// Scenes that hold one another more than `levels` deep, reaching `scene`.
        case storyboardTooDeep(scene: String, levels: Int)

        // MARK: Presentation

        /// The presentation controller's delegate answered `adaptivePresentationStyle` with
        /// a name that is no `ModalPresentationStyle`.
        case unknownAdaptiveStyle(answer: String)
        /// `setOverrideTraitCollection(_:forChild:)` named a controller that is not a child.
        case notAChild(controller: String, parent: String)
        /// A feature UIKit has from iOS `version` on, used under an older `profile`.
        case needsNewerIOS(feature: String, version: Int, profile: Int)
        /// The presented controller was to join a container while its presentation's delegate
        /// is asked for a replacement: wrapping it is not modelled (D-134).
        case presentedControllerWrapped(controller: String, role: Role)
        /// A window named a device the engine has no size for.
        case unknownDevice(String)
        /// `launch` while the app is in the background (not modelled, D-141).
        case launchInBackground

        // MARK: The user's hand (D-22)

        /// The controller the gesture acts on is not on screen.
        case notOnScreen(controller: String, gesture: UserGesture)
        /// `covering`, presented over `covered`, takes the touches.
        case coveredByPresentation(covering: String, covered: String, gesture: UserGesture)
        /// The controller is in a transition and ignores the gesture until it ends.
        case inTransition(controller: String, gesture: UserGesture)
        /// The navigation controller shows its root: there is nothing to pop.
        case nothingToPop(navigation: String, gesture: UserGesture)
        /// The controller is not shown in a sheet, the only thing the swipe down dismisses.
        case notInSheet(controller: String)
        /// Another sheet, presented over this one, must be dismissed first.
        case sheetCovered(covering: String, sheet: String)

        // MARK: Interactive swipes

        /// A step asked of a swipe UIKit refused as it began.
        case swipeRefused(UserGesture, step: PercentDrivenInteractiveTransition.Step)
        /// A step asked of a swipe that has ended or is ending; `finished` tells a finished
        /// one from a cancelled one.
        case swipeOver(step: PercentDrivenInteractiveTransition.Step, finished: Bool)
        /// A fraction outside 0...1 (or not a number).
        case fractionOutOfRange(Double)
        /// A step asked of an interaction that drives no transition the finger holds.
        case interactionNotHeld(
            step: PercentDrivenInteractiveTransition.Step, state: PercentDrivenInteractiveTransition.State)
        /// A `completionSpeed` that is not a finite number above 0.
        case completionSpeedNotPositive(Double)

        // MARK: Page view controllers

        /// The style or spine chosen after pages were set or the view loaded.
        case pageStyleAfterPages(pages: String)
        /// A swipe with no data source: UIKit then allows no gesture (H-PVC5).
        case noPageDataSource(pages: String)
        /// A swipe towards a side where the data source gives no page (or with no page shown).
        case noPageToSwipe(pages: String, direction: String, from: String?)
        /// A swipe whose data source answers with the page already shown.
        case pageSwipeToShownPage(pages: String, page: String)
        /// A swipe of two pages at once (a middle spine, a double-sided curl): not modelled (D-123).
        case twoPageSwipeNotModelled(pages: String)
    }

    /// What a presented controller was about to become (D-30).
    public enum Role: Equatable, Sendable {
        case child(of: String)
        case tab(of: String)
        case column(of: String)
        case page(of: String)
        case windowRoot
    }

    /// The lists an index can point into.
    public enum IndexedList: Equatable, Sendable {
        /// A tab bar controller's `viewControllers` (`select(index:)`).
        case viewControllers
        /// The items of a tab bar, the More item included (`userTap(item:)`).
        case tabBarItems
    }
}

/// A gesture of the user's hand (SPEC §3.4), in UIKit's terms.
public enum UserGesture: Equatable, Sendable {
    /// A tap on a navigation bar's back button.
    case backButtonTap
    /// A tap on a tab bar item.
    case tabBarTap
    /// The swipe from the left edge that pops (`interactivePopGestureRecognizer`).
    case interactivePop
    /// The swipe down that dismisses a sheet.
    case interactiveDismissal
    /// The swipe that turns a page view controller's page.
    case pageSwipe
    /// A touch on a control that fires a storyboard segue.
    case segueControl
}

extension UsageError.Problem: CustomStringConvertible {
    /// The problem in the engine's terms: UIKit's names, 0-based indices. One case a line,
    /// as a table is read.
    public var description: String {
        switch self {
        case .emptyControllerName:
            return "a view controller's name cannot be empty"
        case .duplicateControllerName(let name):
            return "a view controller named \(name) exists already; names are unique in a world"
        case .unsupportedIOSVersion(let version):
            let range = Profile.supportedVersions
            return "iOS \(version) has no behaviour profile (\(range.lowerBound) to \(range.upperBound))"
        case .noSegueToTrigger(let controller, let identifier, let known, _, let isEmbed):
            return "\(controller)'s scene has no segue '\(identifier)' for a control to fire"
                + (isEmbed ? " (it is an embed)" : "")
                + (known.isEmpty ? "" : "; its segues: " + known.joined(separator: ", "))
        case .notFromStoryboard(let controller):
            return "\(controller) was not instantiated from a storyboard"
        case .segueKindNotModelled(let controller, let kind):
            return "\(controller)'s '\(kind)' segue is a kind the engine does not model"
        case .appAlreadyThere(let background):
            return "the app is already in the \(background ? "background" : "foreground")"
        case .appAlreadyLaunched:
            return "the app has already launched"
        case .noInitialControllerToLaunch(let storyboard):
            return "storyboard \(storyboard) has no initial view controller to launch with"
        case .badRestorationArchive(let problem, let offset):
            return "not a restoration archive: \(problem)" + (offset.map { " at character \($0 + 1)" } ?? "")
        case .coderDecodes(let key):
            return "cannot encode '\(key)': the coder decodes"
        case .badStoryboard(let name, let problem):
            return "storyboard \(name): \(problem)"
        case .storyboardCycle(let scenes):
            return "storyboard scenes that contain themselves: " + scenes.joined(separator: " → ")
        case .storyboardTooDeep(let scene, let levels):
            return "storyboard scenes hold one another more than \(levels) deep, reaching \(scene)"
        case .windowAsSubview(let window):
            return "window \(window) cannot be added as a subview"
        case .presentedControllerAdopted(let controller, let presenter, let role):
            return "\(controller) is presented by \(presenter) and cannot become \(role.text) until it is dismissed"
        case .windowRootAdopted(let controller, let window, let role):
            return
                "\(controller) is the root view controller of \(window) and cannot become \(role.text) until it is not"
        case .presentationCycle(let child, let parent):
            return "\(child) presents \(parent), or what holds it, and cannot become its child"
        case .viewInAnotherTree(let controller, let superview):
            return "\(controller)'s view is in another view tree (under \(superview)) and cannot be presented"
        case .badTransitionDuration(let duration):
            return
                "transition(from:to:duration:completion:) needs a finite, non-negative duration, got \(formatNumber(duration))"
        case .splitColumnCount(let split, let count):
            return "split view controller \(split) takes one or two view controllers, got \(count)"
        case .tabOntoMore(let controller, let more, let tabBar):
            return
                "\(controller) is a tab of \(tabBar) and cannot be put on \(more)'s stack by hand: \(tabBar) shows its tabs under More itself"
        case .notATab(let controller, let tabBar):
            return "\(controller) is not one of the view controllers of \(tabBar)"
        case .indexOutOfRange(let list, let index, let owner, let count):
            return "index \(index) is past the end of \(owner)'s \(list.text) (\(count) of them)"
        case .tabsKeepSelecting(let tabBar, let switches):
            return "\(tabBar): the tabs' will-callbacks kept selecting one another (\(switches) switches in a row); "
                + "select from viewDidAppear(_:) or from a later turn of the run loop"
        case .unknownAdaptiveStyle(let answer):
            return
                "adaptivePresentationStyle(for:traitCollection:) answered \"\(answer)\", which is no ModalPresentationStyle"
        case .notAChild(let controller, let parent):
            return "\(controller) is not a child of \(parent): only a child's traits can be overridden"
        case .needsNewerIOS(let feature, let version, let profile):
            return "\(feature) exists from iOS \(version); the profile is iOS \(profile)"
        case .unknownDevice(let name):
            return "no device is named \"\(name)\""
        case .presentedControllerWrapped(let controller, let role):
            return "\(controller) would become \(role.text) in viewControllerForAdaptivePresentationStyle: "
                + "a replacement that holds the presented controller is not modelled (D-134)"
        case .launchInBackground:
            return "the app is in the background: a launch into the background is not modelled"
        case .notOnScreen(let controller, let gesture):
            return "\(controller) is not on screen: no \(gesture.text) reaches it"
        case .coveredByPresentation(let covering, let covered, let gesture):
            return "\(covering) is presented over \(covered) and takes the \(gesture.text)"
        case .inTransition(let controller, let gesture):
            return "\(controller) is in a transition and ignores the \(gesture.text) until it ends"
        case .nothingToPop(let navigation, let gesture):
            return "\(navigation) shows its root view controller: the \(gesture.text) has nothing to pop"
        case .notInSheet(let controller):
            return "\(controller) is not shown in a sheet: only a sheet has an interactive dismissal"
        case .sheetCovered(let covering, let sheet):
            return "\(covering) is presented over \(sheet) and must be dismissed first"
        case .swipeRefused(let gesture, let step):
            return "cannot \(step.rawValue) the \(gesture.text): UIKit refused it as it began"
        case .swipeOver(let step, let finished):
            return "cannot \(step.rawValue) a swipe that has \(finished ? "finished" : "been cancelled")"
        case .fractionOutOfRange(let fraction):
            return "a swipe's fraction goes from 0 to 1, got \(formatNumber(fraction))"
        case .interactionNotHeld(let step, let state):
            return "cannot \(step.rawValue) an interactive transition \(state.notHeldText)"
        case .completionSpeedNotPositive(let speed):
            return "completionSpeed must be a number above 0, got \(formatNumber(speed))"
        case .pageStyleAfterPages(let pages):
            return "\(pages): the transition style and spine are chosen before any page is set or the view loads"
        case .noPageDataSource(let pages):
            return "\(pages) has no data source: UIKit allows no swipe without one"
        case .noPageToSwipe(let pages, let direction, let from):
            guard let from else { return "\(pages) shows no page: there is nothing to swipe" }
            return "\(pages)'s data source gives no page \(direction == "forward" ? "after" : "before") \(from): "
                + "there is nothing to swipe to"
        case .pageSwipeToShownPage(let pages, let page):
            return "\(pages)'s data source gives \(page), the page shown: there is nothing to swipe to"
        case .twoPageSwipeNotModelled(let pages):
            return "\(pages) shows two pages at once: a swipe that turns two pages is not modelled"
        }
    }
}

extension UsageError.Role {
    fileprivate var text: String {
        switch self {
        case .child(let parent): return "a child of \(parent)"
        case .tab(let tabBar): return "a tab of \(tabBar)"
        case .column(let split): return "a column of \(split)"
        case .page(let pages): return "a page of \(pages)"
        case .windowRoot: return "a window's root view controller"
        }
    }
}

extension UsageError.IndexedList {
    fileprivate var text: String {
        switch self {
        case .viewControllers: return "view controllers"
        case .tabBarItems: return "tab bar items"
        }
    }
}

extension UserGesture {
    fileprivate var text: String {
        switch self {
        case .backButtonTap: return "tap on the back button"
        case .tabBarTap: return "tap on the tab bar"
        case .interactivePop: return "interactive pop"
        case .interactiveDismissal: return "interactive dismissal"
        case .pageSwipe: return "swipe that turns the page"
        case .segueControl: return "touch on a control that fires a segue"
        }
    }
}
