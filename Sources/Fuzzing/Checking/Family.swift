/// The families of properties the fuzzer checks: a failure belongs to one, a shrunk script
/// keeps its family failing, and the summary counts seeds by family.
public enum Family: String, CaseIterable, Sendable, Codable, Comparable {
    case containment
    case presentation
    case window
    case tabs
    case callbackLinks = "callback-links"
    case unchanged
    case visibility
    case settled
    case onScreen = "on-screen"
    case escapedError = "escaped-error"
    case leak
    case hang
    case crash
    case scriptError = "script-error"
    /// A check a test plants to prove the shrinker; never part of a real run.
    case planted

    /// What holds when the family passes, for the summary.
    public var summary: String {
        switch self {
        case .containment:
            return "after every step, each parent lists each child once and every child names its parent"
        case .presentation:
            return "after every step, a presentation is held by its presenter and named by what it shows"
        case .window:
            return "after every step, a window's root has no parent and is not presented; view links are symmetric"
        case .tabs:
            return "after every step, a tab bar's items (four and More beyond five) are its children and it "
                + "selects one of its tabs, or More"
        case .callbackLinks:
            return "inside every callback, the containment, presentation and window links hold"
        case .unchanged:
            return "a step that raised a UIKit exception or a usage error changed nothing (planted errors aside)"
        case .visibility:
            return "at the end of every run-loop turn, nothing appearing or appeared is off screen or under a "
                + "parent that does not show"
        case .settled:
            return "after settle(), no transition runs (but one a finger still holds) and nothing is mid-appearance "
                + "or being presented or dismissed"
        case .onScreen:
            return "after settle(), nothing whose view is on screen under an appeared parent (or at a root) is "
                + "disappeared"
        case .escapedError:
            return "an override's error reaches the script only through the call that ran the override"
        case .leak: return "once a scenario's session is gone, so is every engine object its worlds made"
        case .hang: return "no scenario runs into a limit or the run loop's turn limit, or stops reporting"
        case .crash: return "no scenario crashes the process"
        case .scriptError: return "the generated script itself runs to its end (a failure here is the fuzzer's bug)"
        case .planted: return "a test's planted check"
        }
    }

    /// The families a real run checks, in the summary's order.
    public static var checked: [Family] { allCases.filter { $0 != .planted } }

    public static func < (lhs: Family, rhs: Family) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One broken property: its family, the step it was seen after (or in), and what broke.
public struct Violation: Sendable, Equatable, Codable {
    public var family: Family
    /// The step it was seen in: a top-level step's number, or a nested step's (from 1001).
    public var step: Int
    public var message: String

    public init(family: Family, step: Int, message: String) {
        self.family = family
        self.step = step
        self.message = message
    }

    /// The message with controller, window and gesture names and numbers replaced by `#`,
    /// so that the same failure in two seeds has the same shape.
    ///
    /// Only the first line counts, and not where in a callback it was seen (`inside …:`):
    /// the same broken link seen from two callbacks is one failure.
    public var shape: String {
        var result = ""
        var word = ""
        func flush() {
            let isName =
                (word.first.map { "CNTSWG".contains($0) } == true && word.dropFirst().first?.isNumber == true)
                || (word.hasPrefix("Window") && word.dropFirst(6).first?.isNumber == true)
            result += isName || word.first?.isNumber == true ? "#" : word
            word = ""
        }
        var text = message.prefix { $0 != "\n" }
        for prefix in ["inside ", "after step "] where text.hasPrefix(prefix) {
            if let colon = text.firstIndex(of: ":") { text = text[text.index(after: colon)...].drop { $0 == " " } }
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
