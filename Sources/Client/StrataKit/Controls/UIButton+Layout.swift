import Foundation

/// The image and the title side by side, centered in the content rect (the
/// bounds less `contentEdgeInsets`); the background image fills the bounds.
/// The fitting size is the content's plus the insets.
extension UIButton {
    /// UIKit's system button is 30 points tall with its 15-point title:
    /// 6 points above and below the title when no content insets are set.
    static let systemTitlePadding: CGFloat = 6

    func layoutContent() {
        backgroundImageView?.frame = backgroundRect(forBounds: bounds)
        let content = contentRect(forBounds: bounds)
        titleLabelStorage?.frame = titleRect(forContentRect: content)
        imageViewStorage?.frame = imageRect(forContentRect: content)
    }

    func fittingSize() -> CGSize {
        let image = imageSize, title = titleSize
        var size = CGSize(width: image.width + title.width, height: max(image.height, title.height))
        if buttonType == .system, title.height > 0, contentEdgeInsets == .zero {
            size.height = max(size.height, title.height + 2 * UIButton.systemTitlePadding)
        }
        size.width += contentEdgeInsets.left + contentEdgeInsets.right
        size.height += contentEdgeInsets.top + contentEdgeInsets.bottom
        return size
    }

    /// The image's and the title's rects in `contentRect`: the image keeps
    /// its size, the title gets the width left (and truncates in it).
    func contentLayout(in contentRect: CGRect) -> (image: CGRect, title: CGRect) {
        let image = imageSize
        var title = titleSize
        title.width = max(0, min(title.width, contentRect.width - image.width))
        let left = contentRect.minX + ((contentRect.width - image.width - title.width) / 2).rounded()
        func centeredVertically(_ size: CGSize, x: CGFloat) -> CGRect {
            CGRect(x: x, y: contentRect.minY + ((contentRect.height - size.height) / 2).rounded(),
                   width: size.width, height: size.height)
        }
        return (centeredVertically(image, x: left), centeredVertically(title, x: left + image.width))
    }

    private var imageSize: CGSize { currentImage?.size ?? .zero }

    private var titleSize: CGSize {
        guard let label = titleLabelStorage, !label.isHidden else { return .zero }
        return label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }
}
