/// The kinds of trace events; expectations compare some of them and record all (SPEC §4).
public enum EventCategory: String, CaseIterable, Sendable {
    case loading, lifecycle, layout, containment, delegate, presentation, trait, warning, note
}

/// One argument value as UIKit's Swift signature shows it.
public enum TraceValue: Equatable, Sendable {
    case bool(Bool)
    case controller(String)
    case none
    case string(String)
    /// Text shown as it is, such as a trait collection.
    case literal(String)

    /// The text form: `true`, `A`, `nil`, `"text"`.
    public var text: String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .controller(let name): return name
        case .none: return "nil"
        case .string(let value): return "\"" + value + "\""
        case .literal(let text): return text
        }
    }
}

/// A value with its argument label, if the Swift signature has one (`toParent:`).
public struct TraceArgument: Equatable, Sendable {
    public var label: String?
    public var value: TraceValue

    public init(_ label: String? = nil, _ value: TraceValue) {
        self.label = label
        self.value = value
    }
}

/// One recorded event: `Receiver.callback(arguments)`, or a `warning:`/`note:` line.
///
/// Events are stored as values and rendered only when read, so that recording stays cheap:
/// the arguments of the usual callbacks (`animated`, `toParent:`) are kept in the event
/// itself, without an array of their own (issue 18: an event is 56 bytes, where an array for
/// its arguments cost about 80 more, and a heap allocation).
public struct TraceEvent: Equatable, Sendable {
    public var receiver: String
    /// The callback's base name, or the whole text of a warning or note.
    public var name: String
    private var packed: PackedArguments
    // Last, in the byte the arguments leave free: 56 bytes in all rather than 64.
    public var category: EventCategory

    public var arguments: [TraceArgument] {
        get { packed.arguments }
        set { packed = PackedArguments(newValue) }
    }

    public init(_ category: EventCategory, _ receiver: String, _ name: String, _ arguments: [TraceArgument] = []) {
        self.init(category, receiver, name, packed: PackedArguments(arguments))
    }

    init(_ category: EventCategory, _ receiver: String, _ name: String, packed: PackedArguments) {
        self.category = category
        self.receiver = receiver
        self.name = name
        self.packed = packed
    }

    public static func == (left: TraceEvent, right: TraceEvent) -> Bool {
        left.category == right.category && left.receiver == right.receiver && left.name == right.name
            && left.arguments == right.arguments
    }

    /// At most the bytes the event keeps on the heap beside itself: a text made at run time
    /// and longer than a string holds in place (15 bytes), counted with its allocation whether
    /// or not it is shared (a receiver is often its controller's own name), a warning's or a
    /// note's text (a callback's name is a constant of the program), and a list of arguments.
    var textBytes: Int {
        func heap(_ text: String) -> Int { text.utf8.count > 15 ? text.utf8.count + 32 : 0 }
        var bytes = heap(receiver) + (category == .warning || category == .note ? heap(name) : 0)
        if case .list(let arguments) = packed {
            bytes += 32 + arguments.count * MemoryLayout<TraceArgument>.stride
            for argument in arguments {
                bytes += heap(argument.label ?? "")
                switch argument.value {
                case .controller(let text), .string(let text), .literal(let text): bytes += heap(text)
                case .bool, .none: break
                }
            }
        }
        return bytes
    }

    /// The line as the trace shows it, e.g. `B.willMove(toParent: A)`.
    public var text: String {
        switch category {
        case .warning: return "warning: " + name
        case .note: return "note: " + name
        default:
            let list = arguments.map { argument in
                argument.label.map { $0 + ": " + argument.value.text } ?? argument.value.text
            }
            return receiver + "." + name + "(" + list.joined(separator: ", ") + ")"
        }
    }
}

/// An event's arguments: the shapes most callbacks have, held in place, or a list.
enum PackedArguments: Sendable {
    case none
    /// One unlabelled Boolean: `animated` of the appearance callbacks.
    case animated(Bool)
    /// `toParent:` with a controller's name, or nil.
    case toParent(String?)
    case list([TraceArgument])

    init(_ arguments: [TraceArgument]) {
        switch (arguments.first, arguments.count) {
        case (nil, _): self = .none
        case (let only?, 1) where only.label == nil:
            if case .bool(let value) = only.value { self = .animated(value) } else { self = .list(arguments) }
        case (let only?, 1) where only.label == "toParent":
            switch only.value {
            case .controller(let name): self = .toParent(name)
            case .none: self = .toParent(nil)
            default: self = .list(arguments)
            }
        default: self = .list(arguments)
        }
    }

    var arguments: [TraceArgument] {
        switch self {
        case .none: []
        case .animated(let value): [TraceArgument(nil, .bool(value))]
        case .toParent(let name): [TraceArgument("toParent", name.map(TraceValue.controller) ?? .none)]
        case .list(let arguments): arguments
        }
    }
}

/// The ordered record of everything that happened in a world.
///
/// `pending` is what the next expectation compares; `clear()` starts afresh.
public final class Trace {
    @exclusivity(unchecked) public private(set) var events: [TraceEvent] = []
    /// Index of the first event not yet consumed by an expectation.
    @exclusivity(unchecked) public private(set) var consumed = 0

    public init() {}

    public func record(_ event: TraceEvent) {
        events.append(event)
        textBytes += event.textBytes
    }

    /// The bytes of the events' own text on the heap (`TraceEvent.textBytes`).
    @exclusivity(unchecked) private var textBytes = 0

    /// The bytes the record's events take: 56 each, and the text some keep on the heap (a
    /// warning's, a long receiver's). The room an array reserves past its last event is left
    /// out: the system gives it pages only as events fill it.
    public var bytesHeld: Int { events.count * MemoryLayout<TraceEvent>.stride + textBytes }

    /// The events recorded since the last consumption.
    public var pending: ArraySlice<TraceEvent> { events[consumed...] }

    /// Marks every event recorded so far as consumed.
    public func consumeAll() {
        consumed = events.count
    }

    /// How many times `clear()` ran: a client tells from it whether the trace was cleared
    /// while it looked away.
    @exclusivity(unchecked) public private(set) var clears = 0

    public func clear() {
        events.removeAll(keepingCapacity: true)
        textBytes = 0
        consumed = 0
        clears += 1
    }
}

/// Formats a number the way Swift prints it, without a trailing `.0` for whole numbers.
public func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
