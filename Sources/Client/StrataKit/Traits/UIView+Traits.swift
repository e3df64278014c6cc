import Foundation

/// Traits on views: a view's come from its window and the nearest
/// appearance override above it, and a change is reported in the layout
/// pass, where dynamic colors are resolved again.
extension UIView: UITraitEnvironment {
    var resolvedTraitCollection: UITraitCollection {
        let base = window?.windowTraitCollection ?? UITraitCollection.application
        var style = UIUserInterfaceStyle.unspecified
        var view: UIView? = self
        while let current = view, style == .unspecified {
            style = current.overrideUserInterfaceStyle
            if style == .unspecified, let controller = current.viewController { style = controller.overrideUserInterfaceStyle }
            view = current.superview
        }
        guard style != .unspecified, style != base.userInterfaceStyle else { return base }
        return UITraitCollection(traitsFrom: [base, UITraitCollection(userInterfaceStyle: style)])
    }

    /// In the layout pass: traits that changed since last reported are
    /// reported to the view and its controller, its colors resolved again,
    /// and its subviews, whose traits derive from it, laid out.
    func refreshTraitCollection(_ traits: UITraitCollection) {
        let previous = reportedTraitCollection ?? UITraitCollection.application
        reportedTraitCollection = traits
        guard traits != previous else { return }
        if traits.hasDifferentColorAppearance(comparedTo: previous) {
            layer.backgroundColor = backgroundColor?.cgColor
            if layer.drawsContent { setNeedsDisplay() }
            tintColorDidChange()
        }
        traitCollectionDidChange(previous)
        viewController?.traitCollectionDidChange(previous)
        for subview in subviews { subview.setNeedsLayout() }
    }

    /// An override changed: this view and those under it are laid out again.
    func traitsMayHaveChanged() {
        setNeedsLayout()
    }
}

extension UIWindow {
    /// The window's own traits: the screen's scale, size classes from the
    /// window's size, the user's appearance.
    var windowTraitCollection: UITraitCollection {
        let (horizontal, vertical) = UITraitCollection.sizeClasses(for: bounds.size)
        return UITraitCollection(style: UIScreen.userAppearance, scale: screenScale, horizontal: horizontal,
                                 vertical: vertical, idiom: .pad, direction: .leftToRight)
    }

    /// The screen the window is shown on.
    public var screen: UIScreen { UIScreen.main }
}
extension UIViewController: UITraitEnvironment {}
