import Testing

@testable import ScenarioKit

/// `--filter`: patterns add up, and a pattern that selects nothing is found (D-70).
@Suite struct ScenarioFilterTests {
    @Test func withoutPatternsEveryScenarioRuns() {
        let filter = ScenarioFilter()
        #expect(filter.selectsAll)
        #expect(filter.selects("scripts/a.lua: a"))
        #expect(filter.unmatched(by: []) == [])
    }

    @Test func aScenarioRunsWhenItsTitleContainsAnyPattern() {
        let filter = ScenarioFilter(["navigation/", ": pop"])
        #expect(!filter.selectsAll)
        #expect(filter.selects("scripts/navigation/NAV-01.lua: root"))
        #expect(filter.selects("scripts/tabbar/TAB-01.lua: pop to root"))
        #expect(!filter.selects("scripts/tabbar/TAB-01.lua: select"))
    }

    @Test func theUnmatchedPatternsAreThoseNoTitleContainsInTheirOrder() {
        let filter = ScenarioFilter(["zz", "NAV-01", "yy"])
        #expect(filter.unmatched(by: ["scripts/navigation/NAV-01.lua: root"]) == ["zz", "yy"])
        #expect(filter.unmatched(by: []) == ["zz", "NAV-01", "yy"])
    }

    @Test func theMessageQuotesThePatternsAndSuggestsTheNearestPartOfAPath() {
        let files = ["scripts/navigation/NAV-01.lua", "scripts/tabbar/TAB-01.lua"]
        #expect(
            ScenarioFilter.message(unmatched: ["navgation/"], files: files)
                == "--filter \"navgation/\" matched no scenario; a scenario runs when its `file: name` (as the report "
                + "shows it) contains one of the patterns; did you mean \"navigation/\"?")
        #expect(
            ScenarioFilter.message(unmatched: ["qqqqqqqq", "zzz"], files: files)
                == "--filter \"qqqqqqqq\", \"zzz\" matched no scenario; a scenario runs when its `file: name` (as the "
                + "report shows it) contains one of the patterns")
    }

    @Test func aPathGivesItselfItsFoldersAndItsName() {
        #expect(
            ScenarioFilter.pieces(of: "scripts/tabbar/TAB-01.lua") == [
                "scripts/tabbar/TAB-01.lua", "scripts/", "tabbar/", "TAB-01.lua", "TAB-01",
            ])
    }
}
