import Foundation

/// The object that decides where a collection view's elements go. A
/// subclass computes in `prepare()`, reports the content size, and answers
/// for the elements in a rect and for single elements; the collection view
/// asks only for what it shows. The layout asks its collection view (which
/// it reaches through `collectionView`) for the counts.
///
/// The layout runs again after `invalidateLayout()`: the collection view
/// calls `prepare()` on its next layout pass, and again after a bounds
/// change the layout wants (`shouldInvalidateLayout(forBoundsChange:)`).
open class UICollectionViewLayout {
    /// The collection view the layout belongs to, set when it is assigned.
    open internal(set) weak var collectionView: UICollectionView?

    /// Set by `invalidateLayout`: the collection view prepares again before it uses the layout.
    var needsPrepare = true
    /// The last invalidation's context (what changed), read by subclasses in `prepare()`.
    var pendingInvalidation: UICollectionViewLayoutInvalidationContext?

    public init() {}

    /// The class of the invalidation context `invalidationContext(forBoundsChange:)` makes.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// The class of attributes the layout makes; subclasses of attributes add properties.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// Compute what the layout needs; called before anything else is asked,
    /// and again after each invalidation.
    open func prepare() {}

    /// The size of all the content; the collection view's `contentSize`.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element whose frame meets `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Decoration views belong to the layout: it registers their classes by
    /// kind, and the collection view makes (and reuses) them where the
    /// layout's decoration attributes say.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else {
            decorationClasses[elementKind] = nil
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            fatalError("\(viewClass) is not a subclass of UICollectionReusableView")
        }
        decorationClasses[elementKind] = type
    }

    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    // MARK: Invalidation

    /// Whether a change of the collection view's bounds (a scroll, a
    /// resize) needs the layout computed again; false by default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context describing a bounds change the layout asked to handle.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let contextType = type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
            ?? UICollectionViewLayoutInvalidationContext.self
        let context = contextType.init()
        context.isBoundsChange = true
        return context
    }

    /// Self-sizing: whether a view's preferred attributes differ enough
    /// from the layout's to lay out again; yes when the size differs.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        preferredAttributes.size != originalAttributes.size
    }

    /// Marks the whole layout out of date; the collection view lays out again.
    open func invalidateLayout() {
        invalidateLayout(with: UICollectionViewLayoutInvalidationContext())
    }

    /// Marks the layout out of date, saying what changed; call super from overrides.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if needsPrepare, let pending = pendingInvalidation, pending !== context {
            // Two invalidations before a pass: the wider one counts.
            pending.merge(context)
        } else {
            pendingInvalidation = context
        }
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    // MARK: Animated updates

    /// Called before the updates of a batch are applied to the layout.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    open func finalizeCollectionViewUpdates() {}

    /// Where an inserted item starts its animation; UIKit's default: at its
    /// final place, transparent (it fades in).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes else {
            return nil
        }
        attributes.alpha = 0
        return attributes
    }

    /// Where a deleted item ends its animation; UIKit's default: where it
    /// was, transparent (it fades out). `itemIndexPath` is its index path
    /// before the update; the attributes are the ones before the update.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = attributesBeforeUpdate[itemIndexPath]?.copy() as? UICollectionViewLayoutAttributes else {
            return nil
        }
        attributes.alpha = 0
        return attributes
    }

    /// The attributes of the items shown before an update, by their old
    /// index paths, for the disappearing animations.
    var attributesBeforeUpdate: [IndexPath: UICollectionViewLayoutAttributes] = [:]

    /// The offset to settle a scroll at; the proposal by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Hooks for the collection view (internal)

    /// Sections that scroll on their own, across the main direction
    /// (compositional layout's orthogonal sections); none by default.
    var orthogonalSections: [Int: OrthogonalSectionGeometry] { [:] }

    /// A view measured itself: keep its size (layouts that self-size
    /// override); true when the layout changed.
    func recordPreferredAttributes(_ preferred: UICollectionViewLayoutAttributes,
                                   original: UICollectionViewLayoutAttributes) -> Bool {
        guard shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else {
            return false
        }
        invalidateLayout()
        return true
    }
}

/// What an invalidation changes: everything, the counts, or (for a bounds
/// change) only what depends on the bounds.
open class UICollectionViewLayoutInvalidationContext {
    public required init() {}

    /// True unless the invalidation comes from a bounds change or a self-sizing view.
    open var invalidateEverything: Bool { !isBoundsChange && !isSelfSizing && !invalidatesDataSourceCounts }
    open var invalidateDataSourceCounts: Bool { invalidatesDataSourceCounts }

    var invalidatesDataSourceCounts = false
    var isBoundsChange = false
    var isSelfSizing = false

    /// How far a bounds change moved the content, for layouts that adjust.
    open var contentOffsetAdjustment: CGPoint = .zero
    open var contentSizeAdjustment: CGSize = .zero

    func merge(_ other: UICollectionViewLayoutInvalidationContext) {
        if !other.isBoundsChange { isBoundsChange = false }
        if !other.isSelfSizing { isSelfSizing = false }
        invalidatesDataSourceCounts = invalidatesDataSourceCounts || other.invalidatesDataSourceCounts
    }
}

/// One change of a batch update, as the layout sees it in
/// `prepare(forCollectionViewUpdates:)`.
public final class UICollectionViewUpdateItem {
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    /// The index path before the update (nil for an insert); an item's
    /// `item` is `Int.max` when the update is a whole section.
    public let indexPathBeforeUpdate: IndexPath?
    public let indexPathAfterUpdate: IndexPath?
    public let updateAction: Action

    init(before: IndexPath?, after: IndexPath?, action: Action) {
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        updateAction = action
    }
}

/// A section of a layout that scrolls across the main direction in a
/// scroll view of its own: its band in the content (the frame of the
/// scroll view), the size of what scrolls inside, and how it settles.
struct OrthogonalSectionGeometry {
    var band: CGRect
    var contentSize: CGSize
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
    /// Where groups start along the band, for group paging.
    var groupOffsets: [CGFloat]
    /// Widths of the groups (for centering when paging by group).
    var groupLengths: [CGFloat]
}

extension UICollectionViewLayoutInvalidationContext {
    /// The context of a reload or a batch update: the counts changed.
    static func dataSourceCounts() -> UICollectionViewLayoutInvalidationContext {
        let context = UICollectionViewLayoutInvalidationContext()
        context.invalidatesDataSourceCounts = true
        return context
    }
}
