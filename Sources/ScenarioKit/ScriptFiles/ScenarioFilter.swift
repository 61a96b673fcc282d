/// `vcsandbox test --filter PATTERN`, given once or more: which scenarios run, and which
/// patterns selected nothing.
///
/// A scenario runs when its title (`file: name`) contains any of the patterns; with none,
/// every scenario runs. A pattern that selects nothing is almost always a typo, and a CI job
/// whose filter is a typo would otherwise be green with nothing run, so each pattern must
/// select at least one scenario (D-70). Under `--shard` the scenarios a pattern names may all
/// be in other shards, so there an unmatched pattern is only noted.
///
/// ```swift
/// let filter = ScenarioFilter(["navigation/", "tab"])
/// filter.selects("scripts/tabbar/TAB-01.lua: TAB-01")   // true
/// filter.unmatched(by: ["scripts/tabbar/TAB-01.lua: TAB-01"])   // ["navigation/"]
/// ```
public struct ScenarioFilter: Equatable, Sendable {
    /// The patterns, in the order given; empty for no filter.
    public var patterns: [String]
    /// `--exclude`: a scenario whose title contains one of these does not run, whatever
    /// `patterns` say.
    public var excluded: [String]

    public init(_ patterns: [String] = [], excluding excluded: [String] = []) {
        self.patterns = patterns
        self.excluded = excluded
    }

    /// Whether every scenario runs: no pattern was given, none excluded.
    public var selectsAll: Bool { patterns.isEmpty && excluded.isEmpty }

    /// Whether the scenario with this title runs.
    public func selects(_ title: String) -> Bool {
        (patterns.isEmpty || patterns.contains { title.contains($0) }) && !excluded.contains { title.contains($0) }
    }

    /// The patterns that no title of the run contains, in the order given.
    public func unmatched(by titles: [String]) -> [String] {
        patterns.filter { pattern in !titles.contains { $0.contains(pattern) } }
    }

    /// Why the run fails when `unmatched` is not empty: the patterns, what a pattern must
    /// match, and the nearest script for a pattern that names a path with a typo.
    public static func message(unmatched: [String], files: [String]) -> String {
        let quoted = unmatched.map { "\"\($0)\"" }.joined(separator: ", ")
        var text =
            "--filter \(quoted) matched no scenario; a scenario runs when its `file: name` (as the report shows "
            + "it) contains one of the patterns"
        if let pattern = unmatched.first, let near = closestName(to: pattern, among: files.flatMap(Self.pieces)) {
            text += "; did you mean \"\(near)\"?"
        }
        return text
    }

    /// The parts of a script's path a pattern is likely to name: the whole path, each folder
    /// with its `/`, and the file's name with and without `.lua`.
    static func pieces(of file: String) -> [String] {
        let parts = file.split(separator: "/").map(String.init)
        let name = parts.last ?? file
        let stem = name.hasSuffix(".lua") ? [String(name.dropLast(4))] : []
        return [file] + parts.dropLast().map { $0 + "/" } + [name] + stem
    }
}
