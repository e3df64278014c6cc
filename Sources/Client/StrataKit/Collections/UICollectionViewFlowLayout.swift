import Foundation

extension UICollectionView {
    /// The direction a layout's content scrolls in.
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }
}

/// UIKit's line-based layout: items fill a line across the collection view
/// (a row when scrolling vertically, a column when horizontally) as long
/// as they fit with `minimumInteritemSpacing` between them, then the next
/// line starts `minimumLineSpacing` further on. Per section: the header,
/// the section inset, the lines, the inset, the footer.
///
/// How items sit in a line, after Apple's `minimumInteritemSpacing`
/// reference ("This spacing is used to compute how many items can fit in a
/// single line, but after the number of items is determined, the actual
/// spacing may possibly be adjusted upward") and what UIKit's flow layout
/// does with it:
/// - a line with several items is justified: the first touches the
///   leading inset, the last the trailing one, the spacing evened out;
/// - a line with one item centers it (a section of one item shows it in
///   the middle, a UIKit trait often asked about);
/// - the last line of a section that has several lines is not stretched:
///   its items start at the leading inset with the spacing of the lines
///   before, so a grid's last row lines up with its columns (a column of
///   single, centered items stays centered);
/// - across the line, items are centered (a line is as tall as its
///   tallest item).
///
/// The delegate (`UICollectionViewDelegateFlowLayout`) can give each item
/// its size and each section its metrics. With `estimatedItemSize`, items
/// start at the estimate and take the size their cells ask for
/// (`preferredLayoutAttributesFitting`) when they first show; a cell that
/// changes only its length along the scrolling axis moves what follows
/// without a new pass, one that changes its width lays everything out again.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// `estimatedItemSize` to say "size the cells by their content".
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateIfChanged(scrollDirection != oldValue) } }
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateIfChanged(itemSize != oldValue) } }
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateIfChanged(estimatedItemSize != oldValue) } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateIfChanged(minimumLineSpacing != oldValue) } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateIfChanged(minimumInteritemSpacing != oldValue) } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateIfChanged(sectionInset != oldValue) } }
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateIfChanged(sectionInsetReference != oldValue) } }
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateIfChanged(headerReferenceSize != oldValue) } }
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateIfChanged(footerReferenceSize != oldValue) } }
    /// Headers stay at the top of the visible area while their section shows.
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateIfChanged(sectionHeadersPinToVisibleBounds != oldValue) } }
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateIfChanged(sectionFootersPinToVisibleBounds != oldValue) } }

    public override init() {
        super.init()
    }

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    private func invalidateIfChanged(_ changed: Bool) {
        if changed { invalidateLayout() }
    }

    // MARK: Computed layout

    /// One line of items, with its extent along the scrolling axis.
    private struct Line {
        var section: Int
        var items: Range<Int>
        var start: CGFloat
        var end: CGFloat
    }

    private struct Section {
        var header: UICollectionViewLayoutAttributes?
        var footer: UICollectionViewLayoutAttributes?
        var items: [UICollectionViewLayoutAttributes] = []
        /// Where the section's items (with insets) start and end along the scrolling axis.
        var bodyStart: CGFloat = 0
        var bodyEnd: CGFloat = 0
    }

    private var sections: [Section] = []
    private var lines: [Line] = []
    private var contentSize: CGSize = .zero
    /// The collection view size the layout was computed for.
    private var preparedSize: CGSize?
    /// Sizes the cells asked for (self-sizing), by index path.
    private var measuredSizes: [IndexPath: CGSize] = [:]

    private var isVertical: Bool { scrollDirection == .vertical }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            sections = []; lines = []; contentSize = .zero
            return
        }
        let context = pendingInvalidation
        if let context, context.isBoundsChange, preparedSize == collectionView.bounds.size, !sections.isEmpty {
            return // only the pinned headers move; they are placed when asked for
        }
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext, !flow.invalidateFlowLayoutAttributes,
           !flow.invalidateFlowLayoutDelegateMetrics, !flow.invalidatesDataSourceCounts, !sections.isEmpty {
            return // the context says the lines still hold
        }
        if context?.invalidateDataSourceCounts == true {
            // Measured sizes belong to index paths that may hold other items now.
            measuredSizes = [:]
        }
        preparedSize = collectionView.bounds.size
        compute(in: collectionView)
    }

    private func compute(in collectionView: UICollectionView) {
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let insets = referenceInsets(of: collectionView)
        let bounds = collectionView.bounds
        // Extent across the lines, and where lines start on that axis.
        let crossExtent = isVertical ? bounds.width - insets.left - insets.right : bounds.height - insets.top - insets.bottom
        let crossOrigin = isVertical ? insets.left - collectionView.adjustedContentInset.left
            : insets.top - collectionView.adjustedContentInset.top
        // The whole extent across the lines, where headers and footers go.
        let adjusted = collectionView.adjustedContentInset
        let crossFull = isVertical ? bounds.width - adjusted.left - adjusted.right : bounds.height - adjusted.top - adjusted.bottom
        let selfSizing = estimatedItemSize != .zero
        let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize

        sections = []
        lines = []
        var position: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            var entry = Section()
            let sectionInset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? self.sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let interitem = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            let headerSize = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
            let footerSize = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize

            // The header spans the collection view across the lines.
            let headerLength = isVertical ? headerSize.height : headerSize.width
            if headerLength > 0 {
                let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                                  with: IndexPath(item: 0, section: section))
                attributes.frame = rect(main: position, cross: 0, mainLength: headerLength, crossLength: crossFull)
                entry.header = attributes
                position += headerLength
            }
            entry.bodyStart = position
            position += isVertical ? sectionInset.top : sectionInset.left
            let lineCross = crossExtent - (isVertical ? sectionInset.left + sectionInset.right : sectionInset.top + sectionInset.bottom)
            let lineOrigin = crossOrigin + (isVertical ? sectionInset.left : sectionInset.top)

            // Sizes, then lines.
            let count = collectionView.numberOfItems(inSection: section)
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for item in 0..<count {
                let indexPath = IndexPath(item: item, section: section)
                if selfSizing {
                    sizes.append(measuredSizes[indexPath] ?? estimate)
                } else {
                    sizes.append(delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize)
                }
            }
            var sectionLines: [Range<Int>] = []
            var start = 0
            while start < count {
                var end = start + 1
                var used = crossLength(sizes[start])
                while end < count, used + interitem + crossLength(sizes[end]) <= lineCross + 0.0001 {
                    used += interitem + crossLength(sizes[end])
                    end += 1
                }
                sectionLines.append(start..<end)
                start = end
            }
            entry.items = (0..<count).map { UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: $0, section: section)) }
            var previousSpacing: CGFloat?
            for (lineIndex, range) in sectionLines.enumerated() {
                if lineIndex > 0 { position += lineSpacing }
                let lineLength = range.map { mainLength(sizes[$0]) }.max() ?? 0
                let total = range.map { crossLength(sizes[$0]) }.reduce(0, +)
                let isLast = lineIndex == sectionLines.count - 1
                var spacing: CGFloat
                var cross = lineOrigin
                if range.count == 1 {
                    spacing = 0
                    // Centered, unless it ends a grid (then it sits in the first column).
                    if !(isLast && sectionLines.count > 1 && previousSpacing != nil) {
                        cross += (lineCross - total) / 2
                    }
                } else if isLast && sectionLines.count > 1 {
                    let fitting = (lineCross - total) / CGFloat(range.count - 1)
                    spacing = min(previousSpacing ?? interitem, fitting)
                } else {
                    spacing = (lineCross - total) / CGFloat(range.count - 1)
                }
                previousSpacing = range.count > 1 ? spacing : previousSpacing
                for item in range {
                    let size = sizes[item]
                    let attributes = entry.items[item]
                    let offset = (lineLength - mainLength(size)) / 2
                    attributes.frame = rect(main: position + offset, cross: cross, mainLength: mainLength(size), crossLength: crossLength(size))
                    if selfSizing, measuredSizes[attributes.indexPath] == nil {
                        attributes.isEstimated = true
                        attributes.fixedAxes = []
                    }
                    cross += crossLength(size) + spacing
                }
                lines.append(Line(section: section, items: range, start: position, end: position + lineLength))
                position += lineLength
            }
            position += isVertical ? sectionInset.bottom : sectionInset.right
            entry.bodyEnd = position

            let footerLength = isVertical ? footerSize.height : footerSize.width
            if footerLength > 0 {
                let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                                                                  with: IndexPath(item: 0, section: section))
                attributes.frame = rect(main: position, cross: 0, mainLength: footerLength, crossLength: crossFull)
                entry.footer = attributes
                position += footerLength
            }
            sections.append(entry)
        }
        contentSize = isVertical ? CGSize(width: max(0, crossFull), height: position) : CGSize(width: position, height: max(0, crossFull))
    }

    /// The insets the section insets are measured from, in the content's coordinates.
    private func referenceInsets(of collectionView: UICollectionView) -> UIEdgeInsets {
        let content = collectionView.adjustedContentInset
        switch sectionInsetReference {
        case .fromContentInset:
            return content
        case .fromSafeArea:
            let safe = collectionView.safeAreaInsets
            return UIEdgeInsets(top: max(content.top, safe.top), left: max(content.left, safe.left),
                                bottom: max(content.bottom, safe.bottom), right: max(content.right, safe.right))
        case .fromLayoutMargins:
            let margins = collectionView.layoutMargins
            return UIEdgeInsets(top: max(content.top, margins.top), left: max(content.left, margins.left),
                                bottom: max(content.bottom, margins.bottom), right: max(content.right, margins.right))
        }
    }

    private func mainLength(_ size: CGSize) -> CGFloat { isVertical ? size.height : size.width }
    private func crossLength(_ size: CGSize) -> CGFloat { isVertical ? size.width : size.height }

    private func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        isVertical ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
            : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    // MARK: Queries

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let start = isVertical ? rect.minY : rect.minX, end = isVertical ? rect.maxY : rect.maxX
        var result: [UICollectionViewLayoutAttributes] = []
        // The first line that reaches `start` (lines are in order along the axis).
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].end < start { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < lines.count, lines[index].start <= end {
            let line = lines[index]
            for item in line.items {
                let attributes = sections[line.section].items[item]
                if attributes.frame.overlaps(rect) { result.append(attributes) }
            }
            index += 1
        }
        for section in sections.indices {
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                if let attributes = supplementaryAttributes(kind: kind, section: section), attributes.frame.overlaps(rect) {
                    result.append(attributes)
                }
            }
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < sections.count, indexPath.item < sections[indexPath.section].items.count else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < sections.count else { return nil }
        return supplementaryAttributes(kind: elementKind, section: indexPath.section)
    }

    /// A header or footer, pinned to the visible area when asked to.
    private func supplementaryAttributes(kind: String, section: Int) -> UICollectionViewLayoutAttributes? {
        let entry = sections[section]
        let isHeader = kind == UICollectionView.elementKindSectionHeader
        guard let natural = isHeader ? entry.header : entry.footer else { return nil }
        let pins = isHeader ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds
        guard pins, let collectionView else { return natural }
        let visible = collectionView.bounds.inset(by: collectionView.adjustedContentInset)
        let pinned = natural.copy() as! UICollectionViewLayoutAttributes
        let length = isVertical ? natural.frame.height : natural.frame.width
        let sectionStart = entry.header.map { isVertical ? $0.frame.minY : $0.frame.minX } ?? entry.bodyStart
        let sectionEnd = entry.footer.map { isVertical ? $0.frame.maxY : $0.frame.maxX } ?? entry.bodyEnd
        var main = isVertical ? natural.frame.minY : natural.frame.minX
        if isHeader {
            let visibleStart = isVertical ? visible.minY : visible.minX
            main = min(max(main, visibleStart), sectionEnd - length - (entry.footer.map { isVertical ? $0.frame.height : $0.frame.width } ?? 0))
        } else {
            let visibleEnd = isVertical ? visible.maxY : visible.maxX
            main = max(min(main, visibleEnd - length), sectionStart + (entry.header.map { isVertical ? $0.frame.height : $0.frame.width } ?? 0))
        }
        if isVertical { pinned.frame.origin.y = main } else { pinned.frame.origin.x = main }
        pinned.zIndex = 1024
        return pinned
    }

    // MARK: Self-sizing without a full pass

    /// A measured item that keeps its extent across the line (a full-width
    /// cell that only changes height, say) keeps its line's items: the line
    /// is placed again and what follows moves by the change of its length.
    /// False when the line's items would change (a full pass decides).
    private func adjustLine(of indexPath: IndexPath, to size: CGSize) -> Bool {
        let section = indexPath.section, item = indexPath.item
        guard section < sections.count, item < sections[section].items.count else { return false }
        let measured = sections[section].items[item]
        guard abs(crossLength(size) - crossLength(measured.size)) < 0.001, let lineIndex = lineIndex(of: indexPath) else { return false }
        let line = lines[lineIndex]
        let sizes = line.items.map { $0 == item ? size : sections[section].items[$0].size }
        let length = sizes.map(mainLength).max() ?? 0
        for (offset, index) in line.items.enumerated() {
            let attributes = sections[section].items[index]
            let cross = isVertical ? attributes.frame.minX : attributes.frame.minY
            attributes.frame = rect(main: line.start + (length - mainLength(sizes[offset])) / 2, cross: cross,
                                    mainLength: mainLength(sizes[offset]), crossLength: crossLength(sizes[offset]))
        }
        let delta = length - (line.end - line.start)
        lines[lineIndex].end = line.start + length
        guard delta != 0 else { return true }
        for later in lines.indices where later > lineIndex {
            lines[later].start += delta
            lines[later].end += delta
            for index in lines[later].items { shift(sections[lines[later].section].items[index], by: delta) }
        }
        sections[section].bodyEnd += delta
        if let footer = sections[section].footer { shift(footer, by: delta) }
        for later in sections.indices where later > section {
            sections[later].bodyStart += delta
            sections[later].bodyEnd += delta
            if let header = sections[later].header { shift(header, by: delta) }
            if let footer = sections[later].footer { shift(footer, by: delta) }
        }
        if isVertical { contentSize.height += delta } else { contentSize.width += delta }
        return true
    }

    /// The line holding an item: a binary search (lines are in index path order).
    private func lineIndex(of indexPath: IndexPath) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            let line = lines[mid]
            if line.section < indexPath.section || (line.section == indexPath.section && line.items.upperBound <= indexPath.item) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        guard low < lines.count, lines[low].section == indexPath.section, lines[low].items.contains(indexPath.item) else { return nil }
        return low
    }

    private func shift(_ attributes: UICollectionViewLayoutAttributes, by delta: CGFloat) {
        if isVertical { attributes.center.y += delta } else { attributes.center.x += delta }
    }

    // MARK: Invalidation

    /// A new width (height, when scrolling horizontally) means new lines; pinned headers move with every scroll.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        if newBounds.size != collectionView.bounds.size { return true }
        return sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
    }

    override func recordPreferredAttributes(_ preferred: UICollectionViewLayoutAttributes,
                                            original: UICollectionViewLayoutAttributes) -> Bool {
        guard preferred.representedElementCategory == .cell else { return false }
        measuredSizes[original.indexPath] = preferred.size
        original.isEstimated = false
        guard shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return false }
        if !needsPrepare, adjustLine(of: original.indexPath, to: preferred.size) { return true }
        let context = UICollectionViewLayoutInvalidationContext()
        context.isSelfSizing = true
        invalidateLayout(with: context)
        return true
    }
}

/// A flow layout's invalidation: whether the delegate's metrics and the
/// computed attributes must be computed again (both, by default).
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    open var invalidateFlowLayoutDelegateMetrics = true
    open var invalidateFlowLayoutAttributes = true
}
