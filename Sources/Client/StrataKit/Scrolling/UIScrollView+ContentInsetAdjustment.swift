import Foundation

/// adjustedContentInset: contentInset plus the part of the safe area that
/// `contentInsetAdjustmentBehavior` adds, so content can lie under bars yet
/// scroll out from under them. When it changes the delegate hears of it;
/// when the safe area changed it, content resting at its old top (or left)
/// edge moves to the new one, as UIKit keeps a list's first row below a
/// navigation bar (a new contentInset moves nothing: apps set the offset).
extension UIScrollView {
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As scrollableAxes; and vertically always for the view of a
        /// controller in a navigation or tab bar controller.
        case automatic
        /// The safe area along the axes the content scrolls.
        case scrollableAxes
        case never
        /// The whole safe area.
        case always
    }

    var computedAdjustedContentInset: UIEdgeInsets {
        var vertical = false, horizontal = false
        switch contentInsetAdjustmentBehavior {
        case .never:
            break
        case .always:
            (vertical, horizontal) = (true, true)
        case .scrollableAxes, .automatic:
            // Whether it scrolls, without the safe area (which would depend on itself).
            vertical = contentSize.height + contentInset.top + contentInset.bottom > bounds.height || alwaysBounceVertical
            horizontal = contentSize.width + contentInset.left + contentInset.right > bounds.width || alwaysBounceHorizontal
            if contentInsetAdjustmentBehavior == .automatic, let controller = viewController,
               controller.navigationController != nil || controller.tabBarController != nil {
                vertical = true
            }
        }
        let safe = safeAreaInsets
        var insets = contentInset
        if vertical {
            insets.top += safe.top
            insets.bottom += safe.bottom
        }
        if horizontal {
            insets.left += safe.left
            insets.right += safe.right
        }
        // A refreshing refresh control keeps the content below it.
        insets.top += refreshInset
        return insets
    }

    /// Something it derives from changed: tell, and with `keepingEdges`
    /// keep content resting at its top or left edge there.
    func refreshAdjustedContentInset(keepingEdges: Bool = false) {
        let old = reportedAdjustedContentInset
        let new = adjustedContentInset
        guard new != old else { return }
        reportedAdjustedContentInset = new
        guard keepingEdges else { return adjustedContentInsetDidChange() }
        var offset = contentOffset
        if offset.y == -old.top { offset.y = -new.top }
        if offset.x == -old.left { offset.x = -new.left }
        if offset != contentOffset, drag == nil, deceleration == nil { contentOffset = offset }
        adjustedContentInsetDidChange()
    }
}
