import XCTest
@testable import StrataKit

/// UICollectionViewCompositionalLayout's frames, computed by hand from
/// Apple's reference: NSCollectionLayoutDimension ("fractionalWidth: a
/// dimension that's computed as a fraction of the width of the containing
/// group"), NSCollectionLayoutGroup.horizontal(layoutSize:subitem:count:)
/// ("the group… lays out the specified number of items… each item's
/// width is calculated to fit"), NSCollectionLayoutSpacing ("flexible:
/// …spacing that can grow to fill any additional space available"),
/// NSCollectionLayoutSection (interGroupSpacing, contentInsets,
/// orthogonalScrollingBehavior: "the section scrolls… orthogonally to the
/// layout's main axis") and boundarySupplementaryItems.
final class CompositionalLayoutTests: CollectionViewTestCase {
    private func size(_ width: NSCollectionLayoutDimension, _ height: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: width, heightDimension: height)
    }

    /// Two columns in a section inset 10 at the sides and 5 at the top and bottom, rows 10 apart.
    func testGridWithInsetsAndInterGroupSpacing() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
        makeCollectionView(layout: UICollectionViewCompositionalLayout(section: section), counts: [5])
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 10, y: 5, width: 90, height: 50))
        XCTAssertEqual(frame(1), CGRect(x: 100, y: 5, width: 90, height: 50))
        XCTAssertEqual(frame(2), CGRect(x: 10, y: 65, width: 90, height: 50))
        XCTAssertEqual(frame(4), CGRect(x: 10, y: 125, width: 90, height: 50))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 200, height: 180))
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame, CGRect(x: 10, y: 125, width: 90, height: 50))
    }

    /// An item's contentInsets shrink its cell inside its room.
    func testItemContentInsets() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 3, bottom: 4, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        makeCollectionView(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [2])
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 3, y: 2, width: 92, height: 44))
        XCTAssertEqual(frame(1), CGRect(x: 103, y: 2, width: 92, height: 44))
    }

    /// `subitem:count:` sizes three items to share 200 points with 10 between: 60 each.
    func testGroupWithCountAndFixedSpacing() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(999), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        makeCollectionView(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [4])
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 0, y: 0, width: 60, height: 40))
        XCTAssertEqual(frame(1), CGRect(x: 70, y: 0, width: 60, height: 40))
        XCTAssertEqual(frame(2), CGRect(x: 140, y: 0, width: 60, height: 40))
        XCTAssertEqual(frame(3), CGRect(x: 0, y: 40, width: 60, height: 40))
    }

    /// Flexible spacing: three 50-point items fit with at least 10 between; the rest (50) is shared out.
    func testFlexibleSpacingSharesTheRest() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(50), .absolute(50)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        group.interItemSpacing = .flexible(10)
        makeCollectionView(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [4])
        layoutPass()
        XCTAssertEqual([0, 1, 2].map { frame($0)!.minX }, [0, 75, 150])
        XCTAssertEqual(frame(3), CGRect(x: 0, y: 50, width: 50, height: 50))
    }

    /// Nested groups, as in Apple's "Implementing Modern Collection Views":
    /// a large item beside a vertical pair.
    func testNestedGroups() {
        let large = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.7), .fractionalHeight(1)))
        let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let pair = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.3), .fractionalHeight(1)), subitem: small, count: 2)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [large, pair])
        makeCollectionView(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [6])
        layoutPass()
        XCTAssertEqual(rounded(frame(0)), CGRect(x: 0, y: 0, width: 140, height: 100))
        XCTAssertEqual(rounded(frame(1)), CGRect(x: 140, y: 0, width: 60, height: 50))
        XCTAssertEqual(rounded(frame(2)), CGRect(x: 140, y: 50, width: 60, height: 50))
        XCTAssertEqual(rounded(frame(3)), CGRect(x: 0, y: 100, width: 140, height: 100))
        XCTAssertEqual(rounded(frame(5)), CGRect(x: 140, y: 150, width: 60, height: 50))
    }

    /// A section header (a boundary item at the top) follows the content
    /// insets; sections are `interSectionSpacing` apart; the provider is
    /// asked per section with the container's size.
    func testBoundaryHeadersAndSectionProvider() {
        var environments: [CGSize] = []
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            environments.append(environment.container.effectiveContentSize)
            let columns = index == 0 ? 2 : 4
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(columns)),
                                                                                 heightDimension: .absolute(40)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                              heightDimension: .absolute(40)),
                                                           subitem: item, count: columns)
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 0, trailing: 10)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            section.boundarySupplementaryItems = [header]
            return section
        }, configuration: configuration)
        makeCollectionView(layout: layout, counts: [3, 4])
        layoutPass()
        XCTAssertEqual(environments.first, CGSize(width: 200, height: 300))
        let kind = UICollectionView.elementKindSectionHeader
        XCTAssertEqual(collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0))?.frame,
                       CGRect(x: 10, y: 0, width: 180, height: 30))
        XCTAssertEqual(frame(0), CGRect(x: 10, y: 35, width: 90, height: 40))
        XCTAssertEqual(frame(2), CGRect(x: 10, y: 75, width: 90, height: 40))
        // Section 0 ends at 115; section 1 starts 20 later.
        XCTAssertEqual(collectionView.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: 1))?.frame,
                       CGRect(x: 10, y: 135, width: 180, height: 30))
        XCTAssertEqual(frame(1, 1), CGRect(x: 55, y: 170, width: 45, height: 40))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 200, height: 210))
    }

    /// An orthogonal section is a scroll view of its own across the
    /// layout: its band spans the width, its groups run sideways inside,
    /// and only its visible items have cells; scrolling it tiles again.
    func testOrthogonalSectionScrollsInItsOwnScrollView() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.absolute(120), .absolute(80)), subitems: [item])
        let carousel = NSCollectionLayoutSection(group: group)
        carousel.interGroupSpacing = 10
        carousel.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        carousel.orthogonalScrollingBehavior = .continuous
        let rowItem = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let rows = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [rowItem]))
        let layout = UICollectionViewCompositionalLayout { index, _ in index == 0 ? carousel : rows }
        makeCollectionView(layout: layout, counts: [10, 20])
        layoutPass()

        let scrollers = collectionView.subviews.compactMap { $0 as? UIScrollView }
        XCTAssertEqual(scrollers.count, 1)
        let scroller = scrollers[0]
        XCTAssertEqual(scroller.frame, CGRect(x: 0, y: 0, width: 200, height: 80))
        XCTAssertEqual(scroller.contentSize, CGSize(width: 10 + 10 * 120 + 9 * 10 + 10, height: 80))
        XCTAssertEqual(frame(3), CGRect(x: 400, y: 0, width: 120, height: 80), "unscrolled frames")
        XCTAssertEqual(frame(0, 1), CGRect(x: 0, y: 80, width: 200, height: 50))
        let inCarousel = { scroller.subviews.compactMap { $0 as? UICollectionViewCell } }
        XCTAssertEqual(inCarousel().count, 2)
        XCTAssertIdentical(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.superview, scroller)
        XCTAssertEqual(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame, CGRect(x: 140, y: 0, width: 120, height: 80))

        scroller.contentOffset = CGPoint(x: 300, y: 0)
        layoutPass()
        // 300…500 shows items 2 (270…390) and 3 (400…520).
        XCTAssertEqual(Set(collectionView.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item)), [2, 3])
        XCTAssertEqual(inCarousel().count, 2)
        XCTAssertEqual(collectionView.indexPathForItem(at: CGPoint(x: 50, y: 40)), IndexPath(item: 2, section: 0))

        // A tap on a scrolled card selects its item.
        tap(at: CGPoint(x: 150, y: 40))
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 3, section: 0)])

        // The main scroll moves the band with its section.
        collectionView.contentOffset = CGPoint(x: 0, y: 60)
        layoutPass()
        XCTAssertEqual(scroller.frame.minY, 0)
        XCTAssertEqual(scroller.contentOffset.x, 300, "the section keeps its own offset")
    }

    /// Paging and group paging settle the section's own scroll view.
    func testOrthogonalPagingBehaviours() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.absolute(150), .absolute(80)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        makeCollectionView(layout: UICollectionViewCompositionalLayout(section: section), counts: [10])
        layoutPass()
        let scroller = collectionView.subviews.compactMap { $0 as? UIScrollView }.first!
        XCTAssertFalse(scroller.isPagingEnabled)
        // A short flick to the left moves one group on: to 150.
        drag(from: CGPoint(x: 150, y: 40), to: CGPoint(x: 110, y: 40), steps: 4)
        var elapsed: TimeInterval = 0
        while scroller.isDecelerating && elapsed < 5 { advance(0.05); elapsed += 0.05; layoutPass() }
        XCTAssertEqual(scroller.contentOffset.x, 150, accuracy: 0.5)

        section.orthogonalScrollingBehavior = .paging
        collectionView.collectionViewLayout.invalidateLayout()
        layoutPass()
        XCTAssertTrue(scroller.isPagingEnabled)
    }

    /// A list layout: full-width rows whose heights the list cells measure
    /// (estimated 44); inset grouped lists sit 20 points in from the sides.
    func testListLayoutMeasuresItsCells() {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))
        window.addSubview(view)
        collectionView = view
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
            var content = cell.defaultContentConfiguration()
            content.text = text
            if text == "two lines" { content.secondaryText = "detail" }
            cell.contentConfiguration = content
        }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["one", "two lines", "three"])
        source.apply(snapshot, animatingDifferences: false)
        layoutPass()

        let cell = view.cellForItem(at: IndexPath(item: 0, section: 0)) as! UICollectionViewListCell
        let content = cell.contentConfiguration as! UIListContentConfiguration
        let label = UILabel(frame: .zero)
        label.font = content.textProperties.font
        label.text = "one"
        let oneLine = label.sizeThatFits(CGSize(width: 128, height: 1000)).height + 22
        label.font = content.secondaryTextProperties.font
        label.text = "detail"
        let twoLines = oneLine + 3 + label.sizeThatFits(CGSize(width: 128, height: 1000)).height
        XCTAssertEqual(rounded(frame(0)), rounded(CGRect(x: 20, y: 0, width: 160, height: oneLine)))
        XCTAssertEqual(rounded(frame(1)), rounded(CGRect(x: 20, y: oneLine, width: 160, height: twoLines)))
        XCTAssertEqual(rounded(frame(2)), rounded(CGRect(x: 20, y: oneLine + twoLines, width: 160, height: oneLine)))
        XCTAssertEqual(rounded(cell.frame), rounded(frame(0)))
        XCTAssertNotNil(cell.backgroundView?.backgroundColor, "list cells have a background configuration")
        // Separators between the rows of an inset grouped list, from the text's leading edge; none under the last.
        let separators = (0..<3).map { (view.cellForItem(at: IndexPath(item: $0, section: 0)) as! UICollectionViewListCell).separator }
        XCTAssertEqual(separators.map(\.isHidden), [false, false, true])
        separators[0].superview?.layoutIfNeeded()
        XCTAssertEqual(rounded(separators[0].frame), rounded(CGRect(x: 16, y: oneLine - 1, width: 144, height: 1)))
        withExtendedLifetime(source) {}
    }

    /// Scrolling horizontally (the configuration's direction), groups
    /// follow one another to the right and fractional heights are of the
    /// visible height; sections are side by side.
    func testHorizontalConfiguration() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size(.absolute(120), .fractionalHeight(1)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 5, bottom: 20, trailing: 5)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 30
        makeCollectionView(layout: UICollectionViewCompositionalLayout(section: section, configuration: configuration), counts: [5, 2])
        layoutPass()
        // The groups are 260 tall (300 − 40), two items of 130 each.
        XCTAssertEqual(frame(0), CGRect(x: 5, y: 20, width: 120, height: 130))
        XCTAssertEqual(frame(1), CGRect(x: 5, y: 150, width: 120, height: 130))
        XCTAssertEqual(frame(2), CGRect(x: 135, y: 20, width: 120, height: 130))
        XCTAssertEqual(frame(4), CGRect(x: 265, y: 20, width: 120, height: 130))
        // Section 0 ends at 5 + 3 × 120 + 2 × 10 + 5 = 390; section 1 starts 30 later.
        XCTAssertEqual(frame(0, 1), CGRect(x: 425, y: 20, width: 120, height: 130))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 550, height: 300))
        XCTAssertEqual(Set(collectionView.indexPathsForVisibleItems.map(\.item)), [0, 1, 2, 3])
    }

    /// The configuration's boundary items frame the whole layout; an item's
    /// edgeSpacing keeps room before it along its group.
    func testLayoutHeaderAndEdgeSpacing() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(50), .absolute(50)))
        item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(10), top: nil, trailing: nil, bottom: nil)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(40)),
                                                                 elementKind: "layout-header", alignment: .top)
        configuration.boundarySupplementaryItems = [header]
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group), configuration: configuration)
        makeCollectionView(layout: layout, counts: [4])
        collectionView.register(CountingHeader.self, forSupplementaryViewOfKind: "layout-header", withReuseIdentifier: "supplementary")
        layoutPass()
        XCTAssertEqual(collectionView.layoutAttributesForSupplementaryElement(ofKind: "layout-header", at: IndexPath(item: 0, section: 0))?.frame,
                       CGRect(x: 0, y: 0, width: 200, height: 40))
        XCTAssertNotNil(collectionView.supplementaryView(forElementKind: "layout-header", at: IndexPath(item: 0, section: 0)))
        // 10 + 50 + 10 + 50 + 10 + 50 = 180 ≤ 200: three a row.
        XCTAssertEqual([0, 1, 2].map { frame($0)!.minX }, [10, 70, 130])
        XCTAssertEqual(frame(3), CGRect(x: 10, y: 90, width: 50, height: 50))
        XCTAssertEqual(collectionView.contentSize.height, 140)
    }

    /// Self-sizing while scrolling a long list: each measurement lays out
    /// its own group again and moves the rest, without preparing the whole
    /// layout again, so a frame costs no full pass over 10,000 rows.
    func testMeasuringWhileScrollingDoesNotPrepareAgain() {
        final class CountingLayout: UICollectionViewCompositionalLayout {
            var prepares = 0
            override func prepare() {
                super.prepare()
                prepares += 1
            }
        }
        let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)]))
        let layout = CountingLayout(section: section)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        view.register(SizingCell.self, forCellWithReuseIdentifier: "sizing")
        let source = RowsOfThirty()
        view.dataSource = source
        window.addSubview(view)
        collectionView = view
        layoutPass()
        XCTAssertEqual(layout.prepares, 1)
        XCTAssertEqual(frame(0), CGRect(x: 0, y: 0, width: 200, height: 30))
        XCTAssertEqual(frame(9), CGRect(x: 0, y: 270, width: 200, height: 30))
        for step in 1...50 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 37)
            layoutPass()
        }
        XCTAssertEqual(layout.prepares, 1)
        XCTAssertEqual(frame(60), CGRect(x: 0, y: 1800, width: 200, height: 30), "measured rows above it")
        XCTAssertEqual(view.cellForItem(at: IndexPath(item: 65, section: 0))?.frame, CGRect(x: 0, y: 1950, width: 200, height: 30))
        XCTAssertEqual(frame(150)?.height, 44, "rows not shown yet keep the estimate")
        for item in 0..<200 {
            XCTAssertEqual(frame(item + 1)?.minY, frame(item)?.maxY, "row \(item + 1) follows row \(item)")
        }
        let last: CGFloat = frame(9_999)?.maxY ?? 0
        XCTAssertEqual(view.contentSize.height, last)
    }

    /// Section backgrounds, as Apple's SectionDecorationViewController makes
    /// them: a decoration item registered with the layout, inset 5 inside
    /// a section inset 10, behind the cells.
    func testSectionBackgroundDecorations() {
        final class BackgroundView: UICollectionReusableView {}
        let row = size(.fractionalWidth(1), .absolute(44))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)]))
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let background = NSCollectionLayoutDecorationItem.background(elementKind: "background")
        background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [background]
        let layout = UICollectionViewCompositionalLayout(section: section)
        layout.register(BackgroundView.self, forDecorationViewOfKind: "background")
        makeCollectionView(layout: layout, counts: [3, 3])
        layoutPass()
        XCTAssertEqual(layout.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 1))?.frame,
                       CGRect(x: 5, y: 157, width: 190, height: 142))
        let backgrounds = collectionView.subviews.compactMap { $0 as? BackgroundView }
        XCTAssertEqual(backgrounds.map(\.frame).sorted { $0.minY < $1.minY },
                       [CGRect(x: 5, y: 5, width: 190, height: 142), CGRect(x: 5, y: 157, width: 190, height: 142)])
        let firstCell = collectionView.subviews.firstIndex { $0 is UICollectionViewCell }!
        XCTAssertTrue(backgrounds.allSatisfy { view in collectionView.subviews.firstIndex { $0 === view }! < firstCell }, "behind the cells")
        // After an update the backgrounds follow the new layout.
        dataSource.counts = [4, 3]
        UIView.performWithoutAnimation { collectionView.insertItems(at: [IndexPath(item: 3, section: 0)]) }
        XCTAssertEqual(collectionView.subviews.compactMap { $0 as? BackgroundView }.map(\.frame.height).sorted(), [142, 186])
    }

    /// After an update the rows on screen measure again: the sizes measured
    /// before belonged to index paths that now hold other items.
    func testSelfSizingRowsAfterAnUpdate() {
        let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)]))
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300),
                                    collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
        window.addSubview(view)
        collectionView = view
        let registration = UICollectionView.CellRegistration<SizingCell, Int> { cell, _, height in
            cell.heightConstraint.constant = CGFloat(height)
        }
        let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item % 1000)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<100).map { 1000 * $0 + 30 })   // every row 30 tall
        source.apply(snapshot, animatingDifferences: false)
        layoutPass()
        XCTAssertEqual(frame(9), CGRect(x: 0, y: 270, width: 200, height: 30))
        snapshot.insertItems([100_020, 100_050], beforeItem: 30)  // rows 20 and 50 tall at the top
        source.apply(snapshot, animatingDifferences: false)
        layoutPass()
        XCTAssertEqual(frame(0), CGRect(x: 0, y: 0, width: 200, height: 20))
        XCTAssertEqual(frame(1), CGRect(x: 0, y: 20, width: 200, height: 50))
        XCTAssertEqual(frame(2), CGRect(x: 0, y: 70, width: 200, height: 30))
        for item in 0..<40 {
            XCTAssertEqual(frame(item + 1)?.minY, frame(item)?.maxY)
        }
        for cell in view.visibleCells { XCTAssertEqual(cell.frame, view.layoutAttributesForItem(at: view.indexPath(for: cell)!)?.frame) }
        withExtendedLifetime(source) {}
    }

    /// The common self-sizing cell: a multi-line label pinned to the content
    /// view. In a list the width is fixed and the label wraps to it, so a
    /// long text makes a taller row than a short one.
    func testWrappingLabelCellsSizeToTheirText() {
        final class LabelCell: UICollectionViewCell {
            let label = UILabel()
            override init(frame: CGRect) {
                super.init(frame: frame)
                label.numberOfLines = 0
                label.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(label)
                NSLayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
                    label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
                    label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
                    label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
                ])
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        window.addSubview(view)
        collectionView = view
        let registration = UICollectionView.CellRegistration<LabelCell, String> { cell, _, text in cell.label.text = text }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Short", String(repeating: "A rather long line of words that wraps. ", count: 4)])
        source.apply(snapshot, animatingDifferences: false)
        layoutPass()
        let short = try! XCTUnwrap(frame(0)), long = try! XCTUnwrap(frame(1))
        let label = UILabel()
        label.text = "Short"
        XCTAssertEqual(short.height, label.intrinsicContentSize.height + 16, accuracy: 0.5)
        XCTAssertEqual(short.width, 200)
        XCTAssertGreaterThan(long.height, short.height * 3, "the long text wraps onto several lines")
        XCTAssertEqual(long.minY, short.maxY)
        let cell = view.cellForItem(at: IndexPath(item: 1, section: 0)) as! LabelCell
        view.layoutIfNeeded()
        cell.layoutIfNeeded()
        XCTAssertEqual(cell.label.frame.width, 184)
        withExtendedLifetime(source) {}
    }
}

/// 10,000 rows whose cells measure 30 points tall (180-wide content, centered by nothing: full width).
final class RowsOfThirty: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 10_000 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "sizing", for: indexPath) as! SizingCell
        cell.heightConstraint.constant = 30
        return cell
    }
}

