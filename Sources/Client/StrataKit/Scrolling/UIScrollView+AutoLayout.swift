import Foundation

/// Auto Layout in a scroll view, as UIKit has it since iOS 11: constraints
/// to `contentLayoutGuide` size and place the content (and set
/// `contentSize`); constraints to `frameLayoutGuide` follow the scroll
/// view's own frame, so views pinned to it do not scroll.
extension UIScrollView {
    /// The content area: its origin is the content's, and the size
    /// constraints give it becomes `contentSize`.
    public var contentLayoutGuide: UILayoutGuide {
        ownedGuide(.scrollContent, "UIScrollView-contentLayoutGuide", \.scrollContent)
    }

    /// The scroll view's frame, unmoved by scrolling.
    public var frameLayoutGuide: UILayoutGuide {
        ownedGuide(.scrollFrame, "UIScrollView-frameLayoutGuide", \.scrollFrame)
    }

    /// After the engine placed the subviews: a content guide that
    /// constraints size sets `contentSize`.
    func adoptContentSizeFromConstraints() {
        guard let item = ownedGuides.scrollContent?.layoutItem, item.participates else { return }
        let size = LayoutEngine.shared.frame(of: item).size
        let aligned = CGSize(width: max(0, size.width.rounded()), height: max(0, size.height.rounded()))
        if aligned != contentSize { contentSize = aligned }
    }
}
