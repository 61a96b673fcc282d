import HierarchyEngine
import LuaBinding
import Testing

/// The presentation API as scripts use it (SPEC §3.3, §3.4): style names, the presentation
/// controller's handle and delegate, window geometry, and errors raised inside completions and
/// delegate functions, which reach the script and leave the engine consistent (D-11, STYLE rule 2).
@Suite("Presentation API")
struct PresentationAPITests {
    // MARK: Names and properties

    @Test("style names are UIKit's case names; a misspelt one is an error that lists the valid ones")
    func styleNames() {
        let result = failure(
            of: """
                local b = Controller "B"
                expect.equal(b.modalPresentationStyle, "pageSheet")
                expect.equal(b.modalTransitionStyle, "coverVertical")
                b.modalPresentationStyle = "automatic"
                expect.equal(b.modalPresentationStyle, "pageSheet", "automatic reads as a concrete style (PRE-16)")
                local styles = '"fullScreen", "pageSheet", "formSheet", "currentContext", "custom", "overFullScreen", '
                  .. '"overCurrentContext", "popover", "automatic", "none"'
                expect.error(function() b.modalPresentationStyle = "fullscreen" end,
                  'test.lua:8: "fullscreen" is not a modalPresentationStyle (did you mean "fullScreen"?); valid names: ' .. styles)
                expect.error(function() b.modalPresentationStyle = "sheet" end,
                  '"sheet" is not a modalPresentationStyle; valid names: ' .. styles)
                expect.error(function() b.modalTransitionStyle = "crossDisolve" end,
                  '"crossDisolve" is not a modalTransitionStyle (did you mean "crossDissolve"?); valid names: '
                  .. '"coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"')
                expect.error(function() b.modalPresentationStyle = 3 end,
                  "bad value for 'modalPresentationStyle' (string expected, got number)")
                expect.error(function() Controller { "C", modalPresentationStyle = "overFullscreen" } end,
                  '"overFullscreen" is not a modalPresentationStyle (did you mean "overFullScreen"?)')
                expect.equal(b.modalPresentationStyle, "pageSheet")
                local d = Controller { "D", modalPresentationStyle = "overCurrentContext", modalTransitionStyle = "crossDissolve",
                  isModalInPresentation = true, providesPresentationContextTransitionStyle = true, definesPresentationContext = true }
                expect.equal(d.modalPresentationStyle, "overCurrentContext")
                expect.equal(d.modalTransitionStyle, "crossDissolve")
                expect.equal(d.isModalInPresentation, true)
                expect.equal(d.providesPresentationContextTransitionStyle, true)
                expect.equal(d.definesPresentationContext, true)
                expect.equal(d.isBeingPresented, false)
                expect.equal(d.isBeingDismissed, false)
                expect.error(function() d.isBeingPresented = true end, "test.lua:29: Controller D: 'isBeingPresented' is read-only")
                expect.error(function() d.isBeingDismissed = false end, "Controller D: 'isBeingDismissed' is read-only")
                expect.error(function() d.presentedViewController = b end, "'presentedViewController' is read-only")
                expect.error(function() return d.presentationControler end,
                  "Controller D has no property 'presentationControler' (did you mean 'presentationController'?)")
                expect.error(function() d.isModalInPresentation = "yes" end,
                  "bad value for 'isModalInPresentation' (boolean expected, got string)")
                expect.equal(ios, 17)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("under the iOS 12 profile the default style reads fullScreen and `ios` is 12 (M-12)")
    func profileTwelve() {
        let result = failure(
            of: """
                expect.equal(ios, 12)
                local a, b = Controller "A", Controller "B"
                expect.equal(b.modalPresentationStyle, "fullScreen")
                Window { root = a }
                settle()
                trace.clear()
                a:present(b)
                settle()
                expect [[
                  B.viewDidLoad()
                  A.viewWillDisappear(true)
                  B.viewWillAppear(true)
                  B.traitCollectionDidChange(nil)
                  B.viewDidAppear(true)
                  A.viewDidDisappear(true)
                ]]
                """, in: Session(profile: Profile(iosVersion: 12)))
        #expect(result == nil, "\(text(result))")
    }

    @Test("presentationController is one handle per presented tree, with its members and their errors")
    func presentationControllerHandle() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                Window { root = a }
                settle()
                local pc = b.presentationController
                expect.equal(tostring(pc), "PresentationController B.presentationController")
                assert(rawequal(pc, b.presentationController), "the same controller gives the same handle")
                expect.equal(pc.presentedViewController, b)
                expect.equal(pc.presentingViewController, nil)
                expect.equal(pc.presentationStyle, "pageSheet")
                expect.equal(pc.transitionStyle, "coverVertical")
                expect.equal(pc.shouldRemovePresentersView, false)
                expect.equal(pc.delegate, nil)
                local d = { didDismiss = function() end }
                pc.delegate = d
                assert(rawequal(pc.delegate, d), "the delegate reads back as the same table")
                pc.shouldRemovePresentersView = true
                expect.equal(pc.shouldRemovePresentersView, true)
                expect.error(function() return pc.foo end, "test.lua:18: PresentationController B.presentationController has no property 'foo'")
                expect.error(function() return pc.presentationstyle end, "has no property 'presentationstyle' (did you mean 'presentationStyle'?)")
                expect.error(function() pc.presentationStyle = "fullScreen" end,
                  "PresentationController B.presentationController: 'presentationStyle' is read-only")
                expect.error(function() pc.transitionStyle = "crossDissolve" end, "'transitionStyle' is read-only")
                expect.error(function() pc.presentedViewController = a end, "'presentedViewController' is read-only")
                expect.error(function() pc.delegate = 3 end, "bad value for 'delegate' (table of delegate functions expected, got number)")
                expect.error(function() pc.shouldRemovePresentersView = 1 end,
                  "bad value for 'shouldRemovePresentersView' (boolean expected, got number)")
                expect.error(function() pc.viewWillAppear = function() end end, "has no property 'viewWillAppear'")
                pc.delegate = nil
                expect.equal(pc.delegate, nil)
                b.modalPresentationStyle = "custom"
                b.modalTransitionStyle = "flipHorizontal"
                trace.clear()
                a:present(b, false)
                expect.equal(pc.presentingViewController, a)
                expect.equal(pc.presentationStyle, "custom")
                expect.equal(pc.transitionStyle, "flipHorizontal")
                settle()
                expect [[
                  B.viewDidLoad()
                  A.viewWillDisappear(false)
                  B.viewWillAppear(false)
                  B.viewDidAppear(false)
                  A.viewDidDisappear(false)
                ]]
                a:dismiss(false)
                settle()
                local x = Controller "X"
                local nav = NavigationController { "Nav", x }
                a:present(nav, false)
                settle()
                assert(rawequal(x.presentationController, nav.presentationController), "a child shares its presented container's")
                expect.equal(x.presentingViewController, a)
                expect.equal(a.presentedViewController, nav)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("Window takes size and traits, reads them back, and names what is wrong with them (D-31)")
    func windowGeometry() {
        let result = failure(
            of: """
                local w = Window { root = Controller "A" }
                expect.equal(w.size[1], 390)
                expect.equal(w.size[2], 844)
                expect.equal(#w.size, 2)
                expect.equal(w.traitCollection.horizontalSizeClass, "compact")
                expect.equal(w.traitCollection.verticalSizeClass, "regular")
                local side = Window { size = {844, 390}, visible = false }
                expect.equal(side.traitCollection.horizontalSizeClass, "compact")
                expect.equal(side.traitCollection.verticalSizeClass, "compact")
                local big = Window { size = {932, 430}, visible = false }
                expect.equal(big.traitCollection.horizontalSizeClass, "regular")
                expect.equal(big.traitCollection.verticalSizeClass, "compact")
                local pad = Window { size = {1024, 1366}, traits = { verticalSizeClass = "compact" }, visible = false }
                expect.equal(pad.traitCollection.horizontalSizeClass, "regular")
                expect.equal(pad.traitCollection.verticalSizeClass, "compact")
                expect.equal(pad.size[1], 1024)
                local forced = Window { traits = { horizontalSizeClass = "regular" }, visible = false }
                expect.equal(forced.size[1], 390)
                expect.equal(forced.traitCollection.horizontalSizeClass, "regular")
                expect.equal(forced.traitCollection.verticalSizeClass, "regular")
                local count = #trace.all()
                expect.error(function() Window { size = {1} } end, "test.lua:22: Window { … }: size must be a list of two numbers, as in size = {390, 844}")
                expect.error(function() Window { size = "big" } end, "Window { … }: size must be a list of two numbers")
                expect.error(function() Window { size = {0, 5} } end, "Window { … }: size must be two positive numbers, as in size = {390, 844}")
                expect.error(function() Window { size = {390, 0/0} } end, "size must be two positive numbers")
                expect.error(function() Window { traits = "regular" } end,
                  'Window { … }: traits must be a table, as in traits = { horizontalSizeClass = "regular" }')
                expect.error(function() Window { traits = { horizontal = "regular" } } end,
                  "Window { … }: unknown trait 'horizontal'; valid traits: horizontalSizeClass, verticalSizeClass")
                expect.error(function() Window { traits = { horizontalSizeClass = "big" } } end,
                  'Window { … }: horizontalSizeClass must be "compact" or "regular", got "big"')
                expect.error(function() Window { sizes = {1, 2} } end,
                  "Window { … }: unknown option 'sizes'; valid options: device, name, orientation, root, size, traits, visible")
                expect.error(function() w.size = {1} end, "test.lua:34: size must be a list of two numbers, as in size = {390, 844}")
                expect.error(function() w.traitCollection = { width = "regular" } end, "unknown trait 'width'")
                expect.equal(#trace.all(), count, "a refused Window makes nothing")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test(
        "present and dismiss check their arguments, and UIKit's refusals come as errors and warnings at the script's line"
    )
    func argumentsAndRefusals() {
        let result = failure(
            of: """
                local a, b, c = Controller "A", Controller "B", Controller "C"
                Window { root = a }
                settle()
                trace.clear()
                expect.error(function() a:present("b") end, "test.lua:5: bad argument #1 to 'present' (Controller expected, got string)")
                expect.error(function() a:present(b, "yes") end, "bad argument #2 to 'present' (boolean expected, got string)")
                expect.error(function() a:present(b, true, 3) end, "bad argument #3 to 'present' (function expected, got number)")
                expect.error(function() a:dismiss(true, 3) end, "bad argument #2 to 'dismiss' (function expected, got number)")
                expect.error(function() a.present("A") end, "calling 'present' on bad self")
                expect.error(function() a:present() end,
                  "test.lua:10: NSInvalidArgumentException: Application tried to present a nil modal view controller on target A.")
                expect.error(function() a:present(a) end,
                  "NSInvalidArgumentException: Application tried to present modal view controller on itself. Presenting controller is A.")
                b.modalPresentationStyle = "none"
                expect.error(function() a:present(b) end, "NSInvalidArgumentException: B has modalPresentationStyle none, which cannot be presented.")
                expect [[ ]]
                b.modalPresentationStyle = "pageSheet"
                local done = false
                a:present(b, true, function() done = true end)
                a:present(c, true, function() error("never called") end)
                a:dismiss(true, function() error("never called") end)
                settle()
                expect.equal(done, true)
                a:present(c, false, function() error("never called") end)
                local x = Controller "X"
                x:present(c, false, function() error("never called") end)
                settle()
                expect [[
                  warning: Attempt to present C on A while a presentation is in progress!
                  warning: Attempt to dismiss from view controller A while a presentation or dismiss is in progress!
                  B.viewDidLoad()
                  B.viewWillAppear(true)
                  B.viewDidAppear(true)
                  warning: Attempt to present C on A (from A) which is already presenting B.
                  warning: Attempt to present C on X (from X) whose view is not in the window hierarchy.
                ]]
                expect.equal(c.isViewLoaded, false)
                expect.equal(a.presentedViewController, b)
                """)
        #expect(result == nil, "\(text(result))")
    }

    // MARK: Errors inside completions and delegate functions (D-11, STYLE rule 2)

    @Test(
        "a completion that raises reaches the script with its traceback; the presentation and the dismissal still complete"
    )
    func completionError() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local w = Window { root = a }
                settle()
                b.modalPresentationStyle = "fullScreen"
                trace.clear()
                a:present(b, true, function() error("boom in completion") end)
                local ok, message = pcall(settle)
                expect.equal(ok, false)
                assert(message:find("test.lua:6: boom in completion", 1, true), message)
                assert(message:find("stack traceback:", 1, true), message)
                assert(message:find("test.lua:7", 1, true), "the traceback names the settle() call: " .. message)
                expect.equal(a.presentedViewController, b)
                expect.equal(b.presentingViewController, a)
                expect.equal(b.isBeingPresented, false)
                expect.equal(b.appearance, "appeared")
                expect.equal(a.appearance, "disappeared")
                b:dismiss(false, function() error("boom in dismissal") end)
                ok, message = pcall(settle)
                expect.equal(ok, false)
                assert(message:find("test.lua:17: boom in dismissal", 1, true), message)
                assert(message:find("stack traceback:", 1, true), message)
                expect.equal(a.presentedViewController, nil)
                expect.equal(b.presentingViewController, nil)
                expect.equal(b.isBeingDismissed, false)
                expect.equal(a.appearance, "appeared")
                expect [[
                  B.viewDidLoad()
                  A.viewWillDisappear(true)
                  B.viewWillAppear(true)
                  B.viewDidAppear(true)
                  A.viewDidDisappear(true)
                  B.viewWillDisappear(false)
                  A.viewWillAppear(false)
                  A.viewDidAppear(false)
                  B.viewDidDisappear(false)
                ]]
                expect.equal(b.view.superview, nil)
                a:present(b, false)
                settle()
                expect.equal(b.appearance, "appeared", "a dismissed controller can be presented again")
                expect.equal(b.view.window, w)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an uncaught error in a completion fails the scenario at the completion's line")
    func uncaughtCompletionError() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                Window { root = a }
                settle()
                a:present(b, true, function()
                  local t = nil
                  return t.x
                end)
                """)
        #expect(result?.location == "test.lua:6", "\(text(result))")
        #expect(result?.message.contains("attempt to index a nil value") == true, "\(text(result))")
    }

    @Test("an override that raises while B is presented reaches the caller of the turn's end; the presentation goes on")
    func overrideErrorDuringPresent() {
        let result = failure(
            of: """
                local a = Controller "A"
                local b = Controller { "B", viewWillAppear = function(self) error("boom in B") end }
                Window { root = a }
                settle()
                a:present(b)
                local ok, message = pcall(function() advance(0) end)
                expect.equal(ok, false)
                assert(message:find("test.lua:2: boom in B", 1, true), message)
                assert(message:find("test.lua:6", 1, true), "the traceback names the advance call: " .. message)
                expect.equal(b.isBeingPresented, true)
                settle()
                expect.equal(b.appearance, "appeared")
                expect.equal(b.isBeingPresented, false)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test(
        "an adaptivePresentationStyle that raises answers nothing: the default adaptation applies and the error reaches the script"
    )
    func adaptiveDelegateError() {
        let result = failure(
            of: """
                local a = Controller "A"
                local b = Controller { "B", modalPresentationStyle = "popover" }
                Window { root = a }
                settle()
                local seen
                b.presentationController.delegate = { adaptivePresentationStyle = function(pc, traits)
                  seen = { pc = pc, h = traits.horizontalSizeClass, v = traits.verticalSizeClass }
                  error("boom in adaptive")
                end }
                trace.clear()
                local ok, message = pcall(function() a:present(b, false) end)
                expect.equal(ok, false)
                assert(message:find("test.lua:8: boom in adaptive", 1, true), message)
                assert(message:find("stack traceback:", 1, true), message)
                assert(message:find("in method 'present'", 1, true), message)
                assert(rawequal(seen.pc, b.presentationController), "the owner comes first")
                expect.equal(seen.h, "compact")
                expect.equal(seen.v, "regular")
                expect.equal(b.presentationController.presentationStyle, "fullScreen")
                expect.equal(a.presentedViewController, b)
                settle()
                expect [[
                  B.presentationController.delegate.adaptivePresentationStyle(traitCollection: (horizontalSizeClass: .compact, verticalSizeClass: .regular))
                  B.viewDidLoad()
                  A.viewWillDisappear(false)
                  B.viewWillAppear(false)
                  B.viewDidAppear(false)
                  A.viewDidDisappear(false)
                ]]
                b.presentationController.delegate = { adaptivePresentationStyle = function() return "overFullScreen" end }
                a:dismiss(false)
                settle()
                a:present(b, false)
                expect.equal(b.presentationController.presentationStyle, "overFullScreen")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an adaptivePresentationStyle that returns a misspelt name is a clear error; nothing is presented")
    func adaptiveMisspelt() {
        let result = failure(
            of: """
                local a = Controller "A"
                local b = Controller { "B", modalPresentationStyle = "popover" }
                Window { root = a }
                settle()
                b.presentationController.delegate = { adaptivePresentationStyle = function() return "overfullscreen" end }
                trace.clear()
                expect.error(function() a:present(b, true, function() error("never called") end) end,
                  'test.lua:7: adaptivePresentationStyle returned "overfullscreen", which is no presentation style; valid names: '
                  .. '"fullScreen", "pageSheet", "formSheet", "currentContext", "custom", "overFullScreen", "overCurrentContext", "popover", "automatic", "none"')
                settle()
                expect.equal(a.presentedViewController, nil)
                expect.equal(b.isViewLoaded, false)
                expect.equal(b.isBeingPresented, false)
                expect [[
                  B.presentationController.delegate.adaptivePresentationStyle(*)
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a shouldDismiss that raises answers no: only didAttemptToDismiss follows, and the error reaches the swipe")
    func shouldDismissError() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                Window { root = a }
                settle()
                b.presentationController.delegate = {
                  shouldDismiss = function(pc) error("boom in shouldDismiss") end,
                  willDismiss = function(pc) error("never called") end,
                  didAttemptToDismiss = function(pc) note("attempt " .. pc.presentedViewController.name) end,
                }
                a:present(b)
                settle()
                trace.clear()
                local ok, message = pcall(function() return user.swipeDown(b) end)
                expect.equal(ok, false)
                assert(message:find("test.lua:5: boom in shouldDismiss", 1, true), message)
                assert(message:find("stack traceback:", 1, true), message)
                assert(message:find("in field 'swipeDown'", 1, true), message)
                assert(message:find("test.lua:12", 1, true), "the traceback names the swipe: " .. message)
                settle()
                expect.equal(a.presentedViewController, b)
                expect.equal(b.appearance, "appeared")
                expect.equal(b.isBeingDismissed, false)
                expect [[
                  B.presentationController.delegate.shouldDismiss()
                  B.presentationController.delegate.didAttemptToDismiss()
                  note: attempt B
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    // MARK: The swipe down

    @Test("user.swipeDown returns the gesture; finishing it dismisses with the delegate's calls (PRE-04, D-34)")
    func swipeDownGesture() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                Window { root = a }
                settle()
                b.presentationController.delegate = {
                  shouldDismiss = function(pc) return true end,
                  willDismiss = function(pc) note("will") end,
                  didDismiss = function(pc) note("did") end,
                }
                a:present(b)
                settle()
                trace.clear()
                local g = user.swipeDown(b)
                expect.equal(tostring(g), "Gesture swipeDown(B), began")
                expect.equal(g.state, "began")
                expect.equal(b.isBeingDismissed, true)
                g:update(0.5)
                g:finish()
                expect.equal(g.state, "finishing")
                advance(0.2)
                expect.equal(a.presentedViewController, b)
                advance(0.05)
                expect.equal(g.state, "finished")
                expect.equal(a.presentedViewController, nil)
                expect [[
                  B.presentationController.delegate.shouldDismiss()
                  B.presentationController.delegate.willDismiss()
                  note: will
                  B.viewWillDisappear(true)
                  B.viewDidDisappear(true)
                  B.presentationController.delegate.didDismiss()
                  note: did
                ]]
                local c = Controller { "C", isModalInPresentation = true }
                a:present(c, false)
                settle()
                trace.clear()
                local refused = user.swipeDown(c)
                expect.equal(tostring(refused), "Gesture swipeDown(C), cancelled")
                expect.error(function() refused:finish() end,
                  "test.lua:39: cannot finish this swipeDown: it was refused as it began (the sheet stays)")
                expect [[ ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("user.swipeDown on anything but a settled sheet on screen is an error at the script's line (D-34)")
    func swipeDownErrors() {
        let result = failure(
            of: """
                local a, b, c = Controller "A", Controller "B", Controller "C"
                Window { root = a }
                settle()
                expect.error(function() user.swipeDown(a) end, "test.lua:4: A is not shown in a sheet: only a sheet can be swiped down")
                expect.error(function() user.swipeDown("B") end, "bad argument #1 to 'swipeDown' (Controller expected, got string)")
                expect.error(function() user.swipeDown() end, "bad argument #1 to 'swipeDown' (Controller expected, got no value)")
                b.modalPresentationStyle = "fullScreen"
                a:present(b)
                settle()
                expect.error(function() user.swipeDown(b) end, "B is not shown in a sheet: only a sheet can be swiped down")
                b:present(c)
                expect.error(function() user.swipeDown(c) end, "C is in a transition and ignores the swipe until it ends; settle() first")
                settle()
                c:present(Controller "D", false)
                settle()
                expect.error(function() user.swipeDown(c) end, "D covers C: swipe it down first")
                expect.equal(c.presentedViewController.name, "D")
                expect.equal(b.presentedViewController, c)
                """)
        #expect(result == nil, "\(text(result))")
    }

    // MARK: Many errors in one session (STYLE rule 2)

    @Test(
        "a thousand errors in completions and delegate functions unwind no Swift frame: nothing leaks and the session still works"
    )
    func manyErrors() {
        let session = Session()
        let counter = session.world.liveObjects
        let result = failure(
            of: """
                local a = Controller "A"
                Window { root = a }
                settle()
                local errors = 0
                local function count(wanted, ok, message)
                  if not ok and message:find(wanted, 1, true) and message:find("stack traceback:", 1, true) then
                    errors = errors + 1
                  end
                end
                for i = 1, 250 do
                  local b = Controller { "B" .. i, modalPresentationStyle = "popover" }
                  b.presentationController.delegate = {
                    adaptivePresentationStyle = function(pc, traits) error("adaptive " .. i) end,
                  }
                  count("adaptive " .. i, pcall(function()
                    a:present(b, i % 2 == 0, function() error("presented " .. i) end)
                  end))
                  count("presented " .. i, pcall(settle))
                  assert(a.presentedViewController == b and b.appearance == "appeared" and not b.isBeingPresented, "present " .. i)
                  b:dismiss(i % 2 == 1, function() error("dismissed " .. i) end)
                  count("dismissed " .. i, pcall(settle))
                  assert(a.presentedViewController == nil and b.appearance == "disappeared", "dismiss " .. i)
                  assert(a.appearance == "appeared", "A back " .. i)
                  local s = Controller("S" .. i)
                  s.presentationController.delegate = {
                    shouldDismiss = function() error("should " .. i) end,
                    didAttemptToDismiss = function() end,
                  }
                  a:present(s, false)
                  settle()
                  count("should " .. i, pcall(user.swipeDown, s))
                  assert(a.presentedViewController == s and s.appearance == "appeared", "swipe " .. i)
                  s:dismiss(false)
                  settle()
                  trace.clear()
                end
                expect.equal(errors, 1000)
                """, in: session)
        #expect(result == nil, "\(text(result))")
        #expect(counter.count > 1000)
        session.resetWorld()
        #expect(counter.count == 0, "engine objects outlived their world")
        let after = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                Window { root = a }
                settle()
                trace.clear()
                a:present(b, true, function() note("presented") end)
                settle()
                expect.equal(a.presentedViewController, b)
                expect [[
                  B.viewDidLoad()
                  B.viewWillAppear(true)
                  B.viewDidAppear(true)
                  note: presented
                ]]
                """, in: session)
        #expect(after == nil, "\(text(after))")
    }
}
