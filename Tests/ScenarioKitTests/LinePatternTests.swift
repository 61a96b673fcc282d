import Testing

@testable import ScenarioKit

/// A compiled `LinePattern` decides ASCII lines on their bytes: it must answer as the rule
/// on characters does (SPEC §5), for ASCII lines and for any other.
@Suite struct LinePatternTests {
    /// The rule as it reads on characters, without compiling anything.
    static func reference(_ pattern: String, _ line: String) -> Bool {
        if LinePattern.matches(pattern, line) { return true }
        guard LinePattern.ignoresArguments(pattern) else { return false }
        return LinePattern.matches(pattern, String(line.prefix { $0 != "(" }))
    }

    @Test func answersAsTheRuleOnCharactersDoes() {
        let patterns = [
            "A.a", "A.a()", "A.*", "*", "**", "", "*(*)", "A.a(*)", "K.a", "K.*", "e*", "é*", "e", "é", "A.b",
            "note: *", "note: (x)", "warning: a*", "A.*Will*(true)", "*a",
        ]
        let lines = [
            "A.a()", "A.a(true)", "A.a", "", "A.b(x)", "\u{212A}.a()", "K.a()", "e\u{301}", "\u{E9}", "é(x)",
            "A.b(\u{301}x)", "note: (x)", "note: y", "warning: ab", "A.viewWillAppear(true)", "aa", "A.a(é)",
            "B.x(A.a)",
        ]
        for pattern in patterns {
            let compiled = LinePattern(pattern)
            for line in lines {
                #expect(
                    compiled.matches(line) == Self.reference(pattern, line), "\(pattern) against \(line.unicodeScalars)"
                )
            }
        }
    }

    /// Swift compares text by canonical equivalence: the Kelvin sign is a K, a decomposed é
    /// an é, and a `*` never stops inside a character.
    @Test func aLineThatIsNotASCIIIsReadAsCharacters() {
        #expect(LinePattern("K.a()").matches("\u{212A}.a()"))
        #expect(LinePattern("K.a").matches("\u{212A}.a(true)"))
        #expect(LinePattern("é").matches("e\u{301}"))
        #expect(!LinePattern("e*").matches("e\u{301}"))
        #expect(LinePattern("A.a").matches("A.a(é)"))
    }
}
