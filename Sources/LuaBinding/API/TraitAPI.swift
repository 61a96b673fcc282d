import CLua
import HierarchyEngine
import ScenarioKit

/// The trait members every controller has (M-16, TRT-08, TRT-09, SPEC §9.4), sorted by name;
/// `controllerMembers` takes them in.
///
///     parent:setOverrideTraitCollection({ horizontalSizeClass = "regular" }, child)
///     vc.traitOverrides.horizontalSizeClass = "compact"     -- iOS 17
///     vc:registerForTraitChanges({ "horizontalSizeClass" }, function(self, previous) … end)
let traitMembers = Members<ViewController>(
    properties: [
        Property(
            name: "traitCollection", type: "TraitCollection",
            doc:
                "The controller's size classes, from the window through parents and presenters, overrides applied.",
            get: { object, call in call.session.push(object.traitCollection) }),
        Property(
            name: "traitOverrides", type: "TraitOverrides",
            doc:
                "iOS 17 only: the traits set on the controller for it and its descendants; a table assigned replaces them.",
            get: { object, call in
                try call.session.world.profile.require(17, for: "traitOverrides")
                call.session.push(object.traitOverridesObject)
            },
            // A table replaces every override at once: `vc.traitOverrides = {}` removes them.
            set: { object, call in
                let (horizontal, vertical) = try call.session.sizeClasses(at: call.index(1))
                try object.setTraitOverrides(
                    TraitOverrides(horizontalSizeClass: horizontal, verticalSizeClass: vertical))
            }),
    ],
    methods: [
        Method(
            name: "overrideTraitCollection", required: 1, parameters: "child: Controller",
            returns: "{ horizontalSizeClass: SizeClass?, verticalSizeClass: SizeClass? }?",
            doc: "The size classes set on `child` with setOverrideTraitCollection, or nil."
        ) { object, call in
            guard let overrides = object.overrideTraitCollection(forChild: try call.controller(1)) else {
                call.stack.pushNil()
                return 1
            }
            call.session.push(overrides)
            return 1
        },
        Method(
            name: "registerForTraitChanges", required: 2,
            parameters: "traits: TraitName[], handler: fun(self: Controller, previous: TraitCollection)",
            doc: "iOS 17 only: runs `handler` after traitCollectionDidChange whenever one of `traits` changes."
        ) { object, call in
            let traits = try call.traitNames(1)
            guard let handler = try call.function(2) else { throw call.fail(2, "function") }
            try object.registerForTraitChanges(traits) { controller, previous in
                handler.call { session in
                    session.push(controller)
                    session.push(previous)
                    return 2
                }
            }
            return 0
        },
        Method(
            name: "setOverrideTraitCollection", required: 2,
            parameters:
                "traits: { horizontalSizeClass: SizeClass?, verticalSizeClass: SizeClass? }?, child: Controller",
            doc: "Overrides the size classes given for `child`, a child of the controller; nil removes the override."
        ) { object, call in
            let child = try call.controller(2)
            let overrides: TraitOverrides?
            if call.stack.isNil(call.index(1)) {
                overrides = nil
            } else {
                let (horizontal, vertical) = try call.session.sizeClasses(at: call.index(1))
                overrides = TraitOverrides(horizontalSizeClass: horizontal, verticalSizeClass: vertical)
            }
            try object.setOverrideTraitCollection(overrides, forChild: child)
            return 0
        },
    ])

/// `vc.traitOverrides` (iOS 17, TRT-09): its size classes, nil when inherited.
enum TraitOverridesKind: HandleKind {
    static let typeName = "TraitOverrides"
    static let members = Members<TraitOverridesObject>(
        properties: TraitName.allCases.map { trait in
            Property(
                name: trait.rawValue, type: "SizeClass?",
                doc: "The " + trait.rawValue + " set here, or nil when inherited; assigning nil removes it.",
                get: { object, call in
                    guard let value = object.value(of: trait) else { return call.stack.pushNil() }
                    call.stack.push(value.rawValue)
                },
                set: { object, call in
                    let value: SizeClass? = call.stack.isNil(call.index(1)) ? nil : try call.choice(1, "size class")
                    try object.set(trait, to: value)
                })
        },
        methods: [])

    static func describe(_ overrides: TraitOverridesObject) -> String { overrides.name }
}

extension Session {
    /// Pushes overrides as a table of the classes they set.
    func push(_ overrides: TraitOverrides) {
        stack.newTable(fieldCount: 2)
        if let horizontal = overrides.horizontalSizeClass {
            stack.push(horizontal.rawValue)
            stack.rawSet(-2, field: "horizontalSizeClass")
        }
        if let vertical = overrides.verticalSizeClass {
            stack.push(vertical.rawValue)
            stack.rawSet(-2, field: "verticalSizeClass")
        }
    }
}

extension Call {
    /// A list of trait names, as `registerForTraitChanges({ "horizontalSizeClass" }, …)` takes it.
    func traitNames(_ position: Int) throws -> Set<TraitName> {
        let index = index(position)
        let valid = TraitName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard stack.type(at: index) == LUA_TTABLE, stack.rawLength(index) > 0 else {
            throw ScriptError(
                "traits must be a list of trait names, as in { \"horizontalSizeClass\" }; valid: \(valid)")
        }
        var names: Set<TraitName> = []
        for item in 1...stack.rawLength(index) {
            stack.rawGet(index, index: item)
            defer { stack.pop() }
            let text = stack.string(at: -1) ?? stack.typeName(at: -1)
            guard let name = TraitName(rawValue: text) else {
                throw ScriptError("\"\(text)\" is not a trait this sandbox models; valid: \(valid)")
            }
            names.insert(name)
        }
        return names
    }
}

/// A script's `sizeForChildContentContainer(self, child, parentSize)`, returning `{w, h}`, or
/// nothing for UIKit's answer (TRT-06).
extension LuaOverrides: ContentContainerOverrides {
    func overridesSizeForChild(on controller: ViewController) -> Bool {
        names.contains("sizeForChildContentContainer")
    }

    func size(forChild child: ViewController, parentSize: Size, on controller: ViewController) -> Size? {
        var answer: Size?
        var problem: String?
        let error = session.runProtected(
            pushFunction: { session.pushOverride("sizeForChildContentContainer", of: controller) },
            pushArguments: { session in
                session.push(controller)
                session.push(child)
                session.push(parentSize)
                return 3
            }, results: 1,
            readResults: {
                // Nothing returned leaves UIKit's answer, as for every override that answers.
                if session.stack.isNil(-1) { return }
                do {
                    answer = try session.size(at: session.stack.top)
                } catch {
                    problem = "sizeForChildContentContainer of \(controller.name) answered wrongly: \(error)"
                }
            })
        if let error { session.keep(error) } else if let problem { session.keep(session.placedError(problem)) }
        return answer
    }
}
