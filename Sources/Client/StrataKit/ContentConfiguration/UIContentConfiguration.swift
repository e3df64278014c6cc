import Foundation

/// A description of a view's content (a value), and how to make the view
/// that shows it. Cells take one as `contentConfiguration`; when their
/// state changes they ask for `updated(for:)` and hand the result to the
/// content view they made.
public protocol UIContentConfiguration {
    func makeContentView() -> UIView & UIContentView
    /// The configuration for a state (selected, highlighted, disabled…).
    func updated(for state: UIConfigurationState) -> Self
}

extension UIContentConfiguration {
    /// The same configuration in every state, unless a configuration says otherwise.
    public func updated(for state: UIConfigurationState) -> Self { self }
}

/// A view that shows a content configuration.
public protocol UIContentView: AnyObject {
    var configuration: UIContentConfiguration { get set }
    /// Whether this view can show `configuration` (the same kind, by default).
    func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The state a configuration is updated for.
public protocol UIConfigurationState {
    var traitCollection: UITraitCollection { get set }
}

/// A view's state: its traits, and whether it is disabled, highlighted,
/// selected or focused.
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false

    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }
}

/// A cell's state: a view's, plus editing, expansion, swiping and reordering.
public struct UICellConfigurationState: UIConfigurationState, Hashable {
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
