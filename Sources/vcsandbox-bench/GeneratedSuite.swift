import Foundation

/// A deterministic suite of small scenario scripts, for timing `vcsandbox test` end to end.
///
/// Each script follows one of five everyday shapes, in one of two variants, with controller
/// names numbered after the file, and every `expect [[…]]` block in it passes. Most files are
/// one scenario; every twentieth holds three `scenario(name, fn)` calls and the one ten
/// after it two, so 1,000 files hold 1,150 scenarios. The same count always gives the same
/// bytes.
///
/// ```
/// push-pop/0002.lua
///   local nav = NavigationController { "Nav2", Controller "Root2" }
///   Window { root = nav }
///   …
/// ```
struct GeneratedSuite {
    let fileCount: Int

    /// The scenarios the whole suite holds.
    var scenarioCount: Int {
        (0..<fileCount).reduce(0) { $0 + Self.scenarioCount(inFile: $1) }
    }

    /// How many scenarios file `index` holds: 3, 2 or (mostly) 1.
    static func scenarioCount(inFile index: Int) -> Int {
        switch index % 20 {
        case 0: 3
        case 10: 2
        default: 1
        }
    }

    /// Writes every script under `folder`, one subfolder per shape of its first scenario.
    func write(to folder: URL) throws {
        for index in 0..<fileCount {
            try writeFile(Self.script(index), in: folder, at: Self.path(index))
        }
    }

    /// Where file `index` goes in the suite's folder: `push-pop/0002.lua`.
    static func path(_ index: Int) -> String {
        ScenarioShape(index).folder + String(format: "/%04d.lua", index + 1)
    }

    /// The text of file `index`: one shape at the top level, or several in `scenario` calls.
    static func script(_ index: Int) -> String {
        let count = scenarioCount(inFile: index)
        guard count > 1 else { return luaText(ScenarioShape(index).lines(tag: index + 1)) }
        let scenarios = (0..<count).map { part in
            let shape = ScenarioShape(index + part)
            return ["scenario(\"\(part + 1): \(shape.title)\", function()"]
                + shape.lines(tag: index + 1).map { "  " + $0 }
                + ["end)", ""]
        }
        return luaText(Array(scenarios.joined().dropLast()))
    }
}

/// The five shapes of generated scenario, each in two variants, with the trace each gives.
///
/// The expected traces are the engine's for the default profile (the same as the shipped
/// scripts under scripts/navigation, scripts/presentation, scripts/tabbar and
/// scripts/containment show).
enum ScenarioShape {
    case navigationInWindow(withChecks: Bool)
    case pushThenPop(animated: Bool)
    case presentThenDismiss(style: String)
    case tabSwitch(tabCount: Int)
    case childrenAdded(count: Int)

    /// The shape for position `index`: shapes in turn, variants alternating every five.
    init(_ index: Int) {
        let second = index / 5 % 2 == 1
        switch index % 5 {
        case 0: self = .navigationInWindow(withChecks: second)
        case 1: self = .pushThenPop(animated: !second)
        case 2: self = .presentThenDismiss(style: second ? "pageSheet" : "fullScreen")
        case 3: self = .tabSwitch(tabCount: second ? 3 : 2)
        default: self = .childrenAdded(count: second ? 2 : 1)
        }
    }

    /// The folder of files whose first scenario has this shape.
    var folder: String {
        switch self {
        case .navigationInWindow: "navigation"
        case .pushThenPop: "push-pop"
        case .presentThenDismiss: "presentation"
        case .tabSwitch: "tabbar"
        case .childrenAdded: "containment"
        }
    }

    /// The scenario's name in a `scenario` call.
    var title: String {
        switch self {
        case .navigationInWindow: "a navigation controller in a window"
        case .pushThenPop(let animated): "push then pop, animated: \(animated)"
        case .presentThenDismiss(let style): "present then dismiss, \(style)"
        case .tabSwitch(let count): "switch to the last of \(count) tabs"
        case .childrenAdded(let count): "\(count) children added to a shown container"
        }
    }

    /// The Lua lines of one scenario, its controllers' names ending in `tag`.
    func lines(tag: Int) -> [String] {
        scenario(tag: tag).lines
    }

    /// The scenario with its controllers' names ending in `tag`: its Lua lines, and what
    /// its `expect` blocks check, for the busted specs that model it.
    func scenario(tag: Int) -> GeneratedScenario {
        switch self {
        case .navigationInWindow(let withChecks): Self.navigation(tag, withChecks)
        case .pushThenPop(let animated): Self.pushPop(tag, animated)
        case .presentThenDismiss(let style): Self.presentation(tag, style)
        case .tabSwitch(let count): Self.tabs(tag, count)
        case .childrenAdded(let count): Self.children(tag, count)
        }
    }

    private static func navigation(_ tag: Int, _ withChecks: Bool) -> GeneratedScenario {
        let (nav, home) = ("Nav\(tag)", "Home\(tag)")
        let shown = ExpectedBlock(
            added: [home],
            events: [
                "\(home).willMove(toParent: \(nav))", "\(home).didMove(toParent: \(nav))",
                "\(nav).viewDidLoad()", "\(nav).viewWillAppear(false)",
                "\(home).viewDidLoad()", "\(home).viewWillAppear(false)",
                "\(nav).viewDidAppear(false)", "\(home).viewDidAppear(false)",
            ])
        let lines =
            [
                "local home = Controller \"\(home)\"",
                "local nav = NavigationController { \"\(nav)\", home }",
                "Window { root = nav }",
                "settle()",
            ]
            + expect(shown)
            + (withChecks
                ? [
                    "expect.equal(nav.topViewController, home, \"topViewController\")",
                    "expect.equal(home.navigationController, nav, \"navigationController\")",
                ] : [])
        return GeneratedScenario(lines: lines, startingStack: [], blocks: [shown])
    }

    private static func pushPop(_ tag: Int, _ animated: Bool) -> GeneratedScenario {
        let (nav, root, detail, flag) = ("Nav\(tag)", "Root\(tag)", "Detail\(tag)", "\(animated)")
        let push = ExpectedBlock(
            added: [detail],
            events: [
                "\(detail).willMove(toParent: \(nav))", "\(detail).viewDidLoad()",
                "\(root).viewWillDisappear(\(flag))", "\(detail).viewWillAppear(\(flag))",
                "\(root).viewDidDisappear(\(flag))", "\(detail).viewDidAppear(\(flag))",
                "\(detail).didMove(toParent: \(nav))",
            ])
        let pop = ExpectedBlock(
            removed: 1,
            events: [
                "\(detail).willMove(toParent: nil)",
                "\(detail).viewWillDisappear(\(flag))", "\(root).viewWillAppear(\(flag))",
                "\(detail).viewDidDisappear(\(flag))", "\(root).viewDidAppear(\(flag))",
                "\(detail).didMove(toParent: nil)",
            ])
        let lines =
            [
                "local nav = NavigationController { \"\(nav)\", Controller \"\(root)\" }",
                "Window { root = nav }",
                "settle()",
                "trace.clear()",
                "nav:pushViewController(Controller \"\(detail)\", \(flag))",
                "settle()",
            ]
            + expect(push) + ["nav:popViewController(\(flag))", "settle()"] + expect(pop)
        return GeneratedScenario(lines: lines, startingStack: [root], blocks: [push, pop])
    }

    /// A full-screen presentation takes the presenter off screen; a sheet leaves it there.
    private static func presentation(_ tag: Int, _ style: String) -> GeneratedScenario {
        let (home, sheet) = ("Home\(tag)", "Sheet\(tag)")
        let covers = style == "fullScreen"
        let present = ExpectedBlock(
            added: [sheet],
            events: covers
                ? [
                    "\(sheet).viewDidLoad()", "\(home).viewWillDisappear(true)",
                    "\(sheet).viewWillAppear(true)", "\(sheet).viewDidAppear(true)",
                    "\(home).viewDidDisappear(true)",
                ] : ["\(sheet).viewDidLoad()", "\(sheet).viewWillAppear(true)", "\(sheet).viewDidAppear(true)"])
        let dismiss = ExpectedBlock(
            removed: 1,
            events: covers
                ? [
                    "\(sheet).viewWillDisappear(true)", "\(home).viewWillAppear(true)",
                    "\(home).viewDidAppear(true)", "\(sheet).viewDidDisappear(true)",
                ] : ["\(sheet).viewWillDisappear(true)", "\(sheet).viewDidDisappear(true)"])
        let lines =
            [
                "local home = Controller \"\(home)\"",
                "Window { root = home }",
                "settle()",
                "trace.clear()",
                "local sheet = Controller { \"\(sheet)\", modalPresentationStyle = \"\(style)\" }",
                "home:present(sheet, true)",
                "settle()",
            ]
            + expect(present)
            + ["expect.equal(home.presentedViewController, sheet, \"presentedViewController\")"]
            + ["sheet:dismiss(true)", "settle()"]
            + expect(dismiss)
        return GeneratedScenario(lines: lines, startingStack: [home], blocks: [present, dismiss])
    }

    private static func tabs(_ tag: Int, _ count: Int) -> GeneratedScenario {
        let names = (1...count).map { "Tab\($0)x\(tag)" }
        let (first, last) = (names[0], names[count - 1])
        let switched = ExpectedBlock(
            removed: 1, added: [last],
            events: [
                "\(last).viewDidLoad()", "\(last).viewWillAppear(false)",
                "\(first).viewWillDisappear(false)", "\(first).viewDidDisappear(false)",
                "\(last).viewDidAppear(false)",
            ])
        let lines =
            [
                "local tabs = TabBarController { \"Tabs\(tag)\", "
                    + names.map { "Controller \"\($0)\"" }.joined(separator: ", ") + " }",
                "Window { root = tabs }",
                "settle()",
                "trace.clear()",
                "tabs.selectedIndex = \(count)",
                "settle()",
            ]
            + expect(switched) + ["expect.equal(tabs.selectedIndex, \(count), \"selectedIndex\")"]
        return GeneratedScenario(lines: lines, startingStack: [first], blocks: [switched])
    }

    /// Children added one after another in one turn: each one's calls at once, then every
    /// viewDidAppear at the end of the turn, in the order they were queued.
    private static func children(_ tag: Int, _ count: Int) -> GeneratedScenario {
        let (parent, names) = ("Parent\(tag)", (1...count).map { "Child\($0)x\(tag)" })
        let quoted = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let added = ExpectedBlock(
            added: names,
            events: names.flatMap { child in
                [
                    "\(child).willMove(toParent: \(parent))", "\(child).viewDidLoad()",
                    "\(child).viewWillAppear(false)", "\(child).didMove(toParent: \(parent))",
                ]
            } + names.map { "\($0).viewDidAppear(false)" })
        let lines =
            [
                "local parent = Controller \"\(parent)\"",
                "Window { root = parent }",
                "settle()",
                "trace.clear()",
                "for _, name in ipairs { \(quoted) } do",
                "  local child = Controller(name)",
                "  parent:addChild(child)",
                "  parent.view:addSubview(child.view)",
                "  child:didMove(parent)",
                "end",
                "settle()",
            ]
            + expect(added) + ["expect.equal(#parent.children, \(count), \"children\")"]
        return GeneratedScenario(lines: lines, startingStack: [parent], blocks: [added])
    }

    /// An `expect [[…]]` block holding `block`'s events.
    private static func expect(_ block: ExpectedBlock) -> [String] {
        ["expect [["] + block.events.map { "  " + $0 } + ["]]"]
    }
}

/// One generated scenario: its Lua lines, and the controllers on screen and the events its
/// `expect` blocks check, for the busted specs that model it (`BustedSpecs.swift`).
struct GeneratedScenario {
    let lines: [String]
    /// The controllers on screen before the first block, as a stack, bottom first: a
    /// navigation stack, a presentation chain, a parent and its children, the selected tab.
    let startingStack: [String]
    let blocks: [ExpectedBlock]
}

/// One `expect [[…]]` block, with the step before it as a change of the modelled stack:
/// `removed` controllers taken off its top, then `added` put on.
struct ExpectedBlock {
    var removed = 0
    var added: [String] = []
    let events: [String]
}
