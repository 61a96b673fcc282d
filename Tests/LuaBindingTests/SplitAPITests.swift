import LuaBinding
import Testing

/// The split view API as scripts use it (SPEC §3.1, §3.3 "split view"): the constructor and
/// its mistakes, the delegate, the columns, and the handle's kind.
@Suite("Split view API")
struct SplitAPITests {
    @Test("the constructor takes a name, a primary and a secondary; mistakes are named")
    func constructor() {
        let result = failure(
            of: """
                local m, d = Controller "M", Controller "D"
                local split = SplitViewController { "Split", primary = m, secondary = d }
                expect.equal(tostring(split), "SplitViewController Split")
                expect.equal(#split.viewControllers, 2)
                expect.equal(split.isCollapsed, false, "not in a window: expanded")
                expect.equal(d.splitViewController, split)
                expect.equal(m.parent, split)
                local only = SplitViewController { "Only", primary = Controller "P" }
                expect.equal(#only.viewControllers, 1)
                expect.error(function() SplitViewController { "X", secondary = Controller "S" } end, "needs a primary")
                expect.error(function() SplitViewController { "Y", primary = "m" } end,
                  "SplitViewController { … }: 'primary' should be a controller, got string")
                expect.error(function() SplitViewController { "Z", primary = Controller "Q", columns = 2 } end,
                  "has no property 'columns'")
                expect.error(function() split.isCollapsed = true end, "'isCollapsed' is read-only")
                expect.error(function() split.viewControllers = {} end, "takes a primary and a secondary, got 0 controllers")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("the delegate's collapseSecondary and showDetail are traced under the split and may decide")
    func delegate() {
        let result = failure(
            of: """
                local list = Controller "List"
                local master = NavigationController { "Master", list }
                local split = SplitViewController { "Split", primary = master, secondary = Controller "D",
                  delegate = { collapseSecondary = function(s, secondary, primary)
                    note(s.name .. " " .. secondary.name .. " onto " .. primary.name) return false end } }
                local w = Window { root = split, size = {1024, 768} }
                settle()
                trace.clear()
                trace.exclude "trait"
                w.size = {390, 844}
                expect [[
                  Split.delegate.collapseSecondary(D, onto: Master)
                  note: Split D onto Master
                  ...
                ]]
                expect.equal(master.topViewController.name, "D")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("assigning the columns replaces the secondary")
    func assignColumns() {
        let result = failure(
            of: """
                local m, d, e = Controller "M", Controller "D", Controller "E"
                local split = SplitViewController { "Split", primary = m, secondary = d }
                Window { root = split, size = {1024, 768} }
                settle()
                trace.clear()
                split.viewControllers = { m, e }
                settle()
                expect [[
                  D.willMove(toParent: nil)
                  D.didMove(toParent: nil)
                  D.viewWillDisappear(false)
                  E.willMove(toParent: Split)
                  E.viewDidLoad()
                  E.viewWillAppear(false)
                  D.viewDidDisappear(false)
                  E.viewDidAppear(false)
                  E.didMove(toParent: Split)
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }
}
