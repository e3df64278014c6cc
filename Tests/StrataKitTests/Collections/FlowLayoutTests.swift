import XCTest
@testable import StrataKit

/// UICollectionViewFlowLayout's frames, computed by hand from Apple's
/// UICollectionViewFlowLayout reference: items fill a line while they fit
/// with `minimumInteritemSpacing` ("This spacing is used to compute how
/// many items can fit in a single line, but after the number of items is
/// determined, the actual spacing may possibly be adjusted upward"), lines
/// are `minimumLineSpacing` apart ("not applied to the space between the
/// header view and the first line or between the last line and the
/// footer view"), `sectionInset` around each section's lines.
final class FlowLayoutTests: CollectionViewTestCase {
    private func flow(item: CGSize, interitem: CGFloat = 10, line: CGFloat = 10) -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = item
        layout.minimumInteritemSpacing = interitem
        layout.minimumLineSpacing = line
        return layout
    }

    /// The documented defaults.
    func testDefaults() {
        let layout = UICollectionViewFlowLayout()
        XCTAssertEqual(layout.itemSize, CGSize(width: 50, height: 50))
        XCTAssertEqual(layout.minimumLineSpacing, 10)
        XCTAssertEqual(layout.minimumInteritemSpacing, 10)
        XCTAssertEqual(layout.sectionInset, .zero)
        XCTAssertEqual(layout.scrollDirection, .vertical)
        XCTAssertEqual(layout.estimatedItemSize, .zero)
        XCTAssertTrue(layout.invalidationContext(forBoundsChange: .zero) is UICollectionViewFlowLayoutInvalidationContext)
    }

    /// 60-wide items in 200 points: 60 + 10 + 60 + 10 + 60 = 200, three a
    /// line; seven items make lines at 0, 50, 100, the last one item at the left.
    func testItemsFillLinesLeftToRight() {
        makeCollectionView(layout: flow(item: CGSize(width: 60, height: 40)), counts: [7])
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 0, y: 0, width: 60, height: 40))
        XCTAssertEqual(frame(1), CGRect(x: 70, y: 0, width: 60, height: 40))
        XCTAssertEqual(frame(2), CGRect(x: 140, y: 0, width: 60, height: 40))
        XCTAssertEqual(frame(3), CGRect(x: 0, y: 50, width: 60, height: 40))
        XCTAssertEqual(frame(6), CGRect(x: 0, y: 100, width: 60, height: 40))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 200, height: 140))
    }

    /// 50-wide items: three fit (170 ≤ 200, four need 230), and the spacing
    /// grows to (200 − 150) / 2 = 25 so the line spans the width; the last
    /// line keeps that spacing from the left (the grid's columns).
    func testSpacingIsAdjustedUpwardAndTheLastLineKeepsTheColumns() {
        makeCollectionView(layout: flow(item: CGSize(width: 50, height: 50)), counts: [5])
        layoutPass()
        XCTAssertEqual([0, 1, 2].map { frame($0)!.minX }, [0, 75, 150])
        XCTAssertEqual([3, 4].map { frame($0)!.minX }, [0, 75])
        XCTAssertEqual(frame(4)!.minY, 60)
    }

    /// A section of one line: one item is centered; two are pushed to the edges (justified).
    func testSingleLineSections() {
        makeCollectionView(layout: flow(item: CGSize(width: 50, height: 50)), counts: [1, 2])
        layoutPass()
        XCTAssertEqual(frame(0, 0), CGRect(x: 75, y: 0, width: 50, height: 50))
        XCTAssertEqual(frame(0, 1), CGRect(x: 0, y: 50, width: 50, height: 50))
        XCTAssertEqual(frame(1, 1), CGRect(x: 150, y: 50, width: 50, height: 50))
    }

    /// Header, inset, lines, inset, footer: 180 points between the side
    /// insets hold two 80-wide items, 20 apart.
    func testSectionInsetsHeadersAndFooters() {
        let layout = flow(item: CGSize(width: 80, height: 40), line: 8)
        layout.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 10)
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        makeCollectionView(layout: layout, counts: [3, 3])
        layoutPass()
        let header = UICollectionView.elementKindSectionHeader, footer = UICollectionView.elementKindSectionFooter
        XCTAssertEqual(collectionView.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 0))?.frame,
                       CGRect(x: 0, y: 0, width: 200, height: 30))
        XCTAssertEqual(frame(0), CGRect(x: 10, y: 35, width: 80, height: 40))
        XCTAssertEqual(frame(1), CGRect(x: 110, y: 35, width: 80, height: 40))
        XCTAssertEqual(frame(2), CGRect(x: 10, y: 83, width: 80, height: 40))
        XCTAssertEqual(collectionView.layoutAttributesForSupplementaryElement(ofKind: footer, at: IndexPath(item: 0, section: 0))?.frame,
                       CGRect(x: 0, y: 138, width: 200, height: 20))
        XCTAssertEqual(collectionView.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 1))?.frame,
                       CGRect(x: 0, y: 158, width: 200, height: 30))
        XCTAssertEqual(frame(0, 1), CGRect(x: 10, y: 193, width: 80, height: 40))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 200, height: 316))
        XCTAssertEqual(collectionView.supplementaryView(forElementKind: footer, at: IndexPath(item: 0, section: 0))?.frame,
                       CGRect(x: 0, y: 138, width: 200, height: 20), "the footer's view is placed")
    }

    /// Items of different heights in a line are centered across it; the line is as tall as the tallest.
    func testItemsAreCenteredInTheirLine() {
        let sizes = [CGSize(width: 60, height: 40), CGSize(width: 60, height: 80), CGSize(width: 60, height: 20),
                     CGSize(width: 60, height: 10)]
        let metrics = FlowMetrics(sizes: sizes)
        let layout = flow(item: .zero)
        makeCollectionView(layout: layout, counts: [4])
        collectionView.delegate = metrics
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 0, y: 20, width: 60, height: 40))
        XCTAssertEqual(frame(1), CGRect(x: 70, y: 0, width: 60, height: 80))
        XCTAssertEqual(frame(2), CGRect(x: 140, y: 30, width: 60, height: 20))
        XCTAssertEqual(frame(3), CGRect(x: 0, y: 90, width: 60, height: 10))
    }

    /// The delegate's per-section metrics win over the layout's properties.
    func testDelegateMetricsOverrideTheProperties() {
        let metrics = FlowMetrics(sizes: Array(repeating: CGSize(width: 90, height: 30), count: 4))
        metrics.insets = [UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0), UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 5)]
        metrics.lineSpacing = 4
        metrics.headerHeight = 12
        makeCollectionView(layout: flow(item: CGSize(width: 10, height: 10)), counts: [4, 4])
        collectionView.delegate = metrics
        layoutPass()
        // Section 0: header 12, lines at 12 and 46 (30 + 4); ends at 76.
        XCTAssertEqual(frame(0, 0), CGRect(x: 0, y: 12, width: 90, height: 30))
        XCTAssertEqual(frame(1, 0), CGRect(x: 110, y: 12, width: 90, height: 30))
        XCTAssertEqual(frame(2, 0), CGRect(x: 0, y: 46, width: 90, height: 30))
        // Section 1: header at 76, inset 10, items within 5…195.
        XCTAssertEqual(frame(0, 1), CGRect(x: 5, y: 98, width: 90, height: 30))
        XCTAssertEqual(frame(1, 1), CGRect(x: 105, y: 98, width: 90, height: 30))
    }

    /// Scrolling horizontally, lines are columns filled top to bottom.
    func testHorizontalFlowFillsColumns() {
        let layout = flow(item: CGSize(width: 50, height: 60), line: 20)
        layout.scrollDirection = .horizontal
        makeCollectionView(layout: layout, counts: [7], frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 0, y: 0, width: 50, height: 60))
        XCTAssertEqual(frame(1), CGRect(x: 0, y: 70, width: 50, height: 60))
        XCTAssertEqual(frame(2), CGRect(x: 0, y: 140, width: 50, height: 60))
        XCTAssertEqual(frame(3), CGRect(x: 70, y: 0, width: 50, height: 60))
        XCTAssertEqual(frame(6), CGRect(x: 140, y: 0, width: 50, height: 60))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 190, height: 200))
        XCTAssertEqual(cellSubviews.count, 7)
    }

    /// sectionHeadersPinToVisibleBounds: the header stays at the top while
    /// its section shows, and is pushed up by the section's end.
    func testPinnedHeadersFollowTheVisibleBounds() {
        let layout = flow(item: CGSize(width: 200, height: 50), line: 0)
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.sectionHeadersPinToVisibleBounds = true
        makeCollectionView(layout: layout, counts: [10, 10])
        layoutPass()
        let kind = UICollectionView.elementKindSectionHeader
        let header = collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0))!
        collectionView.contentOffset = CGPoint(x: 0, y: 100)
        layoutPass()
        XCTAssertEqual(header.frame, CGRect(x: 0, y: 100, width: 200, height: 30))
        XCTAssertGreaterThan(header.layer.zPosition, collectionView.cellForItem(at: IndexPath(item: 3, section: 0))!.layer.zPosition)

        // Section 0 ends at 30 + 500 = 530: the header stops at 500.
        collectionView.contentOffset = CGPoint(x: 0, y: 520)
        layoutPass()
        XCTAssertEqual(header.frame.minY, 500)
        XCTAssertTrue(collectionView.hitTest(CGPoint(x: 100, y: 525), with: nil)?.isDescendant(of: header) == true,
                      "the pinned header is in front of the cell under it, which came later")
        XCTAssertEqual(collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1))?.frame.minY, 530)
    }

    /// estimatedItemSize: cells start at the estimate and take the size
    /// Auto Layout gives their content (systemLayoutSizeFitting), then the
    /// lines follow. One 180-wide item a line, centered in 200.
    func testSelfSizingCellsTakeTheirFittingSize() {
        let layout = flow(item: CGSize(width: 10, height: 10))
        layout.estimatedItemSize = CGSize(width: 180, height: 44)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        view.register(SizingCell.self, forCellWithReuseIdentifier: "sizing")
        let source = SizingDataSource()
        view.dataSource = source
        window.addSubview(view)
        collectionView = view
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 10, y: 0, width: 180, height: 20))
        XCTAssertEqual(frame(1), CGRect(x: 10, y: 30, width: 180, height: 30))
        XCTAssertEqual(frame(2), CGRect(x: 10, y: 70, width: 180, height: 40))
        XCTAssertEqual(view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame, CGRect(x: 10, y: 70, width: 180, height: 40))
    }

    /// Self-sizing rows shown while scrolling 10,000 of them: each
    /// measurement moves what follows, without preparing again.
    func testMeasuringWhileScrollingDoesNotPrepareAgain() {
        final class CountingFlowLayout: UICollectionViewFlowLayout {
            var prepares = 0
            override func prepare() {
                super.prepare()
                prepares += 1
            }
        }
        let layout = CountingFlowLayout()
        layout.estimatedItemSize = CGSize(width: 180, height: 44)
        layout.minimumLineSpacing = 10
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        view.register(SizingCell.self, forCellWithReuseIdentifier: "sizing")
        let source = RowsOfThirty()
        view.dataSource = source
        window.addSubview(view)
        collectionView = view
        layoutPass()
        for step in 1...40 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 37)
            layoutPass()
        }
        XCTAssertEqual(layout.prepares, 1)
        XCTAssertEqual(frame(40), CGRect(x: 10, y: 1600, width: 180, height: 30), "40 measured rows, 40 apart")
        XCTAssertEqual(frame(150)?.height, 44)
        for item in 0..<200 {
            XCTAssertEqual(frame(item + 1)?.minY, (frame(item)?.maxY ?? 0) + 10, "row \(item + 1) follows row \(item)")
        }
        XCTAssertEqual(view.contentSize.height, frame(9_999)?.maxY)
        XCTAssertEqual(view.cellForItem(at: IndexPath(item: 40, section: 0))?.frame, CGRect(x: 10, y: 1600, width: 180, height: 30))
    }

    /// The flow layout's self-sizing pattern: the cell fixes its width with
    /// a constraint and a multi-line label wraps within it.
    func testSelfSizingCellsWithWrappingLabels() {
        final class WrappingCell: UICollectionViewCell {
            let label = UILabel()
            override init(frame: CGRect) {
                super.init(frame: frame)
                label.numberOfLines = 0
                label.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(label)
                NSLayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 10),
                    label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -10),
                    label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
                    label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
                    contentView.widthAnchor.constraint(equalToConstant: 180),
                ])
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        final class Texts: UICollectionViewDataSource {
            let texts = ["One line", String(repeating: "Many words wrap onto more lines. ", count: 5)]
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "wrapping", for: indexPath) as! WrappingCell
                cell.label.text = texts[indexPath.item]
                return cell
            }
        }
        let layout = flow(item: CGSize(width: 10, height: 10))
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        view.register(WrappingCell.self, forCellWithReuseIdentifier: "wrapping")
        let source = Texts()
        view.dataSource = source
        window.addSubview(view)
        collectionView = view
        layoutPass()
        let short = frame(0)!, long = frame(1)!
        XCTAssertEqual(short.width, 180)
        XCTAssertEqual(long.width, 180)
        XCTAssertEqual(short.minX, 10, "centered alone on its line")
        XCTAssertGreaterThan(long.height, short.height * 3, "the long text wraps within 160 points")
        XCTAssertEqual(long.minY, short.maxY + 10)
    }

    /// A new width (a resize, a rotation) lays the lines out again: five
    /// 50-point items fit in a 300-point line (290 with the minimum
    /// spacing), 62.5 apart.
    func testResizingLaysTheLinesOutAgain() {
        makeCollectionView(layout: flow(item: CGSize(width: 50, height: 50)), counts: [8])
        layoutPass()
        XCTAssertEqual(frame(3)?.origin, CGPoint(x: 0, y: 60))
        collectionView.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        layoutPass()
        XCTAssertEqual(frame(3)?.origin, CGPoint(x: 187.5, y: 0))
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.origin, CGPoint(x: 187.5, y: 0))
        collectionView.bounds.size = CGSize(width: 200, height: 300)
        layoutPass()
        XCTAssertEqual(frame(3)?.origin, CGPoint(x: 0, y: 60))
        // Resized by its superview's autoresizing.
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        window.addSubview(container)
        container.addSubview(collectionView)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.frame.size = CGSize(width: 300, height: 300)
        layoutPass()
        XCTAssertEqual(collectionView.bounds.width, 300)
        XCTAssertEqual(frame(3)?.origin, CGPoint(x: 187.5, y: 0))
    }
}

/// A flow layout delegate with per-item sizes and optional per-section metrics.
final class FlowMetrics: UICollectionViewDelegateFlowLayout {
    let sizes: [CGSize]
    var insets: [UIEdgeInsets]?
    var lineSpacing: CGFloat?
    var headerHeight: CGFloat?

    init(sizes: [CGSize]) { self.sizes = sizes }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize { sizes[indexPath.item] }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets {
        insets?[section] ?? (collectionViewLayout as! UICollectionViewFlowLayout).sectionInset
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        lineSpacing ?? (collectionViewLayout as! UICollectionViewFlowLayout).minimumLineSpacing
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize {
        CGSize(width: 0, height: headerHeight ?? 0)
    }
}

/// A cell whose content is a box constrained to 180 points wide and a height set per item.
final class SizingCell: UICollectionViewCell {
    let box = UIView()
    var heightConstraint: NSLayoutConstraint!

    override init(frame: CGRect) {
        super.init(frame: frame)
        box.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(box)
        heightConstraint = box.heightAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            box.topAnchor.constraint(equalTo: contentView.topAnchor),
            box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            box.widthAnchor.constraint(equalToConstant: 180),
            heightConstraint,
        ])
    }

    required init?(coder: NSCoder) { fatalError() }
}

/// Three items of heights 20, 30, 40.
final class SizingDataSource: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "sizing", for: indexPath) as! SizingCell
        cell.heightConstraint.constant = CGFloat(20 + 10 * indexPath.item)
        return cell
    }
}
