import CLua
import HierarchyEngine

/// A controller's overrides: Lua functions named after UIKit callbacks, kept in the
/// registry (table of controller name → table of callback name → function).
///
///     Controller { "A", viewDidAppear = function(self, animated) note("up") end }
///     a.viewWillAppear = function(self, animated) ... end
final class LuaOverrides: ControllerOverrides {
    unowned let session: Session
    /// The callback names with an override, so that the rest cost no Lua access.
    var names: Set<String> = []

    init(session: Session) {
        self.session = session
    }

    func receive(_ callback: Callback, on controller: ViewController) {
        guard names.contains(callback.name) else { return }
        session.callProtected(
            pushFunction: { session.pushOverride(callback.name, of: controller) },
            pushArguments: { session in
                session.push(controller)
                return 1 + session.pushArguments(of: callback, to: controller)
            })
    }
}

extension Session {
    /// Pushes the override `name` of `controller`, or nil.
    func pushOverride(_ name: String, of controller: ViewController) {
        stack.pushReference(bridge.overridesSlot)
        if stack.rawGet(-1, field: controller.name) == LUA_TTABLE {
            stack.rawGet(-1, field: name)
            vcs_replace(stack.state, -3)
            stack.pop()
        } else {
            stack.pop(2)
            stack.pushNil()
        }
    }

    /// Pushes `controller`'s table in the table of tables at registry slot `slot` (by
    /// controller name), made on first use: its overrides, or its fields of the script's own.
    func pushTable(of controller: ViewController, in slot: Int32) {
        stack.pushReference(slot)
        if stack.rawGet(-1, field: controller.name) != LUA_TTABLE {
            stack.pop()
            stack.newTable()
            stack.pushValue(at: -1)
            stack.rawSet(-3, field: controller.name)
        }
        vcs_remove(stack.state, -2)
    }

    /// Sets the override `name` of `controller` to the function (or nil) at `index`.
    func setOverride(_ name: String, of controller: ViewController, valueAt index: Int32) throws {
        let type = stack.type(at: index)
        guard type == LUA_TFUNCTION || type == LUA_TNIL else {
            throw ScriptError("bad value for '\(name)' (function expected, got \(stack.typeName(at: index)))")
        }
        let index = lua_absindex(stack.state, index)
        pushTable(of: controller, in: bridge.overridesSlot)
        stack.pushValue(at: index)
        stack.rawSet(-2, field: name)
        stack.pop()
        let overrides = controller.overrides as? LuaOverrides ?? LuaOverrides(session: self)
        if type == LUA_TFUNCTION { overrides.names.insert(name) } else { overrides.names.remove(name) }
        controller.overrides = overrides
    }

    /// Pushes a callback's arguments after `self`; returns how many. The two size-change
    /// callbacks get the window's coordinator too (COO-04).
    func pushArguments(of callback: Callback, to controller: ViewController) -> Int32 {
        switch callback {
        case .viewWillAppear(let animated), .viewIsAppearing(let animated), .viewDidAppear(let animated),
            .viewWillDisappear(let animated), .viewDidDisappear(let animated):
            stack.push(animated)
            return 1
        case .willMove(let parent), .didMove(let parent):
            push(parent)
            return 1
        case .traitCollectionDidChange(let previous):
            if let previous { push(previous) } else { stack.pushNil() }
            return 1
        case .willTransition(let traits):
            push(traits)
            push(controller.sizeTransitionCoordinator)
            return 2
        case .viewWillTransition(let size):
            push(size)
            push(controller.sizeTransitionCoordinator)
            return 2
        case .preferredContentSizeDidChange(let child):
            push(child)
            return 1
        case .encodeRestorableState(let coder), .decodeRestorableState(let coder):
            push(coder)
            return 1
        case .loadView, .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .didReceiveMemoryWarning,
            .applicationFinishedRestoringState:
            return 0
        }
    }
}
