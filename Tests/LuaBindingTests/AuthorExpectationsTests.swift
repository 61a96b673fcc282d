import LuaBinding
import ScenarioKit
import Testing

/// The expectations a test author needs (SPEC §9.5) through the binding: `expect.none`,
/// `expect.order`, `trace.only`, `scenario.skip` and `scenario.todo`.

/// A push onto a shown navigation controller; its compared trace is B.willMove, B.viewDidLoad,
/// A.viewWillDisappear, B.viewWillAppear, A.viewDidDisappear, B.viewDidAppear, B.didMove.
private let push = """
    local a, b = Controller "A", Controller "B"
    local nav = NavigationController { "Nav", a }
    Window { root = nav }
    settle(); trace.clear()
    nav:pushViewController(b)
    settle()
    """

private let wholePush = """
    expect [[
      B.willMove(toParent: Nav)
      B.viewDidLoad()
      A.viewWillDisappear(true)
      B.viewWillAppear(true)
      A.viewDidDisappear(true)
      B.viewDidAppear(true)
      B.didMove(toParent: Nav)
    ]]
    """

@Suite("expect.none and expect.order")
struct ExpectNoneOrderTests {
    @Test("they pass on the lines since the last expect block and leave them for the next one (D-76)")
    func theyLeaveTheLinesForTheNextBlock() {
        let result = failure(
            of: push + """

                expect.none "A.viewDidAppear"
                expect.none [[
                  Nav.*
                  warning: *
                ]]
                expect.order [[ B.viewWillAppear ... A.viewDidDisappear ]]
                expect.order [[
                  B.willMove
                  ...
                  B.didMove(toParent: Nav)
                ]]

                """ + wholePush + """

                    expect.none "B.*"
                    expect.order ""
                    """)
        #expect(result?.location == "test.lua:28", "\(text(result))")
        #expect(result?.message.hasPrefix("expect.order: no line to look for") == true, "\(text(result))")
    }

    @Test("after a block, they see only what came since")
    func theySeeOnlyWhatCameSinceTheLastBlock() {
        let result = failure(
            of: push + "\n" + wholePush + """

                note "later"
                expect.order "note: later"
                expect.none "B.*"
                expect.order "B.viewDidLoad"
                """)
        #expect(result?.location == "test.lua:19")
        #expect(result?.message == #"expect.order: the trace has no line matching "B.viewDidLoad""#)
        #expect(result?.details == "- B.viewDidLoad\n  note: later")
    }

    @Test("expect.none fails at its line with the lines it excludes marked +")
    func noneFails() {
        let result = failure(of: push + "\nexpect.none \"B.view*Appear\"")
        #expect(result?.location == "test.lua:7")
        #expect(
            result?.message
                == #"expect.none: the trace has "B.viewWillAppear(true)", which matches "B.view*Appear" (and 1 more such line)"#
        )
        #expect(
            result?.details == """
                  B.willMove(toParent: Nav)
                  B.viewDidLoad()
                  A.viewWillDisappear(true)
                + B.viewWillAppear(true)
                  A.viewDidDisappear(true)
                + B.viewDidAppear(true)
                  B.didMove(toParent: Nav)
                """)
    }

    @Test("expect.order fails at its line, showing where the missing line was looked for")
    func orderFails() {
        let result = failure(of: push + "\nexpect.order [[ A.viewDidDisappear ... B.viewWillAppear ]]")
        #expect(result?.location == "test.lua:7")
        #expect(
            result?.message
                == #"expect.order: no line matching "B.viewWillAppear" comes after "A.viewDidDisappear(true)" (matched by "A.viewDidDisappear"); the trace has one only before it"#
        )
        #expect(
            result?.details == """
                  A.viewWillDisappear(true)
                  B.viewWillAppear(true)
                  A.viewDidDisappear(true)
                - B.viewWillAppear
                  B.viewDidAppear(true)
                  B.didMove(toParent: Nav)
                """)
    }

    @Test("they compare the compared categories only, as blocks do")
    func theyFollowTheCategories() {
        #expect(failure(of: push + "\nexpect.none \"B.loadView\"\ntrace.include \"loading\"") == nil)
        let result = failure(of: push + "\ntrace.include \"loading\"\nexpect.none \"B.loadView\"")
        #expect(result?.message == #"expect.none: the trace has "B.loadView()", which matches "B.loadView""#)
    }

    @Test("a text that checks nothing, or no text, is refused")
    func badTexts() {
        #expect(failure(of: "expect.none [[ ... ]]")?.message.hasPrefix("expect.none: `...` matches any run") == true)
        #expect(failure(of: "expect.none ''")?.message.hasPrefix("expect.none: no line to look for") == true)
        #expect(failure(of: "expect.order [[ ... ]]")?.message.hasPrefix("expect.order: no line to look for") == true)
        #expect(
            failure(of: "expect.order(nil)")?.message == "bad argument #1 to 'expect.order' (string expected, got nil)")
        #expect(
            failure(of: "expect.none({})")?.message == "bad argument #1 to 'expect.none' (string expected, got table)")
    }

    @Test("under --accept they fail as they do otherwise, and are never rewritten")
    func notRewrittenUnderAccept() {
        let session = Session()
        session.isAccepting = true
        let outcomes = session.runScript(source: push + "\nexpect.none \"B.viewDidLoad\"", file: "test.lua")
        #expect(outcomes.first?.result.failure?.location == "test.lua:7")
        #expect(outcomes.first?.rewrites == [])
    }
}

@Suite("trace.only")
struct TraceOnlyTests {
    @Test("blocks, none, order and trace.lines see only the chosen controllers' events, notes and warnings")
    func onlyTheChosenControllers() {
        let result = failure(
            of: """
                local a, b = Controller "A", Controller "B"
                local nav = NavigationController { "Nav", a }
                nav.delegate = { willShow = function() end }
                Window { root = nav }
                settle(); trace.clear()
                trace.only(b, nav)
                nav:pushViewController(b)
                note "pushed"
                settle()
                expect.none "A.*"
                expect.order [[ Nav.delegate.willShow ... B.viewDidAppear ]]
                expect.equal(#trace.all() > #trace.lines(), true)
                expect [[
                  B.willMove(toParent: Nav)
                  note: pushed
                  B.viewDidLoad()
                  B.viewWillAppear(true)
                  Nav.delegate.willShow(B, animated: true)
                  B.viewDidAppear(true)
                  B.didMove(toParent: Nav)
                ]]
                trace.only(a)
                nav:popViewController()
                settle()
                expect [[
                  A.viewWillAppear(true)
                  A.viewDidAppear(true)
                ]]
                """)
        #expect(result == nil, "\(text(result))")
    }

    @Test("it lasts until the scenario ends: the next one compares every controller")
    func itEndsWithTheScenario() {
        let outcomes = Session().runScript(
            source: """
                scenario("only A", function()
                  local a, b = Controller "A", Controller "B"
                  trace.only(a)
                  note "x"
                  expect [[ note: x ]]
                end)
                scenario("all", function()
                  local a = Controller "A"
                  Window { root = a }
                  settle()
                  expect [[
                    A.viewDidLoad()
                    A.viewWillAppear(false)
                    A.viewDidAppear(false)
                  ]]
                end)
                """, file: "test.lua")
        #expect(outcomes.map(\.result.status) == [.passed, .passed], "\(outcomes.map { text($0.result.failure) })")
        #expect(outcomes.map(\.filter.controllers) == [["A"], nil])
    }

    @Test("it takes controllers, at least one")
    func badArguments() {
        #expect(failure(of: "trace.only()")?.message.hasPrefix("trace.only needs a controller") == true)
        #expect(
            failure(of: #"trace.only(Controller "A", "B")"#)?.message
                == "bad argument #2 to 'trace.only' (Controller expected, got string)")
        #expect(
            failure(of: #"trace.only(View "v")"#)?.message
                == "bad argument #1 to 'trace.only' (Controller expected, got View)")
    }
}

@Suite("scenario.skip and scenario.todo")
struct SkippedScenarioTests {
    let script = """
        local ran = {}
        scenario("first", function() print("first runs") end)
        scenario.skip("second", function() print("never"); error("never") end)
        scenario.todo("third", function() print("never"); error("never") end)
        scenario("fourth", function() expect.equal(type(scenario), "table") end)
        """

    @Test("they are reported as skipped and to do, never run; scenario stays callable")
    func notRun() {
        let outcomes = Session().runScript(source: script, file: "test.lua")
        #expect(outcomes.map(\.result.name) == ["first", "second", "third", "fourth"])
        #expect(outcomes.map(\.result.status) == [.passed, .skipped, .todo, .passed])
        #expect(outcomes.map(\.result.output) == ["first runs\n", "", "", ""])
        #expect(outcomes.map(\.events.isEmpty) == [true, true, true, true])
        #expect(outcomes.allSatisfy { $0.result.failure == nil })
    }

    @Test("--filter selects them by name as it selects the others")
    func selected() {
        let outcomes = Session().runScript(source: script, file: "test.lua") { $0.hasPrefix("t") }
        #expect(outcomes.map(\.result.name) == ["third"])
        #expect(outcomes.map(\.result.status) == [.todo])
    }

    @Test("they are declared as scenario() is: at the top level, a name once, a name and a function")
    func declaredLikeScenarios() {
        #expect(
            failure(of: "scenario.skip(\"x\")")?.message
                == "bad argument #2 to 'scenario.skip' (function expected, got no value)")
        #expect(
            failure(of: "scenario.todo(1, print)")?.message
                == "bad argument #1 to 'scenario.todo' (string expected, got number)")
        #expect(
            failure(of: "scenario(\"x\", print)\nscenario.skip(\"x\", print)")?.message
                == #"a scenario named "x" is already declared in this script"#)
        let nested = Session().runScript(
            source: "scenario(\"outer\", function() scenario.todo(\"inner\", print) end)", file: "test.lua")
        #expect(
            nested.first?.result.failure?.message == "scenario.todo() must be called at the top level of a script")
        #expect(
            failure(of: "scenario(\"x\")")?.message == "bad argument #2 to 'scenario' (function expected, got no value)"
        )
    }
}
