import Foundation

/// UIKit's tint: "The first nondefault tint color value in the view's
/// hierarchy, ascending from and starting with the view itself", and the
/// system's blue when no view sets one. Views that draw with the tint
/// (the system button's title, a slider's track) redraw in
/// `tintColorDidChange()`.
extension UIView {
    var resolvedTintColor: UIColor {
        var view: UIView? = self
        while let current = view {
            if let tint = current.explicitTintColor { return tint }
            view = current.superview
        }
        return .systemBlue
    }

    func setTintColor(_ color: UIColor?) {
        let before = resolvedTintColor
        explicitTintColor = color
        if resolvedTintColor != before { notifyTintColorDidChange() }
    }

    /// After a move: the inherited tint may be another one.
    func inheritedTintDidChange() {
        if explicitTintColor == nil { notifyTintColorDidChange() }
    }

    /// Tells this view and every descendant that inherits its tint.
    private func notifyTintColorDidChange() {
        tintColorDidChange()
        for subview in subviews where subview.explicitTintColor == nil {
            subview.notifyTintColorDidChange()
        }
    }
}
