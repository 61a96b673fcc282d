import CLua
import HierarchyEngine

/// `PageViewController` handles (SPEC §9.2, BEHAVIOR PAG): a controller's members and the pages'.
///
///     local pages = PageViewController { "Pages", transitionStyle = "pageCurl",
///       dataSource = { viewControllerAfter = function(pages, vc) return nextOf[vc] end,
///                      viewControllerBefore = function(pages, vc) return previousOf[vc] end } }
///     pages:setViewControllers({ P1 }, "forward", false)   -- P1 appears in the call (PAG-01)
///     local g = user.swipePage(pages, "forward")            -- a gesture, as user.swipeBack gives
enum PageKind: HandleKind {
    static let typeName = "PageViewController"
    static let members =
        controllerMembers.lifted { (pages: PageViewController) in pages as ViewController } + pageMembers
    static let constructors = [
        APIFunction(
            "PageViewController", parameters: "options: string|PageViewControllerOptions|string[]?",
            returns: "PageViewController",
            doc:
                "Makes a page view controller from a name, or a table: the name first, `transitionStyle`, `spineLocation`, properties."
        ) { call in
            try call.session.makePageViewController()
            return 1
        }
    ]
}

extension Session {
    /// `PageViewController { "Pages", transitionStyle = "scroll" | "pageCurl", spineLocation = … }`:
    /// the style and the spine first, as UIKit's initializer takes them, then the other keys.
    func makePageViewController() throws {
        let (name, _, keys) = try constructorArguments("PageViewController")
        let pages = try world.make(PageViewController.self, named: name)
        var style = PageViewController.TransitionStyle.scroll
        var spine: PageViewController.SpineLocation?
        if keys.contains("transitionStyle") {
            stack.rawGet(1, field: "transitionStyle")
            defer { stack.pop() }
            style = try Call(session: self, name: "transitionStyle", first: stack.top, isAssignedValue: true)
                .choice(1, "transitionStyle")
        }
        if keys.contains("spineLocation") {
            stack.rawGet(1, field: "spineLocation")
            defer { stack.pop() }
            spine = try Call(session: self, name: "spineLocation", first: stack.top, isAssignedValue: true)
                .choice(1, "spineLocation")
        }
        try pages.configure(style: style, spine: spine)
        try configure(
            pages, keys.filter { $0 != "transitionStyle" && $0 != "spineLocation" }, PageKind.members.properties)
        push(pages)
    }
}

/// The members only page view controllers have, sorted by name.
let pageMembers = Members<PageViewController>(
    properties: [
        Property(
            name: "dataSource", type: "PageViewControllerDataSource?",
            doc: "The table that gives the page before or after a page; without one the user cannot swipe.",
            get: { object, call in call.session.push(object.dataSource) },
            set: { object, call in
                object.dataSource = try call.delegate(1, of: pageDataSourceProtocol)
            }),
        Property(
            name: "delegate", type: "PageViewControllerDelegate?",
            doc: "The table told as the user's swipe turns the page; nil for none.",
            get: { object, call in call.session.push(object.delegate) },
            set: { object, call in
                object.delegate = try call.delegate(1, of: pageDelegateProtocol)
            }),
        Property(
            name: "isDoubleSided", type: "boolean",
            doc: "Whether a page curl shows the back of each page; a middle spine requires it.",
            get: { object, call in call.stack.push(object.isDoubleSided) },
            set: { object, call in try object.setDoubleSided(call.bool(1)) }),
        Property(
            name: "spineLocation", type: "SpineLocation",
            doc: "Where a page curl's spine is (`\"none\"` for a scroll), chosen in the constructor.",
            get: { object, call in call.stack.push(object.spineLocation.rawValue) }),
        Property(
            name: "transitionStyle", type: "PageTransitionStyle",
            doc: "How pages turn, `\"scroll\"` or `\"pageCurl\"`, chosen in the constructor.",
            get: { object, call in call.stack.push(object.transitionStyle.rawValue) }),
        Property(
            name: "viewControllers", type: "Controller[]",
            doc: "The pages shown: one, or two where the spine takes a pair.",
            get: { object, call in call.session.pushList(object.viewControllers) { call.session.push($0) } }),
    ],
    methods: [
        // `setViewControllers(list, direction, animated, completion)`: `completion(finished)`.
        Method(
            name: "setViewControllers", required: 2,
            parameters:
                "viewControllers: Controller[], direction: PageDirection, animated: boolean?, "
                + "completion: fun(finished: boolean)?",
            doc: "Shows these pages, turning `direction`; `completion(finished)` runs once the turn ends."
        ) { object, call in
            let pages = try call.controllerList(1)
            let direction: PageViewController.NavigationDirection = try call.choice(2, "direction")
            let animated = try call.bool(3, default: true)
            let completion = try call.function(4)
            try object.setViewControllers(
                pages, direction: direction, animated: animated,
                completion: completion.map { completion in
                    { finished in
                        completion.call { session in
                            session.stack.push(finished)
                            return 1
                        }
                    }
                })
            return 0
        }
    ])
