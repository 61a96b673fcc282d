import CLua
import HierarchyEngine

/// The user's hand (SPEC §3.4): gestures take UIKit's user paths, not the programmatic ones.
///
/// A touch arrives from outside the app, so it can only be handled in a turn of its own:
/// each gesture first ends the script's turn and runs what is due now (`advance(0)`), then
/// acts. Animations in flight keep running.
///
///     user.tapBack(nav)               -- popViewController(animated: true), as the back button does
///     local g = user.swipeBack(nav)   -- the interactive pop begins: will-callbacks now
///     g:update(0.4); g:cancel()       -- or g:finish(); settle() runs the rest of the animation
///     user.tapTab(tabs, 2)            -- shouldSelect, the switch, then didSelect
///     local s = user.swipeDown(sheet) -- shouldDismiss, willDismiss, will-callbacks now
///     s:finish()                      -- or s:cancel(); didDismiss after the did-callbacks
///     user.rotate(win)                -- width and height swap: willTransition, viewWillTransition, …
extension Session {
    /// Ends the script's turn so that the gesture gets a turn of its own.
    func deliverTouch() throws {
        try checkOutsideCallbacks("a gesture of `user`")
        try world.runLoop.advance(by: 0)
    }

    /// A swipe whose beginning ran an override that raised: the error goes to the
    /// `user.swipe…` call, so the script never holds the gesture to finish or cancel it. The
    /// finger lifts to cancel, so that the transition does not stay open for good (issue 17,
    /// item 8): the controllers turn back as a cancelled swipe's do.
    func liftIfBeginningRaised(_ swipe: InteractiveSwipe) -> InteractiveSwipe {
        if run.hasPendingError, swipe.state == .began { try? swipe.cancel() }
        return swipe
    }
}

/// The gestures, sorted by name.
let userFunctions: [APIFunction] = [
    // `user.rotate(win)`: the device turned a quarter; the window's width and height swap
    // and its traits follow from the new size (TRT-01), or from its device's table (D-133).
    APIFunction(
        "rotate", in: "user", parameters: "window: Window",
        doc:
            "Turns the device a quarter: the window's width and height swap and its traits follow, in a turn of its own."
    ) { call in
        guard let window = call.session.object(at: call.index(1), as: Window.self) else { throw call.fail(1, "Window") }
        try call.session.deliverTouch()
        window.rotate()
        return 0
    },
    APIFunction(
        "swipeBack", in: "user", parameters: "nav: NavigationController", returns: "Gesture",
        doc: "Begins the edge swipe that pops the top controller; returns the gesture to update, finish or cancel."
    ) { call in
        let nav = try navigation(call)
        try call.session.deliverTouch()
        call.session.push(call.session.liftIfBeginningRaised(try nav.beginInteractivePop()))
        return 1
    },
    APIFunction(
        "swipeDown", in: "user", parameters: "vc: Controller", returns: "Gesture",
        doc: "Begins the swipe down that dismisses the sheet `vc` is in; returns the gesture to finish or cancel."
    ) { call in
        let controller = try call.controller(1)
        try call.session.deliverTouch()
        call.session.push(call.session.liftIfBeginningRaised(try controller.userSwipeDown()))
        return 1
    },
    // `user.swipePage(pages, "forward" | "reverse")`: the page turns under the finger (PAG-04).
    APIFunction(
        "swipePage", in: "user", parameters: "pages: PageViewController, direction: PageDirection",
        returns: "Gesture",
        doc: "Begins a swipe that turns the page `direction`; returns the gesture to update, finish or cancel."
    ) { call in
        guard let pages = call.session.object(at: call.index(1), as: PageViewController.self) else {
            throw call.fail(1, "PageViewController")
        }
        let direction: PageViewController.NavigationDirection = try call.choice(2, "direction")
        try call.session.deliverTouch()
        call.session.push(call.session.liftIfBeginningRaised(try pages.beginSwipe(direction)))
        return 1
    },
    APIFunction(
        "tapBack", in: "user", parameters: "nav: NavigationController",
        doc: "Taps the back button: an animated pop of the top controller, in a turn of its own."
    ) { call in
        let nav = try navigation(call)
        try call.session.deliverTouch()
        try nav.userTapBack()
        return 0
    },
    APIFunction(
        "tapTab", in: "user", parameters: "tabs: TabBarController, index: integer",
        doc: "Taps tab `index` (1-based): `shouldSelect`, the switch, then `didSelect`."
    ) { call in
        guard let tabs = call.session.object(at: call.index(1), as: TabBarController.self) else {
            throw call.fail(1, "TabBarController")
        }
        let index = try call.position(2, "tab", of: tabs, count: tabs.items().count)
        try call.session.deliverTouch()
        try tabs.userTap(item: index)
        return 0
    },
]

private func navigation(_ call: Call) throws -> NavigationController {
    guard let controller = call.session.object(at: call.index(1), as: NavigationController.self) else {
        throw call.fail(1, "NavigationController")
    }
    return controller
}
