import Foundation
import HierarchyEngine
import Testing

@testable import LuaBinding

/// The editor definitions (`vcsandbox types`, issue 22): complete, consistent with what the
/// binding checks, and the same as the file the repository ships.
@Suite struct EditorDefinitionsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theShippedFileIsTheGeneratedOne() throws {
        let shipped = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("types/vcsandbox.lua"), encoding: .utf8)
        // Not `#expect(shipped == text)`: a failure would print two files of 1,200 lines.
        let difference = EditorDefinitions.text.split(separator: "\n", omittingEmptySubsequences: false)
            .difference(from: shipped.split(separator: "\n", omittingEmptySubsequences: false))
        #expect(
            difference.isEmpty,
            "types/vcsandbox.lua is out of date: run `vcsandbox types --output types/vcsandbox.lua` (\(difference.count) lines differ)"
        )
    }

    @Test func everyMemberAndFunctionSaysWhatItIs() {
        let missing = EditorDefinitions.undocumented(kinds: handleKinds, functions: apiFunctions)
        #expect(missing.isEmpty, "no type or doc: \(missing.joined(separator: ", "))")
    }

    /// Every name a type mentions is Lua's, an alias or a class of the file: the checker would
    /// treat a misspelt one as unknown and check nothing.
    @Test func everyTypeNameIsDeclared() {
        var declared = Set(luaEnumerations.map(\.name) + luaProtocols.map(\.name) + luaTableShapes.map(\.name))
        declared.formUnion(handleKinds.flatMap { [$0.typeName, $0.typeName + "Options"] })
        var types: [String] = luaOverrides.values.flatMap { [$0.parameters, $0.returns] }
        types += luaProtocols.flatMap(\.methods).map(\.luaSignature.type)
        types += (luaTableShapes.flatMap(\.fields) + constructorKeys.values.flatMap { $0 }).map(\.type)
        types += EditorDefinitions.signatures(kinds: handleKinds, functions: apiFunctions)
        let used = types.reduce(into: Set<String>()) { $0.formUnion(typeNames(in: $1)) }
        #expect(used.subtracting(declared).isEmpty, "undeclared: \(used.subtracting(declared).sorted())")
    }

    /// The capitalised words of a type expression outside string literals (parameter names
    /// are lower case): `fun(nav: NavigationController): Animator?` names two types.
    private func typeNames(in type: String) -> Set<String> {
        var names: Set<String> = []
        var word = ""
        var quoted = false
        for character in type + " " {
            if character == "\"" { quoted.toggle() }
            if !quoted, character.isLetter || character.isNumber || character == "_" || character == "." {
                word.append(character)
                continue
            }
            if let first = word.first, first.isUppercase { names.insert(word) }
            word = ""
        }
        return names
    }

    @Test func theOverridesAreTheOnesTheBindingTakes() {
        #expect(Set(luaOverrides.keys) == Set(Callback.overridableNames + storyboardOverrideNames))
    }

    @Test func theTablesHaveTheKeysTheBindingChecks() {
        func keys(_ name: String) -> Set<String> {
            let shape = luaTableShapes.first { $0.name == name }!
            return Set(shape.fields.map { $0.field.replacingOccurrences(of: "?", with: "") }.filter { $0 != "[1]" })
        }
        #expect(keys("WindowOptions") == Set(Session.windowOptions))
        #expect(keys("Animator") == Set(Call.animatorKeys))
        #expect(keys("CustomPresentationController") == Set(Call.presentationControllerKeys))
    }
}
