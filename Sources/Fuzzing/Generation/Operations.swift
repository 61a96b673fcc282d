/// The operations a scenario draws from, and the code run from inside callbacks.
extension ScenarioGenerator {
    /// Where an operation is written: at the script's top level, or in a callback (an
    /// override, a delegate, a completion, an `async` block) `depth` levels deep, where
    /// `self` may name the controller the override belongs to.
    struct Context {
        var depth: Int
        var selfName: String?

        static let topLevel = Context(depth: 0, selfName: nil)
        var isTopLevel: Bool { depth == 0 }
    }

    /// Every kind of operation, with its weight at the top level and inside callbacks (0:
    /// never there). Running the run loop or a gesture from a callback is refused by the
    /// binding, which the checks see as a usage error that must change nothing.
    enum Operation: CaseIterable {
        case push, pop, popToRoot, popTo, setStack, assignStack, pushOnMore
        case selectIndex, selectController, setTabs, assignTabs, tapTab
        case addChild, addSubview, didMove, willMoveNil, removeFromSuperview, removeFromParent, transition
        case show, showDetail, present, dismiss, presentationSetting, setSplitColumns
        case swipeBack, updateGesture, finishGesture, cancelGesture, tapBack, swipeDown, rotate
        case hideWindow, showWindow, resizeWindow, replaceRoot, changeTraits, newWindow
        case settle, advance, loadView, async, after, installCallback, appearanceCall, manualForwarding
        case customTransition, swipePage, setPages, segue
        /// Issue 21's surroundings: trait overrides, the status bar, the bottom bar, content
        /// sizes, a replacement for adapted presentations, the app's memory and background.
        case surroundings

        var weights: (topLevel: Int, callback: Int) {
            switch self {
            case .push: return (8, 6)
            case .pop, .removeFromParent, .dismiss: return (5, 5)
            case .popToRoot, .popTo, .assignStack, .assignTabs, .selectController: return (2, 2)
            case .setStack, .setTabs, .showDetail, .show, .transition, .addSubview: return (3, 3)
            case .pushOnMore, .manualForwarding, .newWindow, .changeTraits: return (1, 0)
            case .selectIndex, .addChild: return (4, 4)
            case .tapTab, .swipeBack, .swipeDown, .tapBack: return (3, 1)
            case .didMove, .willMoveNil, .removeFromSuperview, .presentationSetting: return (3, 2)
            case .present: return (7, 6)
            case .setSplitColumns, .rotate, .loadView, .appearanceCall: return (1, 1)
            case .updateGesture: return (2, 1)
            case .finishGesture, .cancelGesture: return (3, 2)
            case .hideWindow, .replaceRoot: return (3, 2)
            case .showWindow, .resizeWindow: return (2, 1)
            case .settle: return (9, 1)
            case .advance: return (6, 1)
            case .async, .after: return (2, 1)
            case .installCallback: return (4, 1)
            case .customTransition: return (3, 1)
            case .swipePage: return (3, 1)
            case .setPages: return (3, 2)
            case .segue: return (10, 4)
            case .surroundings: return (4, 2)
            }
        }
    }

    /// Adds one top-level operation as a step.
    mutating func addOperation() {
        let (kind, code) = operation(in: .topLevel)
        addStep(kind, code)
    }

    /// One operation's code and kind; draws again when the scenario lacks what the drawn
    /// kind needs (no navigation controller to push on, no gesture to finish).
    mutating func operation(in context: Context) -> (StepKind, String) {
        let all = Operation.allCases
        let weights = all.map { context.isTopLevel ? $0.weights.topLevel : $0.weights.callback }
        for _ in 0..<20 {
            if let made = code(for: all[random.weightedIndex(weights)], in: context) { return made }
        }
        return (.operation, "\(pickController(context)):loadViewIfNeeded()")
    }

    // MARK: Picking

    /// A controller, or `self` now and then inside an override.
    mutating func pickController(_ context: Context, selfChance: Double = 0.25) -> String {
        if let selfName = context.selfName, random.chance(selfChance) { return selfName }
        return random.pick(controllers)
    }

    /// A navigation controller: one of the scenario's, or a tab bar's More controller.
    mutating func pickNavigation() -> String? {
        if let tabs = tabBars.first, random.chance(0.1) { return "\(tabs).moreNavigationController" }
        return random.maybePick(navigations)
    }

    /// A Lua list of zero to four controllers.
    mutating func controllerList(_ context: Context) -> String {
        let items = (0..<random.weightedIndex([1, 4, 4, 3, 2])).map { _ in pickController(context) }
        return "{" + items.joined(separator: ", ") + "}"
    }

    // MARK: Code

    /// The code of one operation of kind `operation`, or nil when the scenario lacks what it needs.
    mutating func code(for operation: Operation, in context: Context) -> (StepKind, String)? {
        switch operation {
        case .push, .pop, .popToRoot, .popTo, .setStack, .assignStack, .pushOnMore:
            return navigationCode(operation, context).map { (.operation, $0) }
        case .selectIndex, .selectController, .setTabs, .assignTabs:
            return tabCode(operation, context).map { (.operation, $0) }
        case .addChild, .addSubview, .didMove, .willMoveNil, .removeFromSuperview, .removeFromParent, .transition:
            return (.operation, containmentCode(operation, context))
        case .show, .showDetail, .present, .dismiss, .presentationSetting, .setSplitColumns:
            return presentationCode(operation, context).map { (.operation, $0) }
        case .swipeBack, .tapBack, .swipeDown, .tapTab, .rotate:
            return gestureCode(operation, context).map { (.gesture, $0) }
        case .updateGesture, .finishGesture, .cancelGesture:
            return gestureStepCode(operation).map { (.operation, $0) }
        case .hideWindow, .showWindow, .resizeWindow, .replaceRoot, .changeTraits, .newWindow:
            return windowCode(operation, context).map { (.operation, $0) }
        case .appearanceCall, .manualForwarding:
            guard takesAppearanceOver else { return nil }
            return otherCode(operation, context).map { (.appearance, $0) }
        case .customTransition: return customTransitionCode(context).map { (.operation, $0) }
        case .swipePage:
            guard let pages = random.maybePick(pageControllers) else { return nil }
            let variable = Self.gestureVariables[random.int(in: 0...(Self.gestureVariables.count - 1))]
            if !gestures.contains(variable) { gestures.append(variable) }
            let direction = random.pick(["forward", "reverse"])
            let code = "\(variable) = user.swipePage(\(pages), \"\(direction)\"); gesture(\(variable))"
            return (.gesture, context.isTopLevel && random.chance(0.5) ? "advance(0); rebase(); " + code : code)
        case .setPages:
            guard let pages = random.maybePick(pageControllers) else { return nil }
            let completion = random.chance(0.3) ? ", " + callbackFunction("finished", context) : ""
            return (
                .operation,
                "\(pages):setViewControllers({\(pickController(context))}, \"\(random.pick(["forward", "reverse"]))\", "
                    + "\(animated())\(completion))"
            )
        case .segue: return segueCode(context)
        case .surroundings: return surroundingsCode(context)
        case .settle: return (.settle, "settle()")
        case .advance: return (.operation, "advance(\(duration()))")
        default: return otherCode(operation, context).map { (.operation, $0) }
        }
    }

    mutating func navigationCode(_ operation: Operation, _ context: Context) -> String? {
        guard
            let nav = operation == .pushOnMore
                ? tabBars.first.map({ "\($0).moreNavigationController" }) : pickNavigation()
        else { return nil }
        let code: String
        switch operation {
        case .push, .pushOnMore: code = "\(nav):pushViewController(\(pickController(context)), \(animated()))"
        case .pop: code = "\(nav):popViewController(\(animated()))"
        case .popToRoot: code = "\(nav):popToRootViewController(\(animated()))"
        case .popTo: code = "\(nav):popToViewController(\(pickController(context)), \(animated()))"
        case .setStack: code = "\(nav):setViewControllers(\(controllerList(context)), \(animated()))"
        default: code = "\(nav).viewControllers = \(controllerList(context))"
        }
        return nav.hasSuffix(".moreNavigationController") ? prepared([nav], code) : code
    }

    /// `code` after reading `reads` (getters that may change the state: a view loads, a
    /// More controller is made) and taking the state after them as the step's baseline, so
    /// that only the operation itself is held to changing nothing when it raises.
    func prepared(_ reads: [String], _ code: String) -> String {
        reads.map { "local _ = \($0); " }.joined() + "rebase(); " + code
    }

    mutating func tabCode(_ operation: Operation, _ context: Context) -> String? {
        guard let tabs = random.maybePick(tabBars) else { return nil }
        switch operation {
        case .selectIndex: return "\(tabs).selectedIndex = \(random.int(in: 1...7))"
        case .selectController: return "\(tabs).selectedViewController = \(pickController(context))"
        case .setTabs: return "\(tabs):setViewControllers(\(controllerList(context)), \(animated()))"
        default: return "\(tabs).viewControllers = \(controllerList(context))"
        }
    }

    mutating func containmentCode(_ operation: Operation, _ context: Context) -> String {
        let selfChance = 0.4
        switch operation {
        case .addChild:
            return "\(pickController(context)):addChild(\(pickController(context, selfChance: selfChance)))"
        case .addSubview:
            let parent = pickController(context)
            let child = pickController(context, selfChance: selfChance)
            return prepared(["\(parent).view", "\(child).view"], "\(parent).view:addSubview(\(child).view)")
        case .didMove:
            return "\(pickController(context, selfChance: selfChance)):didMove(\(pickController(context)))"
        case .willMoveNil: return "\(pickController(context, selfChance: selfChance)):willMove(nil)"
        case .removeFromSuperview:
            return "\(pickController(context, selfChance: selfChance)).view:removeFromSuperview()"
        case .removeFromParent: return "\(pickController(context, selfChance: selfChance)):removeFromParent()"
        default:
            let completion = random.chance(0.4) ? ", " + callbackFunction("finished", context) : ""
            return "\(pickController(context)):transition(\(pickController(context)), \(pickController(context)), "
                + "\(duration())\(completion))"
        }
    }

    mutating func presentationCode(_ operation: Operation, _ context: Context) -> String? {
        switch operation {
        case .show: return "\(pickController(context)):show(\(pickController(context)), nil)"
        case .showDetail:
            return "\(pickController(context)):showDetailViewController(\(pickController(context)), nil)"
        case .present:
            let completion = random.chance(0.3) ? ", " + callbackFunction("", context) : ""
            return "\(pickController(context)):present(\(pickController(context)), \(animated())\(completion))"
        case .dismiss:
            let completion = random.chance(0.3) ? ", " + callbackFunction("", context) : ""
            return "\(pickController(context)):dismiss(\(animated())\(completion))"
        case .presentationSetting: return presentationSetting(on: pickController(context))
        default:
            guard let split = random.maybePick(splits) else { return nil }
            return "\(split).viewControllers = \(controllerList(context))"
        }
    }

    /// A gesture of `user`. Half the time the step first ends the turn itself and takes a
    /// new baseline (`rebase`), so that a refused gesture can be held to changing nothing;
    /// otherwise the gesture's own end of turn runs inside the step.
    mutating func gestureCode(_ operation: Operation, _ context: Context) -> String? {
        let code: String
        var target: String?
        switch operation {
        case .swipeBack, .swipeDown:
            target = operation == .swipeBack ? pickNavigation() : pickController(context)
            guard let target else { return nil }
            let variable = Self.gestureVariables[random.int(in: 0...(Self.gestureVariables.count - 1))]
            if !gestures.contains(variable) { gestures.append(variable) }
            let function = operation == .swipeBack ? "swipeBack" : "swipeDown"
            code = "\(variable) = user.\(function)(\(target)); gesture(\(variable))"
        case .tapBack:
            target = pickNavigation()
            guard let target else { return nil }
            code = "user.tapBack(\(target))"
        case .tapTab:
            guard let tabs = random.maybePick(tabBars) else { return nil }
            code = "user.tapTab(\(tabs), \(random.int(in: 1...6)))"
        default:
            guard let window = random.maybePick(windows) else { return nil }
            code = "user.rotate(\(window))"
        }
        let reads = target.map { $0.hasSuffix(".moreNavigationController") ? [$0] : [] } ?? []
        guard context.isTopLevel, random.chance(0.5) else {
            // The gesture's own end of turn will run inside the step: no baseline could hold
            // (at the top level), or the gesture is refused before it (in a callback).
            let read = reads.map { "local _ = \($0); " }.joined()
            return context.isTopLevel ? read + code : (reads.isEmpty ? code : prepared(reads, code))
        }
        return "advance(0); " + prepared(reads, code)
    }

    /// A delegate that gives an animator (and now and then the scenario's interaction, `I1`):
    /// a navigation or tab bar controller's, or a controller's transitioning delegate (issue 19).
    /// The animator animates with `animate` (held by an interaction), completes in
    /// `animateTransition`, or completes with a timer, and finishes or cancels as the finger said.
    mutating func customTransitionCode(_ context: Context) -> String? {
        var prefix = ""
        var interaction = "nil"
        if random.chance(0.5) {
            interaction = "I1"
            if !gestures.contains("I1") {
                gestures.append("I1")
                prefix =
                    "I1 = PercentDrivenInteractiveTransition { completionSpeed = \(random.pick(["0.5", "1", "2"])) }; "
                    + "gesture(I1); "
            }
        }
        let animator = animatorCode()
        switch random.int(in: 0...2) {
        case 0:
            guard let nav = navigations.isEmpty ? nil : random.pick(navigations) else { return nil }
            return prefix + "\(nav).delegate = { animationControllerFor = function() return \(animator) end, "
                + "interactionControllerFor = function() return \(interaction) end }"
        case 1:
            guard let tabs = random.maybePick(tabBars) else { return nil }
            return prefix
                + "\(tabs).delegate = { animationControllerForTransition = function() return \(animator) end, "
                + "interactionControllerFor = function() return \(interaction) end }"
        default:
            let controller = pickController(context)
            let style = random.chance(0.6) ? "\(controller).modalPresentationStyle = \"custom\"; " : ""
            return prefix + style + "\(controller).transitioningDelegate = { "
                + "animationControllerForPresented = function() return \(animator) end, "
                + "animationControllerForDismissed = function() return \(animator) end, "
                + "interactionControllerForPresentation = function() return \(interaction) end, "
                + "interactionControllerForDismissal = function() return \(interaction) end }"
        }
    }

    /// An animator table: it completes as the transition was not cancelled, from an animation,
    /// at once, or from a timer, and puts the incoming view in place (or not). The completion is
    /// arranged first, so that a planted error raised by what the view's move calls back does
    /// not leave the transition to the animator for ever (CUS-04 would keep it running).
    mutating func animatorCode() -> String {
        let place =
            random.chance(0.85)
            ? "; if ctx.toView and ctx.containerView then ctx.containerView:addSubview(ctx.toView) end" : ""
        let complete = "ctx:completeTransition(not ctx.transitionWasCancelled)"
        let ending: String
        switch random.weightedIndex([5, 2, 2]) {
        case 0: ending = "animate(ctx.duration, function() end, function() \(complete) end)"
        case 1: ending = complete
        default: ending = "after(ctx.duration, function() \(complete) end)"
        }
        return "Animator { duration = \(random.pick(["0", "0.2", "0.4"])), "
            + "animateTransition = function(self, ctx) \(ending)\(place) end }"
    }

    /// `update`, `finish` or `cancel` of a gesture begun earlier.
    mutating func gestureStepCode(_ operation: Operation) -> String? {
        guard let gesture = random.maybePick(gestures) else { return nil }
        switch operation {
        case .updateGesture: return "\(gesture):update(\(random.pick(["0.2", "0.5", "0.8", "1"])))"
        case .finishGesture: return "\(gesture):finish()"
        default: return "\(gesture):cancel()"
        }
    }

    mutating func windowCode(_ operation: Operation, _ context: Context) -> String? {
        if operation == .newWindow {
            guard windows.count < Self.windowVariables.count else { return nil }
            return newWindow(root: pickController(context), mayHide: false)
        }
        guard let window = random.maybePick(windows) else { return nil }
        switch operation {
        case .hideWindow: return "\(window).isHidden = true"
        case .showWindow: return random.chance(0.5) ? "\(window).isHidden = false" : "\(window):makeKeyAndVisible()"
        case .resizeWindow: return "\(window).size = \(randomSize())"
        case .replaceRoot:
            return "\(window).rootViewController = " + (random.chance(0.1) ? "nil" : pickController(context))
        default:
            let horizontal = random.pick(["compact", "regular"])
            return "\(window).traitCollection = { horizontalSizeClass = \"\(horizontal)\" }"
        }
    }

    mutating func otherCode(_ operation: Operation, _ context: Context) -> String? {
        switch operation {
        case .loadView: return "local _ = \(pickController(context)).view"
        case .async: return "async(\(callbackFunction("", context)))"
        case .after: return "after(\(duration()), \(callbackFunction("", context)))"
        case .installCallback: return callbackInstallation(depth: context.depth)
        case .appearanceCall:
            let controller = pickController(context)
            return random.chance(0.5)
                ? "\(controller):beginAppearanceTransition(\(random.chance(0.5)), \(animated()))"
                : "\(controller):endAppearanceTransition()"
        default: return "\(pickController(context)).shouldAutomaticallyForwardAppearanceMethods = false"
        }
    }

    /// A segue of the storyboard fired from a controller (issue 20): performed, or triggered
    /// by the user's touch, which ends the turn as a gesture does; now and then from a
    /// controller that has no such segue.
    mutating func segueCode(_ context: Context) -> (StepKind, String)? {
        guard hasStoryboard else { return nil }
        let sources = ["B1.viewControllers[1]", "B1.topViewController", "(B1.presentedViewController or B1)"]
        let source = random.chance(0.75) ? random.pick(sources) : pickController(context)
        let identifier = random.pick([
            "show", "quiet", "sheet", "full", "pop", "push", "detail", "fade", "modal", "back", "done", "nothing",
        ])
        guard context.isTopLevel, random.chance(0.4) else {
            return (.operation, "\(source):performSegue(\"\(identifier)\")")
        }
        return (.gesture, "user.trigger(\(source), \"\(identifier)\")")
    }

    /// One of issue 21's operations on a controller or a window (D-133…D-143); many are
    /// refused (an override for a controller that is no child, iOS 17 calls under an older
    /// profile, the background twice), which must change nothing.
    mutating func surroundingsCode(_ context: Context) -> (StepKind, String)? {
        let controller = pickController(context)
        let other = pickController(context)
        let sizeClass = "\"\(random.pick(["compact", "regular"]))\""
        switch random.int(in: 0...12) {
        case 0:
            let trait = random.pick(["horizontalSizeClass", "verticalSizeClass"])
            let traits = random.chance(0.2) ? "nil" : "{ \(trait) = \(sizeClass) }"
            return (.operation, "\(controller):setOverrideTraitCollection(\(traits), \(other))")
        case 1:
            let trait = random.pick(["horizontalSizeClass", "verticalSizeClass"])
            return (.operation, "\(controller).traitOverrides.\(trait) = \(random.chance(0.2) ? "nil" : sizeClass)")
        case 2: return (.operation, "\(controller).hidesBottomBarWhenPushed = \(random.chance(0.6))")
        case 3:
            let style = random.pick(["\"lightContent\"", "\"darkContent\"", "nil"])
            return (.operation, "\(controller).preferredStatusBarStyle = \(style)")
        case 4: return (.operation, "\(controller).childForStatusBarStyle = \(random.chance(0.3) ? "nil" : other)")
        case 5: return (.operation, "\(controller):setNeedsStatusBarAppearanceUpdate()")
        case 6: return (.operation, "\(controller).preferredContentSize = \(randomSize())")
        case 7:
            return (
                .operation,
                "\(controller).presentationController.delegate = { viewControllerForAdaptivePresentationStyle = "
                    + "function(pc, style) return \(random.chance(0.2) ? "nil" : other) end }"
            )
        case 8:
            return (.operation, "\(controller).modalPresentationCapturesStatusBarAppearance = \(random.chance(0.5))")
        case 9: return (.operation, "app.receiveMemoryWarning()")
        case 12:
            // The size a parent gives a child (TRT-06): a size, UIKit's answer, or an error the
            // override raises (planted: the walk goes on, the script hears it after).
            let answer = random.pick([
                "{ 300, 300 }", "size", "nil", "error(\"\(Self.plantedMarker) sizeForChildContentContainer\")",
            ])
            return (
                .operation,
                "\(controller).sizeForChildContentContainer = function(self, child, size) return \(answer) end"
            )
        case 10: return (.operation, random.chance(0.5) ? "app.enterBackground()" : "app.enterForeground()")
        default:
            guard let window = random.maybePick(windows) else { return nil }
            return (.operation, "local _ = \(window).statusBarStyle, \(window).isStatusBarHidden, app.preserveState()")
        }
    }
}
