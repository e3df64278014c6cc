import Foundation

extension UIView {
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard view !== siblingSubview else { return }
        let others = subviews.filter { $0 !== view }
        let index = others.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? others.count
        insert(view, at: index)
    }

    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard view !== siblingSubview else { return }
        let others = subviews.filter { $0 !== view }
        let index = others.firstIndex { $0 === siblingSubview } ?? others.count
        insert(view, at: index)
    }

    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        reorder(view, to: subviews.count - 1)
    }

    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        reorder(view, to: 0)
    }

    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard index1 != index2, subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
        subviews.swapAt(index1, index2)
        let lower = min(index1, index2), upper = max(index1, index2)
        // Put the two layers where their views now are, relative to the neighbours.
        reorderLayer(of: subviews[lower])
        reorderLayer(of: subviews[upper])
    }

    /// Removes the view from its superview, with UIKit's notifications:
    /// superview willRemoveSubview, willMove(toSuperview: nil),
    /// willMove(toWindow: nil), didMoveToWindow, didMoveToSuperview.
    func removeFromSuperviewNotifying() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        removeConstraintsReachingOutside()
        parent.subviews.removeAll { $0 === self }
        superview = nil
        superviewDidChange()
        layer.removeFromSuperlayer()
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
        inheritedTintDidChange()
        parent.setNeedsLayout()
    }

    /// Whether the view is `view` or below it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let node = current {
            if node === view { return true }
            current = node.superview
        }
        return false
    }

    // MARK: Mechanics

    /// Adds or moves `view` to `index` of the subviews. A view from another
    /// superview is removed from it first (with its notifications); then, as
    /// UIKit orders them: willMove(toSuperview:), willMove(toWindow:) (when the
    /// window changes, down the moved subtree), the move, didMoveToWindow,
    /// didMoveToSuperview, and didAddSubview(_:) on the new superview.
    func insert(_ view: UIView, at index: Int) {
        precondition(!isDescendant(of: view), "a view cannot be added to itself or its descendants")
        if view.superview === self {
            reorder(view, to: min(max(index, 0), subviews.count - 1))
            return
        }
        let oldWindow = view.window
        let newWindow = window
        if let oldParent = view.superview {
            oldParent.willRemoveSubview(view)
        }
        view.willMove(toSuperview: self)
        let windowChanges = oldWindow !== newWindow
        if windowChanges { view.notifyWillMove(toWindow: newWindow) }
        if let oldParent = view.superview {
            view.removeConstraintsReachingOutside()
            oldParent.subviews.removeAll { $0 === view }
            oldParent.setNeedsLayout()
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.superviewDidChange()
        reorderLayer(of: view)
        if windowChanges { view.notifyDidMoveToWindow() }
        view.didMoveToSuperview()
        view.inheritedTintDidChange()
        didAddSubview(view)
        setNeedsLayout()
    }

    /// Moves a subview within `subviews`, no notifications (as UIKit).
    private func reorder(_ view: UIView, to index: Int) {
        subviews.removeAll { $0 === view }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        reorderLayer(of: view)
    }

    /// Places the subview's layer just below the layer of the next subview,
    /// or on top when it is the frontmost, so layers follow views.
    private func reorderLayer(of view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        if index + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[index + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    /// willMove(toWindow:) to the view, then its subviews, depth first.
    func notifyWillMove(toWindow newWindow: UIWindow?) {
        viewController?.rootViewWillMove(toWindow: newWindow)
        willMove(toWindow: newWindow)
        for subview in subviews { subview.notifyWillMove(toWindow: newWindow) }
    }

    /// didMoveToWindow to the view, then its subviews, depth first; the
    /// content scale follows the new window.
    func notifyDidMoveToWindow() {
        updateContentScaleForWindow()
        if window != nil { setNeedsUpdateConstraints() }
        didMoveToWindow()
        for subview in subviews { subview.notifyDidMoveToWindow() }
        // A mask view is in no window; it draws at the scale of the one its view moved to.
        mask?.windowScreenScaleDidChange()
        viewController?.rootViewDidMoveToWindow()
    }
}
