/// A storyboard method UIKit calls on a controller (M-15), as a client's overrides receive it.
public enum StoryboardCall {
    case awakeFromNib
    case shouldPerformSegue(identifier: String?, sender: SegueSender)
    case prepare(segue: StoryboardSegue, sender: SegueSender)
    /// An unwind action, by its method name (`unwindToList`).
    case unwindAction(name: String, segue: StoryboardSegue)
    case canPerformUnwindSegueAction(selector: String, from: ViewController, sender: SegueSender)
    case allowedChildrenForUnwinding(source: UnwindSegueSource)
    case unwind(segue: StoryboardSegue, towards: ViewController)

    /// The method's name as a client overrides it.
    public var method: String {
        switch self {
        case .awakeFromNib: "awakeFromNib"
        case .shouldPerformSegue: "shouldPerformSegue"
        case .prepare: "prepare"
        case .unwindAction(let name, _): name
        case .canPerformUnwindSegueAction: "canPerformUnwindSegueAction"
        case .allowedChildrenForUnwinding: "allowedChildrenForUnwinding"
        case .unwind: "unwind"
        }
    }

    /// The storyboard methods a client may override, besides unwind actions.
    public static let overridableNames = [
        "allowedChildrenForUnwinding", "awakeFromNib", "canPerformUnwindSegueAction", "prepare", "shouldPerformSegue",
        "unwind",
    ]
}

/// What a client's storyboard method answered: a Boolean, a list of controllers, or nothing
/// (it returned nothing, or failed), in which case UIKit's default stands.
public enum StoryboardAnswer {
    case nothing
    case bool(Bool)
    case controllers([ViewController])
}

extension ControllerOverrides {
    public func implements(_ method: String, on controller: ViewController) -> Bool { false }
    public func call(_ call: StoryboardCall, on controller: ViewController) -> StoryboardAnswer { .nothing }
}

extension ViewController {
    /// The client's answer to `call`, or nil when it does not implement the method.
    func clientAnswer(_ call: StoryboardCall) -> StoryboardAnswer? {
        guard let overrides, overrides.implements(call.method, on: self) else { return nil }
        return trace.asClient { overrides.call(call, on: self) }
    }
}
