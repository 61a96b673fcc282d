import Storyboard
import Testing

/// The storyboard XML reader (issue 20): what Interface Builder writes reads back whole, with
/// positions; each kind of malformed document is refused at the right line with a message that
/// says what is wrong.
@Suite("Markup reader")
struct MarkupReaderTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="BYZ-38-t0r">
            <!-- a comment, as IB never writes but people do -->
            <scenes>
                <scene sceneID="tne-QT-ifu">
                    <objects>
                        <viewController title="Tom &amp; Jerry &#x2192; &#8594;" id="BYZ-38-t0r" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="139" y="4"/>
                </scene>
            </scenes>
            <resources><systemColor name="systemBackgroundColor"><color white="1" alpha="1" colorSpace="custom"/></systemColor></resources>
        </document>

        """

    @Test("a storyboard reads back whole: names, attributes in order, children, entities, positions")
    func readsAStoryboard() throws {
        let root = try MarkupReader.parse(Self.storyboard)
        #expect(root.name == "document")
        #expect(root["initialViewController"] == "BYZ-38-t0r")
        #expect(root.attributes.map(\.name) == ["type", "version", "initialViewController"])
        #expect(root.line == 2 && root.column == 1)
        #expect(root.children.map(\.name) == ["scenes", "resources"])
        let scene = try #require(root.children(named: "scenes").first?.children.first)
        #expect(scene["sceneID"] == "tne-QT-ifu" && scene.line == 5 && scene.column == 9)
        let objects = try #require(scene.children(named: "objects").first)
        let controller = try #require(objects.children.first)
        #expect(controller.name == "viewController")
        #expect(controller["title"] == "Tom & Jerry → →")
        #expect(controller.children.first?.children.first?["width"] == "393")
        #expect(objects.children(named: "placeholder").first?["placeholderIdentifier"] == "IBFirstResponder")
        #expect(controller["missing"] == nil)
    }

    @Test("text, CDATA, single quotes, a byte order mark, processing instructions inside elements")
    func textAndOddments() throws {
        let root = try MarkupReader.parse(
            "\u{FEFF}<a k='v \"q\"'>one &lt;two&gt; <![CDATA[<three> & four]]><?pi x?><b/></a>")
        #expect(root["k"] == "v \"q\"")
        #expect(root.text == "one <two> <three> & four")
        #expect(root.children.map(\.name) == ["b"])
    }

    /// A malformed document and the start of the message it must give, with the line.
    struct Malformed: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var message: String
        var testDescription: String { message }
    }

    @Test(
        "malformed documents are refused at their line",
        arguments: [
            Malformed(
                text: "<document>\n  <scenes>\n", line: 2, message: "<scenes> is never closed (the document ends first)"
            ),
            Malformed(text: "<a>\n<b>\n</a>", line: 3, message: "</a> closes <b>, opened at line 2"),
            Malformed(text: "<a x=\"1\" x=\"2\"/>", line: 1, message: "<a> has attribute 'x' twice"),
            Malformed(text: "<a x=1/>", line: 1, message: "the value of attribute 'x' of <a> must be quoted"),
            Malformed(text: "<a>\n&nbsp;</a>", line: 2, message: "unknown entity '&nbsp;'"),
            Malformed(text: "<a/>\n<b/>", line: 2, message: "a second root element"),
            Malformed(text: "<a/> tail", line: 1, message: "text after the root element"),
            Malformed(text: "", line: 1, message: "the document is empty: no root element"),
            Malformed(
                text: "<a>\n<!-- never closed", line: 2, message: "a comment that starts here is never closed with -->"),
            Malformed(text: "<!DOCTYPE x><a/>", line: 1, message: "a document type declaration"),
            Malformed(
                text: "<a b=\"1\"c=\"2\"/>", line: 1, message: "expected a space, '>' or '/>' in the start tag of <a>"),
            Malformed(text: "<a>&#xD800;</a>", line: 1, message: "'&#xD800;' is no character"),
            Malformed(text: "<a b=\"x & y\"/>", line: 1, message: "'&' starts no reference ending in ';'"),
        ])
    func malformed(_ example: Malformed) {
        #expect {
            _ = try MarkupReader.parse(example.text)
        } throws: { error in
            guard let error = error as? MarkupError else { return false }
            return error.line == example.line && error.message.hasPrefix(example.message)
        }
    }

    @Test("elements nested deeper than any storyboard's are refused, not read until the stack runs out")
    func deepNesting() {
        let depth = 256 + 10
        let text = String(repeating: "<v>", count: depth) + String(repeating: "</v>", count: depth)
        #expect {
            _ = try MarkupReader.parse(text)
        } throws: { error in
            (error as? MarkupError)?.message.hasPrefix("elements nest more than 256 deep") == true
        }
        let shallow = String(repeating: "<v>", count: 200) + String(repeating: "</v>", count: 200)
        #expect(throws: Never.self) { _ = try MarkupReader.parse(shallow) }
    }

    @Test("an error says where it is")
    func errorDescription() {
        #expect(MarkupError(line: 3, column: 7, message: "m").description == "line 3, column 7: m")
    }
}
