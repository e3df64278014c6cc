import Foundation

/// The layout pass: prepare the layout if it was invalidated, then make the
/// views on screen match the elements whose frames meet the visible
/// bounds. Views that left go to the reuse queues; elements that came get
/// a view from the data source; the ones that stay get their (possibly
/// new) attributes. Self-sizing views are measured as they come, and the
/// pass runs again while a measurement changes the layout.
extension UICollectionView {
    /// The counts, read from the data source once per reload or update.
    func loadItemCountsIfNeeded() -> [Int] {
        if let itemCounts { return itemCounts }
        guard let dataSource else { return [] }
        let sections = max(0, dataSource.numberOfSections(in: self))
        let counts = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        itemCounts = counts
        selectedIndexPaths = selectedIndexPaths.filter { $0.section < counts.count && $0.item < counts[$0.section] }
        return counts
    }

    /// Runs `prepare()` when the layout was invalidated, and takes its content size.
    func prepareLayoutIfNeeded() {
        let layout = collectionViewLayout
        guard layout.needsPrepare else { return }
        _ = loadItemCountsIfNeeded()
        layout.needsPrepare = false
        layout.prepare()
        layout.pendingInvalidation = nil
        takeContentSize()
    }

    /// The layout's content size as the scroll view's (a self-sizing round
    /// can change it without a new `prepare()`).
    func takeContentSize() {
        let size = collectionViewLayout.collectionViewContentSize
        guard contentSize != size else { return }
        let shrank = size.width < contentSize.width || size.height < contentSize.height
        contentSize = size
        if shrank, !isDragging, !isDecelerating {
            // Content that shrank under the offset: the offset comes back within it.
            let clamped = clampedContentOffset(contentOffset)
            if clamped != contentOffset { contentOffset = clamped }
        }
    }

    func adopt(_ layout: UICollectionViewLayout) {
        layout.collectionView = self
        layout.invalidateLayout()
        setNeedsLayout()
    }

    /// The layout pass proper; a few rounds at most when views size themselves.
    func updateVisibleViews() {
        guard !isUpdatingVisibleViews else { return }
        isUpdatingVisibleViews = true
        defer { isUpdatingVisibleViews = false }
        guard dataSource != nil else {
            discardAllVisibleViews()
            return
        }
        if let last = sizeOfLastLayout, last != bounds.size {
            // Resized without the setters seeing it: the built-in layouts
            // compare sizes themselves; others are asked.
            let layout = collectionViewLayout
            if layout is UICollectionViewFlowLayout || layout is UICollectionViewCompositionalLayout
                || layout.shouldInvalidateLayout(forBoundsChange: bounds) {
                layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
            }
        }
        sizeOfLastLayout = bounds.size
        for _ in 0..<8 {
            // Preparing may change the insets (a new content size), which invalidates again.
            for _ in 0..<3 where collectionViewLayout.needsPrepare { prepareLayoutIfNeeded() }
            takeContentSize()
            if !tileVisibleElements() { break }
        }
        updatePrefetching()
    }

    /// One round; true when a self-sizing view changed the layout.
    private func tileVisibleElements() -> Bool {
        let layout = collectionViewLayout
        let counts = loadItemCountsIfNeeded()
        let orthogonal = layout.orthogonalSections
        var wanted: [(attributes: UICollectionViewLayoutAttributes, container: UIView)] = []
        let visible = bounds
        for attributes in layout.layoutAttributesForElements(in: visible) ?? [] {
            guard attributes.frame.overlaps(visible), isValid(attributes, counts: counts) else { continue }
            if orthogonal[attributes.indexPath.section] != nil, attributes.representedElementCategory == .cell { continue }
            wanted.append((attributes, self))
        }
        // Orthogonal sections: their items, inside their scroll views.
        var shownScrollers = Set<Int>()
        for (section, geometry) in orthogonal.sorted(by: { $0.key < $1.key })
            where geometry.band.overlaps(visible) && section < counts.count {
            let scroller = orthogonalScroller(for: section, geometry: geometry)
            shownScrollers.insert(section)
            scroller.tiledOffset = scroller.contentOffset
            let rect = scroller.bounds.offsetBy(dx: geometry.band.minX, dy: geometry.band.minY)
            for attributes in layout.layoutAttributesForElements(in: rect) ?? []
                where attributes.representedElementCategory == .cell && attributes.indexPath.section == section
                && attributes.frame.overlaps(rect) && isValid(attributes, counts: counts) {
                wanted.append((attributes, scroller))
            }
        }
        for (section, scroller) in orthogonalScrollers where !shownScrollers.contains(section) {
            scroller.removeFromSuperview()
            if section >= counts.count || orthogonal[section] == nil { orthogonalScrollers[section] = nil }
        }

        // Views that left.
        var wantedCells = Set<IndexPath>(), wantedSupplementary = Set<SupplementaryElement>(), wantedDecorations = Set<SupplementaryElement>()
        for (attributes, _) in wanted {
            if attributes.representedElementCategory == .cell {
                wantedCells.insert(attributes.indexPath)
            } else if let kind = attributes.representedElementKind {
                let element = SupplementaryElement(kind: kind, indexPath: attributes.indexPath)
                if attributes.representedElementCategory == .decorationView {
                    wantedDecorations.insert(element)
                } else {
                    wantedSupplementary.insert(element)
                }
            }
        }
        for (element, view) in visibleDecorationViews where !wantedDecorations.contains(element) {
            endDisplayingDecoration(view, element: element)
        }
        for (indexPath, cell) in visibleCellViews where !wantedCells.contains(indexPath) {
            endDisplaying(cell, at: indexPath)
        }
        for (element, view) in visibleSupplementaryViews where !wantedSupplementary.contains(element) {
            endDisplaying(view, element: element)
        }

        // Views that stay, and views that came.
        var layoutChanged = false
        for (attributes, container) in wanted {
            let origin = container === self ? .zero : orthogonalBandOrigin(of: container)
            if attributes.representedElementCategory == .cell {
                let indexPath = attributes.indexPath
                if let cell = visibleCellViews[indexPath] {
                    if cell.superview !== container { container.addSubview(cell) }
                    // Estimated again (the counts changed): it measures itself again.
                    if let preferred = measure(cell, attributes: attributes, resizing: false) {
                        layoutChanged = layout.recordPreferredAttributes(preferred, original: attributes) || layoutChanged
                    }
                    apply(attributes, to: cell, bandOrigin: origin)
                    continue
                }
                let cell = makeCell(at: indexPath)
                if let preferred = measure(cell, attributes: attributes) {
                    layoutChanged = layout.recordPreferredAttributes(preferred, original: attributes) || layoutChanged
                }
                show(cell, at: indexPath, attributes: attributes, in: container, bandOrigin: origin)
            } else if let kind = attributes.representedElementKind, attributes.representedElementCategory == .decorationView {
                let element = SupplementaryElement(kind: kind, indexPath: attributes.indexPath)
                if let view = visibleDecorationViews[element] {
                    apply(attributes, to: view, bandOrigin: origin)
                    continue
                }
                let view = dequeueDecorationView(ofKind: kind)
                UIView.performWithoutAnimation { apply(attributes, to: view, bandOrigin: origin) }
                insert(view, into: container)
                visibleDecorationViews[element] = view
            } else if let kind = attributes.representedElementKind, attributes.representedElementCategory == .supplementaryView {
                let element = SupplementaryElement(kind: kind, indexPath: attributes.indexPath)
                if let view = visibleSupplementaryViews[element] {
                    apply(attributes, to: view, bandOrigin: origin)
                    continue
                }
                guard let dataSource else { continue }
                let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: attributes.indexPath)
                if let preferred = measure(view, attributes: attributes) {
                    layoutChanged = layout.recordPreferredAttributes(preferred, original: attributes) || layoutChanged
                }
                UIView.performWithoutAnimation { apply(attributes, to: view, bandOrigin: origin) }
                collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: attributes.indexPath)
                insert(view, into: container)
                visibleSupplementaryViews[element] = view
            }
        }
        return layoutChanged
    }

    /// The cell for a newly shown item, from the data source.
    private func makeCell(at indexPath: IndexPath) -> UICollectionViewCell {
        guard let dataSource else { fatalError("no data source") }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        if cell.reuseIdentifier == nil {
            fatalError("the cell returned from collectionView(_:cellForItemAt:) for \(indexPath) does not have a reuseIdentifier "
                + "- cells must be retrieved by calling dequeueReusableCell(withReuseIdentifier:for:)")
        }
        return cell
    }

    /// A new cell takes its place: from its initial attributes when it is
    /// inserted in an animated update (or from where it was, when the
    /// update brings it onto the screen), else at once where it belongs.
    private func show(_ cell: UICollectionViewCell, at indexPath: IndexPath, attributes: UICollectionViewLayoutAttributes,
                      in container: UIView, bandOrigin: CGPoint) {
        cell.isSelected = selectedIndexPaths.contains(indexPath)
        cell.isHighlighted = highlightedIndexPath == indexPath
        let appearing = appearingIndexPaths.contains(indexPath)
            ? collectionViewLayout.initialLayoutAttributesForAppearingItem(at: indexPath)
            : incomingAttributes[indexPath]
        UIView.performWithoutAnimation { apply(appearing ?? attributes, to: cell, bandOrigin: bandOrigin) }
        collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
        insert(cell, into: container)
        visibleCellViews[indexPath] = cell
        if appearing != nil { apply(attributes, to: cell, bandOrigin: bandOrigin) }
    }

    /// Adds a view below the first element with a higher zIndex, so the
    /// subviews' order (which hit-testing follows) is the layout's z order.
    func insert(_ view: UICollectionReusableView, into container: UIView) {
        let z = view.layer.zPosition
        if let above = container.subviews.first(where: { ($0 as? UICollectionReusableView).map { $0.layer.zPosition > z } ?? false }) {
            container.insertSubview(view, belowSubview: above)
        } else {
            container.addSubview(view)
        }
    }

    /// Self-sizing: the view's preferred attributes when the layout's are estimates.
    /// A view on screen keeps its size while it measures (it may be animating).
    private func measure(_ view: UICollectionReusableView, attributes: UICollectionViewLayoutAttributes,
                         resizing: Bool = true) -> UICollectionViewLayoutAttributes? {
        guard attributes.isEstimated else { return nil }
        if resizing { UIView.performWithoutAnimation { view.bounds.size = attributes.size } }
        view.appliedLayoutAttributes = attributes
        return view.preferredLayoutAttributesFitting(attributes)
    }

    /// Frame, transform, alpha, z order and hidden from the attributes;
    /// then the view's own `apply(_:)`.
    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView, bandOrigin: CGPoint = .zero) {
        if view.appliedLayoutAttributes?.isEqual(attributes) == true, view.appliedLayoutAttributes !== attributes,
           view.center == CGPoint(x: attributes.center.x - bandOrigin.x, y: attributes.center.y - bandOrigin.y) {
            return
        }
        if view.bounds.size != attributes.size { view.bounds.size = attributes.size }
        let center = CGPoint(x: attributes.center.x - bandOrigin.x, y: attributes.center.y - bandOrigin.y)
        if view.center != center { view.center = center }
        if view.transform != attributes.transform { view.transform = attributes.transform }
        if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
        if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
        let z = CGFloat(attributes.zIndex)
        if view.layer.zPosition != z { view.layer.zPosition = z }
        view.appliedLayoutAttributes = attributes
        view.apply(attributes)
    }

    private func isValid(_ attributes: UICollectionViewLayoutAttributes, counts: [Int]) -> Bool {
        let path = attributes.indexPath
        guard path.count == 2, path.section >= 0, path.section < counts.count else { return false }
        return attributes.representedElementCategory != .cell || (path.item >= 0 && path.item < counts[path.section])
    }

    // MARK: Leaving

    func endDisplaying(_ cell: UICollectionViewCell, at indexPath: IndexPath) {
        visibleCellViews[indexPath] = nil
        cell.removeFromSuperview()
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
        enqueue(cell)
    }

    func endDisplaying(_ view: UICollectionReusableView, element: SupplementaryElement) {
        visibleSupplementaryViews[element] = nil
        view.removeFromSuperview()
        collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: element.kind,
                                           at: element.indexPath)
        enqueue(view, kind: element.kind)
    }

    /// Every view on screen goes to the queues (a reload, a data source change).
    func discardAllVisibleViews() {
        for (indexPath, cell) in visibleCellViews { endDisplaying(cell, at: indexPath) }
        for (element, view) in visibleSupplementaryViews { endDisplaying(view, element: element) }
        discardDecorationViews()
    }

    func discardDecorationViews() {
        for (element, view) in visibleDecorationViews { endDisplayingDecoration(view, element: element) }
    }

    func endDisplayingDecoration(_ view: UICollectionReusableView, element: SupplementaryElement) {
        visibleDecorationViews[element] = nil
        view.removeFromSuperview()
        reusableDecorationViews[element.kind, default: []].append(view)
    }

    /// A queued decoration view of the kind, or a new one of the class the layout registered.
    private func dequeueDecorationView(ofKind kind: String) -> UICollectionReusableView {
        if var queue = reusableDecorationViews[kind], let view = queue.popLast() {
            reusableDecorationViews[kind] = queue
            view.prepareForReuse()
            return view
        }
        guard let type = collectionViewLayout.decorationClasses[kind] else {
            fatalError("could not dequeue a view of kind: \(kind) with identifier \(kind) - must register a nib or a class for the identifier")
        }
        return type.init()
    }

    // MARK: Orthogonal sections

    /// The scroll view of an orthogonal section, made when it first shows,
    /// placed on its band and sized to what scrolls inside.
    private func orthogonalScroller(for section: Int, geometry: OrthogonalSectionGeometry) -> OrthogonalScrollView {
        let scroller = orthogonalScrollers[section] ?? {
            let made = OrthogonalScrollView(frame: geometry.band)
            made.collectionView = self
            orthogonalScrollers[section] = made
            return made
        }()
        scroller.section = section
        scroller.geometry = geometry
        if scroller.frame != geometry.band { scroller.frame = geometry.band }
        if scroller.contentSize != geometry.contentSize { scroller.contentSize = geometry.contentSize }
        scroller.isPagingEnabled = geometry.behavior == .paging
        scroller.decelerationRate = geometry.behavior == .continuous ? .normal : .fast
        if scroller.superview !== self { addSubview(scroller) }
        return scroller
    }

    private func orthogonalBandOrigin(of container: UIView) -> CGPoint {
        (container as? OrthogonalScrollView)?.geometry.band.origin ?? .zero
    }
}

/// The scroll view an orthogonal section's items live in: it scrolls
/// across the collection view, and every scroll asks the collection view
/// to tile again. Group paging settles on a group's leading edge.
final class OrthogonalScrollView: UIScrollView, UIScrollViewDelegate {
    weak var collectionView: UICollectionView?
    var section = 0
    var geometry = OrthogonalSectionGeometry(band: .zero, contentSize: .zero, behavior: .continuous, groupOffsets: [], groupLengths: [])

    override init(frame: CGRect) {
        super.init(frame: frame)
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        delegate = self
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The offset the collection view last tiled this section for.
    var tiledOffset: CGPoint?

    override func layoutSubviews() {
        super.layoutSubviews()
        guard tiledOffset != contentOffset, let collectionView else { return }
        tiledOffset = contentOffset
        collectionView.setNeedsLayout()
        collectionView.layoutIfNeeded()
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let horizontal = geometry.contentSize.width > geometry.band.width
        let proposed = horizontal ? targetContentOffset.pointee.x : targetContentOffset.pointee.y
        let length = horizontal ? bounds.width : bounds.height
        let speed = horizontal ? velocity.x : velocity.y
        let current = horizontal ? contentOffset.x : contentOffset.y
        var target: CGFloat?
        switch geometry.behavior {
        case .continuousGroupLeadingBoundary:
            target = geometry.groupOffsets.min(by: { abs($0 - proposed) < abs($1 - proposed) })
        case .groupPaging:
            // One group at a time, in the flick's direction.
            let nearest = geometry.groupOffsets.enumerated().min(by: { abs($0.element - current) < abs($1.element - current) })
            if let nearest {
                let step = speed > 0 ? 1 : speed < 0 ? -1 : 0
                let index = min(max(0, nearest.offset + step), geometry.groupOffsets.count - 1)
                target = geometry.groupOffsets[index]
            }
        case .groupPagingCentered:
            let centers = zip(geometry.groupOffsets, geometry.groupLengths).map { $0 + $1 / 2 - length / 2 }
            let nearest = centers.enumerated().min(by: { abs($0.element - current) < abs($1.element - current) })
            if let nearest {
                let step = speed > 0 ? 1 : speed < 0 ? -1 : 0
                target = centers[min(max(0, nearest.offset + step), centers.count - 1)]
            }
        default:
            break
        }
        guard let target else { return }
        let limit = max(0, (horizontal ? contentSize.width : contentSize.height) - length)
        let clamped = min(max(0, target), limit)
        if horizontal { targetContentOffset.pointee.x = clamped } else { targetContentOffset.pointee.y = clamped }
    }
}
