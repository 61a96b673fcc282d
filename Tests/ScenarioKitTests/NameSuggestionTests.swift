import Testing

@testable import ScenarioKit

/// "Did you mean": the nearest name within reach, found without measuring every name in full.
@Suite("Name suggestions")
struct NameSuggestionTests {
    @Test("the nearest name within reach, the first by name among equals, none beyond reach")
    func nearest() {
        #expect(closestName(to: "layuot", among: ["layout", "lifecycle"]) == "layout")
        #expect(closestName(to: "Layout", among: ["lifecycle", "layout"]) == "layout")
        #expect(closestName(to: "ab", among: ["ax", "ay", "ab"]) == "ab")
        #expect(closestName(to: "xx", among: ["ay", "ax"]) == "ax")
        #expect(closestName(to: "presentation", among: ["lifecycle", "delegate"]) == nil)
        #expect(
            closestName(
                to: "shouldAutomaticallyForwardAppearanceMethodz",
                among: ["shouldAutomaticallyForwardAppearanceMethods"])
                == "shouldAutomaticallyForwardAppearanceMethods")
    }

    @Test("a bounded distance gives the full one within its limit and stops past it")
    func boundedDistance() {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance(bytes("kitten"), bytes("sitting"), limit: 3) == 3)
        #expect(editDistance(bytes("kitten"), bytes("sitting"), limit: 2) == nil)
        #expect(editDistance(bytes(""), bytes("abc"), limit: 5) == 3)
        #expect(editDistance(bytes("abc"), bytes(""), limit: 2) == nil)
    }
}
