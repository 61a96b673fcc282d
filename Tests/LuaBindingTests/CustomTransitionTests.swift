import HierarchyEngine
import Testing

@testable import LuaBinding

/// Custom transitions from Lua (SPEC §9.2, BEHAVIOR CUS): bad input is named at its line,
/// an animator's errors reach the script, and `:tree` shows a transition an animator holds.
@Suite("Custom transitions")
struct CustomTransitionTests {
    @Test("a delegate that answers with something other than an animator is an error at the present's line")
    func badAnimatorAnswer() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local win = Window { root = A }
                settle()
                B.transitioningDelegate = { animationControllerForPresented = function() return "slide" end }
                expect.error(function() A:present(B, true) end, "test.lua:5: animationControllerForPresented must return an animator")
                expect.error(function() Animator { duration = 1 } end, "'animateTransition' must be a function, got nil")
                expect.error(function() Animator { animateTransition = print, duration = -1 } end, "finite number of seconds")
                expect.error(function() Animator { 3, animateTransition = print } end, "first item must be a name (string), got number")
                expect.error(function() PresentationController { shouldRemovePresentersView = "yes" } end,
                  "'shouldRemovePresentersView' must be a boolean, got string")
                expect.error(function() B.transitioningDelegate = 3 end, "table of delegate functions expected, got number")
                expect.error(function() Animator { "S", duraton = 1, animateTransition = print } end,
                  "test.lua:12: Animator: no field 'duraton' (did you mean 'duration'?)")
                expect.error(function() PresentationController { shouldRemovePresentersVeiw = true } end,
                  "no field 'shouldRemovePresentersVeiw' (did you mean 'shouldRemovePresentersView'?)")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("what a delegate returns is checked as the constructors check it; a delegate table takes UIKit's names only")
    func delegateAnswersChecked() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local win = Window { root = A }
                settle()
                B.modalPresentationStyle = "custom"
                B.transitioningDelegate = { presentationController = function()
                  return { shouldRemovePresentersView = "no" } end }
                expect.error(function() A:present(B, true) end,
                  "test.lua:7: presentationController returned a table that is not right: "
                    .. "presentationController: 'shouldRemovePresentersView' must be a boolean, got string")
                -- As with any error in the client's code, the call went on (D-11): UIKit's own
                -- presentation controller presents.
                settle()
                A:dismiss(false)
                settle()
                B.transitioningDelegate = { animationControllerForPresented = function()
                  return { animateTransition = print, duration = "fast" } end }
                expect.error(function() A:present(B, true) end, "'duration' must be a number, got string")
                settle()
                A:dismiss(false)
                settle()
                expect.error(function() B.transitioningDelegate = { animationControllerForPresnted = print } end,
                  "no field 'animationControllerForPresnted' (did you mean 'animationControllerForPresented'?)")
                expect.error(function() B.transitioningDelegate = { animationControllerForPresented = {} } end,
                  "'animationControllerForPresented' must be a function, got table")
                B.transitioningDelegate = { interactionControllerForPresentation = function() return nil end }
                expect.equal(A.presentedViewController, nil)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test(
        "an interactive custom pop whose window hides while the finger holds it is cancelled at once; the animator's late call changes nothing"
    )
    func interactivePopEndedAtOnce() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", A }
                local win = Window { root = nav }
                settle()
                local interaction = PercentDrivenInteractiveTransition()
                local kept
                nav.delegate = {
                  animationControllerFor = function()
                    return Animator { "Back", duration = 0.4, animateTransition = function(self, ctx) kept = ctx end }
                  end,
                  interactionControllerFor = function() return interaction end }
                nav:pushViewController(B, true)
                settle()
                kept:completeTransition(true)
                nav:popViewController(true)
                settle()
                interaction:update(0.5)
                trace.clear()
                win.isHidden = true
                settle()
                expect [[
                  A.viewWillDisappear(true)
                  A.viewDidDisappear(true)
                  B.viewWillAppear(true)
                  B.viewDidAppear(true)
                  Back.animationEnded(false)
                  Nav.viewWillDisappear(false)
                  B.viewWillDisappear(false)
                  Nav.viewDidDisappear(false)
                  B.viewDidDisappear(false)
                ]]
                expect.equal(interaction.state, "cancelled")
                expect.equal(nav.topViewController, B)
                kept:completeTransition(true)
                expect [[ ]]
                expect.equal(#nav.viewControllers, 2)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error in a held animation's completion fails the scenario at its line, after the transition completed")
    func heldCompletionError() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", A }
                local win = Window { root = nav }
                settle()
                local interaction = PercentDrivenInteractiveTransition()
                nav.delegate = {
                  animationControllerFor = function()
                    return Animator { "Back", duration = 0.4, animateTransition = function(self, ctx)
                      animate(ctx.duration, function() end, function()
                        ctx:completeTransition(not ctx.transitionWasCancelled)
                        note("completed: " .. tostring(nav.topViewController))
                        error("done failed")
                      end)
                    end }
                  end,
                  interactionControllerFor = function() return interaction end }
                nav:pushViewController(B, true)
                settle()
                interaction:finish()
                settle()
                note "not reached"
                """)
        #expect(result?.location == "test.lua:12")
        #expect(result?.message == "done failed")
    }

    @Test("an interaction controller answer that is not one is an error at the line of the call that asked")
    func badInteractionAnswer() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", A }
                local win = Window { root = nav }
                settle()
                nav.delegate = {
                  animationControllerFor = function()
                    return Animator { "Back", duration = 0.1, animateTransition = function(self, ctx)
                      after(ctx.duration, function() ctx:completeTransition(true) end)
                    end }
                  end,
                  interactionControllerFor = function() return "fast" end }
                expect.error(function() nav:pushViewController(B, true) end,
                  "test.lua:12: interactionControllerFor must return a PercentDrivenInteractiveTransition() or nil, got string")
                -- As with any error in the client's code, the call went on without it (D-11).
                settle()
                expect.equal(nav.topViewController, B)
                expect.equal(B.view.window, win)
                B.transitioningDelegate = { interactionControllerForPresentation = 3 }
                """)
        #expect(
            result?.message.contains("'interactionControllerForPresentation' must be a function, got number") == true)
        #expect(result?.location == "test.lua:18")
    }

    @Test(
        "an interaction given while it drives another transition is not used: a warning, and the second runs on its own"
    )
    func interactionDrivingTwo() {
        let result = failure(
            of: """
                local A, B, C = Controller "A", Controller "B", Controller "C"
                local nav = NavigationController { "Nav", A }
                local win = Window { root = nav }
                local D = Controller "D"
                local win2 = Window { root = D }
                settle()
                local interaction = PercentDrivenInteractiveTransition()
                local function slide()
                  return Animator { "Slide", duration = 0.2, animateTransition = function(self, ctx)
                    if ctx.to == C then ctx.containerView:addSubview(ctx.toView) end
                    animate(ctx.duration, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
                  end }
                end
                nav.delegate = { animationControllerFor = slide, interactionControllerFor = function() return interaction end }
                nav:pushViewController(B, true)
                settle()
                C.modalPresentationStyle = "custom"
                C.transitioningDelegate = {
                  animationControllerForPresented = slide,
                  interactionControllerForPresentation = function() return interaction end }
                trace.clear()
                D:present(C, true)
                expect [[
                  C.transitioningDelegate.animationControllerForPresented(C, presenting: D, source: D)
                  C.transitioningDelegate.interactionControllerForPresentation(Slide)
                  warning: C.transitioningDelegate: the interaction controller given drives another transition still; this one runs without it
                ]]
                settle()
                expect.equal(D.presentedViewController, C)
                expect.equal(C.viewIfLoaded ~= nil and C.view.window, win2)
                expect.equal(interaction.state, "began")
                interaction:finish()
                settle()
                expect.equal(nav.topViewController, B)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a navigation or tab bar delegate's animator is checked as Animator {} checks it")
    func containerDelegateAnswersChecked() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", A }
                local win = Window { root = nav }
                settle()
                nav.delegate = { animationControllerFor = function()
                  return { animateTransition = print, duration = "fast" } end }
                expect.error(function() nav:pushViewController(B, true) end,
                  "test.lua:7: animationControllerFor returned a table that is not right: "
                    .. "animationControllerFor: 'duration' must be a number, got string")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a controller catching up with a rotation it missed gets a coordinator with its willTransition")
    func catchUpCoordinator() {
        let result = failure(
            of: """
                local seen
                local A = Controller { "A", willTransition = function(self, traits, c)
                  seen = c
                  c:animate(function() note "alongside" end, function() note "completion" end)
                end }
                local B = Controller "B"
                local nav = NavigationController { "Nav", A }
                local win = Window { root = nav }
                settle()
                nav:pushViewController(B, false)
                settle()
                win.size = {844, 390}
                settle()
                nav:popViewController(false)
                settle()
                assert(seen ~= nil)
                expect.order [[ A.willTransition ... note: alongside ... A.viewWillAppear ... note: completion ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error raised in animateTransition fails the scenario at the line that led to it")
    func animatorError() {
        let result = failure(
            of: """
                local A, B = Controller "A", Controller "B"
                local win = Window { root = A }
                settle()
                B.transitioningDelegate = { animationControllerForPresented = function()
                  return { animateTransition = function(self, ctx) error("animation broke") end }
                end }
                A:present(B, true)
                settle()
                """)
        #expect(result?.message.contains("animation broke") == true, "\(text(result))")
        #expect(result?.location == "test.lua:5", "\(text(result))")
    }

    @Test("unnamed animators are named in the order first seen, and the name is written in the table")
    func unnamedAnimators() {
        let result = failure(
            of: """
                local A = Controller "A"
                local win = Window { root = A }
                settle()
                local first = { animateTransition = function(self, ctx)
                  ctx.containerView:addSubview(ctx.toView); ctx:completeTransition(true) end }
                local second = { animateTransition = first.animateTransition }
                for i, animator in ipairs { first, second, first } do
                  local B = Controller("B" .. i)
                  B.modalPresentationStyle = "fullScreen"
                  B.transitioningDelegate = { animationControllerForPresented = function() return animator end }
                  A:present(B, false)
                  settle()
                  A:dismiss(false)
                  settle()
                end
                expect.equal(first.name, "Animator")
                expect.equal(second.name, "Animator#2")
                local names = {}
                for _, line in ipairs(trace.lines()) do
                  local name = line:match("^(Animator[#%d]*)%.animateTransition")
                  if name then names[#names + 1] = name end
                end
                expect.equal(table.concat(names, " "), "Animator Animator#2 Animator")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test(":tree marks a presentation whose animator has not completed, and a presented view it never added")
    func treeShowsTransitionInFlight() {
        let console = Console()
        for line in [
            "A = Controller 'A'", "win = Window { root = A }", "settle()", "B = Controller 'B'",
            "B.modalPresentationStyle = 'custom'",
            "stuck = Animator { 'Stuck', animateTransition = function(self, ctx) kept = ctx end }",
            "B.transitioningDelegate = { animationControllerForPresented = function() return stuck end }",
            "A:present(B, true)", "settle()",
        ] {
            _ = console.submit(line)
        }
        guard case .output(let during) = console.submit(":tree") else {
            Issue.record("no tree")
            return
        }
        #expect(
            during.contains(
                "presents <Controller B, appearing> (custom), transition in flight (Stuck), view not in a window"),
            "\(during)")
        _ = console.submit("kept:completeTransition(true)")
        _ = console.submit("settle()")
        guard case .output(let after) = console.submit(":tree") else {
            Issue.record("no tree")
            return
        }
        #expect(after.contains("presents <Controller B, appeared> (custom), view not in a window"), "\(after)")
        #expect(!after.contains("in flight"), "\(after)")
    }
}
