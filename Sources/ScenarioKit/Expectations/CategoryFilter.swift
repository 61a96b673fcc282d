import HierarchyEngine

/// The set of event categories that expectations compare (SPEC §5), and, after
/// `trace.only`, the controllers whose events they compare (§9.5).
///
/// Every event is recorded; the filter only decides what `expect` and `trace.lines()`
/// see. The default leaves out `loading` and `layout`, whose exact order is UIKit's
/// least stable and rarely what a scenario is about. A controller's events are those whose
/// receiver is the controller or one of its parts (`Nav.delegate.willShow(B, animated: true)`
/// is Nav's, `B.presentationController.delegate.willDismiss()` is B's); warnings and notes
/// belong to no controller and stay (D-77).
///
/// ```lua
/// trace.include "layout"
/// trace.exclude "containment"
/// trace.include "all"
/// trace.only(a, nav)
/// ```
public struct CategoryFilter: Equatable, Sendable {
    /// Every category except `loading`, `layout`, `view`, `release` and `statusbar`.
    public static let `default` = CategoryFilter(
        mask: allMask
            & ~(EventCategory.loading.bit | EventCategory.layout.bit | EventCategory.view.bit
            | EventCategory.release.bit | EventCategory.statusbar.bit))
    /// Every category.
    public static let all = CategoryFilter(mask: allMask)

    /// One bit per compared category: a filter is made at every session's start and asked
    /// about every event, with no hashed set to build or to look in (issue 18).
    @usableFromInline var mask: UInt32
    /// The names of the controllers whose events are compared; nil for every controller.
    public private(set) var controllers: Set<String>?

    public init(_ categories: Set<EventCategory>, controllers: Set<String>? = nil) {
        self.init(mask: categories.reduce(0) { $0 | $1.bit }, controllers: controllers)
    }

    private init(mask: UInt32, controllers: Set<String>? = nil) {
        self.mask = mask
        self.controllers = controllers
    }

    private static var allMask: UInt32 { EventCategory.allCases.reduce(0) { $0 | $1.bit } }

    /// The compared categories.
    public var categories: Set<EventCategory> { Set(EventCategory.allCases.filter(includes)) }

    /// Whether events of `category` are compared.
    @inlinable
    public func includes(_ category: EventCategory) -> Bool {
        mask & category.bit != 0
    }

    /// Adds the category named `name`, or every category for `"all"`.
    ///
    /// - Throws: `UnknownCategory` for any other name, listing the valid ones.
    public mutating func include(_ name: String) throws {
        mask |= try Self.categories(named: name).reduce(0) { $0 | $1.bit }
    }

    /// Removes the category named `name`, or every category for `"all"`.
    ///
    /// - Throws: `UnknownCategory` for any other name, listing the valid ones.
    public mutating func exclude(_ name: String) throws {
        mask &= ~(try Self.categories(named: name).reduce(0) { $0 | $1.bit })
    }

    /// Compares only the events of the controllers named `names` from now on, in place of
    /// any earlier choice of controllers (`trace.only`).
    public mutating func only(_ names: Set<String>) {
        controllers = names
    }

    /// Whether `event` is compared: its category is, and it belongs to a chosen controller
    /// or to none.
    public func includes(_ event: TraceEvent) -> Bool {
        guard includes(event.category) else { return false }
        guard let controllers, !event.receiver.isEmpty else { return true }
        let receiver = event.receiver
        return controllers.contains { receiver == $0 || receiver.hasPrefix($0 + ".") }
    }

    /// The text of the compared events, in order: what an expectation is checked against.
    ///
    /// A long trace says the same few lines again and again, so equal lines share one
    /// string (among the first `sharedLinesLimit` different ones): a million events' lines
    /// then take the list's 16 bytes each rather than a string of their own (issue 18).
    @inlinable
    public func lines(of events: some Sequence<TraceEvent>) -> [String] {
        var lines: [String] = []
        var shared: [String: String] = [:]
        for event in events where includes(event) {
            let text = event.text
            if let known = shared[text] {
                lines.append(known)
            } else {
                if shared.count < Self.sharedLinesLimit { shared[text] = text }
                lines.append(text)
            }
        }
        return lines
    }

    /// The most different lines `lines(of:)` shares.
    @usableFromInline static let sharedLinesLimit = 4096

    /// The categories a name stands for.
    private static func categories(named name: String) throws -> Set<EventCategory> {
        if name == "all" { return Set(EventCategory.allCases) }
        guard let category = EventCategory(rawValue: name) else { throw UnknownCategory(name: name) }
        return [category]
    }

    /// A category name that is neither `"all"` nor an `EventCategory`.
    ///
    /// The description lists the valid names so a misspelling can be fixed from the
    /// message alone.
    public struct UnknownCategory: Error, Equatable, Sendable, CustomStringConvertible {
        public var name: String

        public init(name: String) {
            self.name = name
        }

        /// The valid names, sorted: `"all"` and every category's raw value.
        public static var validNames: [String] {
            (["all"] + EventCategory.allCases.map(\.rawValue)).sorted()
        }

        public var description: String {
            let hint = closestName(to: name, among: Self.validNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            return "unknown trace category \"\(name)\"\(hint); valid names: " + Self.validNames.joined(separator: ", ")
        }
    }
}

extension EventCategory {
    /// The category's bit in a filter's mask.
    @usableFromInline
    var bit: UInt32 {
        switch self {
        case .loading: 1 << 0
        case .lifecycle: 1 << 1
        case .layout: 1 << 2
        case .containment: 1 << 3
        case .delegate: 1 << 4
        case .presentation: 1 << 5
        case .trait: 1 << 6
        case .warning: 1 << 7
        case .note: 1 << 8
        case .view: 1 << 9
        case .release: 1 << 10
        case .storyboard: 1 << 11
        case .segue: 1 << 12
        case .app: 1 << 13
        case .bar: 1 << 14
        case .statusbar: 1 << 15
        }
    }
}
