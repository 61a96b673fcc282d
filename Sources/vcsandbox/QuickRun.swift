import HierarchyEngine

extension ScriptRun {
    /// `vcsandbox run` in its common forms (`run FILE`, with `--trace`, `--all-events`,
    /// `--unsafe`, `--ios N` and `--timeout S` in any order, each at most once), parsed
    /// without the argument parser: its reflection over the commands is most of a short run's
    /// start-up (issue 18). Nil for anything else (help, an unknown or repeated option,
    /// `--name=value`, `--`, a value the parser would refuse), which the argument parser then
    /// parses, with its messages: the command line's contract stays the parser's, and a test
    /// checks that both agree on what this accepts.
    static func quick(_ arguments: [String]) -> ScriptRun? {
        guard arguments.first == "run" else { return nil }
        var run = ScriptRun(file: "")
        var file: String?
        var seen = Set<String>()
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "-" || !argument.hasPrefix("-") {
                guard file == nil else { return nil }
                file = argument
                continue
            }
            guard seen.insert(argument).inserted else { return nil }
            switch argument {
            case "--trace": run.trace = true
            case "--all-events": run.allEvents = true
            case "--unsafe": run.unsafe = true
            case "--ios":
                guard let value = rest.popFirst(), let version = Int(value), (try? Profile.validate(version)) != nil
                else { return nil }
                run.ios = version
            case "--timeout":
                guard let value = rest.popFirst(), let seconds = Double(value), (try? validateTimeout(seconds)) != nil
                else { return nil }
                run.timeout = seconds
            default: return nil
            }
        }
        guard let file, !run.allEvents || run.trace else { return nil }
        run.file = file
        return run
    }
}
