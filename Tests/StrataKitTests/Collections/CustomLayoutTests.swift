import XCTest
@testable import StrataKit

/// Subclassing UICollectionViewLayout, after Apple's "Creating Custom
/// Layouts": the collection view calls prepare(), reads
/// collectionViewContentSize, and asks layoutAttributesForElements(in:)
/// for the visible rect; invalidateLayout() makes it prepare again;
/// shouldInvalidateLayout(forBoundsChange:) decides whether a scroll does.
final class CustomLayoutTests: CollectionViewTestCase {
    /// Items stacked down the left, each `step` points lower and wider.
    final class StairsLayout: UICollectionViewLayout {
        var step: CGFloat = 40
        var prepares = 0
        var rectsAsked: [CGRect] = []
        var invalidatesOnScroll = false
        var appearing: [IndexPath] = []
        private var attributes: [UICollectionViewLayoutAttributes] = []

        override func prepare() {
            super.prepare()
            prepares += 1
            let count = collectionView?.numberOfItems(inSection: 0) ?? 0
            attributes = (0..<count).map { item in
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                attributes.frame = CGRect(x: 0, y: CGFloat(item) * step, width: 20 + CGFloat(item), height: step)
                attributes.alpha = 0.5
                attributes.zIndex = item
                return attributes
            }
        }

        override var collectionViewContentSize: CGSize {
            CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(attributes.count) * step)
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            rectsAsked.append(rect)
            return attributes.filter { $0.frame.intersects(rect) }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            indexPath.item < attributes.count ? attributes[indexPath.item] : nil
        }

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { invalidatesOnScroll }

        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            appearing.append(itemIndexPath)
            let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
            attributes?.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
            return attributes
        }
    }

    func testTheCollectionViewUsesTheSubclassesAnswers() {
        let layout = StairsLayout()
        makeCollectionView(layout: layout, counts: [100])
        layoutPass()
        XCTAssertEqual(layout.prepares, 1)
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 200, height: 4000))
        XCTAssertEqual(layout.rectsAsked.last, CGRect(x: 0, y: 0, width: 200, height: 300))
        XCTAssertEqual(cellSubviews.count, 8)
        let cell = collectionView.cellForItem(at: IndexPath(item: 3, section: 0))!
        XCTAssertEqual(cell.frame, CGRect(x: 0, y: 120, width: 23, height: 40))
        XCTAssertEqual(cell.alpha, 0.5)
        XCTAssertEqual(cell.layer.zPosition, 3)

        // A scroll asks for the new rect without preparing again.
        collectionView.contentOffset = CGPoint(x: 0, y: 400)
        layoutPass()
        XCTAssertEqual(layout.prepares, 1)
        XCTAssertEqual(layout.rectsAsked.last, CGRect(x: 0, y: 400, width: 200, height: 300))
        XCTAssertEqual(Set(collectionView.indexPathsForVisibleItems.map(\.item)), Set(10...17))

        // Unless the layout asks to be invalidated by bounds changes.
        layout.invalidatesOnScroll = true
        collectionView.contentOffset = CGPoint(x: 0, y: 420)
        layoutPass()
        XCTAssertEqual(layout.prepares, 2)

        layout.step = 50
        layout.invalidateLayout()
        layoutPass()
        XCTAssertEqual(layout.prepares, 3)
        XCTAssertEqual(collectionView.contentSize.height, 5000)
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 9, section: 0))?.frame.minY, 450)
    }

    /// Inserted items start from initialLayoutAttributesForAppearingItem(at:).
    func testInsertedItemsStartFromTheInitialAttributes() {
        let layout = StairsLayout()
        makeCollectionView(layout: layout, counts: [3])
        layoutPass()
        CATransaction.flush()
        dataSource.counts = [4]
        collectionView.insertItems(at: [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(layout.appearing, [IndexPath(item: 1, section: 0)])
        let inserted = collectionView.cellForItem(at: IndexPath(item: 1, section: 0))!
        XCTAssertEqual(inserted.transform, .identity, "the model ends at the final attributes")
        XCTAssertFalse(inserted.layer.animationKeys()?.isEmpty ?? true, "from the initial ones, animated")
    }

    /// Changing the layout lays the items out by the new one.
    func testSettingANewLayout() {
        makeCollectionView(layout: StairsLayout(), counts: [10])
        layoutPass()
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 100, height: 100)
        flow.minimumInteritemSpacing = 0
        collectionView.setCollectionViewLayout(flow, animated: false)
        XCTAssertIdentical(collectionView.collectionViewLayout, flow)
        XCTAssertIdentical(flow.collectionView, collectionView)
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame, CGRect(x: 100, y: 0, width: 100, height: 100))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 200, height: 540))
    }

    /// Cells get apply(_:) with their attributes, after the collection view set the frame.
    func testCellsAreToldTheirAttributes() {
        final class ApplyingCell: UICollectionViewCell {
            var applied: [IndexPath] = []
            var frameWhenApplied: CGRect?
            override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
                applied.append(layoutAttributes.indexPath)
                frameWhenApplied = frame
            }
        }
        makeCollectionView(layout: StairsLayout(), counts: [3])
        collectionView.register(ApplyingCell.self, forCellWithReuseIdentifier: "cell")
        layoutPass()
        let cell = collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) as! ApplyingCell
        XCTAssertEqual(cell.applied.last, IndexPath(item: 2, section: 0))
        XCTAssertEqual(cell.frameWhenApplied, CGRect(x: 0, y: 80, width: 22, height: 40))
    }

    /// targetContentOffset(forProposedContentOffset:withScrollingVelocity:):
    /// "the collection view calls this method when… scrolling… is about to
    /// stop": a layout that rests on whole rows decides where a flick ends.
    func testTheLayoutChoosesWhereAFlickComesToRest() {
        final class RowSnappingLayout: UICollectionViewFlowLayout {
            var proposals: [CGPoint] = []
            override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                              withScrollingVelocity velocity: CGPoint) -> CGPoint {
                proposals.append(proposedContentOffset)
                let row = itemSize.height + minimumLineSpacing
                return CGPoint(x: proposedContentOffset.x, y: (proposedContentOffset.y / row).rounded() * row)
            }
        }
        let layout = RowSnappingLayout()
        layout.itemSize = CGSize(width: 200, height: 90)
        layout.minimumLineSpacing = 10
        makeCollectionView(layout: layout, counts: [100])
        layoutPass()
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 130), steps: 6)
        var elapsed: TimeInterval = 0
        while collectionView.isDecelerating && elapsed < 10 { advance(0.05); elapsed += 0.05 }
        XCTAssertEqual(layout.proposals.count, 1)
        XCTAssertGreaterThan(collectionView.contentOffset.y, 120)
        XCTAssertEqual(collectionView.contentOffset.y.truncatingRemainder(dividingBy: 100), 0, accuracy: 0.5)
    }

    /// A delegate set after the first layout answers the flow layout's questions at once.
    func testANewDelegateLaysOutAgain() {
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 10, height: 10)
        makeCollectionView(layout: flow, counts: [2])
        layoutPass()
        let metrics = FlowMetrics(sizes: [CGSize(width: 200, height: 30), CGSize(width: 200, height: 40)])
        collectionView.delegate = metrics
        layoutPass()
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame, CGRect(x: 0, y: 40, width: 200, height: 40))
    }

    /// The flow layout subclass ported code often carries: lines left-aligned
    /// by moving the attributes super returns.
    func testLeftAlignedFlowSubclass() {
        final class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                let attributes = super.layoutAttributesForElements(in: rect)
                var leftMargin = sectionInset.left
                var maxY: CGFloat = -1.0
                attributes?.forEach { layoutAttribute in
                    guard layoutAttribute.representedElementCategory == .cell else { return }
                    if layoutAttribute.frame.origin.y >= maxY {
                        leftMargin = sectionInset.left
                    }
                    layoutAttribute.frame.origin.x = leftMargin
                    leftMargin += layoutAttribute.frame.width + minimumInteritemSpacing
                    maxY = max(layoutAttribute.frame.maxY, maxY)
                }
                return attributes
            }
        }
        let layout = LeftAlignedFlowLayout()
        layout.itemSize = CGSize(width: 50, height: 40)
        makeCollectionView(layout: layout, counts: [5])
        layoutPass()
        let xs = (0..<5).map { collectionView.cellForItem(at: IndexPath(item: $0, section: 0))!.frame.minX }
        XCTAssertEqual(xs, [0, 60, 120, 0, 60])
    }
}

