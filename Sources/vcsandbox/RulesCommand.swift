import ArgumentParser
import HierarchyEngine

/// `vcsandbox rules`: the catalogue of the rules `--explain` cites (issue 22), as the
/// Markdown docs/RULES.md holds.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print the rules --explain and trace.explain() cite, with their certainty and source.")

    func run() throws {
        print(Rule.catalogueMarkdown, terminator: "")
    }
}
