import Foundation

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified, compact, regular
}

public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision
}

public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight, rightToLeft
}

/// Text sizes a user may prefer, UIKit's names.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    private static let order: [UIContentSizeCategory] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }

    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
        (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
}

/// The traits of an interface environment: its appearance, display scale
/// and size classes, as UIKit describes them. A view's traits come from its
/// window (the screen's scale, size classes from the window's size, the
/// user's appearance) and the `overrideUserInterfaceStyle` of its
/// controllers and views.
open class UITraitCollection: Hashable, CustomStringConvertible {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let layoutDirection: UITraitEnvironmentLayoutDirection

    /// Every trait unspecified.
    public convenience init() {
        self.init(style: .unspecified, scale: 0, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  direction: .unspecified)
    }

    init(style: UIUserInterfaceStyle, scale: CGFloat, horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass,
         idiom: UIUserInterfaceIdiom, direction: UITraitEnvironmentLayoutDirection)
    {
        userInterfaceStyle = style
        displayScale = scale
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        userInterfaceIdiom = idiom
        layoutDirection = direction
    }

    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(style: userInterfaceStyle, scale: 0, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  direction: .unspecified)
    }

    public convenience init(displayScale: CGFloat) {
        self.init(style: .unspecified, scale: displayScale, horizontal: .unspecified, vertical: .unspecified,
                  idiom: .unspecified, direction: .unspecified)
    }

    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(style: .unspecified, scale: 0, horizontal: horizontalSizeClass, vertical: .unspecified,
                  idiom: .unspecified, direction: .unspecified)
    }

    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(style: .unspecified, scale: 0, horizontal: .unspecified, vertical: verticalSizeClass,
                  idiom: .unspecified, direction: .unspecified)
    }

    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init(style: .unspecified, scale: 0, horizontal: .unspecified, vertical: .unspecified,
                  idiom: .unspecified, direction: layoutDirection)
    }

    /// The text size the user prefers: UIKit's default, `.large` (Linux
    /// desktops have no such setting apps can read yet).
    public var preferredContentSizeCategory: UIContentSizeCategory { .large }

    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init(style: .unspecified, scale: 0, horizontal: .unspecified, vertical: .unspecified,
                  idiom: userInterfaceIdiom, direction: .unspecified)
    }

    /// The traits of the collections combined; a later collection's
    /// specified traits win.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var style = UIUserInterfaceStyle.unspecified, scale: CGFloat = 0
        var horizontal = UIUserInterfaceSizeClass.unspecified, vertical = UIUserInterfaceSizeClass.unspecified
        var idiom = UIUserInterfaceIdiom.unspecified, direction = UITraitEnvironmentLayoutDirection.unspecified
        for traits in traitCollections {
            if traits.userInterfaceStyle != .unspecified { style = traits.userInterfaceStyle }
            if traits.displayScale != 0 { scale = traits.displayScale }
            if traits.horizontalSizeClass != .unspecified { horizontal = traits.horizontalSizeClass }
            if traits.verticalSizeClass != .unspecified { vertical = traits.verticalSizeClass }
            if traits.userInterfaceIdiom != .unspecified { idiom = traits.userInterfaceIdiom }
            if traits.layoutDirection != .unspecified { direction = traits.layoutDirection }
        }
        self.init(style: style, scale: scale, horizontal: horizontal, vertical: vertical, idiom: idiom, direction: direction)
    }

    /// The traits colors and images resolve against right now: a view's,
    /// while UIKit lays it out, draws it or tells it its traits changed;
    /// the app's otherwise.
    public static var current: UITraitCollection {
        get { currentStack.last ?? UITraitCollection.application }
        set {
            if currentStack.isEmpty { currentStack.append(newValue) } else { currentStack[currentStack.count - 1] = newValue }
        }
    }

    /// Runs `actions` with this collection as `current`.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        UITraitCollection.currentStack.append(self)
        defer { UITraitCollection.currentStack.removeLast() }
        try actions()
    }

    /// Whether every trait specified in `trait` has the same value here.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return (trait.userInterfaceStyle == .unspecified || trait.userInterfaceStyle == userInterfaceStyle)
            && (trait.displayScale == 0 || trait.displayScale == displayScale)
            && (trait.horizontalSizeClass == .unspecified || trait.horizontalSizeClass == horizontalSizeClass)
            && (trait.verticalSizeClass == .unspecified || trait.verticalSizeClass == verticalSizeClass)
            && (trait.userInterfaceIdiom == .unspecified || trait.userInterfaceIdiom == userInterfaceIdiom)
    }

    /// Whether dynamic colors may resolve differently (appearance or scale differ).
    public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        guard let traitCollection else { return true }
        return userInterfaceStyle != traitCollection.userInterfaceStyle
    }

    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.userInterfaceStyle == rhs.userInterfaceStyle && lhs.displayScale == rhs.displayScale
            && lhs.horizontalSizeClass == rhs.horizontalSizeClass && lhs.verticalSizeClass == rhs.verticalSizeClass
            && lhs.userInterfaceIdiom == rhs.userInterfaceIdiom && lhs.layoutDirection == rhs.layoutDirection
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(userInterfaceStyle)
        hasher.combine(displayScale)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(userInterfaceIdiom)
        hasher.combine(layoutDirection)
    }

    public var description: String {
        "<UITraitCollection: UserInterfaceStyle = \(userInterfaceStyle), DisplayScale = \(displayScale), HorizontalSizeClass = \(horizontalSizeClass), VerticalSizeClass = \(verticalSizeClass), UserInterfaceIdiom = \(userInterfaceIdiom)>"
    }

    private static var currentStack: [UITraitCollection] = []

    /// The app's traits before any window: the screen's, in the user's appearance.
    static var application: UITraitCollection { UIScreen.main.traitCollection }
}

/// What views, controllers, windows and screens share: their traits, and
/// a call when they change.
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UITraitCollection {
    /// Size classes of a window of this size: regular from 600 points wide
    /// and 450 points tall (a phone in landscape is compact in both; a
    /// desktop window or a tablet, regular).
    static func sizeClasses(for size: CGSize) -> (UIUserInterfaceSizeClass, UIUserInterfaceSizeClass) {
        (size.width >= 600 ? .regular : .compact, size.height >= 450 ? .regular : .compact)
    }
}
