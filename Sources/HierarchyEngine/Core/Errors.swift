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

/// A mistake in the use of the sandbox itself (not something UIKit would raise).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
