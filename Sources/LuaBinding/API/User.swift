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
    func installUser() {
        stack.newTable(fieldCount: Int32(userFunctions.count))
        for (name, entry) in userFunctions {
            pushEntry(entry)
            stack.rawSet(-2, field: name)
        }
        lua_setglobal(stack.state, "user")
    }

    /// Ends the script's turn so that the gesture gets a turn of its own.
    func deliverTouch() throws {
        try checkOutsideCallbacks("a gesture of `user`")
        try world.runLoop.advance(by: 0)
    }
}

/// The gestures, sorted by name.
let userFunctions: [(String, Entry)] = [
    ("rotate", rotateEntry), ("swipeBack", swipeBackEntry), ("swipeDown", swipeDownEntry), ("tapBack", tapBackEntry),
    ("tapTab", tapTabEntry),
]

/// `user.rotate(win)`: the device turned a quarter; the window's width and height swap and
/// its traits follow from the new size (TRT-01).
let rotateEntry: Entry = { state in
    Session.enter(state) { session in
        let call = Call(session: session, object: session, name: "rotate", first: 1)
        guard case .window(let window)? = session.target(at: call.index(1)) else { throw call.fail(1, "Window") }
        try session.deliverTouch()
        window.transition(to: window.size.rotated)
        return 0
    }
}

private func navigation(_ call: Call<Session>) throws -> NavigationController {
    guard case .controller(let controller as NavigationController)? = call.session.target(at: call.index(1)) else {
        throw call.fail(1, "NavigationController")
    }
    return controller
}

let tapBackEntry: Entry = { state in
    Session.enter(state) { session in
        let call = Call(session: session, object: session, name: "tapBack", first: 1)
        let nav = try navigation(call)
        try session.deliverTouch()
        try nav.userTapBack()
        return 0
    }
}

let swipeBackEntry: Entry = { state in
    Session.enter(state) { session in
        let call = Call(session: session, object: session, name: "swipeBack", first: 1)
        let nav = try navigation(call)
        try session.deliverTouch()
        session.push(.gesture(try nav.beginInteractivePop()))
        return 1
    }
}

let tapTabEntry: Entry = { state in
    Session.enter(state) { session in
        let call = Call(session: session, object: session, name: "tapTab", first: 1)
        guard case .controller(let tabs as TabBarController)? = session.target(at: 1) else {
            throw call.fail(1, "TabBarController")
        }
        let index = try call.position(2, "tab", of: tabs, count: tabs.items().count)
        try session.deliverTouch()
        try tabs.userTap(item: index)
        return 0
    }
}

let swipeDownEntry: Entry = { state in
    Session.enter(state) { session in
        let call = Call(session: session, object: session, name: "swipeDown", first: 1)
        let controller = try call.controller(1)
        try session.deliverTouch()
        session.push(.gesture(try controller.userSwipeDown()))
        return 1
    }
}
