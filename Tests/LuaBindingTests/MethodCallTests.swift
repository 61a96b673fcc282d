import LuaBinding
import Testing

/// `name` and `title`; a method called with '.' where ':' was meant; suggestions by meaning
/// for UIKit's other names (D-81, D-82, D-84).
@Suite("Names, titles and calls written as app code")
struct MethodCallTests {
    @Test("title is a read-write string, nil by default; name is read-only")
    func titleAndName() {
        let result = failure(
            of: """
                local a = Controller "A"
                expect.equal(a.name, "A")
                expect.equal(a.title, nil)
                a.title = "Inbox"
                expect.equal(a.title, "Inbox")
                a.title = nil
                expect.equal(a.title, nil)
                local b = Controller { "B", title = "Settings" }
                local nav = NavigationController { "Nav", b }
                nav.title = "Root"
                expect.equal(b.title .. "/" .. nav.title, "Settings/Root")
                expect.error(function() a.title = 3 end, "test.lua:12: bad value for 'title' (string expected, got number)")
                expect.error(function() a.name = "Q" end, "'name' is read-only")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a.present(b) says to call it with ':' and changes nothing")
    func dotCallMissingArguments() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                Window { root = a }
                settle()
                expect.error(function() a.present(b) end,
                  "test.lua:4: 'present' was called with '.', so Controller B became its self and its arguments are "
                  .. "missing; call it with ':' (a:present(…), not a.present(…))")
                settle()
                expect.equal(a.presentedViewController, nil)
                expect.equal(b.presentedViewController, nil)
                local nav, c = NavigationController { "Nav", Controller "Root" }, Controller "C"
                expect.error(function() nav.pushViewController(nav) end, "'pushViewController' was called with '.'")
                expect.error(function() a.addChild(c) end, "so Controller C became its self")
                expect.error(function() c.willMove(a) end, "call it with ':' (a:willMove(…), not a.willMove(…))")
                expect.error(function() a.transition(b, c) end, "'transition' was called with '.'")
                expect.error(function() a.view.addSubview(c.view) end, "so View C.view became its self")
                expect.equal(#a.children, 0)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a shifted argument of the wrong type says to call it with ':' too")
    func dotCallShiftedArguments() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                expect.error(function() a.present(b, true) end,
                  "bad argument #1 to 'present' (Controller expected, got boolean); call it with ':' (a:present(…), not a.present(…))")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("calls with ':' keep their own errors, and explicit self with '.' still works")
    func colonAndExplicitCalls() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                expect.error(function() a:present() end, "nil modal view controller")
                local ok, message = pcall(function() a:present() end)
                assert(not message:find("call it with"), message)
                expect.error(function() a:addChild("x") end, "bad argument #1 to 'addChild' (Controller expected, got string)")
                ok, message = pcall(function() a:addChild("x") end)
                assert(not message:find("call it with"), message)
                a.addChild(a, b)
                expect.equal(b.parent, a)
                local remove = b.removeFromParent
                remove(b)
                expect.equal(b.parent, nil)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("UIKit's other names suggest the member they mean")
    func suggestionsByMeaning() {
        let result = failure(
            of: """
                local a = Controller "A"
                local nav = NavigationController { "Nav", Controller "Root" }
                local w = Window { root = nav }
                local function says(f, meant) expect.error(f, "(did you mean '" .. meant .. "'?)") end
                says(function() nav:push(a) end, "pushViewController")
                says(function() nav:pop() end, "popViewController")
                says(function() nav:popToRoot() end, "popToRootViewController")
                says(function() nav:popViewControllerAnimated(true) end, "popViewController")
                says(function() a:presentViewController(a) end, "present")
                says(function() a:dismissViewController() end, "dismiss")
                says(function() a:dismissViewControllerAnimated(true) end, "dismiss")
                says(function() a:addChildViewController(a) end, "addChild")
                says(function() a:removeFromParentViewController() end, "removeFromParent")
                says(function() a:willMoveToParentViewController(nil) end, "willMove")
                says(function() return a.childViewControllers end, "children")
                says(function() return a.parentViewController end, "parent")
                says(function() return nav.top end, "topViewController")
                says(function() return nav.rootViewController end, "viewControllers")
                says(function() return w.hidden end, "isHidden")
                says(function() w:makeKey() end, "makeKeyAndVisible")
                says(function() return a.viewDidLod end, "viewDidLoad")
                expect.error(function() a:push(nav) end, "Controller A has no property 'push'; a field of your own")
                expect.error(function() a:pushViewController(nav) end,
                  "Controller A has no property 'pushViewController' (NavigationController has it)")
                """)
        #expect(result == nil, "\(text(result))")
    }
}
