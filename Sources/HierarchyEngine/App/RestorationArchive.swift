/// A value a controller keeps in a restoration coder (RES-01): a Boolean, an integer, a
/// floating-point number, a string, or a table of these; nil is the absence of a value.
/// Plain values only, so that an archive is its text (D-143).
public enum RestorableValue: Equatable, Sendable {
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case table([RestorableKey: RestorableValue])

    /// How deep tables may nest in a value: far deeper than any state a controller keeps, and
    /// shallow enough that reading one back cannot exhaust the stack.
    public static let deepestNesting = 100
}

/// A key of a restorable table: an integer or a string, as a Lua table's.
public enum RestorableKey: Hashable, Sendable, Comparable {
    case integer(Int64)
    case string(String)
}

/// The coder a controller encodes its state into (`encodeRestorableState(with:)`) or decodes
/// it from (`decodeRestorableState(with:)`): values by key, as `NSCoder`'s keyed coding
/// (RES-01, RES-02). A decoding coder refuses `encode`.
///
///     coder.encode(.integer(3), forKey: "row")
///     coder.decodeValue(forKey: "row")   // .integer(3)
public final class RestorationCoder {
    /// The values encoded so far, or decoded from.
    public private(set) var values: [String: RestorableValue]
    /// Whether the coder reads back what was preserved.
    public let decodes: Bool

    /// An empty coder to encode into.
    public init() {
        values = [:]
        decodes = false
    }

    /// A coder that decodes `values`.
    public init(decoding values: [String: RestorableValue]) {
        self.values = values
        decodes = true
    }

    /// Keeps `value` under `key`; nil removes the key. A decoding coder refuses.
    public func encode(_ value: RestorableValue?, forKey key: String) throws {
        guard !decodes else { throw UsageError(.coderDecodes(key: key)) }
        values[key] = value
    }

    /// The value kept under `key`, nil when there is none.
    public func decodeValue(forKey key: String) -> RestorableValue? {
        values[key]
    }

    /// The keys that hold values, sorted.
    public var keys: [String] { values.keys.sorted() }
}

/// What `World.preserveState()` saved (RES-05): for each window whose root has a restoration
/// identifier, a tree of the controllers that have one, each with what it encoded, a
/// navigation controller's stack bottom to top, a tab bar controller's tabs and the
/// identifier of its selected tab, and a presented controller under its presenter. An
/// archive is its `text` and back (`init(text:)`), so that a client keeps it as it likes.
///
///     let archive = world.preserveState()
///     let again = try RestorationArchive(text: archive.text)   // == archive
public struct RestorationArchive: Equatable, Sendable {
    /// One preserved controller.
    public struct Node: Equatable, Sendable {
        /// Its restoration identifier: the step of the restoration path it names.
        public var identifier: String
        /// The storyboard it was instantiated from, and the scene's storyboard identifier:
        /// where restoration makes it again when it is not already there (RES-06).
        public var storyboard: String?
        public var scene: String?
        /// The name of its restoration class, asked first to make it again (RES-06).
        public var restorationClass: String?
        /// What its `encodeRestorableState(with:)` kept.
        public var values: [String: RestorableValue]
        /// A container's children that have identifiers: a navigation stack bottom to top,
        /// tabs in order, a split's columns (RES-03, RES-05).
        public var children: [Node]
        /// A tab bar controller's selected tab, by restoration identifier (RES-03).
        public var selected: String?
        /// The controller it presents, if any: none or one (RES-05: UIViewController's encode
        /// saves it).
        public var presented: [Node]

        public init(
            identifier: String, storyboard: String? = nil, scene: String? = nil,
            values: [String: RestorableValue] = [:], children: [Node] = [], selected: String? = nil,
            presented: [Node] = []
        ) {
            self.identifier = identifier
            self.storyboard = storyboard
            self.scene = scene
            self.values = values
            self.children = children
            self.selected = selected
            self.presented = presented
        }
    }

    /// The preserved root of each window, in the world's window order.
    public var windows: [Node]

    public init(windows: [Node]) {
        self.windows = windows
    }

    /// The first line of an archive's text.
    static let header = "vcsandbox-restoration 1"

    /// The archive as text: the header line, then one value in a Lua-like notation, keys in
    /// order, so that the same archive always has the same text.
    public var text: String {
        var output = Self.header + "\n"
        ArchiveWriter.write(.table([.string("windows"): Self.list(windows.map(Self.value(of:)))]), to: &output)
        return output
    }

    /// Reads back the text `text` produced; any other text is refused with what is wrong and
    /// where (`UsageError.Problem.badRestorationArchive`).
    public init(text: String) throws {
        guard text.hasPrefix(Self.header + "\n") else {
            throw UsageError(.badRestorationArchive(problem: "it does not start with '\(Self.header)'", offset: 0))
        }
        var reader = ArchiveReader(text: text, offset: Self.header.count + 1)
        let value = try reader.readAll()
        windows = try Self.list(value, "windows", reader).map { try Self.node(from: $0, reader) }
    }

    // MARK: Nodes as values

    private static func value(of node: Node) -> RestorableValue {
        var table: [RestorableKey: RestorableValue] = [.string("identifier"): .string(node.identifier)]
        if let storyboard = node.storyboard { table[.string("storyboard")] = .string(storyboard) }
        if let scene = node.scene { table[.string("scene")] = .string(scene) }
        if let name = node.restorationClass { table[.string("restorationClass")] = .string(name) }
        if !node.values.isEmpty {
            table[.string("values")] = .table(Dictionary(uniqueKeysWithValues: node.values.map { (.string($0), $1) }))
        }
        if !node.children.isEmpty { table[.string("children")] = list(node.children.map(value(of:))) }
        if let selected = node.selected { table[.string("selected")] = .string(selected) }
        if !node.presented.isEmpty { table[.string("presented")] = list(node.presented.map(value(of:))) }
        return .table(table)
    }

    private static func list(_ values: [RestorableValue]) -> RestorableValue {
        .table(Dictionary(uniqueKeysWithValues: values.enumerated().map { (.integer(Int64($0 + 1)), $1) }))
    }

    private static func node(from value: RestorableValue, _ reader: ArchiveReader) throws -> Node {
        guard case .table(let table) = value else { throw reader.shapeProblem("a controller is not a table") }
        let known: Set<String> = [
            "identifier", "storyboard", "scene", "restorationClass", "values", "children", "selected", "presented",
        ]
        if let unknown = table.keys.first(where: { key in
            guard case .string(let name) = key else { return true }
            return !known.contains(name)
        }) {
            throw reader.shapeProblem("a controller has an unknown field \(unknown)")
        }
        guard case .string(let identifier)? = table[.string("identifier")] else {
            throw reader.shapeProblem("a controller has no identifier")
        }
        var node = Node(identifier: identifier)
        node.storyboard = try string(table[.string("storyboard")], "storyboard", reader)
        node.scene = try string(table[.string("scene")], "scene", reader)
        node.restorationClass = try string(table[.string("restorationClass")], "restorationClass", reader)
        node.selected = try string(table[.string("selected")], "selected", reader)
        if let values = table[.string("values")] {
            guard case .table(let entries) = values else {
                throw reader.shapeProblem("a controller's values are no table")
            }
            for (key, entry) in entries {
                guard case .string(let name) = key else { throw reader.shapeProblem("a value's key is no string") }
                node.values[name] = entry
            }
        }
        node.children = try list(value, "children", reader).map { try Self.node(from: $0, reader) }
        node.presented = try list(value, "presented", reader).map { try Self.node(from: $0, reader) }
        guard node.presented.count <= 1 else { throw reader.shapeProblem("a controller presents more than one") }
        return node
    }

    private static func string(_ value: RestorableValue?, _ field: String, _ reader: ArchiveReader) throws -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value else { throw reader.shapeProblem("a controller's \(field) is no string") }
        return text
    }

    /// The list under `field` of the table `value` (empty when absent): keys 1…n.
    private static func list(
        _ value: RestorableValue, _ field: String, _ reader: ArchiveReader
    ) throws
        -> [RestorableValue]
    {
        guard case .table(let table) = value else { throw reader.shapeProblem("the archive is not a table") }
        guard let entry = table[.string(field)] else { return [] }
        guard case .table(let items) = entry else { throw reader.shapeProblem("'\(field)' is not a list") }
        return try (0..<items.count).map { position in
            guard let item = items[.integer(Int64(position + 1))] else {
                throw reader.shapeProblem("'\(field)' is not a list")
            }
            return item
        }
    }
}

/// Writes restorable values in the archive's notation: `true`, `3`, `3.0`, `"text"`,
/// `{[1] = "a", name = "b"}`, keys in order (integers first, then strings).
enum ArchiveWriter {
    static func write(_ value: RestorableValue, to output: inout String) {
        switch value {
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .number(let number): output += number.description
        case .string(let text): writeString(text, to: &output)
        case .table(let table):
            output += "{"
            for (position, key) in table.keys.sorted().enumerated() {
                if position > 0 { output += ", " }
                switch key {
                case .integer(let number): output += "[\(number)]"
                case .string(let name) where isName(name): output += name
                case .string(let name):
                    output += "["
                    writeString(name, to: &output)
                    output += "]"
                }
                output += " = "
                write(table[key]!, to: &output)
            }
            output += "}"
        }
    }

    /// A key written bare: letters, digits and underscores, not starting with a digit, and
    /// not a word of the notation.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return !["true", "false", "inf", "nan"].contains(text)
            && text.unicodeScalars.allSatisfy {
                $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
    }

    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                output += "\\u{\(String(scalar.value, radix: 16))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

/// Reads the archive's notation back (`ArchiveWriter`), refusing anything else with the
/// offset of the character where it went wrong.
struct ArchiveReader {
    /// How deep the archive's tables may nest: its own structure (windows, controllers, their
    /// children and presentations) holds the coders' values, each up to
    /// `RestorableValue.deepestNesting` deep; a text nested deeper is none the engine wrote.
    static let deepestNesting = 1_000

    private let scalars: [Unicode.Scalar]
    private var position: Int

    init(text: String, offset: Int) {
        scalars = Array(text.unicodeScalars)
        position = offset
    }

    /// The problem `problem` at the current character.
    func problem(_ problem: String) -> UsageError {
        UsageError(.badRestorationArchive(problem: problem, offset: position))
    }

    /// A value read whole that has the wrong shape: no one character is at fault.
    func shapeProblem(_ problem: String) -> UsageError {
        UsageError(.badRestorationArchive(problem: problem, offset: nil))
    }

    /// One value, and nothing after it but white space.
    mutating func readAll() throws -> RestorableValue {
        let value = try read(depth: 0)
        skipSpace()
        guard position == scalars.count else { throw problem("text after the archive") }
        return value
    }

    private mutating func skipSpace() {
        while position < scalars.count, [" ", "\n", "\t", "\r"].contains(scalars[position]) { position += 1 }
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func expect(_ scalar: Unicode.Scalar) throws {
        skipSpace()
        guard current == scalar else { throw problem("'\(scalar)' expected") }
        position += 1
    }

    private mutating func read(depth: Int) throws -> RestorableValue {
        skipSpace()
        guard let first = current else { throw problem("a value expected, the text ended") }
        switch first {
        case "{":
            guard depth < Self.deepestNesting else {
                throw problem("tables nest more than \(Self.deepestNesting) deep")
            }
            return try readTable(depth: depth + 1)
        case "\"": return .string(try readString())
        default: return try readWord()
        }
    }

    private mutating func readTable(depth: Int) throws -> RestorableValue {
        position += 1
        var table: [RestorableKey: RestorableValue] = [:]
        skipSpace()
        if current == "}" {
            position += 1
            return .table(table)
        }
        while true {
            let key = try readKey()
            guard table[key] == nil else { throw problem("a key given twice") }
            try expect("=")
            table[key] = try read(depth: depth)
            skipSpace()
            if current == "," {
                position += 1
                continue
            }
            try expect("}")
            return .table(table)
        }
    }

    private mutating func readKey() throws -> RestorableKey {
        skipSpace()
        if current == "[" {
            position += 1
            skipSpace()
            let key: RestorableKey
            if current == "\"" {
                key = .string(try readString())
            } else {
                guard case .integer(let number) = try readWord() else {
                    throw problem("a key is an integer or a string")
                }
                key = .integer(number)
            }
            try expect("]")
            return key
        }
        let start = position
        while let scalar = current, scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            position += 1
        }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        guard ArchiveWriter.isName(name) else { throw problem("a key expected") }
        return .string(name)
    }

    private mutating func readString() throws -> String {
        position += 1
        var text = String.UnicodeScalarView()
        while let scalar = current {
            position += 1
            switch scalar {
            case "\"": return String(text)
            case "\\": text.append(try readEscape())
            default: text.append(scalar)
            }
        }
        throw problem("a string is not closed")
    }

    private mutating func readEscape() throws -> Unicode.Scalar {
        guard let scalar = current else { throw problem("a string is not closed") }
        position += 1
        switch scalar {
        case "\"", "\\": return scalar
        case "n": return "\n"
        case "u":
            try expect("{")
            let start = position
            while let digit = current, digit.properties.isASCIIHexDigit { position += 1 }
            guard let value = UInt32(String(String.UnicodeScalarView(scalars[start..<position])), radix: 16),
                let decoded = Unicode.Scalar(value)
            else { throw problem("a bad \\u escape") }
            try expect("}")
            return decoded
        default:
            position -= 1
            throw problem("an unknown escape")
        }
    }

    /// `true`, `false`, or a number: an integer, or a float as Swift writes one (`3.0`,
    /// `1e-05`, `inf`, `-inf`, `nan`).
    private mutating func readWord() throws -> RestorableValue {
        let start = position
        while let scalar = current,
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || ["-", "+", "."].contains(scalar)
        {
            position += 1
        }
        let word = String(String.UnicodeScalarView(scalars[start..<position]))
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
            if let integer = Int64(word) { return .integer(integer) }
            if let number = Double(word) { return .number(number) }
            position = start
            throw problem("a value expected")
        }
    }
}
