import Foundation

/// A deterministic suite of small scenario scripts doing plain Lua work, no simulator call:
/// what a file of `vcsandbox test` costs beside busted's when neither simulates anything.
///
/// Each file is one scenario: it fills and sorts a table of numbers and sums it, formats
/// words into a string and counts its digits with a pattern, then checks four results. The
/// script checks them with `assert`; its busted spec runs the same lines and checks with
/// `assert.are.same` and `assert.is_true`. The figures it checks are worked out here, so a
/// file that computed something else fails.
///
/// ```
/// pure-lua/0001.lua
///   local values = {}
///   for k = 1, 40 do values[k] = (k * 7 + 1) % 23 end
///   …
///   assert(sum == 444, "sum")
/// ```
struct PureLuaSuite: ComparedSuite {
    let fileCount: Int

    var scenarioCount: Int { fileCount }
    var scriptWork: String { "plain Lua (a table sorted and summed, words formatted and counted), checked by assert" }
    var specWork: String { "the same Lua lines, checked by assert.are.same and assert.is_true" }

    func write(to folder: URL) throws {
        for index in 0..<fileCount {
            let lines = Self.work(index) + Self.checks(index).map(\.assertLine)
            try writeFile(luaText(lines), in: folder, at: Self.path(index))
        }
    }

    func writeSpecs(to folder: URL) throws {
        for index in 0..<fileCount {
            let body = Self.work(index) + Self.checks(index).map(\.bustedLine)
            let spec = BustedSpec.file(describing: Self.path(index), tests: [(name: "plain Lua work", body: body)])
            try writeFile(spec, in: folder, at: BustedSpec.path(for: Self.path(index)))
        }
    }

    /// Where file `index` goes in the suite's folder: `pure-lua/0001.lua`.
    static func path(_ index: Int) -> String {
        String(format: "pure-lua/%04d.lua", index + 1)
    }

    /// The Lua work of file `index`, the same in the script and in the spec.
    static func work(_ index: Int) -> [String] {
        let tag = index + 1
        return [
            "local values = {}",
            "for k = 1, 40 do values[k] = (k * 7 + \(tag)) % 23 end",
            "table.sort(values)",
            "local sum = 0",
            "for _, v in ipairs(values) do sum = sum + v end",
            "local words = {}",
            "for k = 1, 8 do words[k] = string.format(\"w%d\", (k * \(tag)) % 10) end",
            "local text = table.concat(words, \"-\")",
            "local counts = {}",
            "for digit in text:gmatch(\"%d\") do counts[digit] = (counts[digit] or 0) + 1 end",
        ]
    }

    /// What file `index` checks, with the figures its work must give.
    static func checks(_ index: Int) -> [Check] {
        let tag = index + 1
        let sum = (1...40).reduce(0) { $0 + ($1 * 7 + tag) % 23 }
        let digits = (1...8).map { $0 * tag % 10 }
        let first = digits[0]
        return [
            .equal("sum", "\(sum)"),
            .equal("#text", "\(8 * 2 + 7)"),
            .isTrue("values[1] <= values[40]"),
            .equal("counts[\"\(first)\"]", "\(digits.filter { $0 == first }.count)"),
        ]
    }

    /// One check of a pure-Lua scenario, written for either runner.
    enum Check {
        case equal(String, String)
        case isTrue(String)

        /// The script's form: `assert(sum == 444, "sum")`.
        var assertLine: String {
            switch self {
            case .equal(let actual, let expected): "assert(\(actual) == \(expected), \(luaString(actual)))"
            case .isTrue(let condition): "assert(\(condition), \(luaString(condition)))"
            }
        }

        /// The spec's form: `assert.are.same(455, sum)`.
        var bustedLine: String {
            switch self {
            case .equal(let actual, let expected): "assert.are.same(\(expected), \(actual))"
            case .isTrue(let condition): "assert.is_true(\(condition))"
            }
        }
    }
}
