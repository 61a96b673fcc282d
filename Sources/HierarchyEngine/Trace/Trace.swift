/// The kinds of trace events; expectations compare some of them and record all (SPEC §4).
public enum EventCategory: String, CaseIterable, Sendable {
    case loading, lifecycle, layout, containment, delegate, presentation, trait, warning, note
    /// A client's view moving between superviews and windows (VIEW-01…04), not compared by default.
    case view
    /// UIKit letting go of a controller (DEA-01…03), not compared by default.
    case release
    /// A controller decoded from a storyboard: `init(coder:)` and `awakeFromNib()` (SBD-02, D-129).
    case storyboard
    /// Segues' calls into a controller: `shouldPerformSegue`, `prepare(for:sender:)`, unwind
    /// actions, the unwind search and `unwind(for:towards:)` (SEG-05…17, D-129).
    case segue
    /// The app around the controllers: notifications and the app's or scene's delegate
    /// (MEM-03, LIFE-03).
    case app
    /// The bars the hierarchy shows and hides: a tab bar hidden by the navigation stack of its
    /// selected tab (`Tabs.hideBar(animated: true)`, HBB-01…03, D-140).
    case bar
    /// UIKit asking controllers for the status bar, the home indicator and the screen edges
    /// as a window resolves them (SB-03…07, D-138), not compared by default.
    case statusbar
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
/// The value a client reads from `Trace.events` and records with `Trace.record`; the trace
/// keeps it in a compact form (`StoredEvent`). The arguments of the usual callbacks
/// (`animated`, `toParent:`) are kept in the event itself, without an array of their own.
public struct TraceEvent: Equatable, Sendable {
    public var receiver: String
    /// The callback's base name, or the whole text of a warning or note.
    public var name: String
    var packed: PackedArguments
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

    /// The bytes `text` keeps on the heap, its allocation counted: none for a text a string
    /// holds in place (15 bytes or fewer).
    static func heapBytes(_ text: String) -> Int { text.utf8.count > 15 ? text.utf8.count + 32 : 0 }

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

    /// The bytes a list of arguments keeps on the heap: its array and its long texts.
    static func listBytes(_ arguments: [TraceArgument]) -> Int {
        var bytes = 32 + arguments.count * MemoryLayout<TraceArgument>.stride
        for argument in arguments {
            bytes += TraceEvent.heapBytes(argument.label ?? "")
            switch argument.value {
            case .controller(let text), .string(let text), .literal(let text): bytes += TraceEvent.heapBytes(text)
            case .bool, .none: break
            }
        }
        return bytes
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
///
/// Events are stored in 16 bytes each with nothing to reference-count (issue 18): a text is
/// a number in the trace's table of names (receivers, callbacks' and delegate methods' names,
/// controllers as arguments), which only grows; a warning's or a note's text is a number in
/// its table of free texts, a list of arguments one in its table of lists, both emptied by
/// `clear()`. `events` shows them as `TraceEvent` values.
public final class Trace {
    @exclusivity(unchecked) private var stored = EventBlocks()
    /// The names events refer to: the callbacks' first, in `Callback.names` order.
    @exclusivity(unchecked) private var names: [String] = Callback.names
    @exclusivity(unchecked) private var nameNumbers: [String: Int32] = Dictionary(
        uniqueKeysWithValues: Callback.names.enumerated().map { ($0.element, Int32($0.offset)) })
    /// Warnings' and notes' texts.
    @exclusivity(unchecked) private var freeTexts: [String] = []
    @exclusivity(unchecked) private var lists: [[TraceArgument]] = []
    /// Index of the first event not yet consumed by an expectation.
    @exclusivity(unchecked) public private(set) var consumed = 0

    /// When and why each event happened, once a client asked for it (`keepTimeline`).
    @exclusivity(unchecked) public internal(set) var timeline: Timeline?

    public init() {}

    /// The events recorded, oldest first, as values; a snapshot, which later recording does
    /// not change.
    public var events: TraceEvents { TraceEvents(stored: stored, names: names, freeTexts: freeTexts, lists: lists) }

    public func record(_ event: consuming TraceEvent) {
        timeline?.mark()
        let name: Int32
        if event.category.hasFreeText {
            heldBytes += TraceEvent.heapBytes(event.name) + MemoryLayout<String>.stride
            freeTexts.append(event.name)
            name = Int32(freeTexts.count - 1)
        } else {
            name = number(of: event.name)
        }
        let (shape, argument) = store(event.packed)
        stored.append(
            StoredEvent(
                receiver: number(of: event.receiver), name: name, argument: argument, shape: shape,
                category: event.category))
    }

    /// Records `callback`'s event for the controller whose name is `receiver` in the table.
    func record(_ callback: Callback, receiver: Int32) {
        timeline?.mark()
        // An appearance callback's `animated` without making `packedArguments`: most events.
        let (shape, argument) =
            callback.animatedArgument.map { (ArgumentShape.animated, Int32($0 ? 1 : 0)) }
            ?? store(callback.packedArguments)
        stored.append(
            StoredEvent(
                receiver: receiver, name: callback.nameNumber, argument: argument, shape: shape,
                category: callback.category))
    }

    /// How many events `isCounted` accepts, given each one's category and name, without
    /// making `TraceEvent` values (the fuzzer's state asks it after every step).
    func countEvents(where isCounted: (EventCategory, String) -> Bool) -> Int {
        let events = events
        return events.indices.count { isCounted(events.category(at: $0), events.name(at: $0)) }
    }

    /// The number of `name` in the table of names, added if it is new.
    func number(of name: String) -> Int32 {
        if let known = nameNumbers[name] { return known }
        let number = Int32(names.count)
        names.append(name)
        nameNumbers[name] = number
        // The text, its slot in the table and its entry in the dictionary.
        namesBytes += TraceEvent.heapBytes(name) + 2 * MemoryLayout<String>.stride + MemoryLayout<Int32>.stride
        return number
    }

    /// An event's arguments as its shape and its number.
    private func store(_ packed: PackedArguments) -> (ArgumentShape, Int32) {
        switch packed {
        case .none: return (.none, 0)
        case .animated(let value): return (.animated, value ? 1 : 0)
        case .toParent(let name): return (.toParent, name.map(number(of:)) ?? -1)
        case .list(let arguments):
            heldBytes += PackedArguments.listBytes(arguments)
            lists.append(arguments)
            return (.list, Int32(lists.count - 1))
        }
    }

    /// The bytes that free texts and lists keep on the heap, and the table of names.
    @exclusivity(unchecked) private var heldBytes = 0
    @exclusivity(unchecked) public private(set) var namesBytes = 0

    /// The bytes the record holds: 16 per event, the free texts and lists of arguments, the
    /// table of names, and the timeline's 24 per event when it is kept. The room an array
    /// reserves past its last element is left out: the system gives it pages only as it fills.
    public var bytesHeld: Int {
        stored.count * MemoryLayout<StoredEvent>.stride + heldBytes + namesBytes
            + (timeline?.marks.count ?? 0) * MemoryLayout<Timeline.Mark>.stride
    }

    /// The events recorded since the last consumption.
    public var pending: TraceEvents.SubSequence { events[consumed...] }

    /// Marks every event recorded so far as consumed.
    public func consumeAll() {
        consumed = stored.count
    }

    /// How many times `clear()` ran: a client tells from it whether the trace was cleared
    /// while it looked away.
    @exclusivity(unchecked) public private(set) var clears = 0

    /// Forgets every event, with its free texts and lists; the table of names stays.
    public func clear() {
        stored = EventBlocks()
        freeTexts.removeAll()
        lists.removeAll()
        heldBytes = 0
        consumed = 0
        timeline?.clear()
        clears += 1
    }
}

/// How an event's arguments are stored (`StoredEvent.argument`).
enum ArgumentShape: UInt8 {
    /// No arguments.
    case none
    /// `animated`: the argument is 1 for true, 0 for false.
    case animated
    /// `toParent:`: the parent's number in the table of names, or -1 for nil.
    case toParent
    /// The argument is the number of the list in the trace's table of lists.
    case list
}

/// An event as the trace keeps it (`Trace`): 16 bytes, a plain value.
struct StoredEvent {
    /// The receiver's and the name's numbers in the table of names; for a warning or a note,
    /// the name is the number of its text among the free texts.
    var receiver: Int32
    var name: Int32
    var argument: Int32
    var shape: ArgumentShape
    var category: EventCategory
}

/// A trace's events as `TraceEvent` values, made as they are read.
public struct TraceEvents: RandomAccessCollection, Sendable {
    fileprivate let stored: EventBlocks
    fileprivate let names: [String]
    fileprivate let freeTexts: [String]
    fileprivate let lists: [[TraceArgument]]

    /// No events.
    public init() { self.init(stored: EventBlocks(), names: [], freeTexts: [], lists: []) }

    fileprivate init(stored: EventBlocks, names: [String], freeTexts: [String], lists: [[TraceArgument]]) {
        self.stored = stored
        self.names = names
        self.freeTexts = freeTexts
        self.lists = lists
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { stored.count }

    public subscript(position: Int) -> TraceEvent {
        let event = stored[position]
        let packed: PackedArguments
        switch event.shape {
        case .none: packed = .none
        case .animated: packed = .animated(event.argument != 0)
        case .toParent: packed = .toParent(event.argument < 0 ? nil : names[Int(event.argument)])
        case .list: packed = .list(lists[Int(event.argument)])
        }
        return TraceEvent(event.category, names[Int(event.receiver)], name(at: position), packed: packed)
    }

    /// The category of the event at `position`, read without making the event.
    func category(at position: Int) -> EventCategory { stored[position].category }

    /// The name of the event at `position` (a warning's or note's whole text), read without
    /// making the event.
    func name(at position: Int) -> String {
        let event = stored[position]
        return event.category.hasFreeText ? freeTexts[Int(event.name)] : names[Int(event.name)]
    }
}

extension EventCategory {
    /// Whether an event of this category carries a text of its own rather than a name: a
    /// warning's or a note's (`Trace` keeps those apart from the table of names).
    var hasFreeText: Bool { self == .warning || self == .note }
}

extension StoredEvent: Sendable {}

/// Stored events in blocks of 65,536 (1 MiB): a long record grows by a new block rather than
/// by copying itself into an array twice as large, so that each event is written once and
/// each page is touched once. The first block grows as an array does, so that a short record
/// takes little.
struct EventBlocks: Sendable {
    private static let shift = 16
    private static let blockSize = 1 << shift
    /// The full blocks, then the one being filled.
    private var full: [[StoredEvent]] = []
    private var current: [StoredEvent] = []

    var count: Int { (full.count << Self.shift) + current.count }

    @inline(__always) mutating func append(_ event: StoredEvent) {
        if current.count == Self.blockSize {
            full.append(current)
            current = []
            current.reserveCapacity(Self.blockSize)
        }
        current.append(event)
    }

    subscript(position: Int) -> StoredEvent {
        let block = position >> Self.shift
        return block < full.count
            ? full[block][position & (Self.blockSize - 1)] : current[position - (full.count << Self.shift)]
    }
}

extension TraceEvents: Equatable {
    /// Two records are equal when they hold equal events in the same order.
    public static func == (left: TraceEvents, right: TraceEvents) -> Bool { left.elementsEqual(right) }
}

/// Formats a number the way Swift prints it, without a trailing `.0` for whole numbers.
public func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
