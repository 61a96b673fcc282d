/// Text from a script made safe to show: every control character written out the way Lua
/// writes it in a string literal (`string.format("%q")`), so that no name, message or
/// printed line can move a terminal's cursor, clear its screen, change its colours or hide
/// the rest of a line, and a report shows exactly which bytes were there (D-90).
///
/// The characters escaped are the C0 controls, DEL and the C1 controls (U+0080 to U+009F,
/// which some terminals obey as well): each byte of the character is `\` and its decimal
/// value, with three digits when a digit follows, as `%q` writes it. Everything else is
/// kept, letters beyond ASCII, CJK and emoji included; so is a backslash, since the
/// escaping is for reading, not for reading back (the JSON report carries the exact text).
/// `visibleText` keeps tabs and line breaks, for messages, diffs and output, which are laid
/// out in lines; `visibleLine` escapes them too, for what must stay on one line.
///
/// ```swift
/// "\u{1B}[31mred\u{0}nul\ttab".visibleText   // "\27[31mred\0nul\ttab"
/// "A\u{0}1\nB".visibleLine                    // "A\0001\10B"
/// ```
extension String {
    /// The text with its control characters written as `\27`, `\0`, `\127`; tabs and line
    /// feeds kept.
    public var visibleText: String { VisibleText.escaped(self, keepingLayout: true) }

    /// The text on one line: every control character written as `\N`, tabs and line feeds
    /// (`\9`, `\10`) too.
    public var visibleLine: String { VisibleText.escaped(self, keepingLayout: false) }
}

/// The one place that says which characters a report escapes and how (see `visibleText`).
public enum VisibleText {
    /// Whether a character is a control: C0 (U+0000 to U+001F), DEL (U+007F) or C1 (U+0080
    /// to U+009F). The JSON report escapes the same set, in JSON's notation.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` with its controls escaped; with `keepingLayout`, tabs and line feeds stay.
    static func escaped(_ text: String, keepingLayout: Bool) -> String {
        // Most text has nothing to escape: a control is a byte below 0x20, DEL, or a C1
        // control's lead byte 0xC2.
        let kept: Set<UInt8> = keepingLayout ? [0x09, 0x0A] : []
        guard text.utf8.contains(where: { ($0 < 0x20 && !kept.contains($0)) || $0 == 0x7F || $0 == 0xC2 }) else {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            guard needsEscape(scalar, keepingLayout) else {
                result.append(scalar)
                continue
            }
            let nextIsDigit = index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1])
            let bytes = Array(String(scalar).utf8)
            for (position, byte) in bytes.enumerated() {
                let padded = nextIsDigit && position == bytes.count - 1
                result.append(contentsOf: escape(byte, padded: padded).unicodeScalars)
            }
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLayout: Bool) -> Bool {
        isControl(scalar) && !(keepingLayout && (scalar == "\t" || scalar == "\n"))
    }

    /// `\27`, or `\027` when a digit follows (`padded`), as Lua's `%q` writes a byte.
    private static func escape(_ byte: UInt8, padded: Bool) -> String {
        let digits = String(byte)
        return "\\" + (padded ? String(repeating: "0", count: 3 - digits.count) : "") + digits
    }
}
