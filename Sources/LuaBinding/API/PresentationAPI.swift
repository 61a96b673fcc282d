import CLua
import HierarchyEngine
import ScenarioKit

/// The presentation members every controller has (SPEC §3.3, BEHAVIOR.md PRE), sorted by
/// name; `controllerMembers` takes them in.
let presentationProperties: [Property<ViewController>] = [
    Property(name: "isBeingDismissed", get: { $0.stack.push($0.object.isBeingDismissed) }),
    Property(name: "isBeingPresented", get: { $0.stack.push($0.object.isBeingPresented) }),
    Property(
        name: "isModalInPresentation", get: { $0.stack.push($0.object.isModalInPresentation) },
        set: { $0.object.isModalInPresentation = try $0.bool(1) }),
    Property(
        name: "modalPresentationStyle", get: { $0.stack.push($0.object.modalPresentationStyle.rawValue) },
        set: { $0.object.modalPresentationStyle = try $0.choice(1, "modalPresentationStyle") }),
    Property(
        name: "modalTransitionStyle", get: { $0.stack.push($0.object.modalTransitionStyle.rawValue) },
        set: { $0.object.modalTransitionStyle = try $0.choice(1, "modalTransitionStyle") }),
    Property(
        name: "presentationController", get: { $0.session.push($0.object.presentationController) }),
    Property(name: "presentedViewController", get: { $0.session.push($0.object.presentedViewController) }),
    Property(name: "presentingViewController", get: { $0.session.push($0.object.presentingViewController) }),
    Property(
        name: "providesPresentationContextTransitionStyle",
        get: { $0.stack.push($0.object.providesPresentationContextTransitionStyle) },
        set: { $0.object.providesPresentationContextTransitionStyle = try $0.bool(1) }),
]

let presentationMethods: [Method<ViewController>] = [
    Method(name: "dismiss") { call in
        let completion = try call.function(2)
        call.object.dismiss(animated: try call.bool(1, default: true), completion: completion?.completion)
        return 0
    },
    Method(name: "present", required: 1) { call in
        let completion = try call.function(3)
        try call.object.present(
            call.optionalController(1), animated: call.bool(2, default: true),
            completion: completion?.completion)
        return 0
    },
]

/// `vc.presentationController` (SPEC §3.3).
enum PresentationControllerKind: HandleKind {
    static let typeName = "PresentationController"
    static let members = presentationControllerMembers

    static func describe(_ controller: PresentationController) -> String { controller.name }
}

/// The members of `vc.presentationController` (SPEC §3.3), sorted by name.
let presentationControllerMembers = Members<PresentationController>(
    properties: [
        Property(
            name: "delegate", get: { $0.session.push($0.object.delegate) },
            set: { $0.object.delegate = try $0.delegate(1) }),
        Property(name: "presentationStyle", get: { $0.stack.push($0.object.presentationStyle.rawValue) }),
        Property(name: "presentedViewController", get: { $0.session.push($0.object.presentedViewController) }),
        Property(name: "presentingViewController", get: { $0.session.push($0.object.presentingViewController) }),
        Property(
            name: "shouldRemovePresentersView", get: { $0.stack.push($0.object.shouldRemovePresentersView) },
            set: { $0.object.shouldRemovePresentersView = try $0.bool(1) }),
        Property(name: "transitionStyle", get: { $0.stack.push($0.object.transitionStyle.rawValue) }),
    ],
    methods: [])

extension Call {
    /// One of an enumeration's case names, as styles are written (SPEC §3.3); a misspelt
    /// name is an error that lists the valid ones.
    func choice<Choice: RawRepresentable & CaseIterable>(_ position: Int, _ what: String) throws -> Choice
    where Choice.RawValue == String {
        let text = try string(position)
        guard let value = Choice(rawValue: text) else {
            let valid = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            let hint =
                closestName(to: text, among: Choice.allCases.map(\.rawValue)).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ScriptError("\"\(text)\" is not a \(what)\(hint); valid names: \(valid)")
        }
        return value
    }
}

extension Session {
    /// Pushes a trait collection as a table: `{ horizontalSizeClass = "compact", verticalSizeClass = "regular" }`.
    func push(_ traits: TraitCollection) {
        stack.newTable(fieldCount: 2)
        stack.push(traits.horizontalSizeClass.rawValue)
        stack.rawSet(-2, field: "horizontalSizeClass")
        stack.push(traits.verticalSizeClass.rawValue)
        stack.rawSet(-2, field: "verticalSizeClass")
    }

    /// Pushes a size as the list `{ width, height }`, as `Window { size = … }` takes it.
    func push(_ size: Size) {
        stack.newTable(arrayCount: 2)
        for (item, value) in [size.width, size.height].enumerated() {
            // Whole points read back as integers, as they were most likely written.
            if value.rounded() == value, abs(value) < 1e15 {
                stack.push(integer: Int(value))
            } else {
                stack.push(value)
            }
            stack.rawSet(-2, index: item + 1)
        }
    }

    /// Reads `Window { size = {w, h} }` at `index`.
    func size(at index: Int32) throws -> Size {
        guard stack.type(at: index) == LUA_TTABLE, stack.rawLength(index) == 2 else {
            throw ScriptError("size must be a list of two numbers, as in size = {390, 844}")
        }
        var numbers: [Double] = []
        for item in 1...2 {
            stack.rawGet(index, index: item)
            defer { stack.pop() }
            guard let number = stack.number(at: -1), number.isFinite, number > 0 else {
                throw ScriptError("size must be two positive numbers, as in size = {390, 844}")
            }
            numbers.append(number)
        }
        return Size(width: numbers[0], height: numbers[1])
    }

    /// Reads `Window { traits = { horizontalSizeClass = "compact", verticalSizeClass = … } }` at `index`.
    func sizeClasses(at index: Int32) throws -> (horizontal: SizeClass?, vertical: SizeClass?) {
        guard stack.type(at: index) == LUA_TTABLE else {
            throw ScriptError("traits must be a table, as in traits = { horizontalSizeClass = \"regular\" }")
        }
        let valid = ["horizontalSizeClass", "verticalSizeClass"]
        let (keys, others) = stack.stringKeys(of: index)
        if let unknown = keys.first(where: { !valid.contains($0) }) ?? others.first {
            throw ScriptError("unknown trait '\(unknown)'; valid traits: \(valid.joined(separator: ", "))")
        }
        func read(_ key: String) throws -> SizeClass? {
            guard stack.rawGet(index, field: key) != LUA_TNIL else {
                stack.pop()
                return nil
            }
            defer { stack.pop() }
            let text = stack.string(at: -1) ?? stack.typeName(at: -1)
            guard let sizeClass = SizeClass(rawValue: text) else {
                throw ScriptError(
                    "\(key) must be \"compact\" or \"regular\", got \(stack.type(at: -1) == LUA_TSTRING ? "\"\(text)\"" : text)"
                )
            }
            return sizeClass
        }
        return (try read("horizontalSizeClass"), try read("verticalSizeClass"))
    }
}
