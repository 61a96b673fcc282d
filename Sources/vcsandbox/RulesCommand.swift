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

extension Rule {
    /// The catalogue as Markdown: what docs/RULES.md holds.
    static var catalogueMarkdown: String {
        var text = """
            # The rules the engine cites

            `vcsandbox run --explain FILE` and `trace.explain()` name, for each event of a trace, the
            rules at work when the engine recorded it: the transition whose brackets it opened or
            closed, the view that entered a window, the load a view needed. Each rule is one of
            UIKit's observed or documented behaviour, a rule of the engine's model (M-), or a
            project decision of docs/DECISIONS.md (D-), with how sure it is:

            - **documented**: stated by Apple;
            - **observed**: logged by people who ran UIKit and published the trace;
            - **reverse-engineered**: read from UIKit's machine code;
            - **inferred**: inferred from the above, not seen;
            - **decision**: the engine's own choice where sources are silent or disagree.

            Generated from `Rule.catalogue` (Sources/HierarchyEngine/Trace/Rules.swift) by
            `vcsandbox rules > docs/RULES.md`; a test holds this file to it.

            | rule | certainty | what it says | source |
            |---|---|---|---|

            """
        for rule in catalogue {
            text += "| \(rule.id) | \(rule.certainty.rawValue) | \(rule.summary) | \(rule.source) |\n"
        }
        return text
    }
}
