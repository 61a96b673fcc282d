/// A small, strict reader of the XML Interface Builder writes (issue 20): elements, attributes,
/// text, comments, CDATA sections and processing instructions, every element with the line and
/// column it starts at, so that a storyboard's mistakes are named where they are.
///
/// It is the project's own rather than Foundation's `XMLParser`: that one links libxml2 and ICU
/// as shared libraries into an otherwise standalone binary (issue 22), and its `parse()` returned
/// true for a truncated document on this toolchain (the error reached only the delegate).
/// Document type declarations are refused: Interface Builder writes none.
///
///     let root = try MarkupReader.parse(text)       // the root element, `document` for a storyboard
///     root["initialViewController"]              // an attribute, or nil
///     root.children.first?.name                  // "scenes"
public enum MarkupReader {
    /// Parses `text` into its root element, or throws the first mistake with its position.
    public static func parse(_ text: String) throws -> MarkupElement {
        var scanner = Scanner(Array(text.utf8))
        return try scanner.document()
    }
}

/// One element: its name, its attributes in document order, its child elements, the text
/// directly inside it (entities decoded, CDATA included), and where it starts.
public struct MarkupElement: Equatable, Sendable {
    public var name: String
    public var attributes: [MarkupAttribute]
    public var children: [MarkupElement]
    public var text: String
    /// The line and column (in bytes, both from 1) of its `<`.
    public var line: Int
    public var column: Int

    /// The value of attribute `name`, or nil.
    public subscript(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements named `name`, in order.
    public func children(named name: String) -> [MarkupElement] {
        children.filter { $0.name == name }
    }
}

public struct MarkupAttribute: Equatable, Sendable {
    public var name: String
    public var value: String
}

/// A mistake in a document, at a line and a column (in bytes, both from 1).
public struct MarkupError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// The reader's position in the document's bytes.
private struct Scanner {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// How many elements enclose the one being read: the reader recurses once a level.
    private var depth = 0
    /// Far deeper than Interface Builder nests views (a few dozen levels), and shallow enough
    /// that reading never runs out of stack.
    static let deepestNesting = 256

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A byte order mark, which some editors write, is not content.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        lineStart = index
    }

    private var column: Int { index - lineStart + 1 }
    private var isAtEnd: Bool { index >= bytes.count }
    private var current: UInt8? { isAtEnd ? nil : bytes[index] }

    private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> MarkupError {
        MarkupError(line: line ?? self.line, column: column ?? self.column, message: message)
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private func looksAt(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
    }

    private mutating func skip(_ text: String) {
        for _ in text.utf8 { advance() }
    }

    private mutating func expect(_ text: String, _ what: String) throws {
        guard looksAt(text) else {
            throw error(isAtEnd ? "the document ends where \(what) was expected" : "expected \(what)")
        }
        skip(text)
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    /// Skips everything up to and including `end`, which must come.
    private mutating func skip(through end: String, _ what: String) throws {
        let (startLine, startColumn) = (line, column)
        while !looksAt(end) {
            guard !isAtEnd else {
                throw error(
                    "\(what) that starts here is never closed with \(end)", line: startLine, column: startColumn)
            }
            advance()
        }
        skip(end)
    }

    // MARK: The document

    mutating func document() throws -> MarkupElement {
        try skipMisc()
        guard !isAtEnd else { throw error("the document is empty: no root element") }
        guard current == UInt8(ascii: "<") else { throw error("text before the root element") }
        let root = try element()
        try skipMisc()
        guard isAtEnd else {
            throw error(current == UInt8(ascii: "<") ? "a second root element" : "text after the root element")
        }
        return root
    }

    /// Whitespace, comments and processing instructions (the XML declaration among them).
    private mutating func skipMisc() throws {
        while true {
            skipWhitespace()
            if looksAt("<!--") {
                try skip(through: "-->", "a comment")
            } else if looksAt("<?") {
                try skip(through: "?>", "a processing instruction")
            } else if looksAt("<!DOCTYPE") {
                throw error("a document type declaration, which Interface Builder never writes, is not supported")
            } else {
                return
            }
        }
    }

    // MARK: Elements

    private mutating func element() throws -> MarkupElement {
        let (startLine, startColumn) = (line, column)
        advance()  // <
        let name = try self.name("an element's name")
        var element = MarkupElement(
            name: name, attributes: [], children: [], text: "", line: startLine, column: startColumn)
        while true {
            let hadSpace = current.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ?? false
            skipWhitespace()
            if looksAt("/>") {
                skip("/>")
                return element
            }
            if looksAt(">") {
                advance()
                break
            }
            guard !isAtEnd else {
                throw error("the document ends inside the start tag of <\(name)>", line: startLine, column: startColumn)
            }
            guard hadSpace else { throw error("expected a space, '>' or '/>' in the start tag of <\(name)>") }
            let attribute = try self.attribute(of: name)
            if element[attribute.name] != nil {
                throw error("<\(name)> has attribute '\(attribute.name)' twice")
            }
            element.attributes.append(attribute)
        }
        try content(of: &element)
        return element
    }

    private mutating func attribute(of element: String) throws -> MarkupAttribute {
        let name = try self.name("an attribute's name")
        skipWhitespace()
        try expect("=", "'=' after attribute '\(name)' of <\(element)>")
        skipWhitespace()
        guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("the value of attribute '\(name)' of <\(element)> must be quoted")
        }
        advance()
        var value: [UInt8] = []
        while current != quote {
            guard let byte = current else {
                throw error("the document ends inside the value of attribute '\(name)' of <\(element)>")
            }
            if byte == UInt8(ascii: "<") { throw error("'<' inside the value of attribute '\(name)' of <\(element)>") }
            if byte == UInt8(ascii: "&") {
                value += try reference()
            } else {
                value.append(byte)
                advance()
            }
        }
        advance()
        return MarkupAttribute(name: name, value: String(decoding: value, as: UTF8.self))
    }

    /// Child elements, text, comments, CDATA and processing instructions up to the end tag.
    private mutating func content(of element: inout MarkupElement) throws {
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                throw error(
                    "<\(element.name)> is never closed (the document ends first)", line: element.line,
                    column: element.column)
            }
            if looksAt("</") {
                let (endLine, endColumn) = (line, column)
                skip("</")
                let name = try self.name("the end tag's name")
                skipWhitespace()
                try expect(">", "'>' closing </\(name)>")
                guard name == element.name else {
                    throw error(
                        "</\(name)> closes <\(element.name)>, opened at line \(element.line)", line: endLine,
                        column: endColumn)
                }
                element.text = String(decoding: text, as: UTF8.self)
                return
            }
            if looksAt("<!--") {
                try skip(through: "-->", "a comment")
            } else if looksAt("<![CDATA[") {
                skip("<![CDATA[")
                while !looksAt("]]>") {
                    guard let byte = current else { throw error("a CDATA section is never closed with ]]>") }
                    text.append(byte)
                    advance()
                }
                skip("]]>")
            } else if looksAt("<?") {
                try skip(through: "?>", "a processing instruction")
            } else if byte == UInt8(ascii: "<") {
                guard depth < Self.deepestNesting else {
                    throw error(
                        "elements nest more than \(Self.deepestNesting) deep here, deeper than a storyboard's do")
                }
                depth += 1
                defer { depth -= 1 }
                element.children.append(try self.element())
            } else if byte == UInt8(ascii: "&") {
                text += try reference()
            } else {
                text.append(byte)
                advance()
            }
        }
    }

    /// A name: a letter, `_`, `:` or a non-ASCII byte, then those, digits, `-` and `.`.
    private mutating func name(_ what: String) throws -> String {
        let start = index
        while let byte = current, Self.isNameByte(byte, first: index == start) { advance() }
        guard index > start else {
            throw error(isAtEnd ? "the document ends where \(what) was expected" : "expected \(what)")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default:
            return false
        }
    }

    /// An entity or character reference, decoded to UTF-8.
    private mutating func reference() throws -> [UInt8] {
        let (startLine, startColumn) = (line, column)
        advance()  // &
        let start = index
        while let byte = current, byte != UInt8(ascii: ";") {
            guard index - start < 12, byte == UInt8(ascii: "#") || Self.isNameByte(byte, first: false) else {
                throw error(
                    "'&' starts no reference ending in ';' (write &amp; for '&')", line: startLine, column: startColumn)
            }
            advance()
        }
        guard !isAtEnd else {
            throw error("the document ends inside a reference", line: startLine, column: startColumn)
        }
        let body = String(decoding: bytes[start..<index], as: UTF8.self)
        advance()  // ;
        switch body {
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "amp": return Array("&".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default: break
        }
        let number: UInt32?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            number = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            number = UInt32(body.dropFirst(), radix: 10)
        } else {
            throw error("unknown entity '&\(body);'", line: startLine, column: startColumn)
        }
        guard let number, let scalar = Unicode.Scalar(number) else {
            throw error("'&\(body);' is no character", line: startLine, column: startColumn)
        }
        return Array(String(Character(scalar)).utf8)
    }
}
