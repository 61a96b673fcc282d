/// Which way a device is held: its window's width and height follow (TRT-07).
public enum Orientation: String, CaseIterable, Sendable {
    case portrait, landscape
}

/// A device a window can be on, with its full-screen size in points and the size classes
/// it reports in each orientation, as Apple's Human Interface Guidelines tabulate them
/// ("Layout", device size classes; D-133).
///
/// The size classes depend on the model, not only on the width: the Plus and Max phones
/// (and the iPhone XR and 11) are regular width on their side, the others compact at
/// every width, and iPads regular both ways.
///
///     let device = Device.named("iPhone 15 Pro Max")!
///     device.size(.landscape)     // 932x430
///     device.traits(.landscape)   // (regular, compact)
public struct Device: Equatable, Sendable {
    /// The model's name, as Apple spells it.
    public let name: String
    /// The screen in points, held upright.
    public let portraitSize: Size
    /// Whether it is an iPad: regular in both directions whichever way it is held.
    public let isPad: Bool
    /// Whether the phone is regular width on its side (the Plus and Max models, XR, 11).
    public let isRegularWidthInLandscape: Bool

    /// The window's size held `orientation`'s way.
    public func size(_ orientation: Orientation) -> Size {
        orientation == .portrait ? portraitSize : portraitSize.rotated
    }

    /// The size classes held `orientation`'s way.
    public func traits(_ orientation: Orientation) -> TraitCollection {
        if isPad { return TraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .regular) }
        switch orientation {
        case .portrait:
            return TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)
        case .landscape:
            return TraitCollection(
                horizontalSizeClass: isRegularWidthInLandscape ? .regular : .compact, verticalSizeClass: .compact)
        }
    }

    /// The device of that name, or nil.
    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }

    /// The names `named` knows, in the table's order.
    public static var names: [String] { all.map(\.name) }

    private static func phone(_ name: String, _ width: Double, _ height: Double, big: Bool = false) -> Device {
        Device(
            name: name, portraitSize: Size(width: width, height: height), isPad: false,
            isRegularWidthInLandscape: big)
    }

    private static func pad(_ name: String, _ width: Double, _ height: Double) -> Device {
        Device(
            name: name, portraitSize: Size(width: width, height: height), isPad: true,
            isRegularWidthInLandscape: true)
    }

    /// The models, newest first within each family; sizes are the screen's points.
    static let all: [Device] = [
        phone("iPhone 16 Pro Max", 440, 956, big: true), phone("iPhone 16 Pro", 402, 874),
        phone("iPhone 16 Plus", 430, 932, big: true), phone("iPhone 16", 393, 852),
        phone("iPhone 15 Pro Max", 430, 932, big: true), phone("iPhone 15 Pro", 393, 852),
        phone("iPhone 15 Plus", 430, 932, big: true), phone("iPhone 15", 393, 852),
        phone("iPhone 14 Pro Max", 430, 932, big: true), phone("iPhone 14 Pro", 393, 852),
        phone("iPhone 14 Plus", 428, 926, big: true), phone("iPhone 14", 390, 844),
        phone("iPhone 13 Pro Max", 428, 926, big: true), phone("iPhone 13 Pro", 390, 844),
        phone("iPhone 13", 390, 844), phone("iPhone 13 mini", 375, 812),
        phone("iPhone 12 Pro Max", 428, 926, big: true), phone("iPhone 12 Pro", 390, 844),
        phone("iPhone 12", 390, 844), phone("iPhone 12 mini", 375, 812),
        phone("iPhone 11 Pro Max", 414, 896, big: true), phone("iPhone 11 Pro", 375, 812),
        phone("iPhone 11", 414, 896, big: true), phone("iPhone XS Max", 414, 896, big: true),
        phone("iPhone XS", 375, 812), phone("iPhone XR", 414, 896, big: true), phone("iPhone X", 375, 812),
        phone("iPhone 8 Plus", 414, 736, big: true), phone("iPhone 8", 375, 667),
        phone("iPhone SE (3rd generation)", 375, 667), phone("iPhone SE (2nd generation)", 375, 667),
        phone("iPhone SE (1st generation)", 320, 568),
        pad("iPad Pro 13-inch (M4)", 1032, 1376), pad("iPad Pro 12.9-inch", 1024, 1366),
        pad("iPad Pro 11-inch", 834, 1194), pad("iPad Air 11-inch (M2)", 820, 1180),
        pad("iPad (10th generation)", 820, 1180), pad("iPad (9th generation)", 810, 1080),
        pad("iPad mini (6th generation)", 744, 1133),
    ]
}
