import Foundation
import Fuzzing

/// vcsandbox-fuzz: the project's property-based test of the engine through the Lua API
/// (issue 17). `make fuzz SEEDS=N` runs `vcsandbox-fuzz run --seeds N`.
let usage = """
    usage: vcsandbox-fuzz run [--seeds N] [--from S] [--jobs J] [--out DIR] [--shrink K] [--hang-seconds T]
           vcsandbox-fuzz show --seed S [--standalone]
           vcsandbox-fuzz replay FILE [--ios V]
           vcsandbox-fuzz shrink --seed S --family F
      run      runs seeds S … S+N-1 (default 1 … 2000) on J child processes (default: one per core),
               shrinks up to K seeds of each kind of failure (default 1) and writes them to DIR
               (default .build/fuzz-findings); exits 1 when anything failed
      show     prints the scenario of a seed, as checked (or as `vcsandbox run` runs it)
      replay   runs a checked script (a `.checked.lua` file that `run` wrote) with the checks
      shrink   shrinks one seed's failure of one family and prints the result as JSON
      families: \(Family.checked.map(\.rawValue).joined(separator: ", "))
    """

/// The options after a subcommand, as `--name value` pairs and plain arguments.
struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var plain: [String] = []

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                plain.append(argument)
                continue
            }
            let name = String(argument.dropFirst(2))
            if ["standalone"].contains(name) {
                flags.insert(name)
            } else if let value = rest.popFirst() {
                values[name] = value
            } else {
                throw UsageFailure("\(argument) needs a value")
            }
        }
    }

    func number<T: FixedWidthInteger>(_ name: String, default value: T) throws -> T {
        guard let text = values[name] else { return value }
        guard let number = T(text), number >= 0 else {
            throw UsageFailure("--\(name) needs a whole number, got \(text)")
        }
        return number
    }

    func seconds(_ name: String, default value: Double) throws -> Double {
        guard let text = values[name] else { return value }
        guard let number = Double(text), number > 0 else { throw UsageFailure("--\(name) needs seconds, got \(text)") }
        return number
    }

    func family() throws -> Family {
        guard let text = values["family"] else { throw UsageFailure("--family is missing") }
        guard let family = Family(rawValue: text) else { throw UsageFailure("unknown family \(text)") }
        return family
    }
}

struct UsageFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func main() throws -> Int32 {
    let arguments = CommandLine.arguments.dropFirst()
    guard let command = arguments.first else { throw UsageFailure("a command is missing") }
    let options = try Options(arguments.dropFirst())
    switch command {
    case "run": return try runCommand(options)
    case "batch":
        runBatch(from: try options.number("from", default: 1), count: try options.number("count", default: 1))
    case "show":
        let script = ScenarioGenerator.script(seed: try options.number("seed", default: 1))
        print(options.flags.contains("standalone") ? standaloneText(script) : script.checkedText, terminator: "")
    case "replay": return try replay(options)
    case "shrink":
        let seed: UInt64 = try options.number("seed", default: 1)
        guard
            let finding = shrinkSeed(
                seed, family: try options.family(), seconds: try options.seconds("hang-seconds", default: 10))
        else {
            standardError("vcsandbox-fuzz: seed \(seed) does not fail with \(try options.family())")
            return 1
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        writeLine(String(decoding: try encoder.encode(finding), as: UTF8.self))
    case "help", "--help", "-h": print(usage)
    default: throw UsageFailure("unknown command \(command)")
    }
    return 0
}

/// The scenario as `vcsandbox run` runs it, with no witness.
func standaloneText(_ script: FuzzScript) -> String {
    Witness.standaloneText(script, showing: Violation(family: .scriptError, step: 0, message: "(none)"))
}

func replay(_ options: Options) throws -> Int32 {
    guard let path = options.plain.first else { throw UsageFailure("replay needs a FILE") }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw UsageFailure("cannot read \(path)")
    }
    let ios: Int = try options.number("ios", default: text.contains("iOS 12.") ? 12 : 17)
    let (violations, counts) = FuzzRun.run(text: text, iosVersion: ios, file: path)
    for violation in violations { print("step \(violation.step): \(violation.family.rawValue): \(violation.message)") }
    print("\(counts.steps) steps, \(counts.raised) raised, \(violations.count) violations")
    return violations.isEmpty ? 0 : 1
}

do {
    exit(try main())
} catch {
    standardError("vcsandbox-fuzz: \(error)\n\(usage)")
    exit(2)
}
