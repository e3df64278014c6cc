import Foundation

/// Layout margins: the space a view's content keeps from its edges.
extension UIView {
    var effectiveLayoutMargins: UIEdgeInsets {
        var margins = specifiedLayoutMargins
        guard preservesSuperviewLayoutMargins, let superview else { return margins }
        // The superview's margins, measured from this view's edges.
        let outer = superview.bounds.inset(by: superview.layoutMargins)
        let frame = self.frame
        margins.top = max(margins.top, outer.minY - frame.minY)
        margins.left = max(margins.left, outer.minX - frame.minX)
        margins.bottom = max(margins.bottom, frame.maxY - outer.maxY)
        margins.right = max(margins.right, frame.maxX - outer.maxX)
        return margins
    }

    func setSpecifiedLayoutMargins(_ margins: UIEdgeInsets) {
        guard margins != specifiedLayoutMargins else { return }
        specifiedLayoutMargins = margins
        layoutMarginsDidChange()
        viewController?.viewLayoutMarginsDidChange()
        setNeedsLayout()
    }

    /// The margins by leading and trailing edge (left-to-right here: leading is left).
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let margins = layoutMargins
            return NSDirectionalEdgeInsets(top: margins.top, leading: margins.left, bottom: margins.bottom, trailing: margins.right)
        }
        set {
            layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }
}

/// Insets by leading and trailing edge rather than left and right.
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public static let zero = NSDirectionalEdgeInsets()
}
