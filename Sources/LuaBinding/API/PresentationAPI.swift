import CLua
import HierarchyEngine
import ScenarioKit

/// The presentation members every controller has (SPEC §3.3, BEHAVIOR.md PRE), sorted by
/// name; `controllerMembers` takes them in.
let presentationProperties: [Property<ViewController>] = [
    Property(
        name: "isBeingDismissed", type: "boolean", doc: "Whether a dismissal of the controller is under way.",
        get: { object, call in call.stack.push(object.isBeingDismissed) }),
    Property(
        name: "isBeingPresented", type: "boolean", doc: "Whether a presentation of the controller is under way.",
        get: { object, call in call.stack.push(object.isBeingPresented) }),
    Property(
        name: "isModalInPresentation", type: "boolean",
        doc: "Whether a swipe down is refused while the controller is presented as a sheet.",
        get: { object, call in call.stack.push(object.isModalInPresentation) },
        set: { object, call in object.isModalInPresentation = try call.bool(1) }),
    Property(
        name: "modalPresentationStyle", type: "ModalPresentationStyle",
        doc: "How the controller is shown when presented; \"automatic\" reads back as the profile's concrete style.",
        get: { object, call in call.stack.push(object.modalPresentationStyle.rawValue) },
        set: { object, call in object.modalPresentationStyle = try call.choice(1, "modalPresentationStyle") }),
    Property(
        name: "modalTransitionStyle", type: "ModalTransitionStyle",
        doc: "The animation of the controller's full-screen presentation and dismissal.",
        get: { object, call in call.stack.push(object.modalTransitionStyle.rawValue) },
        set: { object, call in object.modalTransitionStyle = try call.choice(1, "modalTransitionStyle") }),
    Property(
        name: "presentationController", type: "PresentationController",
        doc:
            "The object that manages the controller's presentation (a presented ancestor's, if any).",
        get: { object, call in call.session.push(object.presentationController) }),
    Property(
        name: "presentedViewController", type: "Controller?",
        doc: "The controller presented by this one or by its nearest presenting ancestor, or nil.",
        get: { object, call in call.session.push(object.presentedViewController) }),
    Property(
        name: "presentingViewController", type: "Controller?",
        doc: "The controller that presented this one or its outermost ancestor, or nil.",
        get: { object, call in call.session.push(object.presentingViewController) }),
    Property(
        name: "providesPresentationContextTransitionStyle", type: "boolean",
        doc: "Whether a current-context presentation this controller hosts animates with its modalTransitionStyle.",
        get: { object, call in call.stack.push(object.providesPresentationContextTransitionStyle) },
        set: { object, call in object.providesPresentationContextTransitionStyle = try call.bool(1) }),
    Property(
        name: "transitioningDelegate", type: "TransitioningDelegate?",
        doc: "The table of functions that give the controller's presentation and dismissal custom animators, or nil.",
        get: { object, call in call.session.push(object.transitioningDelegate) },
        set: { object, call in object.transitioningDelegate = try call.transitioningDelegate(1) }),
]

let presentationMethods: [Method<ViewController>] = [
    Method(
        name: "dismiss", parameters: "animated: boolean?, completion: fun()?",
        doc: "Dismisses what the controller presented (or the controller itself); the transition starts after the turn."
    ) { object, call in
        let completion = try call.function(2)
        object.dismiss(animated: try call.bool(1, default: true), completion: completion?.completion)
        return 0
    },
    Method(
        name: "present", required: 1, parameters: "vc: Controller, animated: boolean?, completion: fun()?",
        doc: "Presents `vc` modally; the transition starts after the turn's commit (M-4)."
    ) { object, call in
        let completion = try call.function(3)
        try object.present(
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
            name: "delegate", type: "AdaptivePresentationControllerDelegate?",
            doc: "The table of functions asked about swipe-down dismissal and adaptation, or nil.",
            get: { object, call in call.session.push(object.delegate) },
            set: { object, call in
                object.delegate = try call.delegate(1, of: adaptiveDelegateProtocol)
            }),
        Property(
            name: "presentationStyle", type: "ModalPresentationStyle",
            doc: "The style in effect: the adapted one while presented, the controller's own before.",
            get: { object, call in call.stack.push(object.presentationStyle.rawValue) }),
        Property(
            name: "presentedViewController", type: "Controller", doc: "The controller whose presentation this is.",
            get: { object, call in call.session.push(object.presentedViewController) }),
        Property(
            name: "presentingViewController", type: "Controller?",
            doc: "The controller that presented it, or nil when it is not presented.",
            get: { object, call in call.session.push(object.presentingViewController) }),
        Property(
            name: "shouldRemovePresentersView", type: "boolean",
            doc: "Whether a custom presentation takes the presenter's view out of the window (default false).",
            get: { object, call in call.stack.push(object.shouldRemovePresentersView) },
            set: { object, call in object.shouldRemovePresentersView = try call.bool(1) }),
        Property(
            name: "transitionStyle", type: "ModalTransitionStyle",
            doc: "The transition style the presentation animates with (the context's when it provides one).",
            get: { object, call in call.stack.push(object.transitionStyle.rawValue) }),
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
