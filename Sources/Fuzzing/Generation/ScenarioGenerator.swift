/// Makes a random valid scenario from a seed: a hierarchy of every container kind in one to
/// three windows, then 15 to 70 operations of the Lua API, some run from inside callbacks
/// (overrides, delegates, completions, `async` blocks), some raising errors of their own.
///
/// Valid means the script always compiles and names only the API's members: what the
/// engine refuses (an exception, a usage error) is part of the game, since each step runs
/// under `pcall` and the checks judge what a refusal left behind. The generator keeps no
/// model of the hierarchy; it only knows what the set-up built, and draws the rest at random,
/// so that both sensible and absurd operations come up.
///
///     let script = ScenarioGenerator.script(seed: 42)     // the same on every platform
///     print(script.checkedText)
public struct ScenarioGenerator {
    var random: SplitMix64
    let seed: UInt64
    var steps: [Step] = []
    var nextID = 1
    var nextNestedID = 1001
    var plain: [String] = []
    var navigations: [String] = []
    var tabBars: [String] = []
    var splits: [String] = []
    /// The page view controllers (issue 19): at most one, `PG1`.
    var pageControllers: [String] = []
    /// Whether the scenario opened the storyboard `SB` (issue 20), whose navigation controller
    /// `B1` is one of `navigations`.
    var hasStoryboard = false
    var windows: [String] = []
    /// The gesture locals assigned so far.
    var gestures: [String] = []
    var overrideCount = 0
    /// Whether this scenario's script takes over appearance itself now and then (explicit
    /// begin/end calls, forwarding by hand): in about one scenario in ten, since from the
    /// first such step on the appearance checks stand down (FuzzHarness).
    var takesAppearanceOver = false

    static let gestureVariables = ["G1", "G2", "G3", "G4"]
    static let windowVariables = ["W1", "W2", "W3", "W4"]

    /// The scenario of `seed`.
    public static func script(seed: UInt64) -> FuzzScript {
        var generator = ScenarioGenerator(random: SplitMix64(seed: seed), seed: seed)
        return generator.make()
    }

    mutating func make() -> FuzzScript {
        let iosVersion = random.chance(0.1) ? 12 : 17
        takesAppearanceOver = random.chance(0.1)
        makeSetup()
        for _ in 0..<random.int(in: 15...70) { addOperation() }
        addStep(.settle, "settle()")
        let variables =
            plain + navigations + tabBars + splits + pageControllers + Self.windowVariables + Self.gestureVariables
            + ["I1", "SB"]
        return FuzzScript(seed: seed, iosVersion: iosVersion, variables: variables, steps: steps)
    }

    var controllers: [String] { plain + navigations + tabBars + splits + pageControllers }

    mutating func addStep(_ kind: StepKind, _ code: String) {
        steps.append(Step(id: nextID, kind: kind, code: code))
        nextID += 1
    }

    mutating func nestedID() -> Int {
        defer { nextNestedID += 1 }
        return nextNestedID
    }

    // MARK: Set-up

    /// Controllers, containers, windows, a first settle, maybe presentations, and
    /// overrides and delegates before and after the windows show.
    mutating func makeSetup() {
        for index in 1...random.int(in: 5...12) {
            let name = "C\(index)"
            plain.append(name)
            addStep(.setup, "\(name) = Controller \"\(name)\"")
            if random.chance(0.3) { addStep(.setup, presentationSetting(on: name)) }
        }
        var free = random.shuffled(plain)
        var roots = makeNavigations(&free)
        roots = makeTabBar(&free, roots)
        roots = makeSplit(&free, roots)
        roots += makeCustomContainers(&free)
        roots += makePages(&free)
        roots += makeStoryboard()
        for _ in 0..<random.int(in: 0...3) { addStep(.setup, callbackInstallation(depth: 0)) }
        makeWindows(roots: roots + free)
        addStep(.settle, "settle()")
        makePresentations(free)
        for _ in 0..<random.int(in: 0...4) { addStep(.setup, callbackInstallation(depth: 0)) }
        // Custom animators from the start, now and then (issue 19).
        for _ in 0..<random.weightedIndex([5, 3, 2]) {
            if let code = customTransitionCode(.topLevel) { addStep(.setup, code) }
        }
    }

    /// Up to two navigation controllers, each over one to three free controllers.
    mutating func makeNavigations(_ free: inout [String]) -> [String] {
        var made: [String] = []
        for index in 0..<random.weightedIndex([3, 5, 2]) where !free.isEmpty {
            let name = "N\(index + 1)"
            let stack = take(&free, random.int(in: 1...3))
            navigations.append(name)
            made.append(name)
            addStep(.setup, "\(name) = NavigationController { \"\(name)\"" + stack.map { ", " + $0 }.joined() + " }")
        }
        return made
    }

    /// Maybe a tab bar controller of two to seven tabs (six or more show a More tab), some
    /// of them navigation controllers from `roots`; returns the roots left.
    mutating func makeTabBar(_ free: inout [String], _ roots: [String]) -> [String] {
        guard random.chance(0.55) else { return roots }
        var left = roots
        var tabs: [String] = []
        let count = random.chance(0.35) ? random.int(in: 6...7) : random.int(in: 2...5)
        for _ in 0..<count {
            if random.chance(0.3), let nav = left.first(where: navigations.contains) {
                left.removeAll { $0 == nav }
                tabs.append(nav)
            } else if !free.isEmpty {
                tabs.append(free.removeFirst())
            }
        }
        tabBars.append("T1")
        addStep(.setup, "T1 = TabBarController { \"T1\"" + tabs.map { ", " + $0 }.joined() + " }")
        return left + ["T1"]
    }

    /// Maybe a split view controller whose primary is a navigation controller or a plain one.
    mutating func makeSplit(_ free: inout [String], _ roots: [String]) -> [String] {
        guard random.chance(0.35), !free.isEmpty || !roots.isEmpty else { return roots }
        var left = roots
        let primary: String
        if random.chance(0.6), let nav = left.first(where: navigations.contains) {
            left.removeAll { $0 == nav }
            primary = nav
        } else if !free.isEmpty {
            primary = free.removeFirst()
        } else {
            return roots
        }
        let secondary = random.chance(0.8) && !free.isEmpty ? ", secondary = \(free.removeFirst())" : ""
        splits.append("S1")
        addStep(.setup, "S1 = SplitViewController { \"S1\", primary = \(primary)\(secondary) }")
        return left + ["S1"]
    }

    /// Up to two plain controllers made containers with UIKit's three containment calls.
    mutating func makeCustomContainers(_ free: inout [String]) -> [String] {
        var made: [String] = []
        for _ in 0..<random.int(in: 0...2) where free.count >= 2 {
            let parent = free.removeFirst()
            for child in take(&free, random.int(in: 1...2)) {
                addStep(.setup, "\(parent):addChild(\(child))")
                addStep(
                    .setup, prepared(["\(parent).view", "\(child).view"], "\(parent).view:addSubview(\(child).view)"))
                addStep(.setup, "\(child):didMove(\(parent))")
            }
            made.append(parent)
        }
        return made
    }

    /// Maybe a page view controller over two to four free controllers, its data source
    /// turning through them in order, its first page set in the call.
    mutating func makePages(_ free: inout [String]) -> [String] {
        guard random.chance(0.3), free.count >= 2 else { return [] }
        let pages = take(&free, random.int(in: 2...min(4, free.count)))
        let style = random.pick(["scroll", "pageCurl"])
        pageControllers.append("PG1")
        let list = "{" + pages.joined(separator: ", ") + "}"
        addStep(
            .setup,
            "PG1 = PageViewController { \"PG1\", transitionStyle = \"\(style)\", dataSource = { "
                + "viewControllerAfter = function(p, vc) local l = \(list); for i, c in ipairs(l) do "
                + "if c == vc then return l[i + 1] end end end, "
                + "viewControllerBefore = function(p, vc) local l = \(list); for i, c in ipairs(l) do "
                + "if c == vc then return l[i - 1] end end end } }")
        addStep(.setup, "PG1:setViewControllers({\(pages[0])}, \"forward\", false)")
        return ["PG1"]
    }

    /// Maybe the storyboard `SB` (issue 20), with a class for its root, and its navigation
    /// controller `B1` instantiated: the segue operations fire its segues (and others, which
    /// are refused).
    mutating func makeStoryboard() -> [String] {
        guard random.chance(0.35) else { return [] }
        hasStoryboard = true
        navigations.append("B1")
        addStep(.setup, Self.storyboardCode)
        let should = random.chance(0.3) ? "shouldPerformSegue = function(self, id) return \(answer()) end, " : ""
        addStep(
            .setup,
            "SB:class(\"Root\", { \(should)unwindToRoot = function(self, segue) end }); "
                + "SB:class(\"Fade\", { perform = function(segue) segue.source:present(segue.destination, false) end })"
        )
        addStep(.setup, "B1 = SB:instantiateViewController(\"Nav\")")
        return ["B1"]
    }

    /// The fuzzer's storyboard: a navigation controller over a root with a container view and
    /// a segue of each kind the engine models, and two scenes that unwind to the root.
    static let storyboardCode = """
        SB = Storyboard { "SB", scenes = { Nav = { kind = "navigation", root = "Root" }, \
        Root = { embeds = { "Header" }, segues = { show = { to = "Item" }, quiet = { to = "Item", animates = false }, \
        sheet = { to = "Sheet", kind = "presentation", modalPresentationStyle = "pageSheet" }, \
        full = { to = "Sheet", kind = "presentation", modalPresentationStyle = "fullScreen" }, \
        pop = { to = "Sheet", kind = "popoverPresentation", anchor = "button" }, push = { to = "Item", kind = "push" }, \
        detail = { to = "Item", kind = "showDetail" }, fade = { to = "Item", kind = "custom", class = "Fade" }, \
        modal = { to = "Sheet", kind = "modal", modalPresentationStyle = "overFullScreen" } } }, \
        Header = {}, Item = { unwinds = { back = "unwindToRoot" } }, Sheet = { unwinds = { done = "unwindToRoot" } } } }
        """

    /// One to three windows over distinct roots, of assorted sizes, now and then hidden.
    mutating func makeWindows(roots: [String]) {
        var candidates = random.shuffled(roots)
        for _ in 0..<random.int(in: 1...3) where !candidates.isEmpty {
            addStep(.setup, newWindow(root: candidates.removeFirst(), mayHide: true))
        }
    }

    /// `W2 = Window { root = X, size = {…} }`, or nothing when every window local is taken.
    mutating func newWindow(root: String, mayHide: Bool) -> String {
        let name = Self.windowVariables[windows.count]
        windows.append(name)
        var options = ["root = \(root)"]
        if random.chance(0.4) { options.append("size = \(randomSize())") }
        if mayHide, random.chance(0.15) { options.append("visible = false") }
        return "\(name) = Window { " + options.joined(separator: ", ") + " }"
    }

    /// Up to two presentations of free controllers, then a settle.
    mutating func makePresentations(_ free: [String]) {
        let count = min(random.int(in: 0...2), free.count)
        guard count > 0 else { return }
        for presented in free.prefix(count) {
            addStep(.setup, "\(random.pick(controllers)):present(\(presented), false)")
        }
        addStep(.settle, "settle()")
    }

    mutating func take(_ list: inout [String], _ count: Int) -> [String] {
        let taken = Array(list.prefix(count))
        list.removeFirst(taken.count)
        return taken
    }

    // MARK: Values

    static let presentationStyles = [
        "fullScreen", "pageSheet", "formSheet", "currentContext", "custom", "overFullScreen", "overCurrentContext",
        "popover", "automatic",
    ]
    static let transitionStyles = ["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"]
    static let sizes = ["{1024, 768}", "{320, 568}", "{844, 390}", "{768, 1024}", "{390, 844}", "{1366, 1024}"]

    mutating func randomSize() -> String { random.pick(Self.sizes) }

    mutating func animated() -> String { random.chance(0.6) ? "true" : "false" }

    mutating func answer() -> String { random.pick(["true", "true", "false", "nil"]) }

    mutating func duration() -> String { random.pick(["0", "0.1", "0.25", "0.35", "0.5", "1"]) }

    /// A presentation property of a controller, set to a random value.
    mutating func presentationSetting(on name: String) -> String {
        switch random.weightedIndex([6, 2, 2, 1, 1]) {
        case 0:
            let style = random.chance(0.03) ? "none" : random.pick(Self.presentationStyles)
            return "\(name).modalPresentationStyle = \"\(style)\""
        case 1: return "\(name).definesPresentationContext = \(random.chance(0.7))"
        case 2: return "\(name).modalTransitionStyle = \"\(random.pick(Self.transitionStyles))\""
        case 3: return "\(name).providesPresentationContextTransitionStyle = \(random.chance(0.7))"
        default: return "\(name).isModalInPresentation = \(random.chance(0.6))"
        }
    }
}
