import Foundation

extension UICollectionView {
    /// Where `scrollToItem(at:at:animated:)` and selection put an item: at
    /// most one vertical and one horizontal position; an empty set scrolls
    /// as little as shows the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// Scrolls so the item shows at `scrollPosition` (within the content's
    /// range); animated, as one view animation of the bounds.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        prepareLayoutIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
            fatalError("attempt to scroll to invalid index path: \(indexPath)")
        }
        if let scroller = orthogonalScrollers[indexPath.section] ?? orthogonalScrollerIfNeeded(indexPath.section) {
            // The item scrolls into view inside its section, horizontally.
            let band = scroller.frame
            let local = frame.offsetBy(dx: -band.minX, dy: -band.minY)
            let x = Self.offset(for: local.minX, local.maxX, visible: scroller.bounds.width, current: scroller.contentOffset.x,
                                leading: scrollPosition.contains(.left), centered: scrollPosition.contains(.centeredHorizontally),
                                trailing: scrollPosition.contains(.right))
            let maxX = max(0, scroller.contentSize.width - scroller.bounds.width)
            scroller.setContentOffset(CGPoint(x: min(max(0, x), maxX), y: 0), animated: animated)
            scrollToShow(band, position: scrollPosition.intersection([.top, .centeredVertically, .bottom]), animated: animated)
            return
        }
        scrollToShow(frame, position: scrollPosition, animated: animated)
    }

    private func orthogonalScrollerIfNeeded(_ section: Int) -> OrthogonalScrollView? {
        guard collectionViewLayout.orthogonalSections[section] != nil else { return nil }
        layoutIfNeeded()
        return orthogonalScrollers[section]
    }

    func scrollToShow(_ frame: CGRect, position: ScrollPosition, animated: Bool) {
        let insets = adjustedContentInset
        let visible = bounds.inset(by: insets)
        var offset = contentOffset
        offset.x = Self.offset(for: frame.minX, frame.maxX, visible: visible.width, current: contentOffset.x + insets.left,
                               leading: position.contains(.left), centered: position.contains(.centeredHorizontally),
                               trailing: position.contains(.right)) - insets.left
        offset.y = Self.offset(for: frame.minY, frame.maxY, visible: visible.height, current: contentOffset.y + insets.top,
                               leading: position.contains(.top), centered: position.contains(.centeredVertically),
                               trailing: position.contains(.bottom)) - insets.top
        let target = clampedContentOffset(offset)
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    /// The offset of the visible area's start along one axis that puts
    /// [minEdge, maxEdge] at the asked position (or shows it with the least scroll).
    static func offset(for minEdge: CGFloat, _ maxEdge: CGFloat, visible: CGFloat, current: CGFloat,
                       leading: Bool, centered: Bool, trailing: Bool) -> CGFloat {
        if leading { return minEdge }
        if centered { return (minEdge + maxEdge) / 2 - visible / 2 }
        if trailing { return maxEdge - visible }
        if minEdge < current { return minEdge }
        if maxEdge > current + visible { return maxEdge - visible }
        return current
    }
}
