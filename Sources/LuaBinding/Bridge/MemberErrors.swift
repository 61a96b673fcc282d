import CLua
import HierarchyEngine
import ScenarioKit

/// The errors of names and calls a script gets wrong, worded to say what to write instead:
/// a member it does not have (with the member meant, D-84), a field of its own not yet made
/// (D-80), a method called with '.' where ':' was meant (D-82).
extension Session {
    /// The error for a name `target` does not have, with the member meant: by one of UIKit's
    /// other names, else the kinds that have the name, else a suggestion by spelling or
    /// beginning (`suggestedMember`). To a controller, how to make a field of one's own.
    func unknownMember(_ key: String, of target: Target, in use: MemberUse = .read) -> ScriptError {
        let controller = target.kind.takesOverrides ? target.object as? ViewController : nil
        let names = uikitNames(of: target) + (controller.map(fieldNames(of:)) ?? [])
        let text = "\(target.text) has no property '\(key)'"
        let owners = owners(of: key, besides: target.kind)
        let spelt = owners.isEmpty ? suggestedMember(for: key, among: names) : nil
        let meant = memberMeant(by: key, among: names) ?? spelt
        if let meant { return ScriptError(text + " (did you mean '\(meant)'?)") }
        guard controller != nil else { return ScriptError(text + owners) }
        return ScriptError(text + owners + use.advice(forField: key))
    }

    /// ` (NavigationController has it)`: the other kinds with a member `key`, or nothing.
    private func owners(of key: String, besides kind: any HandleKind.Type) -> String {
        let others = bridge.kinds.filter { ObjectIdentifier($0) != ObjectIdentifier(kind) }
        let owners = others.filter { $0.hasMember(named: key) }.map { $0.typeName }.sorted()
        guard let last = owners.last else { return "" }
        let list = owners.count == 1 ? last : owners.dropLast().joined(separator: ", ") + " and " + last
        return " (\(list) \(owners.count == 1 ? "has" : "have") it)"
    }

    /// Whether the running API function was called as `a.name(…)`: Lua names such a call a
    /// field, and `a:name(…)` a method (`lua_getinfo`'s `namewhat`). A call through a local,
    /// or a tail call, is neither, and is not judged.
    func isCalledWithDot() -> Bool {
        var record = lua_Debug()
        guard lua_getstack(stack.state, 0, &record) != 0, lua_getinfo(stack.state, "n", &record) != 0,
            let namewhat = record.namewhat
        else { return false }
        return strcmp(namewhat, "field") == 0
    }

    /// The error for `a.present(b)`: `b` became self, and the arguments `present` needs are
    /// missing.
    func selfLostError(_ method: String, receiver: String) -> ScriptError {
        ScriptError(
            "'\(method)' was called with '.', so \(receiver) became its self and its arguments are missing; "
                + colonAdvice(method))
    }
}

/// How a method is called: `call it with ':' (a:present(…), not a.present(…))`.
func colonAdvice(_ method: String) -> String {
    "call it with ':' (a:\(method)(…), not a.\(method)(…))"
}

/// Where a script met a name a handle does not have: what the error advises differs.
enum MemberUse {
    case read, constructor

    /// To a controller, how a field of one's own is made.
    func advice(forField key: String) -> String {
        let access = Self.isLuaName(key) ? "vc.\(key)" : "vc[\"\(key)\"]"
        switch self {
        case .read: return "; a field of your own is made by assigning it first (\(access) = …)"
        case .constructor:
            return "; the constructor takes UIKit's names only: assign a field of your own after it (\(access) = …)"
        }
    }

    private static func isLuaName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII
        else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
        }
    }
}

/// What an unknown member's error suggests (D-84): the member meant by one of UIKit's other
/// names for it, else the closest name by spelling, else the only member the name begins
/// (of three letters or more).
///
///     nav:push(b)                    -- … has no property 'push' (did you mean 'pushViewController'?)
///     a:presentViewController(b)     -- … (did you mean 'present'?)
///     nav.top                        -- … (did you mean 'topViewController'?)
func suggestedMember(for key: String, among names: [String]) -> String? {
    if let meant = memberMeant(by: key, among: names) { return meant }
    if let close = closestMember(to: key, among: names) { return close }
    let begun = names.filter { $0.lowercased().hasPrefix(key.lowercased()) }
    return key.count >= 3 && begun.count == 1 ? begun[0] : nil
}

/// `closestName`, asked only about the names whose length leaves them within its reach: the
/// edit distance is at least the difference in length, and each distance costs a table of
/// characters, which a script that makes many fields would pay for each.
func closestMember(to key: String, among names: [String]) -> String? {
    let reach = max(2, key.count / 4)
    return closestName(to: key, among: names.filter { abs($0.count - key.count) <= reach })
}

/// The member one of UIKit's other names for it means, among `names`: `dismiss` for
/// `dismissViewControllerAnimated`, `isHidden` for `hidden`.
func memberMeant(by key: String, among names: [String]) -> String? {
    let lowered = key.lowercased()
    guard let meant = alternativeNames[lowered] ?? booleanName(lowered, among: names), names.contains(meant) else {
        return nil
    }
    return meant
}

/// A Boolean property by its Objective-C getter's name, without `is`: `hidden` for `isHidden`.
private func booleanName(_ lowered: String, among names: [String]) -> String? {
    names.first { $0.lowercased() == "is" + lowered }
}

/// UIKit's other names for the API's members, lowercased: Objective-C selectors and the
/// Swift names before Swift 3, and the short words people say. A name is suggested only to
/// a kind that has the member.
let alternativeNames: [String: String] = [
    "addchildviewcontroller": "addChild",
    "childviewcontrollers": "children",
    "didmovetoparent": "didMove",
    "didmovetoparentviewcontroller": "didMove",
    "dismissmodalviewcontroller": "dismiss",
    "dismissmodalviewcontrolleranimated": "dismiss",
    "dismissviewcontroller": "dismiss",
    "dismissviewcontrolleranimated": "dismiss",
    "ismovingfromparentviewcontroller": "isMovingFromParent",
    "ismovingtoparentviewcontroller": "isMovingToParent",
    "makekey": "makeKeyAndVisible",
    "makekeywindow": "makeKeyAndVisible",
    "parentviewcontroller": "parent",
    "pop": "popViewController",
    "poptoroot": "popToRootViewController",
    "poptorootviewcontrolleranimated": "popToRootViewController",
    "poptoviewcontrolleranimated": "popToViewController",
    "popviewcontrolleranimated": "popViewController",
    "presentmodalviewcontroller": "present",
    "presentviewcontroller": "present",
    "push": "pushViewController",
    "pushviewcontrolleranimated": "pushViewController",
    "removefromparentviewcontroller": "removeFromParent",
    "rootviewcontroller": "viewControllers",
    "setviewcontrollersanimated": "setViewControllers",
    "showviewcontroller": "show",
    "tabs": "viewControllers",
    "transitionfromviewcontroller": "transition",
    "willmovetoparent": "willMove",
    "willmovetoparentviewcontroller": "willMove",
]
