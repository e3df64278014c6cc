import Foundation

/// UIKit's collection view: a scroll view that shows a data source's items
/// where a layout object puts them, with real reuse. Only the elements
/// whose frames meet the visible bounds exist as subviews; one that
/// scrolls out goes to a queue by reuse identifier, and the next
/// `dequeueReusableCell(withReuseIdentifier:for:)` hands it back after
/// `prepareForReuse()`. The scroll view's tiling (each scroll asks for
/// layout) drives it, so 10,000 items cost what a screenful does.
///
/// The data source's counts are read once and cached until `reloadData()`
/// or a batch update; the layout is prepared again only when invalidated.
///
/// `delegate` is the scroll view's property (Swift cannot narrow an
/// inherited property's type): set a `UICollectionViewDelegate` there, as
/// UIKit code does; the collection view reads it as one.
///
/// Members that subclasses override live in this class body; the logic is
/// in the `UICollectionView+Concern.swift` files.
open class UICollectionView: UIScrollView {
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        adopt(layout)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    // MARK: Data and layout

    open weak var dataSource: UICollectionViewDataSource? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }

    /// The delegate as a collection view delegate (it is set through `delegate`).
    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    /// A new delegate may answer the layout's questions (flow metrics): the layout runs again.
    open override weak var delegate: UIScrollViewDelegate? {
        didSet { if delegate !== oldValue { collectionViewLayout.invalidateLayout() } }
    }

    /// A released drag rests where the layout says
    /// (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`),
    /// then the delegate may still move it.
    override func restingTarget(proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        let target = collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed,
                                                              withScrollingVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000))
        return target.x.isFinite && target.y.isFinite ? clampedContentOffset(target) : proposed
    }

    /// The layout; setting it lays the items out again at once, unanimated.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            adopt(collectionViewLayout)
        }
    }

    /// Changes the layout; animated, the cells move to their new places
    /// in one view animation.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard layout !== collectionViewLayout else { completion?(true); return }
        let oldLayout = collectionViewLayout
        let views = visibleCellViews.values.map { $0 as UICollectionReusableView } + visibleSupplementaryViews.values.map { $0 }
        views.forEach { $0.willTransition(from: oldLayout, to: layout) }
        guard animated, UIView.areAnimationsEnabled else {
            collectionViewLayout = layout
            layoutIfNeeded()
            views.forEach { $0.didTransition(from: oldLayout, to: layout) }
            completion?(true)
            return
        }
        UIView.animate(withDuration: Self.updateAnimationDuration, animations: {
            self.collectionViewLayout = layout
            self.layoutIfNeeded()
        }, completion: { finished in
            views.forEach { $0.didTransition(from: oldLayout, to: layout) }
            completion?(finished)
        })
    }

    /// Drops the visible views and cached counts; the next layout pass
    /// asks the data source again. Selected index paths stay selected (those
    /// past the new counts are dropped); content that shrank below the
    /// offset brings the offset back within it (Apple's reference: "the
    /// collection view adjusts its scrolling offsets accordingly").
    open func reloadData() {
        discardAllVisibleViews()
        itemCounts = nil
        highlightedIndexPath = nil
        collectionViewLayout.invalidateLayout(with: .dataSourceCounts())
        setNeedsLayout()
    }

    // MARK: Prefetching (UICollectionView+Prefetching.swift)

    /// Told about items a screen ahead of the visible ones.
    open weak var prefetchDataSource: UICollectionViewDataSourcePrefetching?
    open var isPrefetchingEnabled = true

    // MARK: Background

    /// A view behind all the content, at the collection view's visible size.
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    // MARK: Selection (UICollectionView+Selection.swift)

    open var allowsSelection = true
    open var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, selectedIndexPaths.count > 1, let first = indexPathsForSelectedItems?.first {
                for path in selectedIndexPaths where path != first { deselectItem(at: path, animated: false) }
            }
        }
    }

    /// Whether moving the focus selects the focused item (focus is not
    /// supported here; kept for source compatibility).
    open var selectionFollowsFocus = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !beginTrackingTouch(touches) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if trackedTouch == nil { super.touchesMoved(touches, with: event) } else { moveTrackedTouch(touches) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !endTrackedTouch(touches) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        cancelTrackedTouch()
        super.touchesCancelled(touches, with: event)
    }

    // MARK: Layout pass (UICollectionView+Tiling.swift)

    /// New insets change the room the layout has: it runs again.
    open override func adjustedContentInsetDidChange() {
        super.adjustedContentInsetDidChange()
        collectionViewLayout.invalidateLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        updateVisibleViews()
    }

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            if newValue != old, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newValue) {
                collectionViewLayout.invalidateLayout(with: collectionViewLayout.invalidationContext(forBoundsChange: newValue))
            }
            super.bounds = newValue
            if newValue.size != old.size { setNeedsLayout() }
        }
    }

    /// A new frame is a new bounds size: the layout is asked before the
    /// change, as for bounds.
    open override var frame: CGRect {
        get { super.frame }
        set {
            if newValue.size != super.frame.size {
                let newBounds = CGRect(origin: bounds.origin, size: newValue.size)
                if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
                    collectionViewLayout.invalidateLayout(with: collectionViewLayout.invalidationContext(forBoundsChange: newBounds))
                }
            }
            super.frame = newValue
        }
    }

    // MARK: Stored state of the concerns

    /// How long inserted, deleted and moved items animate.
    static let updateAnimationDuration: TimeInterval = 0.3

    /// Cell and supplementary classes by reuse identifier (UICollectionView+Reuse.swift).
    var cellClasses: [String: UICollectionViewCell.Type] = [:]
    var supplementaryClasses: [SupplementaryKind: UICollectionReusableView.Type] = [:]
    /// Views waiting for reuse, by identifier (cells) and by kind and identifier.
    var reusableCells: [String: [UICollectionViewCell]] = [:]
    var reusableSupplementaryViews: [SupplementaryKind: [UICollectionReusableView]] = [:]
    /// A visible cell being reconfigured: dequeuing its identifier returns it.
    var reconfiguringCell: (indexPath: IndexPath, cell: UICollectionViewCell)?

    /// The views on screen (UICollectionView+Tiling.swift).
    var visibleCellViews: [IndexPath: UICollectionViewCell] = [:]
    var visibleSupplementaryViews: [SupplementaryElement: UICollectionReusableView] = [:]
    var visibleDecorationViews: [SupplementaryElement: UICollectionReusableView] = [:]
    var reusableDecorationViews: [String: [UICollectionReusableView]] = [:]
    /// The scroll views of orthogonal sections, by section.
    var orthogonalScrollers: [Int: OrthogonalScrollView] = [:]
    /// The data source's counts, read once per reload or update.
    var itemCounts: [Int]?
    /// Set while a layout pass runs, so one pass does not start another.
    var isUpdatingVisibleViews = false
    /// The size the last layout pass was for: a resize that reached the
    /// view without its setters (autoresizing, Auto Layout) shows here.
    var sizeOfLastLayout: CGSize?
    /// Inserted (or otherwise new) items of the update being animated: they start from their initial attributes.
    var appearingIndexPaths: Set<IndexPath> = []
    /// Items an animated update brings onto the screen, with where they were before it.
    var incomingAttributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]

    /// Selection and the touch being tracked (UICollectionView+Selection.swift).
    var selectedIndexPaths: Set<IndexPath> = []
    var highlightedIndexPath: IndexPath?
    var trackedTouch: UITouch?

    /// The batch update being recorded (UICollectionView+BatchUpdates.swift).
    var pendingBatch: BatchUpdate?
    /// Items announced to the prefetch data source and not shown yet.
    var prefetchedIndexPaths: Set<IndexPath> = []
    var lastPrefetchOffset: CGPoint = .zero
}

/// A supplementary view's kind and reuse identifier.
struct SupplementaryKind: Hashable {
    let kind: String
    let identifier: String
}

/// One supplementary element on screen: its kind and index path.
struct SupplementaryElement: Hashable {
    let kind: String
    let indexPath: IndexPath
}
