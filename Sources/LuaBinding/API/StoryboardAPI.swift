import CLua
import Foundation
import HierarchyEngine
import Storyboard

/// `Storyboard` handles and the `Storyboard` global (SPEC §9.3, BEHAVIOR M-15): a real
/// Interface Builder file read from beside the script, or the same structure as a table.
///
///     local sb = Storyboard.load("Main.storyboard")
///     sb:class("List", { prepare = function(self, segue, sender) ... end })
///     local root = sb:instantiateInitialViewController()   -- init(coder:), awakeFromNib; no view
enum StoryboardKind: HandleKind {
    static let typeName = "Storyboard"
    static let members = storyboardMembers
    static func describe(_ storyboard: Storyboard) -> String { storyboard.name }
    static let constructors = [
        APIFunction(
            "__call", in: "Storyboard", named: "Storyboard", parameters: "spec: table", returns: "Storyboard",
            doc: "Makes a storyboard from a table: its name first, then `initial` and `scenes`."
        ) { call in
            try call.session.makeStoryboard(call)
            return 1
        },
        APIFunction(
            "load", in: "Storyboard", named: "Storyboard.load", parameters: "path: string", returns: "Storyboard",
            doc: "Reads a .storyboard file from beside the script, and the storyboards it references."
        ) { call in
            call.session.push(try call.session.loadStoryboard(call.string(1)))
            return 1
        },
    ]
}

/// The members of storyboard handles, sorted by name.
let storyboardMembers = Members<Storyboard>(
    properties: [
        Property(
            name: "name", type: "string",
            doc: "The storyboard's name: its file's, without `.storyboard`, or the table's.",
            get: { object, call in call.stack.push(object.name) })
    ],
    methods: [
        // `sb:class(name, overrides)`: behaviour for the controllers of the scenes with that
        // identifier or custom class, or a custom segue class's `perform`, from now on.
        Method(
            name: "class", required: 2, parameters: "name: string, methods: table<string, function>",
            doc:
                "From now on, the controllers of the scenes with this identifier or custom class get these methods (a segue class: perform)."
        ) { object, call in
            try call.session.defineClass(call.string(1), in: object, tableAt: call.index(2))
            return 0
        },
        Method(
            name: "instantiateInitialViewController", returns: "Controller?",
            doc:
                "Makes the initial scene's controller, its view not loaded; nil when the storyboard has none."
        ) { object, call in
            call.session.push(try object.instantiateInitialViewController())
            return 1
        },
        Method(
            name: "instantiateViewController", required: 1, parameters: "identifier: string", returns: "Controller",
            doc: "Makes the controller of the scene with this storyboard identifier, its view not loaded."
        ) { object, call in
            call.session.push(try object.instantiateViewController(withIdentifier: call.string(1)))
            return 1
        },
    ])

/// The storyboards a world has opened, by file, and the classes scripts gave them.
struct StoryboardRegistry {
    /// By the path the file was read from.
    var files: [String: Storyboard] = [:]
    var classes: [ObjectIdentifier: StoryboardClasses] = [:]
    /// Every storyboard made, from a file or a table.
    var opened: [Storyboard] = []

    /// Every unwind action the storyboards opened call: a class may implement any of them.
    var unwindActionNames: Set<String> {
        Set(opened.flatMap(\.definition.unwindActionNames))
    }
}

/// The Lua tables `sb:class` gave one storyboard: controller classes, by scene identifier or
/// custom class, and segue classes, by class name.
final class StoryboardClasses {
    var controllers: [String: LuaReference] = [:]
    var segues: [String: LuaReference] = [:]
}

extension Session {
    /// `Storyboard.load(path)`: the file beside the script (or at an absolute path), read,
    /// checked, and every storyboard it references opened too, so that a mistake anywhere is
    /// an error here, with its file and line.
    func loadStoryboard(_ path: String) throws -> Storyboard {
        let file = path.hasPrefix("/") || script.folder == "." ? path : script.folder + "/" + path
        if let refusal = script.boundary.refusal(of: file) { throw ScriptError(refusal) }
        if !FileManager.default.fileExists(atPath: file), script.boundary.refusal(of: file + ".storyboard") == nil,
            FileManager.default.fileExists(atPath: file + ".storyboard")
        {
            throw ScriptError(
                "Storyboard.load: no file \(file); did you mean \(path).storyboard? (Storyboard.load takes the "
                    + "file's name, UIStoryboard(name:) the storyboard's)")
        }
        // Every file this load opens is kept only if all of them open and check.
        let before = Set(storyboards.files.keys)
        do {
            let storyboard = try openStoryboard(file, depth: 0)
            try storyboard.checkScenes()
            return storyboard
        } catch {
            for opened in Set(storyboards.files.keys).subtracting(before) {
                let storyboard = storyboards.files.removeValue(forKey: opened)
                storyboards.opened.removeAll { $0 === storyboard }
            }
            throw error
        }
    }

    /// How many storyboards a chain of references may go through: far more than an app's.
    static let deepestReferences = 32

    /// The storyboard at `file`, read once a world, and what it references, `depth` being how
    /// many references led here (while they open, it is kept, so that references in a circle
    /// end).
    private func openStoryboard(_ file: String, depth: Int) throws -> Storyboard {
        if let open = storyboards.files[file] { return open }
        guard depth <= Self.deepestReferences else {
            throw ScriptError("references lead through more than \(Self.deepestReferences) storyboards, to \(file)")
        }
        if let refusal = script.boundary.refusal(of: file) { throw ScriptError(refusal) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: file)
        else {
            throw ScriptError(
                isFolder.boolValue
                    ? "\(file) is a folder, not a .storyboard file"
                    : "cannot read \(file): no such file (a path is taken from the script's folder)")
        }
        // As `vcsandbox storyboard` reads it: bytes that are no UTF-8 become U+FFFD.
        let text = String(decoding: data, as: UTF8.self)
        try charge(text.utf8.count)
        let document: StoryboardDocument
        let definition: StoryboardDefinition
        do {
            document = try StoryboardDocument(text: text, file: file)
            definition = try document.definition(named: Self.storyboardName(of: file))
        } catch let error as StoryboardError {
            throw ScriptError(error.description)
        }
        let storyboard = try makeStoryboard(definition, folder: ScriptState.folder(of: file))
        storyboards.files[file] = storyboard
        try openReferences(of: document, from: storyboard, depth: depth)
        return storyboard
    }

    /// Opens what each reference of `document` names, refusing a file, identifier or initial
    /// scene that is not there at the reference's line (XML-08).
    private func openReferences(of document: StoryboardDocument, from storyboard: Storyboard, depth: Int) throws {
        let folder = ScriptState.folder(of: document.file)
        do {
            try document.checkReferences { name in
                let target = try name.map {
                    try openStoryboard(Self.file(ofStoryboard: $0, besideFolder: folder), depth: depth + 1)
                }
                let definition = (target ?? storyboard).definition
                return StoryboardDocument.ReferenceTarget(
                    identifiers: Set(definition.scenes.compactMap(\.identifier)),
                    hasInitialController: definition.initialSceneID != nil)
            }
        } catch let error as StoryboardError {
            throw ScriptError(error.description)
        }
    }

    /// `Main` for `scripts/Main.storyboard`.
    static func storyboardName(of file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".storyboard") ? String(base.dropLast(".storyboard".count)) : base
    }

    static func file(ofStoryboard name: String, besideFolder folder: String) -> String {
        (folder == "." ? "" : folder + "/") + name + ".storyboard"
    }

    /// An engine storyboard whose references open files beside `folder` and whose classes
    /// are the script's: `classes`, those of the same storyboard before `app.relaunch`.
    func makeStoryboard(
        _ definition: StoryboardDefinition, folder: String, classes: StoryboardClasses = StoryboardClasses()
    ) throws -> Storyboard {
        let storyboard = try Storyboard(definition, world: world)
        storyboards.classes[ObjectIdentifier(storyboard)] = classes
        storyboards.opened.append(storyboard)
        storyboard.classOverrides = { [unowned self] scene, controller in
            for name in Self.classNames(of: scene) {
                if let table = classes.controllers[name] { applyClass(table, to: controller) }
            }
        }
        storyboard.references = { [unowned self] name in
            try openStoryboard(Self.file(ofStoryboard: name, besideFolder: folder), depth: 0)
        }
        storyboard.segueClass = { [unowned self] name in
            guard let table = classes.segues[name] else { return nil }
            return { segue in self.performCustomSegue(segue, with: table) }
        }
        return storyboard
    }

    /// The names `sb:class` finds a scene's controllers by, the most specific last: its custom
    /// class, its id, its storyboard identifier.
    static func classNames(of scene: SceneDefinition) -> [String] {
        var names: [String] = []
        for name in [scene.customClass, scene.id, scene.identifier].compactMap({ $0 }) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Sets each function of the class table as an override of `controller`.
    private func applyClass(_ table: LuaReference, to controller: ViewController) {
        stack.pushReference(table.reference)
        let index = stack.top
        defer { stack.setTop(index - 1) }
        for key in stack.stringKeys(of: index).keys {
            stack.rawGet(index, field: key)
            defer { stack.pop() }
            // The table is the class's own copy, made when it was checked: every value is a
            // function, and every key a method a controller may override.
            try? setOverride(key, of: controller, valueAt: -1)
        }
    }

    /// Runs a custom segue class's `perform(segue)` (SEG-10).
    private func performCustomSegue(_ segue: StoryboardSegue, with table: LuaReference) {
        callProtected(
            pushFunction: { table.pushField("perform", on: stack) },
            pushArguments: { session in
                session.push(segue)
                return 1
            })
    }

    /// `sb:class(name, table)`: checks the table's keys against what such a class may
    /// override, and keeps it for the controllers (or segues) made from now on.
    func defineClass(_ name: String, in storyboard: Storyboard, tableAt index: Int32) throws {
        guard stack.type(at: index) == LUA_TTABLE else {
            throw ArgumentError(
                position: 2, function: "class", problem: "table expected, got \(stack.typeName(at: index))")
        }
        let definition = storyboard.definition
        let isSegueClass = definition.scenes.contains { scene in scene.segues.contains { $0.customClass == name } }
        if !isSegueClass, definition.scenes.contains(where: { $0.embeds.contains { $0.customClass == name } }) {
            throw ScriptError(
                "sb:class: '\(name)' is the class of an embed segue, which performs as UIKit's own in the sandbox (D-130)"
            )
        }
        let isControllerClass = definition.scenes.contains { Self.classNames(of: $0).contains(name) }
        guard isSegueClass || isControllerClass else {
            let names = Set(definition.scenes.flatMap { [$0.identifier, $0.customClass].compactMap { $0 } })
            let suggestion = suggestedMember(for: name, among: Array(names)).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScriptError(
                "sb:class: storyboard \(storyboard.name) has no scene with the identifier or custom class '\(name)'"
                    + "\(suggestion), nor a segue of that class; it has " + names.sorted().joined(separator: ", ")
                    + " (a class of a storyboard a reference leads to is given on that storyboard)")
        }
        let allowed =
            isSegueClass
            ? ["perform"]
            : (Callback.overridableNames + StoryboardCall.overridableNames + storyboards.unwindActionNames
                + SystemAppearanceAspect.overridableNames).sorted()
        try checkClassTable(at: index, name: name, allowed: allowed)
        copyTable(at: index)
        defer { stack.pop() }
        let table = LuaReference(session: self, index: stack.top)
        let classes = storyboards.classes[ObjectIdentifier(storyboard)]!
        if isSegueClass { classes.segues[name] = table } else { classes.controllers[name] = table }
    }

    /// The Objective-C and Swift spellings of the storyboard methods, and the names they go by here.
    static let storyboardMethodAliases = [
        "prepareForSegue": "prepare", "prepareForSegue:sender:": "prepare", "prepare(for:sender:)": "prepare",
        "shouldPerformSegueWithIdentifier": "shouldPerformSegue",
        "shouldPerformSegue(withIdentifier:sender:)": "shouldPerformSegue",
        "unwindForSegue": "unwind", "unwind(for:towards:)": "unwind",
        "canPerformUnwindSegueAction(_:from:sender:)": "canPerformUnwindSegueAction",
        "allowedChildrenForUnwinding(from:)": "allowedChildrenForUnwinding",
        "allowedChildViewControllersForUnwindingFromSource": "allowedChildrenForUnwinding",
    ]

    /// Pushes a new table holding the string keys and values of the table at `index`.
    private func copyTable(at index: Int32) {
        let keys = stack.stringKeys(of: index).keys
        stack.newTable(fieldCount: Int32(keys.count))
        for key in keys {
            stack.rawGet(index, field: key)
            stack.rawSet(-2, field: key)
        }
    }

    private func checkClassTable(at index: Int32, name: String, allowed: [String]) throws {
        let (keys, others) = stack.stringKeys(of: index)
        if let other = others.first {
            throw ScriptError("sb:class \(name): keys must be method names, got \(other)")
        }
        for key in keys {
            guard allowed.contains(key) else {
                let suggestion = Self.storyboardMethodAliases[key] ?? suggestedMember(for: key, among: allowed)
                throw ScriptError(
                    "sb:class \(name): '\(key)' is no method such a class overrides"
                        + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                        + "; it may override " + allowed.joined(separator: ", ")
                        + " (a class table holds methods only: keep helpers in locals)")
            }
            stack.rawGet(index, field: key)
            defer { stack.pop() }
            guard stack.type(at: -1) == LUA_TFUNCTION else {
                throw ScriptError(
                    "sb:class \(name): '\(key)' must be a function, got \(stack.typeName(at: -1))")
            }
        }
    }
}
