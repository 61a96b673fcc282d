import CLua
import Foundation
import HierarchyEngine
import ScenarioKit

/// An interactive session (SPEC §7): `lua.c`'s input rules over one session whose world
/// lives from one input to the next.
///
/// An input is first tried as `return <input>`, so that an expression shows its values; a
/// statement cut short (a syntax error at `<eof>`) waits for more lines; an error shows with
/// its traceback and the session goes on. Top-level locals survive from one input to the
/// next (`LocalDeclarations`). Each input is one turn of the main run loop, settled at its
/// end as a script's end is (D-46). Lines that start with `:` are commands.
///
///     > nav = NavigationController { "Nav", Controller "A" }
///     > w = Window { root = nav }
///     > nav.topViewController
///     <Controller A, appeared>
public final class Console {
    /// What the front end does after an input.
    public enum Reply: Equatable {
        /// The statement is cut short: prompt for the next line (`>> `).
        case incomplete
        /// Done: show `text` (values, a command's output), which may be empty.
        case output(String)
        /// Done with an error, to show on standard error.
        case error(String)
        /// `:quit`: leave.
        case quit
    }

    let session: Session
    /// The lines of a statement cut short, waiting for the rest.
    private var unfinished: String?
    /// Registry slots of the inputs' `_ENV` (the session scope), its declared names, and
    /// the function that starts a new input.
    var scope: Int32 = LUA_NOREF
    var declaredNames: Int32 = LUA_NOREF
    private var startInput: Int32 = LUA_NOREF
    /// Registry slot of the library's `string`, as it was at the start: completion never
    /// looks it up through a global a script changed.
    var stringSlot: Int32 = LUA_NOREF
    /// How far `:trace` has shown the trace, and of which world.
    private var traceShown: (world: UInt32, count: Int)
    /// Whether each input ends by settling the run loop (`:settle on|off`).
    public private(set) var settlesAfterInput = true
    /// The inputs that ran in the current world, for `:save`.
    private var saved = SessionTranscript()
    /// The globals `:load` gave the loaded world's controllers, which the next `:load` may
    /// give again to that world's.
    private var namesGiven: Set<String> = []
    private var catchesInterrupts = false

    /// A session with the sandbox of SPEC §8 unless `unsafe`, and `limits` for each input.
    public init(profile: Profile = Profile(), unsafe: Bool = false, limits: Limits = .interactive) {
        session = Session(profile: profile, unsafe: unsafe, limits: limits)
        // `trace.explain()` reads it (issue 22).
        session.explainsTraces = true
        session.seedRandom()
        traceShown = (session.handles.generation, 0)
        installScope()
        stringSlot = session.libraryReference("string")
    }

    deinit {
        releaseInterrupts()
    }

    /// Called with each line the session's scripts `print`, as they print it.
    public var printHandler: ((String) -> Void)? {
        get { session.printHandler }
        set { session.printHandler = newValue }
    }

    /// Called with each warning UIKit would log, as it is logged.
    public var warningHandler: ((String) -> Void)? {
        get { session.warningHandler }
        set { session.warningHandler = newValue }
    }

    /// Whether Ctrl-C stopped the last input.
    public private(set) var wasInterrupted = false

    /// Whether a Ctrl-C is waiting to be taken (`takeInterrupt`). Safe to ask with SIGINT
    /// blocked: it only reads the flag the handler sets.
    public var isInterruptPending: Bool { session.limits.counters.pointee.interrupt != 0 }

    /// Whether Ctrl-C was pressed since the last input was interrupted or this was asked,
    /// and forgets it: a Ctrl-C between two inputs drops the line about to be typed.
    public func takeInterrupt() -> Bool {
        defer { session.limits.counters.pointee.interrupt = 0 }
        return session.limits.counters.pointee.interrupt != 0
    }

    /// Whether a statement is waiting for its next line.
    public var isContinuing: Bool { unfinished != nil }

    /// Forgets the statement being typed (Ctrl-C at the prompt).
    public func cancelInput() {
        unfinished = nil
    }

    /// From now on Ctrl-C (SIGINT) stops the running input instead of the process; a read
    /// at the prompt returns EINTR. One console per process may catch them.
    public func catchInterrupts() {
        catchesInterrupts = vcs_catchinterrupts(session.limits.counters) == 0
    }

    /// Gives Ctrl-C its default action again.
    public func releaseInterrupts() {
        guard catchesInterrupts else { return }
        vcs_releaseinterrupts()
        catchesInterrupts = false
    }

    /// Takes one line of input: a command, the start of a statement, or its next line.
    public func submit(_ line: String) -> Reply {
        wasInterrupted = false
        if unfinished == nil, isCommand(line) { return command(line) }
        // `=expr` shows the value, as Lua 5.1's REPL did.
        let line = unfinished == nil && line.hasPrefix("=") ? String(line.dropFirst()) : line
        if unfinished == nil, load("return " + line + ";") == nil { return run(source: line, isExpression: true) }
        let text = unfinished.map { $0 + "\n" + line } ?? line
        let declarations = LocalDeclarations(rewriting: text)
        guard let problem = load(declarations.source) else {
            unfinished = nil
            return run(source: text, isExpression: false, keeping: declarations.closedNames)
        }
        if problem.kind == .syntax(isIncomplete: true) {
            unfinished = text
            return .incomplete
        }
        unfinished = nil
        return .error(problem.message)
    }

    /// Whether a first line is a command: `:name`, but not a `::label::`.
    private func isCommand(_ line: String) -> Bool {
        let text = line.drop { $0 == " " || $0 == "\t" }
        return text.hasPrefix(":") && !text.hasPrefix("::")
    }

    /// Compiles `text` as an input, its `_ENV` the session scope, leaving the function on
    /// the stack; or returns the syntax error (leaving nothing).
    private func load(_ text: String) -> LuaError? {
        if let problem = session.load(text, chunkName: "=stdin") { return problem }
        session.stack.pushReference(scope)
        _ = lua_setupvalue(session.stack.state, -2, 1)  // chunk
        return nil
    }

    /// Runs the compiled input on top of the stack and shows its values, its error, or
    /// what the settling after it raised; `_` holds its first value afterwards, and the
    /// input is kept for `:save` (`source` as typed).
    private func run(source: String, isExpression: Bool, keeping closedNames: [String] = []) -> Reply {
        let stack = session.stack
        let chunk = stack.reference()
        defer { stack.release(chunk) }
        startInput(at: chunk)
        let base = stack.top
        let eventsBefore = session.world.trace.events.count
        let clearsBefore = session.world.trace.clears
        var values: [String] = []
        var firstValue: Int32?
        var error = session.runProtected(
            pushFunction: { stack.pushReference(chunk) }, pushArguments: { _ in 0 }, results: LUA_MULTRET,
            readResults: {
                guard stack.top >= base + 2 else { return }
                values = (base + 2...stack.top).map { self.displayText(at: $0) }
                stack.pushValue(at: base + 2)
                firstValue = stack.reference()
            })
        defer { if let firstValue { stack.release(firstValue) } }
        if error == nil { error = settle() }
        wasInterrupted = session.limits.wasInterrupted
        if let error { return .error(describe(error)) }
        // Only an input that ran whole, settling included, gives `_` its value.
        if let firstValue { keepAsLastValue(firstValue) }
        let events = session.world.trace.events
        let clearedOrChecked = session.world.trace.clears != clearsBefore || session.run.checks > 0
        saved.append(
            source: source, isExpression: isExpression, gaveValue: firstValue != nil,
            isCall: isExpression && compilesAsStatement(source), settles: settlesAfterInput,
            trace: session.filter.lines(of: events[min(eventsBefore, events.count)...]),
            readsTheTrace: clearedOrChecked)
        var text = values.joined(separator: "\t")
        if !closedNames.isEmpty {
            let names = closedNames.joined(separator: ", ")
            text += (text.isEmpty ? "" : "\n") + "(\(names): <close> locals end with their input)"
        }
        return .output(text)
    }

    /// Whether `source` compiles as a statement, as a function call does.
    private func compilesAsStatement(_ source: String) -> Bool {
        guard session.load(source, chunkName: "=stdin") == nil else { return false }
        session.stack.pop()
        return true
    }

    /// Sets the global `_` to the value in registry slot `slot`: the last value shown, as
    /// in Python's REPL. Raw, so that nothing a script put on the globals runs.
    private func keepAsLastValue(_ slot: Int32) {
        vcs_pushglobaltable(session.stack.state)
        session.stack.pushReference(slot)
        session.stack.rawSet(-2, field: "_")
        session.stack.pop()
    }

    /// A fresh allowance and a clean slate for one input.
    private func startInput(at chunk: Int32) {
        session.startRun()
        session.stack.pushReference(startInput)
        _ = vcs_pcall(session.stack.state, 0, 0, 0)
    }

    /// Settles the run loop after an input, or only ends its turn (`settlesAfterInput`
    /// off: what is due now runs, the clock stays); returns what it raised.
    private func settle() -> LuaError? {
        do {
            if settlesAfterInput {
                try session.world.runLoop.settle()
            } else {
                try session.world.runLoop.advance(by: 0)
            }
        } catch {
            return LuaError(.host, text: luaMessage(for: error))
        }
        return session.run.takePendingError()
    }

    /// An error as the REPL shows it: a failed expectation with its diff, a limit in words,
    /// anything else with its traceback.
    private func describe(_ error: LuaError) -> String {
        if let failure = session.run.expectationFailure {
            return failure.headline + (failure.details.isEmpty ? "" : "\n" + failure.details)
        }
        if let limit = session.limits.message(endingWith: error), !error.message.contains(limit) {
            let place = session.limits.refusalPlace(endingWith: error).map { $0 + ": " } ?? ""
            return place + limit + "\n" + error.message
        }
        return error.message
    }
}

/// The session scope: the `_ENV` of every input.
///
/// A top-level `local` of an input is rewritten to declare its names here (see
/// `LocalDeclarations`): a declared name lives in the scope table itself, so that every
/// function of every input sees the same variable; any other name is a global.
extension Console {
    private func installScope() {
        let prelude = """
            local G, setmetatable, rawset, gmatch = ...
            local scope, declared, pending = {}, {}, {}
            local function declare(names)
              for name in gmatch(names, "[^,]+") do
                if not declared[name] then pending[name] = true end
              end
            end
            setmetatable(scope, {
              __index = function(_, key)
                if key == "__vcsandbox_local" then return declare end
                if declared[key] then return nil end
                return G[key]
              end,
              __newindex = function(_, key, value)
                if declared[key] or pending[key] then
                  declared[key], pending[key] = true, nil
                  rawset(scope, key, value)
                else
                  G[key] = value
                end
              end,
            })
            return scope, declared, function() pending = {} end
            """
        let state = session.stack.state
        _ = prelude.withCString { vcs_loadbuffer(state, $0, prelude.utf8.count, "=vcsandbox", "t") }
        vcs_pushglobaltable(state)
        lua_getglobal(state, "setmetatable")
        lua_getglobal(state, "rawset")
        lua_getglobal(state, "string")
        session.stack.rawGet(-1, field: "gmatch")
        vcs_remove(state, -2)
        _ = vcs_pcall(state, 4, 3, 0)  // scope declared start
        startInput = session.stack.reference()
        declaredNames = session.stack.reference()
        scope = session.stack.reference()
    }
}

/// The commands (SPEC §7).
extension Console {
    /// The commands with their arguments and what they do, for `:help` and completion.
    static let commands: [(name: String, arguments: String, summary: String)] = [
        ("help", "", "the commands and the API"),
        ("load", "FILE", "run a script in the session"),
        ("quit", "", "leave (Ctrl-D does too)"),
        ("reset", "", "a fresh world: new windows, controllers, trace and clock"),
        ("save", "FILE", "write this world's inputs as a scenario, with expect blocks of their traces"),
        ("settle", "on|off", "on: each input ends by settling the run loop; off: by ending its turn"),
        ("trace", "[all]", "the events since the last :trace (all: every category)"),
        (
            "tree", "[mermaid]",
            "the hierarchy of every window: containment, presentation, appearance state (mermaid: as a flowchart)"
        ),
    ]

    private func command(_ line: String) -> Reply {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let name = String(words[0].dropFirst())
        let argument = words.dropFirst().joined(separator: " ")
        switch name {
        case "tree":
            switch argument {
            case "": return .output(tree())
            case "mermaid": return .output(withoutLastNewline(session.hierarchy(as: .mermaid)))
            default: return .error(":tree takes nothing, or mermaid for a flowchart: :tree mermaid")
            }
        case "trace": return trace(all: argument == "all")
        case "reset": return reset()
        case "load": return argument.isEmpty ? .error(":load needs a file: :load FILE") : loadScript(argument)
        case "save": return argument.isEmpty ? .error(":save needs a file: :save FILE") : save(to: argument)
        case "settle": return settle(argument)
        case "help": return .output(Self.help)
        case "quit": return .quit
        default:
            let names = Self.commands.map { ":" + $0.name }.joined(separator: " ")
            let hint = closestName(to: name, among: Self.commands.map(\.name)).map { " (did you mean :\($0)?)" } ?? ""
            return .error("unknown command :\(name)\(hint); the commands are \(names)")
        }
    }

    /// `:tree`.
    func tree() -> String { withoutLastNewline(session.hierarchy(as: .text)) }

    private func withoutLastNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// `:trace [all]`: the events recorded since the last `:trace`, in the compared
    /// categories or in all.
    private func trace(all: Bool) -> Reply {
        let events = session.world.trace.events
        let world = session.handles.generation
        let start = traceShown.world == world && traceShown.count <= events.count ? traceShown.count : 0
        traceShown = (world, events.count)
        let filter = all ? CategoryFilter.all : session.filter
        let lines = filter.lines(of: events[start...])
        return .output(lines.isEmpty ? "(no events since the last :trace)" : lines.joined(separator: "\n"))
    }

    /// `:reset`: a fresh world. Locals and globals stay; handles to the old world go stale.
    private func reset() -> Reply {
        session.resetWorld()
        saved = SessionTranscript()
        return .output("(a fresh world)")
    }

    /// `:save FILE`: the inputs that ran in this world, as a scenario script that replays
    /// them and checks the trace each produced.
    private func save(to path: String) -> Reply {
        if let loaded = saved.loaded {
            return .error(
                "cannot save: this world began with :load \(loaded), which a saved script cannot replay; "
                    + ":reset first, or :load the script in the saved one's place")
        }
        guard !saved.isEmpty else { return .error("nothing to save: no input has run in this world") }
        do {
            try writeReplacingOnlyRegularFiles(saved.script, to: path)
        } catch {
            return .error("cannot write \(path): \(error.localizedDescription)")
        }
        return .output("(saved \(saved.count) inputs to \(path); run it with vcsandbox run \(path))")
    }

    /// `:settle on|off`.
    private func settle(_ argument: String) -> Reply {
        switch argument {
        case "on": settlesAfterInput = true
        case "off": settlesAfterInput = false
        case "": break
        default: return .error(":settle takes on or off")
        }
        return .output("settle after each input: " + (settlesAfterInput ? "on" : "off"))
    }

    /// `:load FILE`: runs the script as `vcsandbox run` does, in this session: its top level
    /// in the current world, each declared scenario in a fresh one (the last stays).
    private func loadScript(_ path: String) -> Reply {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .error("cannot read \(path): no such file")
        }
        let source = String(decoding: data, as: UTF8.self)
        session.startRun()
        let outcomes = session.runScript(source: source, file: path)
        saved = SessionTranscript(loaded: path)
        var lines: [String] = []
        for outcome in outcomes {
            let result = outcome.result
            if let notRun = result.notRun {
                lines.append("○ \(result.name) (\(notRun.words))")
                continue
            }
            guard let failure = result.failure else {
                lines.append("✓ \(result.name)")
                continue
            }
            lines.append("✗ \(result.name): " + failure.headline)
            if !failure.details.isEmpty { lines.append(failure.details) }
        }
        let reachable = makeControllersReachable()
        if !reachable.isEmpty { lines.append("(controllers by name: \(reachable.joined(separator: ", ")))") }
        let text = lines.joined(separator: "\n")
        return outcomes.contains(where: \.result.failed) ? .error(text) : .output(text)
    }

    /// Gives each controller of the loaded world a global of its name, where the name is a
    /// Lua name that no global holds yet: the script's locals are gone, its controllers
    /// are not. Returns the names given, sorted.
    private func makeControllersReachable() -> [String] {
        let stack = session.stack
        vcs_pushglobaltable(stack.state)
        defer { stack.pop() }
        var given: [String] = []
        for controller in session.world.controllers where LuaToken.isName(controller.name) {
            let isFree = stack.rawGet(-1, field: controller.name) == LUA_TNIL
            stack.pop()
            guard isFree || namesGiven.contains(controller.name) else { continue }
            session.push(controller)
            stack.rawSet(-2, field: controller.name)
            given.append(controller.name)
        }
        namesGiven.formUnion(given)
        return given
    }

    static var help: String {
        let width = commands.map { $0.name.count + $0.arguments.count }.max()! + 3
        let rows = commands.map { command in
            let head = ":" + command.name + (command.arguments.isEmpty ? "" : " " + command.arguments)
            return "  " + head.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary
        }
        return """
            Commands:
            \(rows.joined(separator: "\n"))

            Type Lua: an expression shows its value, a statement runs; locals last the session.
            Tab completes names, fields and methods; Ctrl-C stops a running input; Ctrl-D leaves.

            The API (README, "The Lua API"):
              Controller "A"   Controller { "A", viewDidLoad = function(self) ... end }
              NavigationController { "Nav", a, b }   TabBarController { "Tabs", a, b }
              SplitViewController { "Split", primary = m, secondary = d }
              PageViewController { "Pages", transitionStyle = "pageCurl", dataSource = {...} }
              View "v"   View { "v", didMoveToWindow = fn }   Window { root = vc, size = {390, 844} }
              Animator { "Slide", duration = 0.4, animateTransition = function(self, ctx) ... end }
              PercentDrivenInteractiveTransition()   PresentationController { ... }
              vc.transitioningDelegate = {...}   vc.transitionCoordinator
              sb = Storyboard.load("Main.storyboard")   Storyboard { "Main", initial = "Nav", scenes = {...} }
              sb:class("List", { prepare = function(self, segue, sender) ... end })
              sb:instantiateInitialViewController()  vc:performSegue("showItem")  user.trigger(vc, "showItem")
              app.receiveMemoryWarning()  app.enterBackground()  app.enterForeground()
              vc.hidesBottomBarWhenPushed = true  tabs.tabBar.isHidden  tabs.tabBar.isHidden = true
              vc.preferredStatusBarStyle = "lightContent"  vc.childForStatusBarStyle = fn  win.statusBarStyle
              vc:setNeedsStatusBarAppearanceUpdate()  nav:setNavigationBarHidden(true)  vc.preferredContentSize = {w, h}
              win = app.launch { storyboard = sb }   vc.restorationIdentifier = "List"   coder:encode(v, "key")
              archive = app.preserveState()   win = app.relaunch { storyboard = sb, restore = archive }
              vc.restorationClass = "Maker"   app.relaunch { …, classes = { Maker = function(path, coder) … end } }
              user.swipeBack(nav)  user.swipeDown(vc)  user.swipePage(pages, "forward")  user.tapTab(tabs, 2)
              vc:addChild(b)  nav:pushViewController(b, true)  vc:present(b, true)  vc:dismiss(true)
              vc:show(b)  vc:showDetailViewController(b)  win.size = {844, 390}  user.rotate(win)
              Window { root = vc, device = "iPhone 15 Pro", orientation = "landscape" }  vc.traitCollection
              p:setOverrideTraitCollection({ horizontalSizeClass = "regular" }, child)  vc.traitOverrides (17)
              settle()  advance(0.15)  now()  async(fn)  after(0.3, fn)  animate(0.25, fn, done)
              expect [[ B.viewWillAppear(true) ]]  expect.error(fn, "text")  expect.equal(a, b)
              expect.none "A.viewDidAppear"  expect.order [[ B.viewWillAppear ... A.viewDidDisappear ]]
              trace.lines()  trace.all()  trace.clear()  trace.include "layout"  trace.only(a, b)  note "text"
              trace.explain()  each line of the trace with the rules behind it (docs/RULES.md)
            A controller's members: type its name, a dot and Tab (nav.<Tab>). Fields of your
            own: vc.count = 0, then vc.count (a name that is no misspelling of UIKit's).
            """
    }
}
