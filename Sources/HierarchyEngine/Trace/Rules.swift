/// How sure a rule is: what its evidence is (the behaviour catalogue's confidence tags), or that it is
/// the project's own choice.
public enum Certainty: String, Sendable, CaseIterable {
    /// Stated by Apple: the API reference, a header, a programming guide.
    case documented
    /// Logged by people who ran UIKit and published the trace.
    case observed
    /// Read from UIKit's machine code.
    case reverseEngineered = "reverse-engineered"
    /// Inferred from the above; not seen.
    case inferred
    /// The engine's own choice where sources are silent or disagree (docs/DECISIONS.md).
    case decision
}

/// A rule the engine follows and cites: a rule of the behaviour catalogue or of the
/// engine's model, or a project decision (issue 22). `vcsandbox run --explain` names the
/// rules at work for each event; docs/RULES.md lists them all, generated from `catalogue`.
///
/// A rule is its number in `entries`, one byte: the engine names rules as it works
/// (`Trace.because`) and a timeline keeps them per event, so naming one copies no text.
public struct Rule: Hashable, Sendable {
    let number: UInt8

    /// The rule whose id is `id`; a test checks that every rule the engine names exists.
    init(_ id: String) {
        guard let index = Self.entries.firstIndex(where: { $0.id == id }) else {
            preconditionFailure("no rule \(id) in Rule.entries")
        }
        number = UInt8(index)
    }

    init(number: UInt8) {
        self.number = number
    }

    /// `NAV-02`, `M-4`, `D-19`.
    public var id: String { Self.entries[Int(number)].id }
    public var certainty: Certainty { Self.entries[Int(number)].certainty }
    /// What the rule says, in a line of the project's own words.
    public var summary: String { Self.entries[Int(number)].summary }
    /// Where it comes from: the catalogue's sources, or the decision's section.
    public var source: String { Self.entries[Int(number)].source }

    /// What the catalogue says of a rule.
    struct Entry {
        let id: String
        let certainty: Certainty
        let summary: String
        let source: String
    }
}

extension Rule {
    static let g01 = Rule("G-01")
    static let m3 = Rule("M-3")
    static let m4 = Rule("M-4")
    static let load01 = Rule("LOAD-01")
    static let load07 = Rule("LOAD-07")
    static let app01 = Rule("APP-01")
    static let con01 = Rule("CON-01")
    static let con02 = Rule("CON-02")
    static let con07 = Rule("CON-07")
    static let d3 = Rule("D-3")
    static let d6 = Rule("D-6")
    static let nav02 = Rule("NAV-02")
    static let nav04 = Rule("NAV-04")
    static let nav12 = Rule("NAV-12")
    static let d18 = Rule("D-18")
    static let d19 = Rule("D-19")
    static let tab02 = Rule("TAB-02")
    static let pre01 = Rule("PRE-01")
    static let pre02 = Rule("PRE-02")
    static let pre03 = Rule("PRE-03")
    static let d28 = Rule("D-28")
    static let pag03 = Rule("PAG-03")
    static let d144 = Rule("D-144")
    static let tim08 = Rule("TIM-08")
    static let clientDuration = Rule("D-10")
    static let trt01 = Rule("TRT-01")
    static let nav13 = Rule("NAV-13")
    static let d21 = Rule("D-21")
    static let pag01 = Rule("PAG-01")
    static let tab03 = Rule("TAB-03")
    static let pre05 = Rule("PRE-05")
    static let pag02 = Rule("PAG-02")
    static let pag04 = Rule("PAG-04")
    static let cus01 = Rule("CUS-01")
    static let con04 = Rule("CON-04")
    static let con08 = Rule("CON-08")
    static let res05 = Rule("RES-05")
    static let adp02 = Rule("ADP-02")
    static let sb06 = Rule("SB-06")
    static let hbb01 = Rule("HBB-01")
    static let sbd02 = Rule("SBD-02")
    static let seg05 = Rule("SEG-05")
    static let seg15 = Rule("SEG-15")
    static let mem03 = Rule("MEM-03")
    static let life01 = Rule("LIFE-01")
    static let life02 = Rule("LIFE-02")
    static let life03 = Rule("LIFE-03")

    /// Every rule the engine cites, in the order docs/RULES.md lists them.
    public static let catalogue: [Rule] = entries.indices.map { Rule(number: UInt8($0)) }

    /// The rules' texts, in the catalogue's order (at most 255).
    static let entries: [Entry] = [
        Entry(
            id: "G-01", certainty: .documented,
            summary: "Each controller runs one appearance state machine: will before did, and a will may turn back.",
            source: "Apple, UIViewController reference (the appearance states figure)"),
        Entry(
            id: "M-3", certainty: .decision,
            summary: "A plain view move sends the will-callbacks at once and the did-callbacks at the end of the turn.",
            source:
                "the engine's model (DESIGN.md), from logged add-child traces (the founding articles' A-2 and A-3) and UIKit's after-commit queue read from iOS 18"
        ),
        Entry(
            id: "M-4", certainty: .decision,
            summary: "A turn ends with the commit: the layout pass, then the after-commit queue, first in, first out.",
            source:
                "the engine's model (DESIGN.md), from UIKit's commit (layout pass, then after-commit blocks) read from iOS 17 and 18 and traced"
        ),
        Entry(
            id: "LOAD-01", certainty: .documented,
            summary: "A controller loads its view (loadView, viewDidLoad) the first time the view is needed.",
            source: "Apple, UIViewController.view and loadView() reference"),
        Entry(
            id: "LOAD-07", certainty: .observed,
            summary: "A transition's incoming controller loads before the outgoing one hears viewWillDisappear.",
            source: "push and tab logs by Vast (2012), readke.com, pgzxc.github.io, e-com-net.com and velog.io"),
        Entry(
            id: "APP-01", certainty: .observed,
            summary: "A window's root view controller appears as the window becomes visible.",
            source: "logs by Matt Neuburg (example code, iOS 8) and readke.com"),
        Entry(
            id: "CON-01", certainty: .documented,
            summary: "addChild calls the child's willMove(toParent:) with the new parent.",
            source: "Apple, UIViewController.addChild and the container guide"),
        Entry(
            id: "CON-02", certainty: .documented,
            summary: "removeFromParent calls the child's didMove(toParent: nil).",
            source: "Apple, UIViewController.removeFromParent and the container guide"),
        Entry(
            id: "CON-07", certainty: .documented,
            summary: "transition(from:to:duration:) swaps two children, the old one out and the new one in.",
            source: "Apple, UIViewController.transition(from:to:duration:options:animations:completion:)"),
        Entry(
            id: "D-3", certainty: .decision,
            summary:
                "A view tree entering or leaving a window reaches each controller whose root view is in it, parents first.",
            source: "docs/DECISIONS.md D-3 (G-02, M-2, CON-08)"),
        Entry(
            id: "D-6", certainty: .decision,
            summary: "Layout runs once per turn, in the commit's layout pass.",
            source: "docs/DECISIONS.md D-6 (APP-04, TIM-01)"),
        Entry(
            id: "NAV-02", certainty: .observed,
            summary:
                "A push: the old top's will-disappear, the new top's will-appear; then the old top's did-disappear, the new top's did-appear.",
            source:
                "logs by Wang Ling (2014), Cyrus (jianshu.com), Matt Neuburg (Programming iOS 6), arm1.ru, readke.com and Vast (2012)"
        ),
        Entry(
            id: "NAV-04", certainty: .observed,
            summary:
                "A pop: the popped controller's will-disappear, the revealed one's will-appear; then the same order for did.",
            source:
                "logs by Wang Ling (2014), Cyrus (jianshu.com), Matt Neuburg (Programming iOS 6), arm1.ru and readke.com"
        ),
        Entry(
            id: "NAV-12", certainty: .observed,
            summary: "A swipe back that is cancelled: each controller's will-callback turns back and its view returns.",
            source: "logs by Wang Ling (2014) and Stack Overflow question 18927878 (iOS 7 swipe to pop)"),
        Entry(
            id: "D-18", certainty: .decision,
            summary:
                "A stack change calls willMove(toParent:) in the call, and didMove(toParent:) as its transition ends.",
            source: "docs/DECISIONS.md D-18 (NAV-02, NAV-04, NAV-06, NAV-08)"),
        Entry(
            id: "D-19", certainty: .decision,
            summary: "A turn's stack changes make one transition, begun in the layout pass of the turn's commit.",
            source: "docs/DECISIONS.md D-19 (M-6, TIM-03)"),
        Entry(
            id: "TAB-02", certainty: .observed,
            summary:
                "A tab the user taps: the new tab's will-appear first, then the old tab's will-disappear; the old tab's did first.",
            source: "tab switch logs by pgzxc.github.io and e-com-net.com; UIKit's tab switch read from iOS 17"),
        Entry(
            id: "PRE-01", certainty: .observed,
            summary:
                "A full-screen presentation: the presenter's will-disappear, the presented one's will-appear; the presented one's did first.",
            source: "logs by Cyrus (jianshu.com) and velog.io (recent iOS)"),
        Entry(
            id: "PRE-02", certainty: .documented,
            summary:
                "A dismissal: the presented controller disappears; the presenter reappears only where its view had left (a full-screen style).",
            source: "Apple, UIViewController.dismiss(animated:completion:)"),
        Entry(
            id: "PRE-03", certainty: .observed,
            summary:
                "A sheet (iOS 13 and later) leaves its presenter on screen: the presenter hears no appearance callback.",
            source: "velog.io logs of pageSheet against fullScreen (iOS 13 and later)"),
        Entry(
            id: "D-28", certainty: .decision,
            summary:
                "present and dismiss change nothing visible in the call: their transition begins after the turn's commit.",
            source: "docs/DECISIONS.md D-28 (M-8, TIM-02)"),
        Entry(
            id: "PAG-03", certainty: .inferred,
            summary:
                "A page view controller's animated scroll set: the new page and the old one bracketed, the new page first both ways.",
            source: "UIKit's page view controller read from iOS 17; the appearance order inferred"),
        Entry(
            id: "D-144", certainty: .decision,
            summary: "UIKit's own animations last 0.35 s (push, pop, page turns) and 0.5 s (present, dismiss).",
            source: "docs/DECISIONS.md D-144 (M-4: no source gives UIKit's durations)"),
        Entry(
            id: "TIM-08", certainty: .observed,
            summary: "An unanimated sheet (iOS 13 and later) finishes a turn later, when its transition completes.",
            source: "a published test log of unanimated sheets, iOS 13 to 16.4"),
        Entry(
            id: "D-10", certainty: .decision,
            summary: "transition(from:to:duration:) lasts the duration its caller gives.",
            source: "docs/DECISIONS.md D-10 (CON-07)"),
        Entry(
            id: "TRT-01", certainty: .documented,
            summary:
                "A change of size or traits tells each controller on screen: willTransition(to:) and viewWillTransition(to:) first, traitCollectionDidChange after.",
            source: "Apple, UIContentContainer and UITraitEnvironment reference; logs of rotations"),
        Entry(
            id: "ADP-02", certainty: .documented,
            summary:
                "A presentation that adapts asks its presentation controller's delegate for the style and the controller to show.",
            source: "Apple, UIAdaptivePresentationControllerDelegate reference and the iOS 17 header's comments"),
        Entry(
            id: "SB-06", certainty: .documented,
            summary:
                "UIKit asks for the status bar, home indicator and screen edges when what is on top changes, and again after setNeeds…Update.",
            source: "Apple, setNeedsStatusBarAppearanceUpdate() and its kin"),
        Entry(
            id: "HBB-01", certainty: .reverseEngineered,
            summary:
                "A tab bar hides while any controller on its selected navigation stack has hidesBottomBarWhenPushed, decided from the top down.",
            source: "UIKit's navigation controller read from iOS 17; Apple, hidesBottomBarWhenPushed"),
        Entry(
            id: "SBD-02", certainty: .documented,
            summary: "instantiateViewController decodes a new controller each call: init(coder:), then awakeFromNib.",
            source: "Apple, UIStoryboard.instantiateViewController(withIdentifier:)"),
        Entry(
            id: "SEG-05", certainty: .documented,
            summary:
                "A triggered segue: shouldPerformSegue, the destination made, prepare(for:sender:), then perform().",
            source: "Apple, View Controller Programming Guide (Using Segues)"),
        Entry(
            id: "SEG-15", certainty: .documented,
            summary: "An unwind segue searches for its destination, calls its action, then unwinds towards it.",
            source: "Apple, Technical Note TN2298 (Using Unwind Segues)"),
        Entry(
            id: "MEM-03", certainty: .documented,
            summary:
                "A memory warning is posted as a notification, then reaches didReceiveMemoryWarning of the controllers.",
            source: "Apple, didReceiveMemoryWarning() and UIApplication.didReceiveMemoryWarningNotification"),
        Entry(
            id: "LIFE-01", certainty: .documented,
            summary:
                "An app without scenes launches through its app delegate: willFinishLaunching, didFinishLaunching, didBecomeActive.",
            source: "Apple, UIApplicationDelegate reference (launch order)"),
        Entry(
            id: "LIFE-02", certainty: .documented,
            summary: "An app with scenes (iOS 13 and later) launches its window through the scene delegate.",
            source: "Apple, UISceneDelegate reference and the app life-cycle guide"),
        Entry(
            id: "LIFE-03", certainty: .documented,
            summary:
                "Going to the background and back tells the scene (or app) delegate; no controller hears an appearance callback.",
            source: "Apple, UISceneDelegate and UIApplicationDelegate reference"),
        Entry(
            id: "CON-04", certainty: .documented,
            summary:
                "A container calls its child's willMove(toParent:) and didMove(toParent:) around moving the child in or out: UIKit's containers themselves, a custom one (the script) by hand.",
            source: "Apple, Implementing a Container View Controller (View Controller Programming Guide)"),
        Entry(
            id: "CON-08", certainty: .documented,
            summary:
                "begin/endAppearanceTransition send a controller's appearance callbacks by hand, as a container that forwards them itself does.",
            source: "Apple, beginAppearanceTransition(_:animated:) and shouldAutomaticallyForwardAppearanceMethods"),
        Entry(
            id: "RES-05", certainty: .documented,
            summary:
                "State is preserved from each window's root down: the app delegate is asked, then each controller with an identifier encodes its state.",
            source: "Apple, Preserving your app's UI across launches (the state restoration guide)"),
        Entry(
            id: "NAV-13", certainty: .observed,
            summary:
                "A swipe back that completes: the pop's will-callbacks as the finger starts, its did-callbacks when it lifts and the animation ends.",
            source: "a log on Stack Overflow question 18927878 (iOS 7 swipe to pop)"),
        Entry(
            id: "TAB-03", certainty: .inferred,
            summary:
                "A tab selected by code (selectedIndex, selectedViewController): no delegate calls; the appearance order of a tapped tab, inferred.",
            source: "Apple, UITabBarControllerDelegate (called only for taps); the order from TAB-02"),
        Entry(
            id: "PRE-05", certainty: .documented,
            summary:
                "A presentation over full screen, over the current context or custom: the presented controller appears; the presenter stays and hears nothing.",
            source: "Apple, UIModalPresentationStyle reference; logs of each style (regularberry.github.io, iOS 12)"),
        Entry(
            id: "PAG-02", certainty: .reverseEngineered,
            summary:
                "A page view controller's animated page-curl set: the new page will-appears first; the old page ends first.",
            source: "UIKit's page view controller read from iOS 17"),
        Entry(
            id: "PAG-04", certainty: .observed,
            summary:
                "A user's swipe between pages: the data source asked, the delegate told, the new page first; a cancelled swipe turns both back.",
            source: "logs by wisdomsky (iOS 9.1) and Wang Ling (iOS 7); Apple, UIPageViewControllerDelegate"),
        Entry(
            id: "CUS-01", certainty: .documented,
            summary:
                "A custom animator decides a transition's end: its transitionDuration is asked, and the transition ends when it calls completeTransition.",
            source: "Apple, UIViewControllerAnimatedTransitioning and the custom transitions guide"),
        Entry(
            id: "D-21", certainty: .decision,
            summary:
                "A swipe back begins in a turn of its own: the popped controller's willMove(toParent: nil), then the pop's will-callbacks at once; the finger decides the end.",
            source: "docs/DECISIONS.md D-21 (NAV-12, NAV-13)"),
        Entry(
            id: "PAG-01", certainty: .reverseEngineered,
            summary:
                "A page view controller's unanimated setViewControllers (and the first) changes its page in the call, forwarding appearance by hand.",
            source: "UIKit's page view controller read from iOS 17; a log on Stack Overflow question 48653763 (iOS 11)"),
    ]
}
