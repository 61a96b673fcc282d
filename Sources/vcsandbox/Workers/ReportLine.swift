import ScenarioKit

/// The lines a worker and `vcsandbox test` exchange for each script, in place of JSON: the
/// job (a file) and the report. The Codable JSON coders cost a short script more than
/// running it did (issue 18: a sixth of a suite of small files); these cost a pass over the
/// bytes.
///
/// A line is fields, each ended by the unit separator (0x1F), in a fixed order; in a field's
/// text a backslash, a line break and the separator are written `\\`, `\n` and `\s`, so a
/// line never holds a raw line break. A value that may be absent is a field `-` for none, or
/// `+` followed by the value's fields; a list is its count, then its items.
///
///     ReportLine.encode(report)            // the bytes of one line, without its line break
///     ReportLine.decode(line)              // the report, or nil for a line that is none
enum ReportLine {
    static func encode(job file: String) -> [UInt8] {
        var writer = Writer()
        writer.text(file)
        return writer.bytes
    }

    static func decodeJob(_ line: some Collection<UInt8>) -> String? {
        var reader = Reader(line)
        guard let file = reader.text(), reader.isAtEnd else { return nil }
        return file
    }

    static func encode(_ report: ScriptReport) -> [UInt8] {
        var writer = Writer()
        writer.flag(report.wasRun)
        writer.list(report.results) { writer, result in writer.result(result) }
        writer.list(report.notes) { $0.text($1) }
        writer.list(report.written) { $0.text($1) }
        writer.list(report.marks) { writer, mark in writer.optional(mark) { $0.failure($1) } }
        writer.list(report.offered) { $0.text($1) }
        return writer.bytes
    }

    static func decode(_ line: some Collection<UInt8>) -> ScriptReport? {
        var reader = Reader(line)
        guard let wasRun = reader.flag(),
            let results = reader.list({ $0.result() }),
            let notes = reader.list({ $0.text() }),
            let written = reader.list({ $0.text() }),
            let marks = reader.list({ reader in reader.optional { $0.failure() } }),
            let offered = reader.list({ $0.text() }),
            reader.isAtEnd
        else { return nil }
        return ScriptReport(
            results: results, notes: notes, written: written, marks: marks, wasRun: wasRun, offered: offered)
    }

    static let separator: UInt8 = 0x1F
    static let escape = UInt8(ascii: "\\")

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func text(_ value: String) {
            for byte in value.utf8 {
                switch byte {
                case ReportLine.escape: bytes += [ReportLine.escape, ReportLine.escape]
                case 0x0A: bytes += [ReportLine.escape, UInt8(ascii: "n")]
                case ReportLine.separator: bytes += [ReportLine.escape, UInt8(ascii: "s")]
                default: bytes.append(byte)
                }
            }
            bytes.append(ReportLine.separator)
        }

        mutating func flag(_ value: Bool) { text(value ? "1" : "0") }

        mutating func optional<Value>(_ value: Value?, _ write: (inout Writer, Value) -> Void) {
            guard let value else { return text("-") }
            text("+")
            write(&self, value)
        }

        mutating func list<Item>(_ items: [Item], _ write: (inout Writer, Item) -> Void) {
            text(String(items.count))
            for item in items { write(&self, item) }
        }

        mutating func failure(_ failure: Failure) {
            optional(failure.location) { $0.text($1) }
            text(failure.message)
            text(failure.details)
            optional(failure.nextStep) { $0.text($1) }
            text(failure.kind.rawValue)
        }

        mutating func result(_ result: ScenarioResult) {
            text(result.file)
            text(result.name)
            optional(result.line) { $0.text(String($1)) }
            optional(result.failure) { $0.failure($1) }
            text(result.output)
            // Swift's text of a Double reads back as the same Double.
            text(String(result.seconds))
            optional(result.notRun) { $0.text($1.rawValue) }
            optional(result.diagram) { writer, diagram in writer.list(diagram.steps) { $0.step($1) } }
        }

        /// `m`, the lifeline and the text of a message; `n` and the text of a note.
        mutating func step(_ step: SequenceDiagram.Step) {
            switch step {
            case .message(let to, let text):
                self.text("m")
                self.text(to)
                self.text(text)
            case .note(let text):
                self.text("n")
                self.text(text)
            case .boundary(let text):
                self.text("b")
                self.text(text)
            }
        }
    }

    private struct Reader {
        private let bytes: [UInt8]
        private var position = 0

        init(_ line: some Collection<UInt8>) { bytes = Array(line) }

        var isAtEnd: Bool { position == bytes.count }

        /// The next field's text; nil at the end or for a field without its separator or with
        /// an escape that is none.
        mutating func text() -> String? {
            var field: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case ReportLine.separator: return String(decoding: field, as: UTF8.self)
                case ReportLine.escape:
                    guard position < bytes.count else { return nil }
                    let escaped = bytes[position]
                    position += 1
                    switch escaped {
                    case ReportLine.escape: field.append(ReportLine.escape)
                    case UInt8(ascii: "n"): field.append(0x0A)
                    case UInt8(ascii: "s"): field.append(ReportLine.separator)
                    default: return nil
                    }
                default: field.append(byte)
                }
            }
            return nil
        }

        mutating func flag() -> Bool? {
            switch text() {
            case "1": true
            case "0": false
            default: nil
            }
        }

        /// `.some(nil)` for an absent value, nil for a line that is none.
        mutating func optional<Value>(_ read: (inout Reader) -> Value?) -> Value?? {
            switch text() {
            case "-": return .some(nil)
            case "+": return read(&self).map { .some($0) }
            default: return nil
            }
        }

        mutating func list<Item>(_ read: (inout Reader) -> Item?) -> [Item]? {
            guard let count = text().flatMap({ Int($0) }), count >= 0, count <= bytes.count else { return nil }
            var items: [Item] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                guard let item = read(&self) else { return nil }
                items.append(item)
            }
            return items
        }

        mutating func failure() -> Failure? {
            guard let location = optional({ $0.text() }), let message = text(), let details = text(),
                let nextStep = optional({ $0.text() }), let kind = text().flatMap(Failure.Kind.init(rawValue:))
            else { return nil }
            return Failure(location: location, message: message, details: details, nextStep: nextStep, kind: kind)
        }

        mutating func result() -> ScenarioResult? {
            guard let file = text(), let name = text(),
                let line = optional({ $0.text().flatMap { Int($0) } }),
                let failure = optional({ $0.failure() }),
                let output = text(),
                let seconds = text().flatMap({ Double($0) }),
                let notRun = optional({ $0.text().flatMap(ScenarioResult.NotRun.init(rawValue:)) }),
                let diagram = optional({ reader in reader.list { $0.step() }.map(SequenceDiagram.init(steps:)) })
            else { return nil }
            return ScenarioResult(
                file: file, name: name, line: line, failure: failure, output: output, seconds: seconds, notRun: notRun,
                diagram: diagram)
        }

        mutating func step() -> SequenceDiagram.Step? {
            switch text() {
            case "m": text().flatMap { to in text().map { .message(to: to, text: $0) } }
            case "n": text().map { .note($0) }
            case "b": text().map { .boundary($0) }
            default: nil
            }
        }
    }
}
