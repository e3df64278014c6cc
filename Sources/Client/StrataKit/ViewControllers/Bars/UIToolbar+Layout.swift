import Foundation

/// Toolbar layout: the items in a row between 16-point margins, 8 points
/// between two buttons; a fixed space takes its `width` (and no spacing of
/// its own), and the flexible spaces share what is left equally, so
/// `[flexibleSpace, item, flexibleSpace]` centers the item and
/// `[item, flexibleSpace, item]` pushes the two to the edges. Without
/// flexible space the items stay at the left.
extension UIToolbar {
    static let edgeMargin: CGFloat = 16
    static let itemSpacing: CGFloat = 8

    func rebuildItemViews() {
        contentIsStale = false
        for view in itemViews.compactMap({ $0 }) where view.superview === self { view.removeFromSuperview() }
        itemViews = (items ?? []).map { item in
            item.owningBar = self
            guard !item.isSpace else { return nil }
            let view = BarButtonItemView(item: item)
            addSubview(view)
            return view
        }
    }

    /// The frames of the items in the bar's bounds, nil for spaces.
    func itemFrames() -> [CGRect?] {
        let items = self.items ?? []
        let widths: [CGFloat] = zip(items, itemViews).map { item, view in
            if let view { return view.sizeThatFits(bounds.size).width }
            return item.systemItem == .fixedSpace ? max(0, item.width) : 0
        }
        var gaps: CGFloat = 0
        for index in items.indices.dropFirst() where !items[index].isSpace && !items[index - 1].isSpace {
            gaps += Self.itemSpacing
        }
        let content = bounds.width - 2 * Self.edgeMargin
        let flexibleCount = items.filter { $0.systemItem == .flexibleSpace }.count
        let leftover = content - widths.reduce(0, +) - gaps
        let flexibleWidth = flexibleCount > 0 ? max(0, leftover) / CGFloat(flexibleCount) : 0

        var x = Self.edgeMargin
        var frames: [CGRect?] = []
        for (index, item) in items.enumerated() {
            if index > 0, !item.isSpace, !items[index - 1].isSpace { x += Self.itemSpacing }
            if item.systemItem == .flexibleSpace {
                x += flexibleWidth
                frames.append(nil)
            } else if item.isSpace {
                x += widths[index]
                frames.append(nil)
            } else {
                let height = item.customView?.bounds.height ?? Self.defaultHeight
                frames.append(CGRect(x: x, y: (Self.defaultHeight - height) / 2, width: widths[index], height: height))
                x += widths[index]
            }
        }
        return frames
    }

    func layOutItems() {
        hairline.frame = CGRect(x: 0, y: -BarBackground.pixel(in: self), width: bounds.width, height: BarBackground.pixel(in: self))
        for (view, frame) in zip(itemViews, itemFrames()) {
            guard let view, let frame else { continue }
            view.frame = frame
        }
    }
}
