import CLua
import HierarchyEngine

/// `Storyboard { "Main", initial = "Nav", scenes = { … } }`: a storyboard declared in the
/// script, with the structure of an Interface Builder file (SPEC §9.3). Each scene's key is
/// its id and its storyboard identifier; scenes and segues are taken in the order of their
/// keys.
///
///     Storyboard { "Main", initial = "Nav", scenes = {
///       Nav  = { kind = "navigation", root = "List" },
///       List = { segues = { showItem = { to = "Item", kind = "show" } }, embeds = { "Header" } },
///       Item = {}, Header = {}, Settings = { unwinds = { done = "unwindToList" } },
///     } }
extension Session {
    func makeStoryboard(_ call: Call) throws {
        let table = call.index(1)
        guard stack.type(at: table) == LUA_TTABLE else {
            throw ArgumentError(
                position: 1, function: "Storyboard", problem: "table expected, got \(stack.typeName(at: table))")
        }
        let reader = TableReader(session: self, index: table, path: "Storyboard { … }")
        try reader.check(keys: ["initial", "scenes"], allowsName: true)
        let name = try reader.name() ?? "Storyboard"
        let initial = try reader.string("initial")
        let scenes =
            try reader.table("scenes") { scenes in
                try scenes.names().map { key in try scenes.table(key) { try scene(key, $0) }! }
            } ?? []
        let definition = StoryboardDefinition(name: name, initialSceneID: initial, scenes: scenes)
        if let problem = definition.problem() { throw ScriptError("Storyboard { … }: \(problem)") }
        // Every scene is checked as instantiating it would be, which opens the files its
        // references name (beside the script) and finds the scenes they name.
        let storyboard = try makeStoryboard(definition, folder: script.folder)
        do {
            try storyboard.checkScenes()
        } catch {
            storyboards.opened.removeAll { $0 === storyboard }
            throw error
        }
        push(storyboard)
    }

    private func scene(_ id: String, _ reader: TableReader) throws -> SceneDefinition {
        try reader.check(keys: [
            "class", "definesPresentationContext", "embeds", "hidesBottomBarWhenPushed", "identifier", "kind",
            "modalPresentationStyle", "modalTransitionStyle", "primary", "providesPresentationContextTransitionStyle",
            "restorationIdentifier", "root", "secondary", "segues", "spineLocation", "storyboard", "tabs", "title",
            "transitionStyle", "unwinds",
        ])
        let kind = try sceneKind(reader)
        try reader.checkKindFields(kind)
        var scene = SceneDefinition(id: id, kind: kind, identifier: id, customClass: try reader.string("class"))
        scene.title = try reader.string("title")
        scene.definesPresentationContext = try reader.bool("definesPresentationContext") ?? false
        scene.providesPresentationContextTransitionStyle =
            try reader.bool("providesPresentationContextTransitionStyle") ?? false
        scene.modalPresentationStyle = try reader.choice("modalPresentationStyle")
        scene.modalTransitionStyle = try reader.choice("modalTransitionStyle")
        scene.hidesBottomBarWhenPushed = try reader.bool("hidesBottomBarWhenPushed") ?? false
        scene.restorationIdentifier = try reader.string("restorationIdentifier")
        scene.children =
            try [reader.string("root")].compactMap { $0 } + (reader.strings("tabs") ?? [])
            + [reader.string("primary"), reader.string("secondary")].compactMap { $0 }
        scene.embeds = try reader.list("embeds") { item in try embed(item) } ?? []
        let segues =
            try reader.table("segues") { segues in
                try segues.names().map { key in try segues.table(key) { try segue(key, $0) }! }
            } ?? []
        let unwinds =
            try reader.table("unwinds") { unwinds in
                try unwinds.names().map { key in
                    SegueDefinition(kind: .unwind, identifier: key, unwindAction: try unwinds.actionName(key))
                }
            } ?? []
        if let both = segues.first(where: { segue in unwinds.contains { $0.identifier == segue.identifier } }) {
            throw ScriptError(
                "\(reader.path): '\(both.identifier ?? "")' is both a segue and an unwind; an identifier names one")
        }
        scene.segues = segues + unwinds
        return scene
    }

    private func sceneKind(_ reader: TableReader) throws -> SceneKind {
        let kinds = ["navigation", "page", "plain", "reference", "split", "tabBar"]
        switch try reader.string("kind") ?? "plain" {
        case "plain": return .plain
        case "navigation": return .navigation
        case "tabBar": return .tabBar
        case "split": return .split
        case "page":
            let style: PageViewController.TransitionStyle = try reader.choice("transitionStyle") ?? .scroll
            let spine: PageViewController.SpineLocation? = try reader.choice("spineLocation")
            // As UIKit, the spine of a page curl only (PAG-05).
            return .page(style, spine: style == .pageCurl ? spine : nil)
        case "reference":
            let storyboard = try reader.string("storyboard")
            if let storyboard, storyboard.contains("/") {
                throw ScriptError(
                    "\(reader.path).storyboard: '\(storyboard)' is a path; a reference names a storyboard beside the "
                        + "script, as Settings for Settings.storyboard")
            }
            return .reference(storyboard: storyboard, identifier: try reader.string("identifier"))
        case let other:
            throw ScriptError("\(reader.path).kind: unknown kind '\(other)'; kinds: \(kinds.joined(separator: ", "))")
        }
    }

    private func segue(_ identifier: String, _ reader: TableReader) throws -> SegueDefinition {
        try reader.check(keys: [
            "anchor", "animates", "class", "kind", "modalPresentationStyle", "modalTransitionStyle", "to",
        ])
        let kind: SegueDefinition.Kind = try reader.choice("kind") ?? .show
        guard kind != .unwind, kind != .embed else {
            throw ScriptError(
                "\(reader.path).kind: '\(kind.rawValue)' segues go in the scene's \(kind == .unwind ? "unwinds" : "embeds")"
            )
        }
        var segue = SegueDefinition(kind: kind, identifier: identifier, destination: try reader.string("to"))
        segue.animates = try reader.bool("animates") ?? true
        segue.modalPresentationStyle = try reader.choice("modalPresentationStyle")
        segue.modalTransitionStyle = try reader.choice("modalTransitionStyle")
        segue.hasPopoverAnchor = try reader.string("anchor") != nil
        segue.customClass = try reader.string("class")
        return segue
    }

    /// An embed: a scene's id, or `{ to = id, identifier = "header" }`.
    private func embed(_ item: TableReader.Item) throws -> SegueDefinition {
        switch item {
        case .string(let destination): return SegueDefinition(kind: .embed, destination: destination)
        case .table(let reader):
            try reader.check(keys: ["identifier", "to"])
            return SegueDefinition(
                kind: .embed, identifier: try reader.string("identifier"), destination: try reader.string("to"))
        }
    }
}

/// Reads the fields of a table a script gave, naming the field in every error
/// (`Storyboard { … }.scenes.List.segues.showItem.to: string expected, got number`).
struct TableReader {
    let session: Session
    let index: Int32
    let path: String

    enum Item {
        case string(String)
        case table(TableReader)
    }

    private var stack: Stack { session.stack }

    /// Refuses keys other than `keys` (and the name at [1], when `allowsName`).
    func check(keys: [String], allowsName: Bool = false) throws {
        let (found, others) = stack.stringKeys(of: index)
        let extra = others.filter { !(allowsName && $0 == "1") }
        if let other = extra.first { throw ScriptError("\(path): unexpected item \(other); fields have names") }
        if let unknown = found.first(where: { !keys.contains($0) }) {
            throw ScriptError("\(path): unknown field '\(unknown)'; fields: \(keys.joined(separator: ", "))")
        }
    }

    /// The keys of a table of named entries (scenes, segues), sorted; an entry without a name
    /// is refused.
    func names() throws -> [String] {
        let (keys, others) = stack.stringKeys(of: index)
        if !others.isEmpty || hasIntegerKey() {
            throw ScriptError("\(path): an entry has no name; give each one a key, as in { Name = { … } }")
        }
        return keys.sorted()
    }

    /// Whether the table has a key that is a number (`stringKeys` passes those over).
    private func hasIntegerKey() -> Bool {
        stack.pushNil()
        while lua_next(stack.state, index) != 0 {
            let isNumber = stack.type(at: -2) == LUA_TNUMBER
            stack.pop()
            if isNumber {
                stack.pop()
                return true
            }
        }
        return false
    }

    /// An unwind action's method name (`unwindToList`, or IB's `unwindToList:`).
    func actionName(_ key: String) throws -> String {
        let action = try string(key)!
        let name = SegueDefinition.methodName(of: action)
        guard let first = name.first, first.isLetter || first == "_",
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
            throw ScriptError("\(path).\(key): '\(action)' is no method name (letters, digits and _, as unwindToList)")
        }
        return action
    }

    /// Refuses fields that only another kind of scene takes.
    func checkKindFields(_ kind: SceneKind) throws {
        let isPage = { if case .page = kind { true } else { false } }()
        let isReference = { if case .reference = kind { true } else { false } }()
        let owners: [(field: String, words: String, fits: Bool)] = [
            ("root", "a navigation scene's", kind == .navigation), ("tabs", "a tabBar scene's", kind == .tabBar),
            ("primary", "a split scene's", kind == .split), ("secondary", "a split scene's", kind == .split),
            ("transitionStyle", "a page scene's", isPage), ("spineLocation", "a page scene's", isPage),
            ("storyboard", "a reference's", isReference), ("identifier", "a reference's", isReference),
        ]
        let keys = stack.stringKeys(of: index).keys
        for owner in owners where !owner.fits && keys.contains(owner.field) {
            throw ScriptError(
                "\(path).\(owner.field): a field of \(owner.words) only; this scene's kind is \(kind.name)")
        }
    }

    /// The name at [1], if any.
    func name() throws -> String? {
        defer { stack.pop() }
        switch stack.rawGet(index, index: 1) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return stack.string(at: -1)
        default: throw ScriptError("\(path): the name must be a string, got \(stack.typeName(at: -1))")
        }
    }

    /// Runs `read` with the value of `key` on top of the stack, unless it is nil.
    private func field<T>(_ key: String, _ read: () throws -> T) throws -> T? {
        defer { stack.pop() }
        guard stack.rawGet(index, field: key) != LUA_TNIL else { return nil }
        return try read()
    }

    private func refusal(_ key: String, _ expected: String) -> ScriptError {
        ScriptError("\(path).\(key): \(expected) expected, got \(stack.typeName(at: -1))")
    }

    func string(_ key: String) throws -> String? {
        try field(key) {
            guard stack.type(at: -1) == LUA_TSTRING, let text = stack.string(at: -1) else {
                throw refusal(key, "string")
            }
            return text
        }
    }

    func bool(_ key: String) throws -> Bool? {
        try field(key) {
            guard stack.type(at: -1) == LUA_TBOOLEAN else { throw refusal(key, "boolean") }
            return lua_toboolean(stack.state, -1) != 0
        }
    }

    /// A string naming one case of `Choice`.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String) throws -> Choice?
    where Choice.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw ScriptError(
                "\(path).\(key): unknown value '\(text)'; values: "
                    + Choice.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return choice
    }

    /// A nested table, read by `read`.
    func table<T>(_ key: String, _ read: (TableReader) throws -> T) throws -> T? {
        try field(key) {
            guard stack.type(at: -1) == LUA_TTABLE else { throw refusal(key, "table") }
            return try read(TableReader(session: session, index: stack.top, path: "\(path).\(key)"))
        }
    }

    /// A list of strings.
    func strings(_ key: String) throws -> [String]? {
        try list(key) { item in
            guard case .string(let text) = item else { throw ScriptError("\(path).\(key): a list of names expected") }
            return text
        }
    }

    /// A list whose items are strings or tables, each read by `read`.
    func list<T>(_ key: String, _ read: (Item) throws -> T) throws -> [T]? {
        try table(key) { list in
            try (0..<stack.rawLength(list.index)).map { offset in
                defer { stack.pop() }
                let item = "\(list.path)[\(offset + 1)]"
                switch stack.rawGet(list.index, index: offset + 1) {
                case LUA_TSTRING: return try read(.string(stack.string(at: -1)!))
                case LUA_TTABLE: return try read(.table(TableReader(session: session, index: stack.top, path: item)))
                default: throw ScriptError("\(item): a name or a table expected, got \(stack.typeName(at: -1))")
                }
            }
        }
    }
}
