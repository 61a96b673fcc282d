/// A UIKit callback the engine sends to a controller, with its arguments.
///
/// The engine records each one in the trace, runs UIKit's own behaviour, calls the class's
/// method (`viewDidLoad()` …), and hands it to the controller's `overrides`.
public enum Callback {
    case loadView
    case viewDidLoad
    case viewWillAppear(animated: Bool)
    case viewIsAppearing(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews
    case willMove(toParent: ViewController?)
    case didMove(toParent: ViewController?)
    /// With the previous traits after a change (TRT-01); before iOS 13 also once with the
    /// first appearance, with no previous traits (TRT-04, M-12).
    case traitCollectionDidChange(previous: TraitCollection?)
    /// Before a change of traits (TRT-01).
    case willTransition(to: TraitCollection)
    /// Before a change of size (TRT-01).
    case viewWillTransition(to: Size)
    /// The app received a memory warning (MEM-01, MEM-03).
    case didReceiveMemoryWarning
    /// A child's `preferredContentSize` changed (SB-08, D-139).
    case preferredContentSizeDidChange(forChildContentContainer: ViewController)
    /// The controller saves its state into the coder as the app's state is preserved (RES-01, RES-05).
    case encodeRestorableState(coder: RestorationCoder)
    /// The controller reads back the state it saved, as the app's state is restored (RES-02, RES-06).
    case decodeRestorableState(coder: RestorationCoder)
    /// Every restored controller has decoded its state (RES-02, RES-06).
    case applicationFinishedRestoringState

    /// The names a client may override, in UIKit's spelling: the callbacks, and the routing
    /// methods of SHOW-01 (`canPerformAction`, `show`, `showDetailViewController`), whose
    /// overrides run in place of UIKit's.
    public static let overridableNames: [String] = [
        "applicationFinishedRestoringState", "canPerformAction", "decodeRestorableState", "didMove",
        "didReceiveMemoryWarning", "encodeRestorableState", "loadView", "preferredContentSizeDidChange", "show",
        "showDetailViewController", "sizeForChildContentContainer", "traitCollectionDidChange",
        "viewDidAppear", "viewDidDisappear", "viewDidLayoutSubviews", "viewDidLoad", "viewIsAppearing",
        "viewWillAppear", "viewWillDisappear", "viewWillLayoutSubviews", "viewWillTransition", "willMove",
        "willTransition",
    ]

    /// UIKit's base name of the method.
    public var name: String { Self.names[Int(nameNumber)] }

    /// Every callback's name, in the order of `nameNumber`: the first names of a trace's table.
    static let names = [
        "loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear",
        "viewDidDisappear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "willMove", "didMove",
        "traitCollectionDidChange", "willTransition", "viewWillTransition", "didReceiveMemoryWarning",
        "preferredContentSizeDidChange", "encodeRestorableState", "decodeRestorableState",
        "applicationFinishedRestoringState",
    ]

    /// The number of the callback's name in `names`.
    var nameNumber: Int32 {
        switch self {
        case .loadView: 0
        case .viewDidLoad: 1
        case .viewWillAppear: 2
        case .viewIsAppearing: 3
        case .viewDidAppear: 4
        case .viewWillDisappear: 5
        case .viewDidDisappear: 6
        case .viewWillLayoutSubviews: 7
        case .viewDidLayoutSubviews: 8
        case .willMove: 9
        case .didMove: 10
        case .traitCollectionDidChange: 11
        case .willTransition: 12
        case .viewWillTransition: 13
        case .didReceiveMemoryWarning: 14
        case .preferredContentSizeDidChange: 15
        case .encodeRestorableState: 16
        case .decodeRestorableState: 17
        case .applicationFinishedRestoringState: 18
        }
    }

    public var category: EventCategory {
        switch self {
        case .loadView: return .loading
        case .viewIsAppearing, .viewWillLayoutSubviews, .viewDidLayoutSubviews: return .layout
        case .willMove, .didMove, .preferredContentSizeDidChange: return .containment
        case .traitCollectionDidChange, .willTransition, .viewWillTransition: return .trait
        case .encodeRestorableState, .decodeRestorableState, .applicationFinishedRestoringState: return .app
        default: return .lifecycle
        }
    }

    /// The arguments as the trace shows them.
    public var arguments: [TraceArgument] { packedArguments.arguments }

    /// The `animated` argument of an appearance callback; nil for the others.
    var animatedArgument: Bool? {
        switch self {
        case .viewWillAppear(let animated), .viewIsAppearing(let animated), .viewDidAppear(let animated),
            .viewWillDisappear(let animated), .viewDidDisappear(let animated):
            return animated
        default:
            return nil
        }
    }

    /// The arguments as an event keeps them.
    var packedArguments: PackedArguments {
        switch self {
        case .viewWillAppear(let animated), .viewIsAppearing(let animated), .viewDidAppear(let animated),
            .viewWillDisappear(let animated), .viewDidDisappear(let animated):
            return .animated(animated)
        case .willMove(let parent), .didMove(let parent):
            return .toParent(parent?.name)
        case .traitCollectionDidChange(let previous):
            return .list([TraceArgument(nil, previous.map { .literal($0.traceText) } ?? .none)])
        case .willTransition(let traits):
            return .list([TraceArgument("to", .literal(traits.traceText))])
        case .viewWillTransition(let size):
            return .list([TraceArgument("to", .literal(size.traceText))])
        case .preferredContentSizeDidChange(let child):
            return .list([TraceArgument("forChildContentContainer", .controller(child.name))])
        case .encodeRestorableState, .decodeRestorableState:
            return .list([TraceArgument("with", .literal("coder"))])
        case .loadView, .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .didReceiveMemoryWarning,
            .applicationFinishedRestoringState:
            return .none
        }
    }
}

/// A client's overrides of UIKit's callbacks for one controller, given as a value: the
/// way to override without a subclass (controllers made at run time, by name).
///
/// The engine calls `receive` after recording the event, running UIKit's own behaviour and
/// calling the class's method, as an override runs after `super`. It must not throw: an
/// error in an override is the client's to keep and report, and the engine goes on so that
/// its state stays consistent.
public protocol ControllerOverrides: AnyObject {
    func receive(_ callback: Callback, on controller: ViewController)

    /// Whether the client overrides `action` on `controller` (SHOW-01).
    func overrides(_ action: Action, on controller: ViewController) -> Bool

    /// Runs the client's override of `action` in place of UIKit's.
    func perform(
        _ action: Action, showing shown: ViewController, sender: ViewController?, on controller: ViewController)

    /// Whether the client overrides `canPerformAction(_:withSender:)` on `controller`.
    func overridesCanPerformAction(on controller: ViewController) -> Bool

    /// The client's `canPerformAction` answer.
    func canPerform(_ action: Action, sender: ViewController?, on controller: ViewController) -> Bool

    /// Whether the client implements the storyboard method or unwind action `method` on
    /// `controller` (M-15): `prepare`, `unwindToList`.
    func implements(_ method: String, on controller: ViewController) -> Bool

    /// Runs the client's storyboard method; what it answered, if it answers anything.
    func call(_ call: StoryboardCall, on controller: ViewController) -> StoryboardAnswer
}

/// Overrides that take no part in routing: UIKit's behaviour for every action.
extension ControllerOverrides {
    public func overrides(_ action: Action, on controller: ViewController) -> Bool { false }
    public func perform(
        _ action: Action, showing shown: ViewController, sender: ViewController?, on controller: ViewController
    ) {}
    public func overridesCanPerformAction(on controller: ViewController) -> Bool { false }
    public func canPerform(_ action: Action, sender: ViewController?, on controller: ViewController) -> Bool { true }
}
