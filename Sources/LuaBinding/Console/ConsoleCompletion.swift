import CLua
import Foundation
import HierarchyEngine

/// What Tab offers for the word before the cursor.
public struct Completion: Equatable {
    /// Where the word starts, in UTF-8 bytes from the start of the line.
    public var start: Int
    /// Whole words that may replace it, sorted.
    public var candidates: [String]
    /// Whether the candidates are file paths (`:load`), whose last part follows a `/`.
    public var isPaths = false

    public init(start: Int, candidates: [String], isPaths: Bool = false) {
        self.start = start
        self.candidates = candidates
        self.isPaths = isPaths
    }
}

/// Tab completion (SPEC §7): globals and session locals, fields of tables, members of
/// controllers, views and windows (`nav.top` → `nav.topViewController`), `:` commands and
/// the file of `:load`.
///
/// Completing never runs a script's code: tables are read raw (following `__index` only
/// where it is a table), and a handle's properties are read only when reading changes
/// nothing (`view` would load the view, so its kind is taken instead).
extension Console {
    public func complete(_ line: String) -> Completion {
        if !isContinuing, let commandCompletion = completeCommand(line) { return commandCompletion }
        let word = Self.trailingWord(of: line)
        let start = line.utf8.count - word.utf8.count
        let stack = session.stack
        let top = stack.top
        defer { stack.setTop(top) }
        return Completion(start: start, candidates: candidates(for: word))
    }

    /// The expression word that ends `line`: names joined by `.` or `:`, after any `..`.
    static func trailingWord(of line: String) -> Substring {
        let tail = line.reversed().prefix {
            $0 == "_" || $0 == "." || $0 == ":" || ($0.isASCII && ($0.isLetter || $0.isNumber))
        }
        let word = line.suffix(tail.count)
        guard let concatenation = word.ranges(of: "..").last else { return word }
        return word[concatenation.upperBound...].drop { $0 == "." }
    }

    private func candidates(for word: Substring) -> [String] {
        guard let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            return Self.matching(globalNames(), prefix: word, before: "")
        }
        let head = word[..<separator]
        let partial = word[word.index(after: separator)...]
        let path = head.split(separator: ".", omittingEmptySubsequences: false)
        guard !path.contains(where: { $0.isEmpty || $0.contains(":") || $0.first!.isNumber }),
            let subject = resolve(path.map(String.init))
        else { return [] }
        let names = memberNames(of: subject, methodsOnly: word[separator] == ":")
        return Self.matching(names, prefix: partial, before: String(word[...separator]))
    }

    /// The names that start with `prefix`, each prefixed with `before`, sorted, once each.
    private static func matching(_ names: [String], prefix: Substring, before: String) -> [String] {
        Set(names.filter { $0.hasPrefix(prefix) }).sorted().map { before + $0 }
    }

    /// What a completed name may stand in front of: a value on the stack, or only the kind
    /// of a handle whose value was not read.
    private enum Subject {
        case value(Int32)
        /// The position of the kind in the session's kinds.
        case kind(Int)
    }

    /// The room on the stack one step of completion may take: a lookup through a chain of
    /// `__index` tables and its keys.
    static let stepRoom: Int32 = 40

    /// The value of the dotted `path`, read without running scripts' code, pushed once: each
    /// step replaces the value it starts from, so a long path takes no more stack.
    private func resolve(_ path: [String]) -> Subject? {
        let stack = session.stack
        guard path.count <= 64, lua_checkstack(stack.state, Self.stepRoom) != 0 else { return nil }
        stack.pushReference(scope)
        if stack.rawGet(-1, field: path[0]) == LUA_TNIL {
            stack.pop(2)
            vcs_pushglobaltable(stack.state)
            guard stack.rawGet(-1, field: path[0]) != LUA_TNIL else { return nil }
        }
        let slot = stack.top
        for name in path.dropFirst() {
            guard lua_checkstack(stack.state, Self.stepRoom) != 0, let next = field(name, of: slot) else { return nil }
            guard case .value = next else { return next }
            vcs_replace(stack.state, slot)  // the found value, and the rest popped
            stack.setTop(slot)
        }
        return .value(slot)
    }

    /// The field `name` of the value at `index`, pushed, or the kind of a handle property
    /// that is not read (reading it would change the world).
    private func field(_ name: String, of index: Int32) -> Subject? {
        let stack = session.stack
        if let handle = Handle.read(stack, at: index) {
            guard session.handles.isCurrent(handle) else { return nil }
            if let type = Self.unreadProperties[name], let kind = session.bridge.kinds.position(of: type) {
                return .kind(kind)
            }
            guard case .property(let number) = session.bridge.kinds[Int(handle.kind)].member(named: name) else {
                return nil
            }
            guard (try? session.get(property: number, of: handle)) != nil else { return nil }
            return .value(stack.top)
        }
        guard stack.type(at: index) == LUA_TTABLE else { return nil }
        for table in tableChain(from: index) where stack.rawGet(table, field: name) != LUA_TNIL {
            return .value(stack.top)
        }
        return nil
    }

    /// Properties whose getter would change the world (load a view, make a controller):
    /// their completion uses the kind they give.
    private static let unreadProperties: [String: AnyObject.Type] = [
        "view": View.self, "moreNavigationController": NavigationController.self,
        "presentationController": PresentationController.self,
    ]

    /// The table at `index` and the tables its metatables' `__index` fields lead to, pushed
    /// as needed; their stack indices.
    private func tableChain(from index: Int32) -> [Int32] {
        let stack = session.stack
        var chain = [index]
        while chain.count < 8, lua_getmetatable(stack.state, chain.last!) != 0 {
            guard stack.rawGet(-1, field: "__index") != LUA_TNIL, stack.type(at: -1) == LUA_TTABLE else { break }
            chain.append(stack.top)
        }
        return chain
    }

    /// The names that may follow `subject` and a `.` (or `:` when `methodsOnly`).
    private func memberNames(of subject: Subject, methodsOnly: Bool) -> [String] {
        let stack = session.stack
        switch subject {
        case .kind(let position): return handleMembers(of: session.bridge.kinds[position], methodsOnly: methodsOnly)
        case .value(let index):
            if let handle = Handle.read(stack, at: index), let target = session.handles.target(of: handle) {
                // A controller's fields of the script's own follow a `.` (D-80).
                let controller = methodsOnly ? nil : target.object as? ViewController
                return handleMembers(of: target.kind, methodsOnly: methodsOnly)
                    + (controller.map(session.fieldNames(of:)) ?? [])
            }
            if stack.type(at: index) == LUA_TSTRING, methodsOnly {
                stack.pushReference(stringSlot)
                return stack.type(at: -1) == LUA_TTABLE ? tableKeys(at: stack.top, functionsOnly: true) : []
            }
            guard stack.type(at: index) == LUA_TTABLE else { return [] }
            return tableChain(from: index).flatMap { tableKeys(at: $0, functionsOnly: methodsOnly) }
        }
    }

    private func handleMembers(of kind: any HandleKind.Type, methodsOnly: Bool) -> [String] {
        if methodsOnly { return kind.methodNames }
        return kind.propertyNames + kind.methodNames + (kind.takesOverrides ? Callback.overridableNames : [])
    }

    /// The string keys of the table at `index` that are Lua names (of functions only, when
    /// `functionsOnly`).
    private func tableKeys(at index: Int32, functionsOnly: Bool) -> [String] {
        let stack = session.stack
        var names: [String] = []
        stack.pushNil()
        while lua_next(stack.state, index) != 0 {
            if let key = stack.string(at: -2), isIdentifier(key), !functionsOnly || stack.type(at: -1) == LUA_TFUNCTION
            {
                names.append(key)
            }
            stack.pop()
        }
        return names
    }

    /// Globals, the session's locals, and Lua's keywords.
    private func globalNames() -> [String] {
        let stack = session.stack
        vcs_pushglobaltable(stack.state)
        var names = tableKeys(at: stack.top, functionsOnly: false)
        stack.pushReference(scope)
        names += tableKeys(at: stack.top, functionsOnly: false)
        stack.pushReference(declaredNames)
        names += tableKeys(at: stack.top, functionsOnly: false)
        return names + luaKeywords
    }

    /// Completion of a command's name, or of the file `:load` or `:save` takes; nil for a Lua line.
    private func completeCommand(_ line: String) -> Completion? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix(":"), !text.hasPrefix("::") else { return nil }
        let indent = line.utf8.count - text.utf8.count
        guard let space = text.firstIndex(of: " ") else {
            let names = Self.commands.map { ":" + $0.name }.filter { $0.hasPrefix(text) }
            return Completion(start: indent, candidates: names)
        }
        guard text[..<space] == ":load" || text[..<space] == ":save" else {
            return Completion(start: line.utf8.count, candidates: [])
        }
        let path = text[text.index(after: space)...].drop { $0 == " " }
        return Completion(
            start: line.utf8.count - path.utf8.count, candidates: Self.files(completing: String(path)), isPaths: true)
    }

    /// The files and folders (with a trailing `/`) whose paths start with `path`.
    static func files(completing path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let partial = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { $0.hasPrefix(partial) && ($0.hasPrefix(".") == partial.hasPrefix(".")) }.sorted().map {
            name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder)
            return folder + name + (isFolder.boolValue ? "/" : "")
        }
    }
}
