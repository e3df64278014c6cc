import Foundation

/// The segments: a title or an image each ("a segment can only have an
/// image or a title; it can't have both"), enabled or not, and a width (0:
/// worked out by the control). Index rules, from UIKit's documentation:
/// an insertion index "must be a number between 0 and the number of
/// segments"; "values exceeding this upper range are pinned to it"; a
/// removal index beyond the last segment is pinned to the last; getters and
/// setters for a segment out of range return nil/0/false or do nothing.
/// The selection follows its segment when others are inserted or removed
/// before it, and is cleared when its own segment is removed.
extension UISegmentedControl {
    struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        var width: CGFloat = 0
    }

    public func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    public func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    public func removeSegment(at segment: Int, animated: Bool) {
        guard !segments.isEmpty else { return }
        let index = min(max(segment, 0), segments.count - 1)
        segments.remove(at: index)
        if selectedIndex == index {
            selectedIndex = UISegmentedControl.noSegment
        } else if selectedIndex > index {
            selectedIndex -= 1
        }
        segmentsChanged()
    }

    public func removeAllSegments() {
        segments.removeAll()
        selectedIndex = UISegmentedControl.noSegment
        segmentsChanged()
    }

    /// Sets the title and removes an image the segment had.
    public func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        segmentsChanged()
    }

    public func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets the image and removes a title the segment had.
    public func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        segmentsChanged()
    }

    public func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// A disabled segment is dimmed and a tap on it selects nothing.
    public func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        updateContentAppearance()
    }

    public func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// UIKit: "The default value is {0.0}, which tells UISegmentedControl to
    /// automatically size the segment." A negative width is taken as 0.
    public func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = max(width, 0)
        setNeedsLayout()
    }

    public func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    private func insert(_ newSegment: Segment, at segment: Int) {
        let index = min(max(segment, 0), segments.count)
        segments.insert(newSegment, at: index)
        if selectedIndex >= index { selectedIndex += 1 }
        segmentsChanged()
    }

    private func segmentsChanged() {
        rebuildContent()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}
