import CLua
import HierarchyEngine
import ScenarioKit

/// Fields a script keeps on its controllers, as an app keeps stored properties on its view
/// controllers (D-80): any name that is not UIKit's becomes the script's own when it is
/// assigned, and a misspelling of one of UIKit's names is refused, so that a misspelt
/// override is still caught.
///
///     local list = Controller { "List", viewDidAppear = function(self) self.shown = self.shown + 1 end }
///     list.shown = 0                    -- a field of the script's own
///     list.viewDidApear = function() end  -- error: … (did you mean 'viewDidAppear'?)
///
/// The fields live in the registry, as the overrides do (table of controller name → table
/// of field → value), and go with the world. A field assigned nil is kept, as the fields
/// table itself, which no script can reach: a field exists once assigned, and reading a
/// name never assigned is an error, as it was before fields existed.
extension Session {
    /// Pushes the field `key` of `controller` and returns true; pushes nothing and returns
    /// false when the script never assigned it.
    func pushField(_ key: String, of controller: ViewController) -> Bool {
        stack.pushReference(bridge.fieldsSlot)  // all
        guard stack.rawGet(-1, field: controller.name) == LUA_TTABLE else {
            stack.pop(2)
            return false
        }
        guard stack.rawGet(-1, field: key) != LUA_TNIL else {  // all fields value
            stack.pop(3)
            return false
        }
        if lua_rawequal(stack.state, -1, -2) != 0 {  // a field assigned nil
            stack.pop()
            stack.pushNil()
        }
        vcs_replace(stack.state, -3)  // value fields
        stack.pop()
        return true
    }

    /// Assigns the value at `index` to the field `key` of the controller of `target`,
    /// unless `key` looks like a misspelling of one of UIKit's names.
    func assignField(_ key: String, of controller: ViewController, _ target: Target, valueAt index: Int32) throws {
        if !hasField(key, of: controller), let near = misspelledName(key, of: target, valueAt: index) {
            throw ScriptError(
                "\(target.text) has no property '\(key)' (did you mean '\(near)'?); "
                    + "a field of your own needs a name further from UIKit's")
        }
        let index = lua_absindex(stack.state, index)
        pushFields(of: controller)  // fields
        stack.pushValue(at: stack.isNil(index) ? -1 : index)  // fields value
        stack.rawSet(-2, field: key)
        stack.pop()
    }

    /// The names of `controller`'s fields, sorted, for suggestions and completion.
    func fieldNames(of controller: ViewController) -> [String] {
        stack.pushReference(bridge.fieldsSlot)
        defer { stack.pop(2) }
        guard stack.rawGet(-1, field: controller.name) == LUA_TTABLE else { return [] }
        return stack.stringKeys(of: -1).keys
    }

    private func hasField(_ key: String, of controller: ViewController) -> Bool {
        guard pushField(key, of: controller) else { return false }
        stack.pop()
        return true
    }

    /// Pushes the table of `controller`'s fields, made on first use.
    private func pushFields(of controller: ViewController) {
        pushTable(of: controller, in: bridge.fieldsSlot)
    }

    /// The name of UIKit's that assigning the value at `index` to `key` was likely meant
    /// for: a callback `key` is a misspelling of, when the value is a function, else a
    /// property that can be set. A misspelling is what a did-you-mean would correct (case
    /// ignored), and one edit at most in a name of four letters or fewer.
    ///
    ///     vc.viewDidApear = function() end   -- viewDidAppear
    ///     vc.titel = "Inbox"                 -- title
    ///     vc.shown = 0                       -- no: a number is no override of `show`
    ///     vc.stop = function() end           -- no: two edits from `show` is a word of its own
    func misspelledName(_ key: String, of target: Target, valueAt index: Int32) -> String? {
        let names =
            stack.type(at: index) == LUA_TFUNCTION
            ? Callback.overridableNames + SystemAppearanceAspect.overridableNames : target.kind.settablePropertyNames
        guard let near = closestMember(to: key, among: names) else { return nil }
        return key.count > 4 || editDistance(key.lowercased(), near.lowercased()) <= 1 ? near : nil
    }

    /// The names UIKit gives the kind of `target`: its members, and the callbacks a
    /// controller may override.
    func uikitNames(of target: Target) -> [String] {
        target.kind.names + (target.kind.takesOverrides ? Callback.overridableNames : [])
    }
}
