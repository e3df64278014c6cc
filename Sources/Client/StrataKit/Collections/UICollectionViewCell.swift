import Foundation

/// One item's view. Put the item's content in `contentView` (or set a
/// `contentConfiguration`); behind it lie `backgroundView` and, while the
/// cell is selected or highlighted, `selectedBackgroundView`. The
/// collection view sets `isHighlighted` while a finger is down on the cell
/// and `isSelected` when the cell is selected.
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the cell's content goes; it fills the cell.
    public let contentView: UIView

    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// Behind the content, shown at the cell's size.
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            arrangeBackgrounds()
        }
    }

    /// Shown above `backgroundView`, below the content, while the cell is
    /// selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet {
            guard selectedBackgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            arrangeBackgrounds()
        }
    }

    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            arrangeBackgrounds()
            setNeedsUpdateConfiguration()
        }
    }

    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            arrangeBackgrounds()
            setNeedsUpdateConfiguration()
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    /// Cells measure their content view, where their constraints are.
    override func measuredSize(fitting target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        if let configured = contentConfigurationView {
            // A configuration's view knows its own size.
            if contentView.bounds.size != target { contentView.frame.size = target }
            return configured.systemLayoutSizeFitting(target, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        }
        func fit() -> CGSize {
            contentView.systemLayoutSizeFitting(target, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        }
        if contentView.bounds.size != target { contentView.frame.size = target }
        guard contentView.containsWrappingLabel else { return fit() }
        // Two passes, as Auto Layout needs for wrapping text: multi-line
        // labels wrap at the width they were laid out at, so the content is
        // laid out at the width it will have (fixed, or a first measure's),
        // then measured.
        let layoutSize = horizontal == .required ? target : fit()
        if contentView.bounds.size != layoutSize { contentView.frame.size = layoutSize }
        contentView.layoutIfNeeded()
        return fit()
    }

    /// The background views at the back, in UIKit's order, at the cell's size.
    private func arrangeBackgrounds() {
        var index = 0
        for view in [backgroundView, (isSelected || isHighlighted) ? selectedBackgroundView : nil].compactMap({ $0 }) {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if view.superview !== self || subviews.firstIndex(where: { $0 === view }) != index {
                insertSubview(view, at: index)
            }
            index += 1
        }
        if let selected = selectedBackgroundView, !(isSelected || isHighlighted), selected.superview === self {
            selected.removeFromSuperview()
        }
    }

    // MARK: Configurations (UICollectionViewCell+Configuration.swift)

    /// The content's configuration; setting it puts its view in `contentView`.
    open var contentConfiguration: UIContentConfiguration? {
        didSet { applyContentConfiguration() }
    }

    /// The background's configuration; it styles `backgroundView`.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackgroundConfiguration() }
    }

    /// Whether a state change reapplies the content configuration for the new state.
    open var automaticallyUpdatesContentConfiguration = true
    open var automaticallyUpdatesBackgroundConfiguration = true

    /// The state configurations are updated for.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isExpanded = isExpandedInOutline
        return state
    }

    /// Asks for `updateConfiguration(using:)` (at once: there is no deferred pass here).
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }

    /// Override to restyle for a state; the default updates the configurations that update automatically.
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
            let updated = content.updated(for: state)
            contentConfigurationView?.configuration = updated
        }
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            applyBackground(background.updated(for: state))
        }
    }

    /// The view the content configuration made, kept while configurations of its kind follow.
    var contentConfigurationView: (UIView & UIContentView)?

    /// Set by a diffable data source with section snapshots: whether the
    /// row's item is expanded in its outline.
    var isExpandedInOutline = false {
        didSet {
            guard isExpandedInOutline != oldValue else { return }
            setNeedsUpdateConfiguration()
            setNeedsLayout()
        }
    }
}

extension UIView {
    /// Whether a multi-line label that wraps at its laid-out width lies in the view.
    var containsWrappingLabel: Bool {
        if let label = self as? UILabel, label.numberOfLines != 1, label.preferredMaxLayoutWidth == 0 { return true }
        return subviews.contains { $0.containsWrappingLabel }
    }
}
