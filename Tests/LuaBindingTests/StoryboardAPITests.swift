import Foundation
import HierarchyEngine
import Testing

@testable import LuaBinding

/// Storyboards from Lua (SPEC §9.3, M-15): a script's errors in a class's methods reach it at
/// the line that led to the call, without unwinding the engine, and what it gives the API is
/// checked.
@Suite("Storyboards from Lua")
struct StoryboardAPITests {
    /// A navigation controller on screen with List as its root; List shows Item, presents
    /// Settings, and Settings unwinds to List.
    static let storyboard = """
        local sb = Storyboard { "Main", initial = "Nav", scenes = {
          Nav = { kind = "navigation", root = "List" },
          List = { segues = { showItem = { to = "Item" }, settings = { to = "Settings", kind = "presentation" },
                              fade = { to = "Item", kind = "custom", class = "Fade" } } },
          Item = {}, Settings = { unwinds = { done = "unwindToList" } },
        } }
        """

    @Test("an error in prepare reaches the script at the trigger's line; the push still happens")
    func errorInPrepare() {
        let result = failure(
            of: Self.storyboard + """

                sb:class("List", { prepare = function(self, segue) error("no " .. segue.identifier) end })
                local nav = sb:instantiateInitialViewController()
                Window { root = nav }
                settle()
                local ok, message = pcall(user.trigger, nav.topViewController, "showItem")
                expect.equal(ok, false)
                assert(message:find("test.lua:7: no showItem", 1, true), message)
                settle()
                expect.equal(#nav.viewControllers, 2, "the engine went on: Item was pushed")
                expect.equal(nav.topViewController.appearance, "appeared")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error in a custom segue's perform, and in an unwind action, reach the script")
    func errorInPerformAndAction() {
        let result = failure(
            of: Self.storyboard + """

                sb:class("Fade", { perform = function(segue) error("fade failed") end })
                sb:class("List", { unwindToList = function(self, segue) error({ code = 1 }) end })
                local nav = sb:instantiateInitialViewController()
                Window { root = nav }
                settle()
                local list = nav.topViewController
                expect.error(function() list:performSegue("fade") end, "fade failed")
                list:performSegue("settings")
                settle()
                local ok, value = pcall(user.trigger, list.presentedViewController, "done")
                expect.equal(ok, false)
                assert(tostring(value):find("table", 1, true), tostring(value))
                settle()
                expect.equal(list.presentedViewController, nil, "the unwind went on: Settings dismissed")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("allowedChildrenForUnwinding must return a list of controllers")
    func badAllowedChildren() {
        let result = failure(
            of: Self.storyboard + """

                sb:class("List", {
                  allowedChildrenForUnwinding = function(self, source) return "Item" end,
                  unwindToList = function(self, segue) note("unwound") end,
                })
                local nav = sb:instantiateInitialViewController()
                Window { root = nav }
                settle()
                nav.topViewController:performSegue("settings")
                settle()
                expect.error(function() user.trigger(nav.presentedViewController, "done") end,
                  "test.lua:16: allowedChildrenForUnwinding must return a list of controllers")
                expect.order [[ List.canPerformUnwindSegueAction ... List.unwindToList("done") ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a storyboard and a segue belong to the world they were made in, as controllers do")
    func staleHandles() {
        let session = Session()
        let result = failure(
            of: Self.storyboard + """

                local kept
                scenario("first", function()
                  expect.error(function() sb:instantiateInitialViewController() end,
                    "belongs to a world that no longer exists")
                end)
                scenario("second", function()
                  local main = Storyboard { "Main", scenes = { A = { segues = { go = { to = "B" } } }, B = {} } }
                  main:class("A", { prepare = function(self, segue) kept = segue end })
                  main:instantiateViewController("A"):performSegue("go")
                  expect.equal(tostring(kept), 'Segue "go" A → B')
                  expect.equal(kept.kind, "show")
                end)
                scenario("third", function()
                  expect.error(function() return kept.identifier end, "belongs to a world that no longer exists")
                end)
                """, in: session)
        #expect(result == nil, "\(text(result))")
    }

    @Test("Storyboard.load reads nothing outside the script's folder, and says what is wrong with a path")
    func loadRefusals() {
        let result = failure(
            of: """
                expect.error(function() Storyboard.load("/etc/passwd") end, "leads outside")
                expect.error(function() Storyboard.load(42) end, "string expected")
                expect.error(function() Storyboard(3) end, "table expected, got number")
                """)
        #expect(result == nil, "\(text(result))")
    }
}

/// Storyboards that would make UIKit decode without end, or a check that would: refused, or
/// checked once per scene.
@Suite("Storyboards from Lua: containment checked")
struct StoryboardContainmentTests {
    /// A storyboard file whose initial scene is a reference to `other`'s initial scene.
    static func referencing(_ other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="ref-00-001">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewControllerPlaceholder storyboardName="\(other)" id="ref-00-001" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    @Test("storyboards whose references lead round in a circle are refused as they are read, and not kept")
    func referenceCircleAcrossFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcsandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.referencing("B").write(
            to: folder.appendingPathComponent("A.storyboard"), atomically: true, encoding: .utf8)
        try Self.referencing("A").write(
            to: folder.appendingPathComponent("B.storyboard"), atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("circle.lua").path
        let outcomes = Session().runScript(
            source: """
                expect.error(function() Storyboard.load("A.storyboard") end,
                  "contain one another through references, so instantiating them would never end: A.ref-00-001 → "
                    .. "B.ref-00-001 → A.ref-00-001")
                expect.error(function() Storyboard.load("B.storyboard") end, "would never end")
                expect [[
                ]]
                """, file: script)
        let failure = outcomes.first(where: \.result.failed)?.result.failure
        #expect(failure == nil, "\(text(failure))")
    }

    @Test("scenes shared by many routes are checked once each: forty levels of two embeds instantiate at once")
    func sharedScenesCheckedOnce() {
        let result = failure(
            of: """
                local scenes = { S40 = {} }
                for i = 1, 39 do scenes["S" .. i] = { embeds = { "S" .. (i + 1), "S" .. (i + 1) } } end
                local sb = Storyboard { "Wide", scenes = scenes }
                local top = sb:instantiateViewController("S1")
                expect.equal(top.name, "S1")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a navigation controller whose root is one is UIKit's exception, as the storyboard is read")
    func navigationInNavigation() {
        let result = failure(
            of: """
                expect.error(function()
                  Storyboard { "S", scenes = {
                    N = { kind = "navigation", root = "M" }, M = { kind = "navigation", root = "X" }, X = {} } }
                end, "NSInvalidArgumentException: Pushing a navigation controller is not supported (S.M as the root of S.N)")
                expect [[
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }
}
