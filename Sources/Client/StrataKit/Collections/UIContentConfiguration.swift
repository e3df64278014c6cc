import Foundation

/// A value that describes a view's content and makes the view that shows
/// it: a cell's `contentConfiguration` (iOS 14's configuration API). A
/// configuration is a value; the view it made takes each new one.
public protocol UIContentConfiguration {
    func makeContentView() -> UIView & UIContentView
    /// The configuration for a state (selected, highlighted…); `self` by default.
    func updated(for state: UIConfigurationState) -> Self
}

extension UIContentConfiguration {
    public func updated(for state: UIConfigurationState) -> Self { self }
}

/// A view made by a content configuration; it shows each configuration set.
public protocol UIContentView: AnyObject {
    var configuration: UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (else a new view is made).
    func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The state configurations are updated for.
public protocol UIConfigurationState {
    var traitCollection: UITraitCollection { get set }
}

/// A cell's state: its traits and whether it is selected, highlighted and so on.
public struct UICellConfigurationState: UIConfigurationState {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false

    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }
}

/// How a cell's background looks: a color, insets, a corner radius, a
/// stroke, or a custom view.
public struct UIBackgroundConfiguration {
    public var backgroundColor: UIColor?
    public var customView: UIView?
    public var cornerRadius: CGFloat = 0
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    /// The color for the highlighted and selected states of list cells.
    var stateColors: (normal: UIColor?, selected: UIColor?) = (nil, nil)

    public init() {}

    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }

    public static func listPlainCell() -> UIBackgroundConfiguration {
        var configuration = UIBackgroundConfiguration()
        configuration.stateColors = (.systemBackground, .systemGray4)
        configuration.backgroundColor = .systemBackground
        return configuration
    }

    public static func listGroupedCell() -> UIBackgroundConfiguration {
        var configuration = UIBackgroundConfiguration()
        configuration.stateColors = (.secondarySystemGroupedBackground, .systemGray4)
        configuration.backgroundColor = .secondarySystemGroupedBackground
        return configuration
    }

    public static func listSidebarCell() -> UIBackgroundConfiguration {
        var configuration = UIBackgroundConfiguration()
        configuration.stateColors = (nil, .systemGray5)
        return configuration
    }

    /// A list cell's configuration turns gray while selected or highlighted.
    public func updated(for state: UIConfigurationState) -> UIBackgroundConfiguration {
        guard let cellState = state as? UICellConfigurationState, stateColors != (nil, nil) else { return self }
        var updated = self
        updated.backgroundColor = cellState.isSelected || cellState.isHighlighted ? stateColors.selected : stateColors.normal
        return updated
    }
}

private func != (lhs: (UIColor?, UIColor?), rhs: (UIColor?, UIColor?)) -> Bool {
    lhs.0 !== rhs.0 || lhs.1 !== rhs.1
}
