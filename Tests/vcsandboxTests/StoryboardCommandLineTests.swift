import Foundation
import Testing

/// Black-box tests of `vcsandbox storyboard FILE` (issue 20): what the reader understood, or
/// the first mistake with its file and line.
@Suite("vcsandbox storyboard")
struct StoryboardCommandLineTests {
    @Test func printsTheScenesWithTheirSegues() throws {
        let result = try runBinary(arguments: ["storyboard", "scripts/storyboards/Split.storyboard"], in: packageRoot)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            result.stdout == """
                scripts/storyboards/Split.storyboard: 4 scenes; initial view controller 74j-1g-uyH
                74j-1g-uyH  splitViewController "Split" (initial)
                  masterViewController → "MasterNav"
                  detailViewController → "Detail"
                eyD-Wk-ftj  navigationController "MasterNav"
                  rootViewController → "Master"
                k39-Bh-JYb  viewController "Master"
                  showDetail "showDetail" → "Detail"
                6Hb-Zg-OCr  viewController "Detail"

                """)
    }

    @Test func namesAReferenceAndTheStoryboardItReads() throws {
        let result = try runBinary(
            arguments: ["storyboard", "scripts/storyboards/References.storyboard"], in: packageRoot)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("viewControllerPlaceholder → storyboard Settings, scene \"Account\"\n"))
        #expect(result.stdout.contains("viewControllerPlaceholder → storyboard Settings, its initial scene\n"))
    }

    @Test func aBrokenStoryboardIsItsFileAndLine() throws {
        let file = "Tests/fixtures/storyboards/broken/unknown-relationship.storyboard"
        let result = try runBinary(arguments: ["storyboard", file], in: packageRoot)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("\(file):18: relationship 'supplementaryViewController' is unknown"))
    }

    @Test func aReferenceToAFileThatIsNotThereIsTheReferencesLine() throws {
        let references = try String(
            contentsOf: packageRoot.appendingPathComponent("scripts/storyboards/References.storyboard"), encoding: .utf8
        )
        try withTemporaryFolder(["References.storyboard": references]) { folder in
            let result = try runBinary(arguments: ["storyboard", "References.storyboard"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "References.storyboard:63: the reference to storyboard 'Settings' cannot be opened: "
                    + "Settings.storyboard does not exist\n")
        }
    }

    @Test func storyboardsWhoseReferencesGoRoundAreRefused() throws {
        func referencing(_ other: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="r1">
                <scenes><scene sceneID="s1"><objects>
                    <viewControllerPlaceholder storyboardName="\(other)" id="r1" sceneMemberID="viewController"/>
                </objects></scene></scenes>
            </document>
            """
        }
        try withTemporaryFolder(["A.storyboard": referencing("B"), "B.storyboard": referencing("A")]) { folder in
            let result = try runBinary(arguments: ["storyboard", "A.storyboard"], in: folder)
            #expect(result.status == 1)
            #expect(result.stderr == "A.storyboard: storyboard scenes that contain themselves: A.r1 → B.r1 → A.r1\n")
        }
    }

    @Test func aFileThatCannotBeReadIsStatusTwo() throws {
        let result = try runBinary(arguments: ["storyboard", "Nowhere.storyboard"], in: packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr == "vcsandbox: cannot read Nowhere.storyboard\n")
    }
}
