import CLua
import HierarchyEngine
import ScenarioKit

/// `expect`, `expect.error`, `expect.equal`, `expect.none`, `expect.order`, `trace.*`,
/// `scenario` and the captured `print` (SPEC §5, §9.5).
extension Session {
    /// Keeps the metatable of the tables `trace.lines()` and `trace.all()` return.
    func installTraceLines() {
        pushLinesMetatable()
        linesMetatableSlot = stack.reference()
    }

    /// Pushes `lines` as a list with the lines metatable: as text, the list is its lines.
    func pushTraceLines(_ lines: [String]) {
        pushStrings(lines)
        stack.pushReference(linesMetatableSlot)
        lua_setmetatable(stack.state, -2)
    }

    /// `file:line` of the Lua function `level` frames up (1: the caller of a Swift function).
    func location(level: Int32 = 1) -> String? {
        var record = lua_Debug()
        guard lua_getstack(stack.state, level, &record) != 0, lua_getinfo(stack.state, "Sl", &record) != 0,
            let source = record.source
        else { return nil }
        var file = String(cString: source)
        guard file.hasPrefix("@") || file.hasPrefix("=") else { return "[string]:\(record.currentline)" }
        file.removeFirst()
        return "\(file):\(record.currentline)"
    }

    /// `short_src:line` of the nearest Lua function up the stack, as `luaL_where` names it,
    /// skipping C functions: for an error raised inside `require`, the script's `require`
    /// line (whether called directly or through `pcall`).
    func scriptCallerLocation() -> String? {
        var record = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(stack.state, level, &record) != 0 {
            level += 1
            guard lua_getinfo(stack.state, "Sl", &record) != 0, record.currentline > 0 else { continue }
            let shortSource = withUnsafeBytes(of: record.short_src) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            return "\(shortSource):\(record.currentline)"
        }
        return nil
    }

    /// The line of the Lua function that called a Swift function, when that function is
    /// in `file`.
    func callerLine(inFile file: String) -> Int? {
        var record = lua_Debug()
        guard lua_getstack(stack.state, 1, &record) != 0, lua_getinfo(stack.state, "Sl", &record) != 0,
            let source = record.source, String(cString: source) == "@" + file, record.currentline > 0
        else { return nil }
        return Int(record.currentline)
    }

    /// Records `failure` as the scenario's failed expectation and returns the error that
    /// stops the scenario.
    func fail(_ failure: Failure) -> Error {
        if run.expectationFailure == nil { run.expectationFailure = failure }
        return ScriptError(failure.message)
    }

    /// The command that rewrites the running script's failing `expect` blocks with the
    /// actual trace, for a script file (not a REPL input).
    var acceptCommand: String? {
        guard script.file.hasSuffix(".lua") else { return nil }
        return
            "vcsandbox test --accept \(shellQuoted(script.file))   (takes the actual trace as expected; review the diff)"
    }

    /// `expect [[ ... ]]`: compares and consumes the events since the last expectation.
    func check(_ block: String) throws {
        run.checks += 1
        let expected = Expectation.parse(block)
        let actual = filter.lines(of: world.trace.pending)
        world.trace.consumeAll()
        let comparison = try Expectation.compare(expected: expected, actual: actual, checking: checkLimits)
        if isAccepting, let line = callerLine(inFile: script.file) {
            // Every run is kept: a block that passed on one run and failed on another (in a
            // loop or a helper) must be left alone.
            let block = BlockRewrite(line: line, block: block, actual: actual)
            return comparison.matched ? run.matchedBlocks.append(block) : run.rewrites.append(block)
        }
        guard !comparison.matched else { return }
        throw fail(
            Failure(
                location: location(),
                message: "expectation failed: " + Expectation.describe(comparison, expected: expected),
                details: DiffRenderer.render(comparison.lines),
                nextStep: acceptCommand))
    }

    /// Stops a comparison that runs past the scenario's time limit, or that Ctrl-C
    /// interrupts, with the limit's own error: matching a block against a long trace is a
    /// loop in Swift, where the count hook does not run (issue 18).
    private func checkLimits() throws(LuaError) {
        guard vcs_checkclock(limits.counters) != VCS_TRIP_NONE, let trip = limits.tripped else { return }
        throw LuaError(.limit, location: location(), text: limits.message(for: trip))
    }

    /// `expect.none(text)` and `expect.order(text)`: a check of some lines of the events
    /// since the last `expect [[…]]` block, which it leaves for the next block (D-76).
    ///
    /// `patterns` reads the text (refusing one that checks nothing); `check` compares.
    func checkPart(
        _ name: String, _ text: String, patterns: (String) throws -> [String],
        check: ([String], [String]) -> PartialExpectation.Mismatch?
    ) throws {
        run.checks += 1
        let wanted: [String]
        do {
            wanted = try patterns(text)
        } catch {
            throw fail(Failure(location: location(), message: "\(name): \(error)"))
        }
        guard let mismatch = check(wanted, filter.lines(of: world.trace.pending)) else { return }
        throw fail(
            Failure(
                location: location(), message: "\(name): " + mismatch.message,
                details: DiffRenderer.render(mismatch.lines)))
    }

    /// `trace.only(a, b, …)`: compares only these controllers' events for the rest of the
    /// scenario, in place of an earlier `trace.only`.
    func compareOnly(_ call: Call) throws {
        let count = Int(stack.top - call.first + 1)
        guard count > 0 else {
            throw ScriptError("trace.only needs a controller: trace.only(a, b) compares only the events of a and b")
        }
        var names: Set<String> = []
        for position in 1...count { names.insert(try call.controller(position).name) }
        filter.only(names)
    }

    /// `expect.error(fn, substring)`: `fn` must raise an error whose message contains `substring`.
    /// An empty substring is refused: every message contains it, so it would check nothing;
    /// `expect.error(fn)` is the way to accept any error.
    func checkError() throws {
        run.checks += 1
        let call = Call(session: self, name: "expect.error", first: 1)
        guard stack.type(at: 1) == LUA_TFUNCTION else { throw call.fail(1, "function") }
        let wanted = call.isMissing(2) ? nil : try call.string(2)
        if wanted == "" {
            throw fail(
                Failure(
                    location: location(),
                    message: "expect.error: the expected text is empty, which every error contains",
                    details:
                        "give part of the message you expect, as in expect.error(fn, \"NSInvalidArgumentException\"), "
                        + "or write expect.error(fn) to accept any error"))
        }
        stack.pushValue(at: 1)
        let status = vcs_pcall(stack.state, 0, 0, 0)
        _ = run.takePendingError()
        guard status != LUA_OK else {
            throw fail(
                Failure(
                    location: location(), message: "expect.error: the function returned without raising an error",
                    details: wanted.map { "expected an error containing \"\($0)\"" } ?? ""))
        }
        let message = stack.string(at: -1) ?? "(error object is a \(stack.typeName(at: -1)) value)"
        stack.pop()
        guard let wanted, !message.contains(wanted) else { return }
        throw fail(
            Failure(
                location: location(), message: "expect.error: the error does not contain \"\(wanted)\"",
                details: "the error was: " + message))
    }

    /// `expect.equal(actual, expected [, message])`.
    func checkEqual() throws {
        run.checks += 1
        stack.setTop(3)
        guard try !valuesEqual(1, 2) else { return }
        let message = stack.string(at: 3).map { "expect.equal: " + $0 } ?? "expect.equal: the values differ"
        throw fail(
            Failure(
                location: location(), message: message,
                details: "expected: \(describeValue(at: 2))\n  actual: \(describeValue(at: 1))"))
    }

    /// `assert(v [, message, ...])`: Lua's own, counted as a check (D-71).
    ///
    /// It does what the base library's does, word for word: returns all its arguments when
    /// `v` is neither false nor nil; else raises `message`, after the caller's place when it
    /// is a string, or `assertion failed!` when there is no message. Being a Swift function,
    /// it raises through the trampoline's sentinels, so it too is `[C]` in a traceback.
    ///
    ///     local file = assert(io.open("data.txt"))   -- under --unsafe
    ///     assert(#nav.viewControllers == 2, "two controllers")
    func checkAssertion() throws -> Int32 {
        run.checks += 1
        let count = stack.top
        if lua_toboolean(stack.state, 1) != 0 { return count }
        guard count >= 1 else { throw ScriptError("bad argument #1 to 'assert' (value expected)") }
        if count >= 2 { stack.pushValue(at: 2) } else { stack.push("assertion failed!") }
        return stack.type(at: -1) == LUA_TSTRING ? VCS_RAISE_WHERE : VCS_RAISE
    }

    /// `scenario(name, fn)`: declares a scenario, run later in a world of its own;
    /// `scenario.skip(name, fn)` and `scenario.todo(name, fn)` declare one that is reported
    /// as skipped or to do and not run (`notRun`).
    func declareScenario(_ call: Call, notRun: ScenarioResult.NotRun? = nil) throws {
        let name = try call.string(1)
        guard stack.type(at: call.index(2)) == LUA_TFUNCTION else { throw call.fail(2, "function") }
        guard !script.isRunningScenarios else {
            throw ScriptError("\(call.name)() must be called at the top level of a script")
        }
        guard !script.declaredScenarios.contains(where: { $0.name == name }) else {
            throw ScriptError("a scenario named \"\(name)\" is already declared in this script")
        }
        stack.pushValue(at: call.index(2))
        script.declaredScenarios.append(
            .init(name: name, function: stack.reference(), notRun: notRun, line: callerLine(inFile: script.file)))
    }

    /// Pushes the metatable of the tables `trace.lines()` and `trace.all()` return: as text
    /// (`print`, the REPL) they are their lines, as the trace shows them. It is protected
    /// (`__metatable`): a script that could reach it could give it a `__gc`.
    private func pushLinesMetatable() {
        let source = """
            local concat = ...
            return { __name = "trace", __metatable = "trace", __tostring = function(lines) return concat(lines, "\\n") end }
            """
        _ = source.withCString { vcs_loadbuffer(stack.state, $0, source.utf8.count, "=vcsandbox", "t") }
        lua_getglobal(stack.state, "table")
        stack.rawGet(-1, field: "concat")
        vcs_remove(stack.state, -2)
        _ = vcs_pcall(stack.state, 1, 1, 0)
    }

    /// Replaces `print` with one that writes to the scenario's output.
    func installPrint() {
        let prelude = """
            local write, tostring, select, concat = ...
            print = function(...)
              local parts = {}
              for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
              write(concat(parts, "\\t"))
            end
            """
        _ = prelude.withCString { vcs_loadbuffer(stack.state, $0, prelude.utf8.count, "=vcsandbox", "t") }
        pushEntry(writeEntry)
        for name in ["tostring", "select"] { lua_getglobal(stack.state, name) }
        lua_getglobal(stack.state, "table")
        stack.rawGet(-1, field: "concat")
        vcs_remove(stack.state, -2)
        _ = vcs_pcall(stack.state, 4, 0, 0)
    }
}

/// `expect [[…]]`, `expect.error`, `expect.equal`, `assert` (Lua's own, counted as a check)
/// and `scenario` (SPEC §5); `scenario` is a table whose `__call` declares a scenario, so
/// that `scenario.skip` and `scenario.todo` can be its fields (SPEC §9.5).
let expectationFunctions: [APIFunction] = [
    APIFunction(
        "assert", parameters: "v: any, message: any?, ...: any", returns: "any ...",
        doc: "Lua's `assert`, counted as a check: raises `message` unless `v` is truthy, else returns its arguments."
    ) { call in
        try call.session.checkAssertion()
    },
    APIFunction(
        "__call", in: "expect", named: "expect", parameters: "lines: string",
        doc:
            "Compares the trace lines since the last block with `lines` (`...` any run of lines, `*` any text), then consumes them."
    ) { call in
        try call.session.check(call.string(1))
        return 0
    },
    APIFunction(
        "equal", in: "expect", parameters: "actual: any, expected: any, message: string?",
        doc: "Checks that `actual` equals `expected`, tables compared deeply key by key; `message` heads a failure."
    ) { call in
        try call.session.checkEqual()
        return 0
    },
    APIFunction(
        "error", in: "expect", parameters: "fn: fun(): any, text: string?",
        doc: "Checks that calling `fn` raises an error, one whose message contains `text` when given (not empty)."
    ) { call in
        try call.session.checkError()
        return 0
    },
    APIFunction(
        "none", in: "expect", named: "expect.none", parameters: "lines: string",
        doc: "Checks that none of `lines` (one pattern a line) occurred since the last block, leaving the trace for it."
    ) { call in
        try call.session.checkPart(
            "expect.none", call.string(1), patterns: PartialExpectation.absentPatterns, check: PartialExpectation.none)
        return 0
    },
    APIFunction(
        "order", in: "expect", named: "expect.order", parameters: "lines: string",
        doc:
            "Checks that `lines` occurred in this order since the last block, others between, leaving the trace for it."
    ) { call in
        try call.session.checkPart(
            "expect.order", call.string(1), patterns: PartialExpectation.orderedPatterns,
            check: PartialExpectation.order)
        return 0
    },
    APIFunction(
        "__call", in: "scenario", named: "scenario", parameters: "name: string, body: fun()",
        doc: "Declares a scenario, run later in a world of its own; only at a script's top level."
    ) { call in
        try call.session.declareScenario(call)
        return 0
    },
    APIFunction(
        "skip", in: "scenario", named: "scenario.skip", parameters: "name: string, body: fun()",
        doc: "Declares a scenario that is reported as skipped and not run."
    ) { call in
        try call.session.declareScenario(call, notRun: .skipped)
        return 0
    },
    APIFunction(
        "todo", in: "scenario", named: "scenario.todo", parameters: "name: string, body: fun()",
        doc: "Declares a scenario that is reported as still to do and not run."
    ) { call in
        try call.session.declareScenario(call, notRun: .todo)
        return 0
    },
]

/// `trace.lines()`, `trace.all()`, `trace.clear()`, `trace.include(c)`, `trace.exclude(c)`
/// (SPEC §5), `trace.only(a, b, …)` (§9.5).
let traceFunctions: [APIFunction] = [
    APIFunction(
        "all", in: "trace", returns: "string[]",
        doc:
            "Every line recorded since the start or the last `trace.clear()`, whatever is compared; as text, the lines."
    ) { call in
        call.session.pushTraceLines(call.session.world.trace.events.map(\.text))
        return 1
    },
    APIFunction("clear", in: "trace", doc: "Forgets every line recorded so far, checked or not.") { call in
        call.session.world.trace.clear()
        return 0
    },
    APIFunction(
        "exclude", in: "trace", named: "trace.exclude", parameters: "category: TraceCategory|\"all\"",
        doc: "Leaves a category of events (or all) out of what checks compare from now on."
    ) { call in
        try call.session.filter.exclude(call.string(1))
        return 0
    },
    APIFunction(
        "include", in: "trace", named: "trace.include", parameters: "category: TraceCategory|\"all\"",
        doc: "Adds a category of events (or all) to what checks compare from now on."
    ) { call in
        try call.session.filter.include(call.string(1))
        return 0
    },
    APIFunction(
        "lines", in: "trace", returns: "string[]",
        doc: "The recorded lines that checks compare (the categories and controllers chosen); as text, the lines."
    ) { call in
        call.session.pushTraceLines(call.session.filter.lines(of: call.session.world.trace.events))
        return 1
    },
    APIFunction(
        "only", in: "trace", named: "trace.only", parameters: "...: Controller",
        doc: "Compares only these controllers' events (their delegates' included) for the rest of the scenario."
    ) { call in
        try call.session.compareOnly(call)
        return 0
    },
]

let writeEntry: Entry = { state in
    Session.enter(state) { session in
        let line = session.stack.string(at: 1) ?? ""
        try session.charge(line.utf8.count + 1)
        session.run.output += line + "\n"
        session.printHandler?(line)
        return 0
    }
}

extension Session {
    func pushStrings(_ lines: [String]) {
        pushList(lines) { stack.push($0) }
    }
}
