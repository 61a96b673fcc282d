/// A size class, as `UIUserInterfaceSizeClass` has them.
public enum SizeClass: String, CaseIterable, Sendable {
    case compact, regular
}

/// The traits that decide how presentations adapt (BEHAVIOR.md PRE-14, PRE-15, A-10).
public struct TraitCollection: Equatable, Sendable {
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass

    public init(horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// The size classes of a window of `size` points, as iPhones and iPads report them
    /// (D-31): a height under 500 points is compact (a phone on its side); the width is
    /// regular from 600 points upright and from 900 points on its side (the largest phones).
    /// A class given overrides the one the size implies.
    public static func forSize(
        _ size: Size, horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil
    ) -> TraitCollection {
        let vertical: SizeClass = size.height < 500 ? .compact : .regular
        let regularWidth = vertical == .compact ? 900.0 : 600.0
        return TraitCollection(
            horizontalSizeClass: horizontalSizeClass ?? (size.width >= regularWidth ? .regular : .compact),
            verticalSizeClass: verticalSizeClass ?? vertical)
    }

    /// Whether either size class is compact: the environments in which presentations adapt.
    var isCompact: Bool { horizontalSizeClass == .compact || verticalSizeClass == .compact }

    /// The text a trace shows, as a Swift tuple reads.
    var traceText: String {
        "(horizontalSizeClass: .\(horizontalSizeClass.rawValue), verticalSizeClass: .\(verticalSizeClass.rawValue))"
    }
}

/// A size in points.
public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// An iPhone in portrait, a window's size unless it is given another (SPEC §3.1).
    public static let phonePortrait = Size(width: 390, height: 844)

    /// The size turned a quarter: width and height swapped.
    public var rotated: Size { Size(width: height, height: width) }

    /// The text a trace shows: `390x844`.
    var traceText: String { formatNumber(width) + "x" + formatNumber(height) }
}
