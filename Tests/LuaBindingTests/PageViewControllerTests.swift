import HierarchyEngine
import Testing

@testable import LuaBinding

/// The page view controller from Lua (SPEC §9.2, BEHAVIOR PAG): bad input is named at its
/// line, and the client's errors in a data source or a completion reach the script.
@Suite("Page view controller")
struct PageViewControllerTests {
    @Test("a data source that answers with something other than a controller is an error at the swipe's line")
    func badDataSourceAnswer() {
        let result = failure(
            of: """
                local P1 = Controller "P1"
                local pages = PageViewController { "Pages",
                  dataSource = { viewControllerAfter = function() return "P2" end } }
                local win = Window { root = pages }
                pages:setViewControllers({ P1 }, "forward", false)
                settle()
                expect.error(function() user.swipePage(pages, "forward") end,
                  "test.lua:7: viewControllerAfter must return a controller or nil, got string")
                expect.equal(pages.viewControllers, { P1 })
                expect.error(function() PageViewController { "X", transitionStyl = "scroll" } end,
                  "did you mean 'transitionStyle'")
                expect.error(function() pages:setViewControllers({ P1 }, "sideways") end, "is not a direction")
                expect.error(function() pages:setViewControllers(P1, "forward") end, "list of controllers expected")
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("delegate and data source tables take their protocol's method names only, as functions")
    func delegateKeysChecked() {
        let result = failure(
            of: """
                local pages = PageViewController { "Pages" }
                expect.error(function() pages.dataSource = { viewControllerAftr = print } end,
                  "no field 'viewControllerAftr' (did you mean 'viewControllerAfter'?)")
                expect.error(function() pages.delegate = { didFinishAnimation = print } end,
                  "(did you mean 'didFinishAnimating'?)")
                expect.error(function() pages.dataSource = { viewControllerAfter = Controller "P2" } end,
                  "'viewControllerAfter' must be a function, got")
                local nav = NavigationController { "Nav", Controller "A" }
                expect.error(function() nav.delegate = { animationControllerForOperation = print } end,
                  "no field 'animationControllerForOperation'; it takes willShow, didShow, animationControllerFor")
                expect.error(function() nav.delegate = { shouldSelect = print } end, "no field 'shouldSelect'")
                local tabs = TabBarController { "Tabs", Controller "T1" }
                expect.error(function() tabs.delegate = { didSelectt = print } end, "(did you mean 'didSelect'?)")
                local B = Controller "B"
                expect.error(function() B.presentationController.delegate = { didDismis = print } end,
                  "(did you mean 'didDismiss'?)")
                nav.delegate = { willShow = print, interactionControllerFor = print }
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("a page that would contain the page view controller, or one given twice, is refused before anything changes")
    func refusedPages() {
        let result = failure(
            of: """
                local P1 = Controller "P1"
                local pages = PageViewController { "Pages" }
                local nav = NavigationController { "Nav", pages }
                trace.clear()
                expect.error(function() pages:setViewControllers({ nav }, "forward", false) end, "it would contain itself")
                local book = PageViewController { "Book", transitionStyle = "pageCurl", spineLocation = "mid" }
                expect.error(function() book:setViewControllers({ P1, P1 }, "forward", false) end, "P1 is given twice")
                expect [[ ]]
                expect.equal(#pages.viewControllers, 0)
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("an error in a set's completion fails the scenario at its line; the set is done")
    func completionError() {
        let result = failure(
            of: """
                local P1 = Controller "P1"
                local pages = PageViewController { "Pages" }
                local win = Window { root = pages }
                pages:setViewControllers({ P1 }, "forward", false, function(finished) error("no " .. tostring(finished)) end)
                note "not reached"
                """)
        #expect(result?.location == "test.lua:4")
        #expect(result?.message.contains("no true") == true)
    }

    @Test("a page taken by another container leaves the page view controller's pages")
    func pageTakenElsewhere() {
        let result = failure(
            of: """
                local P1 = Controller "P1"
                local pages = PageViewController { "Pages" }
                local win = Window { root = pages }
                pages:setViewControllers({ P1 }, "forward", false)
                settle()
                local other = Controller "Other"
                other:addChild(P1)
                expect.equal(#pages.viewControllers, 0)
                expect.equal(P1.parent, other)
                """)
        #expect(result == nil, "\(text(result))")
    }
}
