/// Code that UIKit calls back: overrides, delegates, completions and `async` blocks.
///
/// Every callback first checks the links from where it runs (`inside`), then, a bounded
/// number of times (`once`), runs an operation of its own as a nested step, raises an error
/// marked `FUZZ-PLANTED` (so that the checks can tell it from the engine's refusals: an
/// override's error does not undo the operation that ran it), or both.
extension ScenarioGenerator {
    /// The callbacks a script may override, with the parameters after `self`.
    static let overridableCallbacks: [(name: String, parameters: String)] = [
        ("viewDidLoad", ""), ("viewWillAppear", "animated"), ("viewDidAppear", "animated"),
        ("viewWillDisappear", "animated"), ("viewDidDisappear", "animated"), ("viewIsAppearing", "animated"),
        ("willMove", "parent"), ("didMove", "parent"), ("viewWillLayoutSubviews", ""),
        ("traitCollectionDidChange", "previous"), ("willTransition", "traits"), ("viewWillTransition", "size"),
    ]

    /// The marker of the errors the script raises on purpose.
    public static let plantedMarker = "FUZZ-PLANTED"

    /// An assignment that installs an override or a delegate.
    mutating func callbackInstallation(depth: Int) -> String {
        switch random.weightedIndex([10, 1, 2, 2, 2, 1]) {
        case 0: return overrideInstallation(depth: depth)
        case 1: return routingOverride(depth: depth)
        case 2: return navigationDelegate(depth: depth)
        case 3: return tabBarDelegate(depth: depth)
        case 4: return presentationDelegate(depth: depth)
        default: return splitDelegate(depth: depth)
        }
    }

    /// `C3.willMove = function(self, parent) … end`: containment callbacks favour operations
    /// on `self` (removing itself, being added elsewhere).
    mutating func overrideInstallation(depth: Int) -> String {
        let controller = random.pick(controllers)
        let callback = random.pick(Self.overridableCallbacks)
        let parameters = callback.parameters.isEmpty ? "self" : "self, \(callback.parameters)"
        let site = newSite("\(controller).\(callback.name)")
        let body = callbackBody(site: site, context: Context(depth: depth + 1, selfName: "self"))
        return "\(controller).\(callback.name) = function(\(parameters)) \(body) end"
    }

    /// An override of `show`, `showDetailViewController` (run in place of UIKit's) or
    /// `canPerformAction` (answering).
    mutating func routingOverride(depth: Int) -> String {
        let controller = random.pick(controllers)
        let context = Context(depth: depth + 1, selfName: "self")
        switch random.int(in: 0...2) {
        case 0, 1:
            let name = random.chance(0.5) ? "show" : "showDetailViewController"
            let body = callbackBody(site: newSite("\(controller).\(name)"), context: context)
            return "\(controller).\(name) = function(self, vc, sender) \(body) end"
        default:
            let body = callbackBody(site: newSite("\(controller).canPerformAction"), context: context)
            return "\(controller).canPerformAction = function(self, action, sender) \(body); return \(answer()) end"
        }
    }

    mutating func navigationDelegate(depth: Int) -> String {
        let nav = pickNavigation() ?? random.pick(controllers)
        let methods = ["willShow", "didShow"].filter { _ in random.chance(0.7) }
        return "\(nav).delegate = " + delegateTable(methods, owner: nav, parameters: "nav, vc, animated", depth: depth)
    }

    mutating func tabBarDelegate(depth: Int) -> String {
        guard let tabs = random.maybePick(tabBars) else { return navigationDelegate(depth: depth) }
        let table = delegateTable(
            ["shouldSelect", "didSelect"].filter { _ in random.chance(0.7) }, owner: tabs, parameters: "tabs, vc",
            depth: depth, answering: ["shouldSelect"])
        return "\(tabs).delegate = \(table)"
    }

    mutating func presentationDelegate(depth: Int) -> String {
        let controller = random.pick(controllers)
        let methods = ["shouldDismiss", "willDismiss", "didDismiss", "didAttemptToDismiss"].filter { _ in
            random.chance(0.6)
        }
        var table = delegateTable(
            methods, owner: controller, parameters: "pc", depth: depth, answering: ["shouldDismiss"])
        if random.chance(0.3) {
            let style = random.pick(["fullScreen", "overFullScreen", "pageSheet", "formSheet", "none"])
            table =
                "{ adaptivePresentationStyle = function(pc, traits) return \"\(style)\" end, "
                + table.dropFirst(2)
        }
        return "\(controller).presentationController.delegate = \(table)"
    }

    mutating func splitDelegate(depth: Int) -> String {
        guard let split = random.maybePick(splits) else { return overrideInstallation(depth: depth) }
        var methods: [String] = []
        for (name, parameters) in [
            ("collapseSecondary", "split, secondary, primary"), ("showDetail", "split, vc, sender"),
            ("show", "split, vc, sender"),
        ] where random.chance(0.6) {
            let body = callbackBody(site: newSite("\(split).delegate.\(name)"), context: Context(depth: depth + 1))
            methods.append("\(name) = function(\(parameters)) \(body); return \(answer()) end")
        }
        return "\(split).delegate = { " + methods.joined(separator: ", ") + " }"
    }

    /// A delegate table whose `methods` each run a callback body; those in `answering` return
    /// an answer as well.
    mutating func delegateTable(
        _ methods: [String], owner: String, parameters: String, depth: Int, answering: Set<String> = []
    ) -> String {
        let functions = methods.map { method -> String in
            let body = callbackBody(site: newSite("\(owner).delegate.\(method)"), context: Context(depth: depth + 1))
            let ending = answering.contains(method) ? "; return \(answer())" : ""
            return "\(method) = function(\(parameters)) \(body)\(ending) end"
        }
        return "{ " + functions.joined(separator: ", ") + " }"
    }

    /// A completion or block: `function(parameters) … end`.
    mutating func callbackFunction(_ parameters: String, _ context: Context) -> String {
        let site = newSite("block")
        return "function(\(parameters)) \(callbackBody(site: site, context: Context(depth: context.depth + 1))) end"
    }

    /// A unique name for a callback site, as `once` counts its runs and messages name it.
    mutating func newSite(_ name: String) -> String {
        overrideCount += 1
        return "\(name)#\(overrideCount)"
    }

    /// What a callback does: check the links, then, at most once or twice, an operation as a
    /// nested step, a planted error, or both; beyond the second level of nesting only
    /// errors, so that callbacks cannot multiply without end.
    mutating func callbackBody(site: String, context: Context) -> String {
        var code = "inside(\"\(site)\")"
        let limit = random.int(in: 1...2)
        let planted = "error(\"\(Self.plantedMarker) \(site)\")"
        let roll = random.unit()
        if roll < 0.5, context.depth <= 2 {
            let (kind, operation) = self.operation(in: context)
            let nested = "step(\(nestedID()), \"\(kind.rawValue)\", function() \(operation) end)"
            let then = random.chance(0.2) ? nested + "; " + planted : nested
            code += "; if once(\"\(site)\", \(limit)) then \(then) end"
        } else if roll < 0.7 {
            code += "; if once(\"\(site)\", \(limit)) then \(planted) end"
        }
        return code
    }
}
