import Testing

@testable import ScenarioKit

@Suite struct GoldenTraceTests {
    typealias Section = GoldenTrace.Section

    static let pushThenPop = Section(name: "push then pop", lines: ["A.viewDidLoad()", "A.viewWillAppear(false)"])

    @Test func rendersTheDocumentedLayout() {
        let trace = GoldenTrace(sections: [Self.pushThenPop, Section(name: "second one", lines: [])])
        #expect(
            trace.render(scriptName: "foo.lua") == """
                -- vcsandbox golden trace for foo.lua: written by `vcsandbox test --record`
                -- scenario: push then pop
                A.viewDidLoad()
                A.viewWillAppear(false)

                -- scenario: second one

                """)
    }

    @Test func rendersNoSectionsAsTheCommentAlone() {
        #expect(
            GoldenTrace().render(scriptName: "a.lua")
                == "-- vcsandbox golden trace for a.lua: written by `vcsandbox test --record`\n")
    }

    @Test(arguments: [
        [],
        [pushThenPop],
        [Section(name: "empty", lines: []), pushThenPop, Section(name: "also empty", lines: [])],
        [Section(name: "", lines: ["note: unnamed"]), Section(name: " padded ", lines: ["x"])],
        [
            Section(
                name: "odd lines",
                lines: ["-- a comment-like line", "...", "  indented", "warning: Attempt to present C on *"])
        ],
    ])
    func readsBackWhatItRenders(sections: [Section]) throws {
        let trace = GoldenTrace(sections: sections)
        let parsed = try GoldenTrace.parse(trace.render(scriptName: "foo.lua"))
        #expect(parsed == trace)
        #expect(parsed.sections.map(\.lines) == sections.map(\.lines))
        #expect(parsed.sections.map(\.name) == sections.map(\.name))
    }

    @Test func recordsWhereEachHeaderStands() throws {
        let text = "-- comment\n\n-- another\n-- scenario: a\nA.x()\n\n\n-- scenario: b\n"
        let trace = try GoldenTrace.parse(text)
        #expect(trace.sections.map(\.headerLine) == [4, 8])
        #expect(trace.sections == [Section(name: "a", lines: ["A.x()"]), Section(name: "b", lines: [])])
    }

    @Test func readsWindowsLineEndingsAndAMissingFinalNewline() throws {
        let trace = try GoldenTrace.parse("-- c\r\n-- scenario: a\r\nA.x()\r\nB.y(true)")
        #expect(trace.sections == [Section(name: "a", lines: ["A.x()", "B.y(true)"])])
    }

    @Test func keepsTraceLinesExactly() throws {
        let trace = try GoldenTrace.parse("-- scenario: a\n  A.x() \nnote: two  spaces\n")
        #expect(trace.sections[0].lines == ["  A.x() ", "note: two  spaces"])
    }

    @Test func equalSectionsIgnoreWhereTheyWereRead() {
        #expect(Section(name: "a", lines: ["x"], headerLine: 7) == Section(name: "a", lines: ["x"]))
        #expect(Section(name: "a", lines: ["x"]) != Section(name: "a", lines: ["y"]))
        #expect(Section(name: "a", lines: []) != Section(name: "b", lines: []))
    }

    @Test func rejectsADuplicateSectionNamingBothLines() {
        let text = "-- header\n-- scenario: a\nA.x()\n\n-- scenario: b\n\n-- scenario: a\nA.y()\n"
        #expect(throws: GoldenTraceError.duplicateSection(name: "a", line: 7, firstLine: 2)) {
            try GoldenTrace.parse(text)
        }
        let error = GoldenTraceError.duplicateSection(name: "a", line: 7, firstLine: 2)
        #expect(error.line == 7)
        #expect(error.description.hasPrefix("line 7: "))
        #expect(error.description.contains("line 2"))
        #expect(error.description.contains("vcsandbox test --record"))
    }

    @Test func rejectsATraceLineBeforeTheFirstHeader() {
        let text = "-- header\n\nA.viewDidLoad()\n-- scenario: a\n"
        #expect(throws: GoldenTraceError.lineBeforeFirstSection(line: 3, text: "A.viewDidLoad()")) {
            try GoldenTrace.parse(text)
        }
        let description = GoldenTraceError.lineBeforeFirstSection(line: 3, text: "A.viewDidLoad()").description
        #expect(description.hasPrefix("line 3: \"A.viewDidLoad()\""))
        #expect(description.contains("-- scenario: NAME"))
    }

    /// Issue 17, item 13 (D-89): a file that took a trace's name is not quoted back.
    @Test func aBinaryFileIsNoTraceAndIsNotQuoted() {
        let text = "-- scenario: a\nsecret\u{0}\u{1}\u{7F}data\n"
        #expect(throws: GoldenTraceError.notText(line: 2)) { try GoldenTrace.parse(text) }
        let description = GoldenTraceError.notText(line: 2).description
        #expect(description.hasPrefix("not a golden trace: line 2 holds a control character"))
        #expect(description.contains("its content is not shown"))
    }

    @Test func textWithoutAHeaderIsNoTraceAndIsNotQuoted() throws {
        let passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n"
        #expect(throws: GoldenTraceError.notATrace(line: 1)) { try GoldenTrace.parse(passwd) }
        #expect(throws: GoldenTraceError.notATrace(line: 3)) { try GoldenTrace.parse("-- note\n\nsecret\n") }
        let description = GoldenTraceError.notATrace(line: 1).description
        #expect(!description.contains("root"))
        #expect(description.contains("no `-- scenario: NAME` header"))
        let failures = GoldenTrace.compare([Section(name: "a", lines: [])], withFile: passwd, at: "s/x.trace")
        #expect(failures.map { $0?.location } == ["s/x.trace:1"])
        #expect(failures.allSatisfy { !($0?.message.contains("root") ?? true) })
        // Comments alone are a trace with no section, as `render` writes one.
        #expect(try GoldenTrace.parse("-- vcsandbox golden trace for x.lua\n").sections.isEmpty)
    }

    @Test func noLineOrNameWithAControlCharacterIsWritten() {
        #expect(GoldenTrace.canHold("A.viewDidLoad()\tnote"))
        #expect(!GoldenTrace.canHold("A\u{1B}[2J.viewDidLoad()"))
        #expect(!GoldenTrace.canHold("A\u{0}.viewDidLoad()"))
        #expect(!GoldenTrace.canHold("A\u{9B}.viewDidLoad()"))
        #expect(GoldenTrace.canHoldName(" push, then é 中 😀\t"))
        #expect(!GoldenTrace.canHoldName("push\nthen"))
        #expect(!GoldenTrace.canHoldName("push\u{1B}[31m"))
    }

    @Test func findsASectionByName() throws {
        let trace = try GoldenTrace.parse("-- scenario: a\nA.x()\n-- scenario: b\nB.y()\n")
        #expect(trace.section(named: "b")?.lines == ["B.y()"])
        #expect(trace.section(named: "b")?.headerLine == 3)
        #expect(trace.section(named: "c") == nil)
    }

    @Test func mergeReplacesInPlaceAndAppendsInTheGivenOrder() {
        var trace = GoldenTrace(sections: [
            Section(name: "a", lines: ["old a"]),
            Section(name: "b", lines: ["old b"]),
            Section(name: "c", lines: ["old c"]),
        ])
        trace.merge([
            Section(name: "new 2", lines: ["n2"]),
            Section(name: "b", lines: []),
            Section(name: "new 1", lines: ["n1"]),
            Section(name: "a", lines: ["new a"]),
        ])
        #expect(trace.sections.map(\.name) == ["a", "b", "c", "new 2", "new 1"])
        #expect(trace.sections.map(\.lines) == [["new a"], [], ["old c"], ["n2"], ["n1"]])
    }

    @Test func mergeIntoAnEmptyTraceKeepsTheRecordedOrder() {
        var trace = GoldenTrace()
        trace.merge([Section(name: "z", lines: []), Section(name: "a", lines: ["x"])])
        #expect(trace.sections.map(\.name) == ["z", "a"])
    }
}
