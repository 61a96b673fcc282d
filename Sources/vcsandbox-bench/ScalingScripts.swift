/// The scaling cases of issue 18, each a Lua script doing N items of one operation, for
/// `vcsandbox run` to time at N = 10³, 10⁴ and 10⁵.
///
/// Every transition is animated (UIKit's default, and the path that queues work on the run
/// loop), and the script settles after each item, as a scenario that checks each step would.
/// Controllers are unnamed (`Controller()`: the engine numbers them). Each script ends by
/// checking its result, so a run that did less fails instead of looking fast.
///
/// Every script, and the empty one whose time is subtracted, starts by removing the count
/// hook: run with `--unsafe`, that lifts the instruction budget and the 128 MiB memory cap,
/// which 10⁵ controllers with their views and trace go past (README, "The sandbox"). A cap
/// still charged without the hook (issue 18 names `print`, `note` and named constructors) is
/// not reached: the scripts call none of them.
///
/// ```lua
/// debug.sethook()
/// local nav = NavigationController { Controller() }
/// Window { root = nav }
/// settle()
/// for i = 1, 1000 do
///   nav:pushViewController(Controller(), true)
///   settle()
/// end
/// assert(#nav.viewControllers == 1000 + 1, "pushes: the stack")
/// ```
enum ScalingCase: CaseIterable {
    case pushes
    case popToRoot
    case presentationChain
    case children

    /// The case as the table names it.
    var title: String {
        switch self {
        case .pushes: "push N one by one onto a shown navigation controller"
        case .popToRoot: "set a stack of N, then popToRoot"
        case .presentationChain: "present a chain of depth N, then dismiss it from the root"
        case .children: "add N children to a shown parent"
        }
    }

    /// A short name for the summary's rows.
    var shortTitle: String {
        switch self {
        case .pushes: "push N"
        case .popToRoot: "popToRoot from N"
        case .presentationChain: "presentation chain of N"
        case .children: "N children added"
        }
    }

    /// The script of the case for `count` items.
    func script(count: Int) -> String {
        luaText(Self.prelude + body(count))
    }

    /// The script whose run time every case's time has subtracted: the prelude alone.
    static var emptyScript: String { luaText(prelude) }

    /// What every script starts with: the hook removed (see the type's comment).
    private static let prelude = ["debug.sethook()"]

    private func body(_ count: Int) -> [String] {
        switch self {
        case .pushes: Self.pushes(count)
        case .popToRoot: Self.popToRoot(count)
        case .presentationChain: Self.presentationChain(count)
        case .children: Self.children(count)
        }
    }

    private static func pushes(_ count: Int) -> [String] {
        [
            "local nav = NavigationController { Controller() }",
            "Window { root = nav }",
            "settle()",
            "for i = 1, \(count) do",
            "  nav:pushViewController(Controller(), true)",
            "  settle()",
            "end",
            "assert(#nav.viewControllers == \(count) + 1, \"pushes: the stack\")",
        ]
    }

    /// The stack is set in one unanimated call, then popped to its root, animated.
    private static func popToRoot(_ count: Int) -> [String] {
        [
            "local stack = {}",
            "for i = 1, \(count) + 1 do stack[i] = Controller() end",
            "local nav = NavigationController { stack[1] }",
            "Window { root = nav }",
            "settle()",
            "nav:setViewControllers(stack, false)",
            "settle()",
            "nav:popToRootViewController(true)",
            "settle()",
            "assert(#nav.viewControllers == 1, \"popToRoot: the stack\")",
        ]
    }

    /// Each controller presents the next in the default style, settled; then the window's
    /// root dismisses the whole chain.
    private static func presentationChain(_ count: Int) -> [String] {
        [
            "local root = Controller()",
            "Window { root = root }",
            "settle()",
            "local top = root",
            "for i = 1, \(count) do",
            "  local next = Controller()",
            "  top:present(next, true)",
            "  settle()",
            "  top = next",
            "end",
            "root:dismiss(true)",
            "settle()",
            "assert(root.presentedViewController == nil, \"the chain: dismissed\")",
        ]
    }

    /// Each child joins as UIKit's containment API says: addChild, its view added, didMove.
    private static func children(_ count: Int) -> [String] {
        [
            "local parent = Controller()",
            "Window { root = parent }",
            "settle()",
            "for i = 1, \(count) do",
            "  local child = Controller()",
            "  parent:addChild(child)",
            "  parent.view:addSubview(child.view)",
            "  child:didMove(parent)",
            "  settle()",
            "end",
            "assert(#parent.children == \(count), \"children: the count\")",
        ]
    }
}
