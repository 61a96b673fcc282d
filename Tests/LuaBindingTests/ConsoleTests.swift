import Foundation
import HierarchyEngine
import Testing

@testable import LuaBinding

/// The REPL's console (SPEC §7): `lua.c`'s input rules, locals that last, readable values,
/// completion, the commands, and Ctrl-C.
@Suite("Console")
struct ConsoleTests {
    /// Submits each line and returns the last reply.
    @discardableResult
    func submit(_ console: Console, _ lines: String...) -> Console.Reply {
        lines.map { console.submit($0) }.last!
    }

    @Test("as in lua.c, a statement that ends in a bare expression waits for more")
    func bareExpressionAfterStatement() {
        let console = Console()
        #expect(console.submit("local n = 2; n") == .incomplete)
        console.cancelInput()
        #expect(console.submit("local n = 2; return n") == .output("2"))
    }

    @Test("an expression shows its value; a statement shows nothing")
    func expressionsShowValues() {
        let console = Console()
        #expect(console.submit("1 + 2") == .output("3"))
        #expect(console.submit("x = 1") == .output(""))
        #expect(console.submit("x, 'two', nil") == .output("1\ttwo\tnil"))
        #expect(console.submit("1 / 2") == .output("0.5"))
        #expect(console.submit("2^53") == .output("9.007199254741e+15"))
        #expect(console.submit("10 / 2") == .output("5.0"))
    }

    @Test("a statement cut short continues until it is whole, then runs")
    func continuationLines() {
        let console = Console()
        #expect(console.submit("function twice(x)") == .incomplete)
        #expect(console.isContinuing)
        #expect(console.submit("  return x * 2") == .incomplete)
        #expect(console.submit("end") == .output(""))
        #expect(!console.isContinuing)
        #expect(console.submit("twice(21)") == .output("42"))
    }

    @Test("a syntax error that is not at the end is reported at once, and cancelInput drops a statement")
    func syntaxErrors() {
        let console = Console()
        guard case .error(let message) = console.submit("x = = 1") else {
            Issue.record("no error")
            return
        }
        #expect(message.hasPrefix("stdin:1:"))
        #expect(!console.isContinuing)
        #expect(console.submit("if true then") == .incomplete)
        console.cancelInput()
        #expect(console.submit("3") == .output("3"))
    }

    @Test("a runtime error shows with its traceback and the session goes on")
    func runtimeErrors() {
        let console = Console()
        guard case .error(let message) = console.submit("error('boom')") else {
            Issue.record("no error")
            return
        }
        #expect(message.hasPrefix("stdin:1: boom\nstack traceback:"))
        #expect(console.submit("1") == .output("1"))
    }

    @Test("top-level locals last from one input to the next, and closures share them")
    func localsSurvive() {
        let console = Console()
        submit(console, "local n = 0", "function bump() n = n + 1 end", "bump()", "bump()")
        #expect(console.submit("n") == .output("2"))
        #expect(console.submit("rawget(_G, 'n')") == .output("nil"))
        submit(console, "local count = 10; local function add(k) count = count + k end; add(5)")
        #expect(console.submit("count") == .output("15"))
        #expect(console.submit("local n = n + 40") == .output(""))
        #expect(console.submit("n") == .output("42"))
        #expect(console.submit("local a, b = 1") == .output(""))
        #expect(console.submit("a, b") == .output("1\tnil"))
    }

    @Test("a local shadows a global, reads the global in its own declaration, and a nil local stays local")
    func localScoping() {
        let console = Console()
        submit(console, "g = 'global'", "local g = g .. '!'")
        #expect(console.submit("g, _G.g") == .output("global!\tglobal"))
        submit(console, "local z", "z = 3")
        #expect(console.submit("z, rawget(_G, 'z')") == .output("3\tnil"))
    }

    @Test("controllers, windows and views show their state; tables their contents")
    func readableValues() {
        let console = Console()
        submit(console, "nav = NavigationController { 'Nav', Controller 'A' }", "w = Window { root = nav }")
        #expect(console.submit("nav") == .output("<NavigationController Nav, appeared>"))
        #expect(console.submit("Controller 'B'") == .output("<Controller B, disappeared>"))
        #expect(console.submit("w") == .output("<Window Window1, key, visible>"))
        #expect(console.submit("nav.view") == .output("<View Nav.view, in window Window1>"))
        #expect(
            console.submit("{1, 'two', x = {y = true}, [10] = nav}")
                == .output("{1, \"two\", [10] = <NavigationController Nav, appeared>, x = {y = true}}"))
        #expect(console.submit("local t = {}; t.self = t; return t") == .output("{self = <cycle>}"))
        #expect(console.submit("print") == .output("<function builtin>"))
        #expect(console.submit("{[{}] = 1, [print] = 2, z = 3}") == .output("{z = 3, … (2 more)}"))
        #expect(console.submit("function f() end; return f") == .output("<function stdin:1>"))
    }

    @Test("a long table spreads over indented lines")
    func longTables() {
        let console = Console()
        let reply = console.submit(
            "{ names = { 'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel' } }")
        #expect(
            reply
                == .output(
                    """
                    {
                      names = {
                        "alpha",
                        "bravo",
                        "charlie",
                        "delta",
                        "echo",
                        "foxtrot",
                        "golf",
                        "hotel",
                      },
                    }
                    """))
    }

    @Test("trace lines show as the trace shows them")
    func traceLines() {
        let console = Console()
        submit(console, "a = Controller 'A'", "w = Window { root = a }")
        #expect(
            console.submit("trace.lines()")
                == .output("A.viewDidLoad()\nA.viewWillAppear(false)\nA.viewDidAppear(false)"))
        #expect(console.submit("#trace.lines()") == .output("3"))
    }

    @Test("completion offers globals, locals, fields and members")
    func completion() {
        let console = Console()
        submit(
            console, "nav = NavigationController { 'Nav', Controller 'A' }",
            "local helper = { alpha = 1, beta = print }")
        #expect(console.complete("nav.top") == Completion(start: 0, candidates: ["nav.topViewController"]))
        #expect(
            console.complete("x = nav.topViewController.na").candidates
                == ["nav.topViewController.name", "nav.topViewController.navigationController"])
        #expect(console.complete("x = nav.topViewController.na").start == 4)
        #expect(console.complete("nav:pushV").candidates == ["nav:pushViewController"])
        #expect(console.complete("nav.viewDid").candidates.contains("nav.viewDidAppear"))
        #expect(console.complete("nav:viewDid").candidates.isEmpty)
        #expect(console.complete("help").candidates == ["helper"])
        #expect(console.complete("helper.").candidates == ["helper.alpha", "helper.beta"])
        #expect(console.complete("helper:").candidates == ["helper:beta"])
        #expect(console.complete("Navigation").candidates == ["NavigationController"])
        #expect(console.complete("whi").candidates == ["while"])
        #expect(console.complete("string.up").candidates == ["string.upper"])
        #expect(console.complete("missing.x").candidates.isEmpty)
    }

    @Test("completing never loads a view or runs a script's code")
    func completionHasNoEffects() {
        let console = Console()
        submit(console, "a = Controller { 'A', loadView = function() error('ran') end }")
        submit(console, "t = setmetatable({}, { __index = function() error('ran') end })")
        #expect(console.complete("a.view.supe").candidates == ["a.view.superview"])
        #expect(console.submit("a.isViewLoaded") == .output("false"))
        #expect(console.complete("t.x.y").candidates.isEmpty)
        #expect(console.submit("#trace.all()") == .output("0"))
    }

    @Test("commands complete, and :load completes files")
    func commandCompletion() throws {
        let console = Console()
        #expect(console.complete(":tr").candidates == [":trace", ":tree"])
        #expect(console.complete(":he") == Completion(start: 0, candidates: [":help"]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "".write(to: folder.appendingPathComponent("one.lua"), atomically: true, encoding: .utf8)
        let line = ":load \(folder.path)/"
        let completion = console.complete(line)
        #expect(completion.start == 6)
        #expect(completion.candidates == ["\(folder.path)/one.lua", "\(folder.path)/sub/"])
    }

    @Test(":tree draws every window's hierarchy with appearance states")
    func tree() {
        let console = Console()
        submit(
            console, "nav = NavigationController { 'Nav', Controller 'A' }", "w = Window { root = nav }",
            "nav:pushViewController(Controller 'B', true)")
        #expect(
            console.submit(":tree")
                == .output(
                    """
                    Window Window1: key, visible, 390x844
                    | <NavigationController Nav, appeared>
                    | | <Controller A, disappeared>
                    | | <Controller B, appeared>
                    """))
    }

    @Test(":tree mermaid draws the same hierarchy as a flowchart, presentations as dotted arrows")
    func treeMermaid() {
        let console = Console()
        submit(
            console, "nav = NavigationController { 'Nav', Controller 'A' }", "w = Window { root = nav }",
            "nav:present(Controller { 'M', modalPresentationStyle = 'fullScreen' }, false)")
        #expect(
            console.submit(":tree mermaid")
                == .output(
                    """
                    flowchart TD
                        n1["Window Window1: key, visible, 390x844"]
                        n2["#lt;NavigationController Nav, disappeared#gt;"]
                        n3["#lt;Controller A, disappeared#gt;"]
                        n2 --> n3
                        n4["#lt;Controller M, appeared#gt;"]
                        n2 -. "presents (fullScreen)" .-> n4
                        n1 --> n2
                    """))
        #expect(console.submit(":tree svg") == .error(":tree takes nothing, or mermaid for a flowchart: :tree mermaid"))
    }

    @Test(":settle off leaves a transition in flight")
    func settleOff() {
        let console = Console()
        submit(
            console, "nav = NavigationController { 'Nav', Controller 'A' }", "w = Window { root = nav }", ":settle off")
        submit(console, "b = Controller 'B'", "nav:pushViewController(b, true)")
        #expect(console.submit("b") == .output("<Controller B, appearing>"))
        submit(console, "settle()")
        #expect(console.submit("b") == .output("<Controller B, appeared>"))
    }

    @Test(":trace shows the events since the last :trace; all shows every category")
    func traceCommand() {
        let console = Console()
        submit(console, "a = Controller 'A'", "w = Window { root = a }")
        #expect(console.submit(":trace") == .output("A.viewDidLoad()\nA.viewWillAppear(false)\nA.viewDidAppear(false)"))
        #expect(console.submit(":trace") == .output("(no events since the last :trace)"))
        submit(console, "w.hidden = true")
        submit(console, "note 'hello'")
        #expect(console.submit(":trace all") == .output("note: hello"))
    }

    @Test(":reset gives a fresh world; old handles say so")
    func reset() {
        let console = Console()
        submit(console, "a = Controller 'A'", "w = Window { root = a }")
        #expect(console.submit(":reset") == .output("(a fresh world)"))
        #expect(console.submit(":tree") == .output("(no windows)"))
        #expect(console.submit("a") == .output("<Controller from a world that no longer exists>"))
        guard case .error(let message) = console.submit("a.name") else {
            Issue.record("no error")
            return
        }
        #expect(message.contains("no longer exists"))
    }

    @Test(":load runs a script in the session and reports its scenarios")
    func load() throws {
        let console = Console()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString).lua")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        shared = Controller "Root"
        w = Window { root = shared }
        settle()
        expect [[
          Root.viewDidLoad()
          Root.viewWillAppear(false)
          Root.viewDidAppear(false)
        ]]
        """.write(to: file, atomically: true, encoding: .utf8)
        let name = Session.scenarioName(forFile: file.path)
        #expect(console.submit(":load \(file.path)") == .output("✓ \(name)\n(controllers by name: Root)"))
        #expect(console.submit("shared") == .output("<Controller Root, appeared>"))
        guard case .error(let missing) = console.submit(":load /no/such/file.lua") else {
            Issue.record("no error")
            return
        }
        #expect(missing == "cannot read /no/such/file.lua: no such file")
    }

    @Test("a failed expectation shows its diff")
    func failedExpectation() {
        let console = Console()
        submit(console, "a = Controller 'A'", "w = Window { root = a }")
        guard case .error(let message) = console.submit("expect [[ A.viewDidDisappear(false) ]]") else {
            Issue.record("no error")
            return
        }
        #expect(message.hasPrefix("stdin:1: expectation failed"))
        #expect(message.contains("- A.viewDidDisappear(false)"))
        #expect(message.contains("+ A.viewWillAppear(false)"))
    }

    @Test("unknown commands suggest the nearest")
    func unknownCommand() {
        let console = Console()
        #expect(
            console.submit(":tre")
                == .error(
                    "unknown command :tre (did you mean :tree?); the commands are :help :load :quit :reset :save :settle :trace :tree"
                ))
        #expect(console.submit(":quit") == .quit)
    }

    @Test("the sandbox holds in the session, and an endless loop has no budget")
    func sandbox() {
        let console = Console()
        guard case .error(let message) = console.submit("io.open('x')") else {
            Issue.record("no error")
            return
        }
        #expect(message.contains("io is not available in the sandbox"))
        #expect(console.submit("local n = 0; for i = 1, 1e8 do n = n + 1 end; return n") == .output("100000000"))
        #expect(console.session.limits.counters.pointee.instructions > Limits.standard.instructions)
    }

    @Test("an override that raises while the input settles is reported, and the session goes on")
    func errorWhileSettling() {
        let console = Console()
        submit(console, "a = Controller { 'A', viewDidAppear = function() error('late') end }")
        guard case .error(let message) = console.submit("w = Window { root = a }") else {
            Issue.record("no error")
            return
        }
        #expect(message.hasPrefix("stdin:1: late"))
        #expect(console.submit("a") == .output("<Controller A, appeared>"))
    }

    @Test("a __tostring that raises falls back to the contents")
    func failingToString() {
        let console = Console()
        #expect(console.submit("setmetatable({1}, { __tostring = function() error('no') end })") == .output("{1}"))
    }

    @Test("the memory cap stops an input that allocates without bound, and the session goes on")
    func memoryCap() {
        let console = Console(limits: Limits(instructions: 0, memoryBytes: 8 << 20, callbackDepth: 64, seconds: 0))
        guard case .error(let message) = console.submit("local t = {}; for i = 1, 1e8 do t[i] = i end") else {
            Issue.record("no error")
            return
        }
        #expect(message.hasPrefix("memory cap exceeded"))
        // The table is a session local: it stays until the session lets it go.
        #expect(console.submit("t = nil") == .output(""))
        #expect(
            console.submit("local n = 0; for i = 1, 1e5 do n = n + #tostring(i) end; return n") == .output("488895"))
    }

    /// Issue 17, item 12 (D-91): a memory error has no message handler; the allocator's
    /// note gives the line.
    @Test("a single huge allocation is stopped with the input's line, and the session goes on")
    func hugeAllocation() {
        let console = Console(limits: Limits(instructions: 0, memoryBytes: 8 << 20, callbackDepth: 64, seconds: 0))
        guard case .error(let message) = console.submit("n = 1; s = string.rep('x', 1 << 30)") else {
            Issue.record("no error")
            return
        }
        #expect(message.hasPrefix("stdin:1: memory cap exceeded: the scenario used more than 8 MiB\n"), "\(message)")
        #expect(console.submit("n") == .output("1"))
    }

    @Test("completion of a long path or a long __index chain keeps to its room on the stack")
    func completionStackRoom() {
        let console = Console()
        submit(console, "t = {}; t.a = t; t.name = 1")
        submit(
            console,
            "base = { name = 1 }; o = base; for i = 1, 7 do o = setmetatable({}, { __index = o }) end; base.o = o")
        let top = console.session.stack.top
        let long = "t" + String(repeating: ".a", count: 60) + ".na"
        #expect(console.complete(long).candidates == [String(long.dropLast(2)) + "name"])
        #expect(console.complete("t" + String(repeating: ".a", count: 300) + ".na").candidates.isEmpty)
        #expect(console.complete("o.o.o.o.na").candidates == ["o.o.o.o.name"])
        #expect(console.session.stack.top == top)
        #expect(
            console.submit("local s = 0; for i = 1, 200 do s = s + #string.rep('y', i) end; return s")
                == .output("20100"))
    }

    @Test("completion after a concatenation completes the last operand")
    func completionAfterConcatenation() {
        let console = Console()
        submit(console, "nav = NavigationController { 'Nav', Controller 'A' }")
        #expect(console.complete("print('x'..nav.topV") == Completion(start: 11, candidates: ["nav.topViewController"]))
    }

    @Test("keys show exactly: big integers, floats, bytes that are not UTF-8, quotes")
    func exactKeys() {
        let console = Console()
        #expect(
            console.submit("{[math.maxinteger] = 1, [1 << 53] = 2, [(1 << 53) + 1] = 3, [0.1] = 4}")
                == .output(
                    """
                    {
                      [0.1] = 4,
                      [9007199254740992] = 2,
                      [9007199254740993] = 3,
                      [9223372036854775807] = 1,
                    }
                    """))
        #expect(
            console.submit(#"{["\xff"] = 1, ["\xfe"] = 2, ["a\"b"] = 3, "\0001"}"#)
                == .output(#"{"\0001", ["a\"b"] = 3, ["\254"] = 2, ["\255"] = 1}"#))
    }

    @Test("the printer and completion never go through globals a script replaced")
    func replacedGlobals() {
        let console = Console()
        submit(console, "tostring = nil; string = nil; s = 'x'")
        submit(console, "do setmetatable(_G, { __index = function(t, k) error('boom ' .. k) end }) end")
        #expect(console.submit("return setmetatable({}, { __tostring = function() return 'hi' end })") == .output("hi"))
        #expect(console.complete("s:up").candidates == ["s:upper"])
    }

    @Test("the trace's metatable is protected: a script cannot give it a __gc")
    func protectedTraceMetatable() {
        let console = Console()
        #expect(console.submit("getmetatable(trace.lines())") == .output("trace"))
        guard case .error(let message) = console.submit("setmetatable(trace.lines(), {})") else {
            Issue.record("no error")
            return
        }
        #expect(message.contains("cannot change a protected metatable"))
    }

    @Test(":trace after :load shows the loaded script's last world")
    func traceAfterLoad() throws {
        let console = Console()
        submit(console, "a = Controller 'A'", "w = Window { root = a }", ":trace")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString).lua")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        scenario("one", function() Window { root = Controller "X" } end)
        scenario("two", function() Window { root = Controller "B" } end)
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(console.submit(":load \(file.path)") == .output("✓ one\n✓ two\n(controllers by name: B)"))
        #expect(console.submit(":trace") == .output("B.viewDidLoad()\nB.viewWillAppear(false)\nB.viewDidAppear(false)"))
    }

    @Test(":load shows a scenario that was not run as such, and the last world is the last that ran")
    func loadWithScenariosNotRun() throws {
        let console = Console()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString).lua")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        scenario("one", function() Window { root = Controller "B" } end)
        scenario.skip("two", function() Window { root = Controller "X" } end)
        scenario.todo("three", function() error("never") end)
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            console.submit(":load \(file.path)")
                == .output("✓ one\n○ two (skipped)\n○ three (to do)\n(controllers by name: B)"))
        #expect(console.submit(":trace") == .output("B.viewDidLoad()\nB.viewWillAppear(false)\nB.viewDidAppear(false)"))
    }

    @Test("an error object that is a number shows as lua.c shows it")
    func numberErrors() {
        let console = Console()
        guard case .error(let message) = console.submit("error(42)") else {
            Issue.record("no error")
            return
        }
        #expect(message.hasPrefix("42\nstack traceback:"))
    }

    @Test("math.random is seeded once per session, not per input")
    func randomAcrossInputs() {
        let console = Console()
        guard case .output(let first) = console.submit("math.random(1, 1e9)"),
            case .output(let second) = console.submit("math.random(1, 1e9)")
        else {
            Issue.record("no values")
            return
        }
        #expect(first != second)
        #expect(Console().submit("math.random(1, 1e9)") == .output(first))
    }
}

/// Ctrl-C in the console: one handler per process, so these run one at a time.
@Suite("Console and Ctrl-C", .serialized)
struct ConsoleInterruptTests {
    @Test("Ctrl-C (SIGINT) stops a running input through the hook, at the input's own line, and the next input runs")
    func interrupt() async throws {
        let console = Console()
        let reply = try await interrupting(console, "print('started') n = 0 while true do n = n + 1 end")
        guard case .error(let message)? = reply else {
            Issue.record("not interrupted: \(String(describing: reply))")
            return
        }
        #expect(message.hasPrefix("stdin:1: interrupted"))
        #expect(console.wasInterrupted)
        #expect(console.submit("1 + 1") == .output("2"))
        #expect(!console.wasInterrupted)
    }

    @Test("Ctrl-C during :load stops the whole script, not only its running scenario")
    func interruptLoad() async throws {
        let console = Console()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString).lua")
        defer { try? FileManager.default.removeItem(at: file) }
        let endless = (1...3).map { "scenario('loop \($0)', function() print('started') while true do end end)" }
        try endless.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let reply = try await interrupting(console, ":load \(file.path)")
        guard case .error(let message)? = reply else {
            Issue.record("not interrupted: \(String(describing: reply))")
            return
        }
        #expect(message.hasPrefix("✗ loop 1: "))
        #expect(message.contains("interrupted"))
        #expect(!message.contains("loop 2"))
    }

    /// Runs `line`, which prints `started` once its endless work has begun, on a thread of
    /// its own; sends SIGINT to the process once it has printed, and returns the reply. No
    /// delay guesses when the work runs: the signal follows the print, however loaded the
    /// machine (the waits are only guards against a hang).
    func interrupting(_ console: Console, _ line: String) async throws -> Console.Reply? {
        console.catchInterrupts()
        defer { console.releaseInterrupts() }
        let box = ConsoleBox(console)
        console.printHandler = { if $0 == "started" { box.started = true } }
        let running = Thread { box.reply = box.console.submit(line) }
        running.stackSize = 16 << 20
        running.start()
        for _ in 0..<1200 where !box.started { try await Task.sleep(for: .milliseconds(50)) }
        kill(getpid(), SIGINT)
        for _ in 0..<1200 where box.reply == nil { try await Task.sleep(for: .milliseconds(50)) }
        return box.reply
    }
}

/// A console and a reply shared with the thread that runs it; the reply and the start flag
/// are read and written under a lock (the thread sets them while the test polls them).
final class ConsoleBox: @unchecked Sendable {
    let console: Console
    private let lock = NSLock()
    private var storedReply: Console.Reply?
    private var storedStarted = false

    init(_ console: Console) {
        self.console = console
    }

    var reply: Console.Reply? {
        get { lock.withLock { storedReply } }
        set { lock.withLock { storedReply = newValue } }
    }

    var started: Bool {
        get { lock.withLock { storedStarted } }
        set { lock.withLock { storedStarted = newValue } }
    }
}
