import Foundation

/// The container a compositional layout lays a section out in: the
/// collection view's size, and that size less its content insets.
public protocol NSCollectionLayoutContainer {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told: the container and the traits.
public protocol NSCollectionLayoutEnvironment {
    var container: NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

struct LayoutContainer: NSCollectionLayoutContainer {
    var contentSize: CGSize
    var effectiveContentSize: CGSize
    var contentInsets: NSDirectionalEdgeInsets
    var effectiveContentInsets: NSDirectionalEdgeInsets
}

struct LayoutEnvironment: NSCollectionLayoutEnvironment {
    var container: NSCollectionLayoutContainer
    var traitCollection: UITraitCollection
}

/// What a compositional layout asks for each section.
public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// Layout-wide settings: the direction the content scrolls, and the space between sections.
open class UICollectionViewCompositionalLayoutConfiguration {
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var contentInsetsReference: UIContentInsetsReference = .automatic

    public init() {}
}

/// A layout composed of sections, each of groups, each of items, every
/// size relative to its container (`fractionalWidth`…), fixed
/// (`absolute`) or measured by the cell (`estimated`). The whole content
/// scrolls one way (`configuration.scrollDirection`); a section may scroll
/// the other way in its own scroll view (`orthogonalScrollingBehavior`).
///
/// A section's groups follow one another along the scrolling direction,
/// `interGroupSpacing` apart, until the section's items are placed; an
/// orthogonal section's groups run across it instead. Attributes of items
/// in orthogonal sections are where they are when their section is not
/// scrolled.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider

    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    // MARK: Computed layout

    private struct SectionLayout {
        var items: [UICollectionViewLayoutAttributes] = []
        var supplementary: [UICollectionViewLayoutAttributes] = []
        /// Decoration items (section backgrounds).
        var decorations: [UICollectionViewLayoutAttributes] = []
        /// Which supplementary items pin, and the section's extent along the main axis.
        var pinned: [Int] = []
        /// The groups along the main axis (in order, so searchable) and the items each holds.
        var groups: [(start: CGFloat, end: CGFloat, items: Range<Int>, frame: CGRect)] = []
        /// What the provider gave, and the section's item count, to lay a group out again.
        var definition: NSCollectionLayoutSection?
        var count = 0
        var start: CGFloat = 0
        var end: CGFloat = 0
        var orthogonal: OrthogonalSectionGeometry?
    }

    private var sections: [SectionLayout] = []
    /// The configuration's boundary items (the whole layout's header and footer).
    private var global: [UICollectionViewLayoutAttributes] = []
    private var contentSize: CGSize = .zero
    private var orthogonal: [Int: OrthogonalSectionGeometry] = [:]
    private var preparedSize: CGSize?
    /// Sizes views asked for (self-sizing): cells by index path, supplementary views by kind and index path.
    private var measuredItems: [IndexPath: CGSize] = [:]
    private var measuredSupplementary: [SupplementaryElement: CGSize] = [:]

    private var isVertical: Bool { configuration.scrollDirection == .vertical }

    open override var collectionViewContentSize: CGSize { contentSize }

    override var orthogonalSections: [Int: OrthogonalSectionGeometry] { orthogonal }

    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            sections = []; orthogonal = [:]; contentSize = .zero
            return
        }
        let context = pendingInvalidation
        if let context, context.isBoundsChange, preparedSize == collectionView.bounds.size, !sections.isEmpty { return }
        if context?.invalidateDataSourceCounts == true {
            measuredItems = [:]
            measuredSupplementary = [:]
        }
        preparedSize = collectionView.bounds.size
        compute(in: collectionView)
    }

    private func compute(in collectionView: UICollectionView) {
        let insets = collectionView.adjustedContentInset
        let size = collectionView.bounds.size
        let effective = CGSize(width: max(0, size.width - insets.left - insets.right), height: max(0, size.height - insets.top - insets.bottom))
        let directional = NSDirectionalEdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
        let environment = LayoutEnvironment(
            container: LayoutContainer(contentSize: size, effectiveContentSize: effective, contentInsets: .zero, effectiveContentInsets: directional),
            traitCollection: collectionView.traitCollection)

        sections = []
        orthogonal = [:]
        global = []
        var position: CGFloat = 0
        for item in configuration.boundarySupplementaryItems where leadingAlignments.contains(item.alignment) {
            let attributes = boundaryAttributes(item, section: 0, container: effective, at: position, cross: 0)
            if item.extendsBoundary { position += isVertical ? attributes.frame.height : attributes.frame.width }
            global.append(attributes)
        }
        for index in 0..<collectionView.numberOfSections {
            if index > 0 { position += configuration.interSectionSpacing }
            guard let section = sectionProvider(index, environment) else {
                sections.append(SectionLayout(start: position, end: position))
                continue
            }
            let count = collectionView.numberOfItems(inSection: index)
            var layout = layoutSection(section, index: index, count: count, at: position, container: effective)
            layout.definition = section
            layout.count = count
            layout.start = position
            position = layout.end
            if let geometry = layout.orthogonal { orthogonal[index] = geometry }
            sections.append(layout)
        }
        for item in configuration.boundarySupplementaryItems where !leadingAlignments.contains(item.alignment) {
            let attributes = boundaryAttributes(item, section: 0, container: effective, at: position, cross: 0)
            if item.extendsBoundary { position += isVertical ? attributes.frame.height : attributes.frame.width }
            global.append(attributes)
        }
        contentSize = isVertical ? CGSize(width: effective.width, height: position) : CGSize(width: position, height: effective.height)
    }

    /// One section from `start` along the main axis; `container` is the visible size.
    private func layoutSection(_ section: NSCollectionLayoutSection, index: Int, count: Int, at start: CGFloat,
                               container: CGSize) -> SectionLayout {
        var result = SectionLayout()
        let insets = section.contentInsets
        // The section's content area across the main axis, and the container its groups are sized in.
        let crossStart = isVertical ? insets.leading : insets.top
        let crossLength = isVertical ? container.width - insets.leading - insets.trailing : container.height - insets.top - insets.bottom
        let groupContainer = isVertical ? CGSize(width: crossLength, height: container.height)
            : CGSize(width: container.width, height: crossLength)
        var position = start

        // Boundary items before the content.
        let leadingKinds = leadingAlignments
        let boundaryContainer = section.supplementariesFollowContentInsets ? groupContainer : container
        let boundaryCross = section.supplementariesFollowContentInsets ? crossStart : 0
        for item in section.boundarySupplementaryItems where leadingKinds.contains(item.alignment) {
            let attributes = boundaryAttributes(item, section: index, container: boundaryContainer, at: position, cross: boundaryCross)
            if item.extendsBoundary { position += isVertical ? attributes.frame.height : attributes.frame.width }
            if item.pinToVisibleBounds { result.pinned.append(result.supplementary.count) }
            result.supplementary.append(attributes)
        }
        let contentStart = position
        position += isVertical ? insets.top : insets.leading

        var next = 0
        let group = section.group
        if section.orthogonalScrollingBehavior == .none {
            var first = true
            while next < count {
                if !first { position += section.interGroupSpacing }
                first = false
                let size = group.layoutSize.resolved(in: groupContainer)
                let origin = isVertical ? CGPoint(x: crossStart, y: position) : CGPoint(x: position, y: crossStart)
                let before = next, firstItem = result.items.count
                let requested = CGRect(origin: origin, size: size)
                let frame = place(group, in: requested, section: index, next: &next, count: count, into: &result.items)
                if next == before { break } // a group that holds nothing
                let length = isVertical ? frame.height : frame.width
                result.groups.append((position, position + length, firstItem..<result.items.count, requested))
                position += length
            }
        } else {
            // The groups run across, inside the band of a scroll view of their own.
            var cross = crossStart
            var bandLength: CGFloat = 0
            var offsets: [CGFloat] = [], lengths: [CGFloat] = []
            var first = true
            let bandStart = position
            while next < count {
                if !first { cross += section.interGroupSpacing }
                first = false
                let size = group.layoutSize.resolved(in: groupContainer)
                let origin = isVertical ? CGPoint(x: cross, y: position) : CGPoint(x: position, y: cross)
                let before = next
                let frame = place(group, in: CGRect(origin: origin, size: size), section: index, next: &next, count: count,
                                  into: &result.items)
                if next == before { break }
                offsets.append(cross - crossStart)
                lengths.append(isVertical ? frame.width : frame.height)
                cross += isVertical ? frame.width : frame.height
                bandLength = max(bandLength, isVertical ? frame.height : frame.width)
            }
            let scrolled = cross + (isVertical ? insets.trailing : insets.bottom)
            let full = isVertical ? container.width : container.height
            let band = isVertical ? CGRect(x: 0, y: bandStart, width: full, height: bandLength)
                : CGRect(x: bandStart, y: 0, width: bandLength, height: full)
            let contentSize = isVertical ? CGSize(width: max(full, scrolled), height: bandLength)
                : CGSize(width: bandLength, height: max(full, scrolled))
            result.orthogonal = OrthogonalSectionGeometry(band: band, contentSize: contentSize, behavior: section.orthogonalScrollingBehavior,
                                                          groupOffsets: offsets, groupLengths: lengths)
            position += bandLength
        }
        position += isVertical ? insets.bottom : insets.trailing

        // List rows draw separators between them (and under the last in a plain list).
        if let list = section.listConfiguration, list.showsSeparators {
            let lastToo = list.appearance == .plain
            for (position, attributes) in result.items.enumerated() {
                attributes.showsSeparator = lastToo || position < result.items.count - 1
            }
        }

        // Backgrounds cover the content and its insets, across the whole width.
        for item in section.decorationItems {
            let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: item.elementKind, with: IndexPath(item: 0, section: index))
            let area = isVertical ? CGRect(x: 0, y: contentStart, width: container.width, height: position - contentStart)
                : CGRect(x: contentStart, y: 0, width: position - contentStart, height: container.height)
            let edges = item.contentInsets
            attributes.frame = CGRect(x: area.minX + edges.leading, y: area.minY + edges.top,
                                      width: max(0, area.width - edges.leading - edges.trailing),
                                      height: max(0, area.height - edges.top - edges.bottom))
            attributes.zIndex = item.zIndex
            result.decorations.append(attributes)
        }

        // Boundary items after the content.
        for item in section.boundarySupplementaryItems where !leadingKinds.contains(item.alignment) {
            let attributes = boundaryAttributes(item, section: index, container: boundaryContainer, at: position, cross: boundaryCross)
            if item.extendsBoundary { position += isVertical ? attributes.frame.height : attributes.frame.width }
            if item.pinToVisibleBounds { result.pinned.append(result.supplementary.count) }
            result.supplementary.append(attributes)
        }
        result.end = position
        return result
    }

    /// Alignments of boundary items that come before the content along the main axis.
    private var leadingAlignments: Set<NSRectAlignment> {
        isVertical ? [.top, .topLeading, .topTrailing] : [.leading, .topLeading, .bottomLeading]
    }

    private func boundaryAttributes(_ item: NSCollectionLayoutBoundarySupplementaryItem, section: Int, container: CGSize,
                                    at position: CGFloat, cross: CGFloat) -> UICollectionViewLayoutAttributes {
        let indexPath = IndexPath(item: 0, section: section)
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: item.elementKind, with: indexPath)
        var size = item.layoutSize.resolved(in: container)
        let element = SupplementaryElement(kind: item.elementKind, indexPath: indexPath)
        var fixed: FittingAxes = [.width, .height]
        if item.layoutSize.widthDimension.isEstimated { fixed.remove(.width) }
        if item.layoutSize.heightDimension.isEstimated { fixed.remove(.height) }
        if let measured = measuredSupplementary[element] {
            if !fixed.contains(.width) { size.width = measured.width }
            if !fixed.contains(.height) { size.height = measured.height }
        } else if fixed != [.width, .height] {
            attributes.isEstimated = true
        }
        attributes.fixedAxes = fixed
        // Across the main axis: leading, centered or trailing in the container.
        let crossExtent = isVertical ? container.width : container.height
        let crossSize = isVertical ? size.width : size.height
        var crossOrigin = cross
        let trailing: Set<NSRectAlignment> = isVertical ? [.topTrailing, .bottomTrailing] : [.bottomLeading, .bottomTrailing]
        let centered: Set<NSRectAlignment> = isVertical ? [.top, .bottom] : [.leading, .trailing]
        if trailing.contains(item.alignment) {
            crossOrigin = cross + crossExtent - crossSize
        } else if centered.contains(item.alignment) {
            crossOrigin = cross + (crossExtent - crossSize) / 2
        }
        attributes.frame = isVertical ? CGRect(x: crossOrigin + item.offset.x, y: position + item.offset.y, width: size.width, height: size.height)
            : CGRect(x: position + item.offset.x, y: crossOrigin + item.offset.y, width: size.width, height: size.height)
        attributes.zIndex = item.zIndex
        return attributes
    }

    /// Lays out `item` (a group or a single item) in `frame`, taking items
    /// from `next`; returns the frame it took (an estimated group grows or
    /// shrinks to its content).
    @discardableResult
    private func place(_ item: NSCollectionLayoutItem, in frame: CGRect, section: Int, next: inout Int, count: Int,
                       into out: inout [UICollectionViewLayoutAttributes]) -> CGRect {
        guard let group = item as? NSCollectionLayoutGroup else {
            let indexPath = IndexPath(item: next, section: section)
            next += 1
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            let insets = item.contentInsets
            var cell = CGRect(x: frame.minX + insets.leading, y: frame.minY + insets.top,
                              width: max(0, frame.width - insets.leading - insets.trailing),
                              height: max(0, frame.height - insets.top - insets.bottom))
            var fixed: FittingAxes = [.width, .height]
            if item.layoutSize.widthDimension.isEstimated { fixed.remove(.width) }
            if item.layoutSize.heightDimension.isEstimated { fixed.remove(.height) }
            if let measured = measuredItems[indexPath] {
                if !fixed.contains(.width) { cell.size.width = measured.width }
                if !fixed.contains(.height) { cell.size.height = measured.height }
            } else if fixed != [.width, .height] {
                attributes.isEstimated = true
            }
            attributes.fixedAxes = fixed
            attributes.frame = cell
            out.append(attributes)
            return CGRect(x: frame.minX, y: frame.minY, width: cell.width + insets.leading + insets.trailing,
                          height: cell.height + insets.top + insets.bottom)
        }

        let insets = group.contentInsets
        let content = CGRect(x: frame.minX + insets.leading, y: frame.minY + insets.top,
                             width: max(0, frame.width - insets.leading - insets.trailing),
                             height: max(0, frame.height - insets.top - insets.bottom))
        let horizontal = group.axis == .horizontal
        let available = horizontal ? content.width : content.height
        let spacing = group.interItemSpacing
        let gap = spacing?.spacing ?? 0

        // Which subitems go in, and their sizes.
        var slots: [(item: NSCollectionLayoutItem, size: CGSize)] = []
        if let repeatCount = group.repeatCount, let subitem = group.subitems.first {
            let share = (available - gap * CGFloat(repeatCount - 1)) / CGFloat(repeatCount)
            var size = subitem.layoutSize.resolved(in: content.size)
            if horizontal { size.width = share } else { size.height = share }
            for _ in 0..<min(repeatCount, count - next) { slots.append((subitem, size)) }
        } else if !group.subitems.isEmpty {
            var used: CGFloat = 0
            var index = 0
            var remaining = count - next
            while remaining > 0 {
                let subitem = group.subitems[index % group.subitems.count]
                let size = subitem.layoutSize.resolved(in: content.size)
                let length = (horizontal ? size.width : size.height) + Self.edgeSpacing(of: subitem, horizontal: horizontal).total
                let needed = (slots.isEmpty ? 0 : gap) + length
                if !slots.isEmpty, used + needed > available + 0.0001 { break }
                if length <= 0 && index >= group.subitems.count { break }
                slots.append((subitem, size))
                used += needed
                remaining -= Self.itemCount(of: subitem, size: size)
                index += 1
            }
        }

        // Flexible spacing shares out what is left.
        var step = gap
        if let spacing, spacing.isFlexibleSpacing, slots.count > 1 {
            let total = slots.reduce(0) { $0 + (horizontal ? $1.size.width : $1.size.height) }
            step = max(gap, (available - total) / CGFloat(slots.count - 1))
        }
        var cursor = horizontal ? content.minX : content.minY
        var across: CGFloat = 0
        for slot in slots where next < count {
            let edges = Self.edgeSpacing(of: slot.item, horizontal: horizontal)
            cursor += edges.before
            let origin = horizontal ? CGPoint(x: cursor, y: content.minY) : CGPoint(x: content.minX, y: cursor)
            let taken = place(slot.item, in: CGRect(origin: origin, size: slot.size), section: section, next: &next, count: count, into: &out)
            cursor += (horizontal ? taken.width : taken.height) + edges.after + step
            across = max(across, horizontal ? taken.height : taken.width)
        }
        // An estimated side takes the content's extent.
        var result = frame
        if group.layoutSize.heightDimension.isEstimated, horizontal { result.size.height = across + insets.top + insets.bottom }
        if group.layoutSize.heightDimension.isEstimated, !horizontal {
            result.size.height = cursor - step - content.minY + insets.top + insets.bottom
        }
        if group.layoutSize.widthDimension.isEstimated, !horizontal { result.size.width = across + insets.leading + insets.trailing }
        if group.layoutSize.widthDimension.isEstimated, horizontal {
            result.size.width = cursor - step - content.minX + insets.leading + insets.trailing
        }
        return result
    }

    /// The space an item's `edgeSpacing` keeps before and after it along a group's axis.
    private static func edgeSpacing(of item: NSCollectionLayoutItem, horizontal: Bool) -> (before: CGFloat, after: CGFloat, total: CGFloat) {
        guard let spacing = item.edgeSpacing else { return (0, 0, 0) }
        let before = (horizontal ? spacing.leading : spacing.top)?.spacing ?? 0
        let after = (horizontal ? spacing.trailing : spacing.bottom)?.spacing ?? 0
        return (before, after, before + after)
    }

    /// How many items a subitem holds (a rough count for nested groups; only used to stop early).
    private static func itemCount(of item: NSCollectionLayoutItem, size: CGSize) -> Int {
        guard let group = item as? NSCollectionLayoutGroup else { return 1 }
        if let count = group.repeatCount { return count * group.subitems.map { itemCount(of: $0, size: size) }.reduce(0, max) }
        return max(1, group.subitems.count)
    }

    // MARK: Queries

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result = global.filter { $0.frame.overlaps(rect) }
        let start = isVertical ? rect.minY : rect.minX, end = isVertical ? rect.maxY : rect.maxX
        for (index, section) in sections.enumerated() where section.end >= start && section.start <= end {
            if section.orthogonal != nil {
                // The band's items (unscrolled); the collection view asks with the scrolled rect.
                result.append(contentsOf: section.items.filter { $0.frame.overlaps(rect) })
            } else {
                result.append(contentsOf: itemsOf(section, in: rect))
            }
            for position in section.supplementary.indices {
                let attributes = supplementaryAttributes(section: index, position: position)
                if attributes.frame.overlaps(rect) { result.append(attributes) }
            }
            result.append(contentsOf: section.decorations.filter { $0.frame.overlaps(rect) })
        }
        return result
    }

    /// The items of a section in `rect`: a binary search for the first
    /// group that reaches the rect along the main axis, then the groups up
    /// to its end.
    private func itemsOf(_ section: SectionLayout, in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        let start = isVertical ? rect.minY : rect.minX, end = isVertical ? rect.maxY : rect.maxX
        let groups = section.groups
        var low = 0, high = groups.count
        while low < high {
            let mid = (low + high) / 2
            if groups[mid].end < start { low = mid + 1 } else { high = mid }
        }
        var result: [UICollectionViewLayoutAttributes] = []
        var index = low
        while index < groups.count, groups[index].start <= end {
            for item in groups[index].items where section.items[item].frame.overlaps(rect) {
                result.append(section.items[item])
            }
            index += 1
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < sections.count, indexPath.item < sections[indexPath.section].items.count else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section < sections.count else { return nil }
        return sections[indexPath.section].decorations.first { $0.representedElementKind == elementKind }
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let item = global.first(where: { $0.representedElementKind == elementKind && $0.indexPath == indexPath }) { return item }
        guard indexPath.section < sections.count else { return nil }
        let section = sections[indexPath.section]
        guard let position = section.supplementary.firstIndex(where: { $0.representedElementKind == elementKind && $0.indexPath == indexPath })
        else { return nil }
        return supplementaryAttributes(section: indexPath.section, position: position)
    }

    /// A boundary item, kept in view while its section shows when it pins.
    private func supplementaryAttributes(section index: Int, position: Int) -> UICollectionViewLayoutAttributes {
        let section = sections[index]
        let natural = section.supplementary[position]
        guard section.pinned.contains(position), let collectionView else { return natural }
        let visible = collectionView.bounds.inset(by: collectionView.adjustedContentInset)
        let pinned = natural.copy() as! UICollectionViewLayoutAttributes
        let length = isVertical ? natural.frame.height : natural.frame.width
        let naturalStart = isVertical ? natural.frame.minY : natural.frame.minX
        let isLeading = naturalStart <= section.start + 0.5
        var main = naturalStart
        if isLeading {
            main = min(max(main, isVertical ? visible.minY : visible.minX), section.end - length)
        } else {
            main = max(min(main, (isVertical ? visible.maxY : visible.maxX) - length), section.start)
        }
        if isVertical { pinned.frame.origin.y = main } else { pinned.frame.origin.x = main }
        pinned.zIndex = max(natural.zIndex, 1024)
        return pinned
    }

    // MARK: Self-sizing without a full pass

    /// Lays out again the group holding `indexPath` (after a measurement)
    /// and moves everything after it along the main axis by the change of
    /// the group's length. False when that is not enough (an orthogonal
    /// section, a group that would now hold other items).
    private func relayoutGroup(containing indexPath: IndexPath) -> Bool {
        let index = indexPath.section
        guard index < sections.count, sections[index].orthogonal == nil, let definition = sections[index].definition else { return false }
        var section = sections[index]
        guard let position = section.groups.firstIndex(where: { $0.items.contains(indexPath.item) }) else { return false }
        let entry = section.groups[position]
        var next = entry.items.lowerBound
        var placed: [UICollectionViewLayoutAttributes] = []
        let frame = place(definition.group, in: entry.frame, section: index, next: &next, count: section.count, into: &placed)
        guard next == entry.items.upperBound, placed.count == entry.items.count else { return false }
        for (offset, attributes) in placed.enumerated() {
            attributes.showsSeparator = section.items[entry.items.lowerBound + offset].showsSeparator
        }
        section.items.replaceSubrange(entry.items, with: placed)
        let newEnd = entry.start + (isVertical ? frame.height : frame.width)
        let delta = newEnd - entry.end
        section.groups[position].end = newEnd
        if delta != 0 {
            let oldEnd = entry.end
            for later in section.groups.indices where later > position {
                section.groups[later].start += delta
                section.groups[later].end += delta
                section.groups[later].frame = shifted(section.groups[later].frame, by: delta)
                for item in section.groups[later].items { shift(section.items[item], by: delta) }
            }
            for attributes in section.supplementary where mainStart(of: attributes.frame) >= oldEnd - 0.001 {
                shift(attributes, by: delta)
            }
            section.end += delta
            for attributes in section.decorations {
                if isVertical { attributes.frame.size.height += delta } else { attributes.frame.size.width += delta }
            }
            for later in sections.indices where later > index {
                shiftSection(later, by: delta)
            }
            for attributes in global where mainStart(of: attributes.frame) >= oldEnd - 0.001 { shift(attributes, by: delta) }
            if isVertical { contentSize.height += delta } else { contentSize.width += delta }
        }
        sections[index] = section
        return true
    }

    private func shiftSection(_ index: Int, by delta: CGFloat) {
        var section = sections[index]
        section.start += delta
        section.end += delta
        for attributes in section.items { shift(attributes, by: delta) }
        for attributes in section.supplementary { shift(attributes, by: delta) }
        for attributes in section.decorations { shift(attributes, by: delta) }
        for group in section.groups.indices {
            section.groups[group].start += delta
            section.groups[group].end += delta
            section.groups[group].frame = shifted(section.groups[group].frame, by: delta)
        }
        if var geometry = section.orthogonal {
            geometry.band = shifted(geometry.band, by: delta)
            section.orthogonal = geometry
            orthogonal[index] = geometry
        }
        sections[index] = section
    }

    private func mainStart(of frame: CGRect) -> CGFloat { isVertical ? frame.minY : frame.minX }

    private func shifted(_ frame: CGRect, by delta: CGFloat) -> CGRect {
        isVertical ? frame.offsetBy(dx: 0, dy: delta) : frame.offsetBy(dx: delta, dy: 0)
    }

    private func shift(_ attributes: UICollectionViewLayoutAttributes, by delta: CGFloat) {
        if isVertical { attributes.center.y += delta } else { attributes.center.x += delta }
    }

    // MARK: Invalidation

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        if newBounds.size != collectionView.bounds.size { return true }
        return sections.contains { !$0.pinned.isEmpty }
    }

    override func recordPreferredAttributes(_ preferred: UICollectionViewLayoutAttributes,
                                            original: UICollectionViewLayoutAttributes) -> Bool {
        if original.representedElementCategory == .cell {
            measuredItems[original.indexPath] = preferred.size
        } else if let kind = original.representedElementKind {
            measuredSupplementary[SupplementaryElement(kind: kind, indexPath: original.indexPath)] = preferred.size
        }
        original.isEstimated = false
        guard shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) else { return false }
        // A cell's new size: its group is laid out again and what follows
        // moves by the difference, without computing the rest again.
        if original.representedElementCategory == .cell, !needsPrepare, relayoutGroup(containing: original.indexPath) { return true }
        let context = UICollectionViewLayoutInvalidationContext()
        context.isSelfSizing = true
        invalidateLayout(with: context)
        return true
    }
}
