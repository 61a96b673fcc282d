/// A script's delegate object: UIKit calls only the methods a delegate implements, and
/// the trace records each call under its owner (SPEC §3.3, §4):
///
///     Nav.delegate.willShow(B, animated: true)
///     Tabs.delegate.shouldSelect(T2)
public protocol Delegate: AnyObject {
    /// Whether the delegate implements `method` (`willShow`, `shouldSelect`, …).
    func implements(_ method: String) -> Bool
    /// Calls `method` with the owner first, then `arguments`; returns the delegate's answer
    /// for a question (`shouldSelect`: true allows). Must not throw: errors are the binding's
    /// to keep and report.
    func call(_ method: String, owner: ViewController, arguments: [DelegateArgument]) -> Bool?
}

/// One argument of a delegate call, with the label UIKit's Swift signature gives it.
public struct DelegateArgument {
    public var label: String?
    public var value: Value

    public enum Value {
        case controller(ViewController?)
        case bool(Bool)
    }

    init(_ label: String? = nil, _ value: Value) {
        self.label = label
        self.value = value
    }

    var traceArgument: TraceArgument {
        switch value {
        case .controller(let controller): return TraceArgument(label, controller.map { .controller($0.name) } ?? .none)
        case .bool(let flag): return TraceArgument(label, .bool(flag))
        }
    }
}

extension ViewController {
    /// Calls `method` of `delegate` if it implements it, recording the call first.
    /// Returns the answer, or nil when the method is not implemented or gave none.
    @discardableResult
    func ask(_ delegate: Delegate?, _ method: String, _ arguments: [DelegateArgument]) -> Bool? {
        guard let delegate, delegate.implements(method) else { return nil }
        world.trace.record(TraceEvent(.delegate, name + ".delegate", method, arguments.map(\.traceArgument)))
        return delegate.call(method, owner: self, arguments: arguments)
    }
}
