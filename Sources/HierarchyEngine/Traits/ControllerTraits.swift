/// Size classes a controller sets over those it inherits: a parent's override for one child
/// (`setOverrideTraitCollection(_:forChild:)`, TRT-08) or iOS 17's `traitOverrides` (TRT-09).
/// A class left nil is inherited unchanged.
public struct TraitOverrides: Equatable, Sendable {
    public var horizontalSizeClass: SizeClass?
    public var verticalSizeClass: SizeClass?

    public init(horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// Whether it overrides nothing.
    public var isEmpty: Bool { horizontalSizeClass == nil && verticalSizeClass == nil }

    /// `traits` with the classes this sets in their place.
    func applied(to traits: TraitCollection) -> TraitCollection {
        TraitCollection(
            horizontalSizeClass: horizontalSizeClass ?? traits.horizontalSizeClass,
            verticalSizeClass: verticalSizeClass ?? traits.verticalSizeClass)
    }
}

/// A trait a client can ask `registerForTraitChanges(_:handler:)` about (TRT-09).
public enum TraitName: String, CaseIterable, Sendable {
    case horizontalSizeClass, verticalSizeClass

    /// Whether the trait differs between `a` and `b`.
    func differs(_ a: TraitCollection, _ b: TraitCollection) -> Bool {
        switch self {
        case .horizontalSizeClass: a.horizontalSizeClass != b.horizontalSizeClass
        case .verticalSizeClass: a.verticalSizeClass != b.verticalSizeClass
        }
    }
}

/// One `registerForTraitChanges(_:handler:)`: the handler runs when one of `traits` changed,
/// with the controller and its previous traits (TRT-09).
struct TraitRegistration {
    let traits: Set<TraitName>
    let handler: (ViewController, TraitCollection) -> Void
}

/// Each controller's traits (M-16, TRT-08, TRT-09, D-133): inherited from the window through
/// parents, and through presenting controllers for what they present, with a parent's
/// override for the child and the controller's own `traitOverrides` laid over them.
///
///     parent.setOverrideTraitCollection(TraitOverrides(horizontalSizeClass: .regular), forChild: child)
///     child.traitCollection   // regular width whatever the window's width
extension ViewController {
    /// The traits in effect for this controller now.
    public var traitCollection: TraitCollection { traits(windowTraits: nil) }

    /// The traits this controller would have if its window had `windowTraits` (nil: the
    /// window's own): a window root's are the window's; a child's are its parent's with the
    /// parent's override for it; a presented controller's are its presenter's (the
    /// presentation controller inherits from the presenting controller); a controller in no
    /// window the screen's (the key window's).
    func traits(windowTraits: TraitCollection?) -> TraitCollection {
        let inherited: TraitCollection
        if let parent {
            let parentTraits = parent.traits(windowTraits: windowTraits)
            inherited = overrideFromParent(parent)?.applied(to: parentTraits) ?? parentTraits
        } else if let presenter = showingPresentation?.presenter {
            inherited = presenter.traits(windowTraits: windowTraits)
        } else if let window = viewIfLoaded?.window ?? destinationWindow ?? world.window(rootedAt: self) {
            inherited = windowTraits ?? window.traitCollection
        } else {
            inherited = world.screenTraits
        }
        return traitOverrides.applied(to: inherited)
    }

    /// The override `parent` set for this controller, while it is that parent's child.
    private func overrideFromParent(_ parent: ViewController) -> TraitOverrides? {
        guard let set = parentTraitOverride, set.parent === parent else { return nil }
        return set.traits
    }

    /// `overrideTraitCollection(forChild:)`: what this controller set for `child`, or nil.
    public func overrideTraitCollection(forChild child: ViewController) -> TraitOverrides? {
        child.parent === self ? child.overrideFromParent(self) : nil
    }

    /// `setOverrideTraitCollection(_:forChild:)` (TRT-08, D-133): `child` and what it holds
    /// follow `overrides` over this controller's traits from now on; nil (or an empty set)
    /// removes it. The controllers on screen whose traits change hear of it at once.
    public func setOverrideTraitCollection(_ overrides: TraitOverrides?, forChild child: ViewController) throws {
        guard child.parent === self else { throw UsageError(.notAChild(controller: child.name, parent: name)) }
        try updatingTraits(of: child) {
            child.parentTraitOverride = overrides.flatMap {
                $0.isEmpty ? nil : ParentTraitOverride(traits: $0, parent: self)
            }
        }
    }

    /// iOS 17's `traitOverrides` (TRT-09, D-133): this controller and what it holds follow
    /// `overrides` over the traits it inherits. Before iOS 17 there is no such property.
    public func setTraitOverrides(_ overrides: TraitOverrides) throws {
        try world.profile.require(17, for: "traitOverrides")
        try updatingTraits(of: self) { traitOverrides = overrides }
    }

    /// iOS 17's `registerForTraitChanges(_:handler:)` (TRT-09): `handler` runs, after
    /// `traitCollectionDidChange`, whenever one of `traits` changes for this controller.
    public func registerForTraitChanges(
        _ traits: Set<TraitName>, handler: @escaping (ViewController, TraitCollection) -> Void
    ) throws {
        try world.profile.require(17, for: "registerForTraitChanges")
        traitRegistrations.append(TraitRegistration(traits: traits, handler: handler))
    }

    /// Runs `change`, then tells the controllers on screen in `root`'s subtree whose traits
    /// it changed: `willTransition(to:)` for each, parent first, then `traitCollectionDidChange`
    /// and the registered handlers, as a window's change does (D-133). Controllers off screen
    /// hear of it when they come back (TRT-02).
    private func updatingTraits(of root: ViewController, _ change: () -> Void) throws {
        let shown = root.subtreeOnScreen
        let before = shown.map { $0.seenTraits ?? $0.traitCollection }
        change()
        let changes = zip(shown, before).compactMap { controller, previous -> TraitChange? in
            let next = controller.traitCollection
            return next == previous ? nil : TraitChange(controller: controller, previous: previous, next: next)
        }
        // The root's view may be out of its window while a presentation covers it: the
        // controllers on screen tell which window it is.
        guard !changes.isEmpty, let window = root.viewIfLoaded?.window ?? shown.first?.viewIfLoaded?.window else {
            return
        }
        window.runTraitChange(
            over: root, changes,
            coordinator: TransitionCoordinator(animated: false, custom: false, duration: 0, interactive: false),
            traits: { $0.traitCollection })
        for change in changes where change.controller.isViewOnScreen {
            change.controller.setNeedsLayout()
            change.controller.traitsDidChange()
        }
    }
}

/// The override a parent set for one child (TRT-08); it lapses when the child leaves.
struct ParentTraitOverride {
    let traits: TraitOverrides
    weak var parent: ViewController?
}

extension Profile {
    /// Refuses `feature`, which UIKit has from iOS `version` only.
    public func require(_ version: Int, for feature: String) throws {
        guard iosVersion >= version else {
            throw UsageError(.needsNewerIOS(feature: feature, version: version, profile: iosVersion))
        }
    }
}

extension World {
    /// The traits of a controller in no window: the screen's, which the key window (or the
    /// first window) shows; an iPhone held upright when there is none.
    var screenTraits: TraitCollection {
        (keyWindow ?? windows.first)?.traitCollection ?? .forSize(.phonePortrait)
    }
}

/// A controller's `traitOverrides` as an object (iOS 17, TRT-09): setting one of its size
/// classes changes the controller's overrides as UIKit's property does, so that
/// `vc.traitOverrides.horizontalSizeClass = "compact"` takes effect.
public final class TraitOverridesObject {
    public unowned let controller: ViewController

    init(controller: ViewController) {
        self.controller = controller
    }

    /// The controller's name with `.traitOverrides`.
    public var name: String { controller.name + ".traitOverrides" }

    /// The class set for `trait`, or nil when it is inherited.
    public func value(of trait: TraitName) -> SizeClass? {
        switch trait {
        case .horizontalSizeClass: controller.traitOverrides.horizontalSizeClass
        case .verticalSizeClass: controller.traitOverrides.verticalSizeClass
        }
    }

    /// Sets (or with nil, removes) the override of `trait`.
    public func set(_ trait: TraitName, to value: SizeClass?) throws {
        var overrides = controller.traitOverrides
        switch trait {
        case .horizontalSizeClass: overrides.horizontalSizeClass = value
        case .verticalSizeClass: overrides.verticalSizeClass = value
        }
        try controller.setTraitOverrides(overrides)
    }
}
