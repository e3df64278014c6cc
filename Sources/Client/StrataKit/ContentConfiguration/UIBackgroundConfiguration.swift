import Foundation

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
