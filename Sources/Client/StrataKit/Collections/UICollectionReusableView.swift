import Foundation

/// A view a collection view keeps for reuse: cells, headers, footers and
/// other supplementary views. When one scrolls out of sight the collection
/// view takes it out of its hierarchy and keeps it in a queue by reuse
/// identifier; the next `dequeue…` for that identifier hands it back after
/// `prepareForReuse()`, so a list of any length costs what its visible part
/// does.
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?

    /// The attributes last applied, kept for `preferredLayoutAttributesFitting`.
    var appliedLayoutAttributes: UICollectionViewLayoutAttributes?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// How the collection view makes a registered class: `init(frame:)` of
    /// the subclass, reached through this required convenience initializer,
    /// which every subclass that overrides `init(frame:)` inherits (Swift
    /// without the Objective-C runtime can construct a class from its
    /// metatype only through a required initializer).
    public required convenience init() {
        self.init(frame: .zero)
    }

    /// Called just before `dequeue…` returns the view again. Reset state
    /// that belongs to the item it showed (not content the data source sets
    /// anyway). Call super.
    open func prepareForReuse() {}

    /// The collection view applies each attributes object the layout gives
    /// (after setting the frame, alpha and the rest itself); subclasses of
    /// layout attributes carry more, which a subclass applies here.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// Called before the view's layout is changed by a new layout (a
    /// layout transition); nothing to do by default.
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// Self-sizing: the attributes the view would like, given the layout's
    /// (estimated) ones. The default measures the view with Auto Layout
    /// (`systemLayoutSizeFitting`), holding the axes the layout fixes and
    /// fitting the others.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let attributes = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        let fixed = layoutAttributes.fixedAxes
        let size = measuredSize(fitting: layoutAttributes.size,
                                horizontal: fixed.contains(.width) ? .required : .fittingSizeLevel,
                                vertical: fixed.contains(.height) ? .required : .fittingSizeLevel)
        attributes.size = CGSize(width: fixed.contains(.width) ? layoutAttributes.size.width : size.width,
                                 height: fixed.contains(.height) ? layoutAttributes.size.height : size.height)
        return attributes
    }

    /// The size Auto Layout gives the view's content; cells measure their
    /// content view, where their constraints live.
    func measuredSize(fitting target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        func fit() -> CGSize {
            systemLayoutSizeFitting(target, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        }
        guard containsWrappingLabel else { return fit() }
        // Multi-line labels wrap at the width they were laid out at: lay
        // out at the width the view will have, then measure.
        let layoutSize = horizontal == .required ? target : fit()
        if bounds.size != layoutSize { bounds.size = layoutSize }
        layoutIfNeeded()
        return fit()
    }
}
