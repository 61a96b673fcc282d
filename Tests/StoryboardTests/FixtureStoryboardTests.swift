import Foundation
import Storyboard
import Testing

/// The storyboards scenario scripts load (`scripts/storyboards/`), written as Xcode 15 writes
/// them — devices, dependencies, frames, safe areas, colours, bar items, simulated metrics,
/// peek-and-pop segues, tie-breakers — read back (XML-01…09): what the loader must understand
/// is there, in XML order, and the design-time segues are not counted. The broken variants
/// (`Tests/fixtures/storyboards/broken/`) are refused at the line of their one mistake.
///
/// Segues are compared as lines that name controllers by storyboard identifier, so that a
/// failure reads like the storyboard: `presentation "settings" → Settings (modalPresentationStyle
/// formSheet, …)`. The fixtures' ids and line numbers are pinned here; edit them together.
@Suite("Fixture storyboards")
struct FixtureStoryboardTests {
    /// The package root: three levels up from this file (Tests/StoryboardTests/<file>).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("scripts/storyboards")
    static let broken = packageRoot.appendingPathComponent("Tests/fixtures/storyboards/broken")

    static func text(_ name: String, in folder: URL = fixtures) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    static func load(_ name: String, in folder: URL = fixtures) throws -> StoryboardDocument {
        try StoryboardDocument(text: text(name, in: folder), file: name)
    }

    /// A controller's name in these lines: its storyboard identifier, or for a reference
    /// `<Storyboard>` / `<Storyboard:Identifier>`.
    static func name(of id: String, in storyboard: StoryboardDocument) -> String {
        guard let controller = storyboard.controller(withID: id) else { return "?\(id)" }
        if controller.kind == .reference {
            let parts = [controller.attributes["storyboardName"], controller.attributes["referencedIdentifier"]]
            return "<" + parts.compactMap { $0 }.joined(separator: ":") + ">"
        }
        return controller.storyboardIdentifier ?? "?\(id)"
    }

    /// The segues of the controller with storyboard identifier `identifier`, one line each, in
    /// order: relationship or kind, identifier, `(container view)`, destination (`exit` for an
    /// unwind, after checking it is the scene's exit), then the other attributes sorted.
    static func segues(of identifier: String, in storyboard: StoryboardDocument) throws -> [String] {
        let scene = try #require(storyboard.scenes.first { $0.controller.storyboardIdentifier == identifier })
        return scene.controller.segues.map { segue in
            var line = segue.relationship ?? segue.kind.rawValue
            if let identifier = segue.identifier { line += " \"\(identifier)\"" }
            if segue.isInContainerView { line += " (container view)" }
            let isExit = segue.kind == .unwind && segue.destination == scene.exitID
            line += " → " + (isExit ? "exit" : name(of: segue.destination, in: storyboard))
            let details = segue.attributes.keys.sorted().map { "\($0) \(segue.attributes[$0] ?? "")" }
            return details.isEmpty ? line : line + " (" + details.joined(separator: ", ") + ")"
        }
    }

    /// The `<segue` elements written in a file, design-time ones included.
    static func segueElements(in text: String) -> Int {
        text.components(separatedBy: "<segue ").count - 1
    }

    /// The element with attribute `id`, anywhere under `element`.
    static func element(withID id: String, in element: MarkupElement) -> MarkupElement? {
        if element["id"] == id { return element }
        return element.children.lazy.compactMap { Self.element(withID: id, in: $0) }.first
    }

    @Test("every storyboard beside the scripts loads; in these, every controller has its own storyboard identifier")
    func everyFixtureLoads() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0.hasSuffix(".storyboard") }.sorted()
        let required = [
            "Embed.storyboard", "Kinds.storyboard", "Main.storyboard", "NoInitial.storyboard",
            "PopoverNoAnchor.storyboard", "References.storyboard", "Segues.storyboard", "Settings.storyboard",
            "Split.storyboard",
        ]
        #expect(Set(required).isSubset(of: names), "missing: \(Set(required).subtracting(names).sorted())")
        for name in names {
            let storyboard = try Self.load(name)
            guard required.contains(name) else { continue }  // another's storyboard: loading it is enough
            let controllers = storyboard.scenes.map(\.controller).filter { $0.kind != .reference }
            let identifiers = controllers.compactMap(\.storyboardIdentifier)
            #expect(identifiers.count == controllers.count, "\(name): a controller without a storyboard identifier")
            #expect(Set(identifiers).count == identifiers.count, "\(name): a storyboard identifier used twice")
        }
    }

    @Test("Main: Neuburg's TabbedUnwind — tabs in XML order, push with peek and pop, unwinds to the exits")
    func main() throws {
        let text = try Self.text("Main.storyboard")
        let storyboard = try StoryboardDocument(text: text, file: "Main.storyboard")
        let tab = try #require(storyboard.initialController)
        #expect(tab.kind == .tabBarController && tab.storyboardIdentifier == "Tab")
        #expect(tab.customClass == "MyTabBarController" && tab.attributes["customModule"] == "TabbedUnwind")
        #expect(try Self.segues(of: "Tab", in: storyboard) == ["viewControllers → Nav", "viewControllers → Second"])
        let nav = try #require(storyboard.controller(withIdentifier: "Nav"))
        #expect(nav.kind == .navigationController && nav.customClass == "MyNavController")
        #expect(try Self.segues(of: "Nav", in: storyboard) == ["rootViewController → First"])
        #expect(storyboard.controller(withIdentifier: "First")?.customClass == "FirstViewController")
        #expect(try Self.segues(of: "First", in: storyboard) == ["show \"push\" → Pushed"])
        #expect(
            try Self.segues(of: "Pushed", in: storyboard) == [
                "unwind \"unwindFromPushed\" → exit (unwindAction iAmFirst:)"
            ])
        #expect(
            try Self.segues(of: "Second", in: storyboard) == [
                "presentation \"present\" → Presented (modalPresentationStyle fullScreen)"
            ])
        #expect(
            try Self.segues(of: "Presented", in: storyboard) == ["unwind \"unwind\" → exit (unwindAction iAmFirst:)"])
        #expect(storyboard.scenes.map { $0.exitID != nil } == [false, false, false, true, false, true])
        // Eleven <segue> elements: seven segues, two peek-and-pop (commit, preview) nested in
        // "push", two re-references in <inferredMetricsTieBreakers>.
        #expect(Self.segueElements(in: text) == 11)
        #expect(storyboard.scenes.flatMap(\.controller.segues).count == 7)
    }

    @Test("Segues: every kind from a cell and buttons, in XML order, with their attributes")
    func segues() throws {
        let text = try Self.text("Segues.storyboard")
        let storyboard = try StoryboardDocument(text: text, file: "Segues.storyboard")
        let nav = try #require(storyboard.initialController)
        #expect(nav.kind == .navigationController && nav.storyboardIdentifier == "Nav")
        #expect(try Self.segues(of: "Nav", in: storyboard) == ["rootViewController → List"])
        let list = try #require(storyboard.controller(withIdentifier: "List"))
        #expect(list.customClass == "ListViewController" && list.attributes["title"] == "List")
        #expect(
            try Self.segues(of: "List", in: storyboard) == [
                "show \"showItem\" → Item",
                "presentation \"settings\" → Settings"
                    + " (modalPresentationStyle formSheet, modalTransitionStyle crossDissolve)",
                "popoverPresentation \"popover\" → Popover (popoverAnchorView zR1-wC-H5T)",
                "custom \"fade\" → Item (customClass FadeSegue, customModule Segues, customModuleProvider target)",
                "push \"legacyPush\" → Item",
                "modal \"legacyModal\" → Settings (modalPresentationStyle formSheet)",
                "showDetail \"detail\" → Item",
                "show \"instant\" → Item (animates NO)",
                "show → Item",
            ])
        #expect(list.segues.first?.line == 59, "the table view cell's segue, at its own line")
        // The popover's anchor is the button that triggers it, a view of List's scene.
        let root = try MarkupReader.parse(text)
        let listElement = try #require(Self.element(withID: list.id, in: root))
        #expect(Self.element(withID: "zR1-wC-H5T", in: listElement)?.name == "button")
        #expect(
            try Self.segues(of: "Settings", in: storyboard) == ["unwind \"done\" → exit (unwindAction unwindToList:)"])
        #expect(try Self.segues(of: "Item", in: storyboard) == [])
        #expect(try Self.segues(of: "Popover", in: storyboard) == [])
    }

    @Test("PopoverNoAnchor: a popover segue without an anchor reads; refusing it is the run time's (SEG-09)")
    func popoverWithoutAnchor() throws {
        let storyboard = try Self.load("PopoverNoAnchor.storyboard")
        #expect(storyboard.initialController?.storyboardIdentifier == "SourceNav")
        #expect(try Self.segues(of: "SourceNav", in: storyboard) == ["rootViewController → Source"])
        #expect(try Self.segues(of: "Source", in: storyboard) == ["popoverPresentation \"bad\" → Target"])
    }

    @Test("Embed: container views in XML order, a navigation controller embedded, an embed inside an embed")
    func embed() throws {
        let storyboard = try Self.load("Embed.storyboard")
        let parent = try #require(storyboard.initialController)
        #expect(parent.storyboardIdentifier == "Parent" && parent.customClass == "ParentViewController")
        #expect(
            try Self.segues(of: "Parent", in: storyboard) == [
                "embed \"header\" (container view) → Header",
                "embed \"footer\" (container view) → FooterNav",
            ])
        #expect(try Self.segues(of: "Header", in: storyboard) == ["embed \"badge\" (container view) → Badge"])
        #expect(storyboard.controller(withIdentifier: "FooterNav")?.kind == .navigationController)
        #expect(try Self.segues(of: "FooterNav", in: storyboard) == ["rootViewController → Inner"])
        #expect(try Self.segues(of: "Inner", in: storyboard) == [])
    }

    @Test("Split: master and detail relationships in order, a show-detail segue from the master's cell")
    func split() throws {
        let storyboard = try Self.load("Split.storyboard")
        let split = try #require(storyboard.initialController)
        #expect(split.kind == .splitViewController && split.storyboardIdentifier == "Split")
        #expect(
            try Self.segues(of: "Split", in: storyboard) == [
                "masterViewController → MasterNav", "detailViewController → Detail",
            ])
        #expect(try Self.segues(of: "MasterNav", in: storyboard) == ["rootViewController → Master"])
        #expect(try Self.segues(of: "Master", in: storyboard) == ["showDetail \"showDetail\" → Detail"])
    }

    @Test("References: a tab and a presentation lead to Settings.storyboard, whose scenes are there")
    func references() throws {
        let storyboard = try Self.load("References.storyboard")
        let tabs = try #require(storyboard.initialController)
        #expect(tabs.kind == .tabBarController && tabs.storyboardIdentifier == "Tabs")
        #expect(
            try Self.segues(of: "Tabs", in: storyboard) == ["viewControllers → Home", "viewControllers → <Settings>"])
        #expect(try Self.segues(of: "Home", in: storyboard) == ["presentation \"account\" → <Settings:Account>"])
        let references = storyboard.scenes.map(\.controller).filter { $0.kind == .reference }
        #expect(references.map { $0.attributes["storyboardName"] } == ["Settings", "Settings"])
        #expect(references.map { $0.attributes["referencedIdentifier"] } == [nil, "Account"])
        #expect(references.allSatisfy { $0.segues.isEmpty }, "a reference's tab bar item is no segue")

        let settings = try Self.load("Settings.storyboard")
        let nav = try #require(settings.initialController)
        #expect(nav.kind == .navigationController && nav.storyboardIdentifier == "SettingsNav")
        #expect(try Self.segues(of: "SettingsNav", in: settings) == ["rootViewController → SettingsRoot"])
        #expect(settings.controller(withIdentifier: "Account")?.kind == .viewController)
    }

    @Test("Kinds: table, collection and page view controllers, and a controller's attributes as written")
    func kinds() throws {
        let storyboard = try Self.load("Kinds.storyboard")
        let table = try #require(storyboard.initialController)
        #expect(table.kind == .tableViewController && table.storyboardIdentifier == "Table")
        #expect(table.attributes["clearsSelectionOnViewWillAppear"] == "NO")
        #expect(storyboard.controller(withIdentifier: "Collection")?.kind == .collectionViewController)
        let pages = try #require(storyboard.controller(withIdentifier: "Pages"))
        #expect(pages.kind == .pageViewController)
        #expect(
            pages.attributes == [
                "storyboardIdentifier": "Pages", "autoresizesArchivedViewToFullSize": "NO",
                "transitionStyle": "pageCurl", "navigationOrientation": "horizontal", "spineLocation": "min",
            ])
        let attributes = try #require(storyboard.controller(withIdentifier: "Attributes"))
        #expect(
            attributes.attributes == [
                "title": "Attributes", "storyboardIdentifier": "Attributes",
                "restorationIdentifier": "AttributesRestoration", "definesPresentationContext": "YES",
                "providesPresentationContextTransitionStyle": "YES", "modalTransitionStyle": "flipHorizontal",
                "modalPresentationStyle": "overFullScreen", "hidesBottomBarWhenPushed": "YES",
            ])
        #expect(storyboard.scenes.allSatisfy { $0.controller.segues.isEmpty }, "outlets and cells are no segues")
    }

    @Test("NoInitial: no initialViewController attribute, no initial controller (SBD-01)")
    func noInitial() throws {
        let storyboard = try Self.load("NoInitial.storyboard")
        #expect(storyboard.initialControllerID == nil && storyboard.initialController == nil)
        #expect(storyboard.scenes.map(\.controller.storyboardIdentifier) == ["One", "Two"])
    }

    @Test("the outline of Main.storyboard, whole")
    func mainOutline() throws {
        #expect(
            try Self.load("Main.storyboard").outline == """
                Main.storyboard: 6 scenes; initial view controller 3st-r0-nVN
                3st-r0-nVN  tabBarController "Tab" MyTabBarController (initial)
                  viewControllers → "Nav"
                  viewControllers → "Second"
                8lC-zx-ARx  navigationController "Nav" MyNavController
                  rootViewController → "First"
                Gyc-4u-BV6  viewController "First" FirstViewController
                  show "push" → "Pushed"
                5qh-sr-n27  viewController "Pushed"
                  unwind "unwindFromPushed" → exit (unwindAction iAmFirst:)
                ESD-8I-4da  viewController "Second"
                  presentation "present" → "Presented" (modalPresentationStyle fullScreen)
                4oK-Z0-PZ6  viewController "Presented"
                  unwind "unwind" → exit (unwindAction iAmFirst:)
                """)
    }

    /// A broken fixture and the error it must give.
    struct Broken: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var message: String
        var testDescription: String { file }
    }

    @Test(
        "each broken fixture is refused at the line of its one mistake",
        arguments: [
            Broken(
                file: "truncated.storyboard", line: 120,
                message: "not well-formed XML: the document ends inside the start tag of <button>"),
            Broken(
                file: "missing-destination.storyboard", line: 44,
                message: "segue destination 'q87-G3-imM' is no scene's controller"),
            Broken(
                file: "unknown-relationship.storyboard", line: 18,
                message: "relationship 'supplementaryViewController' is unknown; relationships: "
                    + "rootViewController, viewControllers, masterViewController, detailViewController"),
            Broken(
                file: "unknown-element.storyboard", line: 60,
                message: "<glkViewController> is no view controller the sandbox knows; it knows <viewController>, "
                    + "<navigationController>, <tabBarController>, <splitViewController>, <pageViewController>, "
                    + "<tableViewController>, <collectionViewController>, <viewControllerPlaceholder>"),
            Broken(
                file: "two-controllers.storyboard", line: 58,
                message: "scene 0Ay-lE-CZ0 has 2 view controllers; a scene holds exactly one "
                    + "(sceneMemberID=\"viewController\")"),
        ])
    func broken(_ example: Broken) throws {
        let text = try Self.text(example.file, in: Self.broken)
        #expect(throws: StoryboardError(file: example.file, line: example.line, message: example.message)) {
            _ = try StoryboardDocument(text: text, file: example.file)
        }
    }
}
