import HierarchyEngine
import Testing

/// The split view controller without Lua (SHOW-04, SHOW-05, D-54).
@Suite("Split view")
struct SplitViewTests {
    /// A split of `Master` (a navigation controller holding `List`) and `Detail` as the root
    /// of a shown window of `size`, settled, with its trace consumed.
    func masterDetail(size: Size) throws -> (Stage, SplitViewController, NavigationController, ViewController) {
        let stage = try Stage()
        stage.window.transition(to: size)
        let master = try stage.world.make(NavigationController.self, named: "Master")
        try master.setViewControllers([try stage.controller("List")], animated: false)
        let detail = try stage.controller("Detail")
        let split = try stage.world.make(SplitViewController.self, named: "Split")
        try split.setViewControllers([master, detail])
        try stage.window.setRootViewController(split)
        try stage.world.runLoop.settle()
        stage.world.trace.clear()
        return (stage, split, master, detail)
    }

    @Test("regular width: expanded, both columns on screen; compact: collapsed onto the master")
    func collapsedFollowsTheWidth() throws {
        let (stage, split, master, detail) = try masterDetail(size: Size(width: 1024, height: 768))
        #expect(!split.isCollapsed)
        #expect(split.viewControllers.map(\.name) == ["Master", "Detail"])
        #expect(detail.isViewOnScreen)
        let (compactStage, compact, compactMaster, compactDetail) = try masterDetail(size: .phonePortrait)
        #expect(compact.isCollapsed)
        #expect(compact.viewControllers.map(\.name) == ["Master"])
        #expect(compactMaster.topViewController === compactDetail)
        #expect(master.splitViewController === split)
        #expect(compactDetail.splitViewController === compact)
        withExtendedLifetime((stage, compactStage)) {}
    }

    @Test("a size change collapses and expands, the secondary keeping its appearance throughout")
    func collapseAndExpand() throws {
        let (stage, split, master, detail) = try masterDetail(size: Size(width: 1024, height: 768))
        stage.window.transition(to: .phonePortrait)
        try stage.world.runLoop.settle()
        #expect(split.isCollapsed)
        #expect(detail.appearance == .appeared)
        #expect(master.viewControllers.map(\.name) == ["List", "Detail"])
        let lines = stage.lines().filter { !$0.contains("Transition") && !$0.contains("traitCollection") }
        #expect(
            lines == [
                "Detail.willMove(toParent: nil)", "Detail.didMove(toParent: nil)", "Detail.willMove(toParent: Master)",
                "List.viewWillDisappear(false)", "List.viewDidDisappear(false)", "Detail.didMove(toParent: Master)",
            ])
        stage.window.transition(to: Size(width: 1024, height: 768))
        try stage.world.runLoop.settle()
        #expect(!split.isCollapsed)
        #expect(split.secondary === detail)
        #expect(master.viewControllers.map(\.name) == ["List"])
        #expect(detail.appearance == .appeared)
    }

    @Test("a delegate that handles the collapse keeps the secondary out; it comes back on expanding")
    func delegateHandlesCollapse() throws {
        let (stage, split, master, detail) = try masterDetail(size: Size(width: 1024, height: 768))
        let delegate = ScriptedDelegate(["collapseSecondary"], answer: true)
        split.delegate = delegate
        stage.window.transition(to: .phonePortrait)
        try stage.world.runLoop.settle()
        #expect(delegate.calls == ["collapseSecondary"])
        #expect(master.viewControllers.count == 1)
        #expect(detail.appearance == .disappeared)
        stage.window.transition(to: Size(width: 1024, height: 768))
        try stage.world.runLoop.settle()
        #expect(split.secondary === detail)
        #expect(detail.appearance == .appeared)
    }

    @Test("showDetailViewController replaces the secondary when expanded and pushes when collapsed")
    func showDetail() throws {
        let (stage, split, master, _) = try masterDetail(size: Size(width: 1024, height: 768))
        let list = try stage.controller("List")
        let other = try stage.controller("Other")
        try list.showDetailViewController(other, sender: list)
        #expect(split.secondary === other)
        let (compactStage, _, compactMaster, _) = try masterDetail(size: .phonePortrait)
        let compactList = try compactStage.controller("List")
        try compactList.showDetailViewController(try compactStage.controller("Another"), sender: compactList)
        #expect(compactMaster.topViewController?.name == "Another")
        #expect(master.viewControllers.count == 1)
    }

    @Test("the split refuses no columns, three columns, or the same controller twice")
    func refusals() throws {
        let stage = try Stage()
        let split = try stage.world.make(SplitViewController.self, named: "Split")
        let a = try stage.controller("A")
        #expect(throws: (any Error).self) { try split.setViewControllers([]) }
        #expect(throws: (any Error).self) { try split.setViewControllers([a, a]) }
        #expect(throws: (any Error).self) {
            try split.setViewControllers([a, try stage.controller("B"), try stage.controller("C")])
        }
        #expect(throws: (any Error).self) { try split.setViewControllers([split]) }
    }
}
