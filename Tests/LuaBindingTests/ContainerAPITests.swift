import HierarchyEngine
import LuaBinding
import Testing

/// The navigation and tab bar API as scripts use it (SPEC §3.3, §3.4): delegates as tables,
/// errors inside them, argument checking, and the swipe gesture's handle.
@Suite("Navigation and tab bar API")
struct ContainerAPITests {
    // MARK: Errors inside delegates (STYLE rule 2, D-11)

    @Test("an error in willShow reaches the script with its traceback; the push still completes")
    func willShowError() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a }
                Window { root = nav }
                settle()
                nav.delegate = { willShow = function(owner, vc, animated) error("boom in willShow") end,
                                 didShow = function(owner, vc, animated) end }
                trace.clear()
                nav:pushViewController(b)
                local ok, message = pcall(settle)
                expect.equal(ok, false)
                assert(message:find("test.lua:5: boom in willShow", 1, true), message)
                assert(message:find("stack traceback:", 1, true), message)
                assert(message:find("test.lua:9", 1, true), "the traceback names the settle() call: " .. message)
                expect.equal(#nav.viewControllers, 2)
                expect.equal(nav.topViewController, b)
                expect.equal(b.parent, nav)
                expect.equal(a.appearance, "disappeared")
                expect.equal(b.appearance, "appeared")
                expect [[
                  B.willMove(toParent: Nav)
                  B.viewDidLoad()
                  A.viewWillDisappear(true)
                  B.viewWillAppear(true)
                  Nav.delegate.willShow(B, animated: true)
                  A.viewDidDisappear(true)
                  B.viewDidAppear(true)
                  B.didMove(toParent: Nav)
                  Nav.delegate.didShow(B, animated: true)
                ]]
                nav:popViewController()
                settle()
                """)
        #expect(result?.location == "test.lua:5", "\(text(result))")
        #expect(result?.message == "boom in willShow", "\(text(result))")
    }

    @Test("after a delegate function raised, the operation's later delegate functions still run in full (D-11)")
    func laterDelegateRunsInFull() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a }
                Window { root = nav }
                settle()
                local finished = false
                nav.delegate = { willShow = function(owner, vc, animated) error("boom in willShow") end,
                                 didShow = function(owner, vc, animated) note("didShow " .. vc.name); finished = true end }
                trace.clear()
                nav:pushViewController(b)
                local ok, message = pcall(settle)
                expect.equal(ok, false)
                assert(message:find("test.lua:6: boom in willShow", 1, true), message)
                expect.equal(finished, true, "didShow ran to its end")
                local lines = trace.lines()
                expect.equal(lines[#lines], "note: didShow B")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error in shouldSelect reaches the script that tapped, with its traceback; the tab bar stays consistent")
    func shouldSelectError() {
        let result = failure(
            of: """
                local t1, t2 = Controller "T1", Controller "T2"
                local tabs = TabBarController { "Tabs", t1, t2 }
                Window { root = tabs }
                settle()
                tabs.delegate = { shouldSelect = function(owner, vc) error("no select") end }
                trace.clear()
                local ok, message = pcall(function() user.tapTab(tabs, 2) end)
                expect.equal(ok, false)
                assert(message:find("test.lua:5: no select", 1, true), message)
                assert(message:find("stack traceback:", 1, true), message)
                assert(message:find("test.lua:7", 1, true), "the traceback names the tap: " .. message)
                settle()
                local selected = tabs.selectedViewController
                expect.equal(tabs.viewControllers[tabs.selectedIndex], selected)
                expect.equal(selected.appearance, "appeared")
                expect.equal((selected == t1 and t2 or t1).appearance, "disappeared")
                assert(trace.lines()[1] == "Tabs.delegate.shouldSelect(T2)", table.concat(trace.lines(), "\\n"))
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a shouldSelect that raises has not returned true: the tab stays (D-24)")
    func shouldSelectErrorKeepsTab() {
        let result = failure(
            of: """
                local t1, t2 = Controller "T1", Controller "T2"
                local tabs = TabBarController { "Tabs", t1, t2 }
                Window { root = tabs }
                settle()
                tabs.delegate = { shouldSelect = function(owner, vc) error("no select") end,
                                  didSelect = function(owner, vc) end }
                trace.clear()
                expect.error(function() user.tapTab(tabs, 2) end, "no select")
                settle()
                expect.equal(tabs.selectedIndex, 1)
                expect.equal(t2.isViewLoaded, false)
                expect [[
                  Tabs.delegate.shouldSelect(T2)
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a thousand delegate errors in one session unwind no Swift frame: nothing leaks and the session still works")
    func thousandDelegateErrors() {
        let session = Session()
        let counter = session.world.liveObjects
        let result = failure(
            of: """
                local a, t2 = Controller "A", Controller "T2"
                local nav = NavigationController { "Nav", a }
                local tabs = TabBarController { "Tabs", nav, t2 }
                Window { root = tabs }
                settle()
                nav.delegate = { willShow = function(owner, vc) error("willShow " .. vc.name) end }
                tabs.delegate = { shouldSelect = function(owner, vc) error("shouldSelect " .. vc.name) end }
                local errors = 0
                local function count(wanted, ok, message)
                  if not ok and message:find(wanted, 1, true) and message:find("stack traceback:", 1, true) then
                    errors = errors + 1
                  end
                end
                for i = 1, 1000 do
                  local b = Controller("B" .. i)
                  nav:pushViewController(b, i % 2 == 0)
                  count("willShow B" .. i, pcall(settle))
                  assert(nav.topViewController == b and b.appearance == "appeared", "push " .. i)
                  count("shouldSelect T2", pcall(user.tapTab, tabs, 2))
                  tabs.selectedIndex = 1
                  pcall(settle)
                  assert(nav.appearance == "appeared" and b.appearance == "appeared", "tab back " .. i)
                  expect.equal(nav:popViewController(false), b)
                  count("willShow A", pcall(settle))
                  assert(#nav.viewControllers == 1 and b.parent == nil and a.appearance == "appeared", "pop " .. i)
                  trace.clear()
                end
                expect.equal(errors, 3000)
                """, in: session)
        #expect(result == nil, "\(text(result))")
        #expect(counter.count > 1000)
        session.resetWorld()
        #expect(counter.count == 0, "engine objects outlived their world")
        let after = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a }
                Window { root = nav }
                settle()
                nav:pushViewController(b)
                settle()
                expect.equal(nav.topViewController, b)
                expect.equal(b.appearance, "appeared")
                """, in: session)
        #expect(after == nil, "\(text(after))")
    }

    // MARK: Delegate tables

    @Test(
        "a delegate is called with its owner first, and only for the functions its table holds; other values are refused"
    )
    func onlyDefinedMethods() {
        let result = failure(
            of: """
                local a, b, c = Controller "A", Controller "B", Controller "C"
                local nav = NavigationController { "Nav", a }
                local t2 = Controller "T2"
                local tabs = TabBarController { "Tabs", nav, t2 }
                Window { root = tabs }
                settle()
                local d = { didShow = function(owner, vc, animated)
                  assert(rawequal(owner, nav), "the owner comes first")
                  note("didShow " .. vc.name .. " " .. tostring(animated))
                end }
                nav.delegate = d
                assert(rawequal(nav.delegate, d), "the delegate reads back as the same table")
                trace.clear()
                nav:pushViewController(b)
                settle()
                expect [[
                  B.willMove(toParent: Nav)
                  B.viewDidLoad()
                  A.viewWillDisappear(true)
                  B.viewWillAppear(true)
                  A.viewDidDisappear(true)
                  B.viewDidAppear(true)
                  B.didMove(toParent: Nav)
                  Nav.delegate.didShow(B, animated: true)
                  note: didShow B true
                ]]
                -- A value that is not a function is refused as it is set, as a misspelt key is.
                expect.error(function() nav.delegate = { willShow = "not a function" } end,
                  "'willShow' must be a function, got string")
                nav.delegate = {}
                nav:pushViewController(c, false)
                settle()
                expect [[
                  C.willMove(toParent: Nav)
                  C.viewDidLoad()
                  B.viewWillDisappear(false)
                  C.viewWillAppear(false)
                  B.viewDidDisappear(false)
                  C.viewDidAppear(false)
                  C.didMove(toParent: Nav)
                ]]
                tabs.delegate = { didSelect = function(owner, vc)
                  assert(rawequal(owner, tabs) and rawequal(vc, t2))
                  note("didSelect")
                end }
                user.tapTab(tabs, 2)
                settle()
                expect [[
                  T2.viewDidLoad()
                  T2.viewWillAppear(false)
                  Nav.viewWillDisappear(false)
                  C.viewWillDisappear(false)
                  Tabs.delegate.didSelect(T2)
                  note: didSelect
                  Nav.viewDidDisappear(false)
                  C.viewDidDisappear(false)
                  T2.viewDidAppear(false)
                ]]
                trace.clear()
                tabs.delegate = {}
                user.tapTab(tabs, 1)
                settle()
                expect.equal(tabs.selectedIndex, 1)
                for _, line in ipairs(trace.lines()) do assert(not line:find("delegate", 1, true), line) end
                nav.delegate = nil
                expect.equal(nav.delegate, nil)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("shouldSelect must return true: any other answer keeps the tab (TAB-05, D-24)")
    func nonTrueAnswerKeepsTab() {
        let result = failure(
            of: """
                local t1, t2 = Controller "T1", Controller "T2"
                local tabs = TabBarController { "Tabs", t1, t2 }
                Window { root = tabs }
                settle()
                local answer
                tabs.delegate = {
                  shouldSelect = function(owner, vc) return answer end,
                  didSelect = function(owner, vc) note("didSelect " .. vc.name) end,
                }
                for _, value in ipairs({ false, 1, 0, "true", {} }) do
                  answer = value
                  user.tapTab(tabs, 2)
                  settle()
                  expect.equal(tabs.selectedIndex, 1, "answer " .. tostring(value))
                end
                answer = nil
                user.tapTab(tabs, 2)
                settle()
                expect.equal(tabs.selectedIndex, 1, "answer nil")
                expect.equal(t2.isViewLoaded, false)
                trace.clear()
                answer = true
                user.tapTab(tabs, 2)
                settle()
                expect.equal(tabs.selectedIndex, 2)
                expect [[
                  Tabs.delegate.shouldSelect(T2)
                  T2.viewDidLoad()
                  T2.viewWillAppear(false)
                  T1.viewWillDisappear(false)
                  Tabs.delegate.didSelect(T2)
                  note: didSelect T2
                  T1.viewDidDisappear(false)
                  T2.viewDidAppear(false)
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    // MARK: Arguments and handles

    @Test("bad arguments give luaL_argerror-shaped messages with the script's line")
    func badArguments() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a }
                local tabs = TabBarController { "Tabs", Controller "T1", Controller "T2", Controller "T3" }
                expect.error(function() nav:pushViewController("x") end, "test.lua:4: bad argument #1 to 'pushViewController' (Controller expected, got string)")
                expect.error(function() nav:pushViewController() end, "bad argument #1 to 'pushViewController' (Controller expected, got no value)")
                expect.error(function() nav:pushViewController(b, "yes") end, "bad argument #2 to 'pushViewController' (boolean expected, got string)")
                expect.error(function() nav.pushViewController(b) end, "test.lua:7: calling 'pushViewController' on bad self")
                expect.error(function() nav.popViewController() end, "calling 'popViewController' on bad self")
                expect.error(function() nav.viewControllers = { a, "b" } end, "test.lua:9: bad value for 'viewControllers' (list of controllers expected, item 2 is a string)")
                expect.error(function() nav:setViewControllers({ a, 3 }) end, "bad argument #1 to 'setViewControllers' (list of controllers expected, item 2 is a number)")
                expect.error(function() nav:setViewControllers(a) end, "bad argument #1 to 'setViewControllers' (list of controllers expected, got")
                expect.error(function() tabs.viewControllers = { b, true } end, "bad value for 'viewControllers' (list of controllers expected, item 2 is a boolean)")
                expect.error(function() tabs.selectedIndex = 9 end, "test.lua:13: selectedIndex 9 is out of range for Tabs (valid: 1 to 3)")
                expect.error(function() tabs.selectedIndex = 0 end, "selectedIndex 0 is out of range for Tabs (valid: 1 to 3)")
                expect.error(function() user.tapTab(a, 1) end, "test.lua:15: bad argument #1 to 'tapTab' (TabBarController expected, got Controller)")
                expect.error(function() user.tapTab(nav, 1) end, "bad argument #1 to 'tapTab' (TabBarController expected, got NavigationController)")
                expect.error(function() user.tapBack(tabs) end, "bad argument #1 to 'tapBack' (NavigationController expected, got TabBarController)")
                expect.error(function() user.swipeBack("Nav") end, "bad argument #1 to 'swipeBack' (NavigationController expected, got string)")
                expect.equal(#nav.viewControllers, 1)
                expect.equal(#tabs.viewControllers, 3)
                expect.equal(tabs.selectedIndex, 1)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a refused push raises UIKit's exception at the script's line and changes nothing")
    func refusedPush() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a, b }
                Window { root = nav }
                settle()
                trace.clear()
                expect.error(function() nav:pushViewController(a) end, "test.lua:6: NSInvalidArgumentException: Nav is pushing the same view controller instance (A)")
                expect.error(function() nav:pushViewController(NavigationController "Inner") end, "NSInvalidArgumentException: Pushing a navigation controller is not supported")
                expect.error(function() nav:popToViewController(Controller "X") end, "NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist.")
                settle()
                expect.equal(#nav.viewControllers, 2)
                expect.equal(nav.topViewController, b)
                expect [[ ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("tostring names the kind and the controller")
    func tostringOfContainers() {
        let result = failure(
            of: """
                local nav = NavigationController { "Nav", Controller "A" }
                local tabs = TabBarController { "Tabs", Controller "T1" }
                expect.equal(tostring(nav), "NavigationController Nav")
                expect.equal(tostring(tabs), "TabBarController Tabs")
                expect.equal(tostring(NavigationController()), "NavigationController Navigation1")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a handle from before a reset, given to a container, gives the stale-handle message and changes nothing")
    func staleHandleArgument() {
        let session = Session()
        let first = failure(
            of: """
                kept = Controller "A"
                keptTabs = TabBarController { "OldTabs", Controller "T" }
                """, in: session)
        #expect(first == nil, "\(text(first))")
        session.resetWorld()
        let result = failure(
            of: """
                local r = Controller "R"
                local nav = NavigationController { "Nav", r }
                local stale = "belongs to a world that no longer exists"
                expect.error(function() nav:pushViewController(kept) end, "test.lua:4: this object " .. stale)
                expect.error(function() nav:setViewControllers({ r, kept }) end, stale)
                expect.error(function() nav.viewControllers = { kept } end, stale)
                expect.error(function() nav:popToViewController(kept) end, stale)
                expect.error(function() NavigationController { "Nav2", kept } end, stale)
                expect.error(function() user.tapTab(keptTabs, 1) end, stale)
                expect.equal(#nav.viewControllers, 1)
                expect.equal(nav.topViewController, r)
                """, in: session)
        #expect(result == nil, "\(text(result))")
    }

    // MARK: The swipe gesture

    @Test("the swipe's handle shows its state and fraction; finishing a cancelled swipe is an error")
    func gestureHandle() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a, b }
                Window { root = nav }
                settle()
                local g = user.swipeBack(nav)
                expect.equal(g.state, "began")
                expect.equal(g.fraction, 0)
                expect.equal(#nav.viewControllers, 1)
                g:update(0.25)
                expect.equal(g.state, "changed")
                expect.equal(g.fraction, 0.25)
                expect.error(function() g:update(1.5) end, "takes a fraction from 0 to 1")
                expect.equal(g.fraction, 0.25)
                g:cancel()
                expect.equal(g.state, "cancelling")
                settle()
                expect.equal(g.state, "cancelled")
                expect.error(function() g:finish() end, "test.lua:18: cannot finish a swipe that has already been cancelled")
                expect.equal(#nav.viewControllers, 2)
                expect.equal(b.parent, nav)
                expect.equal(b.appearance, "appeared")
                expect.equal(a.appearance, "disappeared")
                local g2 = user.swipeBack(nav)
                expect.equal(rawequal(g, g2), false)
                g2:update(0.6)
                g2:finish()
                expect.equal(g2.state, "finishing")
                settle()
                expect.equal(g2.state, "finished")
                expect.error(function() g2:cancel() end, "already finished")
                expect.equal(#nav.viewControllers, 1)
                expect.equal(a.appearance, "appeared")
                expect.error(function() user.swipeBack(nav) end, "shows its root view controller")
                """)
        #expect(result == nil, "\(text(result))")
    }
}
