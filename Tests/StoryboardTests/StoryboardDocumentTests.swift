import Foundation
import Storyboard
import Testing

/// A storyboard's XML read into scenes, controllers and segues (XML-01…09): what a loader must
/// understand, what it must pass over, and what it must refuse with the file and line.
@Suite("Storyboard document")
struct StoryboardDocumentTests {
    static let main = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" initialViewController="tab-00-001">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <tabBarController id="tab-00-001" sceneMemberID="viewController">
                            <connections>
                                <segue destination="nav-00-001" kind="relationship" relationship="viewControllers" id="r1"/>
                                <segue destination="vc0-00-002" kind="relationship" relationship="viewControllers" id="r2"/>
                            </connections>
                        </tabBarController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="0" y="0"/>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <navigationController storyboardIdentifier="Nav" id="nav-00-001" sceneMemberID="viewController">
                            <connections>
                                <segue destination="vc0-00-001" kind="relationship" relationship="rootViewController" id="r3"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController title="Home" storyboardIdentifier="Home" customClass="HomeViewController" customModule="App" id="vc0-00-001" sceneMemberID="viewController">
                            <view key="view" id="v1">
                                <subviews>
                                    <button id="b1">
                                        <connections>
                                            <segue destination="vc0-00-002" kind="show" identifier="ShowDetail" id="g1"/>
                                        </connections>
                                    </button>
                                    <containerView id="cv1">
                                        <connections>
                                            <segue destination="vc0-00-003" kind="embed" id="e1"/>
                                        </connections>
                                    </containerView>
                                </subviews>
                            </view>
                            <connections>
                                <segue destination="vc0-00-002" kind="presentation" identifier="Modal" modalPresentationStyle="formSheet" animates="NO" id="g2">
                                    <segue key="commit" inheritsFrom="parent" id="pk1"/>
                                </segue>
                            </connections>
                        </viewController>
                        <exit id="ex1" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
                <scene sceneID="s4">
                    <objects>
                        <viewController storyboardIdentifier="Detail" id="vc0-00-002" sceneMemberID="viewController">
                            <connections>
                                <segue destination="ex2" kind="unwind" unwindAction="backHome:" id="u1"/>
                            </connections>
                        </viewController>
                        <exit id="ex2" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
                <scene sceneID="s5">
                    <objects>
                        <viewController id="vc0-00-003" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
            <inferredMetricsTieBreakers><segue reference="g1"/></inferredMetricsTieBreakers>
        </document>

        """

    @Test("scenes, controllers, relationships in order, triggered, embed and unwind segues")
    func readsMain() throws {
        let storyboard = try StoryboardDocument(text: Self.main, file: "Main.storyboard")
        #expect(storyboard.scenes.map(\.id) == ["s1", "s2", "s3", "s4", "s5"])
        let tabs = try #require(storyboard.initialController)
        #expect(tabs.kind == .tabBarController)
        #expect(tabs.segues.map(\.destination) == ["nav-00-001", "vc0-00-002"])
        #expect(storyboard.controller(withIdentifier: "Nav")?.segues.first?.relationship == "rootViewController")
        let home = try #require(storyboard.controller(withIdentifier: "Home"))
        #expect(home.customClass == "HomeViewController" && home.attributes["title"] == "Home")
        #expect(home.segues.map(\.kind) == [.show, .embed, .presentation])
        #expect(home.segues.map(\.isInContainerView) == [false, true, false])
        #expect(home.segues[0].identifier == "ShowDetail" && home.segues[0].line == 33)
        #expect(home.segues[2].attributes["modalPresentationStyle"] == "formSheet")
        #expect(home.segues[2].attributes["animates"] == "NO")
        let detail = try #require(storyboard.controller(withIdentifier: "Detail"))
        #expect(detail.segues.first?.kind == .unwind && detail.segues.first?.attributes["unwindAction"] == "backHome:")
        #expect(storyboard.scenes[3].exitID == "ex2")
    }

    /// A change to `main` and the error it must give, at its line.
    struct Broken: CustomTestStringConvertible, Sendable {
        var replace: String
        var with: String
        var line: Int
        var message: String
        var testDescription: String { message }
    }

    @Test(
        "broken storyboards are refused at their line",
        arguments: [
            Broken(
                replace: "destination=\"vc0-00-003\" kind=\"embed\"", with: "destination=\"gone-00-00\" kind=\"embed\"",
                line: 38, message: "segue destination 'gone-00-00' is no scene's controller"),
            Broken(
                replace: "relationship=\"rootViewController\"", with: "relationship=\"supplementaryViewController\"",
                line: 21, message: "relationship 'supplementaryViewController' is unknown"),
            Broken(
                replace: "kind=\"show\"", with: "kind=\"teleport\"", line: 33,
                message: "segue kind 'teleport' is unknown"),
            Broken(
                replace: "initialViewController=\"tab-00-001\"", with: "initialViewController=\"nope\"", line: 2,
                message: "the initial view controller 'nope' is no scene's controller"),
            Broken(
                replace: "<viewController id=\"vc0-00-003\" sceneMemberID=\"viewController\"/>",
                with: "<placeholder id=\"p9\" sceneMemberID=\"firstResponder\"/>", line: 62,
                message: "scene s5 has no view controllers"),
            Broken(
                replace: "<viewController id=\"vc0-00-003\"", with: "<glkViewController id=\"vc0-00-003\"", line: 64,
                message: "<glkViewController> is no view controller the sandbox knows"),
            Broken(
                replace: "destination=\"ex2\" kind=\"unwind\"", with: "destination=\"ex1\" kind=\"unwind\"", line: 56,
                message: "an unwind segue's destination 'ex1' is not its scene's exit"),
            Broken(
                replace: "relationship=\"rootViewController\" id=\"r3\"",
                with: "relationship=\"viewControllers\" id=\"r3\"",
                line: 21, message: "a 'viewControllers' relationship from a <navigationController>"),
            Broken(
                replace: "</document>", with: "", line: 2, message: "not well-formed XML: <document> is never closed"),
        ])
    func broken(_ example: Broken) {
        #expect(Self.main.contains(example.replace), "the fixture has \(example.replace)")
        let text = Self.main.replacingOccurrences(of: example.replace, with: example.with)
        #expect {
            _ = try StoryboardDocument(text: text, file: "Main.storyboard")
        } throws: { error in
            guard let error = error as? StoryboardError else { return false }
            return error.file == "Main.storyboard" && error.line == example.line
                && error.message.hasPrefix(example.message)
        }
    }

    @Test("the outline `vcsandbox storyboard` prints: a scene a paragraph, segues with their destinations")
    func outline() throws {
        let storyboard = try StoryboardDocument(text: Self.main, file: "Main.storyboard")
        #expect(
            storyboard.outline == """
                Main.storyboard: 5 scenes; initial view controller tab-00-001
                tab-00-001  tabBarController (initial)
                  viewControllers → "Nav"
                  viewControllers → "Detail"
                nav-00-001  navigationController "Nav"
                  rootViewController → "Home"
                vc0-00-001  viewController "Home" HomeViewController
                  show "ShowDetail" → "Detail"
                  embed (container view) → vc0-00-003
                  presentation "Modal" → "Detail" (animates NO, modalPresentationStyle formSheet)
                vc0-00-002  viewController "Detail"
                  unwind → exit (unwindAction backHome:)
                vc0-00-003  viewController
                """)
    }

    @Test("a scene that contains itself is refused at its line as the engine's definition is made")
    func sceneContainingItself() throws {
        let text = Self.main.replacingOccurrences(
            of: "destination=\"vc0-00-003\" kind=\"embed\"", with: "destination=\"vc0-00-001\" kind=\"embed\"")
        let document = try StoryboardDocument(text: text, file: "Main.storyboard")
        let line = try #require(document.controller(withID: "vc0-00-001")).line
        #expect(
            throws: StoryboardError(
                file: "Main.storyboard", line: line,
                message: "scene 'vc0-00-001' contains itself: vc0-00-001 → vc0-00-001")
        ) { try document.definition(named: "Main") }
    }

    @Test("a file that is not a storyboard says so")
    func notAStoryboard() {
        #expect(
            throws: StoryboardError(
                file: "x.xib", line: 1,
                message: "not a storyboard: the root is <document>, not <document type=\"….Storyboard.XIB\">")
        ) {
            _ = try StoryboardDocument(
                text: "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>", file: "x.xib")
        }
    }
}
